"""The live table's corners in fuzzed trials (chapter R19, R11.9): the generator reaches a
dead blind and a player not dealt in passed by the button, the waypoints name them, and the
mutants that misread them fail there; and a seating choice our engine refuses outright is
skipped rather than raised out of the generator."""

from __future__ import annotations

import pytest

from badugi_spec import profiles
from badugi_spec.fuzz import waypoints
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.load import load
from badugi_spec.fuzz.plan import Plan
from badugi_spec.fuzz.trial import Setting
from badugi_spec.mutants.catalogue import BY_NAME
from badugi_spec.mutants.implementation import MutantImplementation
from badugi_spec.scenario.runner import Runner


@pytest.mark.parametrize(
    ("profile", "number", "point", "rule", "mutant"),
    [
        # A player away misses the small blind and comes back posting it dead (R19.3).
        ("wsop-live", 5, "dead-blind", "R19.3", "dead-blind-is-live"),
        # A player not dealt in just left of the button: PokerStars' button passes them to
        # the last small blind, the moving button stops on them (R8.23, R11.9, R19.1).
        ("pokerstars-2010", 76, "button-passes-a-player-out", "R8.23",
         "small-blind-button-moves-one-seat"),
    ],
)  # fmt: skip
def test_a_live_table_corner_is_a_waypoint_where_its_mutant_fails(
    profile: str, number: int, point: str, rule: str, mutant: str
) -> None:
    plan = Plan(Setting((profiles.get(profile),)), ())
    trial = plan.played(Choices(trial_random(1, number)), 1, number)
    assert point in waypoints.waypoints(trial)
    assert waypoints.waypoint_rule(point) == rule
    runner = Runner(MutantImplementation(BY_NAME[mutant]), every_order=False)
    assert runner.run(load(trial.text())).status == "failed"


# A pokerstars-2010 trial (seed 5, number 56, shrunk): a player coming back posting missed
# blinds at a seat where our engine's hand refuses the post outright ("Cy cannot post a big
# blind out of turn", a request error rather than a `seating-refused` answer). Before
# a55f368 the error left the generator and stopped the campaign (`make bench`'s fuzz rows).
_REFUSED_OUTRIGHT = (
    "6 1 4 1 0 1 0*11 1 0 1 2 0 1 0 1 1 0*6 1 0 1 0 0 1 0 1 0 0 1 0 1 2 0 1 0 1 2 0 0 4 0*45"
    " 7 15 1 10 3 1 10 5 4 3 0*15 1 0*3 1 0*3 1 0*3 1 0*7 1 0*3 1 0*7 1 0*4 3 0*6 2 0*5 2"
    " 0*5 3 0*6 1 0*12 2 0*3 1 0*3 1 0*3 1 0*3 1 0*3 1 0*4 1 0*4 1 0*4 4 0*6 3 0*6 2 0*5 4"
    " 0*42 3 0*6 2 0*17 2 0*4 6 0*17 1 0*5 3 0*47 3 0*22 1 0*11 1 0*23 2 1"
)


def _stream(text: str) -> list[int]:
    """`0*11` is eleven zeros."""
    values: list[int] = []
    for word in text.split():
        value, _, times = word.partition("*")
        values += [int(value)] * int(times or 1)
    return values


def test_a_seating_choice_our_engine_refuses_outright_is_skipped() -> None:
    plan = Plan(Setting((profiles.get("pokerstars-2010"),)), ())
    trial = plan.played(Choices(None, _stream(_REFUSED_OUTRIGHT)), 5, 56)
    assert trial.hands >= 2
    lines = [s.text for s in trial.statements if s.kind == "hand"]
    assert "Cy returns posting missed blinds" not in lines
