"""`fuzz`'s generator reaching the catalogue's rare mutants, and a property of all the
implementation's answers of a trial (issue 34). In-process and small."""

from __future__ import annotations

import copy
from typing import Any

from badugi_spec import profiles
from badugi_spec.fuzz import answers, switches, table, waypoints
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.game import play
from badugi_spec.fuzz.load import load
from badugi_spec.fuzz.trial import Setting
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
    for number in range(6):
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


def test_a_ladder_table_makes_short_all_ins_add_up_and_replays_alone() -> None:
    """Under the swarm that leans on short all-ins, a no-limit table is a ladder whose
    players call and go all-in; some trials reach two short all-ins that add up (R14.6)."""
    setting = Setting((profiles.get("no-limit"),), seats=(5, 5))
    reached = 0
    for number in range(40):
        choices = Choices(trial_random(5, number), (), frozenset({"short-all-ins"}))
        trial = play(choices, setting, seed=5, number=number)
        if trial.profile.big_blind == 2:  # (a seat may then be made all but bust: `game`)
            assert sum(a != b for a, b in zip(trial.stacks, (3, 3, 100, 4, 4), strict=True)) <= 1
        if number < 2:  # the forced ladder is recorded: the stream alone replays it
            again = play(Choices(None, choices.record), setting, seed=5, number=number)
            assert again.text() == trial.text()
        reached += "short-all-ins-add-up" in waypoints.waypoints(trial)
        if reached:
            break
    assert reached
    plain = table.stacks(Choices(trial_random(5, 0)), profiles.get("house"), 5)
    assert len(plain) == 5 and plain != (3, 3, 100, 4, 4)


def test_a_swarm_without_short_stacks_replays_alone_with_no_ladder() -> None:
    """A swarm that drops short stacks records "no ladder" as a 0: a 1 drawn and ignored
    would build a ladder when the stream is replayed alone (as shrinking and distil do)."""
    pot_limit = profiles.get("pot-limit")
    for number in range(30):
        choices = Choices(trial_random(3, number), (), frozenset({"short-stacks"}))
        played = table.stacks(choices, pot_limit, 5)
        replayed = table.stacks(Choices(None, choices.record), pot_limit, 5)
        assert replayed == played, number
        assert played != (3, 3, 100, 4, 4)
