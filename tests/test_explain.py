"""The teaching view: which cards drop and why, checked against the evaluator."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from badugi_spec.cards import DECK, Card, parse_cards
from badugi_spec.rankings.explain import explain
from badugi_spec.rankings.house import evaluate

hands = st.lists(st.sampled_from(DECK), min_size=1, max_size=4, unique=True)


def _card(text: str) -> Card:
    (card,) = parse_cards(text)
    return card


def _playable(group: tuple[Card, ...]) -> bool:
    return len({c.rank for c in group}) == len(group) == len({c.suit for c in group})


def test_house_example_drops_the_king() -> None:
    exp = explain("A♠ 2♥ 3♦ K♦")
    assert [drop.card for drop in exp.drops] == [_card("K♦")]
    (drop,) = exp.drops
    assert drop.same_suit == (_card("3♦"),)
    assert drop.same_rank == ()
    assert drop.reason() == "K♦ is dropped: it shares ♦ with 3♦"
    text = str(exp)
    assert "K♦ is dropped" in text
    assert "shares ♦ with 3♦" in text
    assert "pairs" not in text
    assert "all 15 subsets" in text
    assert exp.subsets == 15
    assert exp.valid_subsets == 11
    assert "3-card K-2-A" in text
    assert "3-card 3-2-A" in text
    assert {frozenset(r) for r in exp.rivals} == {frozenset(parse_cards("K♦ 2♥ A♠"))}


def test_one_card_that_pairs_and_shares_a_suit() -> None:
    exp = explain("2♣ 2♥ 3♣ 4♦")
    assert str(exp.value) == "3-card 4-3-2"
    (drop,) = exp.drops
    assert drop.card == _card("2♣")
    assert drop.same_rank == (_card("2♥"),)
    assert drop.same_suit == (_card("3♣"),)
    text = str(exp)
    assert "2♣ is dropped" in text
    assert "pairs with 2♥" in text
    assert "shares ♣ with 3♣" in text


def test_a_badugi_drops_nothing() -> None:
    exp = explain("7♠ 8♦ J♥ K♣")
    assert exp.drops == ()
    assert exp.rivals == ()
    assert exp.valid_subsets == 15
    text = str(exp)
    assert "is dropped: it" not in text
    assert "no card is dropped" in text
    assert "4-card K-J-8-7 (badugi)" in text


def test_equal_rival_is_called_a_tie() -> None:
    exp = explain("J♠ J♥ 8♠ 8♥")
    assert str(exp.value) == "2-card J-8"
    assert len(exp.drops) == 2
    assert len(exp.rivals) == 1
    assert evaluate(exp.rivals[0]) == exp.value
    assert "ties it (R2.7)" in str(exp)


def test_four_of_a_kind() -> None:
    exp = explain("7♠ 7♥ 7♦ 7♣")
    assert exp.value.size == 1
    assert len(exp.drops) == 3
    assert all(drop.same_suit == () and len(drop.same_rank) == 1 for drop in exp.drops)
    assert "the largest have 1 card\n" in str(exp) + "\n"


@given(hands)
def test_explanation_agrees_with_evaluate(cards: list[Card]) -> None:
    exp = explain(cards)
    value = evaluate(cards)
    assert exp.value == value
    assert str(exp.value) == str(value)
    assert exp.hand == tuple(cards)
    assert str(value) in str(exp)


@given(hands)
def test_every_dropped_card_clashes_with_a_playing_card(cards: list[Card]) -> None:
    exp = explain(cards)
    playing = set(exp.value.cards)
    assert {drop.card for drop in exp.drops} == set(cards) - playing
    for drop in exp.drops:
        assert drop.card not in playing
        clashes = [c for c in playing if c.rank == drop.card.rank or c.suit == drop.card.suit]
        assert clashes, f"{drop.card} drops without a clash"
        assert set(drop.same_rank) == {c for c in playing if c.rank == drop.card.rank}
        assert set(drop.same_suit) == {c for c in playing if c.suit == drop.card.suit}
        assert drop.card.pretty() in drop.reason()


@given(hands)
def test_subset_counts_and_rivals(cards: list[Card]) -> None:
    exp = explain(cards)
    groups = [g for n in range(1, len(cards) + 1) for g in itertools.combinations(cards, n)]
    assert exp.subsets == 2 ** len(cards) - 1
    valid = [g for g in groups if _playable(g)]
    assert exp.valid_subsets == len(valid)
    largest = {frozenset(g) for g in valid if len(g) == exp.value.size}
    assert all(len(g) <= exp.value.size for g in valid)
    rivals = {frozenset(r) for r in exp.rivals}
    assert rivals == largest - {frozenset(exp.value.cards)}
    for rival in exp.rivals:
        assert evaluate(rival) <= exp.value
    assert f"all {exp.subsets} subsets" in str(exp)
