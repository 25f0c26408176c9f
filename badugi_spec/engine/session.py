"""A session: hands in a row with the button moving (chapter R6, R8.23).

Stacks carry over (R6.3). The session ends after the profile's number of hands, or when
players run out of chips as the profile says (R6.4, R8.23); the largest stack wins, equal
stacks draw (R6.5).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from badugi_spec.cards import Card
from badugi_spec.engine.actions import MUCK, Action
from badugi_spec.engine.codes import illegal
from badugi_spec.engine.deck import shuffled
from badugi_spec.engine.hand import SEATS, Hand
from badugi_spec.engine.live import NO_LIVE, LiveTable
from badugi_spec.engine.seating import SeatEvent, Seating
from badugi_spec.profiles.model import HOUSE, Profile


@dataclass(frozen=True, slots=True)
class SessionResult:
    winner: int | None
    """The seat with the larger stack, or None for a drawn session."""
    stacks: tuple[int, ...]
    hands: int
    reason: str
    """`hands` when the hand limit was reached, `bust` when a player ran out of chips."""


class Session(Seating):
    def __init__(
        self,
        *,
        first_dealer: int = 0,
        stacks: Sequence[int] | None = None,
        structure: Profile = HOUSE,
        profile: Profile | None = None,
        seed: int | str | None = None,
    ) -> None:
        rules = profile if profile is not None else structure
        self.structure = self.profile = rules
        self.stacks = tuple(stacks) if stacks is not None else (rules.starting_stack,) * SEATS
        seats = len(self.stacks)
        if first_dealer not in range(seats):
            raise ValueError(
                f"first_dealer must be one of seats 0 to {seats - 1}, not {first_dealer}"
            )
        if not rules.min_seats <= seats <= rules.max_seats or min(self.stacks) <= 0:
            # Caught here rather than at the first deal, like Hand does (R1.3, R1.4, R8.2).
            raise ValueError(
                f"profile {rules.name} needs {rules.min_seats} to {rules.max_seats} players"
                f" with chips, got {self.stacks}"
            )
        self.first_dealer = first_dealer
        self.hands: list[Hand] = []
        self.result: SessionResult | None = None
        self._shuffler = random.Random(seed)
        self._set_up_seating()

    @property
    def hand(self) -> Hand | None:
        return self.hands[-1] if self.hands else None

    @property
    def hand_number(self) -> int:
        return len(self.hands)

    @property
    def next_dealer(self) -> int:
        """The button moves one seat clockwise every hand, skipping players without chips
        (R6.2, R8.23). Heads-up it alternates."""
        if not self.hands:
            return self.first_dealer
        seats = len(self.stacks)
        button = self.hands[-1].dealer
        for step in range(1, seats + 1):
            seat = (button + step) % seats
            if self.stacks[seat] > 0:
                return seat
        return (button + 1) % seats

    def _places(self, out: frozenset[int]) -> tuple[int, tuple[int, int] | None]:
        """The next hand's button and, under a dead button, its blind seats (R8.23); `out`
        are players with chips who are not dealt in (R19.1).

        With `button_moves = "dead-button"` the big blind moves on to the next player dealt
        in, the small blind to the seat that had the big blind and the button to the seat
        that had the small blind, empty or not: nobody misses a big blind, and a seat's
        small blind or button can be dead. Heads-up the button posts the small blind
        (R1.5), and the big blind goes to the player who did not have it. With
        `small-blind-button` the button goes to the last hand's small blind if that player
        still has chips, so it passes a player who was not dealt in.
        """
        rule = self.profile.button_moves
        if not self.hands or rule == "every-hand":
            return self.next_dealer, None
        last = self.hands[-1]
        if rule == "small-blind-button":
            heads_up = last.small_blind == last.dealer
            if not heads_up and self.stacks[last.small_blind] > 0:
                return last.small_blind, None
            return self.next_dealer, None
        seats = len(self.stacks)
        present = [seat for seat in range(seats) if self.stacks[seat] > 0 and seat not in out]
        big = next(
            seat
            for step in range(1, seats + 1)
            if (seat := (last.big_blind + step) % seats) in present
        )
        if len(present) == 2:
            other = next(s for s in present if s != big)
            return other, None
        dealer = last.small_blind
        if dealer == big:
            # Back from heads-up, where the button posted the small blind (R1.5): the big
            # blind has moved on to it, so the button goes to the seat just before the new
            # small blind, empty or not, as a dead button may (R8.23).
            dealer = (last.big_blind - 1) % seats
        return dealer, (last.big_blind, big)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def start_hand(
        self,
        deck: Sequence[Card] | None = None,
        *,
        reshuffles: Sequence[Sequence[Card]] = (),
        posts: Sequence[tuple[int, int]] = (),
        seating: Sequence[SeatEvent] = (),
    ) -> Hand:
        """Deal the next hand from `deck`, or from a fresh seeded shuffle (R6.3); `posts` are
        live big blinds posted out of turn, as (seat, chips) (R8.3); `seating` what players
        do before the deal: sit out, return, straddle (chapter R19)."""
        if self.result is not None:
            raise illegal("session-over", f"the session ended after {self.result.hands} hands")
        current = self.hand
        if current is not None and not current.is_over:
            raise illegal("out-of-turn", "the current hand is still being played")
        # The players' choices first: a refused one leaves the shuffle untouched too.
        dealer, blinds, live, returning = self._arrange(seating)
        order = deck if deck is not None else shuffled(self._shuffler.getrandbits(64))
        hand = self._new_hand(
            deck=order,
            stacks=self.stacks,
            dealer=dealer,
            reshuffles=reshuffles,
            blinds=blinds,
            posts=(*posts, *returning),
            live=live,
        )
        self.hands.append(hand)
        self._commit_seating()
        self._act_for_absent(hand)
        if hand.is_over:
            self._after_hand(hand)
        return hand

    def _new_hand(
        self,
        *,
        deck: Sequence[Card],
        stacks: Sequence[int],
        dealer: int,
        reshuffles: Sequence[Sequence[Card]] = (),
        blinds: tuple[int, int] | None = None,
        posts: Sequence[tuple[int, int]] = (),
        live: LiveTable = NO_LIVE,
    ) -> Hand:
        """The hand factory: `_hand_kind` says which kind of hand it makes."""
        make, options = self._hand_kind()
        if live is not NO_LIVE:
            options = {**options, "live": live}
        return make(
            deck=deck,
            stacks=stacks,
            dealer=dealer,
            profile=self._hand_profile(live),
            reshuffles=reshuffles,
            blinds=blinds,
            posts=posts,
            **options,
        )

    def _hand_kind(self) -> tuple[Callable[..., Hand], dict[str, Any]]:
        """The hand class and its own options: a hook for sessions of another kind of hand
        (a mutant's), so they need not repeat how a hand is placed and dealt."""
        return Hand, {}

    def apply(self, action: Action) -> None:
        hand = self.hand
        if action.kind is MUCK and hand is not None and hand.is_over:
            # A muck moves no chip (R8.32): it may follow the hand that ended the session.
            hand.apply(action)
            return
        if self.result is not None:
            raise illegal("session-over", f"the session ended after {self.result.hands} hands")
        if hand is None:
            raise illegal("out-of-turn", "no hand has been dealt yet")
        hand.apply(action)
        self._act_for_absent(hand)
        if hand.is_over:
            self._after_hand(hand)

    def _after_hand(self, hand: Hand) -> None:
        self.stacks = tuple(hand.stacks)
        self._count_pot(hand)
        reason = self._end_reason()
        if reason is not None:
            top = max(self.stacks)
            leaders = [s for s in range(len(self.stacks)) if self.stacks[s] == top]
            self.result = SessionResult(
                winner=leaders[0] if len(leaders) == 1 else None,
                stacks=self.stacks,
                hands=len(self.hands),
                reason=reason,
            )

    def _end_reason(self) -> str | None:
        """Why the session ends after the hand just played, or None: a player has no
        chips (`bust`; with `one-left`, all players but one) or the hand limit, if the
        profile has one, is reached (`hands`) (R6.4, R8.23)."""
        left = sum(1 for stack in self.stacks if stack > 0)
        if (min(self.stacks) == 0 and self.profile.session_ends == "any-bust") or left < 2:
            return "bust"
        limit = self.profile.hands_per_session  # 0: no hand limit
        if limit and len(self.hands) >= limit:
            return "hands"
        return None
