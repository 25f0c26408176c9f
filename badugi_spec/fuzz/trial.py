"""A fuzzed trial as the scenario that states it: its statements, and how they are written.

A `Trial` holds what `game` played: the players, the decks and, in order, every statement
(an action, a refusal, a check of the state, a new hand). `Trial.render` writes them as a
`.badugi` scenario, whole or cut after one statement and keeping only some checks (what a
shrunk file shows), and says which statements each line holds, so a divergence reported at a
line and column is traced back to the statement, its rule and its kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from badugi_spec.cards import Card
from badugi_spec.profiles.model import Profile

CHECKS: Final = ("expect", "check")
"""Statements that only check: a shrunk scenario keeps only the one that diverged."""
LINE: Final = 96
"""Actions of one round are joined with `;` up to about this width."""


class FuzzError(Exception):
    """Our own engine broke while playing a trial: a bug here, never the other side's."""


class BrokenProperty(FuzzError):
    """Our engine broke a property of its own history while playing a trial (a `legal`
    option it then refused, a hand with nobody to act): a finding against our engine.

    `broken` holds the `simulation.properties.Broken` records; `trial` the trial as far as
    it was played, its last statement the step that broke it, when there is one."""

    def __init__(self, broken: list[Any], trial: Trial | None = None) -> None:
        super().__init__("; ".join(str(b) for b in broken))
        self.broken = broken
        self.trial = trial


@dataclass(slots=True)
class Statement:
    """One statement of a trial. A value to everyone but `game`, which gives the
    statements of the hand it is playing their rule once the hand's events are in
    (`_Player._name_rules`): not frozen, since a frozen one costs three times as much to make, and
    a trial makes a hundred a hand."""

    kind: str
    """`act`, `reject`, `expect`, `hand` (a new hand and its deck) or `session`."""
    text: str
    hand: int
    rule: str = ""
    """The rule of our engine's last event when the statement was made: what is at play."""
    phase: str = ""
    """For an action: the round it is in, so one round's actions share a line."""
    topic: str = ""
    """For a value line: its ranking and the hand's shape (`low-a-5 full house`)."""
    drawn: int = 0
    """Choices drawn when it was made: a stream cut there still makes every statement
    up to this one."""


@dataclass(frozen=True, slots=True)
class Setting:
    """What a campaign fuzzes: the profiles to play and the table sizes."""

    profiles: tuple[Profile, ...]
    seats: tuple[int, int] = (2, 8)
    sessions: bool = True
    """Several hands and whole sessions as well as single hands."""
    omit: frozenset[str] = frozenset()
    """Optional parts of the state the implementation does not report (`expects`)."""
    overrides: bool = True
    """Whether a trial may change a parameter of its profile (a hand limit of its own):
    only over protocol 2, which sends the profile's parameters."""


@dataclass
class Trial:
    seed: int
    number: int
    profile: Profile
    overrides: tuple[str, ...]
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    dealer: int
    decks: list[tuple[Card, ...]] = field(default_factory=list)
    statements: list[Statement] = field(default_factory=list)
    ends: dict[int, int] = field(default_factory=dict)
    """Hand number -> the statement after which that hand is over (its last action; -1
    for a first hand that is over as it is dealt)."""
    rules: list[str] = field(default_factory=list)
    passive: bool = False
    """Everyone checks or folds (`game.PASSIVE_SHARE`)."""
    stop: bool = False
    """The last hand stops once nobody can bet (`game.STOP_SHARE`)."""
    aggressive: bool = False
    """Bets and raises far more often: rounds reach their cap (R3.6, R8.6)."""
    first_posts: list[str] = field(default_factory=list)
    """Live big blinds posted before the first deal, as lines (R8.3)."""
    pair: int = 0
    """In a mirrored trial, which two players (dealt `pair` and `pair + 1`) tie."""
    mirrored: bool = False
    """The first two players dealt hold the same ranks, and everyone stands pat: tied
    pots, and their odd chips, come up often (R2.7, R8.15)."""
    rig: str = ""
    """The deck rig a swarm picked (`decks.RIGS`): every hand's deck is rigged so."""
    marks: set[str] = field(default_factory=set)
    """Waypoints our engine's state showed while the trial was played that its statements
    do not (`waypoints.Watch`)."""
    played: list[Any] = field(default_factory=list)
    """Our engine's `Hand` of every hand dealt, in order (`game` appends each as it is
    dealt): coverage reads their events, and the properties check their histories."""
    starts: dict[int, tuple[dict[str, int], str]] = field(default_factory=dict)
    """Hand number -> each player's chips as the hand began, and its dealer: what a trial
    cut to start at that hand is seated with (`cut.from_hand`)."""
    exchanges: list[tuple[str, dict[str, Any], dict[str, Any]]] = field(default_factory=list)
    """The requests its scenario makes of an implementation, in order (`start`, `deal`,
    `act`), each with our engine's answer: what `replay` sends and compares, so a trial
    that passes is judged without its scenario text."""

    @property
    def hands(self) -> int:
        return len(self.decks)

    @property
    def case_id(self) -> str:
        """The id of its scenario (`render`): what a variant's suits are chosen from."""
        return f"fuzz-{self.seed}-{self.number}"

    def text(
        self,
        *,
        upto: int | None = None,
        keep: set[int] | None = None,
        head: str = "",
        rule: str = "",
    ) -> str:
        return self.render(upto=upto, keep=keep, head=head, rule=rule)[0]

    def render(
        self,
        *,
        upto: int | None = None,
        keep: set[int] | None = None,
        head: str = "",
        rule: str = "",
    ) -> tuple[str, dict[int, list[int]]]:
        """The trial as a scenario, and which statements each line holds.

        Whole, or cut after statement `upto`, keeping of the checks (`CHECKS`) only those
        in `keep`: the others passed, and a shrunk scenario shows only what diverged.
        The `rules` line cites `rule` first (the divergence's), then the rules of the
        statements written (of the whole trial's events when it is written whole)."""
        last = len(self.statements) - 1 if upto is None else upto
        # A deal's divergence: `hand N`, its live posts and the deck it is dealt from.
        while (
            self.statements[last].kind == "hand"
            and last + 1 < len(self.statements)
            and self.statements[last + 1].kind == "hand"
            and self.statements[last + 1].hand == self.statements[last].hand
        ):
            last += 1
        chosen = [
            (i, s)
            for i, s in enumerate(self.statements[: last + 1])
            if s.kind not in CHECKS or keep is None or i in keep
        ]
        seen = {s.rule for _, s in chosen if s.rule} | (set(self.rules) if upto is None else set())
        rules = ([rule] if rule else []) + sorted(seen - {rule}, key=_rule_order)
        lines = [
            *(f"# {line}".rstrip() for line in head.splitlines()),
            f'scenario {self.case_id} "Fuzzed trial {self.number} of seed {self.seed}"',
            f"rules {' '.join(rules[:16] or ['R2.1'])}",
            "tags fuzz",
            "",
        ]
        if self.names:
            players = ", ".join(
                f"{name} {stack}{' dealer' if seat == self.dealer else ''}"
                for seat, (name, stack) in enumerate(zip(self.names, self.stacks, strict=True))
            )
            lines += [
                f"profile {' '.join((self.profile.name, *self.overrides))}",
                f"players {players}",
                *self.first_posts,
                "deck " + " ".join(str(card) for card in self.decks[0]),
            ]
        where: dict[int, list[int]] = {}
        for text, held in _body(chosen):
            lines.append(text)
            where[len(lines)] = held
        cut_hand = chosen[-1][1].hand if chosen else 0
        if cut_hand and last < self.ends.get(cut_hand, len(self.statements)):
            lines.append("unfinished")
        return "\n".join(lines) + "\n", where


def _rule_order(rule: str) -> tuple[int, ...]:
    return tuple(int(part) for part in rule[1:].split(".") if part.isdigit())


def _body(chosen: list[tuple[int, Statement]]) -> list[tuple[str, list[int]]]:
    """The statements as lines, each with the statements it holds: one round's actions
    share lines, and so do the checks made between two actions."""
    lines: list[tuple[str, list[int]]] = []
    group: list[tuple[int, Statement]] = []
    for index, statement in chosen:
        if group and not _joins(group[-1][1], statement):
            lines += _joined(group)
            group = []
        group.append((index, statement))
    return lines + _joined(group)


def _joins(last: Statement, statement: Statement) -> bool:
    if last.kind != statement.kind:
        return False
    return statement.kind == "expect" or (statement.kind == "act" and statement.phase == last.phase)


def _joined(group: list[tuple[int, Statement]]) -> list[tuple[str, list[int]]]:
    if not group:
        return []
    kind = group[0][1].kind
    if kind not in ("act", "expect"):
        return [(statement.text, [index]) for index, statement in group]
    prefix = "expect " if kind == "expect" else ""
    lines: list[tuple[str, list[int]]] = []
    line, held = "", list[int]()
    for index, statement in group:
        if line and len(line) + len(statement.text) + 2 > LINE:
            lines.append((prefix + line, held))
            line, held = "", list[int]()
        line = f"{line}; {statement.text}" if line else statement.text
        held.append(index)
    return [*lines, (prefix + line, held)] if line else lines


# ----- playing a trial -------------------------------------------------------------------


__all__ = ["CHECKS", "BrokenProperty", "FuzzError", "Setting", "Statement", "Trial"]
