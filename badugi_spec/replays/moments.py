"""What each player faced at each decision of a hand, kept while the hand is played.

`Observer` is the runner's engine (a `record.Recorder`, so it keeps the replayer's tapes
too) that also keeps every hand it deals and, for every accepted action, a `Moment`: the
state the player acted from (the pot, what to call, the legal sizes, its cards) and what
the action changed. The lesson pages name these numbers (`docs.lessons.figures`); a hand
that stops at a decision (a scenario marked unfinished) ends with a `pending` moment.

It reads the engine and keeps its answers; it works nothing out but who is still to act
behind a player (`behind`, R8.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from badugi_spec.engine import Hand

from .record import Recorder


@dataclass
class Moment:
    """One action of a hand: the state the player faced, and what the action did."""

    seat: int
    kind: str
    phase: str
    before: dict[str, Any]
    after: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """One dealt hand with its players' names and the moments of its decisions."""

    names: tuple[str, ...]
    hand: Hand
    moments: tuple[Moment, ...]


class Observer(Recorder):
    """The engine behind the runner, keeping every hand it deals (and its tape, for the
    replayer) and every accepted action's `Moment`."""

    def __init__(self) -> None:
        super().__init__()
        self.dealt: list[Hand] = []
        self.moments: list[list[Moment]] = []

    def deal(self, hand: dict[str, Any]) -> dict[str, Any]:
        outcome = super().deal(hand)
        if outcome.get("ok") and self.session is not None and self.session.hand is not None:
            self.dealt.append(self.session.hand)
            self.moments.append([])
        return outcome

    def act(self, step: dict[str, Any]) -> dict[str, Any]:
        hand = self.dealt[-1] if self.dealt else None
        if hand is None or hand.to_act is None or self.names[hand.to_act] != step.get("player"):
            return super().act(step)
        seat, phase = hand.to_act, str(hand.phase)
        before = seat_state(hand, seat)
        count_before = hand.event_count
        outcome = super().act(step)
        if outcome.get("ok"):
            events = hand.events[count_before:]
            after = seat_state(hand, seat)
            after["events"] = events
            self.moments[-1].append(Moment(seat, str(step.get("action")), phase, before, after))
        return outcome

    def played(self) -> list[PlayedHand]:
        """Each dealt hand with its moments, ending with the decision it stopped at if it
        stopped before its end (`pending`)."""
        out = []
        for hand, moments in zip(self.dealt, self.moments, strict=True):
            waiting = pending(hand)
            kept = (*moments, waiting) if waiting is not None else tuple(moments)
            out.append(PlayedHand(tuple(self.names), hand, kept))
        return out


def pending(hand: Hand) -> Moment | None:
    """The decision a hand stopped at (`unfinished`): its figures before, none after."""
    seat = hand.to_act
    if hand.result is not None or seat is None:
        return None
    return Moment(seat, "", str(hand.phase), seat_state(hand, seat))


def seat_state(hand: Hand, seat: int) -> dict[str, Any]:
    """What `seat` faces now: the pot, the bet to match and its own part of it, the
    stacks and the stub, its cards, the legal options by kind, who has folded, and every
    card it has thrown so far."""
    return {
        "pot": hand.pot,
        "level": hand.bet_to_match,
        "in": hand.committed[seat],
        "stack": hand.stacks[seat],
        "stacks": tuple(hand.stacks),
        "stub": hand.deck.remaining,
        "holds": tuple(hand.holdings[seat]),
        "legal": {option.kind: option for option in hand.legal_actions()},
        "folded": tuple(hand.folded),
        "thrown": tuple(card for e in hand.events if e.seat == seat for card in e.cards),
    }


def behind(hand: Hand, moment: Moment) -> int:
    """Players still in who act after this one in its betting round: up to the big blind
    before the first draw, up to the button after it (R8.5). A player all-in (no chips
    left, or none at the deal) acts no more, so is not behind."""
    last = hand.big_blind if moment.phase == "bet-1" else hand.dealer
    seat, behind = moment.seat, 0
    while seat != last:
        seat = (seat + 1) % hand.seats
        if not moment.before["folded"][seat] and moment.before["stacks"][seat]:
            behind += 1
    return behind
