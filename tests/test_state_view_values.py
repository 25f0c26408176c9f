"""A seat's value as the state says it, from the strengths alone (`state_view._by_strengths`),
is what valuing the hand says: the playing ranks in reading order and each ranking's words,
in every ranking and pair of rankings, for hands of every size a ranking values."""

from __future__ import annotations

import dataclasses
import random

import pytest

from badugi_spec.cards import DECK
from badugi_spec.rankings import RANKINGS, ranking
from badugi_spec.scenario.state_view import _by_strengths, as_json

PAIRS = [(name,) for name in RANKINGS] + [("badugi", "low-2-7"), ("badugi-ace-high", "low-a-5")]


@pytest.mark.parametrize("names", PAIRS, ids="+".join)
def test_the_value_from_the_strengths_is_the_hands_value(names: tuple[str, ...]) -> None:
    rankings = tuple(ranking(name) for name in names)
    sizes = set.intersection(*(set(r.hand_sizes) for r in rankings))
    rng = random.Random(len(names[0]) + len(names))
    for size in sorted(sizes):
        for _ in range(600):
            cards = tuple(rng.sample(DECK, size))
            values = [r.evaluate(cards) for r in rankings]
            assert _by_strengths(rankings, names, cards) == (
                as_json(values[0]),
                {name: str(value) for name, value in zip(names, values, strict=True)},
            ), cards


def test_only_what_valuing_the_hand_would_say_for_certain() -> None:
    low = ranking("low-2-7")
    cards = tuple(DECK[:5])
    assert _by_strengths(None, (), cards) is None  # the house evaluator's game
    assert _by_strengths((low,), ("low-2-7",), cards[:4]) is None  # a size it does not value
    other = dataclasses.replace(low, describe=lambda strength: "misread")
    assert _by_strengths((other,), ("low-2-7",), cards) is None  # not the registry's
    assert _by_strengths((low,), ("low-2-7",), cards) is not None
