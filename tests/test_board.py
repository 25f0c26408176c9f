"""`badugi-spec board`: the compliance board (issue 36) and the site page drawn from it."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from badugi_spec.cli import main
from badugi_spec.commands.board_cmd import badge, board_markdown, static_badge

ROOT = Path(__file__).resolve().parent.parent
SERVE = shlex.join([sys.executable, "-m", "badugi_spec", "serve"])

RIGHT = 'scenario right "Right"\nrules R2.5\n\nevaluate A♠ 2♥ 3♦ K♦ is 3-card 3-2-A\n'
WRONG = 'scenario wrong "Wrong"\nrules R2.4\n\nevaluate A♠ 2♥ 3♦ K♦ is 3-card 4-2-A\n'


def _row(passed: int, run: int) -> dict[str, object]:
    tally = {"passed": passed, "run": run, "skipped": 0}
    return {"name": "x", "implementation": "x 1", "summary": tally,
            "chapters": {"R2": tally}, "profiles": {"house": tally}, "failed": []}  # fmt: skip


@pytest.mark.parametrize(
    "passed, run, color", [(10, 10, "brightgreen"), (9, 10, "yellow"), (5, 10, "red")]
)
def test_the_badge_is_a_shields_endpoint(passed: int, run: int, color: str) -> None:
    made = badge(_row(passed, run), "1.0")
    assert made == {"schemaVersion": 1, "label": "badugi-spec 1.0",
                    "message": f"{passed}/{run}", "color": color}  # fmt: skip
    assert static_badge(made) == (
        f"https://img.shields.io/badge/badugi--spec%201.0-{passed}%2F{run}-{color}"
    )


def test_the_board_runs_each_implementation_and_writes_three_forms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "right.badugi").write_text(RIGHT, "utf-8")
    (suite / "wrong.badugi").write_text(WRONG, "utf-8")
    out = tmp_path / "board"
    args = ["board", str(suite), "--impl", f"ours={SERVE}", "--out", str(out)]
    assert main([*args, "--date", "2026-12-02"]) == 0
    assert "ours: 1 of 2 run passed, 0 skipped" in capsys.readouterr().out
    board = json.loads((out / "board.json").read_text("utf-8"))
    (row,) = board["implementations"]
    assert board["date"] == "2026-12-02" and board["suite"] is None
    assert row["chapters"] == {"R2": {"passed": 1, "run": 2, "skipped": 0}}
    assert row["failed"] == ["wrong"]
    assert json.loads((out / "badges" / "ours.json").read_text("utf-8"))["message"] == "1/2"
    assert "| 1/2 ✗ | 1/2 ✗ |" in (out / "board.md").read_text("utf-8")
    assert main(["board", "--impl", "bad name=x", "--out", str(out)]) == 2


def test_the_compliance_page_draws_the_committed_board() -> None:
    page = (ROOT / "docs" / "compliance.md").read_text("utf-8")
    assert '--8<-- "compliance/board.md"' in page
    board = json.loads((ROOT / "docs" / "compliance" / "board.json").read_text("utf-8"))
    names = [row["name"] for row in board["implementations"]]
    assert len(names) >= 4 and "serve" in names
    serve = next(row for row in board["implementations"] if row["name"] == "serve")
    assert serve["summary"]["passed"] == serve["summary"]["run"] > 0
    assert board_markdown(board) == (ROOT / "docs/compliance/board.md").read_text("utf-8")
    for name in names:
        assert (ROOT / "docs" / "compliance" / "badges" / f"{name}.json").is_file()


def test_expected_failures_and_fuzz_findings_are_shown_apart() -> None:
    row = _row(7, 10)
    row["summary"] = row["chapters"]["R2"] = {  # type: ignore[index]
        "passed": 7, "run": 10, "skipped": 0, "expected_failures": 3,
    }  # fmt: skip
    row["fuzz"] = {"seconds": 5, "hands": 2000, "findings": 1, "per_100k": 50.0}
    text = board_markdown({"suite": "1.0", "cases": 10, "date": "d", "implementations": [row]})
    assert "| 7/10 (3 expected) |" in text  # all accounted for: no ✗
    assert "| **x** | 2,000 | 1 | 50 |" in text
    assert badge(row, "1.0")["message"] == "7/10 (3 expected)"
