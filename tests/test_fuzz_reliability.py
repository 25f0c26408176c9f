"""`fuzz`, `fuzz-merge` and `fuzz-mutants` under hostile input (issue 41, and 36's folder).

Cheap by design: the implementation is our engine or a mutant in-process (the command's
`ProcessImplementation` swapped for it), campaigns are a trial or two, and the hostile
reports are fed to `fuzz-merge`'s own entry point. Each test failed before its fix.
"""

from __future__ import annotations

import concurrent.futures
import copy
import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_spec.cli import main
from badugi_spec.commands import fuzz_cmd, fuzz_lines
from badugi_spec.fuzz import reports
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.trial import Setting
from badugi_spec.mutants import BY_NAME, MutantImplementation
from badugi_spec.profiles import get
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Skip

Capsys = pytest.CaptureFixture[str]


class _InProcess:
    """What `fuzz` reads of a `ProcessImplementation`, around an in-process engine."""

    _pending = None
    _given_up = None
    version = ""
    rankings: tuple[str, ...] = ()  # the house values only: the fewest trials of values
    protocol = 2

    def close(self) -> None:
        pass


class Engine(_InProcess, EngineImplementation):
    name = "engine"


class Mutant(_InProcess, MutantImplementation):
    pass


class Skipper(Engine):
    """Plays nothing: every trial is skipped as not supported."""

    def capabilities(self) -> frozenset[str]:
        return frozenset({"play"})

    def start(self, case: dict[str, Any]) -> Any:
        raise Skip("not supported here")


def _factory(argv: list[str], timeout: float = 10.0) -> Any:
    if argv[0] == "skipper":
        return Skipper()
    if argv[0] == "mutant":
        return Mutant(BY_NAME[argv[1]])
    return Engine()


@pytest.fixture
def inproc(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fuzz_cmd, "ProcessImplementation", _factory)
    monkeypatch.setattr(fuzz_lines, "ProcessImplementation", _factory)


MUTANT = ["--impl", "mutant aces-high", "--seed", "6", "--budget", "3", "-q"]


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


# ----- fuzz-merge: a report of the wrong shape (Severe 1) ---------------------------------


def _valid() -> dict[str, Any]:
    finding = {
        "rule": "R2.1", "kind": "value", "at_play": "", "seed": 1, "trial": 0,
        "status": "failed", "file": "", "lines": 3, "original_lines": 9,
        "shrink_candidates": 4, "repeats": 0, "found_after": 0.1, "signature": "",
        "also": [], "verified": True, "line": 2, "source": "", "expected": "a",
        "actual": "b", "message": "", "unwritten": "", "scenario": "scenario x\n",
    }  # fmt: skip
    tally = {"trials": 1, "hands": 0, "statuses": {"diverged": 1}, "kinds": {"values": 1},
             "seconds": 0.5, "guided": 0}  # fmt: skip
    return reports.report(
        implementation="x", seed=1, shard=(1, 1), numbers=[0], tally=tally, findings=[finding]
    )


def _mangled(kind: str) -> str:
    data = _valid()
    finding = data["findings"][0]
    if kind == "only-trial":
        data["findings"] = [{"trial": 0}]
    elif kind == "no-implementation":
        del data["implementation"]
    elif kind == "no-hands":
        del data["tally"]["hands"]
    elif kind == "seconds-text":
        data["tally"]["seconds"] = "fast"
    elif kind == "unplayable-list":
        data["tally"]["statuses"]["unplayable"] = ["a"]
    elif kind == "also-short":
        finding["also"] = [["R1.1", "pot"]]
    elif kind == "also-text":
        finding["also"] = "R1.1"
    elif kind == "scenario-null":
        finding["scenario"] = None
    elif kind == "seed-path":
        finding["seed"] = "../../x"
    elif kind == "deep":
        return "[" * 100_000 + "]" * 100_000
    return json.dumps(data)


@pytest.mark.parametrize(
    "kind",
    ["only-trial", "no-implementation", "no-hands", "seconds-text", "unplayable-list",
     "also-short", "also-text", "scenario-null", "seed-path", "deep"],
)  # fmt: skip
def test_fuzz_merge_refuses_a_malformed_report_in_one_line(
    kind: str, tmp_path: Path, capsys: Capsys
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(_mangled(kind), encoding="utf-8")
    out = tmp_path / "found"
    assert main(["fuzz-merge", str(path), "--out", str(out)]) == 2
    (line,) = _lines(capsys.readouterr().err)
    assert str(path) in line and "Traceback" not in line
    assert not out.exists() and not (tmp_path / "x").exists()  # nothing written, anywhere


_HOSTILE = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True),
    st.text(max_size=8), st.lists(st.integers(), max_size=3), st.dictionaries(
        st.text(max_size=4), st.integers(-3, 3), max_size=2),
)  # fmt: skip


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.sampled_from(["top", "tally", "finding", "coverage"]), data=st.data())
def test_any_mangled_report_is_merged_or_refused_in_one_line(
    where: str, data: st.DataObject, tmp_path: Path, capsys: Capsys
) -> None:
    report = copy.deepcopy(_valid())
    node = {
        "top": report, "tally": report["tally"], "finding": report["findings"][0],
        "coverage": report["coverage"],
    }[where]  # fmt: skip
    key = data.draw(st.sampled_from(sorted(node)))
    if data.draw(st.booleans()):
        del node[key]
    else:
        node[key] = data.draw(_HOSTILE)
    path = tmp_path / "mangled.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    out = tmp_path / "out"
    capsys.readouterr()
    code = main(["fuzz-merge", str(path), "--out", str(out), "--force"])
    err = _lines(capsys.readouterr().err)
    assert code in (0, 1, 2) and "Traceback" not in " ".join(err)
    if code == 2:
        assert len(err) == 1 and str(path) in err[0]
    for written in out.glob("*") if out.exists() else []:
        assert written.parent == out and written.name.startswith("fuzz-1-")


# ----- the report paths, before any work (Severe 2, Confusing 1 and 5) --------------------


def test_fuzz_merge_never_writes_over_an_input(tmp_path: Path, capsys: Capsys) -> None:
    one = tmp_path / "s1.json"
    one.write_text(_mangled("none"), encoding="utf-8")
    before = one.read_text("utf-8")
    assert main(["fuzz-merge", str(one), "--json", str(one), "--force"]) == 2
    assert "is an input" in capsys.readouterr().err
    assert one.read_text("utf-8") == before


@pytest.mark.parametrize("case", ["same", "folder", "exists"])
def test_fuzz_checks_its_reports_before_the_campaign(
    case: str, tmp_path: Path, capsys: Capsys, inproc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fuzz_cmd, "campaign_report", pytest.fail)  # no trial may be played
    report = tmp_path / "r.json"
    if case == "folder":
        report.mkdir()
    if case == "exists":
        report.write_text("mine", encoding="utf-8")
    junit = report if case == "same" else tmp_path / "j.xml"
    code = main(["fuzz", *MUTANT, "--json", str(report), "--junit", str(junit), "--out", ""])
    assert code == 2
    (line,) = _lines(capsys.readouterr().err)
    assert {"same": "name the same file", "folder": "is a folder", "exists": "--force"}[
        case
    ] in line
    assert case != "exists" or report.read_text("utf-8") == "mine"


def test_fuzz_mutants_out_a_file_is_one_line_before_any_work(
    tmp_path: Path, capsys: Capsys
) -> None:
    out = tmp_path / "file"
    out.write_text("", encoding="utf-8")
    assert main(["fuzz-mutants", "--only", "aces-high", "--out", str(out)]) == 2
    (line,) = _lines(capsys.readouterr().err)
    assert "is a file, not a folder" in line


@pytest.mark.parametrize("command", ["fuzz", "fuzz-mutants"])
def test_jobs_are_bounded(command: str, capsys: Capsys) -> None:
    extra = ["--impl", "x"] if command == "fuzz" else []
    assert main([command, *extra, "--jobs", "300"]) == 2
    assert f"at most {fuzz_cmd.MOST_JOBS} jobs" in capsys.readouterr().err


def test_workers_are_at_most_the_trials(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    class Pool:
        def __init__(self, count: int) -> None:
            seen.append(count)

        def map(self, *_: Any) -> list[Any]:
            raise KeyboardInterrupt  # stops at once; the count is what is checked

        def shutdown(self, **_: Any) -> None:
            pass

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Pool)
    args = fuzz_cmd.fuzz_arguments(["--impl", "x", "--hands", "4", "--jobs", "60"])
    fuzz_cmd._jobs(args)
    args = fuzz_cmd.fuzz_arguments(["--impl", "x", "--hands", "9", "--shard", "2/3", "--jobs", "8"])
    fuzz_cmd._jobs(args)
    assert seen == [4, 3]


# ----- findings that cannot be written, and files already there (Severe 3, Confusing 2) ---


def test_a_finding_that_cannot_be_written_is_one_line_and_the_run_goes_on(
    tmp_path: Path, capsys: Capsys, inproc: None
) -> None:
    out = tmp_path / "found"
    (out / "fuzz-6-0.badugi").mkdir(parents=True)  # a folder by the finding's name
    report = tmp_path / "r.json"
    code = main(["fuzz", *MUTANT, "--hands", "1", "--json", str(report), "--out", str(out)])
    assert code == 1
    text = capsys.readouterr().out
    assert "not written: --out" in text and "trials (" in text  # the summary is there
    (finding,) = json.loads(report.read_text("utf-8"))["findings"]
    assert finding["unwritten"] and finding["scenario"] and not finding["file"]
    assert sorted(p.name for p in out.iterdir()) == ["fuzz-6-0.badugi"]  # no stray .tmp


def test_an_existing_scenario_is_replaced_only_with_force(
    tmp_path: Path, capsys: Capsys, inproc: None
) -> None:
    out = tmp_path / "found"
    out.mkdir()
    mine = out / "fuzz-6-0.badugi"
    mine.write_text("my notes\n", encoding="utf-8")
    assert main(["fuzz", *MUTANT, "--hands", "1", "--out", str(out)]) == 1
    assert "exists; --force replaces it" in capsys.readouterr().out
    assert mine.read_text("utf-8") == "my notes\n"
    assert main(["fuzz", *MUTANT, "--hands", "1", "--out", str(out), "--force"]) == 1
    written = mine.read_text("utf-8")
    assert written.startswith("# Found by badugi-spec fuzz")
    # The same finding again is the same file: kept, no --force needed.
    assert main(["fuzz", *MUTANT, "--hands", "1", "--out", str(out)]) == 1
    assert "not written" not in capsys.readouterr().out and mine.read_text("utf-8") == written


# ----- nothing compared, no folder left, one shard of two (Confusing 3 and 4, issue 36) ---


@pytest.mark.parametrize(
    ("impl", "extra", "why"),
    [("skipper", [], "every trial was skipped"),
     ("engine", ["--hands", "1", "--shard", "2/2"], "no trial in shard 2/2")],
)  # fmt: skip
def test_nothing_compared_exits_1(
    impl: str, extra: list[str], why: str, tmp_path: Path, capsys: Capsys, inproc: None
) -> None:
    out = tmp_path / "fuzz-found"
    args = ["fuzz", "--impl", impl, "--hands", "2", *extra, "-q", "--out", str(out)]
    assert main(args) == 1
    assert f"nothing was compared: {why}" in capsys.readouterr().out
    assert not out.exists()  # issue 36: nothing found, no folder


def test_a_merge_of_one_shard_of_two_names_the_other(
    tmp_path: Path, capsys: Capsys, inproc: None
) -> None:
    one = tmp_path / "s1.json"
    args = ["--impl", "engine", "--hands", "2", "--seed", "3", "--no-values", "-q"]
    assert main(["fuzz", *args, "--shard", "1/2", "--json", str(one), "--out", ""]) == 0
    capsys.readouterr()
    merged = tmp_path / "m.json"
    assert main(["fuzz-merge", str(one), "--json", str(merged)]) == 1
    err = capsys.readouterr().err
    assert "shard 2/2 is missing" in err and "--impl engine --seed 3" in err
    assert "--shard 2/2 --json" in err
    assert json.loads(merged.read_text("utf-8"))["shard"] == "1/2"


# ----- Ctrl-C during a shrink (Confusing 13) ---------------------------------------------


def test_ctrl_c_in_a_shrink_counts_the_time_spent() -> None:
    setting = Setting((get("house"),))
    campaign = Campaign(Mutant(BY_NAME["aces-high"]), Plan(setting, ()), seed=6, out=None)

    def slow(*_: Any, **__: Any) -> None:
        time.sleep(0.3)
        raise KeyboardInterrupt

    campaign.reducer.divergence = slow  # type: ignore[method-assign]
    with pytest.raises(KeyboardInterrupt):
        for number in range(20):
            campaign.run(number)
    assert campaign.tally.seconds >= 0.3
