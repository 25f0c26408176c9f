"""The runner, its reports and the `check` / `coverage` commands."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from badugi_spec.cli import main
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Runner

HEAD = 'scenario {id} "A hand"\nrules R3.7\nplayers Ann 100 dealer, Bob 100\nshuffle seed 5\n'
PASSING = (
    HEAD.format(id="passing")
    + "Ann calls 1\nexpect pot 4; turn Bob; legal check, raise to 4\nunfinished\n"
)
FAILING = HEAD.format(id="failing") + "Ann calls 1\nBob checks\nexpect pot 5\n"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def run(text: str) -> object:
    case = compile_case(parse_scenario(text, "t.badugi", set(load_rules())))
    return Runner(EngineImplementation()).run(case)


def test_a_passing_scenario_passes_and_keeps_a_trace() -> None:
    result = run(PASSING)
    assert result.status == "passed"  # type: ignore[attr-defined]
    assert [row.op for row in result.trace] == ["deal", "act", "expect", "expect", "expect"]  # type: ignore[attr-defined]


def test_the_first_divergence_is_reported_with_its_line() -> None:
    result = run(FAILING + "expect pot 99\n")
    assert result.status == "failed"  # type: ignore[attr-defined]
    d = result.divergence  # type: ignore[attr-defined]
    assert (d.line, d.expected, d.actual) == (7, "pot 5", "pot 4")


def test_an_unexpected_rejection_is_a_divergence() -> None:
    result = run(HEAD.format(id="x") + "Ann checks\n")
    d = result.divergence  # type: ignore[attr-defined]
    assert d.expected == "accepted" and "check-facing-bet" in d.actual


def test_an_expected_rejection_that_is_accepted_fails() -> None:
    result = run(HEAD.format(id="x") + "reject Ann calls 1 with out-of-turn\n")
    d = result.divergence  # type: ignore[attr-defined]
    assert (d.expected, d.actual) == ("rejected with out-of-turn", "accepted")


def test_a_rejection_with_another_code_fails() -> None:
    result = run(HEAD.format(id="x") + "reject Ann checks with raise-cap\n")
    d = result.divergence  # type: ignore[attr-defined]
    assert d.expected == "rejected with raise-cap"
    assert d.actual.startswith("rejected with check-facing-bet")


def test_check_prints_failures_and_ends_with_the_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "a.badugi", PASSING)
    write(tmp_path, "b.badugi", FAILING)
    write(tmp_path, "c.badugi", 'scenario broken "x"\nrules R2.1\nplayers Ann\n')
    report, junit = tmp_path / "r.json", tmp_path / "r.xml"
    status = main(["check", str(tmp_path), "--json", str(report), "--junit", str(junit)])
    out = capsys.readouterr().out
    assert status == 1
    # A file that does not load is an error, on the console as in the reports.
    assert out.splitlines()[-1] == "1 passed, 1 failed, 1 errored"
    assert "FAILED failing" in out and "expected: pot 5" in out and "actual:   pot 4" in out
    assert "rules R3.7" in out and "steps before it:" in out and "line 6: Bob checks" in out
    assert "c.badugi:3:" in out and "^" in out
    data = json.loads(report.read_text(encoding="utf-8"))
    assert {c["id"]: c["status"] for c in data["cases"]} == {
        "passing": "passed",
        "failing": "failed",
    }
    assert data["load_errors"][0]["line"] == 3
    assert data["summary"] == {
        "passed": 1,
        "failed": 1,
        "errored": 1,
        "skipped": 0,
        "load_errors": 1,
    }
    suite = ET.parse(junit).getroot()
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("3", "1", "1")


def test_check_passes_on_a_good_suite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "a.badugi", PASSING)
    assert main(["check", str(tmp_path), "-q"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"


def test_duplicate_ids_are_an_error_in_the_second_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "a.badugi", PASSING)
    write(tmp_path, "b.badugi", PASSING)
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "duplicate scenario id 'passing'" in out and "b.badugi:1:" in out


def test_coverage_fails_while_rules_have_no_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "a.badugi", PASSING)
    assert main(["coverage", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "R3.7" in out and "NOT COVERED" in out and "not shown heads-up" in out


def test_a_missing_path_is_one_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "/no/such/place"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("badugi-spec: error:")


def test_the_shipped_suite_passes_with_full_rule_coverage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = Path(__file__).resolve().parent.parent / "scenarios"
    assert main(["check", str(root), "-q", "--coverage"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(" 0 failed")
