"""`takes` under after-all-declare delivery (R8.16): the replacements come once the last
player has declared, so the runner checks them then, at the line that states them."""

from __future__ import annotations

from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import CaseResult, Runner

RULES = set(load_rules())
HEAD = """scenario x "t"
rules R8.16
profile pot-limit
players Ann 100, Bob 100 dealer, Cy 100
deal Ann A♠ 2♥ 3♦ K♣ / Bob 5♠ 6♥ 7♦ 8♣ / Cy 9♠ 9♥ J♦ Q♣
Bob calls 2; Cy calls 1; Ann checks
"""
DRAW = "Cy discards Q♣ takes 4♣\nAnn discards K♣ takes 5♣\nBob stands pat\n"


def run(text: str, *, swap: tuple[str, str] | None = None) -> CaseResult:
    case = compile_case(parse_scenario(text, "t.badugi", RULES))
    if swap is not None:
        # Another implementation's deck: the stated card is not where the scenario put it.
        deck = case["hands"][0]["deck"]
        i, j = deck.index(swap[0]), deck.index(swap[1])
        deck[i], deck[j] = deck[j], deck[i]
    return Runner(EngineImplementation()).run(case)


def test_takes_pass_once_the_last_player_has_declared() -> None:
    result = run(HEAD + DRAW + "expect Cy has 9♠ 9♥ J♦ 4♣; Ann has A♠ 2♥ 3♦ 5♣\nunfinished\n")
    assert result.status == "passed", result.divergence


def test_a_wrong_replacement_is_reported_at_its_takes_line_after_the_delivery() -> None:
    result = run(HEAD + DRAW, swap=("4c", "Kd"))
    assert result.status == "failed" and result.divergence is not None
    assert result.divergence.line == 7
    assert result.divergence.expected == "Cy takes 4c"
    assert "Kd" in result.divergence.actual
    # The check came with Bob's declaration, the last: Cy's and Ann's were accepted first.
    assert [row.line for row in result.trace][-2:] == [7, 8]


def test_takes_of_a_draw_the_scenario_never_finishes_are_a_divergence() -> None:
    result = run(HEAD + "Cy discards Q♣ takes 4♣\nAnn discards K♣ takes 5♣\n")
    assert result.status == "failed" and result.divergence is not None
    assert result.divergence.line == 7
    assert result.divergence.actual.startswith("draw-1 never delivered")


def test_immediate_delivery_still_checks_at_once() -> None:
    text = HEAD.replace("profile pot-limit", "profile pokerstars-2010") + DRAW
    result = run(text, swap=("4c", "Kd"))
    assert result.status == "failed" and result.divergence is not None
    assert (result.divergence.line, result.divergence.expected) == (7, "Cy takes 4c")
    assert [row.line for row in result.trace][-1] == 6, "Cy's draw is checked as it is made"
