"""The request lines the protocol client writes for a fuzzed trial (`outgoing.line_of`,
one C encoder made once) are `json.dumps`'s, character for character: ASCII only, its
separators, its numbers."""

from __future__ import annotations

import json
from typing import Any

import pytest

from badugi_spec import profiles
from badugi_spec.fuzz import replay_variants
from badugi_spec.fuzz.plan import Plan
from badugi_spec.fuzz.trial import FuzzError, Setting
from badugi_spec.protocol.outgoing import line_of, request_lines

EVERY = tuple(profiles.get(name) for name in profiles.names())


@pytest.mark.parametrize(
    "request_",
    [
        {"type": "act", "player": "Ann", "action": "raise", "amount": 4},
        {"type": "act", "player": "Zoë", "action": "draw", "discards": ["A♠", "Kd"]},
        {"type": "start", "players": [{"name": "Ann", "stack": 10**15}], "first_dealer": "Ann"},
        {"type": "deal", "deck": [], "posts": [{"player": "Bob", "chips": 2.5}], "x": None},
        {"type": "act", "player": "Ann", "action": "bet", "amount": float("nan"), "b": True},
        {'quote"d': "line\nbreak\\", "tab": "\t", "ctl": "\x00"},
    ],
)
def test_a_request_is_written_as_json_dumps_writes_it(request_: dict[str, Any]) -> None:
    assert line_of(request_) == json.dumps(request_)


def test_a_request_json_cannot_write_is_refused_as_json_refuses_it() -> None:
    with pytest.raises(TypeError):
        json.dumps({"deck": {1, 2}})
    with pytest.raises(TypeError):
        line_of({"deck": {1, 2}})


def test_every_request_of_trials_and_variants_as_json_dumps() -> None:
    plan = Plan(Setting(EVERY), ())
    checked = 0
    for number in range(8):
        try:
            trial, _ = plan.trial(9, number)
        except FuzzError:
            continue
        forms = replay_variants.forms(trial) or []
        for exchanges in [trial.exchanges, *(form.exchanges for form in forms)]:
            asked = [(kind, request) for kind, request, _ in exchanges]
            for protocol in (1, 2):
                requests, lines = request_lines(asked, protocol, {})
                assert lines == [json.dumps(request) for request in requests]
                checked += len(lines)
    assert checked > 1000
