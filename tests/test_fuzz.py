"""`fuzz`: random trials against an implementation, shrunk to scenario files (issue 21).

In-process tests check the parts (trials are valid scenarios our engine passes, any
choice stream makes one, the shrinker, the line-cached loader); the command-line tests run
`fuzz` against real processes: our own server, the two evaluator-only fakes of
`tests/fakes`, a crashing implementation, Ctrl-C, PokerKit's adapter where installed.
What the command does with a campaign (shards merged, the progress line, usage errors)
is tested with the implementation in this process (`inproc`).
"""

from __future__ import annotations

import importlib.util
import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_spec import profiles
from badugi_spec.cli import main
from badugi_spec.commands import fuzz_cmd, fuzz_lines
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.load import load
from badugi_spec.fuzz.shrink import Shrinker, smaller
from badugi_spec.fuzz.trial import Setting
from badugi_spec.mutants import BY_NAME, MutantImplementation
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Runner
from badugi_spec.scenario.suite import load_suite, run_suite
from tests.test_fuzz_reliability import _factory

FAKES = Path(__file__).parent / "fakes"
RANKINGS = ("house", "badugi", "badugi-ace-high", "low-2-7", "low-a-5")
EVERY = Plan(Setting(tuple(profiles.get(name) for name in profiles.names())), RANKINGS)


def _plan() -> Plan:
    return Plan(Setting(tuple(profiles.get(name) for name in profiles.names())), RANKINGS)


def _serve(*extra: str) -> str:
    return " ".join([sys.executable, "-m", "badugi_spec", "serve", *extra])


@pytest.fixture
def inproc(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--impl engine` or `--impl "mutant NAME"` played in this process (the command's
    `ProcessImplementation` swapped, as in tests/test_fuzz_reliability.py): for the tests
    of what the command does with a campaign, where a server process is not what is
    tested. The command against real processes is tested here too: our server, the
    fakes, a crash, Ctrl-C, PokerKit's adapter (and tests/test_fuzz_recipes.py shards
    against `serve` and merges as the schedulers would)."""
    monkeypatch.setattr(fuzz_cmd, "ProcessImplementation", _factory)
    monkeypatch.setattr(fuzz_lines, "ProcessImplementation", _factory)


# ----- trials ----------------------------------------------------------------------------


# Four trials of the first 48 (each a whole run); make fuzz-serve plays 2,000 per profile.
@pytest.mark.parametrize("number", range(0, 48, 12))
def test_every_trial_is_a_scenario_our_engine_passes(number: int) -> None:
    trial, _ = _plan().trial(5, number)
    result = Runner(EngineImplementation()).run(load(trial.text()))
    assert result.status == "passed", (result.message, result.divergence, trial.text())


@pytest.mark.parametrize("number", [1, 13])
def test_a_trial_cut_anywhere_is_a_scenario_our_engine_passes(number: int) -> None:
    """What a shrink writes: cut after one statement, keeping that check or every check."""
    trial, _ = _plan().trial(17, number)
    for index in range(0, len(trial.statements), 9):
        for keep in ({index}, None):
            text = trial.text(upto=index, keep=keep)
            result = Runner(EngineImplementation()).run(load(text))
            assert result.status == "passed", (index, keep, result.divergence, text)


def test_the_line_cache_compiles_what_the_whole_file_parse_does() -> None:
    for number in range(12):
        text = _plan().trial(11, number)[0].text()
        assert load(text) == compile_case(parse_scenario(text, "fuzz"))


def test_trials_show_what_they_are_for() -> None:
    """The policy reaches showdowns, reshuffles, side pots, refusals and sessions' ends."""
    texts = [_plan().trial(2, n)[0].text() for n in range(80) if n % 4 != 3]
    assert sum("show order" in t for t in texts) > len(texts) // 2
    assert sum("reshuffles 1" in t or "reshuffles 2" in t for t in texts) >= 5
    assert sum("side pot" in t for t in texts) >= 5
    assert sum("\nreject " in t for t in texts) >= 10
    assert sum("session over" in t for t in texts) >= 2
    values = "".join(_plan().trial(2, n)[0].text() for n in range(3, 200, 4))
    for category in ("full house", "two pair", "straight flush", "four of a kind"):
        assert category in values


def test_a_trial_replays_from_its_choices() -> None:
    trial, choices = _plan().trial(3, 9)
    again, _ = _plan().trial(3, 9, list(choices.record))
    assert again.text() == trial.text()
    # And the private stream is the same wherever the trial is played.
    again_fresh, _ = _plan().trial(3, 9)
    assert again_fresh.text() == trial.text()
    assert Choices(trial_random(3, 9)).below(97) == Choices(trial_random(3, 9)).below(97)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 60), max_size=250), st.sampled_from([0, 1, 2, 3]))
def test_any_choice_stream_makes_a_valid_trial(stream: list[int], number: int) -> None:
    trial, _ = _plan().trial(1, number, stream)
    result = Runner(EngineImplementation()).run(load(trial.text()))
    assert result.status == "passed", (result.divergence, trial.text())


# ----- shrinking -------------------------------------------------------------------------


def test_the_shrinker_finds_the_smallest_stream() -> None:
    def holds(stream: list[int]) -> bool:
        return len(stream) >= 3 and stream[2] >= 4 and sum(stream) >= 9

    shrinker = Shrinker([5, 7, 9, 3, 8, 1, 6], holds)
    best = shrinker.run()
    assert holds(best)
    assert best == [0, 0, 9]
    assert smaller([1, 2], [0, 0, 0]) and smaller([0, 1], [0, 2])


def test_the_shrinker_keeps_to_its_budget() -> None:
    calls: list[int] = []

    def holds(stream: list[int]) -> bool:
        calls.append(1)
        return False  # nothing smaller diverges: the shrinker would try on for ever

    stream = list(range(1, 80))
    assert Shrinker(stream, holds, budget=20).run() == stream
    assert len(calls) == 20


def _campaign_finds(name: str, out: Path, trials: int = 60) -> Any:
    # A small shrink budget: the test asks for a short file, not the shortest (20
    # candidates leave both at the lines 60 did: 379 lines to 15, and 25 to 10).
    campaign = Campaign(MutantImplementation(BY_NAME[name]), _plan(), seed=1, out=out, budget=20)
    for number in range(trials):
        campaign.run(number)
        if campaign.findings:
            return next(iter(campaign.findings.values()))
    raise AssertionError(f"{name} not found in {trials} trials")


# A draw mutant and an evaluator mutant; make fuzz-mutants finds and shrinks all 82.
@pytest.mark.parametrize("name", ["no-burn", "lowest-card-first"])
def test_a_mutant_is_found_and_shrunk_to_a_scenario_verify_reproduces(
    name: str, tmp_path: Path
) -> None:
    finding = _campaign_finds(name, tmp_path)
    path = Path(finding.path)
    text = path.read_text("utf-8")
    assert sum(1 for line in text.splitlines() if not line.startswith("#")) <= 25
    assert finding.lines < finding.original_lines
    suite = load_suite([path])
    assert not suite.errors
    ours = run_suite(EngineImplementation(), suite)
    theirs = run_suite(MutantImplementation(BY_NAME[name]), suite)
    assert ours[0].status == "passed"
    assert theirs[0].status == "failed"
    d = theirs[0].divergence
    assert d is not None and f"fails at line {d.line}:" in text
    assert f"expected: {d.expected}" in text


# ----- the command -----------------------------------------------------------------------


def _fuzz(tmp_path: Path, *args: str) -> tuple[int, dict[str, Any]]:
    report = tmp_path / f"report-{time.monotonic_ns()}.json"
    code = main(["fuzz", *args, "--json", str(report), "-q", "--out", str(tmp_path / "found")])
    return code, json.loads(report.read_text("utf-8"))


def test_our_own_server_never_diverges(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = _fuzz(tmp_path, "--impl", _serve(), "--hands", "10", "--seed", "4")
    assert report["findings"] == []
    assert report["tally"]["statuses"] == {"passed": 10}
    assert code == 0
    assert capsys.readouterr().out.rstrip().endswith("0 findings")


@pytest.mark.parametrize(
    ("fake", "topic"),
    [("low_a5_full_house.py", "low-a-5"), ("badugi_trips_kicker.py", "trips")],
)
def test_the_evaluator_fakes_are_found_in_seconds(fake: str, topic: str, tmp_path: Path) -> None:
    impl = f"{sys.executable} {FAKES / fake}"
    code, report = _fuzz(tmp_path, "--impl", impl, "--seconds", "10", "--first", "--budget", "40")
    assert code == 1
    (finding,) = report["findings"]
    assert finding["status"] == "failed"
    assert finding["found_after"] < 10
    assert topic in finding["kind"]
    assert report["tally"]["kinds"] == {"values": report["tally"]["trials"]}


def test_shards_merged_equal_the_whole_run(tmp_path: Path, inproc: None) -> None:
    impl = "mutant draws-delivered-in-turn"  # in this process (`inproc`)
    common = ["--impl", impl, "--hands", "10", "--budget", "12", "--seed", "1", "--no-values"]
    _, whole = _fuzz(tmp_path, *common)
    parts = []
    for shard in ("1/2", "2/2"):
        path = tmp_path / f"shard-{shard[0]}.json"
        main(["fuzz", *common, "--shard", shard, "--json", str(path), "-q", "--out", ""])
        parts.append(str(path))
    merged_path = tmp_path / "merged.json"
    assert main(["fuzz-merge", *parts, "--json", str(merged_path)]) == 1
    merged = json.loads(merged_path.read_text("utf-8"))
    assert merged["trials"] == whole["trials"] == list(range(len(whole["trials"])))

    def found(report: dict[str, Any]) -> list[tuple[Any, ...]]:
        return [
            (f["trial"], f["rule"], f["kind"], f["scenario"], f["repeats"])
            for f in report["findings"]
        ]

    assert found(merged) and found(merged) == found(whole)
    assert merged["tally"]["statuses"] == whole["tally"]["statuses"]


def test_ctrl_c_while_shrinking_keeps_the_divergence(tmp_path: Path) -> None:
    report = tmp_path / "shrinking.json"
    # Trial 0 (the only one) diverges at once; from its third case on, the shrink is on.
    impl, marker = _marking(tmp_path, 3, "aces-high")
    process = subprocess.Popen(
        [sys.executable, "-m", "badugi_spec", "fuzz", "--impl", impl, "--hands", "1",
         "--budget", "100000", "--seed", "6", "-q", "--json", str(report), "--out", ""],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    _interrupt_once(process, marker)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 1, err  # a divergence was found: not a clean interrupt
    data = json.loads(report.read_text("utf-8"))
    assert data["interrupted"] is True and data["trials"] == [0]
    (finding,) = data["findings"]
    assert finding["message"] == "not shrunk: the run was interrupted"
    assert finding["expected"] and finding["actual"] and not finding["verified"]


def test_an_out_folder_that_cannot_be_written(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["fuzz", "--impl", _serve(), "--hands", "1", "-q", "--out", "/proc/no-such"])
    assert code == 2
    err = capsys.readouterr().err
    assert "--out /proc/no-such: cannot write there" in err and "Traceback" not in err


def test_fuzz_merge_refuses_a_report_of_another_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "badugi-spec fuzz report 1"}', encoding="utf-8")
    assert main(["fuzz-merge", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "'seed' is missing" in err and "Traceback" not in err


def test_the_same_shard_twice_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], inproc: None
) -> None:
    path = tmp_path / "one.json"
    main(["fuzz", "--impl", "engine", "--hands", "2", "--json", str(path), "-q", "--out", ""])
    assert main(["fuzz-merge", str(path), str(path)]) == 2
    assert "trials already in another report" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--shard", "3/2"], "K/N"),
        (["--seats", "9"], "2 to 8"),
        (["--profile", "hosue"], "no such profile"),
        (["--hands", "0"], "at least 1"),
    ],
)
def test_usage_errors_are_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str], inproc: None
) -> None:
    code = main(["fuzz", "--impl", "engine", *args, "-q", "--out", ""])
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_an_implementation_that_does_not_start(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["fuzz", "--impl", "/no/such/engine --serve", "--hands", "3", "-q", "--out", ""])
    assert code == 1  # the implementation failed: not a usage error
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    assert "/no/such/engine" in captured.err + captured.out


def test_a_crash_is_a_finding_and_the_report_is_written(tmp_path: Path) -> None:
    script = tmp_path / "crash.py"
    script.write_text(
        "import os, sys\n"
        "count = 0\n"
        "import subprocess\n"
        "inner = subprocess.Popen([sys.executable, '-m', 'badugi_spec', 'serve'],"
        " stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)\n"
        "for line in sys.stdin:\n"
        "    if '\"act\"' in line:\n"
        "        count += 1\n"
        "        if count == 5:\n"
        "            print('dying', file=sys.stderr); sys.exit(3)\n"
        "    inner.stdin.write(line); inner.stdin.flush()\n"
        "    sys.stdout.write(inner.stdout.readline()); sys.stdout.flush()\n",
        encoding="utf-8",
    )
    junit = tmp_path / "junit.xml"
    code, report = _fuzz(
        tmp_path, "--impl", f"{sys.executable} {script}", "--hands", "2", "--no-values",
        "--junit", str(junit), "--budget", "1",
    )  # fmt: skip
    assert code == 1
    assert report["tally"]["statuses"].get("errored", 0) >= 1
    errored = [f for f in report["findings"] if f["status"] == "errored"]
    assert errored and "dying" in errored[0]["message"]
    # An error is a finding like a divergence: shrunk, and written with the error in its
    # comment (issue 34); JUnit shows it as a failing case of that file.
    path = Path(errored[0]["file"])
    assert "dying" in path.read_text("utf-8").split("\nscenario ")[0]
    assert "<failure" in junit.read_text("utf-8") or "<error" in junit.read_text("utf-8")


MARKING = """\
import json, sys
from pathlib import Path
from badugi_spec.mutants import BY_NAME, MutantImplementation
from badugi_spec.protocol.server import answer
from badugi_spec.scenario.engine_impl import EngineImplementation
# Plays like ours (or a mutant), and makes a file when asked to start its case number N.
marker, wanted = Path(sys.argv[1]), int(sys.argv[2])
impl = MutantImplementation(BY_NAME[sys.argv[3]]) if sys.argv[3:] else EngineImplementation()
starts = 0
for line in sys.stdin:
    request = json.loads(line)
    starts += request.get("type") == "start"
    if starts == wanted:
        marker.touch()
    sys.stdout.write(json.dumps(answer(impl, request)) + "\\n")
    sys.stdout.flush()
"""


def _marking(tmp_path: Path, wanted: int, *mutant: str) -> tuple[str, Path]:
    """An implementation that makes a file once it is asked to start case `wanted`: a
    real condition to wait for before a Ctrl-C, where a fixed sleep is outrun by a loaded
    machine."""
    script, marker = tmp_path / "mark.py", tmp_path / "on"
    script.write_text(MARKING, encoding="utf-8")
    return " ".join([sys.executable, str(script), str(marker), str(wanted), *mutant]), marker


def _interrupt_once(process: subprocess.Popen[bytes], marker: Path) -> None:
    waited = time.monotonic() + 100
    while not marker.exists() and process.poll() is None and time.monotonic() < waited:
        time.sleep(0.05)
    assert marker.exists(), "the implementation was never asked that far"
    process.send_signal(signal.SIGINT)


def test_ctrl_c_still_writes_the_report(tmp_path: Path) -> None:
    report = tmp_path / "interrupted.json"
    impl, marker = _marking(tmp_path, 2)  # the second case: a trial under way
    process = subprocess.Popen(
        [sys.executable, "-m", "badugi_spec", "fuzz", "--impl", impl, "--seconds", "120",
         "-q", "--json", str(report), "--out", ""],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    _interrupt_once(process, marker)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    data = json.loads(report.read_text("utf-8"))
    assert data["interrupted"] is True
    assert data["tally"]["trials"] == len(data["trials"])  # what was played, and only that
    assert b"Traceback" not in err


@pytest.mark.parametrize("terminal", [True, False])
def test_a_progress_line_only_on_a_terminal(
    terminal: bool,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    inproc: None,
) -> None:

    class Stream:  # stderr as a terminal, or as a pipe
        def __init__(self) -> None:
            self.text = ""

        def isatty(self) -> bool:
            return terminal

        def write(self, text: str) -> int:
            self.text += text
            return len(text)

        def flush(self) -> None:
            pass

    stream = Stream()
    monkeypatch.setattr(sys, "stderr", stream)
    code = main(["fuzz", "--impl", "engine", "--hands", "3", "--out", ""])
    assert code == 0, capsys.readouterr().out
    shown = "\r\x1b[2Kfuzz: 1 trials (" in stream.text and "divergences" in stream.text
    assert shown == terminal
    assert stream.text.endswith("\r\x1b[2K") == terminal  # erased before the report


@pytest.mark.skipif(importlib.util.find_spec("pokerkit") is None, reason="needs pokerkit")
def test_pokerkit_plays_its_own_profile_and_shows_the_house_cap(tmp_path: Path) -> None:
    adapter = f"{sys.executable} -m badugi_spec.interop.pokerkit.adapter"
    code, report = _fuzz(tmp_path, "--impl", adapter, "--profile", "pokerkit", "--hands", "4")
    assert code == 0 and report["findings"] == []
    code, report = _fuzz(
        tmp_path, "--impl", adapter, "--profile", "house", "--hand", "1:29", "--budget", "20"
    )
    assert code == 1
    # The cap (R3.6): PokerKit lets the big blind and four raises go in before the draw.
    (finding,) = [f for f in report["findings"] if f["kind"] == "legal"]
    assert "raise to 10" in finding["actual"]
    body = [line for line in finding["scenario"].splitlines() if not line.startswith("#")]
    assert len(body) <= 12


def test_a_trial_cut_at_a_later_hand_is_seated_as_that_hand_began() -> None:
    """`cut.from_hand`: the players with chips then, with those chips and that dealer, the
    hand's deck first; the scenario it writes passes against our engine."""
    from badugi_spec.fuzz.cut import from_hand

    cuts = 0
    for number in range(120):
        trial, _ = _plan().trial(3, number)
        if trial.hands < 3 or trial.profile.button_moves != "every-hand":
            continue
        cut = from_hand(trial, 2)
        if cut is None:
            continue
        chips, dealer = trial.starts[2]
        assert cut.names[cut.dealer] == dealer
        assert all(chips[name] == stack for name, stack in zip(cut.names, cut.stacks, strict=True))
        assert cut.decks[0] == trial.decks[1] and cut.hands == trial.hands - 1
        assert not any(s.text == f"hand {trial.hands}" for s in cut.statements)
        result = Runner(EngineImplementation()).run(load(cut.text()))
        assert result.status == "passed", (result.message, result.divergence, cut.text())
        cuts += 1
        if cuts == 4:
            break  # each cut costs a whole run; four cut trials of other shapes suffice
    assert cuts >= 3
    assert from_hand(trial, 1) is None  # nothing to cut before the first hand
