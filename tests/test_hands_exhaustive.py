"""Every four-card hand, like a perft count: the evaluator against figures worked out
independently (docs: RULES-NOTES reference figures) and against a brute force written here.
"""

from __future__ import annotations

import itertools
import operator
import os
import random
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import cache

import pytest

from badugi_spec.cards import DECK, Card, Rank, Suit, parse_cards
from badugi_spec.rankings.house import HandValue, evaluate
from tests.support import brute_key

Key = tuple[int, tuple[int, ...]]


def shortcut_key(hand: tuple[Card, ...]) -> Key:
    """The wrong shortcut: keep only the lowest card of each suit, then drop pairs."""
    lowest_per_suit: dict[Suit, Card] = {}
    for card in hand:
        kept = lowest_per_suit.get(card.suit)
        if kept is None or card.rank.order < kept.rank.order:
            lowest_per_suit[card.suit] = card
    ranks = sorted({card.rank.order for card in lowest_per_suit.values()}, reverse=True)
    return (len(ranks), tuple(-order for order in ranks))


@dataclass(frozen=True)
class AllHands:
    hands: tuple[tuple[Card, ...], ...]
    values: tuple[HandValue, ...]
    keys: tuple[Key, ...]


EXHAUSTIVE = os.environ.get("BADUGI_EXHAUSTIVE") == "1"
BRUTE_SAMPLE = 20_000
"""The hands checked against the brute force in `make test`: two thirds of this file's
CPU is the brute force, so `make exhaustive` runs it on every hand and `make test` on a
seeded sample. The evaluator's counts are always over every hand."""


@cache
def _all_hands() -> AllHands:
    # combinations() yields cards in deck order; shuffle each hand so that an evaluator
    # relying on its input order (e.g. "first group found wins") cannot pass by luck.
    # Each hand takes one of the 24 orders of its cards, drawn by a seeded generator in one
    # call (a `sample` per hand was a tenth of this file's CPU).
    orders = [operator.itemgetter(*order) for order in itertools.permutations(range(4))]
    combos = list(itertools.combinations(DECK, 4))
    drawn = random.Random(20240229).choices(orders, k=len(combos))
    hands = tuple(order(combo) for order, combo in zip(drawn, combos, strict=True))
    return AllHands(
        hands=hands,
        values=tuple(evaluate(hand) for hand in hands),
        keys=tuple(brute_key(hand) for hand in hands) if EXHAUSTIVE else (),
    )


def _checked(everything: AllHands) -> tuple[list[Key], list[HandValue]]:
    """(brute-force key, value) of every hand, or of the seeded sample (`BRUTE_SAMPLE`)."""
    if everything.keys:
        return list(everything.keys), list(everything.values)
    return _sampled()


@cache
def _sampled() -> tuple[list[Key], list[HandValue]]:
    everything = _all_hands()
    rng = random.Random(29022024)
    chosen = rng.sample(range(len(everything.hands)), BRUTE_SAMPLE)
    return [brute_key(everything.hands[i]) for i in chosen], [everything.values[i] for i in chosen]


@pytest.fixture(scope="module")
def everything() -> AllHands:
    return _all_hands()


def test_hand_count(everything: AllHands) -> None:
    assert len(everything.hands) == 270_725
    assert len({frozenset(hand) for hand in everything.hands}) == 270_725


def test_counts_by_playable_cards(everything: AllHands) -> None:
    by_size = Counter(value.size for value in everything.values)
    assert by_size == {4: 17_160, 3: 154_440, 2: 96_252, 1: 2_873}
    keys, values = _checked(everything)
    assert Counter(key[0] for key in keys) == Counter(value.size for value in values)


def test_distinct_values(everything: AllHands) -> None:
    distinct = set(everything.values)
    assert len(distinct) == 1_092
    assert Counter(value.size for value in distinct) == {4: 715, 3: 286, 2: 78, 1: 13}
    assert len({value.strength for value in everything.values}) == 1_092
    assert len({str(value) for value in everything.values}) == 1_092


def test_wheel_badugis(everything: AllHands) -> None:
    wheels = [h for h, v in zip(everything.hands, everything.values, strict=True) if v.size == 4]
    wheels = [h for h in wheels if {c.rank.order for c in h} == {1, 2, 3, 4}]
    assert len(wheels) == 24
    best = max(everything.values)
    assert str(best) == "4-card 4-3-2-A (badugi)"
    assert sum(1 for value in everything.values if value == best) == 24


def test_worst_badugi_beats_every_three_card_hand(everything: AllHands) -> None:
    worst_badugi = evaluate("K♠ Q♥ J♦ 10♣")
    badugis = [value for value in everything.values if value.size == 4]
    assert min(badugis) == worst_badugi
    best_three = max(value for value in everything.values if value.size == 3)
    assert str(best_three) == "3-card 3-2-A"
    assert worst_badugi > best_three
    assert all(worst_badugi > value for value in everything.values if value.size < 4)


def test_playing_cards_are_a_valid_group_of_the_hand(everything: AllHands) -> None:
    for hand, value in zip(everything.hands, everything.values, strict=True):
        cards = value.cards
        assert set(cards) <= set(hand), hand
        assert len({c.rank for c in cards}) == len({c.suit for c in cards}) == len(cards), hand
        assert [c.rank.order for c in cards] == sorted((c.rank.order for c in cards), reverse=True)


def test_order_agrees_with_brute_force(everything: AllHands) -> None:
    keys, values = _checked(everything)
    strengths_by_key: defaultdict[Key, set[int]] = defaultdict(set)
    for key, value in zip(keys, values, strict=True):
        strengths_by_key[key].add(value.strength)
    # Same brute-force value -> same strength ...
    split = {key: s for key, s in strengths_by_key.items() if len(s) != 1}
    assert not split, f"{len(split)} brute-force values map to several strengths"
    # ... and the strengths rank the brute-force values in the same order.
    ordered = sorted(strengths_by_key)
    strengths = [next(iter(strengths_by_key[key])) for key in ordered]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(strengths)
    # The ranks the evaluator reports are the brute force's ranks.
    for key, value in zip(keys, values, strict=True):
        assert (value.size, tuple(-rank.order for rank in value.ranks)) == key


def test_names_describe_the_brute_force_value(everything: AllHands) -> None:
    names: dict[Key, str] = {}
    for key, value in zip(*_checked(everything), strict=True):
        names.setdefault(key, str(value))
    labels = {rank.order: ("10" if rank is Rank.TEN else rank.value) for rank in Rank}
    for (size, negated), text in names.items():
        body = "-".join(labels[-n] for n in negated)
        expected = f"{size}-card {body}" + (" (badugi)" if size == 4 else "")
        assert text == expected


def test_shortcut_misvalues_28860_hands(everything: AllHands) -> None:
    wrong = [
        hand
        for hand, value in zip(everything.hands, everything.values, strict=True)
        if shortcut_key(hand) != (value.size, tuple(-rank.order for rank in value.ranks))
    ]
    assert len(wrong) == 28_860
    examples = {frozenset(hand) for hand in wrong}
    for text in ("2♣ 2♥ 3♣ 4♦", "A♣ 3♣ A♦ 2♥"):
        assert frozenset(parse_cards(text)) in examples
    # The shortcut never finds more than the real value: it only ever drops too much. The
    # brute force on every eighth of them (each of them under make exhaustive): the
    # evaluator's value is held to it by the tests above.
    for hand in wrong if EXHAUSTIVE else wrong[::8]:
        assert shortcut_key(hand) < brute_key(hand)
