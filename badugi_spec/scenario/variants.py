"""Metamorphic variants of a compiled case: other forms whose expected results follow from
the original's (`verify --variants`, and `fuzz`).

- `rotated-K`: the player list rotated by K places (every K from 1 to one less than the
  number of players), the same player on the button. Seats are clockwise in list order
  (R8.2), so a rotation keeps every player's place relative to the button; the
  stated decks deal from the button's left (R1.7, R8.4), and every expectation names
  players, so nothing else changes. It catches what reads a player's place in the list
  rather than their place from the button (an odd chip to the first listed, R8.15; a
  button that counts list places, R8.23). The value lines are left out: they name no
  player.
- `suits`: the four suits permuted in every card of the case (decks, deals, rebuilt stubs,
  discards, takes, `has` expectations, value lines, and the cards in each line's text).
  No rule reads a suit's name: suits have no order (R2.7, R9.1) and no profile parameter
  names one, so every case has this variant. The permutation moves every suit and is
  chosen from the case id, so a run is repeatable.
- `card-order`: the cards of the hands played in reverse order: each stated deal (the deck
  re-stacked so that each player is dealt the same cards, the other way round) and each
  discard. The order cards lie in makes no difference to a hand (R2.5), and a discard
  names cards, not places (R4.2). A deal stays as it is where the stub may be rebuilt,
  since a rebuilt stub takes the order of the deck (R8.18). The value lines are left out:
  the runner already asks each one in every order of its cards, so this variant would
  send exactly the same requests again.

A variant that cannot be formed for a case (no players to rotate, nothing that changes) is
left out. Each variant keeps the original's line numbers, so a failure points at the
scenario line; its id is the original's with the variant's name, `foo [suits]`.
"""

from __future__ import annotations

import copy
import itertools
import re
import zlib
from collections.abc import Callable
from typing import Any, Final

SUIT_LETTERS: Final = "shdc"
_SYMBOL_OF: Final = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_LETTER_OF: Final = {symbol: letter for letter, symbol in _SYMBOL_OF.items()}
_CARD: Final = re.compile(r"^(?:[A2-9TJQK])[shdc]$")
_CARD_IN_TEXT: Final = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([shdc]|[♠♥♦♣])(?![0-9A-Za-z])")
"""A card as scenario lines write it (`As`, `10h`, `A♠`): a rank in capitals or `10`, then
a suit letter or symbol, standing alone."""

DERANGEMENTS: Final = tuple(
    "".join(p)
    for p in itertools.permutations(SUIT_LETTERS)
    if all(a != b for a, b in zip(p, SUIT_LETTERS, strict=True))
)
"""The nine permutations of the suits that move every suit, as the images of `shdc`."""

Variant = tuple[str, dict[str, Any]]


def variants(case: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(variant name, transformed case) for every variant `case` has, in a fixed order:
    the rotations, then `suits`, then `card-order`. `case` itself is left as it is."""
    return [*rotations(case), *unrotated(case)]


def unrotated(case: dict[str, Any]) -> list[Variant]:
    """The variants but the rotations (`suits`, `card-order`), for a caller that decides
    the rotations another way (`fuzz.replay`)."""
    found: list[Variant] = []
    for name, make in ((SUITS, suits), (CARD_ORDER, card_order)):
        made = make(case)
        if made is not None:
            found.append((name, made))
    return found


SUITS: Final = "suits"
CARD_ORDER: Final = "card-order"


def variant_id(case_id: str, name: str) -> str:
    return f"{case_id} [{name}]"


def _named(case: dict[str, Any], name: str) -> dict[str, Any]:
    case["id"] = variant_id(case["id"], name)
    return case


# ----- rotated ---------------------------------------------------------------------------


def rotations(case: dict[str, Any]) -> list[Variant]:
    """`rotated-K` for K = 1 .. players - 1; none for a case that plays no hand."""
    players = case.get("players") or []
    if not case.get("hands") or len(players) < 2:
        return []
    first = case.get("first_dealer") or players[0]["name"]
    out: list[Variant] = []
    for k in range(1, len(players)):
        rotated = copy.deepcopy(case)
        rotated["players"] = rotated["players"][k:] + rotated["players"][:k]
        # Without a stated first dealer the first listed player deals (R6.1): say who.
        rotated["first_dealer"] = first
        rotated["checks"] = []  # the value lines name no player: the original asks them
        name = f"rotated-{k}"
        out.append((name, _named(rotated, name)))
    return out


# ----- suits -----------------------------------------------------------------------------


def suit_map(case_id: str) -> dict[str, str]:
    """The suit permutation of a case's `suits` variant, letter to letter: one of the
    `DERANGEMENTS`, chosen from the case id (a stable hash, not Python's)."""
    images = DERANGEMENTS[zlib.crc32(case_id.encode("utf-8")) % len(DERANGEMENTS)]
    return dict(zip(SUIT_LETTERS, images, strict=True))


def suit_card(text: str, table: dict[str, str]) -> str:
    """A card's text with its suit replaced by `table`; any other text as it is."""
    return text[:-1] + table[text[-1]] if _CARD.match(text) else text


def suits(case: dict[str, Any], mapping: dict[str, str] | None = None) -> dict[str, Any] | None:
    """The case with every card's suit replaced by `mapping` (the case's `suit_map` when
    not given); None when the case holds no card."""
    table = mapping if mapping is not None else suit_map(case["id"])

    def card(text: str) -> str:
        return suit_card(text, table)

    def line(text: str) -> str:
        def one(match: re.Match[str]) -> str:
            rank, suit = match.groups()
            if suit in _LETTER_OF:
                return rank + _SYMBOL_OF[table[_LETTER_OF[suit]]]
            return rank + table[suit]

        return _CARD_IN_TEXT.sub(one, text)

    if not _holds_cards(case):
        return None
    return _named(_map_cards(case, card, line), SUITS)


# ----- card-order ------------------------------------------------------------------------


def card_order(case: dict[str, Any]) -> dict[str, Any] | None:
    """The case with the played hands' cards the other way round, without its value lines
    (asked in every order as it is); None when nothing changes."""
    out = copy.deepcopy(case)
    out["checks"] = []
    changed = False
    names = [player["name"] for player in out.get("players", [])]
    profile = out.get("profile") or {}
    hand_size = int(profile.get("hand_size", 4))
    for hand in out["hands"]:
        changed |= _reverse_deal(hand, names, profile, hand_size)
        for step in hand["steps"]:
            if step.get("op") in ("act", "reject") and step.get("discards"):
                changed |= _reverse(step, "discards")
    return _named(out, CARD_ORDER) if changed else None


def _reverse(step: dict[str, Any], key: str) -> bool:
    before = step[key]
    step[key] = before[::-1]
    return bool(step[key] != before)


def deal_places(hand: dict[str, Any], names: list[str], hand_size: int) -> dict[str, list[int]]:
    """Where in the hand's deck each player's stated cards lie, or {} when the deck does
    not deal them round by round from the button's left (R1.7, R8.4)."""
    deal: dict[str, list[str]] = hand.get("deal") or {}
    dealer = hand.get("dealer")
    if not deal or dealer not in names or any(len(cards) != hand_size for cards in deal.values()):
        return {}
    at = names.index(dealer)
    seated = [name for name in names[at + 1 :] + names[: at + 1] if name in deal]
    if len(seated) != len(deal):
        return {}
    places = {
        name: [i * len(seated) + k for i in range(hand_size)] for k, name in enumerate(seated)
    }
    deck = hand["deck"]
    for name, where in places.items():
        if [deck[i] if i < len(deck) else None for i in where] != deal[name]:
            return {}
    return places


def may_reshuffle(hand: dict[str, Any], profile: dict[str, Any], dealt: int) -> bool:
    """Whether the stub of `hand` may be rebuilt: then the places of the dealt cards in the
    deck are the order of the rebuilt stub (R8.18), and moving them changes the hand. It
    may unless the deal, every discard and every burn fit in the deck."""
    if not profile.get("reshuffle", ()):
        return False
    discards = sum(
        len(step.get("discards") or ())
        for step in hand["steps"]
        if step.get("op") == "act" and step.get("action") == "draw"
    )
    burns = int(profile.get("burns_per_draw", 1)) * DRAWS_AT_MOST
    return dealt + discards + burns > len(hand["deck"])


DRAWS_AT_MOST: Final = 3
"""Draw rounds in a hand (R4.1, R8.16): no profile has more."""


def _reverse_deal(
    hand: dict[str, Any], names: list[str], profile: dict[str, Any], hand_size: int
) -> bool:
    """Each player's stated deal the other way round, and the deck with it; False when the
    hand states no deal the deck can be read from, when its stub may be rebuilt from the
    deck's order, or when no deal changes."""
    places = deal_places(hand, names, hand_size)
    if not places or may_reshuffle(hand, profile, hand_size * len(places)):
        return False
    deck = list(hand["deck"])
    changed = False
    for name, where in places.items():
        cards = hand["deal"][name][::-1]
        changed |= cards != hand["deal"][name]
        hand["deal"][name] = cards
        for i, card in zip(where, cards, strict=True):
            deck[i] = card
    hand["deck"] = deck
    return changed


# ----- walking the cards of a case -------------------------------------------------------


def _holds_cards(case: dict[str, Any]) -> bool:
    return bool(case["checks"]) or any(hand.get("deck") for hand in case["hands"])


def _map_cards(
    case: dict[str, Any], card: Callable[[str], str], line: Callable[[str], str]
) -> dict[str, Any]:
    """A copy of `case` with `card` applied to every card and `line` to every line's text.

    The places cards are, by the case format (`protocol/schemas/case.json`): value lines'
    `cards` and `hands`; each hand's `deck`, `reshuffles` and `deal`; draws' `discards`
    and `takes`; the `cards` of a `has` expectation.
    """
    out = copy.deepcopy(case)

    def cards(values: list[str]) -> list[str]:
        return [card(value) for value in values]

    def step_of(step: dict[str, Any]) -> None:
        if "source" in step:
            step["source"] = line(step["source"])
        for key in ("cards", "discards", "takes"):
            if isinstance(step.get(key), list):
                step[key] = cards(step[key])
        if step.get("op") == "compare":
            step["hands"] = [cards(hand) for hand in step["hands"]]
        if step.get("op") == "expect" and step.get("what") == "cards":
            step["value"] = step["value"] | {"cards": cards(step["value"]["cards"])}

    for step in out["checks"]:
        step_of(step)
    for hand in out["hands"]:
        hand["deck"] = cards(hand["deck"])
        if "reshuffles" in hand:
            hand["reshuffles"] = [cards(order) for order in hand["reshuffles"]]
        if "deal" in hand:
            hand["deal"] = {name: cards(held) for name, held in hand["deal"].items()}
        for step in hand["steps"]:
            step_of(step)
    return out
