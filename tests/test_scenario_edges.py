"""Edge cases of scenario files found in review: each once gave a wrong result or a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from badugi_spec.cli import main
from badugi_spec.errors import ScenarioError
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation, Outcome
from badugi_spec.scenario.model import Act
from badugi_spec.scenario.runner import Runner

RULES = set(load_rules())
HEAD = 'scenario x "t"\nrules R4.2\nplayers Ann 100 dealer, Bob 100\n'
DEAL = "deal Ann A♠ 2♥ 3♦ 4♣ / Bob 5♠ 6♥ 7♦ 8♣\n"


def parse(text: str) -> Any:
    return parse_scenario(text, "e.badugi", RULES)


def test_two_draws_on_one_line_keep_their_own_takes() -> None:
    scenario = parse(
        HEAD + DEAL + "Ann calls; Bob checks\nBob discards 5♠; Ann discards 4♣ takes 9♣\n"
    )
    bob, ann = scenario.hands[0].steps[2:4]
    assert isinstance(bob, Act) and isinstance(ann, Act)
    assert bob.takes is None and [str(c) for c in bob.discards] == ["5s"]
    assert ann.takes is not None and [str(c) for c in ann.takes] == ["9c"]


def test_a_huge_number_is_a_located_error() -> None:
    with pytest.raises(ScenarioError) as info:
        parse('scenario x "t"\nrules R2.1\nplayers Ann ' + "9" * 5000 + ", Bob 100\n")
    assert (info.value.line, info.value.column) == (3, 13)
    assert "number too large" in info.value.message


def test_a_fourth_draw_is_a_located_error_not_a_crash() -> None:
    draws = "Bob discards 5♠ 6♥ 7♦ 8♣; Ann discards A♠ 2♥ 3♦ 4♣\n" * 4
    with pytest.raises(ScenarioError) as info:
        parse(HEAD + DEAL + draws)
    assert info.value.line == 8 and "R4.1" in info.value.message


def test_steps_after_a_refused_deal_are_an_error() -> None:
    with pytest.raises(ScenarioError) as info:
        parse(HEAD + "deck A♠ 2♥ 3♦\nreject deal with deck-short\nexpect pot 999\n")
    assert info.value.line == 6 and "start 'hand 2'" in info.value.message


def test_a_player_named_twice_in_stacks_is_an_error() -> None:
    with pytest.raises(ScenarioError) as info:
        parse(HEAD + DEAL + "expect stacks Ann 1, Ann 2\n")
    assert "Ann named twice" in info.value.message


def test_a_byte_order_mark_and_emoji_suits_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = HEAD + "deal Ann A♠️ 2♥️ 3♦ 4♣ / Bob 5♠ 6♥ 7♦ 8♣\nexpect Ann holds 4-card 4-3-2-A\n"
    text += "unfinished\n"
    (tmp_path / "bom.badugi").write_bytes("\ufeff".encode() + text.encode())
    assert main(["check", str(tmp_path), "-q"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"


def test_carets_count_lines_as_the_parser_does() -> None:
    with pytest.raises(ScenarioError) as info:
        parse('scenario x "t"\nrules R2.1 # a\u2028b\nplayers Ann\n')
    assert info.value.line == 3 and info.value.source_line == "players Ann"


class _DealsWrong(EngineImplementation):
    """Reports the players' hands swapped: a deal out of order, as another engine might."""

    def deal(self, hand: dict[str, Any]) -> Outcome:
        outcome = super().deal(hand)
        hands = outcome["state"]["hands"]
        outcome["state"]["hands"] = dict(zip(hands, reversed(list(hands.values())), strict=True))
        return outcome


def test_a_stated_deal_is_checked_after_the_deal() -> None:
    case = compile_case(parse(HEAD + DEAL + "unfinished\n"))
    assert case["hands"][0]["deal"] == {
        "Ann": ["As", "2h", "3d", "4c"],
        "Bob": ["5s", "6h", "7d", "8c"],
    }
    assert Runner(EngineImplementation()).run(case).status == "passed"
    result = Runner(_DealsWrong()).run(case)
    assert result.status == "failed" and result.divergence is not None
    assert result.divergence.expected == "Ann is dealt As 2h 3d 4c"


class _Crashes(EngineImplementation):
    def act(self, step: dict[str, Any]) -> Outcome:
        raise ZeroDivisionError("boom")


def test_an_implementation_that_raises_is_an_errored_case() -> None:
    result = Runner(_Crashes()).run(compile_case(parse(HEAD + DEAL + "Ann calls\n")))
    assert result.status == "errored" and "ZeroDivisionError: boom" in result.message


def test_an_unwritable_report_fails_before_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "scenarios", "--json", "/proc/no/such/report.json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("badugi-spec: error:")


def test_duplicate_ids_fail_in_pytest_too(pytester: pytest.Pytester) -> None:
    text = 'scenario same "t"\nrules R2.1\nevaluate A♠ 2♥ 3♦ 4♣ is 4-card 4-3-2-A\n'
    pytester.makefile(".badugi", a=text, b=text)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*duplicate scenario id 'same'*"])
