"""A live big blind posted out of turn (R8.3): the statement, its messages, and its road
through the case, the protocol and `import`."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from badugi_spec.errors import ScenarioError
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Runner

TABLE = """scenario live-post "a live post"
profile pokerstars-2010
rules R8.3
players Ann 100 dealer, Bob 100, Cy 100, Di 100
{post}
deal Ann K♠ Q♥ J♦ J♣ / Bob K♦ Q♣ 9♥ 9♠ / Cy 2♣ 5♦ 8♥ 10♠ / Di A♠ 3♥ 4♦ 6♣
expect pot 5; turn Di; legal check, fold, raise to 4
unfinished
"""


def error_of(post: str) -> str:
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(TABLE.format(post=post), "t.badugi")
    return str(raised.value)


@pytest.mark.parametrize(
    ("post", "message"),
    [
        ("Di posts a live small blind", "5:1: only a big blind is posted out of turn (R8.3)"),
        ("Bob posts a live big blind", "5:1: Bob posts a blind in the first hand already"),
        ("Di posts a live big blind of 3", "5:1: a live big blind is 1 to 2 chips under"),
        ("Ed posts a live big blind", "5:1: unknown player 'Ed'"),
    ],
)
def test_a_post_that_cannot_be_is_a_located_error(post: str, message: str) -> None:
    assert message in error_of(post)


def test_a_post_after_the_cards_is_refused_where_it_stands() -> None:
    text = TABLE.format(post="").replace(
        "expect pot 5", "Di posts a live big blind\nexpect pot 5", 1
    )
    with pytest.raises(ScenarioError, match="posted before the deal"):
        parse_scenario(text, "t.badugi")


def test_the_case_carries_the_post_and_the_engine_takes_it() -> None:
    scenario = parse_scenario(TABLE.format(post="Di posts a live big blind"), "t.badugi")
    case = compile_case(scenario)
    assert case["hands"][0]["posts"] == [{"player": "Di", "chips": 2}]
    assert Runner(EngineImplementation()).run(case).status == "passed"
    without = compile_case(parse_scenario(TABLE.format(post=""), "t.badugi"))
    assert Runner(EngineImplementation()).run(without).status == "failed"


def test_the_post_crosses_the_protocol() -> None:
    case = compile_case(parse_scenario(TABLE.format(post="Di posts a live big blind"), "t.badugi"))
    impl = ProcessImplementation(shlex.split(f"{shlex.quote(sys.executable)} -m badugi_spec serve"))
    try:
        assert Runner(impl).run(case).status == "passed"
    finally:
        impl.close()


def test_a_seat_posts_one_live_big_blind_at_most() -> None:
    from badugi_spec.cards import DECK
    from badugi_spec.engine.hand import Hand
    from badugi_spec.profiles import get

    with pytest.raises(ValueError, match="one live big blind at most"):
        Hand(deck=DECK, stacks=(100,) * 4, profile=get("pokerstars-2010"), posts=[(3, 2), (3, 2)])


def test_export_refuses_a_live_post_rather_than_write_another_hand(tmp_path: Path) -> None:
    # A real cash hand played to its end, in which a joining player posts (R8.3, R11.7).
    source = Path(__file__).resolve().parent.parent / "scenarios/real-hands/real-49164255772.badugi"
    done = subprocess.run(
        [sys.executable, "-m", "badugi_spec", "export", str(source), "--phh", str(tmp_path / "o.phhs")],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert "not exported" in done.stdout and "live big blind" in done.stdout, done.stdout
