"""Hand values (chapter R2): worked examples, text forms and order properties."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from badugi_spec.cards import DECK, Card, Rank, Suit, parse_cards
from badugi_spec.errors import CardError
from badugi_spec.rankings.house import HandValue, compare, evaluate, parse_value, winners
from tests.support import brute_key

hands = st.lists(st.sampled_from(DECK), min_size=1, max_size=4, unique=True)
four_card_hands = st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True)


def name(text: str) -> str:
    return str(evaluate(text))


# --- the house worked example (seed 000) ----------------------------------------------


def test_house_example_before_the_draw() -> None:
    value = evaluate("A♠ 2♥ 3♦ K♦")
    assert str(value) == "3-card 3-2-A"
    assert value.size == 3
    assert not value.is_badugi
    assert set(value.cards) == set(parse_cards("A♠ 2♥ 3♦"))
    assert value.ranks == (Rank.THREE, Rank.TWO, Rank.ACE)


def test_house_example_after_the_draw() -> None:
    value = evaluate("A♠ 2♥ 3♦ 4♣")
    assert str(value) == "4-card 4-3-2-A (badugi)"
    assert value.is_badugi
    assert value.size == 4
    assert compare("A♠ 2♥ 3♦ 4♣", "A♥ 2♣ 3♠ 7♦") == 1
    assert compare("A♥ 2♣ 3♠ 7♦", "A♠ 2♥ 3♦ 4♣") == -1
    assert evaluate("A♠ 2♥ 3♦ 4♣") > evaluate("A♥ 2♣ 3♠ 7♦")
    assert compare("A♠ 2♥ 3♦ 4♣", "A♠ 2♥ 3♦ K♦") == 1


def test_pretty_lists_the_playing_cards_high_first() -> None:
    assert evaluate("A♠ 2♥ 3♦ 4♣").pretty() == "4-card 4-3-2-A (badugi): 4♣ 3♦ 2♥ A♠"
    assert evaluate("K♦ A♠ 3♦ 2♥").pretty() == "3-card 3-2-A: 3♦ 2♥ A♠"


# --- seed 004: five hands and their order ----------------------------------------------

SEED_004 = [
    ("A♣ A♥ 2♠ 3♦", "3-card 3-2-A"),
    ("3♥ 4♠ 6♠ 7♣", "3-card 7-4-3"),
    ("2♣ 2♥ 3♣ 4♦", "3-card 4-3-2"),
    ("4♥ 4♣ 5♦ 6♦", "2-card 5-4"),
    ("7♠ 8♦ J♥ K♣", "4-card K-J-8-7 (badugi)"),
]


@pytest.mark.parametrize(("hand", "expected"), SEED_004)
def test_seed_004_values(hand: str, expected: str) -> None:
    assert name(hand) == expected


def test_seed_004_order_best_to_worst() -> None:
    values = [evaluate(hand) for hand, _ in SEED_004]
    ranked = sorted(values, reverse=True)
    assert [str(v) for v in ranked] == [
        "4-card K-J-8-7 (badugi)",
        "3-card 3-2-A",
        "3-card 4-3-2",
        "3-card 7-4-3",
        "2-card 5-4",
    ]
    assert winners(values) == (4,)


def test_seed_004_keeps_the_lower_suited_card() -> None:
    value = evaluate("3♥ 4♠ 6♠ 7♣")
    assert Card(Rank.FOUR, Suit.SPADES) in value.cards
    assert Card(Rank.SIX, Suit.SPADES) not in value.cards


# --- seed 003 ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("A♣ 3♦ 6♥ K♥", "3-card 6-3-A"),
        ("Q♠ Q♥ 8♦ J♣", "3-card Q-J-8"),
        ("J♠ J♥ 8♠ 8♥", "2-card J-8"),
        ("J♠ J♥ 8♦ 8♣", "2-card J-8"),
        ("7♠ 7♥ 7♦ 7♣", "1-card 7"),
        ("K♠ K♥ K♦ K♣", "1-card K"),
        ("2♦ 5♦ 9♦ K♦", "1-card 2"),
    ],
)
def test_seed_003_values(hand: str, expected: str) -> None:
    assert name(hand) == expected


def test_queens_reach_q_j_8_only_with_three_suits() -> None:
    # Q Q 8 J where the 8 and J share a suit: one of them must go.
    assert name("Q♠ Q♥ 8♦ J♦") == "2-card Q-8"
    # Both queens share a suit with the 8 or J: only two cards can play.
    assert name("Q♠ Q♦ 8♠ J♦") == "2-card J-8"


def test_j_j_8_8_plays_a_j_and_an_8_of_different_suits() -> None:
    value = evaluate("J♠ J♥ 8♠ 8♥")
    assert value.size == 2
    assert {c.rank for c in value.cards} == {Rank.JACK, Rank.EIGHT}
    assert len({c.suit for c in value.cards}) == 2


def test_more_cards_always_win() -> None:
    worst_badugi = evaluate("K♠ Q♥ J♦ 10♣")
    best_three = evaluate("A♠ 2♥ 3♦ 3♠")
    worst_three = evaluate("K♠ Q♥ J♦ J♠")
    best_two = evaluate("A♣ 2♦ A♦ 2♣")
    worst_two = evaluate("K♠ Q♥ K♥ Q♠")
    best_one = evaluate("A♠ 2♠ 3♠ 4♠")
    assert str(worst_three) == "3-card K-Q-J"
    assert str(best_two) == "2-card 2-A"
    assert str(worst_two) == "2-card K-Q"
    assert str(best_one) == "1-card A"
    assert worst_badugi > best_three
    assert worst_three > best_two
    assert worst_two > best_one
    assert compare("K♠ Q♥ J♦ J♠", "A♣ 2♦ A♦ 2♣") == 1


# --- hands that defeat the shortcut (R2.5) --------------------------------------------


def test_pair_and_suit_clash_on_one_card() -> None:
    value = evaluate("2♣ 2♥ 3♣ 4♦")
    assert str(value) == "3-card 4-3-2"
    assert set(value.cards) == set(parse_cards("2♥ 3♣ 4♦"))


def test_two_suits_give_two_cards() -> None:
    value = evaluate("A♣ 2♣ A♦ 3♦")
    assert str(value) == "2-card 2-A"
    assert set(value.cards) == set(parse_cards("2♣ A♦"))


def test_ace_pair_with_suited_three() -> None:
    value = evaluate("A♣ 3♣ A♦ 2♥")
    assert str(value) == "3-card 3-2-A"
    assert set(value.cards) == set(parse_cards("A♦ 3♣ 2♥"))


def test_last_card_decides() -> None:
    assert compare("8♠ 6♥ 4♦ A♣", "8♥ 6♦ 4♣ 2♠") == 1
    assert compare("8♥ 6♦ 4♣ 2♠", "8♠ 6♥ 4♦ A♣") == -1


def test_first_difference_decides() -> None:
    assert compare("4♠ 3♥ 2♦ A♣", "7♠ 3♥ 2♦ A♣") == 1
    # The top card decides even when the rest is worse.
    assert compare("7♠ 6♥ 5♦ 4♣", "8♠ 3♥ 2♦ A♣") == 1


def test_suits_never_break_ties() -> None:
    a, b = evaluate("A♠ 2♥ 3♦ 4♣"), evaluate("A♥ 2♣ 3♠ 4♦")
    assert a == b
    assert hash(a) == hash(b)
    assert compare("A♠ 2♥ 3♦ 4♣", "A♥ 2♣ 3♠ 4♦") == 0
    assert winners([a, b]) == (0, 1)
    assert winners([evaluate("K♠ K♥ K♦ K♣"), a, b]) == (1, 2)


def test_fewer_than_four_cards() -> None:
    assert name("A♠") == "1-card A"
    assert name("A♠ 2♠") == "1-card A"
    assert name("5♥ 2♣ 9♦") == "3-card 9-5-2"


@pytest.mark.parametrize("text", ["", "As 2h 3d 4c 5s", "As 2h As"])
def test_evaluate_rejects_bad_hands(text: str) -> None:
    with pytest.raises(CardError):
        evaluate(text)


def test_evaluate_rejects_repeated_card_objects() -> None:
    card = Card(Rank.ACE, Suit.SPADES)
    with pytest.raises(CardError, match="duplicate"):
        evaluate([card, card])


# --- text forms --------------------------------------------------------------------------


def test_ten_is_written_10() -> None:
    assert name("10♠ 2♥ 3♦ 4♣") == "4-card 10-4-3-2 (badugi)"
    assert name("K♠ Q♥ J♦ T♣") == "4-card K-Q-J-10 (badugi)"
    assert name("Ts Th") == "1-card 10"


def test_parse_value_reads_names() -> None:
    strength, ranks = parse_value("4-card 4-3-2-A (badugi)")
    assert strength == evaluate("A♠ 2♥ 3♦ 4♣").strength
    assert ranks == (Rank.FOUR, Rank.THREE, Rank.TWO, Rank.ACE)
    assert parse_value("3-2-A")[0] == evaluate("A♠ 2♥ 3♦ K♦").strength
    assert parse_value("K-J-8-7")[0] == evaluate("7♠ 8♦ J♥ K♣").strength
    assert parse_value("A-2-3")[1] == (Rank.THREE, Rank.TWO, Rank.ACE)
    assert parse_value("1-card 10")[1] == (Rank.TEN,)
    assert parse_value("T-9")[0] == parse_value("10-9")[0]


@given(hands)
def test_parse_value_round_trips(cards: list[Card]) -> None:
    value = evaluate(cards)
    assert parse_value(str(value)) == (value.strength, value.ranks)
    bare = "-".join(rank.label for rank in value.ranks)
    assert parse_value(bare) == (value.strength, value.ranks)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "(badugi)",
        "3-card 3-3-A",
        "5-card 6-5-4-3-2",
        "4-card 3-2-A",
        "2-card 3-2-A",
        "3-card Z-2-A",
        "3-card 1-2-A",
        "x-card 2-A",
        "2-card",
        "3-card 3-2-A extra",
    ],
)
def test_parse_value_rejects_bad_names(text: str) -> None:
    with pytest.raises(CardError):
        parse_value(text)


def test_parse_value_rejects_badugi_mark_on_a_smaller_hand() -> None:
    # "(badugi)" means four playable cards; like a wrong "N-card" prefix, it must match.
    with pytest.raises(CardError):
        parse_value("3-card 3-2-A (badugi)")


# --- properties ----------------------------------------------------------------------------


@given(hands)
def test_value_matches_independent_brute_force(cards: list[Card]) -> None:
    value = evaluate(cards)
    size, negated = brute_key(cards)
    assert value.size == size
    assert tuple(rank.order for rank in value.ranks) == tuple(-n for n in negated)
    assert set(value.cards) <= set(cards)
    assert len({c.rank for c in value.cards}) == len({c.suit for c in value.cards}) == size


@given(hands, st.randoms(use_true_random=False))
def test_value_ignores_card_order(cards: list[Card], rng: random.Random) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)
    a, b = evaluate(cards), evaluate(shuffled)
    assert a == b
    assert a.strength == b.strength
    assert str(a) == str(b)


@given(hands, st.permutations(list(Suit)))
def test_value_ignores_suit_relabelling(cards: list[Card], new_suits: list[Suit]) -> None:
    relabel = dict(zip(Suit, new_suits, strict=True))
    renamed = [Card(card.rank, relabel[card.suit]) for card in cards]
    a, b = evaluate(cards), evaluate(renamed)
    assert a == b
    assert hash(a) == hash(b)
    assert str(a) == str(b)
    assert compare(cards, renamed) == 0


@given(hands, hands)
def test_comparison_is_total_and_antisymmetric(x: list[Card], y: list[Card]) -> None:
    a, b = evaluate(x), evaluate(y)
    assert [a < b, a == b, a > b].count(True) == 1
    assert (a < b) == (b > a)
    assert (a == b) == (b == a)
    assert (a <= b) == (not a > b)
    assert compare(x, y) == -compare(y, x)
    assert compare(x, y) == (brute_key(x) > brute_key(y)) - (brute_key(x) < brute_key(y))


@given(hands, hands, hands)
def test_comparison_is_transitive(x: list[Card], y: list[Card], z: list[Card]) -> None:
    values = [evaluate(x), evaluate(y), evaluate(z)]
    chains = 0
    for a, b, c in itertools.permutations(values):
        if a <= b and b <= c:
            chains += 1
            assert a <= c
            if a < b or b < c:
                assert a < c
            if a == c:
                assert a == b == c
                assert hash(a) == hash(c)
    assert chains >= 1  # a total order always has a sorted arrangement


@given(hands, hands)
def test_equality_ignores_suits_and_hash_follows(x: list[Card], y: list[Card]) -> None:
    a, b = evaluate(x), evaluate(y)
    same_ranks = a.ranks == b.ranks
    assert (a == b) == same_ranks
    if a == b:
        assert hash(a) == hash(b)
        assert len({a, b}) == 1


@given(st.lists(hands, min_size=1, max_size=6))
def test_winners_are_exactly_the_best(many: list[list[Card]]) -> None:
    values = [evaluate(cards) for cards in many]
    best = winners(values)
    assert best
    keys = [brute_key(cards) for cards in many]
    top = max(keys)
    assert best == tuple(i for i, key in enumerate(keys) if key == top)


def test_hand_value_is_frozen() -> None:
    value = evaluate("A♠ 2♥ 3♦ 4♣")
    with pytest.raises(AttributeError):
        value.strength = 0  # type: ignore[misc]


def test_comparing_with_other_types_is_a_type_error() -> None:
    # Ordering against a non-value should follow Python's protocol (NotImplemented ->
    # TypeError), not crash inside the method.
    value: HandValue = evaluate("A♠ 2♥ 3♦ 4♣")
    assert value != 3
    with pytest.raises(TypeError):
        _ = value < 3
    with pytest.raises(TypeError):
        _ = value >= "4-card 4-3-2-A"
