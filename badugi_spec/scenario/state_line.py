"""Our engine's replies as the lines `serve` writes for them: the text of
`json.dumps(reply, ensure_ascii=False)`, character for character, with each entry of a
state that is as it was in the state written before it (the session, the seats' cards and
values, the options, the posts, the pots, mostly) not written again: its text is kept.

Writing the whole state for every request was about a quarter of what `serve` spent on
one (11 us of some 45), when most of it had not changed since the request before (issue
40); with kept texts a state takes about 7 us.

An entry is "as it was" when it is the same object or `==` to it. That is right only for
the states `state_of` makes, one session's after another (`Lines`): `==` holds `1 == 1.0
== True`, which JSON tells apart, and no field of theirs is a boolean in one state and a
number in another (`state.json`); `==` does not look at the order of a dict's keys, which
the text shows, and within a session every dict of players comes in seat order, every
dict of rankings in the profile's order, and a pot's shares in the order of its winners
(a list, which `==` does look at in order); and an entry, once written, is never changed
in place (it would be written as it was): `state_of`'s are made afresh, or shared with an
earlier state only while unchanged (`shared=True`). Any other reply, or a state of
another shape, is written by the encoder itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json import encoder as _json
from typing import Any, Final

_STRING: Final[Callable[[str], str]] = _json.encode_basestring
"""How the encoder writes a string with `ensure_ascii=False` (in C where it can)."""


def one_encoder(*, ascii_only: bool) -> Callable[[Any], str]:
    """`json.dumps(value, ensure_ascii=ascii_only)`'s text, by one C encoder made once:
    `dumps` and `encode` make a new one each call, which took about as long as writing a
    small entry; a whole number or a text is written without the encoder at all. It looks
    for no cycle (what is written here holds none, and looking was a fifth of the
    encoder's time); a cycle is still caught, as too deep (RecursionError)."""
    encoder = json.JSONEncoder(ensure_ascii=ascii_only, check_circular=False)
    string = _json.encode_basestring_ascii if ascii_only else _STRING
    make = getattr(_json, "c_make_encoder", None)
    if make is None:  # pragma: no cover - a Python without the json speedups
        return encoder.encode
    try:
        made = make(None, encoder.default, string, None, ": ", ", ", False, False, True)
    except TypeError:  # pragma: no cover - another signature: the encoder's own way
        return encoder.encode

    def written(value: Any) -> str:
        kind = type(value)
        if kind is str:
            return string(value)
        if kind is int:
            return int.__repr__(value)
        return "".join(made(value, 0))

    return written


plain: Final = one_encoder(ascii_only=False)
"""Any JSON value as `json.dumps(value, ensure_ascii=False)` writes it: `serve`'s replies
and the fuzz client's lines of our answers."""

_OK: Final = '{"ok": true, "state": {'


class Lines:
    """The replies of one session (from its `start` on), each written as
    `json.dumps(reply, ensure_ascii=False)` writes it, but for the state's entries that
    are as they were in the state before: their text is kept.

    Kept for one session only (`forget` at the next `start`), where the players sit in one
    order and the profile names its rankings in one order: a state's dicts of players (and
    of rankings) then come in one order of keys, which `==` does not look at."""

    def __init__(self) -> None:
        self._last: dict[str, tuple[object, str, str]] = {}
        """Each entry of the state last written, by its key: the value, its text with the
        key's, and the key's text alone."""

    def forget(self) -> None:
        """A new session: nothing written before is kept."""
        self._last.clear()

    def __call__(self, reply: dict[str, Any]) -> str:
        """`reply` (`{"ok": ..., "state": {...}}`, a refusal's `error` and `message` too)
        as `json.dumps(reply, ensure_ascii=False)` writes it; raises as that raises."""
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
        last = self._last
        said = []
        for key, value in state.items():
            was = last.get(key)
            if was is not None:
                if was[0] is value or was[0] == value:
                    said.append(was[1])
                    continue
                opening = was[2]
            elif type(key) is str:
                opening = _STRING(key) + ": "
            else:
                return plain(reply)  # (a key json turns into text: as it does)
            text = opening + plain(value)
            if len(last) > 64:  # (keys of other shapes than a state's: kept few)
                last.clear()
            last[key] = (value, text, opening)
            said.append(text)
        return head + ", ".join(said) + "}}"


__all__ = ["Lines", "plain"]
