"""The shape of a fuzz report, checked where `fuzz-merge` reads one (issue 41).

A report is a file we wrote, but it comes back through a user's hands (a CI artifact, an
edit, a truncated download): every field `merge` and `fuzz-merge` use is checked here,
once, and a wrong one is a located line (`s1.json: findings[2].seed: a whole number, not
'../../x'`), never a traceback further on. Fields the report may lack (written by an older
campaign) are checked only where present.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from badugi_spec.errors import BadugiError

SHARD: Final = re.compile(r"[1-9]\d{0,5}(?:\+[1-9]\d{0,5})*/[1-9]\d{0,5}")
"""`K/N`, or `1+3/4` for a merge of some of the N shards."""
_SHOWN: Final = 40


class ShapeError(BadugiError):
    """A report whose field is missing or of the wrong kind."""


Check = Callable[[Any], bool]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(value: Any) -> bool:
    return _whole(value) and value >= 0


def _number(value: Any) -> bool:
    return (_whole(value) or isinstance(value, float)) and value == value and value >= 0


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _flag(value: Any) -> bool:
    return isinstance(value, bool)


def _counts(value: Any) -> bool:
    return isinstance(value, dict) and all(_count(v) for v in value.values())


def _numbers(value: Any) -> bool:
    return isinstance(value, list) and all(_count(n) for n in value)


def _shard(value: Any) -> bool:
    if not isinstance(value, str) or SHARD.fullmatch(value) is None:
        return False
    parts, total = value.split("/")
    ks = [int(k) for k in parts.split("+")]
    return all(k <= int(total) for k in ks) and len(set(ks)) == len(ks)


def _ranges(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(r, list) and len(r) == 2 and _count(r[0]) and _count(r[1]) and r[0] <= r[1]
        for r in value
    )


def _also(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(a, list) and len(a) == 3 and _text(a[0]) and _text(a[1]) and _count(a[2])
        for a in value
    )


# field: (check, what it must be, required)
TOP: Final[dict[str, tuple[Check, str, bool]]] = {
    "seed": (_whole, "a whole number", True),
    "shard": (_shard, "K/N with 1 <= K <= N", True),
    "trials": (_numbers, "a list of trial numbers", True),
    "tally": (lambda v: isinstance(v, dict), "an object", True),
    "findings": (lambda v: isinstance(v, list), "a list", True),
    "implementation": (_text, "text", True),
    "interrupted": (_flag, "true or false", False),
    "coverage": (lambda v: isinstance(v, dict), "an object", False),
    "command": (_text, "text", False),
    "manifest": (lambda v: isinstance(v, dict), "an object", False),
}
MANIFEST: Final[dict[str, tuple[Check, str, bool]]] = {
    "badugi-spec": (_text, "text", True),
    "suite": (_text, "text", True),
    "protocol": (_count, "a protocol version", True),
    "hello": (lambda v: isinstance(v, dict), "an object", True),
    "seed": (_whole, "a whole number", True),
    "shard": (_shard, "K/N with 1 <= K <= N", True),
    "ranges": (_ranges, "a list of [first, last] trial numbers", True),
    "hands": (lambda v: v is None or _count(v), "a number of trials or null", False),
}
TALLY: Final[dict[str, tuple[Check, str, bool]]] = {
    "trials": (_count, "a whole number, 0 or more", True),
    "hands": (_count, "a whole number, 0 or more", True),
    "statuses": (_counts, "an object of counts", True),
    "kinds": (_counts, "an object of counts", True),
    "seconds": (_number, "a number of seconds", True),
    "guided": (_count, "a whole number, 0 or more", False),
}
COVERAGE: Final[dict[str, tuple[Check, str, bool]]] = {
    "trials": (_count, "a whole number, 0 or more", False),
    "rules": (_counts, "an object of counts", False),
    "waypoints": (_counts, "an object of counts", False),
}
FINDING: Final[dict[str, tuple[Check, str, bool]]] = {
    "rule": (_text, "text", True),
    "kind": (_text, "text", True),
    "seed": (_whole, "a whole number", True),
    "trial": (_count, "a trial number", True),
    "status": (_text, "text", True),
    "file": (_text, "text", True),
    "repeats": (_count, "a whole number, 0 or more", True),
    "verified": (_flag, "true or false", True),
    "scenario": (_text, "text", True),
    "message": (_text, "text", False),
    "signature": (_text, "text", False),
    "also": (_also, "a list of [rule, kind, trial]", False),
    "lines": (_count, "a whole number, 0 or more", False),
    "original_lines": (_count, "a whole number, 0 or more", False),
    "found_after": (_number, "a number of seconds", False),
    "expected": (_text, "text", False),
    "actual": (_text, "text", False),
}


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _fields(data: Any, fields: dict[str, tuple[Check, str, bool]], where: str) -> None:
    if not isinstance(data, dict):
        raise ShapeError(f"{where}: an object, not {_shown(data)}")
    for key, (check, what, required) in fields.items():
        if key not in data:
            if required:
                raise ShapeError(f"{where}.{key}: missing" if where else f"{key!r} is missing")
            continue
        if not check(data[key]):
            raise ShapeError(f"{where}.{key}: {what}, not {_shown(data[key])}".lstrip("."))


def check(data: dict[str, Any]) -> None:
    """Raise `ShapeError` at the first field of `data` not as `report` writes it."""
    _fields(data, TOP, "")
    _fields(data["tally"], TALLY, "tally")
    if "coverage" in data:
        _fields(data["coverage"], COVERAGE, "coverage")
    if "manifest" in data:
        _fields(data["manifest"], MANIFEST, "manifest")
        for key in ("seed", "shard"):
            if data["manifest"][key] != data[key]:
                raise ShapeError(
                    f"manifest.{key}: {_shown(data['manifest'][key])}, not the report's"
                    f" {_shown(data[key])}"
                )
    for index, finding in enumerate(data["findings"]):
        where = f"findings[{index}]"
        _fields(finding, FINDING, where)
        if finding["seed"] != data["seed"]:
            raise ShapeError(f"{where}.seed: {finding['seed']}, not the report's {data['seed']}")


__all__ = ["SHARD", "ShapeError", "check"]
