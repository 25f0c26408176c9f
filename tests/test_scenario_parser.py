"""The scenario language: what parses, and located errors for what does not."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_spec.cards import Card
from badugi_spec.errors import ScenarioError
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case, deck_order
from badugi_spec.scenario.model import Act, Expect, Reject

RULES = set(load_rules())

GOOD = '''\
scenario sample "A sample"
rules R2.5 R4.2
tags demo
"""
Narrative *text*.
"""
players Ann 100 dealer, Bob 90
deal Ann 5♠ 6♥ 7♦ 7♣ / Bob A♠ 2♥ 3♦ K♦
expect Bob holds 3-card 3-2-A; pot 3
Ann calls 1; Bob checks   # a comment
reject Ann stands pat with out-of-turn
burn 9♣
Bob discards K♦ takes 4♣
Ann stands pat
expect Bob holds 4-card 4-3-2-A (badugi); legal check, bet 2
'''


def parse(text: str) -> object:
    return parse_scenario(text, "s.badugi", RULES)


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse(text)
    return info.value


def test_a_full_scenario_parses_into_its_parts() -> None:
    scenario = parse_scenario(GOOD, "s.badugi", RULES)
    assert scenario.id == "sample"
    assert scenario.title == "A sample"
    assert scenario.rules == ("R2.5", "R4.2")
    assert scenario.tags == ("demo",)
    assert scenario.text == "Narrative *text*."
    assert [s.name for s in scenario.seats] == ["Ann", "Bob"]
    assert [s.stack for s in scenario.seats] == [100, 90]
    assert scenario.dealer == "Ann"
    (hand,) = scenario.hands
    kinds = [type(step).__name__ for step in hand.steps]
    assert kinds == ["Expect", "Expect", "Act", "Act", "Reject", "Act", "Act", "Expect", "Expect"]
    draw = hand.steps[5]
    assert isinstance(draw, Act)
    assert draw.discards == (Card.parse("Kd"),)
    assert draw.takes == (Card.parse("4c"),)
    reject = hand.steps[4]
    assert isinstance(reject, Reject) and reject.code == "out-of-turn"
    legal = hand.steps[-1]
    assert isinstance(legal, Expect) and legal.args == ("bet 2", "check")
    assert hand.burns == ((1, Card.parse("9c")),)


def test_deal_mode_builds_the_deck_big_blind_first_with_burns_and_draws() -> None:
    scenario = parse_scenario(GOOD, "s.badugi", RULES)
    deck = [str(c) for c in deck_order(scenario, scenario.hands[0])]
    # Bob is the big blind (Ann deals): he gets cards 1, 3, 5, 7 (R1.7).
    assert deck[:8] == ["As", "5s", "2h", "6h", "3d", "7d", "Kd", "7c"]
    # The burn, then the big blind's replacement (R4.3, R4.4).
    assert deck[8:10] == ["9c", "4c"]
    assert len(deck) == 52 and len(set(deck)) == 52


def test_compiled_case_is_plain_json() -> None:
    import json

    case = compile_case(parse_scenario(GOOD, "s.badugi", RULES))
    assert json.loads(json.dumps(case)) == case
    assert case["hands"][0]["dealer"] == "Ann"
    assert case["hands"][0]["steps"][2] == {
        "line": 10,
        "column": 1,
        "op": "act",
        "source": "Ann calls 1",
        "player": "Ann",
        "action": "call",
        "amount": 1,
    }


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ('scenario x "t"\nrules R9.9\n', 2, 7, "unknown rule ID R9.9"),
        (
            'scenario x "t"\nrules R2.1\nplayers Ann 100, Bob 100\ndeal Ann X♠ 2♥ 3♦ 4♣ / Bob 5♠ 6♥ 7♦ 8♣\n',
            4,
            10,
            "unknown rank",
        ),
        (
            'scenario x "t"\nrules R2.1\nplayers Ann 100, Bob 100\ndeal Ann A♠ 2♥ 3♦ 4♣ / Bob A♠ 6♥ 7♦ 8♣\n',
            4,
            28,
            "dealt twice",
        ),
        (
            'scenario x "t"\nrules R2.1\nplayers Ann 100, Bob 100\nshuffle seed 1\nCat checks\n',
            5,
            1,
            "unknown player 'Cat'",
        ),
        (
            'scenario x "t"\nrules R2.1\nplayers Ann 100, Bob 100\nshuffle seed 1\nAnn dances\n',
            5,
            5,
            "unknown action 'dances': an action is a name and one of checks,",
        ),
        ("rules R2.1\n", 1, 1, "a scenario starts with"),
        (
            'scenario x "t"\nrules R2.1\nplayers Ann 100, Bob 100\nAnn checks\n',
            4,
            1,
            "needs cards first",
        ),
        (
            'scenario x "t"\nrules R2.1\nplayers Ann 100, Bob 100\nshuffle seed 1\nBob discards K♦ takes\n',
            5,
            22,
            "expected",
        ),
        (
            'scenario x "t"\nrules R2.1\nplayers Ann 100, Bob 100\nshuffle seed 1\nBob discards K♦ takes 4♣ 5♣\n',
            5,
            1,
            "throws 1 and takes 2",
        ),
        (
            'scenario x "t"\nrules R2.1\nevaluate A♠ 2♥ 3♦ is 3-card 3-2-A\n',
            3,
            10,
            "four different cards",
        ),
        (
            'scenario x "t"\nrules R2.1\nevaluate A♠ 2♥ 3♦ 4♣ is 3-card 9-9\n',
            3,
            25,
            "not a hand value",
        ),
        ('scenario x "t"\nrules R2.1\nplayers Ann 100, Ann 100\n', 3, 18, "two players called Ann"),
        ('scenario x "t"\nrules R2.1\n', 1, 10, "checks nothing"),
    ],
)
def test_errors_name_file_line_column_and_show_a_caret(
    text: str, line: int, column: int, words: str
) -> None:
    error = error_of(text)
    assert words in error.message
    assert (error.path, error.line) == ("s.badugi", line)
    assert error.column == column
    rendered = error.render().splitlines()
    assert rendered[0].startswith(f"s.badugi:{line}:{column}: ")
    assert rendered[1].strip() == text.splitlines()[line - 1].strip()
    assert rendered[2].index("^") - 4 == column - 1


def test_expected_tokens_are_named_for_people() -> None:
    error = error_of('scenario x "t"\nrules R2.1\nplayers Ann 100, Bob\n')
    assert "a number" in error.message


FRAGMENTS = [
    'scenario x "t"',
    "rules R2.1",
    "players Ann 100 dealer, Bob 100",
    "deal Ann A♠ 2♥ 3♦ 4♣ / Bob",
    "5♠ 6♥ 7♦ 8♣",
    "Ann calls",
    "Bob raises to 4",
    "expect pot",
    "4",
    ";",
    "reject",
    "with",
    "raise-cap",
    "hand 2",
    "shuffle seed 3",
    '"""',
    "evaluate",
    "compare",
    "beats",
    "#",
    "X♠",
    "discards",
    "takes",
    "\n",
    "\t",
    "é",
    "\\",
    '"',
    "legal check, fold",
    "session over",
]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=8), max_size=25))
def test_no_input_produces_anything_but_a_scenario_or_a_located_error(parts: list[str]) -> None:
    text = " ".join(parts)
    try:
        parse_scenario(text, "fuzz.badugi", RULES)
    except ScenarioError as error:
        assert error.line >= 1 and error.column >= 1
        assert error.render().startswith("fuzz.badugi:")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_arbitrary_text_never_escapes_as_another_exception(text: str) -> None:
    # Hypothesis fails the test on any other exception type; ScenarioError is the contract.
    with contextlib.suppress(ScenarioError):
        parse_scenario('scenario x "t"\nrules R2.1\n' + text, "fuzz.badugi", RULES)
