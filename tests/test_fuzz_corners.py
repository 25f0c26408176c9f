"""The corners a guided campaign aims fresh trials at (`fuzz.corners`): each lead plays
under a profile of its corner at the table size it asks for, reaches the corner's
waypoint within a few trials, and there a mutant that misreads its rule fails."""

from __future__ import annotations

import random

import pytest

from badugi_spec import profiles
from badugi_spec.fuzz import corners, replay, waypoints
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.guide import CORNERS_FROM, YOUNG, Guide
from badugi_spec.fuzz.load import load
from badugi_spec.fuzz.plan import Plan
from badugi_spec.fuzz.trial import Setting, Trial
from badugi_spec.mutants.catalogue import BY_NAME
from badugi_spec.mutants.implementation import MutantImplementation
from badugi_spec.scenario.runner import Runner

EVERY = tuple(profiles.get(name) for name in profiles.names())
PLAN = Plan(Setting(EVERY), ())
BY_CORNER = {corner.name: corner for corner in corners.CORNERS}


def _aimed(name: str, number: int, *, among: tuple[profiles.Profile, ...] = EVERY) -> Trial:
    """Trial `number` of seed 1 as a lead aimed at corner `name` plays it."""
    lead = corners.aimed_at(random.Random(number), among, (BY_CORNER[name],))
    assert lead is not None
    plan = PLAN if among is EVERY else Plan(Setting(among), ())
    return plan.played(Choices(trial_random(1, number), *lead), 1, number)


@pytest.mark.parametrize("name", sorted(BY_CORNER))
def test_a_lead_plays_under_a_profile_of_its_corner_at_its_table_size(name: str) -> None:
    corner = BY_CORNER[name]
    trial = _aimed(name, 1)  # (trial 0 of the big table is a long session: slow)
    # The corner picks the profile as the rulebook has it; a switch may change it after
    # (a live table may stop dealing players away in), so the base profile is asked.
    assert corner.where(profiles.get(trial.profile.name)), trial.profile.name
    if corner.seats == "most":
        assert len(trial.names) == trial.profile.max_seats
    elif corner.seats == "three":
        assert len(trial.names) >= 3


def test_one_profile_takes_no_choice_of_its_own() -> None:
    spread = (profiles.get("spread-2-5"),)
    trial = _aimed("wider-last-round", 0, among=spread)
    assert trial.profile.name == "spread-2-5"
    assert any(o.startswith("spread_last_max=") for o in trial.overrides)
    # No profile of a corner: nothing is aimed at.
    assert corners.aimed_at(random.Random(0), spread, (BY_CORNER["off-the-chip"],)) is None


@pytest.mark.parametrize(
    ("name", "point", "numbers", "mutant"),
    [
        ("big-table-draws", "draw-cut-short", range(1, 4), "every-draw-size-offered"),
        # (from 8: trial 7, which reaches it too, is a long session of 13 hands: slow)
        ("half-bet-short-all-in", "below-half-bet-all-in", range(8, 14),
         "any-short-all-in-reopens"),
        ("wider-last-round", "wider-last-round", range(1, 6), "spread-last-round-not-wider"),
        ("off-the-chip", "off-the-chip", range(1, 7), "any-chip"),
        ("tied-session", "session-tie", range(1, 6), "everyone-tied-in-a-draw"),
        ("tied-pot", "odd-chip", range(1, 4), "odd-chip-to-dealer"),
    ],
)  # fmt: skip
def test_a_corner_reaches_its_waypoint_where_its_mutant_fails(
    name: str, point: str, numbers: range, mutant: str
) -> None:
    impl = MutantImplementation(BY_NAME[mutant])
    reached = failed = False
    for number in numbers:
        trial = _aimed(name, number)
        reached = reached or point in waypoints.waypoints(trial)
        # The fast path first (the mutant answers as our engine did?), then the text's run.
        if not failed and not replay.passes(impl, trial):
            runner = Runner(impl, every_order=False)
            failed = runner.run(load(trial.text())).status == "failed"
        if reached and failed:
            break
    assert reached, f"{point} not reached in trials {numbers} aimed at {name}"
    assert failed, f"{mutant} not caught in trials {numbers} aimed at {name}"


def _grown(targets: frozenset[str] = frozenset()) -> Guide:
    """A guide whose corpus is no longer young (`guide.YOUNG`), learning nothing more."""
    guide = Guide(1, lambda number, lead: None, lambda trial: frozenset(), targets)
    guide.profiles, guide.variants_every = EVERY, 8
    for number in range(YOUNG):
        guide.corpus.offer(number, [number % len(EVERY), 1, 2], frozenset({f"R{number}.1"}))
    return guide


def test_a_guided_campaign_aims_some_trials_at_corners_and_none_under_a_target() -> None:
    swarms = [_grown().lead(number).swarm for number in range(60)]
    leaning = {"own-switch", "tied-session", "stop"}
    assert sum(1 for swarm in swarms if swarm & leaning) >= 6
    aimed = _grown(frozenset({"R8.15"}))
    assert not any(aimed.lead(number).swarm & leaning for number in range(60))
    # The first trials are never aimed at a corner; later ones are, the corpus young or not.
    young = Guide(1, lambda number, lead: None, lambda trial: frozenset())
    young.profiles = EVERY
    assert not any(young.lead(number).swarm & leaning for number in range(CORNERS_FROM))
    assert any(young.lead(number).swarm & leaning for number in range(CORNERS_FROM, 60))


def test_trials_run_in_their_variants_are_often_aimed_at_a_tied_pot() -> None:
    guide = _grown()
    tied = [number for number in range(0, 400, 8) if "ties" in guide.lead(number).swarm]
    assert len(tied) >= 15  # about half of 50, whose swarm may also rig a tie now and then
    others = [n for n in range(1, 400, 8) if "ties" in guide.lead(n).swarm]
    assert len(others) < len(tied)
