"""The protocol without processes: the server's answers, the client over a scripted
transport, the shipped schemas and the tiny validator."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.protocol import PROTOCOL_VERSION, validate
from badugi_spec.protocol.client import ProtocolImplementation, TransportError
from badugi_spec.protocol.server import answer, serve
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import ImplementationError, Runner, Skip
from badugi_spec.scenario.suite import load_suite, parse_scenario

ROOT = Path(__file__).resolve().parent.parent

PLAYERS = [{"name": "Ann", "stack": 100}, {"name": "Bob", "stack": 100}]
DECK = ["Ah", "As", "2c", "2h", "3s", "3d", "7d", "Kd", "4c", "5c", "6c", "7c"]


class ScriptedTransport:
    """Answers from an in-process server, except where `script` says to misbehave."""

    def __init__(self, *, misbehave: Callable[[dict[str, Any]], str | None] | None = None) -> None:
        self.engine = EngineImplementation()
        self.misbehave = misbehave
        self.sent: list[dict[str, Any]] = []
        self.closed = False

    def exchange(self, line: str, *, timeout: float) -> str:
        request = json.loads(line)
        self.sent.append(request)
        if self.misbehave is not None:
            reply = self.misbehave(request)
            if reply is not None:
                return reply
        return json.dumps(answer(self.engine, request, version="test"))

    def stderr_tail(self) -> str:
        return "scripted stderr tail"

    def close(self) -> None:
        self.closed = True


def client(
    misbehave: Callable[[dict[str, Any]], str | None] | None = None,
) -> tuple[ProtocolImplementation, list[ScriptedTransport]]:
    made: list[ScriptedTransport] = []

    def connect() -> ScriptedTransport:
        made.append(ScriptedTransport(misbehave=misbehave))
        return made[-1]

    return ProtocolImplementation(connect, timeout=1.0), made


# ----- the server side -------------------------------------------------------------------------


def test_hello_names_the_implementation_and_its_capabilities() -> None:
    reply = answer(EngineImplementation(), {"type": "hello", "protocol": 1}, version="9")
    assert reply == {
        "ok": True,
        "protocol": 1,
        "name": "badugi-spec",
        "version": "9",
        "capabilities": ["evaluate", "compare", "play"],
    }
    assert validate(reply, "response") == []


def test_a_protocol_2_hello_says_which_profiles_are_played() -> None:
    request = {"type": "hello", "protocol": 1, "protocols": [1, 2]}
    assert validate(request, "request") == []
    reply = answer(EngineImplementation(), request, version="9")
    assert reply["protocol"] == PROTOCOL_VERSION == 2
    assert reply["profiles"] == "any"
    assert validate(reply, "response") == []


def test_hello_with_another_version_is_a_bad_request() -> None:
    reply = answer(EngineImplementation(), {"type": "hello", "protocol": 3})
    assert reply["ok"] is False and reply["error"] == "bad-request"


def test_evaluate_and_compare() -> None:
    engine = EngineImplementation()
    value = answer(engine, {"type": "evaluate", "cards": ["As", "2h", "3d", "Kd"]})
    assert value == {"ok": True, "value": {"size": 3, "ranks": ["3", "2", "A"]}}
    tie = answer(
        engine, {"type": "compare", "hands": [["3d", "As", "4c", "2h"], ["4h", "3c", "2s", "Ad"]]}
    )
    assert tie == {"ok": True, "winners": [0, 1]}
    for reply in (value, tie):
        assert validate(reply, "response") == []


def test_a_hand_step_by_step_and_a_rejected_action_leaves_the_state() -> None:
    engine = EngineImplementation()
    started = answer(engine, {"type": "start", "players": PLAYERS, "first_dealer": "Ann"})
    dealt = answer(engine, {"type": "deal", "deck": DECK})
    assert dealt["state"]["to_act"] == "Ann" and dealt["state"]["pot"] == 3
    refused = answer(engine, {"type": "act", "player": "Ann", "action": "check"})
    assert refused["ok"] is False and refused["error"] == "check-facing-bet"
    assert refused["state"] == dealt["state"]
    called = answer(engine, {"type": "act", "player": "Ann", "action": "call", "amount": 1})
    assert called["state"]["legal"] == ["check", "raise to 4"]
    for reply in (started, dealt, refused, called):
        assert validate(reply, "response") == [], reply
        assert validate(reply["state"], "state") == []


@pytest.mark.parametrize(
    "request_, code",
    [
        ("not an object", "bad-request"),
        ({"type": "shuffle"}, "bad-request"),
        ({"type": "evaluate", "cards": "As 2h"}, "bad-request"),
        ({"type": "evaluate", "cards": ["As", "As"]}, "bad-request"),
        ({"type": "evaluate", "cards": ["As", "Zz"]}, "bad-request"),
        ({"type": "compare", "hands": [["As"], ["As", "2h", "3d", "4c", "5s"]]}, "bad-request"),
        ({"type": "act", "player": "Ann", "action": "check"}, "bad-request"),
    ],
)
def test_bad_requests_get_one_reply_each(request_: object, code: str) -> None:
    reply = answer(EngineImplementation(), request_)
    assert reply["ok"] is False and reply["error"] == code
    assert validate(reply, "response") == []


class _Broken(EngineImplementation):
    def evaluate(self, cards: list[str], ranking: str | None = None) -> dict[str, Any]:
        raise KeyError("a bug")


def test_an_implementation_bug_is_internal_not_bad_request() -> None:
    reply = answer(_Broken(), {"type": "evaluate", "cards": ["As"]})
    assert reply == {"ok": False, "error": "internal", "message": "KeyError: 'a bug'"}


def _started() -> EngineImplementation:
    engine = EngineImplementation()
    assert answer(engine, {"type": "start", "players": PLAYERS, "first_dealer": "Ann"})["ok"]
    return engine


def _dealt() -> EngineImplementation:
    engine = _started()
    assert answer(engine, {"type": "deal", "deck": DECK})["ok"]
    return engine


def _drawing() -> EngineImplementation:
    engine = _dealt()
    for step in ({"player": "Ann", "action": "call"}, {"player": "Bob", "action": "check"}):
        assert answer(engine, {"type": "act", **step})["ok"]
    return engine


@pytest.mark.parametrize(
    "make, request_, message",
    [
        (EngineImplementation, {"type": "act", "player": "Ann", "action": "check"},
         "'start' comes first"),
        (EngineImplementation, {"type": "deal", "deck": DECK}, "'start' comes first"),
        (EngineImplementation, {"type": "start", "players": PLAYERS, "first_dealer": "Cy"},
         "unknown player 'Cy'"),
        (EngineImplementation, {"type": "start", "players": PLAYERS},
         "'first_dealer' must be a player's name, not null"),
        (EngineImplementation,
         {"type": "start", "players": [PLAYERS[0], {"name": "Bob", "stack": 0}],
          "first_dealer": "Ann"},
         "'players[1].stack' must be 1 to 999999999 chips, not 0"),
        (EngineImplementation,
         {"type": "start", "players": [PLAYERS[0], {"name": "Bob", "stack": -5}],
          "first_dealer": "Ann"},
         "'players[1].stack' must be 1 to 999999999 chips, not -5"),
        (EngineImplementation,
         {"type": "start", "players": [PLAYERS[0], {"name": "Bob", "stack": "100"}],
          "first_dealer": "Ann"},
         "'players[1].stack' must be a whole number of chips, not a string"),
        (EngineImplementation,
         {"type": "start", "players": [PLAYERS[0], PLAYERS[0]], "first_dealer": "Ann"},
         "player names must differ"),
        (EngineImplementation,
         {"type": "start", "players": PLAYERS[:1], "first_dealer": "Ann"},
         "named players"),
        (EngineImplementation, {"type": "start", "players": ["Ann", "Bob"]},
         "players[0] must be a {name, stack} object, not a string"),
        (_dealt, {"type": "act", "player": "Cy", "action": "call"}, "unknown player 'Cy'"),
        (_dealt, {"type": "act", "player": "Ann", "action": "shove"}, "unknown action 'shove'"),
        (_dealt, {"type": "act", "player": "Ann", "action": "call", "amount": 1.5},
         "'amount' must be a whole number of chips, not a number with a fraction"),
        (_started, {"type": "deal", "deck": ["As", "Zz"]}, "deck: card 1 'Zz'"),
        (_started, {"type": "deal", "deck": ["As", 7]}, "deck[1] must be a card text such as 'As', not a whole number"),
        (_drawing, {"type": "act", "player": "Bob", "action": "draw", "discards": ["Qx"]},
         "discards: card 1 'Qx'"),
    ],
)  # fmt: skip
def test_a_request_that_cannot_be_carried_out_is_a_bad_request(
    make: Callable[[], EngineImplementation], request_: dict[str, Any], message: str
) -> None:
    engine = make()
    before = engine.session and engine.session.hand and engine.session.hand.snapshot()
    reply = answer(engine, request_)
    assert reply["ok"] is False and reply["error"] == "bad-request", reply
    assert message in reply["message"]
    assert validate(reply, "response") == []
    assert (engine.session and engine.session.hand and engine.session.hand.snapshot()) == before


def test_a_repeated_card_still_reaches_the_rules() -> None:
    """Only unreadable card text is the request's fault; a repeated card breaks R1.1."""
    reply = answer(_started(), {"type": "deal", "deck": ["As"] * 12})
    assert reply["ok"] is False and reply["error"] == "deck-invalid"


def test_serve_answers_one_line_per_request_and_stops_at_bye() -> None:
    lines = [
        {"type": "hello", "protocol": 1},
        {"type": "evaluate", "cards": ["As", "2h", "3d", "4c"]},
        {"type": "bye"},
        {"type": "evaluate", "cards": ["As"]},
    ]
    inp = io.BytesIO(b"\n".join(json.dumps(x).encode() for x in lines) + b"\nnot json\n")
    out = io.BytesIO()
    assert serve(EngineImplementation(), stdin=inp, stdout=out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["ok"] for r in replies] == [True, True, True]
    assert replies[1]["value"]["ranks"] == ["4", "3", "2", "A"]


class _Writes(io.BytesIO):
    """Stdout that counts its writes, as an unbuffered one (`PYTHONUNBUFFERED`) makes each."""

    writes = 0

    def write(self, data: Any) -> int:
        self.writes += 1
        return super().write(data)


def test_requests_sent_at_once_are_answered_in_one_write() -> None:
    """Pipelined requests (all in before the first is answered) get their replies in one
    write, whatever the stream's buffering: not a write, and a wake-up of the client, each."""
    lines = [{"type": "hello", "protocol": 1}] + [
        {"type": "evaluate", "cards": ["As", "2h", "3d", "4c"]} for _ in range(4)
    ]
    out = _Writes()
    inp = io.BytesIO(b"".join(json.dumps(x).encode() + b"\n" for x in lines))
    assert serve(EngineImplementation(), stdin=inp, stdout=out) == 0
    assert len(out.getvalue().splitlines()) == 5
    assert out.writes == 1


def test_a_lone_surrogate_is_refused_escaped_or_not() -> None:
    """Whether the request escapes it (`\\ud800`) or carries its UTF-8 form, a lone
    surrogate is refused; a request with neither is not searched for one (`_plain`)."""
    escaped = b'{"type": "evaluate", "cards": ["As", "\\ud800"]}\n'
    raw = '{"type": "evaluate", "cards": ["As", "\ud800"]}\n'.encode("utf-8", "surrogatepass")
    for line in (escaped, raw):
        out = io.BytesIO()
        serve(EngineImplementation(), stdin=io.BytesIO(line), stdout=out)
        reply = json.loads(out.getvalue())
        assert reply["error"] == "bad-request" and "surrogate" in reply["message"], reply


def test_garbage_line_gets_a_bad_request_reply() -> None:
    out = io.BytesIO()
    serve(EngineImplementation(), stdin=io.BytesIO(b"{oops\n"), stdout=out)
    assert json.loads(out.getvalue())["error"] == "bad-request"


# ----- the client side -------------------------------------------------------------------------


def test_the_whole_suite_over_a_scripted_transport_matches_in_process() -> None:
    # In process every scenario passes (each is a test item of its own), so matching it
    # is every case passing here too, with no divergence.
    suite = load_suite([ROOT / "scenarios"])
    impl, made = client()
    remote = [Runner(impl).run(compile_case(s)) for s in suite.scenarios]
    assert [r.id for r in remote] == [s.id for s in suite.scenarios]
    assert [(r.id, r.status, r.divergence) for r in remote if r.status != "passed"] == []
    assert all(r.divergence is None for r in remote)
    assert len(made) == 1, "one connection for the whole suite"
    # Each distinct request once (8,413 of the 13,239 sent): validity is of the request alone.
    distinct = {json.dumps(request, sort_keys=True): request for request in made[0].sent}
    for request in distinct.values():
        assert validate(request, "request") == [], request


def test_not_supported_skips_the_case_with_the_reason() -> None:
    def refuse(request: dict[str, Any]) -> str | None:
        if request["type"] == "start":
            return json.dumps({"ok": False, "error": "not-supported", "message": "no sessions"})
        return None

    impl, _ = client(refuse)
    with pytest.raises(Skip, match="no sessions"):
        impl.start({"players": PLAYERS, "first_dealer": "Ann"})


@pytest.mark.parametrize(
    "reply, message",
    [
        ("hello there", "malformed reply"),
        ("[1, 2]", "not an object"),
        ('{"ok": false, "error": "internal", "message": "KeyError"}', "internal error: KeyError"),
        ('{"ok": true}', "no value"),
    ],
)
def test_nonsense_is_an_implementation_error_and_the_next_request_reconnects(
    reply: str, message: str
) -> None:
    calls = {"n": 0}

    def once(request: dict[str, Any]) -> str | None:
        if request["type"] == "evaluate":
            calls["n"] += 1
            if calls["n"] == 1:
                return reply
        return None

    impl, made = client(once)
    with pytest.raises(ImplementationError, match=message) as caught:
        impl.evaluate(["As", "2h"])
    assert caught.value.stderr == "scripted stderr tail"
    assert made[0].closed
    assert impl.evaluate(["As", "2h"]) == {"size": 2, "ranks": ["2", "A"]}
    assert len(made) == 2


def test_a_transport_failure_becomes_an_errored_case_not_a_traceback() -> None:
    def hang(request: dict[str, Any]) -> str | None:
        if request["type"] == "act":
            raise TransportError("no reply within 1 s")
        return None

    impl, made = client(hang)
    scenario = parse_scenario((ROOT / "tests" / "data" / "two-steps.badugi").read_text())
    result = Runner(impl).run(compile_case(scenario))
    assert result.status == "errored"
    assert "act: no reply within 1 s" in result.message
    assert "scripted stderr tail" in result.message
    assert made[0].closed


def test_a_failed_handshake_errors_the_first_case_only() -> None:
    attempts = {"n": 0}

    def connect() -> ScriptedTransport:
        attempts["n"] += 1
        if attempts["n"] == 1:
            raise TransportError("cannot start 'nowhere'")
        return ScriptedTransport()

    impl = ProtocolImplementation(connect)
    scenario = parse_scenario((ROOT / "tests" / "data" / "two-steps.badugi").read_text())
    runner = Runner(impl)
    first = runner.run(compile_case(scenario))
    assert first.status == "errored" and "cannot start" in first.message
    assert runner.run(compile_case(scenario)).status == "passed"


def test_evaluator_only_implementations_skip_only_the_play_steps() -> None:
    def evaluator_only(request: dict[str, Any]) -> str | None:
        if request["type"] == "hello":
            return json.dumps(
                {"ok": True, "protocol": 1, "name": "ev", "version": "1",
                 "capabilities": ["evaluate", "compare"]}
            )  # fmt: skip
        return None

    impl, _ = client(evaluator_only)
    scenario = parse_scenario((ROOT / "tests" / "data" / "two-steps.badugi").read_text())
    result = Runner(impl).run(compile_case(scenario))
    # The value line still runs; only the hand is left out, and the message says so.
    assert result.status == "passed"
    assert result.checks["evaluate"] == 1 and result.checks["play"] == 0
    assert result.checks["play-skipped"] == 9
    assert result.message == "partly run; 9 play steps skipped: the implementation lacks play"


# ----- the validator ---------------------------------------------------------------------------


def test_the_validator_finds_problems() -> None:
    assert validate({"type": "hello", "protocol": 1}, "request") == []
    # Requests and responses are unions (oneOf), so a bad one matches none of them.
    none = ["$: matches 0 of the oneOf alternatives"]
    assert validate({"type": "hello", "protocol": 1, "extra": 1}, "request") == none
    assert validate({"type": "act", "player": "Ann", "action": "shove"}, "request") == none
    assert validate({"type": "deal", "deck": ["A♠"]}, "request") == none  # "As", not "A♠"
    assert validate({"ok": True, "state": {"session": {}, "stacks": {}}}, "response") == none
    assert validate(True, "state") == ["$: True is not object"]
