"""The hand-value lines of a case (`evaluate`, `compare`), asked of whatever can answer.

Each line is asked as written, then again with the cards in other orders (all of them for
up to four cards, 23 spread over the 120 of five: `values.other_orders`); each answer
is checked for being a possible one before it is compared (`values.problem`). An
implementation without `compare` has compare lines decided from its `evaluate` answers; one
without `evaluate` has each evaluate line checked as a tie with a hand of exactly that value.
The first difference calls `diverge`, which the runner turns into the case's failure.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from badugi_spec.rankings import ranking
from badugi_spec.scenario import ranked_values, values
from badugi_spec.scenario.engine_impl import Implementation

Diverge = Callable[[dict[str, Any], str, str], NoReturn]


class CannotAsk(Exception):
    """The line cannot be put to this implementation: it is skipped, with the reason."""


@dataclass(frozen=True, slots=True)
class Reader:
    """How one line's answers are read: as house values, or in the line's ranking (R9.1)."""

    ranking: str | None
    problem: Callable[[Sequence[str], object], str | None]
    same: Callable[[dict[str, Any], object], bool]
    strength: Callable[[dict[str, Any]], int]
    text: Callable[[object], str]
    reference: Callable[[dict[str, Any], Sequence[str]], list[str] | None]


HOUSE_READER = Reader(
    ranking=None,
    problem=values.problem,
    same=values.same_value,
    strength=values.strength,
    text=values.value_text,
    reference=lambda want, avoid: values.reference_hand(want, avoid=avoid, count=len(avoid)),
)


def reader(step: dict[str, Any]) -> Reader:
    name = step.get("ranking")
    if name is None:
        return HOUSE_READER
    chosen = ranking(name)

    def strength(value: dict[str, Any]) -> int:
        read = ranked_values.read(chosen, value)
        assert isinstance(read, int), "strength() of a value that was not checked"
        return read

    return Reader(
        ranking=name,
        problem=lambda cards, got: ranked_values.problem(chosen, cards, got),
        same=lambda want, got: ranked_values.read(chosen, got) == strength(want),
        strength=strength,
        text=lambda got: ranked_values.text(chosen, got),
        reference=lambda want, avoid: ranked_values.reference_hand(chosen, want, avoid=avoid),
    )


class ValueLines:
    def __init__(
        self,
        impl: Implementation,
        *,
        can: frozenset[str],
        checks: Counter[str],
        notes: list[str],
        diverge: Diverge,
        every_order: bool = True,
    ) -> None:
        self.impl = impl
        self.every_order = every_order
        """Ask each line again in other orders of its cards (`verify`); `fuzz`, whose
        lines come in random orders already, asks each once."""
        self.can = can
        self.checks = checks
        """Counts by kind, shared with the case's result (`runner.CHECK_KINDS`)."""
        self.notes = notes
        self.diverge = diverge

    def _asked_in(self, step: dict[str, Any]) -> str | None:
        """The ranking to name in the request: none for a house line, and none for a
        `badugi` line to an implementation that declares no rankings, whose house values
        are the same (R9.2); the runner gives it only hands of up to four cards."""
        name: str | None = step.get("ranking")
        if name == "badugi" and getattr(self.impl, "rankings", None) is None:
            return None
        return name

    def _others(self, cards: Sequence[str]) -> Iterator[tuple[str, ...]]:
        return values.other_orders(cards) if self.every_order else iter(())

    def _note(self, note: str) -> None:
        if note not in self.notes:
            self.notes.append(note)

    def evaluate_line(self, step: dict[str, Any]) -> None:
        cards, want = step["cards"], step["value"]
        read = reader(step)
        if "evaluate" in self.can:
            got = self._value(step, cards, want=want)
            self.checks["evaluate"] += 1
            if not read.same(want, got):
                self.diverge(step, read.text(want), _shown(read, want, got))
            self._same_in_every_order(
                step, cards, got, want, "evaluate-orders", f"{read.text(want)} in every order"
            )
        elif "compare" in self.can:
            # No evaluate: the line still says something a compare can check, that the
            # hand ties a hand made to have exactly the expected value.
            self._note("evaluate lines checked by compare against a hand of that value")
            reference = read.reference(want, cards)
            if reference is None:
                raise CannotAsk(f"no hand of {read.text(want)} shares no card with it")
            like = f"a tie with {' '.join(reference)}, a hand of {read.text(want)}"
            for number, order in enumerate(itertools.chain([tuple(cards)], self._others(cards))):
                tie = sorted(self._winners(step, [list(order), reference]))
                self.checks["evaluate-orders" if number else "evaluate-by-compare"] += 1
                if tie != [0, 1]:
                    where = "" if not number else f" with the cards as {' '.join(order)}"
                    self.diverge(step, like, f"{_verdict(tie)}{where}")
        else:  # pragma: no cover - the runner asks only an implementation that can answer
            raise AssertionError("neither evaluate nor compare")

    def compare_line(self, step: dict[str, Any]) -> None:
        hands = step["hands"]
        want = [0, 1] if step["winner"] == "tie" else [0]
        if "compare" in self.can:
            got = sorted(self._winners(step, hands))
            self.checks["compare"] += 1
            if got != want:
                self.diverge(step, _verdict(want), _verdict(got))
            self._compare_orders(step, hands, want)
        elif "evaluate" in self.can:
            self._note("compare lines decided from the evaluate values (no compare)")
            read = reader(step)
            first, second = (self._invariant_value(step, hand) for hand in hands)
            self.checks["compare-by-evaluate"] += 1
            a, b = read.strength(first), read.strength(second)
            got = [0, 1] if a == b else [0] if a > b else [1]
            if got != want:
                self.diverge(
                    step,
                    _verdict(want),
                    f"{_verdict(got)} by the evaluate answers:"
                    f" {read.text(first)} against {read.text(second)}",
                )
        else:  # pragma: no cover - the runner asks only an implementation that can answer
            raise AssertionError("neither compare nor evaluate")

    def _compare_orders(
        self,
        step: dict[str, Any],
        hands: list[list[str]],
        want: list[int],
    ) -> None:
        """The same compare with the cards of each hand in other orders, then the hands
        the other way round: the verdict must not move."""
        first, second = (list(self._others(hand)) for hand in hands)
        # Each hand's every other order appears once, paired with a different one of the
        # other hand's, so 23 requests cover both hands' 24 orders.
        pairs = itertools.zip_longest(first, reversed(second))
        for a, b in pairs:
            order = [list(a or hands[0]), list(b or hands[1])]
            got = sorted(self._winners(step, order))
            self.checks["compare-orders"] += 1
            if got != want:
                self.diverge(
                    step,
                    f"{_verdict(want)} in every order of the cards",
                    f"{_verdict(got)} for {' '.join(order[0])} against {' '.join(order[1])},"
                    f" but {_verdict(want)} for {' '.join(hands[0])} against {' '.join(hands[1])}",
                )
        swapped = self._winners(step, [hands[1], hands[0]])
        self.checks["compare-orders"] += 1
        mirrored = sorted(1 - w for w in swapped)
        if mirrored != want:
            self.diverge(
                step,
                f"{_verdict(want)} whichever hand is asked first",
                f"{_verdict(mirrored)} when the second hand is asked first",
            )

    def _value(
        self,
        step: dict[str, Any],
        cards: tuple[str, ...] | list[str],
        *,
        want: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """An evaluate answer that is a possible value of `cards`; otherwise a failure."""
        read = reader(step)
        name = self._asked_in(step)
        if name is None:
            got = self.impl.evaluate(list(cards))
        else:
            got = self.impl.evaluate(list(cards), ranking=name)
        self.checks["shapes"] += 1
        problem = read.problem(cards, got)
        if problem is not None:
            self.diverge(
                step,
                read.text(want) if want else f"a value of {' '.join(cards)}",
                f"an impossible answer for {' '.join(cards)}: {problem}"
                f" (answer: {values.raw(got)})",
            )
        return got

    def _invariant_value(
        self,
        step: dict[str, Any],
        hand: list[str],
    ) -> dict[str, Any]:
        """A hand's evaluate answer, the same in every order of its cards."""
        got = self._value(step, hand)
        self._same_in_every_order(
            step, hand, got, None, "compare-orders", f"one value of {' '.join(hand)} in every order"
        )
        return got

    def _same_in_every_order(
        self,
        step: dict[str, Any],
        cards: list[str],
        got: dict[str, Any],
        want: dict[str, Any] | None,
        check: str,
        expected: str,
    ) -> None:
        """Ask again in every other order of `cards`: each answer must be `want`, or, with
        nothing stated, `got`, the first answer (a value never depends on card order)."""
        read = reader(step)
        for order in self._others(cards):
            again = self._value(step, order, want=want)
            self.checks[check] += 1
            if not read.same(got if want is None else want, again):
                self.diverge(
                    step,
                    f"{expected} of the cards",
                    f"{read.text(again)} for {' '.join(order)},"
                    f" but {read.text(got)} for {' '.join(cards)}",
                )

    def _winners(
        self,
        step: dict[str, Any],
        hands: list[list[str]],
    ) -> list[int]:
        asked = [list(hand) for hand in hands]
        name = self._asked_in(step)
        got: object = (
            self.impl.compare(asked) if name is None else self.impl.compare(asked, ranking=name)
        )
        self.checks["shapes"] += 1
        problem = values.winners_problem(got, len(hands))
        if problem is not None:
            self.diverge(
                step, "the positions of the winning hands", f"an impossible answer: {problem}"
            )
        assert isinstance(got, list)
        return got


def _shown(read: Reader, want: dict[str, Any], got: object) -> str:
    text = read.text(got)
    if text == read.text(want):
        text += f" (answer: {values.raw(got)})"
    return text


def _verdict(winners: list[int]) -> str:
    return (
        "a tie" if len(winners) > 1 else f"hand {winners[0] + 1} wins" if winners else "no winner"
    )
