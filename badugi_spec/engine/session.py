"""A session: hands in a row with the button alternating (chapter R6).

Stacks carry over (R6.3). The session ends after the structure's number of hands or as
soon as a player has no chips (R6.4); the larger stack wins, equal stacks draw (R6.5).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from badugi_spec.cards import Card
from badugi_spec.engine.actions import Action
from badugi_spec.engine.codes import illegal
from badugi_spec.engine.deck import shuffled
from badugi_spec.engine.hand import SEATS, Hand
from badugi_spec.structure import HOUSE, Structure


@dataclass(frozen=True, slots=True)
class SessionResult:
    winner: int | None
    """The seat with the larger stack, or None for a drawn session."""
    stacks: tuple[int, ...]
    hands: int
    reason: str
    """`hands` when the hand limit was reached, `bust` when a player ran out of chips."""


class Session:
    def __init__(
        self,
        *,
        first_dealer: int = 0,
        stacks: Sequence[int] | None = None,
        structure: Structure = HOUSE,
        seed: int | str | None = None,
    ) -> None:
        if first_dealer not in range(SEATS):
            raise ValueError(f"first_dealer must be seat 0 or 1, not {first_dealer}")
        self.structure = structure
        self.stacks = tuple(stacks) if stacks is not None else (structure.starting_stack,) * SEATS
        if len(self.stacks) != SEATS or min(self.stacks) <= 0:
            # Caught here rather than at the first deal, like Hand does (R1.3, R1.4).
            raise ValueError(f"a session needs {SEATS} players with chips, got {self.stacks}")
        self.first_dealer = first_dealer
        self.hands: list[Hand] = []
        self.result: SessionResult | None = None
        self._shuffler = random.Random(seed)

    @property
    def hand(self) -> Hand | None:
        return self.hands[-1] if self.hands else None

    @property
    def hand_number(self) -> int:
        return len(self.hands)

    @property
    def next_dealer(self) -> int:
        """The button moves every hand (R6.2)."""
        return (self.first_dealer + len(self.hands)) % SEATS

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def start_hand(self, deck: Sequence[Card] | None = None) -> Hand:
        """Deal the next hand from `deck`, or from a fresh seeded shuffle (R6.3)."""
        if self.result is not None:
            raise illegal("session-over", f"the session ended after {self.result.hands} hands")
        current = self.hand
        if current is not None and not current.is_over:
            raise illegal("out-of-turn", "the current hand is still being played")
        order = deck if deck is not None else shuffled(self._shuffler.getrandbits(64))
        hand = self._new_hand(deck=order, stacks=self.stacks, dealer=self.next_dealer)
        self.hands.append(hand)
        return hand

    def _new_hand(self, *, deck: Sequence[Card], stacks: Sequence[int], dealer: int) -> Hand:
        """The hand factory: a hook for sessions of another kind of hand."""
        return Hand(deck=deck, stacks=stacks, dealer=dealer, structure=self.structure)

    def apply(self, action: Action) -> None:
        if self.result is not None:
            raise illegal("session-over", f"the session ended after {self.result.hands} hands")
        hand = self.hand
        if hand is None:
            raise illegal("out-of-turn", "no hand has been dealt yet")
        hand.apply(action)
        if hand.is_over:
            self._after_hand(hand)

    def _after_hand(self, hand: Hand) -> None:
        self.stacks = tuple(hand.stacks)
        reason = self._end_reason()
        if reason is not None:
            top = max(self.stacks)
            leaders = [s for s in range(SEATS) if self.stacks[s] == top]
            self.result = SessionResult(
                winner=leaders[0] if len(leaders) == 1 else None,
                stacks=self.stacks,
                hands=len(self.hands),
                reason=reason,
            )

    def _end_reason(self) -> str | None:
        """Why the session ends after the hand just played, or None: a player has no
        chips (`bust`) or the hand limit is reached (`hands`) (R6.4)."""
        if min(self.stacks) == 0:
            return "bust"
        if len(self.hands) >= self.structure.hands_per_session:
            return "hands"
        return None
