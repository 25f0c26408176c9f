"""`serve` writes our engine's replies as the plain JSON encoder writes them, though it
keeps the text of what did not change (`state_line.Lines`), reads an `act` line it has read
before from what it kept, and checks a profile that fitted `profile.json` only once."""

from __future__ import annotations

import gc
import io
import json
import sys
from typing import Any

import pytest

from badugi_spec import profiles
from badugi_spec.fuzz import replay_variants
from badugi_spec.fuzz.campaign import Plan
from badugi_spec.fuzz.trial import FuzzError, Setting
from badugi_spec.protocol import fields, server, validate
from badugi_spec.protocol.outgoing import request_lines
from badugi_spec.protocol.server import _Served, serve
from badugi_spec.scenario.compile import profile_object
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.state_line import Lines

EVERY = tuple(profiles.get(name) for name in profiles.names())


def _served(impl: Any, lines: list[str]) -> list[str]:
    out = io.BytesIO()
    data = "".join(f"{line}\n" for line in lines).encode("utf-8")
    assert serve(impl, stdin=io.BytesIO(data), stdout=out) == 0
    return out.getvalue().decode("utf-8").splitlines()


def _trial_lines(seed: int, count: int) -> list[str]:
    """The request lines of fuzzed trials and of each of their variants, as the protocol
    client sends them: sessions of every profile, the same hands again with the players
    rotated, the suits renamed, the discards turned round."""
    plan = Plan(Setting(EVERY, seats=(2, 8)), ())
    sent: list[str] = []
    for number in range(count):
        try:
            trial, _ = plan.trial(seed, number)
        except FuzzError:
            continue
        forms = replay_variants.forms(trial) or []
        for exchanges in [trial.exchanges, *(form.exchanges for form in forms)]:
            asked = [(kind, request) for kind, request, _ in exchanges]
            sent += request_lines(asked, 2, {})[1]
    return sent


@pytest.mark.slow
def test_our_engine_is_written_as_the_plain_encoder_writes_it() -> None:
    """Every reply, byte for byte, as `serve` writes the same engine's fresh states with
    the plain encoder (`EngineImplementation` is not `_Served`: nothing kept)."""
    sent = _trial_lines(seed=11, count=24)
    # A refused act, twice (never kept), and an act that reads right but is refused by the
    # engine, twice (kept): each answered as the first time.
    sent += [
        '{"type": "act", "player": "Nobody", "action": "call"}',
        '{"type": "act", "player": "Nobody", "action": "call"}',
        '{"type": "act", "player": "Ann", "action": "call", "amount": true}',
        '{"type": "act", "player": "Ann", "action": "call", "amount": true}',
    ]
    assert len(sent) > 2000
    ours, plain = _served(_Served(), sent), _served(EngineImplementation(), sent)
    assert len(ours) == len(plain) == len(sent)
    for line, (mine, fresh) in zip(sent, zip(ours, plain, strict=True), strict=True):
        assert mine == fresh, line
    assert json.loads(ours[-1])["error"] == "bad-request"


PLAYERS = [{"name": "Ann", "stack": 100}, {"name": "Bob", "stack": 7}]


def _start(players: list[dict[str, Any]]) -> str:
    return json.dumps({"type": "start", "players": players, "first_dealer": "Ann"})


def test_a_new_session_in_another_seat_order_is_written_in_its_own_order() -> None:
    """The stacks of the second session are `==` to the first's (a dict's `==` does not look
    at the order of its keys), but the players sit in another order: written in theirs."""
    rotated = PLAYERS[1:] + PLAYERS[:1]
    replies = _served(_Served(), [_start(PLAYERS), _start(rotated)])
    assert replies[1] == json.dumps(
        {
            "ok": True,
            "state": {
                "session": {
                    "hand": 0, "dealer": "Ann", "over": False, "winner": None, "reason": None
                },
                "stacks": {"Bob": 7, "Ann": 100},
            },
        }
    )  # fmt: skip


def test_lines_keep_the_entries_as_they_were_within_a_session() -> None:
    """Unchanged entries are not written again: an entry changed in place after it was
    written (which `state_of` never does) is written as it was, until `forget`."""
    lines = Lines()
    state: dict[str, Any] = {"phase": "bet-1", "legal": ["check"], "pot": 3}
    assert lines({"ok": True, "state": state}) == json.dumps({"ok": True, "state": state})
    state["legal"].append("fold")
    assert '"legal": ["check"]' in lines({"ok": True, "state": state})
    refused = {"ok": False, "error": "not-your-turn", "message": "m \u00e9", "state": state}
    assert '"legal": ["check"]' in lines(refused)
    lines.forget()
    assert lines(refused) == json.dumps(refused, ensure_ascii=False)


@pytest.mark.parametrize(
    "reply",
    [
        {"ok": True, "state": {"pot": 1, "over": True}},
        {"ok": True, "state": {"pot": 1.0, "over": 1}},
        {"ok": True, "value": {"size": 1, "ranks": ["A"]}},
        {"state": {"a": 1}},
        {"state": {"a": 1}, "ok": True},
        {"ok": True, "state": {1: "a", "b": None}},
        {"ok": True, "state": {"name": 'Zoë \u2660 "q" \\ \n'}},
    ],
)
def test_lines_write_any_reply_as_the_encoder_does(reply: dict[str, Any]) -> None:
    assert Lines()(reply) == json.dumps(reply, ensure_ascii=False)


def test_a_profile_that_fitted_is_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[object] = []

    def counted(instance: object, name: str, **kwargs: Any) -> list[str]:
        checked.append(instance)
        return validate(instance, name, **kwargs)

    monkeypatch.setattr(fields, "validate", counted)
    monkeypatch.setattr(fields, "_FITTING", set())
    profile = profile_object(profiles.get("pokerstars-2010"))
    request: dict[str, Any] = {
        "type": "start", "players": PLAYERS, "first_dealer": "Ann", "profile": profile
    }  # fmt: skip
    wrong = {**request, "profile": {**profile, "cap": "four"}}
    replies = _served(_Served(), [json.dumps(r) for r in (request, request, wrong, wrong)])
    assert [json.loads(reply)["ok"] for reply in replies] == [True, True, False, False]
    assert len(checked) == 3  # the fitting one once, the other each time


_SEEN: list[tuple[bool, int]] = []
"""Whether the collector was on, and its young threshold, as each session started."""


class _Watched(_Served):
    def start(self, case: dict[str, Any]) -> dict[str, Any]:
        _SEEN.append((gc.isenabled(), gc.get_threshold()[0]))
        return super().start(case)


class _Other(EngineImplementation):
    def start(self, case: dict[str, Any]) -> dict[str, Any]:
        _SEEN.append((gc.isenabled(), gc.get_threshold()[0]))
        return super().start(case)


class _OneAtATime(io.BytesIO):
    """A stream that gives one line a read: each request is a batch of its own."""

    def read1(self, size: int | None = -1) -> bytes:
        return self.readline()


def test_our_engine_answers_with_the_collector_off_but_for_a_sweep(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Off while it answers (it makes no cycles), a pass once `SWEEP_REQUESTS` requests
    are answered and written, and on again after; another implementation gets the raised
    threshold instead."""
    swept: list[int] = []

    def collect(*args: int) -> int:
        swept.append(len(_SEEN))
        return 0

    monkeypatch.setattr(server, "SWEEP_REQUESTS", 3)
    monkeypatch.setattr(gc, "collect", collect)
    monkeypatch.setattr(sys.modules[__name__], "_SEEN", [])
    lines = "".join(f"{_start(PLAYERS)}\n" for _ in range(4)).encode()
    assert gc.isenabled()
    serve(_Watched(), stdin=_OneAtATime(lines), stdout=io.BytesIO())
    assert gc.isenabled()
    assert [enabled for enabled, _ in _SEEN] == [False] * 4
    assert swept == [3]  # once three were answered and written, not before, not again
    _SEEN.clear()
    serve(_Other(), stdin=io.BytesIO(lines), stdout=io.BytesIO())
    assert len(_SEEN) == 4
    assert all(enabled and young >= server.YOUNG for enabled, young in _SEEN)
