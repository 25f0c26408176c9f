"""Our engine behind the implementation interface that the runner drives.

The same interface is spoken by the protocol client, so `check` (in-process) and
`verify` (another process) share one runner. States are canonical JSON snapshots.
"""

from __future__ import annotations

from typing import Any, Protocol

from badugi_spec.cards import Card, parse_cards
from badugi_spec.engine import Action, Hand, Kind, Session
from badugi_spec.errors import IllegalAction
from badugi_spec.hands import evaluate, winners

Outcome = dict[str, Any]
"""`{"ok": true, "state": {...}}`, or `{"ok": false, "error": code, "message": ...,
"state": {...}}` for a rejected action."""


class Implementation(Protocol):
    name: str

    def capabilities(self) -> frozenset[str]: ...
    def start(self, case: dict[str, Any]) -> Outcome: ...
    def deal(self, hand: dict[str, Any]) -> Outcome: ...
    def act(self, step: dict[str, Any]) -> Outcome: ...
    def evaluate(self, cards: list[str]) -> dict[str, Any]: ...
    def compare(self, hands: list[list[str]]) -> list[int]: ...


def value_json(cards: list[str]) -> dict[str, Any]:
    value = evaluate(parse_cards(" ".join(cards)))
    return {"size": value.size, "ranks": [rank.label for rank in value.ranks]}


def state_of(session: Session, names: list[str]) -> dict[str, Any]:
    """The canonical snapshot of a session and its current hand (names, not seats)."""
    hand: Hand | None = session.hand
    result = session.result
    state: dict[str, Any] = {
        "session": {
            "hand": session.hand_number,
            "dealer": names[hand.dealer] if hand else names[session.next_dealer],
            "over": result is not None,
            "winner": None if result is None or result.winner is None else names[result.winner],
            "reason": None if result is None else result.reason,
        }
    }
    if hand is None:
        return state | {"stacks": dict(zip(names, session.stacks, strict=True))}
    snap = hand.snapshot()
    hand_result = hand.result
    return state | {
        "phase": snap["phase"],
        "to_act": None if hand.to_act is None else names[hand.to_act],
        "legal": sorted(snap["legal"]),
        "pot": snap["pot"],
        "stacks": dict(zip(names, snap["stacks"], strict=True)),
        "hands": {names[s]: cards for s, cards in enumerate(snap["hands"])},
        "values": {names[s]: value_json(cards) for s, cards in enumerate(snap["hands"])},
        "burns": snap["burns"],
        "result": None
        if hand_result is None
        else {
            "ended_by": hand_result.ended_by,
            "winners": [names[s] for s in hand_result.winners],
            "won": dict(zip(names, hand_result.won, strict=True)),
            "returned": dict(zip(names, hand_result.returned, strict=True)),
            "shown": {
                names[s]: None
                if v is None
                else {"size": v.size, "ranks": [r.label for r in v.ranks]}
                for s, v in enumerate(hand_result.shown)
            },
        },
    }


class EngineImplementation:
    """The reference: badugi_spec's own engine, in-process."""

    name = "badugi-spec"

    def __init__(self) -> None:
        self.session: Session | None = None
        self.names: list[str] = []

    def capabilities(self) -> frozenset[str]:
        return frozenset({"evaluate", "compare", "play"})

    def _state(self) -> dict[str, Any]:
        assert self.session is not None, "start() comes first"
        return state_of(self.session, self.names)

    def start(self, case: dict[str, Any]) -> Outcome:
        self.names = [p["name"] for p in case["players"]]
        self.session = Session(
            first_dealer=self.names.index(case["first_dealer"]),
            stacks=[p["stack"] for p in case["players"]],
        )
        return {"ok": True, "state": self._state()}

    def deal(self, hand: dict[str, Any]) -> Outcome:
        assert self.session is not None, "start() comes first"
        try:
            # Card by card: a repeated card must reach the engine to be refused (R1.1).
            self.session.start_hand(tuple(Card.parse(text) for text in hand["deck"]))
        except IllegalAction as error:
            return {"ok": False, "error": error.code, "message": str(error), "state": self._state()}
        return {"ok": True, "state": self._state()}

    def act(self, step: dict[str, Any]) -> Outcome:
        assert self.session is not None, "start() comes first"
        action = Action(
            seat=self.names.index(step["player"]),
            kind=Kind(step["action"]),
            amount=step.get("amount"),
            # Card by card: a repeated discard must reach the engine to be refused (R4.2).
            discards=tuple(Card.parse(text) for text in step.get("discards", [])),
        )
        try:
            self.session.apply(action)
        except IllegalAction as error:
            return {"ok": False, "error": error.code, "message": str(error), "state": self._state()}
        return {"ok": True, "state": self._state()}

    def evaluate(self, cards: list[str]) -> dict[str, Any]:
        return value_json(cards)

    def compare(self, hands: list[list[str]]) -> list[int]:
        return list(winners([evaluate(parse_cards(" ".join(h))) for h in hands]))
