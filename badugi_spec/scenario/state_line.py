"""A reply of our engine's as the line `serve` writes for it: the text of
`json.dumps(reply, ensure_ascii=False)`, character for character, with each entry of the
state that is as it was in the state written before it (the session, a seat's cards and
values, the options, the posts, the pots, mostly) not written again: its text is kept.

Writing the whole state for every request was a quarter of what `serve` spent on one
(about 11 us of 45), when most of it had not changed since the request before (issue 40);
the fuzz client can write our own answers the same way, to compare the replies with them
as lines. Kept texts bring a state to about 7 us.

An entry is "as it was" when it is the same object or `==` to it. `==` holds `1 == 1.0 ==
True`, which JSON tells apart, so this is only for states whose every field keeps one JSON
type from state to state, as `state_of` makes them (`state.json`: no field is a boolean in
one state and a number in another); and whose entries, once written, are never changed in
place (a changed entry would be written as it was): `state_of`'s are made afresh, or
shared with an earlier state only while unchanged (`shared=True`). Any other reply, or a
state of another shape, is written by the encoder itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json import encoder as _json
from typing import Any, Final

_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, check_circular=False)
_STRING: Final[Callable[[str], str]] = _json.encode_basestring
"""How the encoder writes a string with `ensure_ascii=False` (in C where it can)."""


def _plain_writer() -> Callable[[Any], str]:
    """`_ENCODER.encode`, by one C encoder made once: `encode` makes a new one each call,
    which took about as long as writing a small entry."""
    make = getattr(_json, "c_make_encoder", None)
    if make is None:  # pragma: no cover - a Python without the json speedups
        return _ENCODER.encode
    try:
        made = make(None, _ENCODER.default, _STRING, None, ": ", ", ", False, False, True)
    except TypeError:  # pragma: no cover - another signature: the encoder's own way
        return _ENCODER.encode

    def written(value: Any) -> str:
        if type(value) is str:
            return _STRING(value)
        return "".join(made(value, 0))

    return written


plain: Final = _plain_writer()
"""Any JSON value as `_ENCODER.encode` writes it."""

_LAST: dict[str, tuple[object, str]] = {}
"""Each entry of the state last written, by its key: the value, and its text with the key's."""
_OK: Final = '{"ok": true, "state": {'


def reply_line(reply: dict[str, Any]) -> str:
    """`reply` (`{"ok": ..., "state": {...}}`, a refusal's `error` and `message` too) as
    `json.dumps(reply, ensure_ascii=False)` writes it; raises as that raises."""
    state = reply.get("state")
    if type(state) is not dict or next(reversed(reply)) != "state":
        return plain(reply)
    if len(reply) == 2 and reply.get("ok") is True:
        head = _OK
    elif len(reply) > 1:
        # The fields before the state (a refusal's), as the encoder writes them, open.
        head = plain({k: v for k, v in reply.items() if k != "state"})[:-1] + ', "state": {'
    else:
        return plain(reply)
    last = _LAST
    said = []
    for key, value in state.items():
        was = last.get(key)
        if was is not None and (was[0] is value or was[0] == value):
            said.append(was[1])
            continue
        if type(key) is not str:
            return plain(reply)  # (a key json turns into text: as it does)
        text = _STRING(key) + ": " + plain(value)
        if len(last) > 64:  # (keys of other shapes than a state's: kept few)
            last.clear()
        last[key] = (value, text)
        said.append(text)
    return head + ", ".join(said) + "}}"


__all__ = ["plain", "reply_line"]
