"""Exact odds of a split game's next draw (R8.29), for each half.

A five-card hand keeps some cards and draws the rest. After the draw its Badugi half is
"made" when four of the five cards are a badugi (R21.3, R22.3), and its low half when it
is an 8-low or better in the low ranking (R21.4, R22.4): the target players draw to.

Exact, not simulated: every set of replacements the unseen cards can give is counted once,
each equally likely (`split_count` counts them by their symmetries; its card-by-card
count, with the rankings' own strength functions, checks it in the tests). Only the cards the player
has seen are known: their hand and their own discards (R4.5); the others' hands and the
burns are unseen, as in the four-card odds module. The count is of one draw: in a game of
two rankings the best later draw depends on which half one chases, so the chance "by the
last draw" has no single policy to follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from badugi_spec.cards import DECK, Card
from badugi_spec.errors import CardError
from badugi_spec.profiles import Profile
from badugi_spec.trainer.split_count import brute_counts, fast_counts, supported

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
    names = (profile.ranking, profile.split_ranking)
    seen = [c.index for c in {*hand, *dead} if c not in kept]
    count = fast_counts if supported(names) else brute_counts
    badugi, low, both, total = count(names, [c.index for c in kept], seen, len(thrown))
    return SplitOdds(
        kept=kept,
        unseen=len(DECK) - len(kept) - len(seen),
        outcomes=total,
        made=(Fraction(badugi, total), Fraction(low, total)),
        both=Fraction(both, total),
    )
