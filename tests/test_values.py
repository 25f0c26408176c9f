"""Hand-value answers as the runner reads them: shape, text, orders and reference hands."""

from __future__ import annotations

from typing import Any

import pytest

from badugi_spec.rankings.house import evaluate
from badugi_spec.scenario import values

CARDS = ["As", "2h", "3d", "Kd"]


@pytest.mark.parametrize(
    "cards, answer, reason",
    [
        (CARDS, {"size": 3, "ranks": ["2", "A", "A"]}, "the rank A is played twice"),
        (CARDS, {"size": 3, "ranks": ["A", "2", "3"]}, "the ranks A-2-3 are not highest first"),
        (CARDS, {"size": 5, "ranks": ["K", "5", "3", "2", "A"]}, "5 playing cards from a hand of 4"),
        (CARDS, {"size": 3, "ranks": ["5", "2", "A"]}, "no card of rank 5 among As 2h 3d Kd"),
        (CARDS, {"size": 4, "ranks": ["K", "3", "2", "A"]},
         "the ranks K-3-2-A cannot be played from As 2h 3d Kd: every choice of those cards repeats a suit"),
        (CARDS, {"size": 2, "ranks": ["3", "2", "A"]}, "'size' is 2 but 3 ranks are given"),
        (CARDS, {"size": True, "ranks": ["A"]}, "'size' is not a whole number: true"),
        (CARDS, {"size": 1, "ranks": "A"}, "'ranks' is not a list: \"A\""),
        (CARDS, {"size": 1, "ranks": ["Z"]}, "\"Z\" is not a rank"),
        (CARDS, {"size": 1, "ranks": [1]}, "1 is not a rank"),
        (CARDS, ["3", "2", "A"], "the value is not an object"),
        (["As", "2h"], {"size": 3, "ranks": ["3", "2", "A"]}, "3 playing cards from a hand of 2"),
    ],
)  # fmt: skip
def test_an_impossible_answer_has_a_precise_reason(
    cards: list[str], answer: object, reason: str
) -> None:
    problem = values.problem(cards, answer)
    assert problem is not None and problem.startswith(reason), problem


@pytest.mark.parametrize(
    "answer",
    [
        {"size": 3, "ranks": ["3", "2", "A"]},  # the right one
        {"size": 3, "ranks": ["K", "2", "A"]},  # wrong, but a possible set
        {"size": 1, "ranks": ["k"]},  # case does not matter
        {"size": 2, "ranks": ["3", "A"], "note": "extra fields are fine"},
    ],
)
def test_a_possible_answer_has_no_problem(answer: dict[str, Any]) -> None:
    assert values.problem(CARDS, answer) is None


def test_every_true_value_passes_the_shape_check() -> None:
    """The check never refuses a right answer: the evaluator's own values all pass it."""
    import itertools

    from badugi_spec.cards import DECK

    for hand in itertools.islice(itertools.combinations(DECK, 4), 0, 270725, 97):
        texts = [str(card) for card in hand]
        value = evaluate(hand)
        answer = {"size": value.size, "ranks": [rank.label for rank in value.ranks]}
        assert values.problem(texts, answer) is None, (texts, answer)


def test_ten_is_read_as_10_or_t() -> None:
    want = {"size": 1, "ranks": ["10"]}
    assert values.same_value(want, {"size": 1, "ranks": ["T"]})
    assert values.problem(["Th"], {"size": 1, "ranks": ["T"]}) is None


def test_value_text_never_raises_and_keeps_the_answer_order() -> None:
    assert (
        values.value_text({"size": 4, "ranks": ["4", "3", "2", "A"]}) == "4-card 4-3-2-A (badugi)"
    )
    assert (
        values.value_text({"size": 4, "ranks": ["A", "2", "3", "4"]}) == "4-card A-2-3-4 (badugi)"
    )
    assert values.value_text(None) == "nothing shown"
    assert values.value_text({"ranks": []}) == "no cards"
    for junk in ({"size": 3, "ranks": ["2", "A", "A", "Z"]}, [1, 2], "x", {"ranks": [None]}):
        assert values.value_text(junk).startswith("no value: ")


def test_raw_is_short_and_ascii() -> None:
    assert values.raw({"b": 1, "a": "\ud800"}) == '{"a": "\\ud800", "b": 1}'
    assert len(values.raw(list(range(1000)))) == values.RAW_SHOWN
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    assert values.raw(deep) == "<list>"


def test_winners_must_name_given_hands_once() -> None:
    assert values.winners_problem([0], 2) is None
    assert values.winners_problem([1, 0], 2) is None
    for bad, reason in [
        ([], "not a non-empty list"),
        ("0", "not a non-empty list"),
        ([2], "2 is not the position"),
        ([True], "true is not the position"),
        (["0"], '"0" is not the position'),
        ([0, 0], "named twice"),
    ]:
        problem = values.winners_problem(bad, 2)
        assert problem is not None and reason in problem, (bad, problem)


def test_other_orders_are_every_order_but_the_given_one() -> None:
    orders = list(values.other_orders(CARDS))
    assert len(orders) == 23 == len(set(orders))
    assert tuple(CARDS) not in orders
    assert all(sorted(order) == sorted(CARDS) for order in orders)


def test_five_cards_are_asked_in_a_spread_of_23_other_orders() -> None:
    five = ["As", "2h", "3d", "4c", "Ks"]
    orders = list(values.other_orders(five))
    assert len(orders) == 23 == len(set(orders)) and tuple(five) not in orders
    assert all(sorted(order) == sorted(five) for order in orders)
    # Each card comes first in some order and last in some other.
    assert {order[0] for order in orders} == set(five)
    assert {order[-1] for order in orders} == set(five)


@pytest.mark.parametrize(
    "value, count",
    [
        ({"size": 4, "ranks": ["4", "3", "2", "A"]}, 4),
        ({"size": 3, "ranks": ["K", "7", "2"]}, 4),
        ({"size": 2, "ranks": ["9", "8"]}, 4),
        ({"size": 1, "ranks": ["Q"]}, 4),
        ({"size": 2, "ranks": ["5", "A"]}, 3),
    ],
)
def test_a_reference_hand_has_exactly_the_value(value: dict[str, Any], count: int) -> None:
    hand = values.reference_hand(value, avoid=CARDS, count=count)
    assert hand is not None and len(hand) == count and len(set(hand)) == count
    got = evaluate(" ".join(hand))
    assert values.same_value(value, {"size": got.size, "ranks": [r.label for r in got.ranks]})
    assert set(hand).isdisjoint(CARDS), "shares no card with the hand it is compared with"


def test_a_reference_hand_avoids_the_cards_or_is_smaller_or_is_none() -> None:
    # Three jacks taken: a four-card hand of 1-card J would need them, a one-card one not.
    jacks = ["Jc", "Jd", "Jh", "2s"]
    assert values.reference_hand({"size": 1, "ranks": ["J"]}, avoid=jacks, count=4) == ["Js"]
    every = ["Jc", "Jd", "Jh", "Js"]
    assert values.reference_hand({"size": 1, "ranks": ["J"]}, avoid=every, count=4) is None
    hand = values.reference_hand(
        {"size": 3, "ranks": ["K", "7", "2"]}, avoid=["Kh", "7d", "2s", "2c"], count=4
    )
    assert hand is not None and len(hand) == 4
    assert str(evaluate(" ".join(hand))) == "3-card K-7-2"
