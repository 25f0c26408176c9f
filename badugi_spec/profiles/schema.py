"""The protocol's profile schema (`protocol/schemas/profile.json`), made from `PARAMETERS`.

The shipped file is this function's output; a test regenerates it and compares, so a new
parameter cannot reach the rulebook without reaching the protocol too.
"""

from __future__ import annotations

import json
from typing import Any

from badugi_spec.profiles.model import MAX_CHIPS, PARAMETERS, Param

_TYPES = {bool: "boolean", int: "integer", str: "string"}


def _bounds(param: Param) -> dict[str, Any]:
    # Every number is at most MAX_CHIPS, as `value_problems` checks: the schema says what
    # `from_json` accepts, no more (a 10^400 max_seats passed the schema and was refused).
    out: dict[str, Any] = {}
    if param.low is not None:
        out["minimum"] = param.low
    out["maximum"] = param.high if param.high is not None else MAX_CHIPS
    return out


def _property(param: Param) -> dict[str, Any]:
    out: dict[str, Any] = {"description": f"{param.summary} ({param.rule})"}
    if param.kind is tuple:
        items = {"enum": list(param.choices)} if param.choices else {"type": "integer"}
        if not param.choices:
            items |= _bounds(param)
        size = {"maxItems": param.most_items} if param.most_items is not None else {}
        return out | {"type": "array", "items": items} | size
    out["type"] = _TYPES[param.kind]
    if param.choices:
        out["enum"] = list(param.choices)
    return out | _bounds(param) if param.kind is int else out


def profile_schema() -> dict[str, Any]:
    """The JSON Schema of a profile object as a case carries it (R8.1)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://badugi-spec.example/protocol/2/profile.json",
        "title": "badugi-spec rule profile: every parameter of chapter R8, as a case carries it",
        "description": (
            "Generated from badugi_spec.profiles.PARAMETERS; tests/test_profiles.py checks"
            " that they agree. Every parameter is required: nothing is taken from the house"
            " game. A profile that fits also passes the checks between parameters (R8.1),"
            " such as min_seats <= max_seats, which a schema cannot say."
        ),
        "type": "object",
        "required": ["name", *PARAMETERS],
        "additionalProperties": False,
        "properties": {"name": {"type": "string", "minLength": 1}}
        | {name: _property(param) for name, param in PARAMETERS.items()},
    }


def profile_schema_text() -> str:
    """The schema as the shipped file holds it."""
    return json.dumps(profile_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # python -m badugi_spec.profiles.schema > .../profile.json
    print(profile_schema_text(), end="")
