"""Reading a request's fields for `serve`: JSON decoded with long numbers kept as markers,
and each field checked for its type and range, a refusal naming the field (`BadRequest`).

Kept apart from the serving loop so that what a field may hold is read in one place.
"""

from __future__ import annotations

import json
import marshal
import re
from typing import Any, Final, cast

from badugi_spec.cards import Card
from badugi_spec.errors import CardError
from badugi_spec.protocol import validate
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


def read_hands(value: object, ranked: Ranking | None = None) -> list[list[str]]:
    """Two or more hands, no card in two of them: what `badugi-spec compare` accepts too."""
    if not isinstance(value, list) or len(value) < 2:
        got = f"{len(value)}" if isinstance(value, list) else kind_of(value)
        raise BadRequest(f"'hands' must be a list of two or more hands, not {got}")
    hands = [read_hand(hand, f"hands[{i}]", ranked) for i, hand in enumerate(value)]
    seen: dict[Card, int] = {}
    for i, hand in enumerate(hands):
        for card in hand:
            if seen.setdefault(card, i) != i:
                raise BadRequest(f"{card} is in hands[{seen[card]}] and hands[{i}]")
    return [[str(card) for card in hand] for hand in hands]


def read_start(request: dict[str, Any]) -> dict[str, Any]:
    players = request.get("players")
    if not isinstance(players, list):
        raise BadRequest(
            f"'players' must be a list of {{name, stack}} objects, not {kind_of(players)}"
        )
    checked = []
    for i, player in enumerate(players):
        if not isinstance(player, dict):
            raise BadRequest(
                f"players[{i}] must be a {{name, stack}} object, not {kind_of(player)}"
            )
        name = read_text(player.get("name"), f"players[{i}].name", what="a player's name")
        if len(name) > MAX_NAME_CHARS:
            raise BadRequest(f"players[{i}].name is longer than {MAX_NAME_CHARS} characters")
        stack = read_chips(player.get("stack"), f"players[{i}].stack", low=1)
        checked.append({"name": name, "stack": stack})
    dealer = read_text(request.get("first_dealer"), "first_dealer", what="a player's name")
    return {"players": checked, "first_dealer": dealer}


def read_profile(value: object) -> dict[str, Any]:
    """The case's profile, as `profile.json` has it: the name and every parameter, nothing
    else (R8.1). The implementation then checks the parameters against each other.

    It is checked here, not left to the implementation: `{"name": "badeucy"}` was taken
    for the house rules with four cards, and `extends` and `title` were ignored."""
    if not isinstance(value, dict):
        raise BadRequest(
            f"'profile' must be an object of every parameter (profile.json), not {kind_of(value)}"
        )
    try:
        key: bytes | None = marshal.dumps(cast(Any, value), 2)
    except ValueError:  # (a huge number's marker, which marshal does not write)
        key = None
    if key is not None and key in _FITTING:
        return value
    huge = _huge_at(value, "profile")
    if huge is not None:
        raise BadRequest(f"{huge[0]!r} is {huge[1]}: too large for any parameter (R8.1)")
    problems = validate(value, "profile", where="profile")
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise BadRequest(f"'profile' does not fit profile.json (R8.1): {problems[0]}{more}")
    if key is not None:
        if len(_FITTING) >= 256:
            _FITTING.clear()
        _FITTING.add(key)
    return value


_FITTING: set[bytes] = set()
"""The profiles found to fit `profile.json`, by their `marshal` bytes (the same values of
the same types, keys in the same order): a fuzz campaign starts every trial, and each of
its variants, with one of a few profiles, and checking one against the schema again took
about as long as playing a hand's first bets."""


def _huge_at(value: object, where: str) -> tuple[str, str] | None:
    """The place and size of the first number too long to read in `value`, or None."""
    stack: list[tuple[str, object]] = [(where, value)]
    while stack:
        place, item = stack.pop()
        if isinstance(item, HugeNumber):
            return place, kind_of(item)
        if isinstance(item, dict):
            stack.extend((f"{place}.{key}", child) for key, child in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((f"{place}[{i}]", child) for i, child in reversed(list(enumerate(item))))
    return None


def read_act(request: dict[str, Any]) -> dict[str, Any]:
    step: dict[str, Any] = {
        "player": read_text(request.get("player"), "player", what="a player's name"),
        "action": read_text(request.get("action"), "action", what="an action such as 'call'"),
    }
    discards = request.get("discards")
    # A draw's discards are a list of card texts; anything else would be read as one
    # (a string split into characters, an object's keys), so it is refused.
    step["discards"] = [] if discards is None else read_texts(discards, "discards")
    if request.get("amount") is not None:
        step["amount"] = read_chips(request.get("amount"), "amount", low=0)
    return step
