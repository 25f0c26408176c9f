"""The rankings' part of the reference-figures page (chapter R9), computed at build time.

Every hand of each size is counted, through the ranking's own hot path: the 270,725
four-card hands for the Badugi rankings and the 2,598,960 five-card hands for all four.
Nothing is typed in.

Five-card hands are counted in fours. Moving every card one suit on (clubs to diamonds to
hearts to spades, and spades back to clubs) changes no value, since no ranking cares what
a suit is called (R2.7). It changes the sum of the five suits' numbers (0 to 3) by 5, less
4 for each spade, so by 1 modulo 4: the hands one, two and three moves on have the other
three sums modulo 4, and the fourth move brings the hand back. So the hands fall into
fours, one of each sum modulo 4, and the hand of sum 0 is valued and counts four times.
The build is about three times quicker for it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from badugi_spec.rankings import RANKINGS, Category, Ranking
from badugi_spec.rankings.lows import LOW_2_7_RULES, LOW_A_5_RULES, LowRules


@dataclass(frozen=True, slots=True)
class RankingFigures:
    ranking: Ranking
    hands: dict[int, Counter[int]]
    """Hand size -> how many hands of that size have each strength."""

    def distinct(self, size: int) -> int:
        return len(self.hands[size])

    def total(self, size: int) -> int:
        return sum(self.hands[size].values())


FIVE_CARD_STEP: Final = 4
"""How many five-card hands each valued one stands for (the module's note)."""


def suit_sum_zero_hands() -> list[tuple[int, ...]]:
    """The five-card hands, in index order, whose suits (index & 3) add up to a multiple of 4."""
    hands: list[tuple[int, ...]] = []
    for four in combinations(range(52), 4):
        suit = -sum(index & 3 for index in four) & 3  # the suit the fifth card must have
        after = four[-1] + 1
        hands.extend((*four, fifth) for fifth in range(after + (suit - after & 3), 52, 4))
    return hands


def ranking_figures() -> list[RankingFigures]:
    fives = suit_sum_zero_hands()
    figures = []
    for chosen in RANKINGS.values():
        hands = {5: Counter(map(chosen.strength, fives))}
        for strength in hands[5]:
            hands[5][strength] *= FIVE_CARD_STEP
        if chosen.cards_used == 4:
            hands[4] = Counter(map(chosen.strength, combinations(range(52), 4)))
        figures.append(RankingFigures(chosen, dict(sorted(hands.items()))))
    return figures


def hands_by_category(figures: RankingFigures, rules: LowRules) -> Counter[Category]:
    by_category: Counter[Category] = Counter()
    for strength, count in figures.hands[5].items():
        by_category[rules.decode(strength)[0]] += count
    return by_category


def low_categories(figures: list[RankingFigures]) -> list[tuple[str, int, int | None]]:
    """Each category of a five-card low: its hands in `low-2-7` and in `low-a-5` (None
    where ace-to-five has no such category)."""
    lows = {item.ranking.name: item for item in figures}
    by_27 = hands_by_category(lows["low-2-7"], LOW_2_7_RULES)
    by_a5 = hands_by_category(lows["low-a-5"], LOW_A_5_RULES)
    return [
        (c.value, by_27[c], by_a5[c] if c in LOW_A_5_RULES.categories else None) for c in Category
    ]
