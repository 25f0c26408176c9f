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
from collections.abc import Sequence
from dataclasses import replace

import pytest

from badugi_spec.cards import Rank
from badugi_spec.errors import CardError
from badugi_spec.rankings import ranking
from badugi_spec.rankings.lows import IMPOSSIBLE, LOW_2_7_RULES, LOW_A_5_RULES, low_ranking

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


RULES = {"low-2-7": LOW_2_7_RULES, "low-a-5": LOW_A_5_RULES}


def _by_rule(name: str, hand: Sequence[int]) -> int:
    """The slow definition: the rule's strength of the hand's ranks, a flush if all five
    share a suit (R9.4 to R9.6). Indexes as a tuple reads them (-1 is the last card); a
    repeated index repeats a rank, and five of one rank, no hand of one deck, reads
    IMPOSSIBLE."""
    rules = RULES[name]
    cards = [index % 52 for index in hand]
    ranks = [tuple(Rank)[card >> 2] for card in cards]
    if len(set(ranks)) == 1:
        return IMPOSSIBLE
    one_suit = len({card & 3 for card in cards}) == 1 and len(set(ranks)) == 5
    return rules.strength([rules.height(rank) for rank in ranks], suited=one_suit)


def _every_class_shuffled(rng: random.Random) -> list[tuple[int, ...]]:
    """A hand of each low class (6,175 rank multisets, and the 1,287 of five ranks
    suited), its suits drawn at random, its cards in a random order."""
    made = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if ranks[0] == ranks[4]:
            continue
        for suited in (False, True) if len(set(ranks)) == 5 else (False,):
            while True:
                if suited:
                    suits = [rng.randrange(4)] * 5
                else:
                    free = {rank: rng.sample(range(4), 4) for rank in ranks}
                    suits = [free[rank].pop() for rank in ranks]
                if suited or len(set(suits)) > 1:
                    break
            hand = [4 * rank + suit for rank, suit in zip(ranks, suits, strict=True)]
            rng.shuffle(hand)
            made.append(tuple(hand))
    return made


@pytest.mark.parametrize("name", LOWS)
def test_the_tables_read_the_rule_on_every_class_and_a_random_sample(name: str) -> None:
    # Every class in a random order, then 20,000 random hands (make exhaustive: every
    # hand in three orders, tests/test_rankings_exhaustive.py).
    rng = random.Random(f"{name} tables against the rule")
    hands = _every_class_shuffled(rng) + [tuple(rng.sample(range(52), 5)) for _ in range(20_000)]
    strength = ranking(name).strength
    for hand in hands:
        assert strength(hand) == _by_rule(name, hand), (name, hand)


@pytest.mark.parametrize("name", LOWS)
def test_indexes_off_the_rule_read_as_a_tuple_reads_them(name: str) -> None:
    # The hot path is unchecked (`evaluate` checks), but what it gives for a repeated
    # index or an index counted from the end is its rule's value for the cards a tuple
    # reads there, the same as before the tables were rebuilt; an index off the deck is
    # one line. A fresh ranking, so that its first call is such a hand.
    fresh = low_ranking(name=name, title="the same rules", rules=RULES[name])
    with pytest.raises(CardError, match=r"not five cards of one deck: \[0, 1, 2, 3, 52\]"):
        fresh.strength([0, 1, 2, 3, 52])
    with pytest.raises(CardError, match=r"not five cards of one deck: \[-53, 1, 2, 3, 4\]"):
        fresh.strength((-53, 1, 2, 3, 4))
    rng = random.Random(f"{name} odd indexes")
    for _ in range(5_000):
        hand = [rng.randrange(52) for _ in range(5)]  # repeats about one hand in five
        hand[rng.randrange(5)] -= 52 * rng.randrange(2)
        assert fresh.strength(hand) == _by_rule(name, hand), hand
    for suit in range(4):  # one card of a flush twice: no flush, a pair
        hand = [4 * rank + suit for rank in (1, 2, 3, 5, 2)]
        assert fresh.strength(hand) == _by_rule(name, hand) != IMPOSSIBLE, hand
