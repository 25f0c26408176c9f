"""Reading a request's fields for `serve`: JSON decoded with long numbers kept as markers,
and each field checked for its type and range, a refusal naming the field (`BadRequest`).

Kept apart from the serving loop so that what a field may hold is read in one place.
"""

from __future__ import annotations

import json
import re
from typing import Final

from badugi_spec.cards import Card
from badugi_spec.errors import CardError
from badugi_spec.rankings import Ranking
from badugi_spec.rankings.house import MAX_CARDS

MAX_CHIPS: Final = 999_999_999
"""The most chips a stack or an amount can be: nine digits, as in a scenario file."""
MAX_NAME_CHARS: Final = 100
_LONE_SURROGATE: Final = re.compile("[\ud800-\udfff]")


class BadRequest(Exception):
    pass


class HugeNumber:
    """A JSON integer too long to be worth reading (Python refuses over 4,300 digits):
    kept as this marker, so that the reply can name the field that holds it."""

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        # Whatever message shows one (a schema check, an implementation's own refusal)
        # says what it is, never `<HugeNumber object at 0x7f...>`.
        return f"a number of {self.digits} digits"


def read_int(text: str) -> int | HugeNumber:
    return int(text) if len(text) <= 100 else HugeNumber(len(text.lstrip("-")))


DECODER: Final = json.JSONDecoder(parse_int=read_int)
"""One decoder for every request: `json.loads` given `parse_int` made a new one for each."""


def decoded(raw: bytes) -> object:
    """`json.loads(raw, parse_int=read_int)`, by the one decoder. A line that opens an
    object with a key (`{"`, every request) is UTF-8 to `json.detect_encoding`: not asked."""
    encoding = "utf-8" if raw.startswith(b'{"') else json.detect_encoding(raw)
    return DECODER.decode(raw.decode(encoding, "surrogatepass"))


def kind_of(value: object) -> str:
    """What a JSON value is, for messages: never the value itself, which may be huge."""
    if value is None:
        return "null"
    if isinstance(value, HugeNumber):
        return f"a number of {value.digits} digits"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a fraction" if value == value else "not a number"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object"


def is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def shown_number(value: int) -> str:
    # Python refuses to print an int of over 4,300 digits, and nobody needs to read one.
    return str(value) if value.bit_length() < 64 else "a number that large"


def read_text(value: object, name: str, *, what: str) -> str:
    if not isinstance(value, str) or not value:
        got = "an empty string" if value == "" else kind_of(value)
        raise BadRequest(f"{name!r} must be {what}, not {got}")
    return value


def read_chips(value: object, name: str, *, low: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadRequest(f"{name!r} must be a whole number of chips, not {kind_of(value)}")
    if not low <= value <= MAX_CHIPS:
        raise BadRequest(f"{name!r} must be {low} to {MAX_CHIPS} chips, not {shown_number(value)}")
    return value


def read_texts(value: object, name: str) -> list[str]:
    """A list of strings (card texts; the engine reads them)."""
    if not isinstance(value, list):
        raise BadRequest(f"{name!r} must be a list of card texts, not {kind_of(value)}")
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise BadRequest(f"{name}[{i}] must be a card text such as 'As', not {kind_of(item)}")
    return list(value)


def read_hand(value: object, name: str, ranked: Ranking | None = None) -> list[Card]:
    """One hand for evaluate or compare: different cards, one card per text, 1 to 4 of
    them for the house Badugi, as many as the ranking values for a named one (R9.1)."""
    texts = read_texts(value, name)
    sizes = (1, MAX_CARDS) if ranked is None else (ranked.hand_sizes[0], ranked.hand_sizes[-1])
    if not sizes[0] <= len(texts) <= sizes[1]:
        wanted = f"{sizes[0]} to {sizes[1]}" if sizes[0] != sizes[1] else str(sizes[0])
        within = "" if ranked is None else f" in {ranked.name}"
        raise BadRequest(f"{name!r} must hold {wanted} cards{within}, not {len(texts)}")
    cards = []
    for i, text in enumerate(texts):
        try:
            cards.append(Card.parse(text))
        except CardError as error:
            raise BadRequest(f"{name}[{i}]: {error}") from None
    for i, card in enumerate(cards):
        if card in cards[:i]:
            raise BadRequest(f"{name}[{i}]: {card} is given twice")
    return cards


def surrogate_at(value: object) -> str | None:
    """The place of the first string holding a lone surrogate, or None; no recursion."""
    stack: list[tuple[str, object]] = [("", value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            if _LONE_SURROGATE.search(item):
                return where or "the request"
        elif isinstance(item, dict):
            for key, child in item.items():
                if isinstance(key, str) and _LONE_SURROGATE.search(key):
                    return f"a key of {where or 'the request'}"
                stack.append((f"{where}.{key}" if where else str(key), child))
        elif isinstance(item, list):
            stack.extend((f"{where}[{i}]", child) for i, child in enumerate(item))
    return None
