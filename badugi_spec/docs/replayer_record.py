"""What the replayer is made from: the engine's own event log, read while a worked example
runs at build time.

`Recorder` is our engine behind the runner's interface (`EngineImplementation`) that, after
every deal and every action the runner sends, keeps the events that step added to the
hand's log and a checkpoint of the live hand: whose turn it is, the round's bets, the
cards, the pots. Nothing is played twice: the run the docs build checks is the run the
frames come from (`build._run`), and `replayer_frames` only reads what was kept here.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    playing: tuple[tuple[str, ...], ...] | None = None
    """Each seat's cards that play in its hand's value (R2.5); None in a split game, where
    each half has its own (R8.29)."""


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


def checkpoint(
    hand: Hand, values: dict[tuple[str, ...], tuple[str, ...]] | None = None
) -> Checkpoint:
    """The hand's state now, read from the engine (never worked out here). `values` keeps
    the cards that play in each holding already valued: most steps change no cards."""
    holdings = tuple(tuple(str(c) for c in held) for held in hand.holdings)
    playing = None
    if len(hand.profile.halves) < 2:
        known = {} if values is None else values
        for seat, held in enumerate(holdings):
            if held and held not in known:
                known[held] = tuple(str(c) for c in hand.value(seat).cards)
        playing = tuple(known[held] if held else () for held in holdings)
    return Checkpoint(
        phase=str(hand.phase),
        to_act=hand.to_act,
        stacks=tuple(hand.stacks),
        committed=tuple(hand.committed),
        holdings=holdings,
        folded=tuple(hand.folded),
        pot=hand.pot,
        pots=tuple((pot.amount, tuple(pot.eligible)) for pot in hand.pots()),
        burns=len(hand.burns),
        stub=hand.deck.remaining,
        over=hand.result is not None,
        playing=playing,
    )


class Tape:
    """Records one engine `Hand` step by step: what `Recorder` does for the docs build's
    runs, for a page that plays a `Hand` itself (a lesson). Made right after the hand is
    dealt; call `step()` after every `hand.apply(...)`, and `refused(...)` with the error
    of an action the engine turned down; `record` is the hand so far."""

    def __init__(self, hand: Hand, names: Sequence[str], *, number: int = 1) -> None:
        self.hand = hand
        self._kept: list[tuple[int, Checkpoint, str, dict[str, Any]]] = []
        """Each step: where its events end in the hand's log, and the rest of its `Step`.
        The log is read once, when the record is asked for: reading it whole after every
        step cost more than the rest of the recording."""
        self._values: dict[tuple[str, ...], tuple[str, ...]] = {}
        self._head = HandRecord(
            number=number,
            names=tuple(names),
            start_stacks=tuple(hand.start_stacks),
            dealer=hand.dealer,
            small_blind=hand.small_blind,
            big_blind=hand.big_blind,
            hand_size=hand.profile.hand_size,
            steps=(),
        )
        self.step()  # the blinds and the deal

    def step(self, *, refused: str = "", tried: dict[str, Any] | None = None) -> None:
        """Keep what the last request did: its events and the hand as it now stands."""
        point = checkpoint(self.hand, self._values)
        self._kept.append((self.hand.event_count, point, refused, dict(tried or {})))

    def refused(self, message: str, *, player: str, action: str, **what: Any) -> None:
        """An action the engine refused (its message cites the rule), kept as a frame
        that changes nothing: `tape.refused(str(error), player="Bob", action="raise",
        amount=6)`."""
        self.step(refused=message, tried={"player": player, "action": action, **what})

    @property
    def record(self) -> HandRecord:
        events = self.hand.events
        steps, start = [], 0
        for end, point, refused, tried in self._kept:
            steps.append(Step(tuple(events[start:end]), point, refused, tried))
            start = end
        return replace(self._head, steps=tuple(steps))


class Recorder(EngineImplementation):
    """The engine behind the runner, keeping a `Tape` of every hand it deals."""

    def __init__(self) -> None:
        super().__init__()
        self._tapes: list[Tape] = []

    @property
    def hands(self) -> list[HandRecord]:
        return [tape.record for tape in self._tapes]

    def deal(self, hand: dict[str, Any]) -> Outcome:
        outcome = super().deal(hand)
        live = self.session.hand if self.session is not None else None
        if outcome.get("ok") and live is not None:
            number = int(hand.get("number", len(self._tapes) + 1))
            self._tapes.append(Tape(live, self.names, number=number))
        return outcome

    def act(self, step: dict[str, Any]) -> Outcome:
        outcome = super().act(step)
        if self._tapes:
            # A refused action changes nothing: it is kept with the engine's reason.
            refused = "" if outcome.get("ok") else str(outcome.get("message") or outcome["error"])
            self._tapes[-1].step(refused=refused, tried=step)
        return outcome
