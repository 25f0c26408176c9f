"""Protocol 2 (R8.1): `hello` names the profiles played, `start` carries the profile, and a
protocol 1 implementation keeps playing the house cases unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest

from badugi_spec.protocol import validate
from badugi_spec.protocol.client import ProtocolImplementation
from badugi_spec.protocol.server import answer
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Runner
from badugi_spec.scenario.suite import parse_scenario

MULTIWAY = """scenario three-way-side-pot "Three players, one all-in, a side pot"
profile pokerstars-2010
rules R8.13 R8.14
players Ann 100, Bob 5 dealer, Cy 100
deal Ann 2♣ 3♠ 4♥ 5♦ / Bob A♠ 2♥ 3♦ 4♣ / Cy 6♣ 7♦ 8♥ 9♠
Bob raises to 4; Cy raises to 6; Ann calls 4
Bob goes all-in 1
expect phase draw-1; pots 15, 2; main pot 15 between Ann, Bob, Cy
Cy stands pat; Ann stands pat; Bob stands pat
Cy bets 2; Ann calls 2
Cy stands pat; Ann stands pat; Bob stands pat
Cy bets 4; Ann calls 4
Cy stands pat; Ann stands pat; Bob stands pat
Cy bets 4; Ann calls 4
expect main pot 15 to Bob; side pot 1 22 between Ann, Cy to Ann
expect stacks Ann 106, Bob 15, Cy 84
"""

HOUSE = """scenario house-fold "A house hand"
rules R3.10
players Ann 100 dealer, Bob 100
shuffle seed 1
Ann folds
expect Bob wins 3 by fold
"""


class Speaker:
    """An in-process server that answers `hello` as a given protocol version would."""

    def __init__(self, hello: dict[str, Any] | None) -> None:
        self.engine = EngineImplementation()
        self.hello = hello
        self.sent: list[dict[str, Any]] = []

    def exchange(self, line: str, *, timeout: float) -> str:
        request = json.loads(line)
        self.sent.append(request)
        reply = answer(self.engine, request, version="t")
        if request["type"] == "hello" and self.hello is not None:
            reply = {k: v for k, v in reply.items() if k != "profiles"} | self.hello
            reply = {k: v for k, v in reply.items() if v is not None}
        return json.dumps(reply)

    def stderr_tail(self) -> str:
        return ""

    def close(self) -> None:
        pass


def run(text: str, hello: dict[str, Any] | None) -> tuple[str, str, list[dict[str, Any]]]:
    speaker = Speaker(hello)
    impl = ProtocolImplementation(lambda: speaker, timeout=5.0)
    case = compile_case(parse_scenario(text, "t.badugi"))
    result = Runner(impl).run(case)
    return result.status, result.message, speaker.sent


def test_the_multiway_case_passes_in_process() -> None:
    case = compile_case(parse_scenario(MULTIWAY, "t.badugi"))
    assert case["profile"]["name"] == "pokerstars-2010" and case["format"] == 2
    assert validate(case["profile"], "profile") == []
    assert Runner(EngineImplementation()).run(case).status == "passed"


def test_a_protocol_2_implementation_of_any_profile_gets_the_profile_object() -> None:
    status, _, sent = run(MULTIWAY, None)
    assert status == "passed"
    start = next(r for r in sent if r["type"] == "start")
    assert start["profile"]["name"] == "pokerstars-2010"
    assert start["profile"]["short_all_in"] == "half-bet-complete"
    assert validate(start, "request") == []


def test_a_protocol_1_implementation_plays_house_cases_as_before() -> None:
    status, _, sent = run(HOUSE, {"protocol": 1, "profiles": None})
    assert status == "passed"
    start = next(r for r in sent if r["type"] == "start")
    assert "profile" not in start, "a protocol 1 implementation never sees a profile"


def test_a_protocol_1_implementation_skips_other_profiles_with_the_reason() -> None:
    status, message, sent = run(MULTIWAY, {"protocol": 1, "profiles": None})
    assert status == "skipped"
    assert message == "the implementation does not play profile pokerstars-2010 (R8.1)"
    assert [r["type"] for r in sent] == ["hello"]


def test_a_protocol_2_implementation_of_named_profiles_skips_the_rest() -> None:
    assert run(MULTIWAY, {"profiles": ["house", "pokerkit"]})[:2] == (
        "skipped",
        "the implementation does not play profile pokerstars-2010 (R8.1)",
    )
    assert run(MULTIWAY, {"profiles": ["pokerstars-2010"]})[0] == "passed"


@pytest.mark.parametrize("profiles", [[], "some", [3]])
def test_a_protocol_2_hello_without_a_profile_list_is_an_error(profiles: object) -> None:
    status, message, _ = run(MULTIWAY, {"profiles": profiles})
    assert status == "errored"
    assert "protocol 2 hello needs profiles" in message
