"""`fuzz`'s generator reaching the catalogue's rare mutants, and a property of all the
implementation's answers of a trial (issue 34). In-process and small."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from badugi_spec import profiles
from badugi_spec.fuzz import answers, switches, table, waypoints
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.game import play
from badugi_spec.fuzz.load import load
from badugi_spec.fuzz.trial import Setting
from badugi_spec.mutants.catalogue import CATALOGUE
from badugi_spec.mutants.implementation import MutantImplementation
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Runner


class _MakesAChip(EngineImplementation):
    """Our engine, but once a hand's second betting action is answered, the first player's
    stack shows one chip more than it has: a chip made mid-hand (R5.8)."""

    def __init__(self, *, fair: bool = False) -> None:
        super().__init__()
        self.fair = fair
        """Move the chip from the second player instead: none made, the same field wrong."""
        self.acted = 0

    def deal(self, hand: dict[str, Any]) -> dict[str, Any]:
        self.acted = 0
        return super().deal(hand)

    def act(self, step: dict[str, Any]) -> dict[str, Any]:
        outcome = super().act(step)
        self.acted += 1
        if self.acted == 2 and outcome.get("ok") and outcome["state"]["phase"] != "complete":
            outcome = copy.deepcopy(outcome)
            names = list(outcome["state"]["stacks"])
            outcome["state"]["stacks"][names[0]] += 1
            if self.fair:
                outcome["state"]["stacks"][names[1]] -= 1
        return outcome


def _campaign(impl: EngineImplementation) -> Campaign:
    plan = Plan(Setting((profiles.get("house"),), seats=(2, 2), sessions=False), ())
    campaign = Campaign(impl, plan, seed=4, out=None, budget=4, with_variants=False)
    campaign.run(0)
    return campaign


def test_a_chip_made_mid_hand_is_labelled_r5_8_from_all_the_answers() -> None:
    made = [f.key for f in _campaign(_MakesAChip()).findings.values() if f.status == "failed"]
    fair = [
        f.key for f in _campaign(_MakesAChip(fair=True)).findings.values() if f.status == "failed"
    ]
    assert made and all(key[0] == "R5.8" for key in made)
    # The same field wrong with no chip made: the field's rule, not R5.8.
    assert fair and all(key[0] != "R5.8" for key in fair)


def test_our_engine_s_answers_hold_every_chip() -> None:
    """No false alarm: every answer of our engine's play, all profiles at 2-8 seats."""
    setting = Setting(tuple(profiles.get(name) for name in profiles.names()))
    run = Runner(EngineImplementation(), every_order=False, unreported_skips_case=False)
    for number in range(10):
        trial = play(Choices(trial_random(9, number)), setting, seed=9, number=number)
        result = run.run(load(trial.text()))
        states = [row.state for row in result.trace]
        assert result.status == "passed" and answers.broken_across(trial, states) == ""
        made = copy.deepcopy([s for s in states if s])
        made[-1]["stacks"][trial.names[0]] += 1
        assert answers.broken_across(trial, made) == "R5.8"


def test_a_trial_reads_the_showdown_another_way_unshipped_orders_likelier() -> None:
    house = profiles.get("house")
    drawn = [
        switches.switched(Choices(trial_random(2, n)), house, several=False)[1] for n in range(400)
    ]
    orders = [o for overrides in drawn for o in overrides if o.startswith("show_order=")]
    assert "show_order=first-to-act" in orders and "show_order=all-in-first" in orders
    unshipped = sum(o in ("show_order=first-to-act", "show_order=all-in-first") for o in orders)
    assert unshipped > len(orders) / 2  # three to one over the orders a profile plays


@pytest.mark.parametrize("seats", [3, 4, 5, 8])
def test_a_ladder_is_seated_from_the_player_after_the_big_blind(seats: int) -> None:
    """Whoever has the button, the first round is played from a short all-in one chip over
    the blind, through two full stacks (one to call, one to answer a raise, R5.7), to the
    big blind's two big blinds: the order in which two short all-ins add up (R14.6)."""
    no_limit = profiles.get("no-limit")
    for dealer in range(seats):
        placed = table.ladder(no_limit, seats, dealer)
        order = [placed[(dealer + 3 + k) % seats] for k in range(seats)]
        assert order[0] == 3 and order[-1] == 4 and placed[(dealer + 2) % seats] == 4
        assert order[1 : min(3, seats - 1)] == [100] * min(2, seats - 2)


def test_a_ladder_catches_a_caller_raising_a_short_rest() -> None:
    """Under the swarm that leans on short all-ins, a table without a cap is a ladder, and
    most such trials fail against the mutant whose caller may raise a second short all-in
    (R14.6): a corner that a ladder seated by seat number reached one trial in ten. The
    stream alone replays the forced ladder."""
    setting = Setting(tuple(profiles.get(name) for name in table.RANGED))
    caught = next(m for m in CATALOGUE if m.name == "caller-raises-a-short-rest")
    run = Runner(MutantImplementation(caught), every_order=False, unreported_skips_case=False)
    failed = reached = 0
    for number in range(10):
        choices = Choices(trial_random(5, number), (), frozenset({"short-all-ins", "all-ins"}))
        trial = play(choices, setting, seed=5, number=number)
        if number < 2:
            again = play(Choices(None, choices.record), setting, seed=5, number=number)
            assert again.text() == trial.text()
        reached += "short-all-ins-add-up" in waypoints.waypoints(trial)
        failed += run.run(load(trial.text())).status == "failed"
    assert reached >= 4 and failed >= 4, (reached, failed)
    plain, laddered = table.stacks(Choices(trial_random(5, 0)), profiles.get("house"), 5)
    assert len(plain) == 5 and not laddered


def test_a_swarm_without_short_stacks_replays_alone_with_no_ladder() -> None:
    """A swarm that drops short stacks records "no ladder" as a 0: a 1 drawn and ignored
    would build a ladder when the stream is replayed alone (as shrinking and distil do)."""
    pot_limit = profiles.get("pot-limit")
    for number in range(30):
        choices = Choices(trial_random(3, number), (), frozenset({"short-stacks"}))
        played = table.stacks(choices, pot_limit, 5)
        replayed = table.stacks(Choices(None, choices.record), pot_limit, 5)
        assert replayed == played, number
        assert not played[1]
