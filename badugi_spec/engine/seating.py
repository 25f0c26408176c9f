"""The live table over a session (chapter R19): who sits out, the blinds they miss and how
they come back, the kill after a run of pots, and the straddle.

`Seating` is the session's part for these: it turns the players' choices before a deal
(`SeatEvent`s) and the hands before into the hand's `LiveTable`. Nothing here runs for a
session without such choices but one check per hand, and a kill only where the profile
has one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from badugi_spec.engine.actions import CHECK, DRAW, FOLD, Action
from badugi_spec.engine.codes import illegal
from badugi_spec.engine.live import NO_LIVE, LiveTable, kill_factor

if TYPE_CHECKING:
    from badugi_spec.engine.hand import Hand
    from badugi_spec.profiles.model import Profile

EVENTS: Final = ("sits-out", "returns", "returns-posting", "returns-waiting", "straddles")
"""What a player may do before a deal (R19.1, R19.3, R19.6)."""


class SeatEvent(NamedTuple):
    seat: int
    event: str


def _between(low: int, high: int, seat: int, seats: int) -> bool:
    """Whether `seat` lies after `low` and up to `high`, clockwise: a blind moving from
    `low` to `high` passed it."""
    return 0 < (seat - low) % seats <= (high - low) % seats


class Seating:
    """The session's live-table state; `Session` sets it up with `_set_up_seating`."""

    if TYPE_CHECKING:
        profile: Profile
        stacks: tuple[int, ...]
        hands: list[Hand]

        def _places(self, out: frozenset[int]) -> tuple[int, tuple[int, int] | None]: ...

    def _set_up_seating(self) -> None:
        self.absent: set[int] = set()
        """Players sitting out, chips kept (R19.1)."""
        self.waiting: set[int] = set()
        """Players back at the table who wait for the big blind to reach them (R19.3)."""
        self.missed: dict[int, set[str]] = {}
        """The blinds each absent player has missed: `small`, `big` (R19.2)."""
        self._streak: tuple[int | None, int] = (None, 0)
        """Who won the last pots outright, and how many in a row (R19.4)."""
        self._killed_profiles: dict[int, Profile] = {}
        self._pending: tuple[set[int], set[int], dict[int, set[str]]] | None = None

    # ----- before the deal -----------------------------------------------------------------

    def _seat_events(self, events: Sequence[SeatEvent]) -> tuple[set[int], set[int], set[int]]:
        """The absent and waiting players after `events`, and who comes back posting; the
        session's own sets are left as they were until the hand is dealt."""
        absent, waiting, posting = set(self.absent), set(self.waiting), set()
        not_dealt = self.profile.absent_hand == "not-dealt"
        for seat, event in events:
            if event != "straddles" and self.stacks[seat] <= 0:
                # Out of chips, the player is out of the game till the session ends (R8.23):
                # there is no seat to leave, and no blind they could post coming back.
                raise illegal(
                    "seating-refused",
                    f"seat {seat} has no chips, so cannot sit out or come back (R8.23, R19.1)",
                )
            if event == "sits-out":
                if seat in absent or seat in waiting:
                    raise illegal("seating-refused", f"seat {seat} is sitting out already (R19.1)")
                absent.add(seat)
                continue
            if event == "straddles":
                continue
            if seat not in absent:
                raise illegal(
                    "seating-refused", f"seat {seat} is not sitting out, so cannot return (R19.3)"
                )
            absent.discard(seat)
            owed = self.missed.get(seat) if not_dealt else None
            if event == "returns-waiting":
                waiting.add(seat)
            elif event == "returns-posting":
                if not owed:
                    raise illegal(
                        "seating-refused",
                        f"seat {seat} missed no blind, so has none to post (R19.3)",
                    )
                if self.profile.missed_blinds == "must-wait":
                    raise illegal(
                        "seating-refused",
                        f"under {self.profile.name} a player who missed a blind must wait for"
                        " the big blind (R19.3)",
                    )
                posting.add(seat)
            elif owed:
                raise illegal(
                    "seating-refused",
                    f"seat {seat} missed the {' and '.join(sorted(owed, reverse=True))} blind:"
                    " they return posting missed blinds or waiting for the big blind (R19.3)",
                )
        return absent, waiting, posting

    def _arrange(
        self, events: Sequence[SeatEvent]
    ) -> tuple[int, tuple[int, int] | None, LiveTable, list[tuple[int, int]]]:
        """The next hand's button, placed blinds, live table and live posts of players
        coming back (R19.1 to R19.6)."""
        if not events and not self.absent and not self.waiting and self.profile.kill == "none":
            dealer, blinds = self._places(frozenset())
            return dealer, blinds, NO_LIVE, []
        absent, waiting, posting = self._seat_events(events)
        not_dealt = self.profile.absent_hand == "not-dealt"
        out = set(waiting) | (absent if not_dealt else set())
        for seat in sorted(waiting):  # in as soon as the big blind reaches the seat
            if self._big_blind_at(frozenset(out - {seat})) == seat:
                out.discard(seat)
        # Present: with chips, dealt in and not away, whatever the profile does with those away.
        away = out | absent
        present = [s for s, chips in enumerate(self.stacks) if chips > 0 and s not in away]
        owed_before = self.missed
        if len(present) < 2:
            if any(event == "sits-out" for _, event in events):
                raise illegal(
                    "seating-refused", "a hand needs two players present with chips (R19.1)"
                )
            # The others have busted: a table of one cannot deal, so whoever is away is
            # dealt in again, owing nothing (R19.1).
            absent, waiting, out, posting, owed_before = set(), set(), set(), set(), {}
        dealer, blinds = self._places(frozenset(out))
        small, big = self._blind_seats(dealer, blinds, frozenset(out))
        missed = {seat: set(owed) for seat, owed in owed_before.items()}
        if not_dealt and absent:
            self._note_missed(missed, absent, frozenset(out - absent), (small, big))
        live_posts, dead = [], []
        for seat in sorted(posting):
            if seat in (dealer, small):
                raise illegal(
                    "seating-refused",
                    f"seat {seat} is on the button or in the small blind this hand: they"
                    " come back posting at another seat, or wait (R19.3)",
                )
            owed = missed.pop(seat)
            if "big" in owed and seat != big:
                live_posts.append((seat, self.profile.big_blind))
            if "small" in owed:
                dead.append((seat, self.profile.small_blind))
        for seat in set(waiting) - out:
            missed.pop(seat, None)
        live = LiveTable(
            out=frozenset(out),
            killed=frozenset(absent)
            if self.profile.absent_hand == "killed-at-deal"
            else frozenset(),
            dead=tuple(dead),
            kill=self._kill(frozenset(out | absent)),
            killer_last=self.profile.killer_acts == "last",
            straddle=self._straddler(events, dealer, big, frozenset(out)),
        )
        if live.straddle is not None and live.kill is not None:
            raise illegal("seating-refused", "there is no straddle in a kill pot (R19.6)")
        self._pending = (absent, {seat for seat in waiting if seat in out}, missed)
        return dealer, blinds, live, live_posts

    def _note_missed(
        self,
        missed: dict[int, set[str]],
        absent: set[int],
        others_out: frozenset[int],
        blinds: tuple[int, int],
    ) -> None:
        """The blinds that passed each absent seat this hand (R19.2): those that moved past
        it since the last hand, or in the first hand those it would have posted."""
        small, big = blinds
        if self.hands:
            last, seats = self.hands[-1], len(self.stacks)
            passed = [(last.small_blind, small, "small"), (last.big_blind, big, "big")]
            for seat in absent:
                for low, high, name in passed:
                    if _between(low, high, seat, seats):
                        missed.setdefault(seat, set()).add(name)
            return
        would = self._blind_seats(*self._places(others_out), others_out)
        for seat in absent:
            for at, name in zip(would, ("small", "big"), strict=True):
                if seat == at:
                    missed.setdefault(seat, set()).add(name)

    def _commit_seating(self) -> None:
        """The hand was dealt: the choices made for it stand."""
        pending = self._pending
        if pending is not None:
            self.absent, self.waiting, self.missed = pending
            self._pending = None

    def _dealt_order(self, dealer: int, out: frozenset[int]) -> list[int]:
        seats = len(self.stacks)
        return [
            s
            for step in range(1, seats + 1)
            if self.stacks[s := (dealer + step) % seats] > 0 and s not in out
        ]

    def _blind_seats(
        self, dealer: int, blinds: tuple[int, int] | None, out: frozenset[int]
    ) -> tuple[int, int]:
        """The (small, big) blind seats a hand with these places will have (R1.5, R8.3)."""
        order = self._dealt_order(dealer, out)
        if len(order) == 2:
            return order[-1], order[0]
        if blinds is not None:
            return blinds
        return order[0], order[1]

    def _big_blind_at(self, out: frozenset[int]) -> int:
        """The big blind's seat if `out` are not dealt in; -1 when fewer than two players
        would be: no hand, so nobody's big blind (the caller then refuses a sit-out or
        deals everyone in again, R19.1)."""
        if sum(1 for seat, chips in enumerate(self.stacks) if chips > 0 and seat not in out) < 2:
            return -1
        dealer, blinds = self._places(out)
        return self._blind_seats(dealer, blinds, out)[1]

    def _straddler(
        self, events: Sequence[SeatEvent], dealer: int, big: int, out: frozenset[int]
    ) -> int | None:
        """The seat that straddles, which must be the first after the big blind (R19.6)."""
        wanted = [seat for seat, event in events if event == "straddles"]
        if not wanted:
            return None
        if self.profile.straddle == "none":
            raise illegal("seating-refused", f"{self.profile.name} has no straddle (R19.6)")
        order = self._dealt_order(dealer, out)
        if len(order) < 3 or len(wanted) > 1:
            raise illegal(
                "seating-refused", "one player straddles, at a table of three or more (R19.6)"
            )
        under_the_gun = order[(order.index(big) + 1) % len(order)]
        if wanted[0] != under_the_gun:
            raise illegal(
                "seating-refused",
                f"only the player left of the big blind, seat {under_the_gun}, may straddle"
                " (R19.6)",
            )
        return under_the_gun

    # ----- kills ---------------------------------------------------------------------------

    def _kill(self, away: frozenset[int]) -> tuple[int, int] | None:
        """The kill of the next hand, if the last pots call for one (R19.4)."""
        rules = self.profile
        killer, run = self._streak
        wanted = 2 if rules.kill_trigger == "two-pots" else 1
        if rules.kill == "none" or killer is None or run < wanted or killer in away:
            return None
        if self.stacks[killer] <= 0:
            return None
        num, den = kill_factor(rules.kill)
        return killer, rules.big_blind * num // den

    def _hand_profile(self, live: LiveTable) -> Profile:
        """The profile a hand is played under: in a kill pot, every bet is the kill's
        multiple of the usual (R19.4)."""
        rules = self.profile
        if live.kill is None:
            return rules
        known = self._killed_profiles.get(id(rules))
        if known is None:
            num, den = kill_factor(rules.kill)

            def scaled(amount: int) -> int:
                return amount * num // den

            # The kill is this hand's already: its own profile has none to check.
            known = rules.replace(
                kill="none",
                bet_sizes=tuple(scaled(bet) for bet in rules.bet_sizes),
                min_bet=scaled(rules.min_bet or rules.big_blind),
                spread_min=scaled(rules.spread_min),
                spread_max=scaled(rules.spread_max),
                spread_last_max=scaled(rules.spread_last_max),
            )
            self._killed_profiles[id(rules)] = known
        return known

    def _count_pot(self, hand: Hand) -> None:
        """After a hand: who won it all, and how many such pots in a row (R19.4)."""
        result = hand.result
        if self.profile.kill == "none" or result is None:
            return
        takers = [seat for seat, won in enumerate(result.won) if won > 0]
        big_enough = result.pot >= self.profile.kill_pot
        if len(takers) != 1 or not big_enough:
            self._streak = (None, 0)
            return
        killer, run = self._streak
        self._streak = (takers[0], run + 1 if killer == takers[0] else 1)

    # ----- players sitting out in their seats ------------------------------------------------

    def _act_for_absent(self, hand: Hand) -> None:
        """Under `dead-at-turn` an absent player dealt in is folded when the action reaches
        them, even with a free check; at a draw they stand pat (R19.1)."""
        if not self.absent or self.profile.absent_hand != "dead-at-turn":
            return
        while not hand.is_over and hand.to_act in self.absent:
            seat = hand.to_act
            kinds = {option.kind for option in hand.legal_actions()}
            if DRAW in kinds:
                hand.apply(Action(seat, DRAW))
            else:
                hand.apply(Action(seat, FOLD if FOLD in kinds else CHECK))
