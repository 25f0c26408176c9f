"""The suite as a product (issue 36): installed with the package, filtered, run with a list
of expected failures."""

from __future__ import annotations

import json
import shlex
import sys
import tomllib
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest

from badugi_spec.cli import main
from badugi_spec.commands.arguments import impl_argv
from badugi_spec.errors import BadugiError
from badugi_spec.protocol import validate
from badugi_spec.scenario import expected as expectations
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation, Outcome
from badugi_spec.scenario.report import describe_failure
from badugi_spec.scenario.runner import CaseResult
from badugi_spec.scenario.selection import Selection, SelectionError, keyword, rule_matcher
from badugi_spec.scenario.suite import installed_suite, load_suite, run_suite, scenario_files

ROOT = Path(__file__).resolve().parent.parent
SERVE = shlex.join([sys.executable, "-m", "badugi_spec", "serve"])

RIGHT = """\
scenario values-right "Hand values, right"
rules R2.5
tags values

evaluate A♠ 2♥ 3♦ K♦ is 3-card 3-2-A
"""
# Our engine "fails" this one: its expectation is wrong on purpose.
WRONG = """\
scenario values-wrong "Hand values, stated wrong"
rules R2.4
tags values

evaluate A♠ 2♥ 3♦ K♦ is 3-card 4-2-A
"""


def suite(tmp_path: Path) -> Path:
    folder = tmp_path / "suite"
    folder.mkdir()
    (folder / "right.badugi").write_text(RIGHT, "utf-8")
    (folder / "wrong.badugi").write_text(WRONG, "utf-8")
    return folder


# --- 1. the suite ships in the wheel ----------------------------------------------------


def test_the_package_data_carries_the_suite_linked_from_scenarios() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    data = config["tool"]["setuptools"]["package-data"]["badugi_spec"]
    assert "suite/**/*.badugi" in data
    link = ROOT / "badugi_spec" / "suite"
    assert link.is_symlink() and link.resolve() == (ROOT / "scenarios").resolve()


def test_with_no_path_the_installed_suite_is_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no scenarios/ here: the installed suite is found anyway
    assert installed_suite().resolve() == (ROOT / "scenarios").resolve()
    assert main(["verify", "--list", "--rule", "R1.2"]) == 0
    out = capsys.readouterr().out.splitlines()
    total = len(scenario_files([ROOT / "scenarios"]))
    would = [line for line in out if line.startswith("run  ")]
    assert would and any("aces-are-low" in line for line in would)
    assert out[-1] == f"{len(would)} cases would run, {total - len(would)} would not"


# --- 2. run control -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "expression, text, matches",
    [
        ("blind", "blinds-one-and-two blinds one and two", True),
        ("blind and not two", "blinds-one-and-two blinds one and two", False),
        ("(raise or cap) and not all-in", "a-cap-of-four the cap", True),
        ("RAISE", "min-raise", True),
    ],
)
def test_k_reads_words_and_or_not(expression: str, text: str, matches: bool) -> None:
    assert keyword(expression)(text) is matches


@pytest.mark.parametrize("bad", ["", "a and", "(a", "a )", "not"])
def test_a_bad_k_expression_is_one_line(bad: str) -> None:
    with pytest.raises(SelectionError, match="-k"):
        keyword(bad)


@pytest.mark.parametrize(
    "spec, rule, matches",
    [
        ("R8.15", "R8.15", True),
        ("R8.15", "R8.1", False),
        ("R8", "R8.3", True),
        ("R8", "R18.3", False),
        ("R8.10-R8.15", "R8.12", True),
        ("R8.10-15", "R8.16", False),
    ],
)
def test_rule_filters_take_rules_chapters_and_ranges(spec: str, rule: str, matches: bool) -> None:
    assert rule_matcher(spec)(rule) is matches


@pytest.mark.parametrize("bad", ["R8.15-R9.2", "R8.15-3", "8.15", "R8-R9"])
def test_a_bad_rule_filter_is_refused(bad: str) -> None:
    with pytest.raises(SelectionError, match="--rule"):
        rule_matcher(bad)


def test_each_case_left_out_keeps_its_reason(tmp_path: Path) -> None:
    scenarios = load_suite([suite(tmp_path)]).scenarios
    chosen, left = Selection(rules=("R2.5",)).split(scenarios)
    assert [s.id for s in chosen] == ["values-right"]
    assert left == {"values-wrong": "cites none of --rule R2.5"}
    chosen, left = Selection(keyword="wrong", tags=("values",)).split(scenarios)
    assert [s.id for s in chosen] == ["values-wrong"]
    assert left == {"values-right": "not matched by -k wrong"}


def test_impl_with_a_variable_or_a_pipe_hints_at_env_or_sh(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["verify", "--impl", "VAR=1 node engine.js"]) == 2
    assert "write --impl 'env VAR=1 node engine.js'" in capsys.readouterr().err
    with pytest.raises(BadugiError, match=r"'\|' is an argument; write --impl 'sh -c"):
        impl_argv("node engine.js | tee log")


def test_first_stops_after_the_first_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = suite(tmp_path)
    (folder / "zz.badugi").write_text(RIGHT.replace("values-right", "values-later"), "utf-8")
    status = main(["verify", "--impl", SERVE, "--first", "-q", str(folder)])
    out = capsys.readouterr().out.splitlines()
    assert status == 1
    assert out[-1] == "1 passed, 1 failed, 0 errored, 1 skipped"
    assert any(line.startswith("skipped 1 cases: 1 not sent: the run stopped") for line in out)


# --- 3. expected failures -----------------------------------------------------------------


def _result(case: str, status: str) -> CaseResult:
    return CaseResult(case, "f.badugi", 1, ["R2.4"], status=status)


def test_expected_failures_and_unexpected_passes_are_marked() -> None:
    results = [_result("a", "failed"), _result("b", "passed"), _result("c", "passed")]
    listed = [expectations.Expected("a", reason="known"), expectations.Expected("b")]
    expectations.apply(results, listed)
    assert [r.status for r in results] == ["xfailed", "xpassed", "passed"]
    assert results[0].expected == "known"


def test_an_entry_naming_no_case_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / "expect.toml"
    path.write_text('[[fail]]\ncase = "a"\n\n[[fail]]\ncase = "gone"\nreason = "x"\n', "utf-8")
    with pytest.raises(expectations.ExpectError, match=r"expect.toml:5: no case 'gone'"):
        expectations.load(path, ["a"])
    path.write_text('[[fail]]\ncase = "a"\nwhy = "x"\n', "utf-8")
    with pytest.raises(expectations.ExpectError, match=r"expect.toml:2: unknown key 'why'"):
        expectations.load(path, ["a"])


def test_expect_both_ways_and_update_round_trips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = suite(tmp_path)
    expect, report, junit = tmp_path / "expect.toml", tmp_path / "r.json", tmp_path / "j.xml"
    # Both listed: the wrong one is an expected failure, the right one an unexpected pass.
    expect.write_text(
        '[[fail]]\ncase = "values-wrong"\nreason = "we count the ace high"\n'
        'link = "https://example.org/1"\n\n[[fail]]\ncase = "values-right"\n',
        "utf-8",
    )
    args = ["verify", "--impl", SERVE, "-q", str(folder), "--expect", str(expect)]
    status = main([*args, "--json", str(report), "--junit", str(junit)])
    out = capsys.readouterr().out
    assert status == 1
    assert "XFAIL values-wrong  (expected: we count the ace high)" in out
    assert "XPASS values-right" in out
    assert out.splitlines()[-1].endswith("1 expected failures, 1 unexpected passes")
    cases = {c["id"]: c for c in json.loads(report.read_text("utf-8"))["cases"]}
    assert cases["values-wrong"]["status"] == "xfailed"
    assert cases["values-wrong"]["expected_failure"]["link"] == "https://example.org/1"
    assert cases["values-right"]["status"] == "xpassed"
    marks = {c.get("name"): c for c in ET.parse(junit).getroot()}
    assert marks["values-wrong"].find("skipped").get("type") == "xfail"  # type: ignore[union-attr]
    assert marks["values-right"].find("failure").get("type") == "xpass"  # type: ignore[union-attr]
    # Update: the pass is dropped, the failure's reason is kept; the run is then green.
    assert main([*args, "--update-expect"]) == 0
    capsys.readouterr()
    entries = expectations.load(expect, ["values-wrong", "values-right"])
    assert [(e.case, e.reason, e.link) for e in entries] == [
        ("values-wrong", "we count the ace high", "https://example.org/1")
    ]
    assert main(args) == 0
    assert "0 failed" in capsys.readouterr().out
    # From nothing: today's failure with its divergence as the reason.
    fresh = tmp_path / "fresh.toml"
    assert main([*args[:-1], str(fresh), "--update-expect"]) == 0
    (entry,) = expectations.load(fresh, ["values-wrong", "values-right"])
    assert entry.case == "values-wrong" and "expected" in entry.reason


# --- 4. a versioned suite -----------------------------------------------------------------


def test_the_suite_lock_and_changelog_are_current(capsys: pytest.CaptureFixture[str]) -> None:
    # Fails when scenarios were added or changed without `make suite-lock` being run.
    status = main(["suite-lock", "--check", str(ROOT / "scenarios")])
    assert status == 0, capsys.readouterr().out


def _lock(folder: Path, version: str, capsys: pytest.CaptureFixture[str]) -> str:
    (folder / "suite.toml").write_text(f'version = "{version}"\n', "utf-8")
    assert main(["suite-lock", str(folder)]) == 0
    capsys.readouterr()
    return (folder / "CHANGELOG.md").read_text("utf-8")


def test_the_lock_records_cases_added_changed_and_removed_per_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = suite(tmp_path)
    first = _lock(folder, "1.0", capsys)
    assert "## 1.0\n\n- 2 added: `values-right`, `values-wrong`" in first
    assert main(["suite-lock", "--check", str(folder)]) == 0
    # A story reworded and a case moved change nothing; an expectation changed does.
    (folder / "right.badugi").write_text(RIGHT.replace('right"', 'right, reworded"'), "utf-8")
    assert main(["suite-lock", "--check", str(folder)]) == 0
    (folder / "wrong.badugi").write_text(WRONG.replace("4-2-A", "3-2-A"), "utf-8")
    (folder / "new.badugi").write_text(RIGHT.replace("values-right", "values-new"), "utf-8")
    (folder / "right.badugi").unlink()
    assert main(["suite-lock", "--check", str(folder)]) == 1
    assert "not current; run `make suite-lock`" in capsys.readouterr().out
    log = _lock(folder, "1.1", capsys)
    assert (
        "## 1.1\n\n- 1 added: `values-new`\n- 1 changed: `values-wrong`\n"
        "- 1 removed: `values-right`\n\n## 1.0\n\n- 2 added" in log
    )
    # Pinned at 1.0, the case added and the case changed since are left out, with why.
    assert main(["verify", "--list", "--suite-version", "1.0", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("suite: 1.1 as of 1.0 (2 cases, sha256:")
    assert "skip values-new: added in suite 1.1, after 1.0" in out
    assert "skip values-wrong: changed in suite 1.1, after 1.0" in out
    # Run pinned, they are reported skipped with that reason (here nothing else is left).
    main(["verify", "--impl", SERVE, "-q", "--suite-version", "1.0", str(folder)])
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "0 passed, 0 failed, 0 errored, 2 skipped (suite 1.0)"
    assert "1 added in suite 1.1, after 1.0; 1 changed in suite 1.1, after 1.0" in out[-3]
    assert main(["verify", "--list", "--suite-version", "0.9", str(folder)]) == 2
    assert "no such suite version (1.0, 1.1)" in capsys.readouterr().err


# --- 5. rules on every expectation --------------------------------------------------------

MIXED = """\
scenario mixed-rules "Values and betting in one case"
rules R2.4 R3.3 R3.6

evaluate A♠ 2♥ 3♦ K♦ is 3-card 3-2-A
players Ann 100, Bob 100 dealer
deal Ann 2♣ 4♥ 6♦ 6♠ / Bob A♠ 2♥ 3♦ K♦
expect pot 3
reject Ann checks with out-of-turn
"""


def test_each_expectation_carries_the_rules_that_decide_it(tmp_path: Path) -> None:
    (tmp_path / "m.badugi").write_text(MIXED, "utf-8")
    (scenario,) = load_suite([tmp_path]).scenarios
    case = compile_case(scenario)
    assert case["checks"][0]["rules"] == ["R2.4"]
    steps = {
        step["op"] if step["op"] != "expect" else step["what"]: step
        for step in case["hands"][0]["steps"]
    }
    assert steps["pot"]["rules"] == ["R3.3", "R3.6"]
    assert steps["reject"]["rules"][0] == "R3.3"  # the refusal code's own rule first
    assert validate(case, "case") == []


def test_a_failure_names_the_rules_of_its_step(tmp_path: Path) -> None:
    (tmp_path / "w.badugi").write_text(WRONG, "utf-8")
    (result,) = run_suite(EngineImplementation(), load_suite([tmp_path]))
    assert result.divergence is not None and result.divergence.rules == ("R2.4",)
    assert "    rules:    R2.4" in describe_failure(result)


# --- 6. messages ----------------------------------------------------------------------------

WRONG_CODE = """\
scenario wrong-code "A refusal expected with the wrong code"
rules R3.3

players Ann 100 dealer, Bob 100
deal Ann 2♣ 4♥ 6♦ 6♠ / Bob A♠ 2♥ 3♦ K♦
reject Ann checks with out-of-turn
"""


def test_fix_is_for_authors_under_check_never_under_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "c.badugi").write_text(WRONG_CODE, "utf-8")
    assert main(["check", str(tmp_path)]) == 1
    assert "    fix:" in capsys.readouterr().out
    assert main(["verify", "--impl", SERVE, "-q", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "expected: " in out and "fix:" not in out


class _DropsAReturn(EngineImplementation):
    """Leaves the player who gets nothing back out of `returned`."""

    def act(self, step: dict[str, Any]) -> Outcome:
        outcome = super().act(step)
        result = (outcome.get("state") or {}).get("result")
        if result:
            result["returned"] = {k: v for k, v in result["returned"].items() if v}
        return outcome


def test_a_player_missing_from_returned_is_said_missing() -> None:
    suite_ = load_suite(
        [
            ROOT
            / "scenarios/05-showdown-and-short-stacks/uncovered-chip-leaves-the-settled-pot.badugi"
        ]
    )
    (result,) = run_suite(_DropsAReturn(), suite_)
    assert result.divergence is not None
    assert (
        result.divergence.actual
        == "returned Ann gets back missing (`returned` names every player, 0 included)"
    )


def test_a_stray_stdout_line_is_quoted_with_the_stderr_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "v.badugi").write_text(RIGHT, "utf-8")
    chatty = shlex.join([sys.executable, "-c", "print('engine starting...')"])
    assert main(["verify", "--impl", chatty, "-q", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "malformed reply 'engine starting...' (stdout carries only the replies" in out
    assert "write logs to stderr" in out


def test_the_pages_wheel_leaves_the_suite_out() -> None:
    # The browser's engine never runs verify: its wheel spares readers the suite's download.
    from badugi_spec.web.pyodide_build import _left_out_of_the_page

    package = str(ROOT / "badugi_spec")
    names = ["suite", "rules.py", "__pycache__", "rulebook"]
    assert _left_out_of_the_page(package, names) == {"suite", "__pycache__"}
    assert _left_out_of_the_page(str(ROOT / "badugi_spec" / "scenario"), ["suite.py"]) == set()
