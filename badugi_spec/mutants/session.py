"""Wrong sessions: `MutantSession`, our `Session` dealing a mutant's hands, and its subclasses,
each moving the button or ending the session differently (chapter R6, R8.23).

`_DealsToEmptyStacks` is a hand, but only the other half of `_NoBustStop`: a session that
goes on after a bust must also deal the busted player in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from badugi_spec.engine import Hand, Session
from badugi_spec.mutants.hand import MutantHand
from badugi_spec.mutants.rankings import Evaluator


class MutantSession(Session):
    def __init__(
        self, *, hand_class: type[MutantHand], evaluator: Evaluator, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.hand_class = hand_class
        self.evaluator = evaluator

    def _hand_kind(self) -> tuple[Callable[..., Hand], dict[str, Any]]:
        return self.hand_class, {"evaluator": self.evaluator}


class _FixedButton(MutantSession):
    @property
    def next_dealer(self) -> int:
        return self.first_dealer


class _ButtonOntoEmptySeats(MutantSession):
    @property
    def next_dealer(self) -> int:
        if not self.hands:
            return self.first_dealer
        return (self.hands[-1].dealer + 1) % len(self.stacks)  # busted or not


class _ButtonSkipsAfterABustBeforeIt(MutantSession):
    """The button kept as a place in the list of players with chips, not as a seat: when a
    player listed before the button busts, the list closes up under it, and the button
    moves on two players instead of one (R8.23)."""

    @property
    def next_dealer(self) -> int:
        seat = super().next_dealer
        if not self.hands:
            return seat
        last = self.hands[-1]
        busted = [s for s in range(last.dealer) if last.start_stacks[s] > 0 >= self.stacks[s]]
        if not busted:
            return seat
        seats = len(self.stacks)
        return next(
            (s for step in range(1, seats) if self.stacks[s := (seat + step) % seats] > 0), seat
        )


class _DealsToEmptyStacks(MutantHand):
    def _can_deal(self, stacks: Sequence[int]) -> bool:
        return True

    def _dealt_in(self, stacks: Sequence[int]) -> list[bool]:
        return [True] * len(stacks)


class _NoBustStop(MutantSession):
    """Only the hand limit ends the session; a player without chips is dealt in anyway."""

    def _end_reason(self) -> str | None:
        limit = self.profile.hands_per_session
        return "hands" if limit and len(self.hands) >= limit else None

    @property
    def next_dealer(self) -> int:
        return (self.first_dealer + len(self.hands)) % len(self.stacks)  # bust or not
