"""Checks of a reply's form, before the runner reads it: the same for any transport.

A reply that holds a lone surrogate, has the shape of the answer to another kind of request,
or carries a state whose fields the runner reads in the wrong types is the implementation's
error, named precisely, rather than a crash of ours further on.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

_SURROGATE_ESCAPE: Final = re.compile(r"\\u[dD][89a-fA-F]")
_LONE_SURROGATE: Final = re.compile("[\ud800-\udfff]")
NAME_CHARS: Final = 100


def holds_lone_surrogate(line: str, reply: object) -> bool:
    """Whether the decoded `reply` of `line` holds half of a surrogate pair anywhere."""
    return bool(_SURROGATE_ESCAPE.search(line)) and _lone_surrogate(reply)


def _lone_surrogate(value: object) -> bool:
    """Whether any string in a decoded reply holds half of a surrogate pair."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _LONE_SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


_ANSWER_KEYS: Final = {
    "hello": "protocol",
    "evaluate": "value",
    "compare": "winners",
    "start": "state",
    "deal": "state",
    "act": "state",
}


def answers_another(kind: str, reply: dict[str, Any]) -> str | None:
    """The request type another reply's shape belongs to, when it is not `kind`'s."""
    mine = _ANSWER_KEYS.get(kind)
    if mine is None or mine in reply:
        return None
    for other, key in _ANSWER_KEYS.items():
        if key in reply:
            return f"a {other}" if other not in ("evaluate", "act") else f"an {other}"
    return None


def one_line(value: object) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= NAME_CHARS else text[: NAME_CHARS - 3] + "..."


_SCALARS: Final = {"int": int, "str": str, "bool": bool, "dict": dict, "list": list}


def _is(value: object, kinds: str) -> bool:
    for kind in kinds.split("|"):
        if kind == "null" and value is None:
            return True
        if kind == "int" and isinstance(value, int) and not isinstance(value, bool):
            return True
        if kind in ("str", "bool", "dict", "list") and isinstance(value, _SCALARS[kind]):
            return True
    return False


_SESSION: Final = {"hand": "int", "dealer": "str|null", "over": "bool", "winner": "str|null"}
_HAND: Final = {
    "phase": "str",
    "to_act": "str|null",
    "legal": "list",
    "pot": "int",
    "hands": "dict",
    "values": "dict",
    "burns": "int",
    "result": "dict|null",
}
_RESULT: Final = {
    "ended_by": "str",
    "winners": "list",
    "won": "dict",
    "returned": "dict",
    "shown": "dict",
}


def state_problem(state: object) -> str | None:
    """What makes `state` unreadable for the runner (a wrong type where it reads), or None.

    Only types: a state with the wrong pot or phase is the scenario's to fail, not ours to
    refuse. Values inside `values` and `shown` are read by text that never fails.
    """
    if not isinstance(state, dict):
        return "is missing or not an object"
    checks: list[tuple[str, object, str]] = [
        ("session", state.get("session"), "dict"),
        ("stacks", state.get("stacks"), "dict"),
    ]
    session = state.get("session")
    if isinstance(session, dict):
        checks += [(f"session.{k}", session.get(k), kind) for k, kind in _SESSION.items()]
    if "phase" in state:
        checks += [(k, state.get(k), kind) for k, kind in _HAND.items()]
        result = state.get("result")
        if isinstance(result, dict):
            checks += [(f"result.{k}", result.get(k), kind) for k, kind in _RESULT.items()]
            checks += [("result.winners[]", w, "str") for w in _items(result.get("winners"))]
            for name in ("won", "returned"):
                checks += [(f"result.{name}.*", v, "int") for v in _values(result.get(name))]
            checks += [("result.shown.*", v, "dict|null") for v in _values(result.get("shown"))]
        checks += [("legal[]", option, "str") for option in _items(state.get("legal"))]
        checks += [("values.*", v, "dict") for v in _values(state.get("values"))]
        for cards in _values(state.get("hands")):
            checks.append(("hands.*", cards, "list"))
            checks += [("hands.*[]", card, "str") for card in _items(cards)]
    checks += [("stacks.*", v, "int") for v in _values(state.get("stacks"))]
    for where, value, kind in checks:
        if not _is(value, kind):
            shown = json.dumps(value, ensure_ascii=True)[:60] if _is(value, "int|str") else None
            got = shown or type(value).__name__.replace("NoneType", "null")
            return f"has {where} = {got}, not {kind.replace('|', ' or ')}"
    return None


def _items(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def _values(value: object) -> list[object]:
    return list(value.values()) if isinstance(value, dict) else []
