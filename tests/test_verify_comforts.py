"""`verify`'s comforts (issue 21): a progress line on a terminal only, an overall
`--deadline`, a summary of the lines it could not send, and `--variants` in the reports."""

from __future__ import annotations

import io
import json
import os
import pty
import shlex
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest

from badugi_spec.cli import main
from badugi_spec.commands.progress import Progress, rate_line, wanted
from badugi_spec.scenario.engine_impl import EngineImplementation, Outcome
from badugi_spec.scenario.report import unsent, unsent_lines
from badugi_spec.scenario.runner import CaseResult
from badugi_spec.scenario.suite import Deadline, load_suite, run_suite

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SERVE = [sys.executable, "-m", "badugi_spec", "serve"]
ERASE = "\r\x1b[2K"

PLAY = """\
scenario slow-{n} "A short hand, {n}"
rules R3.7

players Ann 100 dealer, Bob 100
deal Ann A♥ 2♣ 3♠ 7♦ / Bob A♠ 2♥ 3♦ K♦
Ann calls 1; Bob checks
expect pot 4; phase draw-1; turn Bob
unfinished
"""

SLOW = """\
import json, sys, time
from badugi_spec.protocol.server import answer
from badugi_spec.scenario.engine_impl import EngineImplementation

engine = EngineImplementation()
for line in sys.stdin:
    request = json.loads(line)
    if request.get("type") != "hello":
        time.sleep({delay})
    print(json.dumps(answer(engine, request)), flush=True)
"""

UNSENT = """\
scenario unsent-lines "Lines a compare-only implementation cannot be sent"
rules R2.5

evaluate K♣ K♦ K♥ K♠ is 1-card K
evaluate A♠ 2♥ 3♦ K♦ is 3-card 3-2-A

players Ann 100 dealer, Bob 100
deal Ann A♥ 2♣ 3♠ 7♦ / Bob A♠ 2♥ 3♦ K♦
Ann calls 1; Bob checks
expect pot 4
unfinished
"""

THREE = """\
scenario three-seats "Three players check it down"
rules R8.15
profile pokerstars-2010

players Ann 100 dealer, Bob 100, Cy 100
deal Ann 2♠ 5♥ 8♦ K♦ / Bob 9♣ 10♦ J♥ Q♠ / Cy 2♣ 5♠ 8♥ K♥
Ann calls 2; Bob folds; Cy checks
Cy discards K♥ takes 2♦; Ann discards K♦ takes 5♦
Cy checks; Ann checks
Cy stands pat; Ann stands pat
Cy checks; Ann checks
Cy stands pat; Ann stands pat
Cy checks; Ann checks
expect main pot 5 between Ann, Cy to Ann, Cy; stacks Ann 100, Bob 99, Cy 101
"""


def folder(tmp_path: Path, files: dict[str, str]) -> Path:
    where = tmp_path / "suite"
    where.mkdir(exist_ok=True)
    for name, text in files.items():
        (where / name).write_text(text, encoding="utf-8")
    return where


def slow_impl(tmp_path: Path, delay: float) -> str:
    script = tmp_path / "slow_impl.py"
    script.write_text(SLOW.format(delay=delay), encoding="utf-8")
    return shlex.join([sys.executable, str(script)])


# ----- the deadline --------------------------------------------------------------------


def test_the_deadline_stops_a_slow_implementation_and_reports_the_rest_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 8 cases of 4 requests at 0.3 s each: nearly 10 s without the deadline.
    suite = folder(tmp_path, {f"slow-{n}.badugi": PLAY.format(n=n) for n in range(8)})
    report = tmp_path / "report.json"
    started = time.monotonic()
    status = main(["verify", "--impl", slow_impl(tmp_path, 0.3), "--deadline", "1.5",
                   "--json", str(report), str(suite)])  # fmt: skip
    elapsed = time.monotonic() - started
    out = capsys.readouterr().out.splitlines()
    assert status == 1, "a run the deadline cut short is not green"
    assert elapsed < 6, f"{elapsed:.1f} s: the deadline did not stop the run"
    cut = [line for line in out if line.startswith("deadline reached after 1.5 s: ")]
    assert len(cut) == 1 and cut[0].endswith(" of 8 cases not sent"), out
    not_sent = int(cut[0].split(": ")[1].split()[0])
    assert not_sent >= 6
    data = json.loads(report.read_text("utf-8"))
    skipped = [c for c in data["cases"] if c["status"] == "skipped"]
    assert len(skipped) == not_sent == data["summary"]["skipped"]
    assert {c["message"] for c in skipped} == {"deadline reached after 1.5 s"}
    assert data["not_sent"][0]["reason"] == "deadline reached after 1.5 s"
    assert data["not_sent"][0]["cases"] == not_sent
    # The skipped cases are one line by reason; `-v` lists each.
    summary = f"skipped {not_sent} cases: {not_sent} deadline reached after 1.5 s (-v lists them)"
    assert summary in out


class _SlowEngine(EngineImplementation):
    def __init__(self) -> None:
        super().__init__()
        self.sent: list[float] = []

    def act(self, step: dict[str, Any]) -> Outcome:
        self.sent.append(time.monotonic())
        time.sleep(0.04)
        return super().act(step)


def test_no_request_is_sent_after_the_deadline_and_the_case_in_progress_is_skipped(
    tmp_path: Path,
) -> None:
    suite = load_suite([folder(tmp_path, {f"s{n}.badugi": PLAY.format(n=n) for n in range(6)})])
    impl = _SlowEngine()
    deadline = Deadline.after(0.1)
    seen: list[str] = []
    results = run_suite(impl, suite, deadline=deadline, on_result=lambda r: seen.append(r.id))
    assert seen == [r.id for r in results] == [f"slow-{n}" for n in range(6)]
    assert all(at < deadline.at for at in impl.sent), "a request went out after the deadline"
    skipped = [r for r in results if r.status == "skipped"]
    assert skipped and skipped == results[len(results) - len(skipped) :], "the rest, in order"
    assert deadline.cut(results) == len(skipped)
    for result in skipped:
        assert result.message == "deadline reached after 0.1 s"
        assert result.checks["play-skipped"] == 6, "the deal, two actions, three expectations"


def test_the_help_says_what_the_deadline_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--deadline S" in text and "the exit status is 1 when the deadline cut" in text
    assert "--variants" in text and "no progress line" in text
    assert main(["verify", "--impl", "x", "--deadline", "0"]) == 2


# ----- the progress line ---------------------------------------------------------------


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_redraws_in_place_at_most_ten_times_a_second() -> None:
    stream, clock = _Stream(tty=True), _Clock()
    progress = Progress(stream, enabled=True, clock=clock)
    progress.update("1/3 cases")
    clock.now += 0.05
    progress.update("2/3 cases")  # too soon: not drawn
    clock.now += 0.06
    progress.update("3/3 cases")
    assert stream.getvalue() == f"{ERASE}1/3 cases{ERASE}3/3 cases"
    progress.update("forced", force=True)
    progress.finish()
    assert stream.getvalue().endswith(f"{ERASE}forced{ERASE}")


def test_progress_is_cut_to_the_terminal_width_and_silent_when_disabled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "20")
    stream = _Stream(tty=True)
    Progress(stream, enabled=True).update("x" * 50)
    assert stream.getvalue() == ERASE + "x" * 19
    quiet = _Stream(tty=True)
    progress = Progress(quiet, enabled=False)
    progress.update("nothing")
    progress.finish()
    assert quiet.getvalue() == ""


def test_progress_is_wanted_only_on_a_terminal_and_without_quiet() -> None:
    assert wanted(_Stream(tty=True), quiet=False)
    assert not wanted(_Stream(tty=True), quiet=True)
    assert not wanted(_Stream(tty=False), quiet=False)
    assert not wanted(io.StringIO(), quiet=False)


def test_the_progress_text_counts_rate_failures_and_time_left() -> None:
    assert rate_line(40, 1523, "cases", 2.0, failures=3, left=41.6) == (
        "40/1,523 cases  20.0 cases/s  3 failed  42 s left"
    )
    assert rate_line(12, None, "hands", 0.0, failures=1, failure_word="divergences") == (
        "12 hands  0.0 hands/s  1 divergences"
    )


@pytest.mark.parametrize("tty, quiet", [(True, False), (True, True), (False, False)])
def test_verify_draws_progress_only_on_a_terminal(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tty: bool,
    quiet: bool,
) -> None:
    stderr = _Stream(tty)
    monkeypatch.setattr(sys, "stderr", stderr)
    suite = folder(tmp_path, {"a.badugi": PLAY.format(n=0), "b.badugi": PLAY.format(n=1)})
    args = ["verify", "--impl", shlex.join(SERVE), str(suite)] + (["-q"] if quiet else [])
    assert main(args) == 0
    out = capsys.readouterr().out
    drawn = stderr.getvalue()
    if tty and not quiet:
        assert drawn.startswith(ERASE) and drawn.endswith(ERASE), "erased before the report"
        assert "2/2 cases" in drawn and "cases/s  0 failed" in drawn
        assert "s left" not in drawn, "time left only with a deadline"
    else:
        assert drawn == ""
    assert ERASE not in out


def test_the_progress_line_reaches_a_real_terminal_and_never_a_pipe(tmp_path: Path) -> None:
    suite = folder(tmp_path, {"a.badugi": PLAY.format(n=0)})
    command = [sys.executable, "-m", "badugi_spec", "verify", "--impl", shlex.join(SERVE),
               "--deadline", "60", str(suite)]  # fmt: skip
    main_fd, child_fd = pty.openpty()
    try:
        done = subprocess.run(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=child_fd,
            timeout=60, cwd=ROOT,
        )  # fmt: skip
        os.close(child_fd)
        drawn = b""
        while True:
            try:
                chunk = os.read(main_fd, 65536)
            except OSError:  # the terminal's other end is closed: all was read
                break
            if not chunk:
                break
            drawn += chunk
    finally:
        os.close(main_fd)
    assert done.returncode == 0
    text = drawn.decode("utf-8", "replace")
    assert "1/1 cases" in text and "s left" in text and text.rstrip().endswith("\x1b[2K")
    assert b"\x1b[2K" not in done.stdout
    piped = subprocess.run(command, capture_output=True, timeout=60, cwd=ROOT)
    assert piped.returncode == 0 and b"\x1b[2K" not in piped.stderr + piped.stdout


# ----- the lines not sent --------------------------------------------------------------


class _CompareOnly(EngineImplementation):
    def capabilities(self) -> frozenset[str]:
        return frozenset({"compare"})


def test_a_compare_only_implementation_is_told_which_lines_it_was_not_sent(
    tmp_path: Path,
) -> None:
    suite = load_suite([folder(tmp_path, {"unsent.badugi": UNSENT})])
    results = run_suite(_CompareOnly(), suite)
    assert [r.status for r in results] == ["passed"]
    assert unsent_lines(results) == [
        "not sent, by reason:",
        "  4 play steps in 1 case: the implementation lacks play",
        "  1 value line in 1 case: no hand of the expected value shares no card with the"
        " line's hand, so compare alone cannot check it",
    ]


def _result(value: int, play: int, *reasons: str) -> CaseResult:
    result = CaseResult("x", "x.badugi", 1, ["R2.5"], skip_reasons=list(reasons))
    result.checks = Counter({"value-skipped": value, "play-skipped": play})
    return result


def test_the_lines_not_sent_are_grouped_by_reason_most_first() -> None:
    results = [
        _result(2, 0, "the implementation does not value hands in low-a-5 (R9.1)"),
        _result(
            1,
            9,
            "the implementation does not value hands in low-a-5 (R9.1)",
            "the implementation does not play profile badeucy (R8.1)",
        ),
        _result(0, 5, "the implementation does not play profile badeucy (R8.1)"),
        _result(
            3,
            0,
            "no hand of 1-card K shares no card with it",
            "no hand of 1-card Q shares no card with it",
        ),
        _result(0, 0),
    ]
    groups = [(g.reason[:40], g.value_lines, g.play_steps, g.cases) for g in unsent(results)]
    assert groups == [
        ("the implementation does not play profile", 0, 14, 2),
        ("no hand of the expected value shares no ", 3, 0, 1),
        ("the implementation does not value hands ", 3, 0, 2),
    ]
    assert unsent_lines([_result(0, 0)]) == []


def test_verify_prints_the_lines_not_sent_after_the_chapter_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = folder(tmp_path, {"unsent.badugi": UNSENT})
    report = tmp_path / "report.json"
    impl = shlex.join([sys.executable, str(Path(__file__).parent / "fake_impl.py"), "compare-only"])
    assert main(["verify", "--impl", impl, "--json", str(report), str(suite)]) == 0
    out = capsys.readouterr().out.splitlines()
    table = next(i for i, line in enumerate(out) if line.startswith("chapter"))
    summary = out.index("not sent, by reason:")
    assert table < summary < len(out) - 1
    assert out[summary + 1] == "  4 play steps in 1 case: the implementation lacks play"
    assert json.loads(report.read_text("utf-8"))["not_sent"][0] == {
        "reason": "the implementation lacks play", "value_lines": 0, "play_steps": 4, "cases": 1,
    }  # fmt: skip


# ----- --variants in the reports -------------------------------------------------------


def test_verify_with_variants_counts_them_and_names_them_in_json_and_junit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = folder(tmp_path, {"a.badugi": (DATA / "two-steps.badugi").read_text("utf-8"),
                              "b.badugi": THREE})  # fmt: skip
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    status = main(["verify", "--impl", shlex.join(SERVE), "--variants", "-q",
                   "--json", str(report), "--junit", str(junit), str(suite)])  # fmt: skip
    out = capsys.readouterr().out.splitlines()
    assert status == 0, out
    # Two players: one rotation; three: two. Each has `suits` and `card-order`.
    assert "2 cases and 7 variants (3 rotated, 2 suits, 2 card-order)" in out
    assert out[-1] == "9 passed, 0 failed, 0 errored, 0 skipped"
    ids = [case["id"] for case in json.loads(report.read_text("utf-8"))["cases"]]
    assert ids == [
        "protocol-two-steps", "protocol-two-steps [rotated-1]", "protocol-two-steps [suits]",
        "protocol-two-steps [card-order]", "three-seats", "three-seats [rotated-1]",
        "three-seats [rotated-2]", "three-seats [suits]", "three-seats [card-order]",
    ]  # fmt: skip
    root = ET.parse(junit).getroot()
    assert root.get("tests") == "9"
    assert [case.get("name") for case in root.iter("testcase")] == ids
