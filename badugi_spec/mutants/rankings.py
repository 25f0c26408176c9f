"""Wrong hand values: evaluators that misread the house ranking (chapter R2), and registered
rankings with one part of their rule read differently (chapter R9).

An evaluator stands in for `rankings.house.evaluate`; a ranking here keeps the name of the
real one it stands in for, so a case that names it is valued by the misreading.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import fields, replace

from badugi_spec.cards import Card, Rank
from badugi_spec.rankings import (
    BADUGI,
    BADUGI_ACE_HIGH,
    LOW_2_7,
    LOW_A_5,
    Category,
    Ranking,
)
from badugi_spec.rankings.house import HandValue, evaluate, strength_of
from badugi_spec.rankings.lows import LOW_2_7_RULES, LOW_A_5_RULES, LowRules, low_ranking

Evaluator = Callable[[Sequence[Card]], HandValue]

# ----- evaluators of the house game (chapter R2) ----------------------------------------------


def _value(cards: Sequence[Card], strength: int, *, order: Callable[[Card], int]) -> HandValue:
    return HandValue(cards=tuple(sorted(cards, key=lambda c: -order(c))), strength=strength)


def _rank(card: Card) -> int:
    return card.rank.order


def shortcut(cards: Sequence[Card]) -> HandValue:
    """Drop the higher of each pair of suited cards, then one of each pair of ranks."""
    kept: list[Card] = []
    for card in sorted(cards, key=_rank):
        if all(k.suit != card.suit for k in kept):
            kept.append(card)
    playing: list[Card] = []
    for card in kept:
        if all(p.rank != card.rank for p in playing):
            playing.append(card)
    return _value(playing, strength_of(sorted(map(_rank, playing), reverse=True)), order=_rank)


def aces_high(cards: Sequence[Card]) -> HandValue:
    """Every subset tried, but the ace counts above the king."""

    def order(card: Card) -> int:
        return 14 if card.rank.order == 1 else card.rank.order

    best: tuple[int, tuple[Card, ...]] = (-1, ())
    for size in range(1, len(cards) + 1):
        for subset in itertools.combinations(cards, size):
            if len({c.rank for c in subset}) == size == len({c.suit for c in subset}):
                strength = strength_of(sorted(map(order, subset), reverse=True))
                best = max(best, (strength, subset), key=lambda b: b[0])
    return _value(best[1], best[0], order=order)


def _repacked(pack: Callable[[HandValue], int]) -> Evaluator:
    """The right playable cards, compared by a wrong key."""

    def evaluator(cards: Sequence[Card]) -> HandValue:
        right = evaluate(cards)
        return HandValue(cards=right.cards, strength=pack(right))

    return evaluator


def _lowest_first(value: HandValue) -> int:
    return strength_of(sorted(r.order for r in value.ranks))


def _suit_tiebreak(value: HandValue) -> int:
    # The highest card's suit decides between equal ranks (spades best).
    return value.strength * 4 + (3 - value.cards[0].suit.index)


def _high_card_first(value: HandValue) -> int:
    # Size ignored: the lower top card wins, so 3-2-A beats K-Q-J-10.
    fields = [14 - r.order for r in value.ranks] + [14] * (4 - value.size)
    packed = 0
    for field in fields:
        packed = packed << 4 | field
    return packed


# ----- hand-ranking mutants (issue 13, chapter R9) -------------------------------------------
# Each is a registered ranking with one part of its rule read differently; the runner reads
# the answers with the real ranking, so a wrong value, category or order is a divergence.


class _WheelIsAStraight(LowRules):
    """Deuce-to-seven that reads A-2-3-4-5 as a five-high straight."""

    def classify(self, heights: Sequence[int], *, suited: bool) -> tuple[Category, list[int]]:
        wheel = sorted(self.height(rank) for rank in WHEEL)
        if sorted(heights) != wheel:
            return super().classify(heights, suited=suited)
        ordered = sorted(heights, key=lambda h: (h == self.height(Rank.ACE), -h))
        return (Category.STRAIGHT_FLUSH if suited else Category.STRAIGHT), ordered


WHEEL = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE)

ACES_LOW_IN_BADEUCY = replace(BADUGI, name=BADUGI_ACE_HIGH.name, title=BADUGI_ACE_HIGH.title)
A_5_WITH_STRAIGHTS = low_ranking(
    name=LOW_A_5.name,
    title=LOW_A_5.title,
    rules=replace(
        LOW_A_5_RULES,
        straights_count=True,
        categories=tuple(c for c in Category if c not in (Category.FLUSH, Category.STRAIGHT_FLUSH)),
    ),
)
LOW_2_7_WITHOUT_FLUSHES = low_ranking(
    name=LOW_2_7.name, title=LOW_2_7.title, rules=replace(LOW_2_7_RULES, flushes_count=False)
)
LOW_2_7_WITH_WHEELS = low_ranking(
    name=LOW_2_7.name,
    title=LOW_2_7.title,
    rules=_WheelIsAStraight(**{f.name: getattr(LOW_2_7_RULES, f.name) for f in fields(LowRules)}),
)


def _first_four(real: Ranking) -> Ranking:
    """The ranking with a five-card hand valued from its first four cards, no search."""
    return replace(real, strength=lambda indexes: real.strength(indexes[:4]))


FIRST_FOUR_CARDS = (_first_four(BADUGI), _first_four(BADUGI_ACE_HIGH))
