"""What a person sees: `badugi-spec play` in a real terminal, driven through tmux.

tmux runs the trainer in a pane of a known size; `send-keys` types as a person would and
`capture-pane` reads the screen back, with `-e` its colours too. Each test uses its own
tmux server (`-L`), killed at the end. Skipped when tmux is missing (Debian:
`apt-get install tmux`; `.ci/run` installs it).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(
    TMUX is None, reason="no tmux on PATH (Debian: apt-get install tmux)"
)
WIDTH, HEIGHT = 90, 60


class Pane:
    def __init__(self, command: str, *, socket: Path) -> None:
        assert TMUX is not None
        self.base = [TMUX, "-S", str(socket), "-f", "/dev/null"]
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TMUX")}
        # The shell keeps the pane open after the trainer exits, to read its status; its
        # trap is a handler, not an ignore, so the trainer still gets Ctrl-C as usual.
        script = f'trap : INT; {command}; echo "[exit status $?]"; sleep 60'
        subprocess.run(
            [
                *self.base,
                "new-session",
                "-d",
                "-s",
                "play",
                "-x",
                str(WIDTH),
                "-y",
                str(HEIGHT),
                "sh",
                "-c",
                script,
            ],
            check=True,
            env={**env, "TERM": "xterm-256color"},
            timeout=30,
        )

    def send(self, *keys: str) -> None:
        subprocess.run([*self.base, "send-keys", "-t", "play", *keys], check=True, timeout=30)

    def screen(self, *, colours: bool = False) -> str:
        flags = ["-p", "-S", "-", "-E", "-"] + (["-e"] if colours else [])
        done = subprocess.run(
            [*self.base, "capture-pane", "-t", "play", *flags],
            check=True,
            capture_output=True,
            text=True,
            timeout=30,
        )
        return done.stdout

    def wait_for(self, text: str, *, timeout: float = 30) -> str:
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if text in screen:
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"{text!r} never appeared; the screen:\n{screen}")
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, check=False, timeout=30)


@pytest.fixture
def pane(tmp_path: Path) -> Iterator[Pane]:
    command = f"{shlex.quote(sys.executable)} -m badugi_spec play --seed 3 --hints"
    opened = Pane(command, socket=tmp_path / "tmux.sock")
    try:
        yield opened
    finally:
        opened.close()


def test_the_table_in_a_terminal_with_the_four_colour_deck(pane: Pane) -> None:
    screen = pane.wait_for("Your move:")
    assert "── Hand 1 of 12 · house · betting round 1 of 4, before the first draw ──" in screen
    assert "Your cards  [8♦] [4♠] [J♥] [9♣]   4-card J-9-8-4 (badugi)" in screen
    assert "1*   2*   3*   4*    (* plays, R2.1)" in screen
    assert "Your move: c call 1 · r raise to 4 · f fold" in screen
    # Every line fits the terminal: long narration wraps under its text, past the rule column.
    lines = screen.splitlines()
    assert all(len(line) <= WIDTH for line in lines)
    wrapped = lines[lines.index(next(x for x in lines if x.startswith("R3.2"))) + 1]
    assert wrapped.startswith("       ") and wrapped.strip()
    coloured = pane.screen(colours=True)
    # tmux writes each attribute on its own: bold, then the suit's colour.
    assert "\x1b[31mJ♥" in coloured  # hearts red
    assert "\x1b[34m8♦" in coloured  # diamonds blue
    assert "\x1b[32m9♣" in coloured  # clubs green
    assert "\x1b[1m4♠" in coloured  # spades in the terminal's own colour, bold


def test_keys_refusals_hints_and_ctrl_c(pane: Pane) -> None:
    pane.wait_for("Your move:")
    pane.send("k", "Enter")
    screen = pane.wait_for("Refused, check-facing-bet")
    assert "R3.5   Refused, check-facing-bet: there are 1 to call" in screen
    pane.send("c", "Enter")
    screen = pane.wait_for("The book says")
    assert "R3.7   The round goes on" in screen
    assert "R4.4   One card is burned" in screen
    assert "hint   The book says throw J♥, keep 8♦ 4♠ 9♣" in screen
    pane.send("o 3 4", "Enter")
    pane.wait_for("Throw J♥ 9♣, keep 8♦ 4♠:")
    pane.send("d 3", "Enter")
    screen = pane.wait_for("R4.2   You throw J♥ and draw")
    pane.send("C-c")
    screen = pane.wait_for("[exit status 130]")
    assert "Session stopped (Ctrl-C) during hand 1, which does not count." in screen
    assert "Traceback" not in screen


def test_end_of_input_at_the_keyboard(pane: Pane) -> None:
    pane.wait_for("Your move:")
    pane.send("C-d")
    screen = pane.wait_for("[exit status 0]")
    assert "Session stopped (end of input) during hand 1" in screen
    assert "Hands won: you 0, Bot 0" in screen


def test_a_badeucy_session_played_to_its_end(tmp_path: Path) -> None:
    """A split game at a real terminal: five cards valued in both halves, and a session of
    calls played to its end (R6.4), its last pot halved or scooped with its rule (R8.29)."""
    command = f"{shlex.quote(sys.executable)} -m badugi_spec play --seed 1 --profile badeucy"
    badeucy = Pane(command, socket=tmp_path / "tmux.sock")
    try:
        screen = badeucy.wait_for("Your move:")
        assert "── Hand 1 · badeucy · betting round 1 of 4, before the first draw ──" in screen
        assert "[6♦] [8♦] [10♦] [A♥] [J♦]   Badugi 2-card A-6 · 2-7 low A-J-10-8-6" in screen
        assert "1*   2     3    4*   5     (* plays in the Badugi half;" in screen
        # Call, check, stand pat, over and over: keys typed ahead wait in the terminal.
        badeucy.send(*["c", "Enter", "k", "Enter", "p", "Enter"] * 150)
        screen = badeucy.wait_for("[exit status 0]", timeout=120)
    finally:
        badeucy.close()
    assert "R6.4   The session is over: you ran out of chips." in screen
    assert "R8.29  Bot scoops the main pot" in screen
    assert "Bot wins the session with the most chips" in screen and "Traceback" not in screen
