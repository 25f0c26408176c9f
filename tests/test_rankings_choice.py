"""The cards a value plays are the ones the search of every subset picks, whether the hand
holds a rank twice (a choice between suits, searched) or not (no choice: taken at once),
and a ranking's kept words for a value are the words worked out afresh."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from badugi_spec.cards import DECK, Card, Rank
from badugi_spec.rankings import RANKINGS, ranking
from badugi_spec.rankings import house as hands
from badugi_spec.rankings.badugi import _is_group


def _hands(size: int, count: int, seed: int) -> list[tuple[Card, ...]]:
    """Random hands in random orders, half of them holding some rank twice or more."""
    rng = random.Random(seed)
    out: list[tuple[Card, ...]] = []
    while len(out) < count:
        hand = tuple(rng.sample(DECK, size))
        paired = len({card.rank for card in hand}) < size
        if paired == (len(out) % 2 == 0):
            out.append(hand)
    return out


def test_the_house_value_plays_the_cards_every_subset_picks() -> None:
    for size in (2, 3, 4):
        for hand in _hands(size, 3000, seed=size):
            indexes = [card.index for card in hand]
            strength, best = hands.best_subset(indexes)
            value = hands.evaluate(hand)
            assert value.strength == strength
            assert value.cards == tuple(DECK[i] for i in sorted(best, reverse=True)), hand


def _searched(name: str, hand: tuple[Card, ...], strength: int) -> tuple[Card, ...]:
    """The first group in the order of its positions' bits that has the value's ranks,
    highest first in the ranking's order: what `playing` picks."""
    chosen = ranking(name)
    ranks = set(chosen.reading(strength))
    heights = {rank: place for place, rank in enumerate(_rank_order(name))}
    for bits in range(1, 1 << len(hand)):
        group = [card for p, card in enumerate(hand) if bits >> p & 1]
        if {card.rank for card in group} == ranks and _is_group(group):
            return tuple(sorted(group, key=lambda card: heights[card.rank], reverse=True))
    raise AssertionError(f"no group of {hand} makes {strength:#x}")


def _rank_order(name: str) -> list[Rank]:
    """The ranks from best to worst in a Badugi ranking: aces low or high (R9.2, R9.3)."""
    ranks = [DECK[i].rank for i in range(0, 52, 4)]
    return ranks if name == "badugi" else [*ranks[1:], ranks[0]]


@pytest.mark.parametrize("name", ["badugi", "badugi-ace-high"])
@pytest.mark.parametrize("size", [3, 4, 5])
def test_a_badugi_ranking_plays_the_group_the_search_picks(name: str, size: int) -> None:
    chosen = ranking(name)
    for hand in _hands(size, 1500, seed=size * 7 + len(name)):
        value = chosen.evaluate(hand)
        assert value.cards == _searched(name, hand, value.strength), hand


@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_a_rankings_kept_words_are_its_words(name: str) -> None:
    chosen = ranking(name)
    size = chosen.hand_sizes[-1]
    afresh = cast(Any, chosen.describe).__wrapped__  # the words before they are kept
    for hand in _hands(size, 400, seed=len(name)):
        strength = chosen.evaluate(hand).strength
        assert chosen.describe(strength) == afresh(strength)
        assert chosen.describe(strength) == afresh(strength)  # (the kept one, this time)
