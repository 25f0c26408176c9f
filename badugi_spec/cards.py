"""Cards: ranks, suits and the card notation (rules R1.1, R1.2).

`Card.parse(str(card)) == card` for every card; `card.pretty()` uses suit symbols and is
accepted by every parser too.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from badugi_spec.errors import CardError


class Suit(enum.Enum):
    """The four suits; the value is the notation letter."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    # Members are singletons, so identity hashing is exact and runs in C; Enum's own
    # __hash__ is Python code, and suits are hashed on every engine step.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:
        """0..3, used for bit masks and deck indexes."""
        return _SUIT_INDEX[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_SUIT_SYMBOLS: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_INDEX: Final = {suit: i for i, suit in enumerate(Suit)}


class Rank(enum.Enum):
    """The thirteen ranks, ace low (R1.2); the value is the notation character."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    __hash__ = object.__hash__  # as for Suit: identity, in C

    @property
    def order(self) -> int:
        """1 for the ace up to 13 for the king: lower is better in Badugi."""
        return _RANK_ORDER[self]

    @property
    def label(self) -> str:
        """The form used in hand names: `10` rather than `T`."""
        return "10" if self is Rank.TEN else self.value

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.order < other.order


_RANK_ORDER: Final = {rank: i + 1 for i, rank in enumerate(Rank)}
RANKS_BY_ORDER: Final = tuple(Rank)


@dataclass(frozen=True, slots=True)
class Card:
    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    """0..51, ordered by rank then suit; bit `index` of a hand mask is this card."""

    def __post_init__(self) -> None:
        # Stored, not computed: the engine hashes and compares cards on every step.
        object.__setattr__(self, "index", (self.rank.order - 1) * 4 + self.suit.index)

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        # By the index, from a table: reading the two enums' values is slow in Python 3.11,
        # and a fuzzed trial writes every card of every deck it deals.
        return TEXTS[self.index]

    def __repr__(self) -> str:
        return f"Card({self})"

    def pretty(self) -> str:
        return self.rank.label + self.suit.symbol

    @classmethod
    def parse(cls, text: str) -> Card:
        card = _PARSED.get(text)
        if card is None:
            card = parse_cards(text, count=1)[0]
            if len(text) <= 3:  # a card and at most one separator: a small, finite set
                _PARSED[text] = card
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        return DECK[index]


DECK: Final = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""The 52 cards (R1.1) in index order. A new hand's deck order is a permutation of this."""
TEXTS: Final = tuple(card.rank.value + card.suit.value for card in DECK)
"""Each card's text (`As`) by its index: `Card.__str__`, and the hot paths that write many
cards (the protocol's states, a fuzzed trial's steps) read it without the method call."""

_PARSED: Final[dict[str, Card]] = {}
"""Single-card texts already read. The protocol sends every card as a text of its own, some
200,000 of them in a run of the suite through it, and the full reader costs about 2.5 us a
card against a tenth of that for this lookup."""

_RANK_TOKENS: Final = {rank.value: rank for rank in Rank} | {"10": Rank.TEN}
_SUIT_TOKENS: Final = (
    {suit.value: suit for suit in Suit}
    | {symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()}
    | {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
)
_SEPARATORS: Final = frozenset(" \t\r\n,;:/|-_+.()[]{}'\"")


def _describe(token: str, number: int, start: int, word_starts: Sequence[int]) -> str:
    if not word_starts:
        return f"card {number} {token!r} (column {start + 1})"
    word = sum(1 for word_start in word_starts if word_start <= start)
    return f"card {number} {token!r} (word {word})"


def parse_cards(text: str, *, count: int | None = None) -> tuple[Card, ...]:
    """Parse cards written as `As 2h`, `A♠2♥`, `10h`, `th`, with any separators.

    Raises CardError naming the offending token and its place; duplicates and a wrong
    number of cards (when `count` is given) are errors too.
    """
    return _parse(text, count, ())


def parse_words(words: Sequence[str], *, count: int | None = None) -> tuple[Card, ...]:
    """Cards given as several words, as a shell passes `hand As 2h 3d Kd`: read as
    `parse_cards` reads the words joined by spaces, but an error names the word the card is
    in (`word 3`) rather than a column of a text the user never typed."""
    if len(words) == 1:
        return parse_cards(words[0], count=count)
    words = [word.replace("\ufe0f", "").replace("\ufe0e", "") for word in words]  # as below
    starts = [0]
    for word in words[:-1]:
        starts.append(starts[-1] + len(word) + 1)
    return _parse(" ".join(words), count, starts)


def _parse(text: str, count: int | None, word_starts: Sequence[int]) -> tuple[Card, ...]:
    cards: list[Card] = []
    seen: dict[Card, int] = {}
    # Phones append a variation selector to suit symbols (♠️); it is invisible, so an
    # error naming it would be useless. Dropping it keeps columns right for normal text.
    text = text.replace("\ufe0f", "").replace("\ufe0e", "")
    i, n = 0, len(text)
    while i < n:
        if text[i] in _SEPARATORS or text[i].isspace():
            i += 1
            continue
        start = i
        end = start
        while end < n and text[end] not in _SEPARATORS and not text[end].isspace():
            end += 1
        number = len(cards) + 1
        rank_text = text[i : i + 2] if text.startswith("10", i) else text[i]
        rank = _RANK_TOKENS.get(rank_text.upper())
        if rank is None:
            token = text[start : min(end, start + 3)]
            raise CardError(
                f"{_describe(token, number, start, word_starts)}: unknown rank {text[i]!r};"
                " ranks are A 2-9 T (or 10) J Q K"
            )
        i += len(rank_text)
        if i >= n or text[i] in _SEPARATORS or text[i].isspace():
            raise CardError(
                f"{_describe(text[start:i], number, start, word_starts)}: missing suit;"
                " suits are s h d c or ♠ ♥ ♦ ♣"
            )
        suit = _SUIT_TOKENS.get(text[i].lower())
        if suit is None:
            raise CardError(
                f"{_describe(text[start : i + 1], number, start, word_starts)}:"
                f" unknown suit {text[i]!r}; suits are s h d c or ♠ ♥ ♦ ♣"
            )
        i += 1
        card = DECK[(rank.order - 1) * 4 + suit.index]  # the one shared object per card
        if card in seen:
            raise CardError(
                f"{_describe(text[start:i], number, start, word_starts)}:"
                f" duplicate card {card.pretty()} (already card {seen[card]})"
            )
        seen[card] = number
        cards.append(card)
    if count is not None and len(cards) != count:
        raise CardError(
            f"expected {count} card{'s' if count != 1 else ''}, got {len(cards)} in {text!r}"
        )
    return tuple(cards)


def cards_of(texts: Sequence[str]) -> tuple[Card, ...]:
    """The cards of texts of one card each, as the protocol and the scenarios send them.

    The same as `parse_cards` of the texts joined by spaces, errors included (they are
    worded by reading the joined text), but each text is looked up once read.
    """
    try:
        cards = tuple(Card.parse(text) for text in texts)
    except CardError:
        return parse_cards(" ".join(texts))
    if len(set(cards)) != len(cards):
        return parse_cards(" ".join(texts))  # raises, naming the repeated card and its place
    return cards


def as_cards(cards: str | Iterable[Card]) -> tuple[Card, ...]:
    """Accept either notation text or cards; reject repeated cards either way."""
    if isinstance(cards, str):
        return parse_cards(cards)
    result = tuple(cards)
    if len({card.index for card in result}) != len(result):
        dup = next(c for c in result if result.count(c) > 1)
        raise CardError(f"duplicate card {dup.pretty()}")
    return result


def format_cards(cards: Iterable[Card], *, pretty: bool = True) -> str:
    return " ".join(card.pretty() if pretty else str(card) for card in cards)
