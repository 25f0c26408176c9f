"""Scenarios as frozen values: what the parser builds and the runner and docs read."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from badugi_spec.cards import Card
from badugi_spec.profiles.model import HOUSE, Profile


def source_lines(text: str) -> list[str]:
    """The lines as Lark numbers them: split on newlines only (not on U+2028 or form feeds)."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def dealer_name(names: Sequence[str], first_dealer: str, refused_before: Iterable[bool]) -> str:
    """Who deals a hand: the button alternates from the first dealer (R6.1, R6.2).

    `refused_before` says, for each earlier hand, whether its deal was refused: a refused
    deal is not a hand, so it does not move the button.
    """
    dealt_before = sum(1 for refused in refused_before if not refused)
    return names[(names.index(first_dealer) + dealt_before) % len(names)]


def stated_button(steps: Iterable[object]) -> str | None:
    """Who the hand's first `expect button` says deals it, if it says so."""
    for step in steps:
        if isinstance(step, Expect) and step.what == "button":
            return str(step.args[0])
    return None


@dataclass(frozen=True, slots=True)
class Where:
    """A place in a scenario file, for errors and failure reports."""

    path: str
    line: int
    column: int = 1

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    stack: int
    where: Where


@dataclass(frozen=True, slots=True)
class Act:
    """A player's action as written. `kind` is an engine Kind value (`check`, `draw`, ...)."""

    player: str
    kind: str
    where: Where
    source: str
    amount: int | None = None
    discards: tuple[Card, ...] = ()
    takes: tuple[Card, ...] | None = None
    """Cards the draw brings, when the scenario states them."""


@dataclass(frozen=True, slots=True)
class Reject:
    act: Act
    code: str
    where: Where
    source: str


@dataclass(frozen=True, slots=True)
class Expect:
    """One expectation. `what` names it (`pot`, `stacks`, `holds` ...); `args` are its values."""

    what: str
    args: tuple[object, ...]
    where: Where
    source: str


@dataclass(frozen=True, slots=True)
class Note:
    text: str
    where: Where


@dataclass(frozen=True, slots=True)
class Evaluate:
    cards: tuple[Card, ...]
    value: str
    where: Where
    source: str
    ranking: str | None = None
    """The ranking named by `in NAME` (R9.1); None is the house Badugi of chapter R2."""


@dataclass(frozen=True, slots=True)
class Compare:
    first: tuple[Card, ...]
    verdict: str
    """`beats` or `ties`."""
    second: tuple[Card, ...]
    where: Where
    source: str
    ranking: str | None = None
    """As for `Evaluate`."""


Step = Act | Reject | Expect | Note | Evaluate | Compare


@dataclass(frozen=True, slots=True)
class HandScript:
    """One hand: where its cards come from, and its steps in order."""

    number: int
    where: Where
    deal: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    deck: tuple[Card, ...] | None = None
    seed: int | None = None
    burns: tuple[tuple[int, Card], ...] = ()
    """Stated burns as (draw number, card)."""
    steps: tuple[Step, ...] = ()
    reject_deal: str | None = None
    """The error code the deal itself must be refused with (a stated deck too short)."""
    reshuffles: tuple[tuple[Card, ...], ...] = ()
    """Stated orders of the stubs rebuilt in this hand, in the order they happen (R8.18)."""
    unfinished: Where | None = None
    """Where the scenario says the hand stops before its result on purpose (`unfinished`);
    None: the hand must reach its result."""
    posts: tuple[tuple[str, int], ...] = ()
    """Live big blinds posted out of turn before the deal, as (player, chips) (R8.3)."""
    seating: tuple[tuple[str, str], ...] = ()
    """What players do before the deal, as (player, event): `sits-out`, `returns`,
    `returns-posting`, `returns-waiting`, `straddles` (chapter R19)."""


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    title: str
    where: Where
    rules: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    text: str = ""
    seats: tuple[Seat, ...] = ()
    dealer: str | None = None
    hands: tuple[HandScript, ...] = ()
    checks: tuple[Step, ...] = field(default=())
    """Hand-value steps (`evaluate`, `compare`) that need no table."""
    source: str = ""
    profile: Profile = HOUSE
    """The rules the scenario is played under, overrides applied (R8.1)."""
    overrides: tuple[tuple[str, str], ...] = ()
    """The `profile` line's overrides as written, for reports and docs."""
    order: int | None = None
    """Where the tutorial shows it among its rule's examples: lower first (`order 1`)."""

    @property
    def seat_names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)
