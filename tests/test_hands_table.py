"""The house table (`house.strength_table`) against the rule, class by class.

The table is built once for each rank multiset and pattern of shared suits, and written
for every hand of that pattern (R2.7: renaming suits changes no value). Here one hand of
every such class, its suits renamed at random, must read what trying every subset gives
(`best_subset`, R2.5); tests/test_hands_exhaustive.py checks every hand under
`make exhaustive`.
"""

from __future__ import annotations

import itertools
import random

from badugi_spec.rankings import house

RANKS = range(13)


def _classes(size: int) -> list[tuple[int, ...]]:
    """One hand (deck indexes) of each rank multiset and suit pattern of `size` cards."""
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}
    for hand in itertools.combinations(range(52), size):
        ranks = tuple(card >> 2 for card in hand)
        first: dict[int, int] = {}
        pattern = tuple(first.setdefault(card & 3, len(first)) for card in hand)
        found.setdefault((ranks, pattern), hand)
    return list(found.values())


def test_one_hand_of_every_class_reads_the_rule() -> None:
    table = house.strength_table()
    rng = random.Random("house classes")
    checked = 0
    for size in range(1, house.MAX_CARDS + 1):
        classes = _classes(size)
        # 13 one-card classes, 169 two-card, 1,911 three-card, 20,410 four-card.
        assert len(classes) == {1: 13, 2: 169, 3: 1_911, 4: 20_410}[size]
        for hand in classes:
            renamed = rng.sample(range(4), 4)  # the same class, other suits
            cards = [card & ~3 | renamed[card & 3] for card in hand]
            assert table[house.mask_of(cards)] == house.best_subset(cards)[0], cards
            checked += 1
    assert checked == 22_503


def test_four_card_hands_are_stored_in_combinations_order() -> None:
    # The benchmark and the exhaustive tests read every hand in this order; stored in it,
    # the reads walk the dict's entries in memory order. Stored in another order (per
    # rank multiset, as the values are worked out) the same reads took twice as long.
    four = [mask for mask in house.strength_table() if mask.bit_count() == 4]
    assert four == [house.mask_of(hand) for hand in itertools.combinations(range(52), 4)]
