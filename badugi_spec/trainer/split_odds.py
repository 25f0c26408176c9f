"""Exact odds of a split game's next draw (R8.29), for each half.

A five-card hand keeps some cards and draws the rest. After the draw its Badugi half is
"made" when four of the five cards are a badugi (R21.3, R22.3), and its low half when it
is an 8-low or better in the low ranking (R21.4, R22.4): the target players draw to.

Exact, not simulated: every set of replacements the unseen cards can give is counted once,
each equally likely, with the rankings' own strength functions. Only the cards the player
has seen are known: their hand and their own discards (R4.5); the others' hands and the
burns are unseen, as in the four-card odds module. The count is of one draw: in a game of
two rankings the best later draw depends on which half one chases, so the chance "by the
last draw" has no single policy to follow.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Final

from badugi_spec.cards import DECK, Card, parse_cards
from badugi_spec.errors import CardError
from badugi_spec.profiles import Profile
from badugi_spec.rankings import Ranking, ranking

WORST_MADE: Final = {
    # The weakest hand that counts as made, in each ranking.
    "badugi": "K♠ Q♥ J♦ 10♣",
    "badugi-ace-high": "A♠ K♥ Q♦ J♣",
    "low-2-7": "8♠ 7♥ 6♦ 5♣ 3♠",
    "low-a-5": "8♠ 7♥ 6♦ 5♣ 4♠",
}
TARGETS: Final = {
    "badugi": "a badugi",
    "badugi-ace-high": "a badugi",
    "low-2-7": "an 8-low or better",
    "low-a-5": "an 8-low or better",
}


@dataclass(frozen=True, slots=True)
class SplitOdds:
    kept: tuple[Card, ...]
    unseen: int
    outcomes: int
    """Equally likely sets of replacements."""
    made: tuple[Fraction, ...]
    """For each half, in the profile's order: the chance it is made after this draw."""
    both: Fraction
    """The chance both halves are made: a hand that can scoop."""


@functools.cache
def _threshold(name: str) -> int:
    chosen = ranking(name)
    return chosen.strength([card.index for card in parse_cards(WORST_MADE[name])])


def split_odds(
    profile: Profile, hand: Sequence[Card], thrown: Sequence[Card], *, dead: Sequence[Card] = ()
) -> SplitOdds:
    """The exact chances, after the next draw, of making each half of `profile`."""
    missing = [c for c in thrown if c not in hand]
    if missing:
        raise CardError(f"{missing[0].pretty()} is not in the hand (R4.2)")
    if len(set(thrown)) != len(thrown):
        raise CardError("a card is thrown twice (R4.2)")
    kept = tuple(c for c in hand if c not in thrown)
    seen = {*hand, *dead}
    pool = tuple(c.index for c in DECK if c not in seen)
    return _count(tuple(profile.halves), tuple(c.index for c in kept), pool, len(thrown), kept)


def _count(
    names: tuple[str, ...],
    kept: tuple[int, ...],
    pool: tuple[int, ...],
    draw: int,
    cards: tuple[Card, ...],
) -> SplitOdds:
    rankings: list[Ranking] = [ranking(name) for name in names]
    strengths = [r.strength for r in rankings]
    limits = [_threshold(name) for name in names]
    first, second = strengths
    low_first, low_second = limits
    hits = [0, 0]
    both = 0
    for drawn in combinations(pool, draw):
        whole = kept + drawn
        a = first(whole) >= low_first
        b = second(whole) >= low_second
        hits[0] += a
        hits[1] += b
        both += a and b
    total = comb(len(pool), draw)
    return SplitOdds(
        kept=cards,
        unseen=len(pool),
        outcomes=total,
        made=tuple(Fraction(n, total) for n in hits),
        both=Fraction(both, total),
    )
