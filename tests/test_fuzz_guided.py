"""`fuzz` of issue 34: rule coverage, guided trials, targets, labels by field, errors and
our own engine's broken properties as findings. Each test is in-process and small."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from badugi_spec import profiles
from badugi_spec.cli import main
from badugi_spec.commands.fuzz_mutants_cmd import compared
from badugi_spec.fuzz import campaign as campaign_module
from badugi_spec.fuzz import coverage, waypoints
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.finding import error_class
from badugi_spec.fuzz.guide import Guide, feeds
from badugi_spec.fuzz.label import field_rule
from badugi_spec.fuzz.trial import Setting
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Divergence, ImplementationError
from badugi_spec.scenario.suite import load_suite, run_suite
from badugi_spec.simulation.history import Broken

HOUSE = Plan(Setting((profiles.get("house"),), seats=(2, 3)), ())


def _every() -> Plan:
    return Plan(Setting(tuple(profiles.get(name) for name in profiles.names())), ())


def test_coverage_reads_rules_and_waypoints_from_our_engine() -> None:
    tally = coverage.Coverage()
    for number in range(6):
        tally.add(coverage.reached(_every().trial(2, number)[0]))
    data = tally.as_json()
    assert data["trials"] == 6
    assert {"R1.7", "R3.5", "R4.2"} <= set(data["rules"])  # events, refusals, draws
    assert "showdown" in data["waypoints"]
    # What was never reached is named, from the rulebook, and is what has no hit.
    assert data["never"] and not set(data["never"]) & set(data["rules"])
    assert set(data["never"]) | set(data["rules"]) == set(coverage.every_rule())
    text = "\n".join(coverage.table(data))
    assert "rules never reached" in text and "R1.7" in text


def test_a_tied_side_pot_and_its_odd_chip_are_waypoints_of_r8_15() -> None:
    found = waypoints.expected(
        "side pot 1 5 between Ann, Bob, Cy to Ann 3, Bob 2", capped=True, names=3
    )
    assert found == {"side-pot", "tied-pot", "tied-side-pot", "odd-chip"}
    assert waypoints.waypoint_rule("odd-chip") == "R8.15"
    assert waypoints.waypoint_rule("refused:deck-short") == "R4.6"


@pytest.mark.parametrize(
    ("texts", "wanted", "unwanted"),
    [
        (["R8.15"], {"R8.15", "odd-chip", "tied-side-pot"}, {"R8.14"}),
        (["R8.8-R8.10"], {"R8.8", "R8.9", "R8.10", "short-all-in"}, {"R8.11"}),
        (["last-card", "R4.4"], {"last-card", "R4.4"}, {"R8.19"}),
    ],
)
def test_targets(texts: list[str], wanted: set[str], unwanted: set[str]) -> None:
    aimed = coverage.targets(texts)
    assert wanted <= aimed and not unwanted & aimed


@pytest.mark.parametrize(
    ("target", "message"),
    [("R8.10-R8.8", "within one chapter"), ("tied-pt", "did you mean tied-pot")],
)
def test_a_bad_target_is_one_line(
    target: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fuzz", "--impl", "x", "--target", target, "-q"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def _fake(number: int) -> tuple[Any, list[int]]:
    """Trial `number` as a fake engine plays it: what it reached, and its stream."""
    return frozenset({f"R{number % 7}.1", f"w{number % 5}"}), [number % 3, number % 5, number, 4]


def _itself(trial: Any) -> frozenset[str]:
    return frozenset(trial)


def test_a_guided_trial_is_the_same_in_any_process() -> None:
    """Shard-safe: trial 60's lead is the same in a process that played 0 to 59 (offering
    each to the guide) and in one that plays 60 alone (another shard, or `--hand 1:60`),
    which learns the feeders on its own; the corpus holds feeders only."""
    whole = Guide(1, lambda n, lead: _fake(n), _itself)
    leads = []
    for number in range(60):
        leads.append(whole.lead(number))
        whole.offer(number, *_fake(number))
    alone = Guide(1, lambda n, lead: _fake(n), _itself)
    assert alone.lead(60) == whole.lead(60)
    assert alone.lead(45) == leads[45]  # and any earlier one, asked later
    assert len(whole.corpus.entries) >= 8
    assert all(feeds(e.number) for e in whole.corpus.entries)
    assert any(lead.parent >= 0 for lead in leads) and any(lead.swarm for lead in leads)
    unguided = Guide(1, lambda n, lead: None, lambda t: frozenset(), on=False)
    assert unguided.lead(30).prefix == () and not unguided.lead(30).swarm


def _d(expected: str, actual: str) -> Divergence:
    return Divergence(line=9, column=1, source=expected, expected=expected, actual=actual)


@pytest.mark.parametrize(
    ("kind", "expected", "actual", "rule"),
    [
        ("burns", "burns 1", "burns 0", "R4.4"),
        ("legal", "legal call 2, fold", "legal call 2, fold, raise to 10", "R3.6"),
        ("legal", "legal call 2, fold", "legal call 2", "R4.2"),  # the rule at play stays
        ("main pot", "main pot 5 between A, B to A 3, B 2", "main pot 5 between A, B to A 2, B 3", "R8.15"),
        ("side pot", "side pot 4 between A, B to A 4", "side pot 4 between A, B, C to A 4", "R8.13"),
    ],
)  # fmt: skip
def test_a_divergence_is_labelled_by_the_rule_of_its_field(
    kind: str, expected: str, actual: str, rule: str
) -> None:
    assert field_rule(kind, _d(expected, actual), "R4.2", capped=True) == rule


class _Breaks(EngineImplementation):
    """Our engine, but it breaks (an internal error) when a third player acts: a fake
    implementation that errors on some hands."""

    def act(self, step: dict[str, Any]) -> dict[str, Any]:
        if step["player"] == "Cy":
            raise ImplementationError("internal: KeyError: 'Cy' (seat 2 of 3)")
        return super().act(step)


def test_an_error_is_a_finding_shrunk_to_a_file_that_reproduces_it(tmp_path: Path) -> None:
    plan = Plan(Setting((profiles.get("pokerstars-2010"),), seats=(3, 6)), ())
    campaign = Campaign(_Breaks(), plan, seed=3, out=tmp_path, budget=20, with_variants=False)
    for number in range(3):
        campaign.run(number)
    # (Our own engine may break a property in these trials too: that is another finding.)
    (finding,) = [f for f in campaign.findings.values() if f.status == "errored"]
    assert finding.verified and finding.repeats >= 1
    assert finding.lines < finding.original_lines
    text = Path(finding.path).read_text("utf-8")
    assert "KeyError" in text.split("scenario ")[0]  # the error in its comment
    suite = load_suite([finding.path])
    assert run_suite(_Breaks(), suite)[0].status == "errored"
    assert run_suite(EngineImplementation(), suite)[0].status == "passed"
    assert error_class("internal: KeyError: 'Dee' (seat 3 of 4)") == error_class(finding.message)


def test_a_broken_property_of_our_engine_fails_the_run_with_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A planted broken property (any hand at three seats or more): a finding against our
    engine, shrunk (to three seats) and written, and the run exits 1."""

    def planted(trial: Any) -> list[Broken]:
        if len(trial.names) >= 3:
            return [Broken("R8.13", "pots-hold-the-chips", f"{len(trial.names)} seats")]
        return []

    monkeypatch.setattr(campaign_module, "_broken", planted)
    report = tmp_path / "report.json"
    code = main(
        ["fuzz", "--impl", f"{sys.executable} -m badugi_spec serve", "--profile", "no-limit", "--hands", "3",
         "--seats", "3-4", "--budget", "15", "--no-values", "-q", "--out", str(tmp_path),
         "--json", str(report)]
    )  # fmt: skip
    assert code == 1
    data = json.loads(report.read_text("utf-8"))
    (finding,) = data["findings"]
    assert finding["status"] == "engine" and finding["rule"] == "R8.13"
    assert finding["file"] and "OWN engine" in Path(finding["file"]).read_text("utf-8")
    assert data["tally"]["statuses"].get("engine") == 3


def test_fuzz_mutants_compares_two_runs_mutant_by_mutant() -> None:
    before = [{"mutant": "no-burn", "rule": "R4.4", "found": False, "trials": 31}]
    after = [
        {"mutant": "no-burn", "rule": "R4.4", "found": True, "trial": 16, "after": 4.25,
         "kind": "burns at R4.4"},
        {"mutant": "aces-high", "rule": "R1.2", "found": True, "trial": 0, "after": 1.0,
         "kind": "shows at R8.22"},
    ]  # fmt: skip
    table = compared(before, after)
    assert table[2] == "| `no-burn` | R4.4 | missed (31 trials) | 17 / 4.2 s | burns at R4.4 |"
    assert table[3].startswith("| `aces-high` | R1.2 | - | 1 / 1.0 s |")
