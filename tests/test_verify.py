"""`verify` end to end: our own server passes the whole suite; broken implementations
(crash, hang, garbage, oversized reply, not-supported) give clean reports."""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from badugi_spec.cli import main
from badugi_spec.commands.protocol_cmd import write_cases
from badugi_spec.protocol import validate
from badugi_spec.protocol.client import ProcessImplementation, ProcessTransport, TransportError
from badugi_spec.scenario.suite import load_suite, run_suite

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
DATA = Path(__file__).resolve().parent / "data"
SERVE = [sys.executable, "-m", "badugi_spec", "serve"]

EVALUATE_ONLY = """\
scenario protocol-evaluate-only "Hand values only"
rules R2.5

evaluate A♠ 2♥ 3♦ K♦ is 3-card 3-2-A
compare A♠ 2♥ 3♦ 4♣ beats A♥ 2♣ 3♠ 7♦
"""

FAKE = """\
import json, sys, time
from badugi_spec.protocol.server import answer
from badugi_spec.scenario.engine_impl import EngineImplementation

MODE = {mode!r}
engine = EngineImplementation()
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "act":
        print("fake: about to misbehave in", MODE, file=sys.stderr, flush=True)
        if MODE == "crash":
            sys.exit(3)
        if MODE == "hang":
            time.sleep(60)
        if MODE == "garbage":
            print("<html>this is not json</html>", flush=True)
            continue
        if MODE == "oversized":
            print(json.dumps({{"ok": True, "pad": "x" * (2 << 20)}}), flush=True)
            continue
    if MODE == "not-supported" and request["type"] == "start":
        print(json.dumps({{"ok": False, "error": "not-supported",
                          "message": "fake plays no hands"}}), flush=True)
        continue
    print(json.dumps(answer(engine, request)), flush=True)
"""


def fake(tmp_path: Path, mode: str) -> str:
    script = tmp_path / f"fake_{mode.replace('-', '_')}.py"
    script.write_text(FAKE.format(mode=mode), encoding="utf-8")
    return shlex.join([sys.executable, str(script)])


def suite_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "suite"
    folder.mkdir()
    (folder / "a-play.badugi").write_text((DATA / "two-steps.badugi").read_text("utf-8"), "utf-8")
    (folder / "b-values.badugi").write_text(EVALUATE_ONLY, "utf-8")
    return folder


def test_serve_passes_the_whole_suite_exactly_as_check() -> None:
    # In process every scenario passes (each is a test item of its own, with the case's
    # first divergence as its failure), so over the protocol every one must pass too,
    # with nothing to report: that is the in-process run's result, without running it
    # a second time here.
    suite = load_suite([SCENARIOS])
    impl = ProcessImplementation(SERVE, timeout=20)
    try:
        remote = run_suite(impl, suite)
    finally:
        impl.close()
    assert [r.id for r in remote] == [s.id for s in suite.scenarios]
    wrong = [(r.id, r.status, r.divergence, r.message) for r in remote if r.status != "passed"]
    assert wrong == []
    assert all(r.divergence is None for r in remote)


def test_verify_command_reports_and_writes_json_and_junit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    status = main(
        ["verify", "--impl", shlex.join(SERVE), str(suite_dir(tmp_path)),
         "--json", str(report), "--junit", str(junit)]
    )  # fmt: skip
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    assert out[-1] == "2 passed, 0 failed, 0 errored, 0 skipped"
    assert any(line.startswith("chapter") for line in out)
    assert json.loads(report.read_text())["summary"]["passed"] == 2
    assert ET.parse(junit).getroot().get("tests") == "2"


# The hang needs a short timeout to be quick; the others get a long one, so that a loaded
# CI machine starting Python slowly is never mistaken for a hang.
@pytest.mark.parametrize(
    "mode, timeout, message",
    [
        ("crash", "30", "exited with status 3"),
        ("hang", "3", "no reply within 3 s"),
        ("garbage", "30", "malformed reply '<html>this is not json</html>'"),
        ("oversized", "30", "reply longer than 1048576 bytes"),
    ],
)
def test_a_broken_implementation_errors_that_case_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str, timeout: str, message: str
) -> None:
    report = tmp_path / "report.json"
    status = main(
        ["verify", "--impl", fake(tmp_path, mode), "--timeout", timeout,
         str(suite_dir(tmp_path)), "--json", str(report)]
    )  # fmt: skip
    captured = capsys.readouterr()
    out = captured.out
    assert status == 1
    assert "Traceback" not in out + captured.err
    assert out.splitlines()[-1] == "1 passed, 0 failed, 1 errored, 0 skipped"
    cases = {c["id"]: c for c in json.loads(report.read_text())["cases"]}
    errored = cases["protocol-two-steps"]
    assert errored["status"] == "errored"
    assert message in errored["message"]
    assert f"fake: about to misbehave in {mode}" in errored["message"], "the stderr tail"
    assert cases["protocol-evaluate-only"]["status"] == "passed", "restarted for the next case"


def _script(tmp_path: Path, name: str, text: str) -> str:
    script = tmp_path / f"{name}.py"
    script.write_text(text, encoding="utf-8")
    return shlex.join([sys.executable, str(script)])


@pytest.mark.parametrize(
    "make, message, tail",
    [
        (lambda tmp_path: "false", "exited with status 1", ""),
        (lambda tmp_path: "true", "exited with status 0", ""),
        (lambda tmp_path: _script(tmp_path, "exit3", "import sys; sys.exit(3)\n"),
         "exited with status 3", ""),
        (lambda tmp_path: _script(
            tmp_path, "complain",
            "import sys\nprint('fake: no protocol here', file=sys.stderr)\nsys.exit(5)\n"),
         "exited with status 5", "fake: no protocol here"),
    ],
    ids=["false", "true", "exit-3", "stderr-then-exit"],
)  # fmt: skip
def test_an_implementation_that_exits_before_reading_errors_every_case(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    make: Callable[[Path], str],
    message: str,
    tail: str,
) -> None:
    """Its stdin is a broken pipe: that is the case's error, reported like any other."""
    report = tmp_path / "report.json"
    status = main(
        ["verify", "--impl", make(tmp_path), str(suite_dir(tmp_path)), "--json", str(report)]
    )
    captured = capsys.readouterr()
    assert status == 1
    assert "Traceback" not in captured.out + captured.err
    assert "Broken pipe" not in captured.out + captured.err
    assert captured.out.splitlines()[-1] == "0 passed, 0 failed, 2 errored, 0 skipped"
    cases = json.loads(report.read_text())["cases"]
    assert [c["status"] for c in cases] == ["errored", "errored"]
    for case in cases:
        assert case["message"].startswith("hello: ") and message in case["message"]
        assert tail in case["message"], "the stderr tail"


def test_closing_a_transport_after_its_process_died_does_not_raise() -> None:
    transport = ProcessTransport([sys.executable, "-c", "pass"])
    transport.process.wait()
    with pytest.raises(TransportError, match="exited with status 0"):
        transport.exchange("{}", timeout=1.0)
    transport.close()


@pytest.mark.parametrize("impl", ['a "b', "'unclosed"])
def test_an_unparsable_impl_command_is_one_line_error(
    impl: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", "--impl", impl, str(suite_dir(tmp_path))]) == 2
    err = capsys.readouterr().err
    assert err == "badugi-spec: error: --impl: No closing quotation\n"


@pytest.mark.parametrize("timeout", ["0", "-1", "-0.5", "nan", "inf", "soon"])
def test_the_timeout_must_be_a_positive_number_of_seconds(
    timeout: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["verify", "--impl", "true", "--timeout", timeout, str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 2
    assert len(err.splitlines()) == 1 and "--timeout" in err, err
    assert "Traceback" not in err


def test_not_supported_skips_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["verify", "--impl", fake(tmp_path, "not-supported"), str(suite_dir(tmp_path))])
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    # The scenario's value line ran before its hand was refused: a partial pass.
    assert "ok   protocol-two-steps  (partly run; 9 play steps skipped: fake plays no hands)" in out
    assert out[-1] == "2 passed, 0 failed, 0 errored, 0 skipped"


def test_a_command_that_does_not_exist_errors_every_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["verify", "--impl", str(tmp_path / "nowhere"), str(suite_dir(tmp_path))])
    out = capsys.readouterr().out
    assert status == 1 and "cannot start" in out
    assert out.splitlines()[-1] == "0 passed, 0 failed, 2 errored, 0 skipped"


def test_the_compiled_suite_is_shipped_as_valid_json_cases(tmp_path: Path) -> None:
    suite = load_suite([SCENARIOS])
    written = write_cases(suite, tmp_path / "cases")
    assert len(written) == len(suite.scenarios) > 0
    for path in written:
        case = json.loads(path.read_text("utf-8"))
        assert validate(case, "case") == [], path.name


def test_cases_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["cases", "--out", str(tmp_path / "out"), str(suite_dir(tmp_path))])
    assert capsys.readouterr().out.splitlines()[-1] == f"2 cases written to {tmp_path / 'out'}"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "protocol-evaluate-only.json",
        "protocol-two-steps.json",
    ]


def test_pokerkit_fails_exactly_the_scenarios_that_catch_its_differences(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The documented PokerKit result (docs/implementers.md): which of the house game's
    scenarios (the heads-up chapters R1 to R6) catch what. The multi-way profile scenarios
    are the PokerKit adapter's own target (issue 10, section 6)."""
    pytest.importorskip("pokerkit")
    impl = shlex.join([sys.executable, "-m", "badugi_spec.interop.pokerkit.adapter"])
    root = Path(__file__).resolve().parent.parent / "scenarios"
    house = [str(folder) for folder in sorted(root.glob("0[1-6]-*"))]
    assert len(house) == 6
    assert main(["verify", "-q", "--impl", impl, *house]) == 1
    out = capsys.readouterr().out
    failed = {line.split()[1] for line in out.splitlines() if line.startswith("FAILED ")}
    assert failed == {
        # R3.6: PokerKit's cap is the big blind plus four raises.
        "cap-before-draw-big-blind-raises",
        "cap-before-draw-dealer-raises",
        "raise-beyond-the-cap",
        # R5.4/R5.5/R5.8: PokerKit returns uncovered chips when the round closes.
        "short-blind-dealer-one-chip",
        "short-call-busts-the-caller",
        "short-call-split-with-return",
        "short-call-uncovered-part-returned",
        "uncovered-chip-leaves-the-settled-pot",
        # R4.6: PokerKit refills a deck that runs out.
        "deck-too-short-for-a-draw",
    }
    # Cases of profiles the adapter does not play (the real hands) are skipped (R8.1).
    assert ", 0 errored, " in out.splitlines()[-1]


def test_an_unwritable_report_fails_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["verify", "--impl", "true", str(tmp_path), "--json", "/proc/no/such/r.json"])
    captured = capsys.readouterr()
    # Nothing is run or printed: the error comes before, not after, the suite.
    assert status == 2 and captured.out == ""
    assert captured.err.startswith("badugi-spec: error:")
