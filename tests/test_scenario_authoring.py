"""Authoring scenarios: the language traps and weak errors found while writing the tutorial.

Each test writes the scenario an author would, and checks that it means what it says or
fails with one clear line.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from badugi_spec.errors import ScenarioError
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Runner
from badugi_spec.scenario.suite import load_suite

RULES = set(load_rules())
HEAD = """scenario sample "A sample"
rules R1.5
players Ann 100 dealer, Bob 100
deal Ann A♥ 2♣ 3♠ 7♦ / Bob A♠ 2♥ 3♦ K♦
"""


def run(text: str) -> str:
    case = compile_case(parse_scenario(text, "s.badugi", RULES))
    result = Runner(EngineImplementation()).run(case)
    if result.divergence is None:
        return result.status
    d = result.divergence
    return f"{result.status}: expected {d.expected}, got {d.actual}"


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "s.badugi", RULES)
    return info.value


def test_legal_stops_at_a_semicolon() -> None:
    text = HEAD + "expect legal call 1, fold, raise to 4; pot 3; turn Ann\nunfinished\n"
    assert run(text) == "passed"
    assert run(HEAD + "expect legal call 1, fold, raise to 4; pot 5\n").endswith(
        "expected pot 5, got pot 3"
    )


def test_legal_accepts_raise_without_to_as_actions_do() -> None:
    text = HEAD + "expect legal call 1, fold, raise 4\nAnn raises 4\nunfinished\n"
    assert run(text) == "passed"


def test_a_players_exact_cards() -> None:
    assert run(HEAD + "expect Bob has K♦ 3♦ 2♥ A♠; Ann has A♥ 2♣ 3♠ 7♦\nunfinished\n") == "passed"
    assert run(HEAD + "expect Bob has A♠ 2♥ 3♦ 4♣\n") == (
        "failed: expected Bob has A♠ 2♥ 3♦ 4♣, got Bob has A♠ 2♥ 3♦ K♦"
    )
    assert "four or five different cards" in error_of(HEAD + "expect Bob has A♠ 2♥\n").message
    assert "unknown player 'Cy'" in error_of(HEAD + "expect Cy has A♠ 2♥ 3♦ K♦\n").message


BUST = """scenario bust "t"
rules R6.4
players Ann 100 dealer, Bob 1
deal Ann A♠ 2♦ 3♣ 4♥ / Bob 5♠ 6♦ 7♣ 9♥
Bob stands pat; Ann stands pat
Bob stands pat; Ann stands pat
Bob stands pat; Ann stands pat
"""


def test_why_the_session_ended() -> None:
    assert run(BUST + "expect session over Ann wins (bust)\n") == "passed"
    assert run(BUST + "expect session over Ann wins\n") == "passed"
    assert run(BUST + "expect session over Ann wins (hand limit)\n") == (
        "failed: expected session over Ann wins (hand limit), got session over Ann wins (bust)"
    )


def test_order_is_read_once() -> None:
    scenario = parse_scenario(HEAD.replace("rules R1.5\n", "rules R1.5\norder 2\n"), "s", RULES)
    assert scenario.order == 2
    twice = HEAD.replace("rules R1.5\n", "rules R1.5\norder 2\norder 3\n")
    assert "already has its 'order'" in error_of(twice).message


def test_a_misspelt_statement_is_named_with_a_suggestion() -> None:
    error = error_of(HEAD + "expects pot 3\n")
    assert error.message == "unknown statement 'expects': did you mean 'expect'?"
    assert (error.line, error.column) == (5, 1)


def test_expected_words_are_never_lark_internals() -> None:
    error = error_of(HEAD + "expect flop 3\n")
    # The first keywords in order, each as written: 'half' (R8.29) now comes before 'phase'.
    assert "__anon" not in error.message.lower() and "'half'" in error.message


def test_a_missing_rules_line_says_what_to_add() -> None:
    error = error_of(HEAD.replace("rules R1.5\n", ""))
    assert error.message.startswith("no 'rules' line: add one naming the rule IDs")


def test_out_of_turn_names_the_player() -> None:
    text = HEAD + "reject Bob checks with out-of-turn\nunfinished\n"
    case = compile_case(parse_scenario(text, "s.badugi", RULES))
    result = Runner(EngineImplementation()).run(case)
    assert result.status == "passed"
    assert result.trace[-1].detail.endswith("it is Ann's turn (the dealer)")
    assert "seat" not in result.trace[-1].detail


def test_a_duplicate_id_is_reported_at_the_newer_file(tmp_path: Path) -> None:
    old, new = tmp_path / "b-old.badugi", tmp_path / "a-new.badugi"
    old.write_text(HEAD, encoding="utf-8")
    new.write_text(HEAD, encoding="utf-8")
    os.utime(old, (1_000_000, 1_000_000))  # the old file sorts after the new one
    suite = load_suite([tmp_path])
    assert [s.where.path for s in suite.scenarios] == [str(old)]
    (error,) = suite.errors
    assert error.path == str(new)
    assert "already uses it" in error.error.message and str(old) in error.error.message
