"""A property our engine breaks in a fuzzed trial fails the trial: never a footnote.

The planted bug is the one `fuzz` once printed as "our engine refused its own legal
step": a `legal` option (standing pat) that the engine then refuses. `game.play` must
raise `BrokenProperty` naming R4.6, with the trial played so far, whose last statement is
the refused action, so the scenario written from it fails on our engine at that line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from badugi_spec import profiles
from badugi_spec.commands import fuzz_self_cmd
from badugi_spec.engine import hand as engine_hand
from badugi_spec.engine.actions import Action, Kind
from badugi_spec.engine.codes import illegal
from badugi_spec.engine.hand import Hand
from badugi_spec.fuzz import game
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.trial import BrokenProperty, Setting
from badugi_spec.scenario.engine_impl import EngineImplementation
from tests.support import Capsys, run_cli

HEADS_UP = Setting((profiles.HOUSE,), seats=(2, 2), sessions=False)


def test_a_listed_draw_our_engine_refuses_is_a_broken_property_of_the_trial(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    apply = engine_hand.Hand.apply

    def refuse_pat(self: Hand, action: Action) -> None:
        if action.kind is Kind.DRAW and not action.discards:
            raise illegal("deck-short", "planted: standing pat is refused")
        apply(self, action)

    monkeypatch.setattr(engine_hand.Hand, "apply", refuse_pat)
    caught: list[BrokenProperty] = []
    for number in range(40):
        try:
            game.play(Choices(trial_random(5, number)), HEADS_UP, seed=5, number=number)
        except BrokenProperty as error:
            caught.append(error)
            if len(caught) == 3:
                break
    assert caught, "no trial stood pat"
    for broke in caught:
        assert [(b.rule, b.name) for b in broke.broken] == [("R4.6", "offer-refused")]
        assert broke.trial is not None
        last = broke.trial.statements[-1]
        assert (last.kind, last.rule) == ("act", "R4.6") and last.text.endswith("stands pat")
        assert broke.trial.played and not broke.trial.played[-1].is_over


def test_the_same_trials_break_nothing_on_our_engine() -> None:
    for number in range(10):
        trial = game.play(Choices(trial_random(5, number)), HEADS_UP, seed=5, number=number)
        # Every hand ends, but a trial's last hand stopped `unfinished` once nobody could
        # bet (`game.STOP_SHARE`), which is the point of that trial.
        ended = trial.played[:-1] if trial.stop else trial.played
        assert trial.played and all(hand.is_over for hand in ended)


def test_fuzz_self_sweeps_every_table_and_fails_on_a_broken_property(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    argv = ["fuzz-self", "--hands", "1", "--seconds", "0", "--json", str(tmp_path / "f.json")]
    status, out, err = run_cli(argv, capsys)
    seated = {(profile.name, seats) for profile, seats in fuzz_self_cmd.tables()}
    for name in profiles.names():  # every profile at every size it seats from 2 to 8
        most = min(8, profiles.get(name).max_seats)
        assert {s for n, s in seated if n == name} == set(range(2, most + 1)), name
    assert ("house", 2) in seated and ("pokerstars-2010", 8) in seated
    tables = len(seated)
    assert (status, err) == (0, "") and out.startswith(f"sweep: {tables} hands at {tables} tables")
    apply = engine_hand.Hand.apply

    def leaky(self: Hand, action: Action) -> None:
        apply(self, action)
        if self.result is not None:
            self.stacks[0] += 1  # a chip from nowhere at the settlement (R5.8)

    monkeypatch.setattr(engine_hand.Hand, "apply", leaky)
    status, out, err = run_cli(argv, capsys)
    assert status == 1 and f"; {tables} broke a property" in out.splitlines()[0]
    assert f"    R5.8 chips-conserved: {tables} hands, at {tables} tables; the first: R5.8" in out
    assert "(badugi-spec simulate --profile " in out and " --hand 1)" in out
    figures = json.loads((tmp_path / "f.json").read_text("utf-8"))
    assert figures["sweep"]["broken"] == {"R5.8 chips-conserved": tables}


def test_a_listed_option_refused_in_a_campaign_is_a_written_finding(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The done-line of issue 34: the campaign of `fuzz-self` meets the planted refusal,
    fails the run with a finding against our engine citing R4.6, and writes its scenario,
    which ends on the refused step."""
    apply = engine_hand.Hand.apply

    def refuse_pat(self: Hand, action: Action) -> None:
        if action.kind is Kind.DRAW and not action.discards:
            raise illegal("deck-short", "planted: standing pat is refused")
        apply(self, action)

    monkeypatch.setattr(engine_hand.Hand, "apply", refuse_pat)
    run = Campaign(EngineImplementation(), Plan(HEADS_UP, ()), seed=5, out=tmp_path, budget=40)
    statuses = [run.run(number) for number in range(6)]
    assert "engine" in statuses
    (finding,) = run.findings.values()
    assert (finding.status, finding.key[0]) == ("engine", "R4.6")
    assert "offer-refused" in finding.key[1] and finding.path
    text = Path(finding.path).read_text("utf-8")
    *_, step, end = text.rstrip().splitlines()
    assert "OWN engine" in text and step.endswith(" stands pat") and end == "unfinished"
