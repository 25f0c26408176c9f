"""The frames of a hand you can step through: one per engine event, each the whole table
as it stands after that event, with the sentence that tells it and the rule it cites.

A frame is plain data for `javascripts/replayer.js`, which only shows it: every number
here is the engine's. Stacks and the pot come from the event itself (the engine stamps
both on every event); the cards follow the deal and draw events; the bets in front of
the players add up the betting events of the round. At the end of every step the frame
is the engine's checkpoint (`record`), and `tests/test_replayer.py` holds each
frame to it. The one place the events lag the table is the settlement: the engine pays
out after logging who showed what, so those frames count the chips as they move.

A burned card is never put in a frame: the burn pile is a count of cards face down.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from badugi_spec.engine.actions import Event

from .record import Checkpoint, HandRecord
from .words import opening, phase_label, sentence, tried

_BETTING: Final = frozenset({"post", "check", "bet", "call", "raise", "all-in"})
_RULE: Final = re.compile(r"\bR\d+\.\d+\b")


@dataclass
class _Table:
    """The table between two checkpoints, as the events change it."""

    names: tuple[str, ...]
    stacks: list[int]
    bets: list[int]
    cards: list[list[str]]
    folded: list[bool]
    pot: int
    burns: int = 0
    stub: int = 0
    pots: tuple[tuple[int, tuple[int, ...]], ...] = ()
    phase: str = "deal"
    plays: dict[frozenset[str], tuple[str, ...]] = field(default_factory=dict)
    """The cards that play in each holding the engine has valued at a checkpoint: a
    value depends on the cards alone, so a seat's cards are looked up here."""
    paid: list[int] = field(default_factory=list)
    """Chips paid out of the pot so far at the settlement (won or given back)."""
    settled_from: tuple[int, ...] | None = None
    """The stacks as the settlement began: the engine logs it before it pays."""

    def learn(self, point: Checkpoint) -> None:
        """Keep which cards play in each holding of `point` (none in a split game)."""
        for held, plays in zip(point.holdings, point.playing or (), strict=False):
            if held:
                self.plays[frozenset(held)] = plays

    def take(self, point: Checkpoint) -> None:
        """Take the engine's word at the end of a step."""
        self.stacks = list(point.stacks)
        self.cards = [list(held) for held in point.holdings]
        self.folded = list(point.folded)
        self.burns, self.stub, self.pots = point.burns, point.stub, point.pots
        if point.phase.startswith("bet-"):
            self.bets = list(point.committed)
        if not point.over:
            self.pot = point.pot

    def frame(
        self, sentence: str, rule: str, *, actor: int, turn: int, **extra: Any
    ) -> dict[str, Any]:
        out: dict[str, Any] = {
            "t": sentence,
            "r": rule,
            "a": actor,
            "n": turn,
            "h": phase_label(self.phase),
            "s": list(self.stacks),
            "b": list(self.bets),
            "p": self.pot,
            "c": [" ".join(held) for held in self.cards],
            "f": [seat for seat, out in enumerate(self.folded) if out],
            "u": self.burns,
            "k": self.stub,
        }
        # Side pots are shown once the round's bets are gathered: in the middle of a round
        # the engine's layers follow who has put in how much so far, and a pot only one
        # player can win is a bet nobody has matched (yet), not a side pot.
        shared = [[amount, list(eligible)] for amount, eligible in self.pots if len(eligible) > 1]
        if len(shared) > 1 and not any(self.bets):
            out["q"] = shared
        # The cards that do not play, greyed by the script as in the step table. A seat's
        # cards changed since the checkpoint (dealt or drawn in this step) wait for the next.
        off = []
        for held in self.cards:
            plays = self.plays.get(frozenset(held), ())
            off.append(" ".join(c for c in held if c not in plays) if plays else "")
        if any(off):
            out["o"] = off
        return out | extra


def _settling(event: Event, point: Checkpoint) -> bool:
    # The end-of-round return of R8.12 comes with the stacks already changed; those of
    # the settlement (R5.4, R5.5) and the wins come before the engine pays.
    if not point.over:
        return False
    if event.kind in ("show", "muck", "win"):
        return True
    return event.kind == "return" and event.rule != "R8.12"


def _apply(table: _Table, event: Event, point: Checkpoint) -> None:
    seat = -1 if event.seat is None else event.seat
    if _settling(event, point):
        if table.settled_from is None:
            table.settled_from = tuple(event.stacks)
            table.paid = [0] * len(table.stacks)
            table.pot = event.pot
            table.bets = [0] * len(table.stacks)
            table.pots = point.pots  # as settled: a profile may form them again (R8.31)
        if event.kind in ("return", "win"):
            table.paid[seat] += event.amount
        table.stacks = [s + p for s, p in zip(table.settled_from, table.paid, strict=True)]
        table.pot = event.pot - sum(table.paid)
        table.phase = "showdown" if event.kind in ("show", "muck") else "complete"
        return
    table.stacks, table.pot = list(event.stacks), event.pot
    if event.kind in _BETTING:
        table.bets[seat] += event.amount
    elif event.kind == "return":  # R8.12: the uncalled part of the round's bet goes back
        table.bets[seat] -= event.amount
    elif event.kind in ("burn", "draw", "declare", "reshuffle", "no-betting"):
        table.bets = [0] * len(table.stacks)  # the round's bets are in the pot now
    # The stub shrinks by every card taken from it; a reshuffle makes a new one (R8.18).
    if event.kind in ("deal", "burn"):
        table.stub -= len(event.cards)
    elif event.kind == "draw":
        table.stub -= len(event.received)
    elif event.kind == "reshuffle":
        table.stub = event.amount
    if event.kind == "deal":
        table.cards[seat] = [str(c) for c in event.cards]
    elif event.kind == "draw" and event.cards + event.received:
        thrown = {str(c) for c in event.cards}
        kept = [c for c in table.cards[seat] if c not in thrown]
        table.cards[seat] = kept + [str(c) for c in event.received]
    elif event.kind == "burn":
        table.burns += len(event.cards)
    elif event.kind == "fold":
        table.folded[seat] = True


def frames(record: HandRecord) -> list[dict[str, Any]]:
    """Every frame of one hand: the table before the blinds, then one per event (and one
    per refused action, which changes nothing), each after its event."""
    seats = len(record.names)
    first = record.steps[0].checkpoint if record.steps else None
    table = _Table(
        names=record.names,
        stacks=list(record.start_stacks),
        bets=[0] * seats,
        cards=[[] for _ in range(seats)],
        folded=[not held for held in first.holdings] if first else [False] * seats,
        pot=0,
        stub=first.stub + first.burns + sum(len(h) for h in first.holdings) if first else 0,
    )
    said, rule = opening(record)
    out = [table.frame(said, rule, actor=-1, turn=-1)]
    before = "blinds"  # the first step: the blinds and the deal
    for step in record.steps:
        point = step.checkpoint
        table.learn(point)  # the cards this step deals are valued at its end
        if step.refused:
            actor = (
                record.names.index(step.tried["player"])
                if step.tried.get("player") in record.names
                else -1
            )
            found = _RULE.search(step.refused)
            out.append(
                table.frame(
                    tried(step),
                    found.group(0) if found else "",
                    actor=actor,
                    turn=-1 if point.to_act is None else point.to_act,
                    x=1,
                )
            )
            continue
        for number, event in enumerate(step.events):
            # An event happens in the phase the step began in: the call that ends a round
            # is still that round's, though the engine has moved on to the draw.
            table.phase = before
            _apply(table, event, point)
            last = number == len(step.events) - 1
            if last:
                table.take(point)
            said = sentence(
                event,
                names=table.names,
                stacks=table.stacks,
                bets=table.bets,
                size=record.hand_size,
            )
            turn = -1 if not last or point.to_act is None else point.to_act
            actor = -1 if event.seat is None else event.seat
            out.append(table.frame(said, event.rule, actor=actor, turn=turn))
        before = point.phase
    return out


def compact(full: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each frame as only what changed since the one before: the script fills in the
    rest (`expand`), so a hand's JSON is about half the size."""
    out: list[dict[str, Any]] = []
    before: dict[str, Any] = {}
    for frame in full:
        delta = {k: v for k, v in frame.items() if before.get(k) != v}
        # Keys a frame may lack (side pots, a refusal) are said to be gone, not kept.
        delta |= {k: None for k in before if k not in frame}
        out.append(delta)
        before = frame
    return out


def expand(deltas: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The frames again from `compact` (as `javascripts/replayer.js` does): for tests."""
    out: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    for delta in deltas:
        current = {k: v for k, v in (current | delta).items() if v is not None}
        out.append(current)
    return out
