"""Shrinking a finding to its scenario: a divergence, an error, or our own engine's.

Each kind is shrunk by editing the trial's stream of choices (`shrink.Shrinker`) and
keeping a candidate only when it still shows the same thing: the same divergence against
the implementation (the same kind, or the same difference, `finding.signature`), the same
class of error (`finding.error_class`), or the same broken property of our own engine.
A divergence's candidate must also make a file no longer than the best so far: a lowered
choice that keeps the divergence but plays more lines is no simpler to read. Its shrink
first tries the edits that know the trial's shape: its probes dropped (`probes`), its
earlier hands folded or left out (`fold_hands`), fewer seats or hands (`aligned`).

Before a new divergence is shrunk in full, it is shrunk a little (`QUICK` candidates):
one that then differs just as a known finding does is that finding again, and is dropped
there. A shrink stops at its budget, at its `deadline` (`fuzz --seconds`: the campaign's
share for shrinking) or once the trial is already small (`SMALL` statements).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, Final

from badugi_spec.fuzz.aligned import reshaped
from badugi_spec.fuzz.choices import Choices
from badugi_spec.fuzz.cut import from_hand
from badugi_spec.fuzz.finding import Finding, Key, engine_head, error_class, head, signature
from badugi_spec.fuzz.fold_hands import folded, spans
from badugi_spec.fuzz.game import play
from badugi_spec.fuzz.label import key_of, statement_at
from badugi_spec.fuzz.probes import unprobed
from badugi_spec.fuzz.shrink import Shrinker
from badugi_spec.fuzz.trial import CHECKS, FuzzError, Trial
from badugi_spec.scenario.engine_impl import EngineImplementation, Implementation
from badugi_spec.scenario.runner import CaseResult, Divergence

SIBLINGS: Final = 40
"""Trials of the simplest shape a shrink tries before it edits the stream."""
QUICK: Final = 30
"""Candidates of the first, quick shrink of a new divergence."""
CUT_RUNS: Final = 12
"""Runs at least (within `--budget`) of the search for where an erroring trial can end."""
_LIVE_TABLE: Final = " sits out"
"""A line of the live table (chapter R19): a trial with one has several hands."""
SMALL: Final = 6
"""Statements up to the divergence at which a shrunk trial is small enough."""

Against = Callable[[Implementation, str, str], CaseResult]
Replay = Callable[[int, list[int]], Trial]
Broken = Callable[[Trial], list[Any]]


class Reducer:
    def __init__(
        self,
        impl: Implementation,
        *,
        seed: int,
        budget: int,
        implementation: str,
        against: Against,
        replay: Replay,
        deadline: Callable[[], float | None],
        setting: Any = None,
    ) -> None:
        self.impl, self.seed, self.budget = impl, seed, budget
        self.implementation = implementation
        self.against, self.replay, self.deadline = against, replay, deadline
        self.setting = setting

    # ----- a divergence --------------------------------------------------------------

    def divergence(
        self,
        number: int,
        trial: Trial,
        stream: list[int],
        key: Key,
        seen: Divergence,
        *,
        variant: str = "",
        known: Callable[[str], bool] = lambda mark: False,
    ) -> Finding | None:
        """The shrunk finding, or None when a quick shrink shows a known one."""
        text = trial.text()
        wanted = signature(key[1], seen.expected, seen.actual)
        _, where = trial.render()
        index = statement_at(trial, where, seen)
        best: dict[str, Any] = {"trial": trial, "index": index, "lines": _lines(trial, index)}

        def accepts(tried: Trial, shrinker: Shrinker | None = None) -> bool:
            # Only as far as a file no longer than the best: a divergence after that
            # would not be kept, and a long session plays on, on zeros, after its own.
            rendered, where = tried.render(upto=_within(tried, best["lines"]))
            result = self.against(self.impl, rendered, variant)
            d = result.divergence
            if result.status != "failed" or d is None:
                return False
            found, _ = key_of(tried, where, d, variant)
            same = (
                found[1] == key[1] and wanted and signature(key[1], d.expected, d.actual) == wanted
            )
            if found != key and not same:
                return False
            index = statement_at(tried, where, d)
            lines = _lines(tried, index)
            if lines > best.get("lines", lines):
                return False  # the same divergence, but a longer file: not smaller
            best["trial"], best["index"], best["lines"] = tried, index, lines
            best["divergence"] = d
            if shrinker is not None and best["index"] < SMALL:
                shrinker.enough = True
            return True

        replayed = _Replays(lambda stream: self.replay(number, stream))

        def test(shrinker: Shrinker) -> Callable[[list[int]], bool]:
            def diverges(candidate: list[int]) -> bool:
                try:
                    return accepts(replayed(candidate), shrinker)
                except FuzzError:
                    return False

            return diverges

        first = best["index"]
        # A trial of several hands with players sitting out (R19): its divergence is in a
        # later hand, after the return, so its earlier hands are folded round or left out
        # whole (`fold_hands`); it has no sibling of one hand that diverges alike. Other
        # trials shrink as before: a folded hand wins no pot, and a kill needs one (R19.4).
        lines = [*trial.first_posts, *(s.text for s in trial.statements if s.kind == "hand")]
        seated = any(_LIVE_TABLE in line for line in lines)

        def edits(stream: list[int]) -> Iterator[list[int]]:
            # The probes of the best so far first (`probes`), then its earlier hands.
            trial: Trial = best["trial"]
            yield from unprobed(stream, trial, best["index"])
            hand = trial.statements[best["index"]].hand
            if hand > 1:
                yield from folded(stream, replayed, hand)
            if self.setting is None or not trial.names or not trial.statements:
                return  # hand values: no shape to change
            earlier = spans(trial, hand)
            hands = (earlier[1][0], earlier[hand - 1][1]) if hand > 1 and earlier else (0, 0)
            yield from reshaped(
                stream, self._playing(number), shape=trial.statements[0].drawn, hands=hands
            )

        quick = Shrinker(
            stream,
            lambda c: False,
            budget=min(QUICK, self.budget),
            deadline=self.deadline(),
            edits=edits,
            shape=trial.statements[0].drawn if trial.statements else 0,
        )
        quick._test = test(quick)
        quick.run(cut=trial.statements[first].drawn)
        d = best.get("divergence", seen)
        if known(signature(key[1], d.expected, d.actual)):
            return None
        shrinker = Shrinker(
            quick.best,
            lambda c: False,
            budget=max(0, self.budget - quick.tried),
            deadline=self.deadline(),
            edits=edits,
            shape=trial.statements[0].drawn if trial.statements else 0,
        )
        shrinker._test = test(shrinker)
        shrinker.run(siblings=() if seated else self._siblings(number, quick.best))
        self._cut(best, accepts, variant)
        finding = self._written(number, best["trial"], best["index"], key, variant)
        finding.original_lines = text.count("\n")
        finding.tried = quick.tried + shrinker.tried
        return finding

    def _cut(self, best: dict[str, Any], accepts: Callable[[Trial], bool], variant: str) -> None:
        """The shrunk trial cut to start at the hand it diverges in, if that still diverges
        the same way and our engine passes it (`cut`)."""
        trial: Trial = best["trial"]
        index: int = best["index"]
        cut = from_hand(trial, trial.statements[index].hand)
        if cut is None or not accepts(cut):
            return
        ours = self.against(EngineImplementation(), cut.text(upto=best["index"]), "")
        if ours.status != "passed":
            best["trial"], best["index"] = trial, index  # the cut reads a history it lacks

    def _playing(self, number: int) -> Callable[[Choices], Trial]:
        """Trial `number` played from the choices given (`aligned`)."""

        def played(choices: Choices) -> Trial:
            return play(choices, self.setting, seed=self.seed, number=number)

        return played

    def _siblings(self, number: int, stream: list[int]) -> Iterator[list[int]]:
        """Other trials like `number` in its profile and kind of session but of the fewest
        seats; each the stream of a trial drawn from a seed of its own."""
        if self.setting is None or len(stream) < 6:
            return
        for index in range(SIBLINGS):
            seats = 0 if index < SIBLINGS // 2 else 1 if index < 3 * SIBLINGS // 4 else 2
            rng = random.Random(f"badugi-fuzz-sibling:{self.seed}:{number}:{index}")
            choices = Choices(rng, [stream[0], seats, *stream[2:6]])
            try:
                play(choices, self.setting, seed=self.seed, number=number)
            except FuzzError:
                continue
            yield choices.record

    def _written(self, number: int, trial: Trial, index: int, key: Key, variant: str) -> Finding:
        """The shrunk trial as the file to write: cut after the divergent statement and
        keeping only that check, if that still diverges the same way (else all checks)."""
        for keep in ({index}, None):
            kwargs: dict[str, Any] = dict(seed=self.seed, number=number, key=key)
            top = head(**kwargs, implementation=self.implementation, d=None, variant=variant)
            text = trial.text(upto=index, keep=keep, head=top, rule=key[0])
            result = self.against(self.impl, text, variant)
            if result.status == "failed" and result.divergence is not None:
                top = head(
                    **kwargs,
                    implementation=self.implementation,
                    d=result.divergence,
                    variant=variant,
                )
                text = trial.text(upto=index, keep=keep, head=top, rule=key[0])
                if self.against(EngineImplementation(), text, "").status != "passed":
                    continue  # never write a scenario our own engine fails
                found = Finding(key, self.seed, number, text, result.divergence)
                found.verified = True
                return found
        text = trial.text()
        return Finding(
            key, self.seed, number, text, self.against(self.impl, text, variant).divergence
        )

    # ----- an error ------------------------------------------------------------------

    def error(self, number: int, trial: Trial, stream: list[int], message: str) -> Finding:
        """The smallest trial that still breaks the implementation the same way, written
        with the error in its comment; `verify` on it errors the same way."""
        wanted = error_class(message)
        best: dict[str, Any] = {"trial": trial, "message": message}

        def errors(tried: Trial) -> bool:
            result = self.against(self.impl, tried.text(), "")
            if result.status != "errored" or error_class(result.message) != wanted:
                return False
            best["trial"], best["message"] = tried, result.message
            return True

        def candidate(stream: list[int]) -> bool:
            try:
                return errors(self.replay(number, stream))
            except FuzzError:
                return False

        shrinker = Shrinker(stream, candidate, budget=self.budget, deadline=self.deadline())
        shrinker.run()
        final: Trial = best["trial"]
        key: Key = ("", f"errored: {wanted}")
        # The cut has a share of its own: a smaller stream can make a longer trial.
        share = max(self.budget - shrinker.tried, min(CUT_RUNS, self.budget))
        upto = self._shortest_erroring(final, wanted, share)
        kwargs: dict[str, Any] = dict(seed=self.seed, number=number, key=key)
        top = head(**kwargs, implementation=self.implementation, d=None, error=best["message"])
        text = final.text(upto=upto, head=top)
        result = self.against(self.impl, text, "")
        finding = Finding(key, self.seed, number, text, None, "errored", best["message"])
        finding.original_lines = trial.text().count("\n")
        finding.tried = shrinker.tried
        ours = self.against(EngineImplementation(), text, "")
        finding.verified = result.status == "errored" and ours.status == "passed"
        return finding

    def _shortest_erroring(self, trial: Trial, wanted: str, budget: int) -> int | None:
        """The fewest statements after which the trial still errors the same way (a
        binary search within what is left of the budget), or None for the whole trial."""
        runs = [0]

        def errs(upto: int) -> bool:
            runs[0] += 1
            result = self.against(self.impl, trial.text(upto=upto), "")
            return result.status == "errored" and error_class(result.message) == wanted

        low, high = -1, len(trial.statements) - 1
        if high < 1 or budget < 2 or not errs(high):
            return None
        while high - low > 1 and runs[0] < budget:
            middle = (low + high) // 2
            if middle >= 0 and errs(middle):
                high = middle
            else:
                low = middle
        return high

    # ----- our own engine ------------------------------------------------------------

    def engine(
        self, number: int, trial: Trial, stream: list[int], key: Key, message: str, broken: Broken
    ) -> Finding:
        """The smallest trial in which our engine still breaks the same property."""
        best: dict[str, Any] = {"trial": trial, "message": message}

        def breaks(candidate: list[int]) -> bool:
            tried: Trial | None
            try:
                tried = self.replay(number, candidate)
            except FuzzError as error:
                found = list(getattr(error, "broken", []))
                tried = getattr(error, "trial", None)
            else:
                found = broken(tried)
            hit = [b for b in found if (b.rule, b.name) == key]
            if not hit or tried is None:
                return False
            best["trial"], best["message"] = tried, str(hit[0])
            return True

        shrinker = Shrinker(stream, breaks, budget=self.budget, deadline=self.deadline())
        shrinker.run()
        final: Trial = best["trial"]
        top = engine_head(seed=self.seed, number=number, key=key, message=best["message"])
        text = final.text(head=top, rule=key[0])
        finding = Finding(key, self.seed, number, text, None, "engine", best["message"])
        finding.original_lines = trial.text().count("\n")
        finding.tried = shrinker.tried
        finding.verified = True
        return finding


class _Replays:
    """A trial replayed from its stream, the last `KEPT` kept: the edits of one best
    replay it and its hands again and again, and a session of thirteen hands is costly."""

    KEPT: Final = 64

    def __init__(self, replay: Callable[[list[int]], Trial]) -> None:
        self._replay = replay
        self._kept: dict[tuple[int, ...], Trial] = {}

    def __call__(self, stream: list[int]) -> Trial:
        key = tuple(stream)
        trial = self._kept.get(key)
        if trial is None:
            trial = self._replay(stream)
            if len(self._kept) >= self.KEPT:
                self._kept.clear()
            self._kept[key] = trial
        return trial


def _within(trial: Trial, most: int) -> int | None:
    """The last statement of `trial` that a file of at most `most` lines can reach (and
    the checks right after it), or None for the whole trial."""
    _, where = trial.render(keep=set())
    last = -1
    for line, held in where.items():
        if line <= most:
            last = max(last, *held)
    statements = trial.statements
    if last < 0 or all(i <= last or s.kind in CHECKS for i, s in enumerate(statements)):
        return None
    while last + 1 < len(statements) and statements[last + 1].kind in CHECKS:
        last += 1
    return last


def _lines(trial: Trial, index: int) -> int:
    """The lines of `trial` written cut after statement `index`, keeping that check."""
    return trial.text(upto=index, keep={index}).count("\n")


__all__ = ["QUICK", "SMALL", "Reducer"]
