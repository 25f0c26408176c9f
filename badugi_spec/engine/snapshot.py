"""A hand's state as canonical, JSON-ready data: what the protocol sends and scenarios compare."""

from __future__ import annotations

from typing import Any

from badugi_spec.engine.pots import Half
from badugi_spec.engine.table import Table


def _half_json(half: Half) -> dict[str, Any]:
    return {
        "ranking": half.ranking,
        "amount": half.amount,
        "winners": list(half.winners),
        "shares": list(half.shares),
    }


def snapshot(hand: Table) -> dict[str, Any]:
    """The state of `hand` as the protocol's `state` object (schemas/state.json)."""
    result = hand.result
    return {
        "phase": str(hand.phase),
        "to_act": hand.to_act,
        "legal": [legal.describe() for legal in hand.legal_actions()],
        "pot": hand.pot,
        "stacks": list(hand.stacks),
        "committed": list(hand.committed),
        "hands": [[str(c) for c in cards] for cards in hand.holdings],
        "burns": len(hand.burns),
        "reshuffles": hand.reshuffles,
        "stub": hand.deck.remaining,
        "pots": [
            {
                "amount": pot.amount,
                "eligible": list(pot.eligible),
                "winners": list(pot.winners),
                "shares": list(pot.shares),
            }
            | ({"halves": [_half_json(half) for half in pot.halves]} if pot.halves else {})
            for pot in hand.pots()
        ],
        "result": None
        if result is None
        else {
            "ended_by": result.ended_by,
            "winners": list(result.winners),
            "won": list(result.won),
            "returned": list(result.returned),
            "shown": [None if v is None else str(v) for v in result.shown],
        }
        | ({"shown_in": _shown_in(hand)} if hand._rankings is not None else {}),
    }


def _shown_in(hand: Table) -> dict[str, list[str | None]]:
    """Ranking -> each seat's value shown in it, for a hand valued by named rankings."""
    result = hand.result
    assert result is not None and hand._rankings is not None
    shown = [None if result.shown[s] is None else hand.values(s) for s in range(hand.seats)]
    return {
        r.name: [None if vs is None else str(vs[i]) for vs in shown]
        for i, r in enumerate(hand._rankings)
    }
