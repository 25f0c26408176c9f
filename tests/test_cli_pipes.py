"""Broken pipes: quiet when the reader of our output leaves, reported when anything else breaks."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from badugi_spec import cli
from badugi_spec.commands import hand_cmds

# A command whose output (2 MB) is far more than a pipe holds, so the write really breaks.
LOUD = """
import sys
from badugi_spec import cli
from badugi_spec.commands import hand_cmds
def loud(args):
    for _ in range(20000):
        print("R1 " + "x" * 100)
    return 0
hand_cmds.run_rules = loud
sys.exit(cli.main(["rules"]))
"""


def test_a_reader_that_stops_early_is_not_an_error() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", LOUD],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # like `| head -1`
    err = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) == 0
    assert first.startswith(b"R1 ") and err == ""


def test_another_broken_pipe_is_reported(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(args: argparse.Namespace) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(cli, "_stdout_is_closed", lambda: False)
    monkeypatch.setattr(hand_cmds, "run_rules", broken)
    # A parser built now, holding the broken command (`main` keeps the one it built).
    monkeypatch.setattr(cli, "_parser_for", cli.build_parser)
    assert cli.main(["rules"]) == 2
    assert capsys.readouterr().err.startswith("badugi-spec: error: [Errno 32] Broken pipe")
