"""`badugi-spec hand` and `compare`: output that teaches, and one-line errors."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.support import Capsys, one_line_error, run_cli

# --- hand ------------------------------------------------------------------------------


def test_hand_prints_value_and_explanation(capsys: Capsys) -> None:
    status, out, err = run_cli(["hand", "A♠ 2♥ 3♦ K♦"], capsys)
    assert status == 0
    assert err == ""
    first, *rest = out.splitlines()
    assert "3-card 3-2-A" in first
    assert "A♠ 2♥ 3♦ K♦" in first
    body = "\n".join(rest)
    assert "K♦ is dropped" in body
    assert "shares ♦ with 3♦" in body
    assert "15 subsets" in body
    assert "K-2-A" in body


def test_hand_accepts_ascii_and_no_separators(capsys: Capsys) -> None:
    status, out, _ = run_cli(["hand", "As2h3d4c"], capsys)
    assert status == 0
    assert "4-card 4-3-2-A (badugi)" in out
    assert "no card is dropped" in out


def test_hand_pair_and_suit(capsys: Capsys) -> None:
    status, out, _ = run_cli(["hand", "2c 2h 3c 4d"], capsys)
    assert status == 0
    assert "3-card 4-3-2" in out
    assert "pairs with 2♥" in out
    assert "shares ♣ with 3♣" in out


# --- compare ---------------------------------------------------------------------------


def _verdict(out: str) -> str:
    lines = out.splitlines()
    assert lines
    return lines[-1]


def test_compare_more_cards_win(capsys: Capsys) -> None:
    status, out, err = run_cli(["compare", "K♣ J♥ 8♦ 7♠", "A♠ 2♥ 3♦ K♦"], capsys)
    assert status == 0
    assert err == ""
    assert "hand 1:" in out
    assert "hand 2:" in out
    verdict = _verdict(out)
    assert verdict.startswith("hand 1 wins")
    assert "K-J-8-7" in verdict
    assert "R2.3" in verdict
    assert re.search(r"\b4\b.*\b3\b", verdict)


def test_compare_winner_can_be_second(capsys: Capsys) -> None:
    status, out, _ = run_cli(["compare", "A♠ 2♥ 3♦ K♦", "K♣ J♥ 8♦ 7♠"], capsys)
    assert status == 0
    assert _verdict(out).startswith("hand 2 wins")
    assert "R2.3" in _verdict(out)


def test_compare_lower_ranks_win(capsys: Capsys) -> None:
    status, out, _ = run_cli(["compare", "A♥ 2♣ 3♠ 7♦", "A♠ 2♥ 3♦ 4♣"], capsys)
    assert status == 0
    verdict = _verdict(out)
    assert verdict.startswith("hand 2 wins")
    assert "4-3-2-A" in verdict
    assert "R2.4" in verdict
    assert "R2.3" not in verdict
    assert "4 against 7" in verdict


def test_compare_difference_in_last_card(capsys: Capsys) -> None:
    status, out, _ = run_cli(["compare", "8♥ 6♦ 4♣ 2♠", "8♠ 6♥ 4♦ A♣"], capsys)
    assert status == 0
    verdict = _verdict(out)
    assert verdict.startswith("hand 2 wins")
    assert "R2.4" in verdict
    assert "A against 2" in verdict


def test_compare_tie(capsys: Capsys) -> None:
    status, out, _ = run_cli(["compare", "A♠ 2♥ 3♦ 4♣", "A♥ 2♣ 3♠ 4♦"], capsys)
    assert status == 0
    verdict = _verdict(out)
    assert "tie" in verdict
    assert "R2.7" in verdict
    assert "wins" not in out


def test_compare_three_hands_two_tie_for_the_win(capsys: Capsys) -> None:
    status, out, _ = run_cli(["compare", "As 2h 3d 4c", "5s 6s 7s 8s", "Ah 2c 3s 4d"], capsys)
    assert status == 0
    verdict = _verdict(out)
    assert "hand 1 and hand 3" in verdict
    assert "hand 2" not in verdict
    assert "R2.3" in verdict


# --- errors ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "mentions"),
    [
        pytest.param(
            ["hand", "A♠ 2♥ 3♦ X♦"], ["unknown rank", "'X♦'", "column 10"], id="unknown-rank"
        ),
        pytest.param(["hand", "A♠ 2♥ 3♦"], ["expected 4 cards", "got 3"], id="three-cards"),
        pytest.param(["hand", "A♠ 2♥ 3♦ 4♣ 5♠"], ["expected 4 cards", "got 5"], id="five-cards"),
        pytest.param(["hand", "A♠ 2♥ 3♦ A♠"], ["duplicate", "A♠"], id="duplicate-in-hand"),
        pytest.param(["hand", "As 2h 3d 4x"], ["unknown suit", "'4x'"], id="unknown-suit"),
        pytest.param(
            ["compare", "A♠ 2♥ 3♦ 4♣", "A♠ 5♥ 6♦ 7♣"],
            ["A♠", "hand 1", "hand 2"],
            id="duplicate-across-hands",
        ),
        pytest.param(
            ["compare", "A♠ 2♥ 3♦ 4♣", "5♥ 6♦ 7♣"],
            ["expected 4 cards", "got 3"],
            id="compare-three-cards",
        ),
        pytest.param(["compare", "A♠ 2♥ 3♦ 4♣"], ["two hands"], id="compare-one-hand"),
        pytest.param(["compare"], [], id="compare-no-hands"),
        pytest.param(["hand"], [], id="hand-no-cards"),
        pytest.param([], [], id="no-args"),
        pytest.param(["deal"], [], id="unknown-command"),
    ],
)
def test_errors_are_one_line(argv: list[str], mentions: list[str], capsys: Capsys) -> None:
    line = one_line_error(*run_cli(argv, capsys))
    for text in mentions:
        assert text in line


# --- as a process ----------------------------------------------------------------------


def _python_m(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "badugi_spec", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )


def test_python_m_hand() -> None:
    result = _python_m("hand", "A♠ 2♥ 3♦ K♦")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "3-card 3-2-A" in result.stdout
    assert "K♦ is dropped" in result.stdout


def test_python_m_error_is_one_line() -> None:
    result = _python_m("hand", "A♠ 2♥ 3♦ Z♦")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("badugi-spec: error: ")
