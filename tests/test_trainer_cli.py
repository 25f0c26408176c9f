"""`badugi-spec play` as a user runs it: a script piped into a real process.

The plain mode must work when stdout is not a terminal, without escape codes, and end of
input must end the session with a summary, never a traceback.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support import Capsys, one_line_error, run_cli


def play(
    keys: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "badugi_spec", "play", *args],
        input=keys,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=120,
        env={**os.environ, **(env or {})},
        check=False,
    )


def test_a_scripted_session_through_a_pipe() -> None:
    done = play("c\nk\nd 3\nk\n", "--seed", "1", "--plain")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert "\x1b[" not in out
    assert "> c\n" in out, "piped keys are echoed after the prompt"
    assert "R3.3   You act first: before the first draw the dealer acts first." in out
    assert "Refused, not-betting-round" in out
    assert "Session stopped (end of input) during hand 1, which does not count." in out


def test_a_whole_session_through_a_pipe_without_plain() -> None:
    # Not a terminal, so no colour even without --plain.
    done = play("c\nk\np\n" * 400, "--seed", "4")
    assert done.returncode == 0, done.stderr
    assert "\x1b[" not in done.stdout
    assert "R6.4   The session is over" in done.stdout
    assert "R6.5   " in done.stdout


def test_an_output_that_cannot_show_suit_symbols_gets_letters() -> None:
    done = play("c\n", "--seed", "3", "--plain", env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, done.stderr
    assert "Your cards  [8d] [4s] [Jh] [9c]" in done.stdout
    assert "Traceback" not in done.stderr


def test_a_reader_that_goes_away_is_no_error() -> None:
    shell = f"printf 'c\\nk\\np\\n%.0s' $(seq 200) | {sys.executable} -m badugi_spec play --seed 2 | head -3"
    done = subprocess.run(
        ["sh", "-c", shell], capture_output=True, text=True, timeout=120, check=False
    )
    assert len(done.stdout.splitlines()) == 3
    assert "Traceback" not in done.stderr and "Error" not in done.stderr


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--profile", "nope"], "unknown profile 'nope'; the profiles are house"),
        (["play", "--seed", "x"], "argument --seed: expected a whole number as the seed, not 'x'"),
        (
            ["play", "--profile", "badeucy", "--players", "7"],
            "profile badeucy seats 2 to 6 players (R8.2), not 7",
        ),
        (["bot-sessions", "--sessions", "0"], "--sessions must be at least 1"),
        (["play", "--players", "3"], "profile house seats 2 to 2 players (R8.2), not 3"),
        (["bot-sessions", "--players", "9"], "--players must be 2 to 8 (R8.2), not 9"),
    ],
)
def test_bad_options_are_one_line(argv: list[str], message: str, capsys: Capsys) -> None:
    line = one_line_error(*run_cli(argv, capsys))
    assert message in line
