"""How many hands have each value: every hand of four and of five cards counted exactly,
through each ranking's own hot path, nothing sampled and nothing typed in.

- `house_ladder`: the 270,725 four-card hands by house value (R2), read from the
  evaluator's own table of strengths, with the share a value beats;
- `low_classes`: the 2,598,960 five-card hands of a low (R9.5, R9.6) by class. A low's
  value depends only on the ranks, and on the suits only through a flush (a hand with a
  pair cannot be one): five different ranks come suited (4 hands) or not (4^5 - 4 =
  1,020 hands), and ranks with a repeat in the product over its ranks of C(4, count)
  suits. One hand of each class is valued: 7,449 valuations, not 2.6 million;
- `ranking_figures`: every ranking's five-card hands (and four-card ones, for a Badugi
  ranking) by strength. Renaming the suits changes no value in any ranking (R2.7; a flush
  stays a flush), so the hands fall in classes that differ only in their suits' names:
  one hand of each class is valued and counts for the whole class (`suit_classes`),
  134,459 valuations for the 2,598,960 five-card hands.

The tutorial's rankings, odds and figures pages and its lessons read them.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from badugi_spec.cards import DECK, Card, as_cards
from badugi_spec.rankings import RANKINGS, Category, Ranking, ranking
from badugi_spec.rankings.house import strength_table
from badugi_spec.rankings.lows import LOW_2_7_RULES, LOW_A_5_RULES, LowRules

FOUR_CARD_HANDS: Final = math.comb(len(DECK), 4)
FIVE_CARD_HANDS: Final = math.comb(len(DECK), 5)


def size_of(strength: int) -> int:
    """How many cards play in a house value: the top field of its strength."""
    return strength >> 16


def top_of(strength: int) -> int:
    """The order of a house value's highest card (ace 1 to king 13)."""
    return 14 - (strength >> 12 & 15)


@dataclass(frozen=True, slots=True)
class Ladder:
    """Every house value, best first, with how many of the four-card hands have it."""

    values: list[tuple[int, int]]
    """(strength, hands) from the best value down."""
    total: int

    def share_beaten(self, strength: int) -> float:
        """Share of all four-card hands that a hand of this strength beats."""
        return sum(h for s, h in self.values if s < strength) / self.total

    def share_at_least(self, strength: int) -> float:
        """Share of all four-card hands this good or better."""
        return sum(h for s, h in self.values if s >= strength) / self.total

    def by_size(self, *, distinct: bool = False) -> dict[int, int]:
        """Hands (or, with `distinct`, values) by how many cards play, most first."""
        found = Counter[int]()
        for strength, hands in self.values:
            found[size_of(strength)] += 1 if distinct else hands
        return dict(sorted(found.items()))

    def badugis_by_top(self) -> dict[int, tuple[int, int, int]]:
        """The badugis by the order of their highest card, lowest first: how many values,
        how many hands, and the weakest value's strength (a "seven" is any 7-high badugi)."""
        tops: dict[int, tuple[int, int, int]] = {}
        for strength, hands in self.values:
            if size_of(strength) == 4:
                values, count, weakest = tops.get(top_of(strength), (0, 0, strength))
                tops[top_of(strength)] = (values + 1, count + hands, min(weakest, strength))
        return dict(sorted(tops.items()))

    def dealt(self, size: int, top: int = 13) -> float:
        """The share of four-card deals whose best hand has `size` cards, its highest of
        order `top` or lower (R2.1, R2.5)."""
        hits = sum(h for s, h in self.values if size_of(s) == size and top_of(s) <= top)
        return hits / self.total


@functools.cache
def house_ladder() -> Ladder:
    """Counted with the evaluator's table, which holds every hand's value by card mask."""
    counts = Counter(s for mask, s in strength_table().items() if mask.bit_count() == 4)
    if counts.total() != FOUR_CARD_HANDS:
        raise AssertionError(f"the house table holds {counts.total()} four-card hands")
    return Ladder(sorted(counts.items(), reverse=True), FOUR_CARD_HANDS)


# ----- the five-card lows, by class ------------------------------------------------------


@functools.cache
def low_classes(name: str) -> tuple[tuple[int, int], ...]:
    """(strength, how many hands) for every class of five-card hand in the low `name`."""
    strength: Callable[[list[int]], int] = ranking(name).strength
    out: list[tuple[int, int]] = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        if len(counts) == 5:
            suited = [r * 4 for r in ranks]
            mixed = [r * 4 + (i % 4) for i, r in enumerate(ranks)]  # suits 0,1,2,3,0
            out.append((strength(suited), 4))
            out.append((strength(mixed), 4**5 - 4))
            continue
        cards = [rank * 4 + suit for rank, count in counts.items() for suit in range(count)]
        out.append((strength(cards), math.prod(math.comb(4, c) for c in counts.values())))
    if sum(n for _, n in out) != FIVE_CARD_HANDS:
        raise AssertionError(f"the {name} classes hold {sum(n for _, n in out)} hands")
    return tuple(out)


def share_beaten(name: str, cards: str | Iterable[Card]) -> float:
    """The share of all five-card hands this hand beats in the low `name` (ties not counted)."""
    mine = ranking(name).strength([card.index for card in as_cards(cards)])
    return sum(n for value, n in low_classes(name) if value < mine) / FIVE_CARD_HANDS


def best_low(name: str) -> str:
    """The value of the best five-card hand of the low `name`, found over every class."""
    top = max(value for value, _ in low_classes(name))
    for ranks in itertools.combinations(range(13), 5):
        for cards in ([r * 4 for r in ranks], [r * 4 + (i % 4) for i, r in enumerate(ranks)]):
            if ranking(name).strength(cards) == top:
                return str(ranking(name).evaluate([DECK[i] for i in cards]))
    raise AssertionError("no hand has the best class's value")


# ----- every ranking, hand by hand --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RankingFigures:
    ranking: Ranking
    hands: dict[int, Counter[int]]
    """Hand size -> how many hands of that size have each strength."""

    def distinct(self, size: int) -> int:
        return len(self.hands[size])

    def total(self, size: int) -> int:
        return sum(self.hands[size].values())


def _splits(cards: int, most: int = 13, suits: int = 4) -> Iterator[tuple[int, ...]]:
    """How `cards` cards can fall in up to `suits` suits: the counts per suit, most first."""
    if cards == 0:
        yield ()
    elif suits:
        for first in range(min(cards, most), 0, -1):
            for rest in _splits(cards - first, first, suits - 1):
                yield (first, *rest)


def suit_classes(size: int) -> dict[int, list[tuple[int, ...]]]:
    """One hand (sorted card indexes) of each class of `size`-card hands alike but for the
    suits' names, grouped by how many hands the class holds.

    A class is the set of ranks in each suit, up to the order of the suits: the suits
    holding the most cards come first, and suits holding as many take their rank sets in
    sorted order. Its hands are the ways to give the sets distinct suits, 4!/(4-k)! for k
    sets, less the orders of sets that are equal (one rank in three suits)."""
    classes: dict[int, list[tuple[int, ...]]] = {}
    for split in _splits(size):
        parts = []  # per run of suits that hold as many cards: (cards, equal orders)
        suit = 0
        for held, run in ((n, len(list(g))) for n, g in itertools.groupby(split)):
            sets = itertools.combinations(range(13), held)
            parts.append(
                [
                    (
                        [r * 4 + suit + i for i, ranks in enumerate(picked) for r in ranks],
                        math.prod(map(math.factorial, Counter(picked).values())),
                    )
                    for picked in itertools.combinations_with_replacement(sets, run)
                ]
            )
            suit += run
        arrangements = math.perm(4, len(split))
        for chosen in itertools.product(*parts):
            hands = arrangements // math.prod(orders for _, orders in chosen)
            cards = sorted(card for part, _ in chosen for card in part)
            classes.setdefault(hands, []).append(tuple(cards))
    return classes


def ranking_figures() -> list[RankingFigures]:
    classes = {size: suit_classes(size) for size in (4, 5)}
    figures = []
    for chosen in RANKINGS.values():
        hands: dict[int, Counter[int]] = {}
        for size in (4, 5) if chosen.cards_used == 4 else (5,):
            hands[size] = Counter()
            for count, alike in classes[size].items():
                for strength, found in Counter(map(chosen.strength, alike)).items():
                    hands[size][strength] += found * count
        figures.append(RankingFigures(chosen, hands))
    return figures


def _by_category(figures: RankingFigures, rules: LowRules) -> Counter[Category]:
    by_category: Counter[Category] = Counter()
    for strength, count in figures.hands[5].items():
        by_category[rules.decode(strength)[0]] += count
    return by_category


def low_categories(figures: list[RankingFigures]) -> list[tuple[str, int, int | None]]:
    """Each category of a five-card low: its hands in `low-2-7` and in `low-a-5` (None
    where ace-to-five has no such category)."""
    lows = {item.ranking.name: item for item in figures}
    by_27 = _by_category(lows["low-2-7"], LOW_2_7_RULES)
    by_a5 = _by_category(lows["low-a-5"], LOW_A_5_RULES)
    return [
        (c.value, by_27[c], by_a5[c] if c in LOW_A_5_RULES.categories else None) for c in Category
    ]
