"""A fuzzed player's action as the request the protocol sends and as the words of a
scenario line, and the rule a refusal's code is filed under."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from badugi_spec.cards import TEXTS
from badugi_spec.engine.actions import Action, Kind
from badugi_spec.engine.codes import CODES

_SAID: Final = {
    Kind.CHECK: " checks",
    Kind.FOLD: " folds",
    Kind.CALL: " calls",
    Kind.BET: " bets",
    Kind.RAISE: " raises to",
    Kind.ALL_IN: " goes all-in",
    Kind.MUCK: " mucks",
}


_VALUES: Final = {kind: kind.value for kind in Kind}
"""Each kind's word: an enum's `value` is read through a Python property, every step."""


def request(names: Sequence[str], action: Action) -> dict[str, Any]:
    """The `act` request of `action`, as the runner sends it for the action's line."""
    kind = action.kind
    out: dict[str, Any] = {"player": names[action.seat], "action": _VALUES[kind]}
    if action.amount is not None:
        out["amount"] = action.amount
    if kind is Kind.DRAW:
        out["discards"] = [TEXTS[card.index] for card in action.discards]
    return out


def words(names: Sequence[str], action: Action) -> str:
    """The action as a scenario says it: `Ann raises to 6`, `Bob discards As 2h`."""
    name = names[action.seat]
    kind, amount = action.kind, action.amount
    if kind is Kind.DRAW:
        if not action.discards:
            return f"{name} stands pat"
        return f"{name} discards {' '.join(TEXTS[card.index] for card in action.discards)}"
    if amount is None:
        # A fixed-limit raise has no amount to say: "raises", never a bare "raises to".
        return f"{name} raises" if kind is Kind.RAISE else name + _SAID[kind]
    return f"{name}{_SAID[kind]} {amount}"


def code_rule(code: str) -> str:
    """The rule an error code is filed under (`engine.codes`), or "" for an unknown code."""
    known = CODES.get(code)
    return known.rule if known is not None else ""


__all__ = ["code_rule", "request", "words"]
