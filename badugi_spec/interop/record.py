"""A real hand as a hand history tells it, whatever the file format.

The PHH and PokerStars readers build a `HandRecord`; the replay, the scenario importer and
the reports read it. A record keeps the history's own words for every action (for the
reports) and leaves unknown cards as `None`: working out cards the history does not show
is the replay's business (`interop.plan`), not the reader's.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, Final

from badugi_spec.cards import Card
from badugi_spec.errors import BadugiError
from badugi_spec.scenario.model import Where

Cards = tuple[Card | None, ...]
"""Cards as a history shows them: `None` for each card it hides (`??` in PHH)."""

MAX_HAND_BYTES: Final = 256 * 1024
"""The most text one hand may take, in either format; a longer hand is unreadable. The
longest real hand is 2.4 KB (PokerStars text, 8 players); a hand at the cap reads and
replays in 0.2 to 0.4 s, while a 22 MB PHH hand took 31 s and 1.1 GB before there was a
cap. The same cap as a scenario file's (`scenario.suite.MAX_SCENARIO_BYTES`)."""
MAX_SEATS: Final = 10
"""The most seats a table may list: PokerStars tables are at most 10-max, and Badugi
seats 2 to 8 (R8.2)."""


def bounded_lines(stream: BinaryIO, *, limit: int = MAX_HAND_BYTES) -> Iterator[bytes]:
    """The lines of a file, each cut after `limit` + 1 bytes.

    A longer line is never held whole: the rest of it is read and dropped in pieces, and
    the cut line, longer than any hand may be, makes its hand unreadable. Iterating over
    the file itself would read a 200 MB line into memory before a reader could refuse it.
    """
    while line := stream.readline(limit + 1):
        if len(line) > limit and not line.endswith(b"\n"):
            while (rest := stream.readline(64 * 1024)) and not rest.endswith(b"\n"):
                pass
        yield line


class HistoryError(BadugiError):
    """A hand history that cannot be read as a hand: one line with file, line and hand."""

    def __init__(self, message: str, *, path: str, line: int, hand: str | None = None) -> None:
        self.message = message
        self.path = path
        self.line = line
        self.hand = hand
        where = f"{path}:{line}"
        super().__init__(f"{where}: hand {hand}: {message}" if hand else f"{where}: {message}")


def too_large(*, path: str, line: int, hand: str | None) -> HistoryError:
    return HistoryError(
        f"too large: a hand has at most {MAX_HAND_BYTES // 1024} KB of text"
        " (the longest real hand has 2.4 KB)",
        path=path,
        line=line,
        hand=hand,
    )


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    stack: int
    """Chips at the start of the hand, before any blind."""
    seat: int
    """The table's seat number, as the history prints it (not the engine's seat index)."""


class Verb(enum.Enum):
    POST = "post"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    CHECK_OR_CALL = "check or call"
    """PHH `cc`: which one depends on the state, so the replay decides."""
    BET_OR_RAISE = "bet or raise"
    """PHH `cbr`."""
    DRAW = "draw"
    SHOW = "show"
    MUCK = "muck"
    CAPPED = "capped"
    """PokerStars' "Betting is capped": no player may raise now."""


@dataclass(frozen=True, slots=True)
class Step:
    """One line of the action, in the history's order."""

    number: int
    """The action's number within the hand, from 1 (PHH: its place in `actions`)."""
    where: Where
    text: str
    """The history's own words, for reports."""
    verb: Verb
    player: int | None
    """Index into `HandRecord.players`; None for a line about the table (`capped`)."""
    amount: int | None = None
    """Post or call: the chips put in; bet or raise: the player's round total after it."""
    all_in: bool | None = None
    """Whether the history says the action is all-in (None: it does not say)."""
    discards: Cards = ()
    received: Cards | None = None
    """A draw's new cards, when the history shows them (the hero's, or PHH `d dh`)."""
    cards: Cards = ()
    """Shown cards; for a draw, the hand held after it when the history shows that."""
    blind: str = ""
    """For a post: `small blind`, `big blind`, or `posted big blind` (an extra, R8.3)."""


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot as the history reports it: after the rake, with who collected what."""

    name: str
    """`pot`, `main pot`, `side pot`, `side pot-1` ...: the history's word."""
    amount: int | None
    collected: tuple[tuple[int, int], ...]
    """(player, chips) for each collection from this pot."""


@dataclass(frozen=True, slots=True)
class Recorded:
    """What the history says the hand came to. Any part may be missing (None)."""

    total_pot: int | None = None
    rake: int = 0
    pots: tuple[Pot, ...] = ()
    collected: tuple[int, ...] | None = None
    """Chips each player took from the pots, after the rake."""
    returned: tuple[int, ...] | None = None
    """Uncalled chips the history shows going back to each player."""
    net: tuple[int, ...] | None = None
    finishing_stacks: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class HandRecord:
    format: str
    """`phh` or `pokerstars`."""
    where: Where
    hand_id: str
    players: tuple[Player, ...]
    """The players dealt in, clockwise from the first seat left of the button, so the
    button is last (R8.2): index i is the engine's seat i, with the dealer at the end."""
    small_blind: int
    big_blind: int
    small_bet: int
    big_bet: int
    ante: int = 0
    dealt: tuple[Cards, ...] = ()
    """Each player's first cards as the history shows them."""
    steps: tuple[Step, ...] = ()
    recorded: Recorded = field(default_factory=Recorded)
    revealed: tuple[tuple[Card, ...] | None, ...] = ()
    """Cards a player held at the end, shown or revealed in a summary ("mucked [...]")."""
    profile: str | None = None
    """The rule profile the file names (PHH `_profile`), if any."""
    overrides: tuple[str, ...] = ()
    """`key=value` profile overrides the file names (PHH `_profile_overrides`)."""
    scale: int = 1
    """Chips per unit of the currency (100 for a cash game in dollars)."""
    currency: str = ""
    venue: str = ""
    tournament: bool = False

    @property
    def dealer(self) -> int:
        return len(self.players) - 1

    def name(self, player: int | None) -> str:
        return "the table" if player is None else self.players[player].name

    def chips(self, amount: int) -> str:
        """An amount as the history writes it: `0.25` in a cash game, `40` in a tournament."""
        if self.scale == 1:
            return str(amount)
        whole, part = divmod(abs(amount), self.scale)
        digits = len(str(self.scale)) - 1
        return f"{'-' if amount < 0 else ''}{whole}.{part:0{digits}d}"
