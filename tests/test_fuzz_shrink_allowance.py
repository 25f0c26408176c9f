"""A mutant's line allowance (`mutants.catalogue.Allowance`) is no larger than it must be.

Two mutants end a session at a hand limit of ten or twelve (R6.4, R8.23): the hand they
refuse comes only after that many hands, so `fuzz-mutants` allows their findings of that
kind more lines than its flat `MOST_LINES`. For each, a scenario written as `fuzz` writes
one, exactly the allowance long, shows the mutant (it fails against it and passes against
our engine); the same a hand shorter does not. Every other mutant keeps the flat limit.
"""

from __future__ import annotations

import pytest

from badugi_spec.commands.fuzz_mutants_cmd import MOST_LINES, most_lines
from badugi_spec.fuzz.load import load
from badugi_spec.mutants import BY_NAME, CATALOGUE
from badugi_spec.mutants.implementation import MutantImplementation
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import CaseResult, Runner

DECK = " ".join(rank + suit for rank in "A23456789TJQK" for suit in "cdhs")


def shortest(name: str, profile: str, played: int) -> str:
    """The shortest scenario that plays `played` hands and deals the next, in the form
    `fuzz` writes: the head, then each hand folded by whoever acts first."""
    lines = [
        f'scenario shortest-{name} "{played} hands, then one more dealt"',
        "rules R6.4",
        "tags fuzz",
        "",
        f"profile {profile}",
        "players Ann 100 dealer, Bob 100",
        f"deck {DECK}",
        "Ann folds",
    ]
    for hand in range(2, played + 1):
        lines += [f"hand {hand}", "shuffle seed 0", f"{'Ann' if hand % 2 else 'Bob'} folds"]
    lines += [f"hand {played + 1}", "shuffle seed 0", "unfinished"]
    return "\n".join(lines) + "\n"


def run(impl: EngineImplementation, text: str) -> CaseResult:
    return Runner(impl, every_order=False).run(load(text))


LIMITS = [("session-of-ten", "house", 10), ("twelve-hands-at-every-table", "pokerstars-2010", 12)]


@pytest.mark.parametrize(("name", "profile", "limit"), LIMITS)
def test_a_scenario_as_long_as_the_allowance_shows_the_mutant(
    name: str, profile: str, limit: int
) -> None:
    allowance = BY_NAME[name].allowance
    assert allowance is not None and allowance.kind == "hand"
    text = shortest(name, profile, limit)
    assert len(text.splitlines()) == allowance.lines == most_lines(name, "hand")
    assert run(EngineImplementation(), text).status == "passed"
    result = run(MutantImplementation(BY_NAME[name]), text)
    assert result.status == "failed" and result.divergence is not None
    # The mutant refuses the deal of the hand after its limit: the kind allowed.
    assert result.divergence.source == f"hand {limit + 1}: the deal"


@pytest.mark.parametrize(("name", "profile", "limit"), LIMITS)
def test_a_hand_fewer_does_not_show_it(name: str, profile: str, limit: int) -> None:
    text = shortest(name, profile, limit - 1)
    assert run(EngineImplementation(), text).status == "passed"
    assert run(MutantImplementation(BY_NAME[name]), text).status == "passed"


def test_only_the_session_limits_have_an_allowance_and_only_for_that_kind() -> None:
    allowed = {m.name for m in CATALOGUE if m.allowance is not None}
    assert allowed == {name for name, _, _ in LIMITS}
    assert most_lines("session-of-ten", "session over") == MOST_LINES
    assert most_lines("no-burn", "hand") == MOST_LINES
