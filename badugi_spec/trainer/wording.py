"""The words the narration is made of: its `Line`, the names of seats, rounds and the cap.

Shared by the `Narrator` (and the draws and showdown it hands to `narrate_draws`) and by
the screen, which names the seats and the round in its header the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from badugi_spec.cards import Card
from badugi_spec.engine import Hand
from badugi_spec.trainer import values


class Line(NamedTuple):
    """One line of narration: the rule ID it cites ("" for a continuation) and the text."""

    rule: str
    text: str


class Names:
    """How the narration names each seat: "You" for the player, "Bot" (or "Bot 2") else."""

    def __init__(self, *, seats: int, you: int) -> None:
        self.you = you
        bots = [s for s in range(seats) if s != you]
        self._names = {s: "Bot" if len(bots) == 1 else f"Bot {i}" for i, s in enumerate(bots, 1)}
        self._names[you] = "You"

    def __call__(self, seat: int) -> str:
        return self._names[seat]

    def obj(self, seat: int) -> str:
        return "you" if seat == self.you else self._names[seat]

    def poss(self, seat: int) -> str:
        return "your" if seat == self.you else f"{self._names[seat]}'s"

    def does(self, seat: int, verb: str) -> str:
        """`You call` / `Bot calls`: the subject with the verb agreeing."""
        if seat == self.you:
            return f"You {verb}"
        first, _, rest = verb.partition(" ")
        third = {"go": "goes", "have": "has", "do": "does"}.get(first, first + "s")
        return f"{self._names[seat]} {third}{' ' + rest if rest else ''}"


def role(hand: Hand, seat: int) -> str:
    if seat not in hand.order:
        return "sitting out"
    if seat == hand.dealer:
        return "dealer" if len(hand.order) == 2 else "button"
    if seat == hand.big_blind:
        return "big blind"
    if seat == hand.small_blind:
        return "small blind"
    return f"seat {seat + 1}"


def heads_up(hand: Hand) -> bool:
    return len(hand.order) == 2


def cap_rule(hand: Hand) -> str:
    """The house states its cap in R3.6; other profiles in R8.6."""
    return "R3.6" if hand.profile.name == "house" else "R8.6"


def raises_left(hand: Hand) -> str:
    """How many raises the round still allows, in words, with the rule."""
    cap = hand.profile.cap
    if cap == 0:
        return f"no cap on raises ({cap_rule(hand)})"
    if hand.uncapped:
        return "no cap: it is lifted with two players (R8.7)"
    left = cap - hand.raises
    if left <= 0:
        return f"capped: no more raises, only call or fold ({cap_rule(hand)})"
    if hand.raises == 0:
        return f"a bet and {count(left - 1, 'raise')} allowed before the cap ({cap_rule(hand)})"
    if hand.phase.number == 1 and hand.profile.cap_counts_blind and hand.raises == 1:
        return (
            f"the big blind counts as the bet, so {count(left, 'raise')} left before the cap"
            f" ({cap_rule(hand)})"
        )
    return f"{count(left, 'raise')} left before the cap ({cap_rule(hand)})"


def count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def round_name(hand: Hand) -> str:
    phase = hand.phase
    draws = hand.profile.draws
    if phase.kind == "bet":
        rounds = hand.profile.betting_rounds
        when = "before the first draw" if phase.number == 1 else f"after draw {phase.number - 1}"
        if phase.number == rounds:
            when += ", the last"
        return f"betting round {phase.number} of {rounds}, {when}"
    if phase.kind == "draw":
        return f"draw {phase.number} of {draws}"
    return "the hand is over"


def hand_text(hand: Hand, cards: Sequence[Card]) -> str:
    return values.hand_text(hand.profile, cards)
