"""A seat's value as the state says it, from the strengths alone (`state_values`), is what
valuing the hand says: the playing ranks in reading order and each ranking's words, in
every ranking and pair of rankings and in the house game, for hands of every size."""

from __future__ import annotations

import dataclasses
import random

import pytest

from badugi_spec.cards import DECK
from badugi_spec.rankings import RANKINGS, house, ranking
from badugi_spec.scenario import state_values
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.state_values import as_json, by_strengths

FIRST = {"first_dealer": "Ann"}
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
            assert by_strengths(rankings, names, cards) == (
                as_json(values[0]),
                {name: str(value) for name, value in zip(names, values, strict=True)},
            ), cards


def test_only_what_valuing_the_hand_would_say_for_certain() -> None:
    low = ranking("low-2-7")
    cards = tuple(DECK[:5])
    assert by_strengths(None, (), cards) is None  # the house evaluator's game
    assert by_strengths((low,), ("low-2-7",), cards[:4]) is None  # a size it does not value
    other = dataclasses.replace(low, describe=lambda strength: "misread")
    assert by_strengths((other,), ("low-2-7",), cards) is None  # not the registry's
    assert by_strengths((low,), ("low-2-7",), cards) is not None


def test_a_house_value_from_its_strength_is_the_hands_value() -> None:
    rng = random.Random(3)
    for size in (1, 2, 3, 4):
        for _ in range(2000):
            cards = tuple(rng.sample(DECK, size))
            strength = house.tabled_strength(card.index for card in cards)
            assert strength is not None
            assert state_values._house_said(strength) == as_json(house.evaluate(cards)), cards


def test_a_process_that_values_a_few_hands_builds_no_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without the table the hand is valued as `evaluate` values a few (`_UNTABLED`)."""
    impl = EngineImplementation()
    impl.start({"players": [{"name": "Ann", "stack": 9}, {"name": "Bob", "stack": 9}]} | FIRST)
    monkeypatch.setattr(house, "_STRENGTHS", {})
    monkeypatch.setattr(house, "_UNTABLED", [100])
    monkeypatch.setattr(state_values, "_VALUED", {})
    state = impl.deal({"deck": [str(card) for card in reversed(DECK)]})["state"]
    assert house._STRENGTHS == {} and house._UNTABLED[0] < 100
    assert state["hands"]["Ann"] == ["Kh", "Kc", "Qh", "Qc"]
    assert state["values"]["Ann"] == {"size": 2, "ranks": ["K", "Q"]}
