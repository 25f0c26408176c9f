"""Card notation: parsing in every accepted form, round trips, and errors with a place."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from badugi_spec import cards as cards_module
from badugi_spec.cards import (
    DECK,
    Card,
    Rank,
    Suit,
    as_cards,
    cards_of,
    format_cards,
    parse_cards,
)
from badugi_spec.errors import BadugiError, CardError

AS = Card(Rank.ACE, Suit.SPADES)
TWO_H = Card(Rank.TWO, Suit.HEARTS)
THREE_D = Card(Rank.THREE, Suit.DIAMONDS)
KING_D = Card(Rank.KING, Suit.DIAMONDS)
TEN_H = Card(Rank.TEN, Suit.HEARTS)

# Written out here rather than taken from the module, so a wrong table there shows up.
SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUIT_LETTER = {Suit.SPADES: "s", Suit.HEARTS: "h", Suit.DIAMONDS: "d", Suit.CLUBS: "c"}
RANK_TEXT = "A23456789TJQK"


# --- the deck --------------------------------------------------------------------------


def test_deck_has_52_distinct_cards() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert {card.rank for card in DECK} == set(Rank)
    assert {card.suit for card in DECK} == set(Suit)


def test_deck_index_round_trips() -> None:
    assert [card.index for card in DECK] == list(range(52))
    for index in range(52):
        assert Card.from_index(index).index == index


def test_ace_is_lowest_and_king_highest() -> None:
    ordered = sorted(Rank, key=lambda rank: rank.order)
    assert [rank.value for rank in ordered] == list(RANK_TEXT)
    assert Rank.ACE < Rank.TWO < Rank.TEN < Rank.KING
    assert not Rank.KING < Rank.ACE


# --- accepted forms ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As", AS),
        ("A♠", AS),
        ("as", AS),
        ("AS", AS),
        ("aS", AS),
        ("10h", TEN_H),
        ("Th", TEN_H),
        ("th", TEN_H),
        ("tH", TEN_H),
        ("10H", TEN_H),
        ("10♥", TEN_H),
        ("T♥", TEN_H),
        ("  Kd  ", KING_D),
        ("K♦", KING_D),
    ],
)
def test_single_card_forms(text: str, expected: Card) -> None:
    assert Card.parse(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "A♠2♥3♦K♦",
        "A♠ 2♥ 3♦ K♦",
        "As2h3dKd",
        "As 2h 3d Kd",
        "As,2h;3d-Kd",
        "as, 2H ; 3d / kD",
        "AS|2H|3D|KD",
        "As\t2h\n3d  Kd",
        "[As, 2h, 3d, Kd]",
        "A♠,2h 3♦-kd",
    ],
)
def test_four_cards_any_separators(text: str) -> None:
    assert parse_cards(text) == (AS, TWO_H, THREE_D, KING_D)
    assert parse_cards(text, count=4) == (AS, TWO_H, THREE_D, KING_D)


def test_ten_written_both_ways_without_separators() -> None:
    assert parse_cards("10h10sTcTd") == (
        TEN_H,
        Card(Rank.TEN, Suit.SPADES),
        Card(Rank.TEN, Suit.CLUBS),
        Card(Rank.TEN, Suit.DIAMONDS),
    )


def test_empty_text_is_no_cards() -> None:
    assert parse_cards("") == ()
    assert parse_cards(" , ; ") == ()


@pytest.mark.parametrize("card", DECK, ids=str)
def test_str_round_trips(card: Card) -> None:
    text = str(card)
    assert len(text) == 2
    assert text == RANK_TEXT[card.rank.order - 1] + SUIT_LETTER[card.suit]
    assert Card.parse(text) == card


@pytest.mark.parametrize("card", DECK, ids=str)
def test_pretty_round_trips(card: Card) -> None:
    pretty = card.pretty()
    assert pretty.endswith(SUIT_SYMBOL[card.suit])
    rank_part = pretty.removesuffix(SUIT_SYMBOL[card.suit])
    assert rank_part == ("10" if card.rank is Rank.TEN else card.rank.value)
    assert Card.parse(pretty) == card


def test_format_cards_round_trips() -> None:
    cards = (AS, TEN_H, THREE_D, KING_D)
    assert format_cards(cards) == "A♠ 10♥ 3♦ K♦"
    assert format_cards(cards, pretty=False) == "As Th 3d Kd"
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, pretty=False)) == cards


def test_as_cards_accepts_text_or_cards() -> None:
    assert as_cards("As 2h") == (AS, TWO_H)
    assert as_cards([AS, TWO_H]) == (AS, TWO_H)
    assert as_cards(iter([KING_D])) == (KING_D,)


def test_as_cards_rejects_repeated_card_objects() -> None:
    with pytest.raises(CardError, match="duplicate") as info:
        as_cards([AS, TWO_H, AS])
    assert "A♠" in str(info.value)


# --- errors --------------------------------------------------------------------------------


def _error(text: str, *, count: int | None = None) -> str:
    with pytest.raises(CardError) as info:
        parse_cards(text, count=count)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_card_error_is_a_badugi_error_and_value_error() -> None:
    with pytest.raises(BadugiError):
        parse_cards("Xx")
    with pytest.raises(ValueError):
        parse_cards("Xx")


def test_unknown_rank_names_token_and_column() -> None:
    message = _error("As 2h Xd")
    assert "unknown rank" in message
    assert "'Xd'" in message
    assert "card 3" in message
    assert "column 7" in message


def test_unknown_rank_one_is_not_ten() -> None:
    message = _error("1h")
    assert "unknown rank" in message
    assert "'1h'" in message
    assert "column 1" in message


def test_unknown_suit_names_token_and_column() -> None:
    message = _error("As 2x 3d")
    assert "unknown suit" in message
    assert "'2x'" in message
    assert "'x'" in message
    assert "card 2" in message
    assert "column 4" in message


def test_unknown_suit_after_ten() -> None:
    message = _error("Kd,10z")
    assert "unknown suit" in message
    assert "'10z'" in message
    assert "card 2" in message
    assert "column 4" in message


def test_missing_suit_at_end() -> None:
    message = _error("As 2h 3")
    assert "missing suit" in message
    assert "'3'" in message
    assert "card 3" in message
    assert "column 7" in message


def test_missing_suit_before_separator() -> None:
    message = _error("10 h")
    assert "missing suit" in message
    assert "'10'" in message
    assert "column 1" in message


def test_duplicate_names_both_places() -> None:
    message = _error("As 2h as")
    assert "duplicate" in message
    assert "A♠" in message
    assert "card 3" in message
    assert "column 7" in message
    assert "card 1" in message


def test_duplicate_across_notations() -> None:
    message = _error("A♠2♥As")
    assert "duplicate" in message
    assert "card 3" in message
    assert "column 5" in message


@pytest.mark.parametrize(("text", "got"), [("As 2h 3d", 3), ("As 2h 3d Kd 5c", 5), ("", 0)])
def test_wrong_count(text: str, got: int) -> None:
    message = _error(text, count=4)
    assert "expected 4 cards" in message
    assert f"got {got}" in message


def test_card_parse_wants_exactly_one() -> None:
    with pytest.raises(CardError, match="expected 1 card,"):
        Card.parse("As 2h")
    with pytest.raises(CardError, match="got 0"):
        Card.parse("")


# --- property: any mix of forms and separators round-trips ----------------------------


def _rank_forms(rank: Rank) -> list[str]:
    letter = RANK_TEXT[rank.order - 1]
    forms = [letter, letter.lower()]
    if rank is Rank.TEN:
        forms.append("10")
    return forms


def _suit_forms(suit: Suit) -> list[str]:
    letter = SUIT_LETTER[suit]
    return [letter, letter.upper(), SUIT_SYMBOL[suit]]


SEPARATORS = ["", " ", "  ", ",", ", ", ";", "-", "/", "|", "\t", "\n", " ; "]


@st.composite
def written_hands(draw: st.DrawFn) -> tuple[list[Card], str]:
    cards = draw(st.lists(st.sampled_from(DECK), min_size=0, max_size=10, unique=True))
    pieces = [draw(st.sampled_from(["", " ", "\n"]))]
    for number, card in enumerate(cards):
        if number:
            pieces.append(draw(st.sampled_from(SEPARATORS)))
        pieces.append(draw(st.sampled_from(_rank_forms(card.rank))))
        pieces.append(draw(st.sampled_from(_suit_forms(card.suit))))
    pieces.append(draw(st.sampled_from(["", " ", ","])))
    return cards, "".join(pieces)


@given(written_hands())
def test_any_written_form_round_trips(case: tuple[list[Card], str]) -> None:
    cards, text = case
    assert parse_cards(text) == tuple(cards)
    assert parse_cards(text, count=len(cards)) == tuple(cards)


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True))
def test_format_then_parse_is_identity(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards("".join(str(card) for card in cards)) == tuple(cards)
    assert parse_cards("".join(card.pretty() for card in cards)) == tuple(cards)


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True), st.data())
def test_repeating_a_card_is_reported_at_its_second_place(
    cards: list[Card], data: st.DataObject
) -> None:
    repeated = data.draw(st.integers(min_value=0, max_value=len(cards) - 1))
    text = " ".join(str(card) for card in [*cards, cards[repeated]])
    column = len(text) - 1  # the repeat is the last two characters
    with pytest.raises(CardError) as info:
        parse_cards(text)
    message = str(info.value)
    assert "duplicate" in message
    assert f"card {len(cards) + 1} " in message
    assert f"column {column})" in message
    assert f"already card {repeated + 1})" in message


@pytest.mark.parametrize(
    "texts",
    [
        ["As", "2h", "3d", "4c"],
        ["10h", "T♠", "a♦"],
        ["As 2h", "3d"],  # a text of two cards reads as the joined text does
        ["As", "as"],  # the same card twice
        ["As", "Zz"],
        ["A", "s"],
        [],
    ],
)
def test_cards_of_reads_texts_as_their_joined_text_does(texts: list[str]) -> None:
    joined = " ".join(texts)
    try:
        expected: tuple[Card, ...] | str = parse_cards(joined)
    except CardError as error:
        expected = str(error)
    try:
        got: tuple[Card, ...] | str = cards_of(texts)
    except CardError as error:
        got = str(error)
    assert got == expected


def test_single_card_texts_are_kept_once_read_and_long_ones_are_not() -> None:
    assert Card.parse("Qh") is Card.parse("Qh") is DECK[Card.parse("Qh").index]
    assert Card.parse(" 7c ") == Card.parse("7c")
    assert "Qh" in cards_module._PARSED
    assert " 7c " not in cards_module._PARSED  # four characters: not kept
    with pytest.raises(CardError):
        Card.parse("Qx")
    assert "Qx" not in cards_module._PARSED
