"""The lows' hot path reads the same value in every order of the same five cards.

All five cards play (R9.4), so a hand's order cannot matter; but the tables read the
first three cards apart from the last two, and with flushes (R9.5) the last two by the
third card's suit, so each order takes another path through them. Every sorted hand is
checked against the rule in test_rankings_exhaustive.py; here every order of the hands
where suits steer the path, and of a sample of the rest, must read its sorted value.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from badugi_spec.rankings import ranking
from badugi_spec.rankings.lows import LOW_2_7_RULES, low_ranking

LOWS = ["low-2-7", "low-a-5"]


def _suits(hand: tuple[int, ...]) -> int:
    """How many cards of the hand's most common suit."""
    return max(sum(1 for card in hand if card & 3 == suit) for suit in range(4))


ONE_SUIT = [
    tuple(4 * rank + suit for rank in ranks)
    for suit in range(4)
    for ranks in itertools.combinations(range(13), 5)
]
"""The 5,148 hands of one suit (R9.5's flushes, straight flushes among them)."""


def _sample() -> list[tuple[int, ...]]:
    """200 hands each of five, four, three, and at most two cards of one suit."""
    rng = random.Random("lows in every order")
    by_suits: dict[int, list[tuple[int, ...]]] = {5: rng.sample(ONE_SUIT, 200), 4: [], 3: [], 2: []}
    while min(len(hands) for hands in by_suits.values()) < 200:
        hand = tuple(sorted(rng.sample(range(52), 5)))
        group = by_suits[max(2, _suits(hand))]
        if len(group) < 200:
            group.append(hand)
    return [hand for hands in by_suits.values() for hand in hands]


SAMPLE = _sample()


@pytest.mark.parametrize("name", LOWS)
def test_every_order_reads_the_sorted_hands_value(name: str) -> None:
    strength = ranking(name).strength
    for hand in SAMPLE:
        value = strength(hand)
        for order in itertools.permutations(hand):
            assert strength(order) == value, (name, order, hand)


@pytest.mark.parametrize("name", LOWS)
def test_every_one_suit_hand_split_every_way(name: str) -> None:
    # The tables read the last two cards apart: each of the ten ways to choose them.
    strength = ranking(name).strength
    for hand in ONE_SUIT:
        value = strength(hand)
        for last in itertools.combinations(hand, 2):
            first = [card for card in hand if card not in last]
            assert strength((*first, *last)) == value, (name, first, last)


def test_a_flush_needs_all_five_in_one_suit_whatever_the_order() -> None:
    # 2-7 counts flushes (R9.5): the five hearts are one, four hearts and a spade are not,
    # wherever the odd card sits; A-5 ignores them (R9.6), and so does a 2-7 without.
    hearts = [4 * rank + 2 for rank in (1, 2, 3, 4, 6)]  # 2-3-4-5-7 of hearts
    mixed = [*hearts[:4], 4 * 6 + 3]  # the 7 a spade
    no_flushes = replace(LOW_2_7_RULES, flushes_count=False)
    no_flush_27 = low_ranking(name="low-2-7", title="2-7 without flushes", rules=no_flushes)
    for ranked, flush_counts in (
        (ranking("low-2-7"), True),
        (ranking("low-a-5"), False),
        (no_flush_27, False),
    ):
        plain = ranked.strength(mixed)
        for order in itertools.permutations(range(5)):
            suited = ranked.strength([hearts[i] for i in order])
            assert (suited < plain) is flush_counts, (ranked.title, order)
            assert ranked.strength([mixed[i] for i in order]) == plain, (ranked.title, order)
