"""`MutantImplementation`: a mutant behind the runner's interface, in-process, as our
`EngineImplementation` is, with the mutant's hand, session, profile reading and values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from badugi_spec.cards import cards_of
from badugi_spec.engine import Session
from badugi_spec.rankings import Ranking
from badugi_spec.rankings.house import evaluate
from badugi_spec.scenario.engine_impl import (
    EngineImplementation,
    Outcome,
    RequestError,
    state_of,
)
from badugi_spec.scenario.runner import ImplementationError

if TYPE_CHECKING:
    # Only for the annotations: the catalogue imports this module to serve a mutant, and
    # `python -m badugi_spec.mutants.catalogue` must not load the catalogue a second time.
    from badugi_spec.mutants.catalogue import Mutant


def _guarded(call: Callable[[], Outcome]) -> Outcome:
    """A mutant that breaks itself is an errored case, as it would be over the protocol."""
    try:
        return call()
    except RequestError:
        raise
    except Exception as error:
        raise ImplementationError(f"internal: {type(error).__name__}: {error}") from None


class MutantImplementation(EngineImplementation):
    """A mutant behind the runner's interface, in-process."""

    def __init__(self, mutant: Mutant) -> None:
        super().__init__()
        self.mutant = mutant
        self.name = f"mutant:{mutant.name}"

    def _state(self) -> dict[str, Any]:
        assert self.session is not None
        # Shared parts (`shares`) are never changed here: a report returns a new dict
        # (`state | {...}`), and the values below replace the top-level entry.
        state = state_of(self.session, self.names, shared=self.shares)
        # A game valued by named rankings keeps the engine's values (see MutantHand.value).
        if "hands" in state and self.mutant.evaluator is not evaluate and "values_in" not in state:
            state["values"] = {
                name: self.evaluate(cards) for name, cards in state["hands"].items() if cards
            }
        return self.mutant.report(state, self.session)

    def _new_session(self, *, first_dealer: int, stacks: list[int]) -> Session:
        return self.mutant.session(
            hand_class=self.mutant.hand,
            evaluator=self.mutant.evaluator,
            first_dealer=first_dealer,
            stacks=stacks,
            profile=self.mutant.reading(self.profile),
        )

    def deal(self, hand: dict[str, Any]) -> Outcome:
        return _guarded(lambda: super(MutantImplementation, self).deal(hand))

    def act(self, step: dict[str, Any]) -> Outcome:
        return _guarded(lambda: super(MutantImplementation, self).act(step))

    def _ranked(self, name: str) -> Ranking:
        swapped = {ranking.name: ranking for ranking in self.mutant.rankings}
        return swapped.get(name) or super()._ranked(name)

    def evaluate(self, cards: list[str], ranking: str | None = None) -> dict[str, Any]:
        if ranking is not None:
            return super().evaluate(cards, ranking)
        value = self.mutant.evaluator(cards_of(cards))
        return {"size": value.size, "ranks": [rank.label for rank in value.ranks]}

    def compare(self, hands: list[list[str]], ranking: str | None = None) -> list[int]:
        if ranking is not None:
            return super().compare(hands, ranking)
        values = [self.mutant.evaluator(cards_of(h)) for h in hands]
        top = max(v.strength for v in values)
        return [i for i, v in enumerate(values) if v.strength == top]
