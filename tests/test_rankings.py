"""The ranking registry and its values: reference hands, text forms, comparisons, errors."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import badugi_spec
from badugi_spec.cards import DECK, parse_cards
from badugi_spec.errors import CardError, RankingError
from badugi_spec.rankings import (
    RANKINGS,
    Category,
    RankedValue,
    category,
    compare,
    evaluate,
    ranking,
    ranking_names,
    winners,
)
from badugi_spec.rankings import house as hands
from badugi_spec.rankings import lows as lows_module
from badugi_spec.rankings.explain import explain

# FAMILY-NOTES §3.3, checked there with PokerKit and an independent evaluator, in our notation.
REFERENCE = [
    # hand, badugi (aces low), badugi-ace-high, low-2-7, low-a-5
    (
        "2♠ 3♥ 4♦ 5♣ 7♠",
        "4-card 5-4-3-2 (badugi)",
        "4-card 5-4-3-2 (badugi)",
        "7-5-4-3-2",
        "7-5-4-3-2",
    ),
    (
        "A♠ 2♥ 3♦ 4♣ 5♠",
        "4-card 4-3-2-A (badugi)",
        "4-card 5-4-3-2 (badugi)",
        "A-5-4-3-2",
        "5-4-3-2-A",
    ),
    (
        "A♠ 2♥ 3♦ 4♣ K♠",
        "4-card 4-3-2-A (badugi)",
        "4-card K-4-3-2 (badugi)",
        "A-K-4-3-2",
        "K-4-3-2-A",
    ),
    (
        "A♠ 2♥ 3♦ 4♣ 9♠",
        "4-card 4-3-2-A (badugi)",
        "4-card 9-4-3-2 (badugi)",
        "A-9-4-3-2",
        "9-4-3-2-A",
    ),
    (
        "2♠ 3♥ 4♦ 6♣ K♦",
        "4-card 6-4-3-2 (badugi)",
        "4-card 6-4-3-2 (badugi)",
        "K-6-4-3-2",
        "K-6-4-3-2",
    ),
    (
        "3♠ 4♥ 5♦ 6♣ 7♦",
        "4-card 6-5-4-3 (badugi)",
        "4-card 6-5-4-3 (badugi)",
        "7-6-5-4-3 (straight)",
        "7-6-5-4-3",
    ),
    ("2♥ 3♥ 4♥ 5♥ 7♥", "1-card 2", "1-card 2", "7-5-4-3-2 (flush)", "7-5-4-3-2"),
    ("A♥ 2♥ 3♥ 4♥ 5♥", "1-card A", "1-card 2", "A-5-4-3-2 (flush)", "5-4-3-2-A"),
    (
        "2♠ 2♥ 3♦ 4♣ 8♠",
        "4-card 8-4-3-2 (badugi)",
        "4-card 8-4-3-2 (badugi)",
        "2-2-8-4-3 (pair)",
        "2-2-8-4-3 (pair)",
    ),
]
NAMES = ["badugi", "badugi-ace-high", "low-2-7", "low-a-5"]


@pytest.mark.parametrize("row", REFERENCE, ids=[row[0] for row in REFERENCE])
def test_reference_hands(row: tuple[str, ...]) -> None:
    hand, *expected = row
    for name, text in zip(NAMES, expected, strict=True):
        value = ranking(name).evaluate(hand)
        assert str(value) == text, name
        assert ranking(name).parse_value(text) == value.strength


def test_the_badugi_half_drops_the_pair_card_that_clashes() -> None:
    # 2♠ 2♥ 3♦ 4♣ 8♠: the 2♠ pairs with 2♥ and shares ♠ with 8♠, so the 2♥ plays.
    value = ranking("badugi").evaluate("2♠ 2♥ 3♦ 4♣ 8♠")
    assert value.cards == parse_cards("8♠ 4♣ 3♦ 2♥")


def test_contrast_pair_scoops_opposite_ways() -> None:
    first, second = "A♠ 2♥ 3♦ 4♣ 9♠", "2♠ 3♥ 4♦ 6♣ K♦"
    # Badeucy: the second hand wins both halves; Badacy: the first hand does.
    assert compare(second, first, ranking="badugi-ace-high") == 1
    assert compare(second, first, ranking="low-2-7") == 1
    assert compare(first, second, ranking="badugi") == 1
    assert compare(first, second, ranking="low-a-5") == 1


@pytest.mark.parametrize(
    ("name", "best", "worse", "text"),
    [
        ("badugi", "A♠ 2♥ 3♦ 4♣ 9♠", "A♥ 2♣ 3♠ 5♦ 9♥", "4-card 4-3-2-A (badugi)"),
        ("badugi-ace-high", "2♠ 3♥ 4♦ 5♣ 5♠", "2♥ 3♦ 4♣ 6♠ 6♥", "4-card 5-4-3-2 (badugi)"),
        ("low-2-7", "2♠ 3♥ 4♦ 5♣ 7♠", "2♥ 3♦ 4♣ 6♠ 7♥", "7-5-4-3-2"),
        ("low-a-5", "A♠ 2♥ 3♦ 4♣ 5♠", "A♥ 2♣ 3♠ 4♦ 6♥", "5-4-3-2-A"),
    ],
)
def test_the_best_hands(name: str, best: str, worse: str, text: str) -> None:
    # That nothing beats them is the exhaustive test's business; here, the names.
    chosen = ranking(name)
    top = chosen.evaluate(best)
    assert str(top) == text
    assert top > chosen.evaluate(worse)


def test_lows_count_and_ignore_the_right_things() -> None:
    low27, low_a5 = ranking("low-2-7"), ranking("low-a-5")
    # A wheel wins A-5 and is merely ace high in 2-7, worse than any king high.
    assert low_a5.evaluate("A♠ 2♥ 3♦ 4♣ 5♠") > low_a5.evaluate("A♥ 2♣ 3♠ 4♦ 6♥")
    assert low27.evaluate("K♠ Q♥ J♦ 9♣ 8♠") > low27.evaluate("A♠ 2♥ 3♦ 4♣ 5♠")
    # 6-5-4-3-2 is a straight in 2-7 and loses to three of a kind.
    assert str(low27.evaluate("6♠ 5♥ 4♦ 3♣ 2♠")) == "6-5-4-3-2 (straight)"
    assert low27.evaluate("7♠ 7♥ 7♦ 3♣ 2♠") > low27.evaluate("6♠ 5♥ 4♦ 3♣ 2♠")
    # Broadway is a straight in 2-7 (the ace is high); a flush counts; pairs count in both.
    assert str(low27.evaluate("A♠ K♥ Q♦ J♣ 10♠")) == "A-K-Q-J-10 (straight)"
    assert str(low27.evaluate("9♥ 7♥ 5♥ 3♥ 2♥")) == "9-7-5-3-2 (flush)"
    assert str(low27.evaluate("6♥ 5♥ 4♥ 3♥ 2♥")) == "6-5-4-3-2 (straight flush)"
    assert str(low_a5.evaluate("6♥ 5♥ 4♥ 3♥ 2♥")) == "6-5-4-3-2"
    # In A-5 three of a kind beats a full house, as high poker turned upside down.
    assert low_a5.evaluate("7♠ 7♥ 7♦ 3♣ 2♠") > low_a5.evaluate("2♠ 2♥ 2♦ 3♣ 3♠")
    assert str(low_a5.evaluate("A♠ A♥ 2♦ 2♣ K♠")) == "2-2-A-A-K (two pair)"
    assert str(low27.evaluate("A♠ A♥ 2♦ 2♣ K♠")) == "A-A-2-2-K (two pair)"
    assert category(low27.evaluate("9♥ 7♥ 5♥ 3♥ 2♥")) is Category.FLUSH
    with pytest.raises(ValueError, match="not a five-card low"):
        category(ranking("badugi").evaluate("A♠ 2♥ 3♦ 4♣"))


def test_registry() -> None:
    assert ranking_names() == tuple(NAMES)
    assert list(RANKINGS) == NAMES
    for name in NAMES:
        chosen = ranking(name)
        assert chosen.name == name
        assert repr(chosen) == f"Ranking({name})"
        assert chosen.rule.startswith("R9.")
    assert [ranking(n).cards_used for n in NAMES] == [4, 4, 5, 5]
    with pytest.raises(RankingError, match=r"unknown hand ranking 'razz'.*low-a-5"):
        ranking("razz")
    with pytest.raises(RankingError):
        evaluate("A♠ 2♥ 3♦ 4♣ 5♠", ranking="2-7")


def test_package_level_evaluate() -> None:
    # Without a ranking, exactly the house evaluator; with one, that ranking's value.
    house = badugi_spec.evaluate("A♠ 2♥ 3♦ K♦")
    assert isinstance(house, hands.HandValue)
    assert house == hands.evaluate("A♠ 2♥ 3♦ K♦")
    low = badugi_spec.evaluate("A♠ 2♥ 3♦ 4♣ 5♠", ranking="low-2-7")
    assert isinstance(low, RankedValue)
    assert low.pretty() == "A-5-4-3-2: A♠ 5♠ 4♣ 3♦ 2♥"
    assert badugi_spec.compare("A♠ 2♥ 3♦ 4♣", "A♥ 2♣ 3♠ 7♦") == 1
    assert badugi_spec.compare("A♠ 2♥ 3♦ 4♣ 5♠", "A♥ 2♣ 3♠ 4♦ 5♥", ranking="low-2-7") == 0


def test_values_of_different_rankings_do_not_compare() -> None:
    a = ranking("badugi").evaluate("2♠ 3♥ 4♦ 5♣ 7♠")
    b = ranking("badugi-ace-high").evaluate("2♠ 3♥ 4♦ 5♣ 7♠")
    assert str(a) == str(b)  # the same reading, and yet:
    assert a != b
    with pytest.raises(TypeError, match="badugi value cannot be compared"):
        _ = a < b
    assert a.__lt__(5) is NotImplemented
    assert a != "4-card 5-4-3-2 (badugi)"
    assert len({a, b, ranking("badugi").evaluate("2♥ 3♠ 4♣ 5♦")}) == 2  # suits never matter


def test_hand_sizes() -> None:
    assert str(evaluate("K♦ 3♠", ranking="badugi-ace-high")) == "2-card K-3"
    with pytest.raises(CardError, match="a low-2-7 hand has 5 cards, got 4"):
        evaluate("A♠ 2♥ 3♦ 4♣", ranking="low-2-7")
    with pytest.raises(CardError, match="a badugi hand has 1 to 5 cards, got 6"):
        evaluate("A♠ 2♥ 3♦ 4♣ 5♠ 6♠", ranking="badugi")
    with pytest.raises(CardError, match="duplicate"):
        evaluate("A♠ A♠ 3♦ 4♣ 5♠", ranking="low-a-5")


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("low-2-7", "7-6-5-4-3", "those ranks make 7-6-5-4-3 \\(straight\\)"),
        ("low-2-7", "7-5-4-3-2 (pair)", "those ranks make 7-5-4-3-2"),
        (
            "low-a-5",
            "7-5-4-3-2 (flush)",
            "not a low-a-5 value: those ranks make 7-5-4-3-2 \\(R9.6\\)",
        ),
        ("low-2-7", "2-2-8-4-3 (flush)", "those ranks make 2-2-8-4-3 \\(pair\\)"),
        ("low-2-7", "7-5-4-3", "not a five-card low"),
        ("low-2-7", "2-2-2-2-2 (four of a kind)", "not a five-card low"),
        ("low-2-7", "7-5-4-3-X", "unknown rank 'X'"),
        ("low-a-5", "7-5-4-3-2 (royal)", "unknown category 'royal'"),
        ("badugi-ace-high", "4-card A-A-3-2", "different ranks"),
    ],
)
def test_parse_errors(name: str, text: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        ranking(name).parse_value(text)


def test_parse_is_lenient_about_order_and_spelling() -> None:
    low27 = ranking("low-2-7")
    expected = low27.evaluate("2♠ 2♥ 8♦ 4♣ 3♠").strength
    for text in ("2-2-8-4-3 (pair)", "8-4-3-2-2 (one pair)", "5-card 2 2 8 4 3 (Pair)"):
        assert low27.parse_value(text) == expected
    assert low27.parse_value("T-9-8-7-6 (straight)") == low27.parse_value("10-9-8-7-6 (straight)")
    ace_high = ranking("badugi-ace-high")
    assert ace_high.parse_value("2-3-4-A") == ace_high.evaluate("A♠ 2♥ 3♦ 4♣").strength
    assert ace_high.parse_value("4-card A-4-3-2 (badugi)") < ace_high.parse_value("K-Q-J-10")


@given(st.sampled_from(NAMES), st.randoms(use_true_random=False))
def test_text_round_trips(name: str, rng: random.Random) -> None:
    chosen = ranking(name)
    size = rng.choice(chosen.hand_sizes)
    value = chosen.evaluate(rng.sample(DECK, size))
    assert chosen.parse_value(str(value)) == value.strength
    assert chosen.describe(value.strength) == str(value)
    assert set(value.cards) <= set(value.hand)
    assert len(value.cards) == (5 if chosen.cards_used == 5 else value.strength >> 16)
    # The strength hot path gives the same answer in any card order.
    indexes = [card.index for card in value.hand]
    rng.shuffle(indexes)
    assert chosen.strength(indexes) == value.strength


def test_badugi_explanations_are_the_house_ones_on_four_cards() -> None:
    rng = random.Random(3)
    for _ in range(300):
        hand = rng.sample(DECK, 4)
        assert ranking("badugi").evaluate(hand).explain().lines == tuple(explain(hand).lines())


def test_explanations() -> None:
    text = str(evaluate("A♠ 2♥ 3♦ 4♣ 9♠", ranking="badugi-ace-high").explain())
    assert "plays 4-card 9-4-3-2 (badugi): 9♠ 4♣ 3♦ 2♥" in text
    assert "A♠ is dropped: it shares ♠ with 9♠" in text
    assert "all 31 subsets were considered (R2.5)" in text
    assert "the ace plays high, above the king (R9.3)" in text
    assert "A♠ 4♣ 3♦ 2♥ would play 4-card A-4-3-2 (badugi), which is worse (R9.3)" in text

    wheel27 = str(evaluate("A♠ 2♥ 3♦ 4♣ 5♠", ranking="low-2-7").explain())
    assert "not a straight: the ace is high in low-2-7" in wheel27
    assert "not a flush: the cards are in 4 suits" in wheel27
    wheel_a5 = str(evaluate("A♥ 2♥ 3♥ 4♥ 5♥", ranking="low-a-5").explain())
    assert "5-4-3-2-A are five ranks in a row, but straights do not count (R9.6)" in wheel_a5
    assert "all five are ♥, but flushes do not count (R9.6)" in wheel_a5
    assert "aces are low (R9.6)" in wheel_a5
    straight = str(evaluate("3♠ 4♥ 5♦ 6♣ 7♦", ranking="low-2-7").explain())
    assert "a straight: 7-6-5-4-3 are five ranks in a row, which counts against it (R9.5)" in (
        straight
    )
    flush = str(evaluate("2♥ 3♥ 4♥ 5♥ 7♥", ranking="low-2-7").explain())
    assert "a flush: all five are ♥, which counts against it (R9.5)" in flush
    house = str(evaluate("7♠ 7♥ 7♦ 2♣ 2♠", ranking="low-a-5").explain())
    assert "full house: three 7s (7♠ 7♥ 7♦) and a pair of 2s (2♣ 2♠)" in house
    assert "not a straight" not in house
    pair = str(evaluate("K♠ K♥ 4♦ 3♣ 2♠", ranking="low-2-7").explain())
    assert "pair: a pair of kings (K♠ K♥)" in pair
    assert "no pair, pair, two pair, three of a kind, straight, flush" in pair
    assert "neither a straight nor a flush: a repeated rank" in pair
    assert "neither a straight nor a flush" not in house, "ace-to-five counts neither"
    # Which cards play: all five, in reading order, the pair first.
    assert pair.splitlines()[0].endswith("plays K-K-4-3-2 (pair): K♠ K♥ 4♦ 3♣ 2♠")


def test_reasons() -> None:
    def why(name: str, a: str, b: str) -> str:
        return ranking(name).evaluate(a).reason_against(ranking(name).evaluate(b))

    assert why("low-2-7", "K♠ K♥ 4♦ 3♣ 2♠", "6♠ 5♥ 4♦ 3♣ 2♥") == (
        "pair beats straight in low-2-7 (R9.5)"
    )
    assert why("low-a-5", "8♠ 5♥ 4♦ 3♣ 2♠", "8♥ 6♥ 4♣ 3♦ 2♥").endswith(
        "the first difference in reading order is 5 against 6; the lower card wins (R9.4)"
    )
    assert why("badugi-ace-high", "K♠ 4♣ 3♦ 2♥", "A♠ 4♥ 3♣ 2♦") == (
        "same size, and the first difference from the top is K against A;"
        " the lower card wins (R9.3)"
    )
    assert why("badugi", "K♠ Q♥ J♦ 10♣ 9♣", "A♠ 2♥ 3♦ 3♣") == "4 playable cards beat 3 (R2.3)"
    with pytest.raises(ValueError, match="does not beat"):
        why("low-2-7", "6♠ 5♥ 4♦ 3♣ 2♥", "K♠ K♥ 4♦ 3♣ 2♠")


def test_strength_hot_path_survives_a_table_reset() -> None:
    chosen = ranking("badugi-ace-high")
    before = chosen.strength([0, 5, 10, 15, 20])
    hands.reset_table()
    assert chosen.strength([0, 5, 10, 15, 20]) == before
    with pytest.raises(CardError, match="not a hand of 1 to 5 distinct cards"):
        chosen.strength([])


def test_a_low_ranking_is_made_from_its_rules() -> None:
    # A variant, as a mutant would be: A-5 that counts straights against the hand.
    rules = dataclasses.replace(
        lows_module.LOW_A_5_RULES,
        straights_count=True,
        categories=(*lows_module.LOW_A_5_RULES.categories[:4], Category.STRAIGHT,
                    *lows_module.LOW_A_5_RULES.categories[4:]),
    )  # fmt: skip
    wrong = lows_module.low_ranking(name="low-a-5", title="A-5 with straights", rules=rules)
    wheel = wrong.evaluate("A♠ 2♥ 3♦ 4♣ 5♠")  # its tables are built on first use
    assert str(wheel) == "5-4-3-2-A (straight)"
    assert category(wheel) is Category.STRAIGHT
    assert wheel < wrong.evaluate("2♠ 2♥ 3♦ 4♣ 5♠")
    assert ranking("low-a-5").evaluate("A♠ 2♥ 3♦ 4♣ 5♠") != wheel  # another ranking
    # The hot path is unchecked (`evaluate` checks), but an index off the deck is one line,
    # and five of one rank lands on a leaf below every hand a deck can make.
    with pytest.raises(CardError, match=r"not five cards of one deck: \[52, 0, 1, 2, 3\]"):
        wrong.strength([52, 0, 1, 2, 3])
    assert wrong.strength([0, 0, 0, 0, 0]) == lows_module.IMPOSSIBLE < wheel.strength
    for low in (ranking("low-2-7"), ranking("low-a-5")):
        for rank in range(13):  # all four suits of a rank, then the first again
            five = [4 * rank, 4 * rank + 1, 4 * rank + 2, 4 * rank + 3, 4 * rank]
            assert low.strength(five) == lows_module.IMPOSSIBLE, (low.name, rank)


def test_winners_of_a_pot_half() -> None:
    low = ranking("low-2-7")
    values = [low.evaluate(h) for h in ("7♠ 5♥ 4♦ 3♣ 2♠", "K♠ K♥ 4♥ 3♥ 2♦", "7♥ 5♣ 4♠ 3♦ 2♥")]
    assert winners(values) == (0, 2)
    assert winners(values[1:2]) == (0,)
    with pytest.raises(TypeError):
        winners([values[0], ranking("low-a-5").evaluate("7♠ 5♥ 4♦ 3♣ 2♠")])
    with pytest.raises(ValueError, match="no values"):
        winners([])


def test_the_rankings_page_shows_every_ranking_with_the_reference_hands() -> None:
    from badugi_spec.docs.rankings_odds import rankings_md

    page = rankings_md(lambda rule: f"[{rule}](#{rule})").split("## The five-card games", 1)[1]
    for name in ("badugi", "badugi-ace-high", "low-2-7", "low-a-5"):
        assert f"- `{name}`, " in page, name
    rows = [line for line in page.splitlines() if line.startswith("| <span")]
    assert len(rows) == 9
    wheel = next(row for row in rows if row.startswith('| <span class="card hearts">A♥'))
    cells = wheel.split(" | ")
    assert [cell.split(":", 1)[0] for cell in cells[1:]] == [
        "1-card A", "1-card 2", "A-5-4-3-2 (flush)", "5-4-3-2-A"
    ]  # fmt: skip
    assert "[R9.5](#R9.5)" in page and "[R9.6](#R9.6)" in page
