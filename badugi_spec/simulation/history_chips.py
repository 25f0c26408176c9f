"""The chips' properties of a hand's history: conserved, settled, potted, and capped.

Read from the events alone (each carries the pot and the stacks after it) and the result:
no chip is made or lost (R5.8); each seat ends with what it brought, less what it put
in, plus what came back and what it won (R5.8); the pots hold every chip put in and not
given back (R8.13) and give each out once (R8.14); and no betting round holds more bet
levels than the profile's cap, counted from the chips, not from the engine's own counter
(R3.6, R8.6).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from badugi_spec.engine.actions import Event
from badugi_spec.engine.hand import Hand
from badugi_spec.simulation.history import PUTS_IN, RAISES, Broken, Step


def check(hand: Hand, steps: Sequence[Step]) -> list[Broken]:
    seats = hand.seats
    start = hand.start_stacks
    chips = sum(start)
    put, back, won = [0] * seats, [0] * seats, [0] * seats
    broken: list[Broken] = []
    cap = _Cap(hand)
    for drawing, number, event in steps:
        kind, seat, amount = event.kind, event.seat, event.amount
        if kind == "win":
            # The winnings are paid seat by seat while the pot still reads as it was.
            won[seat] += amount  # type: ignore[index]
            continue
        if kind in PUTS_IN:
            put[seat] += amount  # type: ignore[index]
        elif kind == "return":
            back[seat] += amount  # type: ignore[index]
        else:  # no chip moves: the stacks and the pot are as the last event left them
            if not drawing:
                broken += cap.step(number, event)
            continue
        if not broken and (min(event.stacks) < 0 or sum(event.stacks) + event.pot != chips):
            broken.append(
                Broken(
                    "R5.8",
                    "chips-conserved",
                    f"after {kind} of seat {seat}: stacks {list(event.stacks)} plus pot"
                    f" {event.pot} from {chips} chips",
                )
            )
        if not drawing:
            broken += cap.step(number, event)
    result = hand.result
    if result is None:
        if sum(hand.stacks) + hand.pot != chips or min(hand.stacks) < 0:
            broken.append(
                Broken(
                    "R5.8",
                    "chips-conserved",
                    f"stacks {list(hand.stacks)} plus pot {hand.pot} from {chips} chips",
                )
            )
        return broken
    if sum(hand.stacks) != chips:
        return [
            Broken(
                "R5.8",
                "chips-conserved",
                f"final stacks {list(hand.stacks)} add up to {sum(hand.stacks)}, not {chips}",
            )
        ]
    for seat in range(seats):
        expected = start[seat] - put[seat] + back[seat] + won[seat]
        if hand.stacks[seat] != expected or result.won[seat] != won[seat]:
            broken.append(
                Broken(
                    "R5.8",
                    "settlement",
                    f"seat {seat} ends with {hand.stacks[seat]} (result won"
                    f" {result.won[seat]}); from {start[seat]}, put in {put[seat]}, given back"
                    f" {back[seat]}, won {won[seat]}: {expected}",
                )
            )
            break
    return broken + _pots(hand, sum(put) - sum(back))


def _pots(hand: Hand, potted: int) -> list[Broken]:
    result = hand.result
    assert result is not None
    amounts = [pot.amount for pot in result.pots]
    if sum(amounts) != potted:
        return [
            Broken(
                "R8.13",
                "pots-hold-the-chips",
                f"pots {amounts} hold {sum(amounts)}, {potted} chips were put in and kept",
            )
        ]
    taken = [0] * hand.seats
    for number, pot in enumerate(result.pots):
        if (
            sum(pot.shares) != pot.amount
            or len(pot.shares) != len(pot.winners)
            or not set(pot.winners) <= set(pot.eligible)
        ):
            return [
                Broken(
                    "R8.14",
                    "pot-shares",
                    f"pot {number} of {pot.amount} among {list(pot.eligible)}: winners"
                    f" {list(pot.winners)} take {list(pot.shares)}",
                )
            ]
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            taken[seat] += share
    if taken != list(result.won):
        return [
            Broken("R8.14", "pot-shares", f"the pots give {taken}, the result {list(result.won)}")
        ]
    return []


class _Cap:
    """Bet levels per betting round, counted from the chips (R3.6, R8.6, R8.8)."""

    def __init__(self, hand: Hand) -> None:
        s = hand.profile
        self.profile = s
        self.order = hand.order
        self.number = 1
        self.committed = [0] * hand.seats
        # Before the first draw the big blind may be the round's first level (R3.6, R8.6).
        self.levels = 1 if s.cap_counts_blind else 0
        self.capped = s.cap > 0 and s.cap_heads_up == "never"
        self.stakes = Fraction(1)
        """The kill's multiple of every bet (R19.4): 2 for a full kill, 3/2 for a half."""
        self.bounded = True
        """Whether the chips of a round are bounded by the cap: not after a straddle, a
        level of its own before anyone acts (R19.6)."""
        self.full: Fraction | int = self._bet_size(1)
        """What a raise adds to be a full one: the bet, or the largest raise in big bet."""
        self.floor: Fraction | int = 0 if s.raise_over_posted_blind else self._blind()
        """The level a raise of the first round goes over at least: the whole big blind,
        even posted short, unless the profile raises over what was posted (R8.26)."""
        self.all_in = False
        """A player dealt in had no chips behind before this action: the chips' bound off."""

    def step(self, number: int, event: Event) -> list[Broken]:
        if number != self.number:
            self.number, self.levels, self.floor = number, 0, 0
            self.committed = [0] * len(self.committed)
            self.full = self._bet_size(number)
        kind, seat = event.kind, event.seat
        broken: list[Broken] = []
        if kind == "post":
            note = event.note
            if note == "kill":  # the hand is played at the kill's stakes (R19.4)
                self.stakes = Fraction(event.amount, self.profile.big_blind)
                self.full = self._bet_size(1)
                self.floor = 0 if self.profile.raise_over_posted_blind else self._blind()
            elif note.startswith("straddle"):
                self.bounded = False
            # Antes and dead blinds are in the pot but no player's bet (R8.3, R19.3).
            if not note.startswith(("ante", "dead")):
                self.committed[seat] += event.amount  # type: ignore[index]
        elif kind in PUTS_IN and self.capped:
            broken = self._bet(seat, event)  # type: ignore[arg-type]
            self.capped = not broken  # the first break of the cap is enough
        if not self.all_in and 0 in event.stacks:
            self.all_in = any(event.stacks[x] == 0 for x in self.order)
        return broken

    def _blind(self) -> Fraction | int:
        blind = self.profile.big_blind
        return blind if self.stakes == 1 else blind * self.stakes

    def _bet_size(self, number: int) -> Fraction | int:
        bet = self.profile.bet_sizes[number - 1]
        return bet if self.stakes == 1 else bet * self.stakes  # ints unless a kill: faster

    def _bet(self, seat: int, event: Event) -> list[Broken]:
        s, committed = self.profile, self.committed
        index = self.number - 1
        # Over a big blind posted short, a raise is measured from the whole blind (R8.26):
        # an all-in from the posted blind to short of a full bet over the whole one is no level.
        level = max(max(committed), self.floor)
        committed[seat] += event.amount
        now = max(committed)
        all_in = event.kind == "all-in" or "all-in" in event.note
        # A bet or raise is a level; an all-in only if it raises by a full one (R8.8,
        # R14.6). A call is never one, even where it raises the chips over a short blind.
        if now > level and event.kind in RAISES and (not all_in or now - level >= self.full):
            self.levels += 1
            if s.betting != "fixed-limit":
                self.full = max(self.full, now - level)  # the least full raise (R14.3)
        if self.levels > s.cap:
            return [
                Broken(
                    "R3.6",
                    "cap",
                    f"betting round {self.number} has {self.levels} bet levels after seat"
                    f" {seat}'s {event.kind} to {committed[seat]}; the profile allows {s.cap}",
                )
            ]
        # In fixed limit every level is one bet, so the chips are bounded too; a spread
        # game's levels may be any size in the spread (R14.10).
        fixed = s.betting == "fixed-limit" and s.short_all_in == "full-bet"
        if fixed and self.bounded and not self.all_in:
            most = (s.cap + (0 if index or s.cap_counts_blind else 1)) * self._bet_size(index + 1)
            if now > most:
                return [
                    Broken(
                        "R3.6",
                        "cap",
                        f"{now} chips from seat {seat} in betting round {self.number},"
                        f" at most {most}",
                    )
                ]
        return []


__all__ = ["check"]
