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


# --- cards as separate words (issue 35 item 7) -------------------------------------------


def _words(text: str) -> list[str]:
    """The words a shell passes for `text` typed unquoted."""
    return text.split()


@pytest.mark.parametrize(
    "argv",
    [
        ["hand", "As", "2h", "3d", "Kd"],
        ["hand", "A♠", "2♥ 3♦", "K♦"],
        ["hand", "As2h", "3dKd"],
    ],
)
def test_hand_takes_cards_as_words(argv: list[str], capsys: Capsys) -> None:
    assert run_cli(argv, capsys) == run_cli(["hand", "A♠ 2♥ 3♦ K♦"], capsys)


def test_a_game_and_a_ranking_take_words_too(capsys: Capsys) -> None:
    for option in (["--game", "badeucy"], ["--ranking", "low-2-7"]):
        quoted = run_cli(["hand", *option, "A♠ 2♥ 3♦ 4♣ 9♠"], capsys)
        assert quoted[0] == 0
        assert run_cli(["hand", *option, "As", "2h", "3d", "4c", "9s"], capsys) == quoted


@pytest.mark.parametrize(
    ("argv", "quoted"),
    [
        # four cards to a hand in the house game, the profile's size under --game
        (["Kc", "Jh", "8d", "7s", "As", "2h", "3d", "Kd"], ["K♣ J♥ 8♦ 7♠", "A♠ 2♥ 3♦ K♦"]),
        (["As", "2h", "3d", "4c", "5s", "6s", "7s", "8s", "Ah", "2c", "3s", "4d"],
         ["As 2h 3d 4c", "5s 6s 7s 8s", "Ah 2c 3s 4d"]),
        (["--game", "badeucy", *_words("As 2h 3d 4c 9s 2s 3h 4d 6c Kd")],
         ["--game", "badeucy", "As 2h 3d 4c 9s", "2s 3h 4d 6c Kd"]),
        # a Badugi ranking takes 4 or 5: ten cards can only be two fives; else a `/`
        (["--ranking", "badugi", *_words("As 2h 3d 4c 9s Ah 2c 3s 7d Kh")],
         ["--ranking", "badugi", "As 2h 3d 4c 9s", "Ah 2c 3s 7d Kh"]),
        (["--ranking", "badugi", *_words("As 2h 3d 4c / Ah 2c 3s 7d Kh")],
         ["--ranking", "badugi", "As 2h 3d 4c", "Ah 2c 3s 7d Kh"]),
        (["As 2h", "3d 4c", "/", "Ah", "2c 3s 7d"], ["As 2h 3d 4c", "Ah 2c 3s 7d"]),
    ],
)  # fmt: skip
def test_compare_takes_cards_as_words(argv: list[str], quoted: list[str], capsys: Capsys) -> None:
    expected = run_cli(["compare", *quoted], capsys)
    assert expected[0] == 0
    assert run_cli(["compare", *argv], capsys) == expected


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["hand", "As", "2h", "3x", "Kd"], "card 3 '3x' (word 3): unknown suit 'x'"),
        (["hand", "As 2h", "3x", "Kd"], "card 3 '3x' (word 2): unknown suit 'x'"),
        (["hand", "As", "2h", "3d"], "expected 4 cards, got 3 in 'As 2h 3d'"),
        (["hand", "As", "2h", "3d", "As"], "card 4 'As' (word 4): duplicate card A♠ (already card 1)"),
        (["compare", *_words("As 2h 3d 4c 5s 6h 7x 8c")], "hand 2: card 3 '7x' (word 3): unknown suit"),
        (["compare", *_words("As 2h 3d 4c 5s 6h 7d")], "7 cards make no hands of 4 cards"),
        (["compare", "--ranking", "badugi", *("As 2h 3d 4c 5s 6h 7d 8c 9c Tc " * 2).split()[:20]],
         "20 cards could be hands of 4 or 5 cards: put / between the hands"),
        (["compare", "As 2h 3d 4c", "Ah"], "hand 2: expected 4 cards, got 1 in 'Ah'"),
        (["compare", *_words("As 2h 3d 4c / / 5s 6h 7d 8c")], "hand 2 has no cards"),
        (["compare", *_words("As 2h 3d 4c As 6h 7d 8c")], "A♠ is in hand 1 and hand 2"),
    ],
)  # fmt: skip
def test_a_bad_word_is_one_line_naming_it(argv: list[str], line: str, capsys: Capsys) -> None:
    assert line in one_line_error(*run_cli(argv, capsys))


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
