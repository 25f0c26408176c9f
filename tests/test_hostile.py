"""Hostile and careless use (issue 14, part 2): each item of the issue's list, with a fake
implementation or a file that would have caught it. `verify` must end, quickly, with a
report; `check` must load what it can; nothing may hang or print a traceback.

Fake implementations are `tests/fake_impl.py MODE`; every process run here has a deadline.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest

from badugi_spec.cli import main
from badugi_spec.protocol.client import (
    MAX_HANDSHAKES,
    ProcessTransport,
    ProtocolImplementation,
    TransportError,
)
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.runner import Runner

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
FAKE = TESTS / "fake_impl.py"
VALUES = """\
scenario hostile-values "Hand values only"
rules R2.5

evaluate A♠ 2♥ 3♦ K♦ is 3-card 3-2-A
compare A♠ 2♥ 3♦ 4♣ beats A♥ 2♣ 3♠ 7♦
"""


def fake(mode: str) -> str:
    return shlex.join([sys.executable, str(FAKE), mode])


def suite(tmp_path: Path, *, plays: int = 1, values: bool = True) -> Path:
    """A folder with `plays` copies of a short hand (each its own id) and a value scenario."""
    folder = tmp_path / "suite"
    folder.mkdir(exist_ok=True)
    hand = (TESTS / "data" / "two-steps.badugi").read_text("utf-8")
    for number in range(plays):
        text = hand.replace("protocol-two-steps", f"hostile-play-{number}")
        (folder / f"play-{number}.badugi").write_text(text, "utf-8")
    if values:
        (folder / "values.badugi").write_text(VALUES, "utf-8")
    return folder


def verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], impl: str, *args: str
) -> tuple[int, list[str], dict[str, Any], float]:
    """Run verify in-process: status, output lines, the JSON report and the seconds taken."""
    report = tmp_path / "report.json"
    started = time.monotonic()
    status = main(["verify", "--impl", impl, *args, "--json", str(report)])
    took = time.monotonic() - started
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return status, captured.out.splitlines(), json.loads(report.read_text("utf-8")), took


def _gone(pid: int) -> bool:
    """Dead, or a zombie waiting for whoever adopted it to reap it."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except FileNotFoundError:
        return True
    return state in ("Z", "X")


# ----- 1. a child that keeps the pipes open -----------------------------------------------


@pytest.mark.parametrize("mode", ["fork", "escape"])
def test_1_a_child_holding_the_pipes_does_not_hang_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str
) -> None:
    status, out, report, took = verify(tmp_path, capsys, fake(mode), str(suite(tmp_path)))
    assert status == 1 and out[-1] == "1 passed, 0 failed, 1 errored, 0 skipped"
    assert took < 20, f"{took:.1f} s: a child holding stderr kept verify waiting"
    play = next(c for c in report["cases"] if c["id"] == "hostile-play-0")
    assert "act: exited with status 3" in play["message"]
    assert f"fake: {mode} dies at act" in play["message"], "the stderr tail is still read"


def test_stopping_an_implementation_ends_its_whole_process_group() -> None:
    script = (
        "import subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(30)'])\n"
        "print(child.pid, flush=True)\n"
        "time.sleep(30)\n"
    )
    transport = ProcessTransport([sys.executable, "-c", script])
    child = int(transport.exchange("{}", timeout=20))
    started = time.monotonic()
    transport.close()
    assert time.monotonic() - started < 5
    deadline = time.monotonic() + 5
    while not _gone(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(child), "the implementation's child outlived it"
    assert transport.process.poll() is not None


def test_a_flood_on_stderr_neither_blocks_nor_fills_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _, took = verify(tmp_path, capsys, fake("stderr-flood"), str(suite(tmp_path)))
    assert status == 0 and out[-1] == "2 passed, 0 failed, 0 errored, 0 skipped"
    assert took < 30


# ----- 2-5. the server answers every line --------------------------------------------------


def _serve(*lines: bytes) -> list[dict[str, Any]]:
    import io

    from badugi_spec.protocol.server import serve
    from badugi_spec.scenario.engine_impl import EngineImplementation

    out = io.BytesIO()
    assert (
        serve(EngineImplementation(), stdin=io.BytesIO(b"\n".join(lines) + b"\n"), stdout=out) == 0
    )
    return [json.loads(line) for line in out.getvalue().splitlines()]


EVALUATE = json.dumps({"type": "evaluate", "cards": ["As", "2h", "3d", "4c"]}).encode()


@pytest.mark.parametrize("depth", [1000, 100_000])
def test_2_deep_nesting_is_a_bad_request_and_serving_goes_on(depth: int) -> None:
    replies = _serve(b"[" * depth + b"]" * depth, EVALUATE)
    assert replies[0] == {
        "ok": False,
        "error": "bad-request",
        "message": "not JSON this server reads: nested too deeply",
    }
    assert replies[1]["ok"] is True, "later requests still get an answer"


def test_huge_numbers_are_bad_requests_naming_the_field() -> None:
    huge = b"1" + b"0" * 5000
    start = b'{"type": "start", "players": [{"name": "Ann", "stack": ' + huge + b"},"
    start += b' {"name": "Bob", "stack": 100}], "first_dealer": "Ann"}'
    replies = _serve(start, b'{"type": "hello", "protocol": -' + huge + b"}", EVALUATE)
    assert replies[0]["message"] == (
        "'players[0].stack' must be a whole number of chips, not a number of 5001 digits"
    )
    assert replies[1]["message"] == "'protocol' must be a whole number, not a number of 5001 digits"
    assert replies[2]["ok"] is True


def test_3_a_lone_surrogate_in_a_request_is_a_bad_request_naming_the_field() -> None:
    start = {
        "type": "start",
        "players": [{"name": "\ud800", "stack": 100}, {"name": "Bob", "stack": 100}],
        "first_dealer": "Bob",
    }
    replies = _serve(json.dumps(start).encode(), b'{"type": "\\udfff"}', EVALUATE)
    assert replies[0]["error"] == "bad-request"
    assert (
        replies[0]["message"]
        == "'players[0].name' holds a lone surrogate, which is not Unicode text"
    )
    assert replies[1]["error"] == "bad-request" and "'type'" in replies[1]["message"]
    assert replies[2]["ok"] is True


def test_3_a_lone_surrogate_in_an_answer_is_an_error_and_the_reports_are_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junit = tmp_path / "junit.xml"
    status, out, report, _ = verify(
        tmp_path, capsys, fake("surrogate"), str(suite(tmp_path)), "--junit", str(junit)
    )
    # Both scenarios have an evaluate line, and both are errored, not crashed on.
    assert status == 1 and out[-1] == "0 passed, 0 failed, 2 errored, 0 skipped"
    for case in report["cases"]:
        assert "evaluate: reply holds a lone surrogate" in case["message"]
    assert ET.parse(junit).getroot().get("errors") == "2"


def test_3_odd_text_from_an_implementation_cannot_break_the_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An in-process implementation can put any text in a message: it is printed escaped."""
    from badugi_spec.scenario.report import print_results, write_reports
    from badugi_spec.scenario.runner import CaseResult

    odd = CaseResult("odd", "odd.badugi", 1, ["R2.5"], status="errored", message="a\ud800b\x00c")
    print_results([odd], [], quiet=False)
    json_path, junit_path = tmp_path / "r.json", tmp_path / "r.xml"
    write_reports(
        [odd], [], json_path=str(json_path), junit_path=str(junit_path),
        implementation="odd \udfff", suite_name="odd",
    )  # fmt: skip
    assert "a\\ud800b" in capsys.readouterr().out
    assert json.loads(json_path.read_text("utf-8"))["cases"][0]["message"] == "a\ud800b\x00c"
    error = ET.parse(junit_path).getroot().find("testcase/error")
    assert error is not None and "a\\ud800b\\x00c" in str(error.text)


@pytest.mark.parametrize(
    "request_, field",
    [
        ({"type": "evaluate", "cards": [None]}, "cards[0] must be a card text such as 'As', not null"),
        ({"type": "evaluate", "cards": [1, 2]}, "cards[0] must be a card text such as 'As', not a whole number"),
        ({"type": "evaluate", "cards": ["As2h3d4c"]}, "cards[0]: "),
        ({"type": "evaluate", "cards": []}, "'cards' must hold 1 to 4 cards, not 0"),
        ({"type": "compare", "hands": []}, "'hands' must be a list of two or more hands, not 0"),
        ({"type": "compare", "hands": [["As"]]}, "'hands' must be a list of two or more hands, not 1"),
        ({"type": "compare", "hands": [["As"], ["As", "2h"]]}, "As is in hands[0] and hands[1]"),
        ({"type": "compare", "hands": "As 2h"}, "'hands' must be a list of two or more hands, not a string"),
        ({"type": "compare", "hands": [["As"], None]}, "'hands[1]' must be a list of card texts, not null"),
        ({"type": 5}, "'type' must be one of hello, start, deal, act, evaluate, compare, bye, not a whole number"),
        ({"type": "hello", "protocol": True}, "'protocol' must be a whole number, not a boolean"),
        ({"type": "hello", "protocol": 10**30}, "protocol a number that large asked"),
        ({"type": "start", "players": [{"name": "", "stack": 100}, {"name": "Bob", "stack": 100}], "first_dealer": "Bob"},
         "'players[0].name' must be a player's name, not an empty string"),
        ({"type": "start", "players": [{"name": "Ann", "stack": 10**26}, {"name": "Bob", "stack": 100}], "first_dealer": "Bob"},
         "'players[0].stack' must be 1 to 999999999 chips, not a number that large"),
        ({"type": "start", "players": [{"name": "Ann", "stack": True}, {"name": "Bob", "stack": 100}], "first_dealer": "Bob"},
         "'players[0].stack' must be a whole number of chips, not a boolean"),
        ({"type": "start", "players": {"Ann": 100}, "first_dealer": "Ann"}, "'players' must be a list of {name, stack} objects, not an object"),
        ({"type": "deal", "deck": "As 2h"}, "'deck' must be a list of card texts, not a string"),
    ],
)  # fmt: skip
def test_4_wrong_types_are_bad_requests_naming_the_field(request_: object, field: str) -> None:
    from badugi_spec.protocol.server import answer
    from badugi_spec.scenario.engine_impl import EngineImplementation

    reply = answer(EngineImplementation(), request_)
    assert reply["ok"] is False and reply["error"] == "bad-request", reply
    assert field in reply["message"], reply["message"]


@pytest.mark.parametrize(
    "discards, field",
    [
        (5, "'discards' must be a list of card texts, not a whole number"),
        ({"9s": 1}, "'discards' must be a list of card texts, not an object"),
        ("9s", "'discards' must be a list of card texts, not a string"),
        ([["9s"]], "discards[0] must be a card text such as 'As', not a list"),
    ],
)
def test_5_discards_of_the_wrong_type_are_refused_not_read_as_cards(
    discards: object, field: str
) -> None:
    from badugi_spec.protocol.server import answer
    from tests.test_protocol import _drawing

    engine = _drawing()
    assert engine.session is not None and engine.session.hand is not None
    before = engine.session.hand.snapshot()
    reply = answer(engine, {"type": "act", "player": "Bob", "action": "draw", "discards": discards})
    assert reply["error"] == "bad-request" and field in reply["message"], reply
    assert engine.session.hand.snapshot() == before, "nothing was discarded"


# ----- 6-8. lines matched to requests, nothing compared, one timeout -----------------------


def test_6_doubled_answers_are_errors_not_answers_to_later_requests(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, report, _ = verify(tmp_path, capsys, fake("double"), str(suite(tmp_path)))
    assert status == 1 and out[-1] == "0 passed, 0 failed, 2 errored, 0 skipped"
    # Which of the three checks sees it first depends on when the second line arrives.
    signs = ("more than one line for one request", "a line nobody asked for", "out of step")
    for case in report["cases"]:
        assert any(sign in case["message"] for sign in signs), case["message"]


def test_6_an_implementation_that_closes_its_input_is_told_so() -> None:
    """Alive, but no longer reading its requests: its input closed, not its output."""
    script = "import os, sys, time\nos.close(0)\nprint('shut', file=sys.stderr)\ntime.sleep(60)"
    transport = ProcessTransport([sys.executable, "-u", "-c", script])
    try:
        deadline = time.monotonic() + 60
        while "shut" not in transport.stderr_tail() and time.monotonic() < deadline:
            time.sleep(0.01)
        with pytest.raises(TransportError, match="closed its input before reading the request"):
            transport.exchange("{}", timeout=5)
    finally:
        transport.close()


def test_6_a_stray_line_before_a_request_is_an_error() -> None:
    script = "import sys\nprint('{\"ok\": true}', flush=True)\nsys.stdin.readline()\n"
    transport = ProcessTransport([sys.executable, "-c", script])
    try:
        time.sleep(0.5)  # let the unasked-for line arrive
        with pytest.raises(TransportError, match="a line nobody asked for"):
            transport.exchange('{"type": "hello", "protocol": 1}', timeout=20)
    finally:
        transport.close()


def test_7_an_implementation_that_supports_nothing_is_not_green(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, report, _ = verify(tmp_path, capsys, fake("not-supported"), str(suite(tmp_path)))
    assert status == 1
    assert out[-2] == "nothing was compared: every case was skipped or errored"
    assert out[-1] == "0 passed, 0 failed, 0 errored, 2 skipped"
    assert report["summary"]["skipped"] == 2


def test_8_a_silent_implementation_costs_one_timeout_not_one_per_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = suite(tmp_path, plays=4)
    status, out, report, took = verify(
        tmp_path, capsys, fake("silent"), "--timeout", "2", str(folder)
    )
    assert status == 1 and out[-1] == "0 passed, 0 failed, 5 errored, 0 skipped"
    assert took < 2 * 2 + 8, f"{took:.1f} s for 5 cases: more than one timeout was spent"
    messages = [case["message"] for case in report["cases"]]
    assert messages[0].startswith("hello: no reply within 2 s")
    assert all("not started again: the handshake timed out" in m for m in messages[1:])


def test_8_a_handshake_that_keeps_failing_stops_after_a_few_tries() -> None:
    attempts: list[int] = []

    def connect() -> Any:
        attempts.append(1)
        raise TransportError("cannot start 'nowhere'")

    impl = ProtocolImplementation(connect)
    text = VALUES.replace("hostile-values", "x")
    case = compile_case(parse_scenario(text))
    runner = Runner(impl)
    results = [runner.run(case) for _ in range(10)]
    assert len(attempts) == MAX_HANDSHAKES
    assert [r.status for r in results] == ["errored"] * 10
    assert "not started again: 3 handshakes failed in a row" in results[-1].message


def test_8_an_implementation_that_hangs_in_play_is_given_up_after_three_timeouts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = suite(tmp_path, plays=4)
    status, out, report, took = verify(
        tmp_path, capsys, fake("hang-act"), "--timeout", "2", str(folder)
    )
    assert status == 1 and out[-1] == "0 passed, 0 failed, 5 errored, 0 skipped"
    assert took < 3 * 2 + 15, f"{took:.1f} s"
    messages = [c["message"] for c in report["cases"]]
    assert [m.startswith("act: no reply within 2 s") for m in messages[:3]] == [True] * 3
    # Then nothing more is asked, not even the value lines: the run ends with the report.
    assert all("not asked again: 3 timeouts" in m for m in messages[3:])


# ----- 9-11. report paths and input files ---------------------------------------------------


@pytest.mark.parametrize(
    "make_args, message",
    [
        (lambda s: [str(s / "values.badugi"), "--json", str(s / "values.badugi")], "is an input scenario file"),
        (lambda s: [str(s), "--junit", str(s / "play-0.badugi")], "is an input scenario file"),
        (lambda s: [str(s), "--json", str(s / "new.badugi")], "would be read as a scenario"),
        (lambda s: [str(s), "--json", str(s.parent / "r"), "--junit", str(s.parent / "r")], "--json and --junit name the same file"),
        (lambda s: [str(s), "--json", str(s)], "is a folder, not a file"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("command", ["check", "verify"])
def test_9_report_paths_that_are_inputs_or_collide_are_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, make_args: Any, message: str
) -> None:
    folder = suite(tmp_path)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    extra = ["--impl", fake("evaluator")] if command == "verify" else []
    status = main([command, *extra, *make_args(folder)])
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    assert captured.err.startswith("badugi-spec: error: ") and message in captured.err
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def _check(paths: list[Path], tmp_path: Path) -> tuple[int, str, dict[str, Any]]:
    """`check` in a child process with a deadline: a hang fails the test, not the run."""
    report = tmp_path / "check.json"
    done = subprocess.run(
        [sys.executable, "-m", "badugi_spec", "check", *map(str, paths), "--json", str(report)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done.returncode, done.stdout, json.loads(report.read_text("utf-8"))


def test_10_and_11_bad_entries_are_one_load_error_each_and_the_run_goes_on(
    tmp_path: Path,
) -> None:
    folder = suite(tmp_path, plays=1, values=False)
    (folder / "dangling.badugi").symlink_to(tmp_path / "nowhere")
    (folder / "folder.badugi").mkdir()
    os.mkfifo(folder / "fifo.badugi")
    (folder / "zero.badugi").symlink_to("/dev/zero")
    (folder / "huge.badugi").write_text("# " + "x" * 300_000 + "\n", "utf-8")
    (folder / "latin.badugi").write_bytes(b'scenario latin "x"\nrules R2.1\nnote "caf\xe9"\n')
    status, out, report = _check([folder], tmp_path)
    assert status == 1
    assert out.splitlines()[-1] == "1 passed, 0 failed, 6 errored"
    errors = {Path(e["file"]).name: e for e in report["load_errors"]}
    assert {name: e["message"] for name, e in errors.items() if e["line"] == 0} == {
        "dangling.badugi": "cannot read: no such file (a link to nowhere)",
        "folder.badugi": "cannot read: a folder, not a scenario file",
        "fifo.badugi": "cannot read: a FIFO, not a scenario file",
        "zero.badugi": "cannot read: a character device, not a scenario file",
        "huge.badugi": "too large: a scenario file has at most 262144 bytes",
    }
    # 12: an encoding error is placed where it is, not at 1:1.
    latin = errors["latin.badugi"]
    assert (latin["line"], latin["column"]) == (3, 10) and "not UTF-8" in latin["message"]
    assert report["summary"] == {
        "passed": 1, "failed": 0, "errored": 6, "skipped": 0, "load_errors": 6,
    }  # fmt: skip


def test_11_a_fifo_given_by_name_does_not_block(tmp_path: Path) -> None:
    fifo = tmp_path / "x.badugi"
    os.mkfifo(fifo)
    status, out, report = _check([fifo], tmp_path)
    assert status == 1 and "a FIFO" in out
    assert report["load_errors"][0]["message"] == "cannot read: a FIFO, not a scenario file"


# ----- 12. smaller inconsistencies ---------------------------------------------------------


def test_12_a_missing_report_folder_is_made_and_no_empty_file_is_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = suite(tmp_path)
    target = tmp_path / "new" / "deeper" / "r.json"
    assert main(["check", str(folder), "-q", "--json", str(target)]) == 0
    assert json.loads(target.read_text("utf-8"))["summary"]["passed"] == 2

    def broken(*args: object) -> None:
        raise OSError("disk full")

    other = tmp_path / "other" / "r.json"
    monkeypatch.setattr(os, "replace", broken)
    assert main(["check", str(folder), "-q", "--json", str(other)]) == 2
    assert "disk full" in capsys.readouterr().err
    assert list(other.parent.iterdir()) == [], "neither an empty report nor a temporary file"


def test_12_the_json_summary_keeps_zero_counts(tmp_path: Path) -> None:
    status, _, report = _check([suite(tmp_path)], tmp_path)
    assert status == 0
    assert report["summary"] == {
        "passed": 2, "failed": 0, "errored": 0, "skipped": 0, "load_errors": 0,
    }  # fmt: skip


def test_12_compare_refuses_the_same_hands_on_the_command_line_and_in_the_protocol(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from badugi_spec.protocol.server import answer
    from badugi_spec.scenario.engine_impl import EngineImplementation

    for hands in (["As 2h 3d 4c"], ["As 2h 3d 4c", "As 5h 6d 7c"], ["As 2h 3d 3d", "Ks Qh Jd Tc"]):
        assert main(["compare", *hands]) == 2
        reply = answer(
            EngineImplementation(), {"type": "compare", "hands": [h.split() for h in hands]}
        )
        assert reply["error"] == "bad-request", (hands, reply)
    capsys.readouterr()


def test_6_a_late_extra_line_turns_a_failure_into_an_error() -> None:
    """An answer doubled late is read as the next answer; before that wrong answer is
    reported as a failure, the runner asks whether a line came that nobody asked for."""
    from tests.test_protocol import ScriptedTransport

    class Late(ScriptedTransport):
        def __init__(self) -> None:
            super().__init__()
            self.last = ""

        def exchange(self, line: str, *, timeout: float) -> str:
            reply = super().exchange(line, timeout=timeout)
            stale, self.last = self.last, reply
            # From the first act on, every reply is the one before it: one line behind.
            return stale if json.loads(line)["type"] == "act" else reply

        def stray(self, grace: float) -> str | None:
            return repr(self.last[:40])

    scenario = parse_scenario((TESTS / "data" / "two-steps.badugi").read_text("utf-8"))
    result = Runner(ProtocolImplementation(Late)).run(compile_case(scenario))
    assert result.status == "errored" and result.divergence is None
    assert result.message.startswith("a line nobody asked for: ")


def test_8_an_implementation_that_dies_at_every_act_is_not_restarted_for_each_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three crashes of one kind of request in a row, and that kind is not sent again;
    the value lines, which it answers, still run."""
    folder = suite(tmp_path, plays=4)
    status, out, report, _ = verify(tmp_path, capsys, fake("crash-act"), str(folder))
    assert status == 1 and out[-1] == "1 passed, 0 failed, 4 errored, 0 skipped"
    plays = [c["message"] for c in report["cases"] if c["id"].startswith("hostile-play")]
    assert all(m.startswith("act: exited with status 3") for m in plays[:3])
    assert all("not asked again: act failed 3 times in a row" in m for m in plays[3:])
