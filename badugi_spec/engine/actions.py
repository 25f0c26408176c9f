"""What a player can do, as values: actions, the legal options and the event log.

Options and events are NamedTuples: immutable like the frozen dataclasses elsewhere, but
built in C, and the engine makes several of each on every step.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from badugi_spec.cards import Card


class Kind(enum.Enum):
    value: str
    # Identity hashing in C; legal-option tables are keyed by Kind on every step.
    __hash__ = object.__hash__

    CHECK = "check"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"
    ALL_IN = "all-in"
    DRAW = "draw"
    MUCK = "muck"
    """Give up a losing hand at the showdown without showing it (R8.32)."""


# The kinds as plain names for the engine's hot paths: reading an Enum member through its
# class costs about 45 ns in Python 3.11, and the betting code reads several per action.
CHECK, BET, CALL, RAISE, FOLD, ALL_IN, DRAW, MUCK = (
    Kind.CHECK,
    Kind.BET,
    Kind.CALL,
    Kind.RAISE,
    Kind.FOLD,
    Kind.ALL_IN,
    Kind.DRAW,
    Kind.MUCK,
)


class Action(NamedTuple):
    """A player's action. `amount`, when given, is checked against what the action puts in.

    For a call or all-in the amount is the chips added; for a bet or raise it is the
    player's total for the round afterwards ("raises to 6"). A NamedTuple, like the options:
    callers make one per action, and it is immutable all the same.
    """

    seat: int
    kind: Kind
    amount: int | None = None
    discards: tuple[Card, ...] = ()


class Legal(NamedTuple):
    """One legal option: `adds` chips now, reaching `to` for the round.

    In a big-bet or spread game a bet or raise is a range: `to` is its least total and
    `most` its greatest (R14.10); in fixed limit `most` is 0, meaning just `to`.
    """

    kind: Kind
    adds: int = 0
    to: int = 0
    all_in: bool = False
    most: int = 0

    def describe(self) -> str:
        if self.kind in (Kind.CHECK, Kind.FOLD, Kind.MUCK):
            return self.kind.value
        if self.kind is Kind.DRAW:
            return f"draw 0-{self.adds}"
        suffix = " all-in" if self.all_in and self.kind is not Kind.ALL_IN else ""
        if self.kind is Kind.CALL or self.kind is Kind.ALL_IN:
            return f"{self.kind.value} {self.adds}{suffix}"
        amount = f"{self.to}-{self.most}" if self.most > self.to else str(self.to)
        if self.most > self.to:
            suffix = ""  # the range's top may be all-in; the all-in option says so
        if self.kind is Kind.BET:
            return f"bet {amount}{suffix}"
        return f"raise to {amount}{suffix}"


class Event(NamedTuple):
    """One line of the hand's log. `rule` cites the rule that made it happen."""

    kind: str
    seat: int | None
    rule: str
    amount: int = 0
    cards: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()
    note: str = ""
    pot: int = 0
    stacks: tuple[int, ...] = ()
