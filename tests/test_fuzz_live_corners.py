"""The live table's corners in fuzzed trials (chapter R19, R11.9): the generator reaches a
dead blind and a player not dealt in passed by the button, the waypoints name them, and the
mutants that misread them fail there; a busted player's return is refused by the session;
and a shrink folds a session's earlier hands round at once."""

from __future__ import annotations

import random

import pytest

from badugi_spec import profiles
from badugi_spec.fuzz import fold_hands, switches, waypoints
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.load import load
from badugi_spec.fuzz.plan import Plan
from badugi_spec.fuzz.trial import Setting, Trial
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
        # A dead-button table switched to not dealing players away in and to PokerStars'
        # button (`switches._passing_button`): the button passes a player out there too.
        ("wsop-2023", 20, "button-passes-a-player-out", "R8.23",
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


# A pokerstars-2010 trial (seed 5, number 56, shrunk): a player who had busted sat out and
# came back posting missed blinds, which our engine's hand refused outright ("Cy cannot post
# a big blind out of turn", a request error rather than a `seating-refused` answer). Before
# a55f368 the error left the generator and stopped the campaign (`make bench`'s fuzz rows);
# a55f368 skipped it in the generator; now the session refuses it (R8.23, R19.1).
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


def test_a_busted_player_coming_back_posting_is_refused_by_the_session() -> None:
    plan = Plan(Setting((profiles.get("pokerstars-2010"),)), ())
    trial = plan.played(Choices(None, _stream(_REFUSED_OUTRIGHT)), 5, 56)
    assert trial.hands >= 2
    lines = [s.text for s in trial.statements if s.kind == "hand"]
    assert "Cy returns posting missed blinds" not in lines


def test_tables_that_deal_players_away_out_often_move_the_button_past_them() -> None:
    # R11.9: only PokerStars' button passes a player not dealt in; a dead-button table
    # switched to not dealing players away in moves the button that way half the time.
    rules = profiles.get("wsop-2023")
    drawn = [
        switches.switched(Choices(random.Random(k)), rules, several=True)[1] for k in range(400)
    ]
    out = [o for o in drawn if "absent_hand=not-dealt" in o]
    passing = [o for o in out if "button_moves=small-blind-button" in o]
    assert len(out) > 400 * 0.3 and 0.3 < len(passing) / len(out) < 0.7


def test_a_straddle_table_straddles_and_raises_to_the_cap() -> None:
    # R19.6: wsop-live trials straddle often, and play the straddled round aggressively,
    # where a mutant that counts the straddle for a level of the cap fails.
    plan = Plan(Setting((profiles.get("wsop-live"),)), ())
    trials = [plan.played(Choices(trial_random(1, number)), 1, number) for number in range(5)]
    straddled = [t for t in trials if any(h.live_table.straddle is not None for h in t.played)]
    assert len(straddled) >= 2 and all(t.aggressive for t in straddled)
    runner = Runner(MutantImplementation(BY_NAME["straddle-counts-for-the-cap"]), every_order=False)
    assert any(runner.run(load(t.text())).status == "failed" for t in straddled)


def test_a_shrink_folds_the_earlier_hands_round_and_keeps_the_return() -> None:
    # The divergence of a player coming back (R19.3) is in a later hand: the earlier
    # hands fold round at once, and the sit-out and the return stay where they were.
    plan = Plan(Setting((profiles.get("pokerstars-2010"),)), ())
    choices = Choices(trial_random(1, 76))
    trial = plan.played(choices, 1, 76)
    assert fold_hands.spans(trial).keys() == {1}

    def replay(stream: list[int]) -> Trial:
        return plan.played(Choices(None, stream), 1, 76)

    stream = list(choices.record)
    edit = next(fold_hands.folded(stream, replay))
    assert len(edit) < len(stream)
    folded = replay(edit)
    first = [s.text for s in folded.statements if s.kind == "act" and s.hand == 1]
    assert first and all(text.endswith(" folds") for text in first)
    lines = [s.text for s in folded.statements if s.kind == "hand" and s.hand == 2]
    assert "Ann returns posting missed blinds" in lines and folded.first_posts == trial.first_posts
