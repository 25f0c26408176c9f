"""What the replayer is made from: the engine's own event log, read while a worked example
runs at build time.

`Recorder` is our engine behind the runner's interface (`EngineImplementation`) that, after
every deal and every action the runner sends, keeps the events that step added to the
hand's log and a checkpoint of the live hand: whose turn it is, the round's bets, the
cards, the pots. Nothing is played twice: the run the docs build checks is the run the
frames come from (`build._run`), and `replayer_frames` only reads what was kept here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from badugi_spec.engine import Hand
from badugi_spec.engine.actions import Event
from badugi_spec.scenario.engine_impl import EngineImplementation, Outcome


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The live hand after one step, by seat: what a frame must agree with."""

    phase: str
    to_act: int | None
    stacks: tuple[int, ...]
    committed: tuple[int, ...]
    holdings: tuple[tuple[str, ...], ...]
    folded: tuple[bool, ...]
    pot: int
    pots: tuple[tuple[int, tuple[int, ...]], ...]
    """Each pot's chips and the seats that may win it (R8.13), main pot first."""
    burns: int
    stub: int
    over: bool


@dataclass(frozen=True, slots=True)
class Step:
    """One request the runner made of the engine in a hand, and what came of it."""

    events: tuple[Event, ...]
    checkpoint: Checkpoint
    refused: str = ""
    """The engine's message when it refused the action (no event, nothing changed)."""
    tried: dict[str, Any] = field(default_factory=dict)
    """The scenario's step as the runner sent it (player, action, amount, discards)."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One dealt hand: who sat where, and every step as the engine played it."""

    number: int
    names: tuple[str, ...]
    start_stacks: tuple[int, ...]
    dealer: int
    small_blind: int
    big_blind: int
    hand_size: int
    steps: tuple[Step, ...]


def checkpoint(hand: Hand) -> Checkpoint:
    """The hand's state now, read from the engine (never worked out here)."""
    return Checkpoint(
        phase=str(hand.phase),
        to_act=hand.to_act,
        stacks=tuple(hand.stacks),
        committed=tuple(hand.committed),
        holdings=tuple(tuple(str(c) for c in held) for held in hand.holdings),
        folded=tuple(hand.folded),
        pot=hand.pot,
        pots=tuple((pot.amount, tuple(pot.eligible)) for pot in hand.pots()),
        burns=len(hand.burns),
        stub=hand.deck.remaining,
        over=hand.result is not None,
    )


class Recorder(EngineImplementation):
    """The engine, keeping each hand's events and checkpoints as the runner plays it."""

    def __init__(self) -> None:
        super().__init__()
        self.hands: list[HandRecord] = []
        self._steps: list[Step] = []
        self._seen = 0

    def deal(self, hand: dict[str, Any]) -> Outcome:
        outcome = super().deal(hand)
        live = self.session.hand if self.session is not None else None
        if outcome.get("ok") and live is not None:
            self._steps = []
            self._seen = 0
            self.hands.append(
                HandRecord(
                    number=int(hand.get("number", len(self.hands) + 1)),
                    names=tuple(self.names),
                    start_stacks=tuple(live.start_stacks),
                    dealer=live.dealer,
                    small_blind=live.small_blind,
                    big_blind=live.big_blind,
                    hand_size=live.profile.hand_size,
                    steps=(),
                )
            )
            self._keep(live, "", {})
        return outcome

    def act(self, step: dict[str, Any]) -> Outcome:
        live = self.session.hand if self.session is not None else None
        outcome = super().act(step)
        if live is None or not self.hands:
            return outcome
        # A refused action changes nothing: it is kept with the engine's reason.
        refused = "" if outcome.get("ok") else str(outcome.get("message") or outcome.get("error"))
        self._keep(live, refused, step)
        return outcome

    def _keep(self, live: Hand, refused: str, tried: dict[str, Any]) -> None:
        events = live.events[self._seen :]
        self._seen = live.event_count
        self._steps.append(Step(tuple(events), checkpoint(live), refused, dict(tried)))
        self.hands[-1] = replace(self.hands[-1], steps=tuple(self._steps))


__all__ = ["Checkpoint", "HandRecord", "Recorder", "Step", "checkpoint"]
