"""The player's keys, read into commands. Reading never judges legality: that is the
engine's job, so an action the rules forbid reaches the engine and is refused with its rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from badugi_spec.cards import Card, parse_cards
from badugi_spec.digits import whole
from badugi_spec.engine import Kind
from badugi_spec.errors import BadugiError, CardError

_BETTING_WORDS = {
    "k": Kind.CHECK,
    "check": Kind.CHECK,
    "b": Kind.BET,
    "bet": Kind.BET,
    "c": Kind.CALL,
    "call": Kind.CALL,
    "r": Kind.RAISE,
    "raise": Kind.RAISE,
    "f": Kind.FOLD,
    "fold": Kind.FOLD,
    "a": Kind.ALL_IN,
    "all-in": Kind.ALL_IN,
    "allin": Kind.ALL_IN,
}


@dataclass(frozen=True, slots=True)
class Act:
    kind: Kind
    amount: int | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    discards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Odds:
    discards: tuple[Card, ...] | None
    """None: the book's draw."""


@dataclass(frozen=True, slots=True)
class Help:
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Quit:
    pass


@dataclass(frozen=True, slots=True)
class Save:
    """Save the last finished hand as a scenario."""


Command = Act | Draw | Odds | Help | Quit | Save


class BadKey(BadugiError):
    """Input that is no key at all; said in one line, and nothing changes."""


def parse(text: str, held: Sequence[Card]) -> Command:
    words = text.strip().split()
    if not words:
        raise BadKey("type a key and press Enter (? for help)")
    head, rest = words[0].lower(), words[1:]
    if head in ("?", "h", "help"):
        return Help(rest[0].upper() if rest else None)
    if head in ("q", "quit", "exit"):
        return Quit()
    if head in ("s", "save"):
        return Save()
    if head in _BETTING_WORDS:
        return Act(_BETTING_WORDS[head], _amount(head, rest))
    if head in ("p", "pat"):
        return Draw(())
    if head in ("d", "draw"):
        if not rest:
            raise BadKey("say which cards to throw, e.g. d 1 4 (or p to stand pat)")
        return Draw(_cards(rest, held))
    if head in ("o", "odds"):
        if [word.lower() for word in rest] in (["p"], ["pat"]):
            return Odds(())
        return Odds(_cards(rest, held) if rest else None)
    if whole(head) is not None:  # `14` or `1 4`: card places (ASCII digits; `²` is no key)
        return Draw(_cards(words, held))
    raise BadKey(
        f"{words[0]!r} is not a key: k c b r f a to bet, p or d 1 4 to draw, o odds,"
        " s save, ? help, q quit"
    )


def _amount(head: str, rest: Sequence[str]) -> int | None:
    if not rest:
        return None
    amount = whole(rest[0]) if len(rest) == 1 else None
    if amount is not None:
        return amount
    shown = " ".join(rest)[:40]
    raise BadKey(f"{head} takes at most a number of chips (digits 0 to 9), not {shown!r}")


def _cards(words: Sequence[str], held: Sequence[Card]) -> tuple[Card, ...]:
    """Card numbers (`1 4`, `14`) or card names (`K♦ 9c`), in the order given.

    A number names the card in that place; repeats are kept, for the engine to refuse.
    """
    text = " ".join(words)
    places = text.replace(" ", "")
    if whole(places, most_digits=len(places)) is not None:
        chosen: list[Card] = []
        for digit in places:
            place = int(digit)  # one of 0-9: `whole` read them all
            if not 1 <= place <= len(held):
                raise BadKey(f"there is no card {digit}: your cards are 1 to {len(held)}")
            chosen.append(held[place - 1])
        return tuple(chosen)
    try:
        return parse_cards(text)
    except CardError as error:
        raise BadKey(f"{error}; or give card numbers, e.g. d 1 4") from None
