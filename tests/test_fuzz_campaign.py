"""Campaigns spread over jobs (issue 39, items 1 and 2): the manifest, `--shard auto`, and
`fuzz-merge` refusing what is not one campaign and naming what is missing.

Cheap by design: the implementation is our engine or a mutant in-process (as in
`test_fuzz_reliability`), campaigns are a few trials; the recipes of docs/recipes/ run
against `badugi-spec serve` with a handful of trials each.
"""

from __future__ import annotations

import concurrent.futures
import json
import shlex
import tomllib
from pathlib import Path
from typing import Any

import pytest

import badugi_spec
from badugi_spec.cli import main
from badugi_spec.commands import fuzz_cmd, fuzz_lines
from badugi_spec.fuzz import manifest, shards
from tests.test_fuzz_reliability import _factory

Capsys = pytest.CaptureFixture[str]
ROOT = Path(__file__).resolve().parent.parent
SCHEDULERS = (
    "BADUGI_SHARD_INDEX", "BADUGI_SHARD_COUNT", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_STEP", "PARALLEL_SEQ",
    "PARALLEL_JOBSLOT",
)  # fmt: skip
ENGINE = ["--impl", "engine", "--seed", "3", "--no-values", "-q", "--out", ""]
MUTANT = ["--impl", "mutant aces-high", "--seed", "6", "--budget", "3", "-q"]


@pytest.fixture
def inproc(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fuzz_cmd, "ProcessImplementation", _factory)
    monkeypatch.setattr(fuzz_lines, "ProcessImplementation", _factory)


@pytest.fixture
def no_scheduler(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in SCHEDULERS:
        monkeypatch.delenv(name, raising=False)


def _run(tmp_path: Path, name: str, *args: str) -> dict[str, Any]:
    path = tmp_path / name
    main(["fuzz", *args, "--json", str(path)])
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


# ----- --shard auto ----------------------------------------------------------------------


def test_slurm_task_2_of_an_array_of_4_plays_shard_3_of_4(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_scheduler: None, inproc: None
) -> None:
    """The docs' numbering: task T of `--array=0-3` is `--shard T+1/4`."""
    explicit = _run(tmp_path, "explicit.json", *ENGINE, "--hands", "8", "--shard", "3/4")
    for name, value in {"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0",
                        "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_COUNT": "4"}.items():  # fmt: skip
        monkeypatch.setenv(name, value)
    auto = _run(tmp_path, "auto.json", *ENGINE, "--hands", "8", "--shard", "auto")
    assert auto["trials"] == explicit["trials"] == [2, 6]
    assert auto["shard"] == "3/4" and auto["manifest"]["ranges"] == [[2, 6]]
    assert auto["manifest"]["placed_by"] == "SLURM_ARRAY_TASK_ID=2 of the array 0-3"
    assert manifest.differs(auto["manifest"], explicit["manifest"]) is None


@pytest.mark.parametrize(
    ("env", "total", "place"),
    [
        ({"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "8"},
         None, (5, 8)),
        ({"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "3"},
         3, (1, 3)),
        ({"PARALLEL_SEQ": "7", "PARALLEL_JOBSLOT": "1"}, 16, (7, 16)),
        ({"PARALLEL_SEQ": "2", "BADUGI_SHARD_COUNT": "4"}, None, (2, 4)),
        ({"BADUGI_SHARD_INDEX": "4", "BADUGI_SHARD_COUNT": "4", "SLURM_ARRAY_TASK_ID": "9"},
         None, (4, 4)),
    ],
)  # fmt: skip
def test_places_read_from_schedulers(
    env: dict[str, str], total: int | None, place: tuple[int, int]
) -> None:
    assert shards.place(env, total)[:2] == place


@pytest.mark.parametrize(
    ("env", "total", "said"),
    [
        ({}, None, "no scheduler numbers this job"),
        ({"PARALLEL_SEQ": "3", "PARALLEL_JOBSLOT": "1"}, None, "not how many there are"),
        ({"PARALLEL_SEQ": "5"}, 4, "not a shard K/N"),
        ({"SLURM_ARRAY_TASK_ID": "1", "PARALLEL_SEQ": "1"}, None, "both Slurm"),
        ({"SLURM_ARRAY_TASK_ID": "1"}, None, "not a job array's task"),
        ({"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "9",
          "SLURM_ARRAY_TASK_COUNT": "3"}, None, "has gaps or a step"),
        ({"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3"},
         8, "makes 4 shards"),
        ({"BADUGI_SHARD_INDEX": "2"}, None, "without BADUGI_SHARD_COUNT"),
        ({"BADUGI_SHARD_INDEX": "x2", "BADUGI_SHARD_COUNT": "4"}, None, "not a whole number"),
    ],
)  # fmt: skip
def test_places_that_make_no_shard_are_refused(
    env: dict[str, str], total: int | None, said: str
) -> None:
    with pytest.raises(shards.ShardError, match=said):
        shards.place(env, total)


def test_shard_auto_without_a_scheduler_is_one_line(capsys: Capsys, no_scheduler: None) -> None:
    assert main(["fuzz", *ENGINE, "--shard", "auto"]) == 2
    err = capsys.readouterr().err
    assert "argument --shard: auto: no scheduler numbers this job" in err
    assert len(err.strip().splitlines()) == 1


# ----- the manifest ----------------------------------------------------------------------


def test_the_manifest_says_what_ran_and_how(tmp_path: Path, inproc: None) -> None:
    report = _run(tmp_path, "s.json", *ENGINE, "--hands", "10", "--shard", "2/4",
                  "--profile", "house", "--seats", "2-3", "--budget", "7")  # fmt: skip
    made = report["manifest"]
    suite = tomllib.loads((ROOT / "scenarios" / "suite.toml").read_text("utf-8"))["version"]
    assert made["badugi-spec"] == badugi_spec.__version__ and made["suite"] == suite
    assert made["protocol"] == 2 and made["hello"]["name"] == "engine"
    assert "play" in made["hello"]["capabilities"]
    assert (made["seed"], made["hands"], made["profiles"]) == (3, 10, ["house"])
    assert (made["seats"], made["budget"], made["rankings"]) == ("2-3", 7, [])
    assert made["shard"] == "2/4" and made["ranges"] == [[1, 9]]  # trials 1, 5 and 9


def test_ranges_follow_the_slices_held() -> None:
    assert manifest.ranges([1, 5, 9, 17], {2}, 4) == [[1, 9], [17, 17]]
    assert manifest.ranges([0, 2, 4, 6], {1, 3}, 4) == [[0, 6]]
    assert manifest.ranges([0, 2, 6], {1, 3}, 4) == [[0, 2], [6, 6]]
    assert manifest.ranges([], {1}, 1) == []


# ----- fuzz-merge: other campaigns, missing shards, missing trials -----------------------


def test_shards_of_different_profiles_are_refused_naming_profiles(
    tmp_path: Path, capsys: Capsys, inproc: None
) -> None:
    one = _run(tmp_path, "1.json", *ENGINE, "--hands", "4", "--shard", "1/2", "--profile", "house")
    two = _run(tmp_path, "2.json", *ENGINE, "--hands", "4", "--shard", "2/2", "--profile", "badacy")
    assert one["manifest"]["profiles"] != two["manifest"]["profiles"]
    capsys.readouterr()
    assert main(["fuzz-merge", str(tmp_path / "1.json"), str(tmp_path / "2.json")]) == 2
    err = capsys.readouterr().err
    assert "2.json: not a shard of" in err and "profiles differs" in err
    assert len(err.strip().splitlines()) == 1


def test_a_missing_shard_is_named_with_the_command_that_plays_it(
    tmp_path: Path, capsys: Capsys, inproc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    # Options away from their defaults: the command printed must carry each of them, or
    # the shard it plays is refused as another campaign's.
    odd = ["--hands", "6", "--budget", "7", "--seats", "2-3", "--timeout", "5", "--unguided"]
    for k in (1, 3):
        main(["fuzz", *ENGINE, *odd, "--shard", f"{k}/3", "--json", f"fuzz-{k}-of-3.json"])
    capsys.readouterr()
    assert main(["fuzz-merge", "fuzz-1-of-3.json", "fuzz-3-of-3.json"]) == 1
    err = capsys.readouterr().err
    said = "badugi-spec: fuzz-merge: shard 2/3 is missing; it is played by: "
    (line,) = [line for line in err.splitlines() if line.startswith(said)]
    command = shlex.split(line.removeprefix(said))
    assert command[:2] == ["badugi-spec", "fuzz"] and "--shard" in command
    assert main(command[1:]) == 0  # the very command, as printed: it plays shard 2/3
    reports = ["fuzz-1-of-3.json", "fuzz-2-of-3.json", "fuzz-3-of-3.json"]
    assert main(["fuzz-merge", *reports, "--json", "all.json"]) == 0
    assert json.loads(Path("all.json").read_text("utf-8"))["trials"] == list(range(6))


def test_trials_missing_from_a_shard_are_named_as_ranges(
    tmp_path: Path, capsys: Capsys, inproc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shard that stopped part way (here: played with `--range`) lacks trials; the
    command named plays exactly those, and the three reports are the whole campaign."""
    monkeypatch.chdir(tmp_path)
    main(["fuzz", *ENGINE, "--hands", "10", "--shard", "1/2", "--json", "a.json"])
    main(["fuzz", *ENGINE, "--hands", "10", "--shard", "2/2", "--range", "0-4", "--json", "b.json"])
    capsys.readouterr()
    assert main(["fuzz-merge", "a.json", "b.json", "--json", "m.json"]) == 1
    err = capsys.readouterr().err
    said = "badugi-spec: fuzz-merge: shard 2/2 lacks trials 5-9; it is played by: "
    (line,) = [line for line in err.splitlines() if line.startswith(said)]
    command = shlex.split(line.removeprefix(said))
    assert command[command.index("--range") + 1] == "5-9"
    merged = json.loads(Path("m.json").read_text("utf-8"))
    assert merged["missing"] == [{"shard": "2/2", "ranges": [[5, 9]]}]
    assert main(command[1:]) == 0
    third = command[command.index("--json") + 1]
    assert json.loads(Path(third).read_text("utf-8"))["trials"] == [5, 7, 9]
    assert main(["fuzz-merge", "a.json", "b.json", third]) == 0


def _comparable(report: dict[str, Any]) -> dict[str, Any]:
    """A report without what only the clock decides, and the files by name."""
    out: dict[str, Any] = json.loads(json.dumps(report))
    out["tally"].pop("seconds")
    for finding in out["findings"]:
        finding.pop("found_after", None)
        finding["file"] = Path(finding["file"]).name
    return out


def test_the_merge_equals_the_unsharded_run(tmp_path: Path, capsys: Capsys, inproc: None) -> None:
    """Same trials, findings, coverage, manifest and files: three shards merged, one run."""
    whole = tmp_path / "whole"
    common = [*MUTANT, "--hands", "6"]
    report = _run(tmp_path, "whole.json", *common, "--out", str(whole))
    parts = [str(tmp_path / f"s{k}.json") for k in range(1, 4)]
    for k, path in enumerate(parts, 1):
        main(["fuzz", *common, "--shard", f"{k}/3", "--out", "", "--json", path])
    merged_out = tmp_path / "merged"
    merged_json = tmp_path / "merged.json"
    assert main(["fuzz-merge", *parts, "--out", str(merged_out), "--json", str(merged_json)]) == 1
    merged = json.loads(merged_json.read_text("utf-8"))
    assert report["findings"], "the mutant must be found for the files to be compared"
    assert _comparable(merged) == _comparable(report)
    files = sorted(p.name for p in whole.iterdir())
    assert files and files == sorted(p.name for p in merged_out.iterdir())
    for name in files:
        assert (whole / name).read_text("utf-8") == (merged_out / name).read_text("utf-8")


def test_summary_md_is_appended(tmp_path: Path, capsys: Capsys, inproc: None) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text("# earlier step\n", encoding="utf-8")
    part = tmp_path / "s1.json"
    main(["fuzz", *MUTANT, "--hands", "4", "--shard", "1/2", "--out", "", "--json", str(part)])
    assert main(["fuzz-merge", str(part), "--summary-md", str(summary)]) == 1
    text = summary.read_text("utf-8")
    assert text.startswith("# earlier step\n## Fuzz campaign: ")
    assert "incomplete" in text and "### Missing (1)" in text and "--shard 2/2" in text
    assert "### Findings (1)" in text and "`--hand 6:0`" in text
    assert main(["fuzz-merge", str(part), "--summary-md", str(tmp_path)]) == 2
    assert "--summary-md" in capsys.readouterr().err


def test_jobs_give_the_manifest_of_one_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, inproc: None
) -> None:
    """`--jobs 2` splits the slice among workers (threads here, so the in-process engine
    reaches them) and merges their parts: the same trials and the same manifest."""
    import concurrent.futures

    monkeypatch.setattr(
        concurrent.futures, "ProcessPoolExecutor", concurrent.futures.ThreadPoolExecutor
    )
    monkeypatch.setattr(fuzz_cmd, "_worker", fuzz_cmd.campaign_report)
    one = _run(tmp_path, "one.json", *ENGINE, "--hands", "8", "--shard", "2/2")
    two = _run(tmp_path, "two.json", *ENGINE, "--hands", "8", "--shard", "2/2", "--jobs", "2")
    assert two["trials"] == one["trials"] == [1, 3, 5, 7]
    assert two["manifest"] == one["manifest"]
    assert two["manifest"]["shard"] == "2/2" and two["manifest"]["ranges"] == [[1, 7]]


def test_a_trial_cut_short_by_ctrl_c_is_not_counted_as_played() -> None:
    """Ctrl-C in the middle of a trial, before it is judged: the trial is not in `played`
    (the report's trials and the manifest's ranges), so `fuzz-merge` names it missing and
    prints the command that plays it; trials judged before it stay."""
    from badugi_spec import profiles
    from badugi_spec.fuzz.campaign import Campaign, Plan
    from badugi_spec.fuzz.trial import Setting
    from badugi_spec.scenario.engine_impl import EngineImplementation

    plan = Plan(Setting((profiles.get("house"),)), ())
    campaign = Campaign(EngineImplementation(), plan, seed=3, out=None, with_variants=False)
    campaign.run(0)
    campaign.run(1)
    real = plan.played

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    plan.played = interrupted  # type: ignore[method-assign]
    with pytest.raises(KeyboardInterrupt):
        campaign.run(2)
    plan.played = real  # type: ignore[method-assign]
    assert campaign.played == [0, 1]
    assert campaign.tally.trials == 2 == sum(campaign.tally.statuses.values())
    assert sum(campaign.tally.kinds.values()) == 2


class _StoppedPool:
    """Workers stopped by Ctrl-C as soon as they are given work (`fuzz --jobs N`)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def map(self, *work: object) -> list[Any]:
        raise KeyboardInterrupt

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass


def test_a_run_of_jobs_stopped_by_ctrl_c_carries_its_manifest(
    tmp_path: Path, capsys: Capsys, inproc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its workers' trials are lost, but its report is this campaign's all the same:
    `fuzz-merge` names its trials missing and the command that plays them, rather than
    refusing the report as one without a manifest."""
    monkeypatch.chdir(tmp_path)
    main(["fuzz", *ENGINE, "--hands", "6", "--shard", "2/2", "--json", "b.json"])
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _StoppedPool)
    assert main(["fuzz", *ENGINE, "--hands", "6", "--shard", "1/2", "--jobs", "2",
                 "--json", "a.json"]) == 130  # fmt: skip
    stopped = json.loads(Path("a.json").read_text("utf-8"))
    assert stopped["interrupted"] and stopped["trials"] == []
    assert stopped["manifest"]["shard"] == "1/2" and stopped["manifest"]["ranges"] == []
    capsys.readouterr()
    assert main(["fuzz-merge", "a.json", "b.json"]) == 1
    err = capsys.readouterr().err
    assert "shard 1/2 lacks trials 0-4; it is played by: " in err, err
