"""Real hands as scenarios: `badugi-spec import` and the hands kept in scenarios/real-hands."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_spec.interop import importer, pokerstars
from badugi_spec.interop.record import HandRecord
from badugi_spec.scenario.suite import load_suite
from tests.support import Capsys, run_cli

ROOT = Path(__file__).resolve().parents[1]
KEPT = ROOT / "scenarios" / "real-hands"
TEXT = ROOT.parent / "shared" / "realhands" / "pokerstars"
HISTORIES = sorted(TEXT.glob("*.txt"))


def _kept() -> list[Path]:
    return sorted(KEPT.glob("*.badugi"))


def test_the_kept_real_hands_cover_what_the_issue_asks_for() -> None:
    suite = load_suite([KEPT])
    assert not suite.errors and len(suite.scenarios) >= 20
    rules = [set(s.rules) for s in suite.scenarios]
    for rule, what in [
        ("R8.13", "side pots"),
        ("R8.10", "an all-in short raise that reopens the betting"),
        ("R8.9", "the completion of a short all-in"),
        ("R8.11", "a free fold"),
        ("R8.7", "the cap when the action is heads-up"),
        ("R8.25", "the fold of an all-in sitting-out player"),
    ]:
        assert any(rule in r for r in rules), what
    players = {len(s.seats) for s in suite.scenarios}
    assert set(range(3, 9)) <= players
    assert any(len(s.seats) == 7 and "side pot 2" in s.source for s in suite.scenarios)
    texts = [path.read_text(encoding="utf-8") for path in _kept()]
    assert any("completes the short all-in" in text for text in texts)
    assert any("rake of 25" in text for text in texts)


@pytest.mark.skipif(not HISTORIES, reason=f"the real hands are not at {TEXT}")
def test_the_kept_scenarios_are_what_import_writes_today() -> None:
    wanted = {path.stem.removeprefix("real-"): path for path in _kept()}
    seen = set()
    for history in HISTORIES:
        for record in pokerstars.read(history):
            if isinstance(record, HandRecord) and record.hand_id in wanted:
                text = importer.import_hand(record)
                assert text == wanted[record.hand_id].read_text(encoding="utf-8"), record.hand_id
                seen.add(record.hand_id)
    assert seen == set(wanted)


@pytest.mark.skipif(not HISTORIES, reason=f"the real hands are not at {TEXT}")
def test_import_writes_scenarios_that_check_passes(tmp_path: Path, capsys: Capsys) -> None:
    cash = TEXT / "cash_Badugi-USD-0.25-0.50-201009.txt"
    status, out, _ = run_cli(["import", str(cash), "--out", str(tmp_path)], capsys)
    # Two of the four cash hands have a live big blind posted out of turn (R8.3, R11.7).
    assert status == 0 and out.splitlines()[-1] == "4 scenarios written, 0 hands not imported"
    posted = (tmp_path / "real-49164255772.badugi").read_text(encoding="utf-8")
    assert "\nKallexx1 posts a live big blind of 25\n" in posted
    status, out, _ = run_cli(["check", str(tmp_path)], capsys)
    assert status == 0 and out.splitlines()[-1] == "4 passed, 0 failed"
    status, out, _ = run_cli(
        # --force: the file is there from the first run, and is replaced only when asked.
        [
            *("import", str(cash), "--out", str(tmp_path), "--force"),
            *("--hand", "49164247462", "--hand", "1"),
        ],
        capsys,
    )
    assert "not found: hand 1" in out and "wrote" in out
