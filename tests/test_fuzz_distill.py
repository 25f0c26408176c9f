"""`fuzz-distill`: a campaign distilled into a few scenarios that keep what it reached
(issue 39, item 4).

The trials are played again on our engine alone and must be the campaign's own (the same
coverage as a campaign run in-process); the cover keeps every feature with few trials; the
shrink keeps each trial's duty; the command's files pass `check`. A 2,000-trial campaign is
distilled by hand (docs/implementers.md, "Distil a campaign"): here a small one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from badugi_spec import profiles
from badugi_spec.cli import main
from badugi_spec.fuzz import distill, reports
from badugi_spec.fuzz.campaign import Campaign
from badugi_spec.fuzz.coverage import Coverage
from badugi_spec.fuzz.plan import Plan
from badugi_spec.fuzz.trial import Setting
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.suite import load_suite

SMALL = ["--seed", "4", "--hands", "8", "--profile", "house", "--seats", "2"]
"""A small campaign: six play trials of the house profile heads-up, two of values."""


def _plan() -> Plan:
    return Plan(Setting((profiles.get("house"),), seats=(2, 2)), ("house",))


def _reached(number: int, features: set[str], lines: int = 10) -> distill.Reached:
    return distill.Reached(number, (), frozenset(), frozenset(), lines, frozenset(features))


def test_the_cover_keeps_every_feature_and_drops_a_pick_made_redundant() -> None:
    # Greedy picks the four first; the two that bring 5 and 6 then hold 1 to 4 as well.
    big, left, right = (
        _reached(0, {"1", "2", "3", "4"}),
        _reached(1, {"1", "2", "5"}),
        _reached(2, {"3", "4", "6"}),
    )
    assert distill.cover([big, left, right]) == [left, right]
    # Among equals, the shorter trial.
    long, short = _reached(0, {"a"}, lines=50), _reached(1, {"a"}, lines=5)
    assert distill.cover([long, short]) == [short]


def test_features_are_rules_waypoints_and_pairs_of_rules() -> None:
    rules, points = frozenset({"R8.15", "R1.1"}), frozenset({"odd-chip"})
    assert distill.features(rules, points, pairs=True) == {"R1.1", "R8.15", "odd-chip",
                                                            "R1.1+R8.15"}  # fmt: skip
    assert distill.features(rules, points, pairs=False) == rules | points


def test_the_replay_plays_the_campaigns_own_trials() -> None:
    """Guided trials depend on the corpus of earlier ones: the replay feeds it as the
    campaign does, so it reaches exactly what the campaign reached."""
    campaign = Campaign(EngineImplementation(), _plan(), seed=4, out=None, with_variants=False)
    for number in range(10):
        campaign.run(number)
    found = distill.replay(_plan(), seed=4, numbers=range(10))
    assert found.campaign.as_json() == campaign.coverage.as_json()
    assert len(found.trials) == 10


def test_the_shrink_keeps_what_each_trial_is_kept_for() -> None:
    found = distill.replay(_plan(), seed=4, numbers=range(8), pairs=False)
    found.kept = distill.cover(found.trials)
    before = sum(t.lines for t in found.kept)
    distill.shrink(found, budget=15)
    assert found.reached() >= found.universe()
    assert sum(t.lines for t in found.kept) <= before
    assert all(t.duty for t in found.kept)


def test_fuzz_distill_writes_scenarios_that_pass_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, figures = tmp_path / "distilled", tmp_path / "figures.json"
    args = [*SMALL, "--no-pairs", "--budget", "3", "--out", str(out), "--json", str(figures)]
    assert main(["fuzz-distill", *args, "-q"]) == 0
    data = json.loads(figures.read_text("utf-8"))
    written = sorted(out.glob("distill-4-*.badugi"))
    assert len(written) == data["scenarios"] < data["trials"] == 8
    assert data["distilled"] == data["campaign"] and data["missed"] == []
    assert data["campaign"]["rules"] > 20 and data["check"] == {"passed": len(written),
                                                                "of": len(written)}  # fmt: skip
    assert "(every one)" in capsys.readouterr().out
    assert main(["check", "-q", str(out)]) == 0
    head = written[0].read_text("utf-8").splitlines()
    assert head[0].startswith("# Distilled by badugi-spec fuzz-distill from trial")
    assert head[2].startswith("#   ") and head[2][4].isalpha()  # what it is kept for

    # Written again: refused before any trial is played, in one line.
    assert main(["fuzz-distill", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "exists; --force replaces it" in err


def test_a_report_whose_trials_reach_otherwise_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = Coverage()
    said.add((frozenset({"R1.1"}), frozenset()))
    command = "badugi-spec fuzz --impl x --seed 4 --hands 1 --profile house --seats 2"
    report = reports.report(
        implementation="x", seed=4, shard=(1, 1), numbers=[0], findings=[],
        tally={"trials": 1, "hands": 1, "statuses": {}, "kinds": {}, "seconds": 0.0},
        coverage=said.as_json(), command=command,
    )  # fmt: skip
    path = tmp_path / "r.json"
    path.write_text(json.dumps(report), "utf-8")
    code = main(["fuzz-distill", "--report", str(path), "--out", str(tmp_path / "d")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert f"--report {path}: its trials replayed here reach other rules than it says" in err


def test_a_report_and_campaign_options_together_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["fuzz-distill", "--report", str(tmp_path / "r.json"), "--seed", "3"])
    assert code == 2 and "--seed too is one campaign too many" in capsys.readouterr().err


def test_the_suite_is_read_as_its_parser_reads_its_rules() -> None:
    folder = Path(__file__).parent.parent / "scenarios" / "03-betting"
    files = sorted(folder.glob("*.badugi"))
    rules, points = distill.suite_reach(files)
    parsed = load_suite([str(folder)])
    assert rules == {rule for scenario in parsed.scenarios for rule in scenario.rules}
    assert {"cap", "refused:hand-over"} <= points


def test_a_report_names_the_profiles_its_implementation_played() -> None:
    """With no --impl, the plan is the one the campaign's own `hello` (in its manifest) made:
    an implementation that played only the house game distils to house trials, and a
    manifest whose hello is unreadable is refused in one line."""
    import argparse

    from badugi_spec.commands import fuzz_cmd
    from badugi_spec.commands.fuzz_distill_cmd import _plan
    from badugi_spec.errors import BadugiError

    options = fuzz_cmd.fuzz_arguments(["--impl", "-", "--hands", "5"])
    args = argparse.Namespace(impl=None, report="r.json")
    hello = {"protocol": 2, "profiles": ["house"], "rankings": None,
             "capabilities": ["play", "evaluate", "compare"]}  # fmt: skip
    plan = _plan(args, options, {"manifest": {"hello": hello}})
    assert plan.setting is not None
    assert [p.name for p in plan.setting.profiles] == ["house"]
    assert plan.rankings == ("house",)  # the house Badugi only: it declared no other
    for bad in ({"protocol": 2}, {**hello, "capabilities": "play"}, {**hello, "profiles": 5}):
        with pytest.raises(BadugiError, match=r"--report r.json: its manifest's hello"):
            _plan(args, options, {"manifest": {"hello": bad}})
