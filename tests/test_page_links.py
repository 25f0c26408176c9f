"""The pages' links under node (issue 41, docs/javascripts/links.js): a playground link
that inflates past the size of a scenario is stopped while it inflates, chunk by chunk, not
after; a play link whose seed or player count is no whole number in range is a message
about the link, not a session the engine fails on."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "docs" / "javascripts" / "links.js"
NODE = shutil.which("node") or shutil.which("nodejs")
pytestmark = pytest.mark.skipif(NODE is None, reason="no node on PATH (Debian: nodejs)")

PROGRAM = """
const L = require(process.argv[1]);
(async () => {
  const out = {};
  const text = "scenario a \\"Ann\\"\\nrules R3.6\\n♠ é\\n";
  out.back = (await L.unsqueeze(await L.squeeze(text))) === text;
  const bomb = await L.squeeze("a".repeat(16 * 1024 * 1024));
  out.bombChars = bomb.length;
  const started = Date.now();
  try { await L.unsqueeze(bomb); out.bomb = "opened"; }
  catch (e) { out.bomb = e instanceof L.LinkTooLong ? "too long" : String(e); }
  out.ms = Date.now() - started;
  try { await L.unsqueeze("x".repeat(3000000)); out.long = "opened"; }
  catch (e) { out.long = e instanceof L.LinkTooLong ? "too long" : String(e); }
  try { await L.unsqueeze("AAAA-broken"); out.broken = "opened"; }
  catch (e) { out.broken = e instanceof L.LinkTooLong ? "too long" : "broken"; }
  out.play = ["#seed=NaN", "#seed=7&players=2.5", "#seed=7&players=9", "#seed=1e3",
    "#seed=7&profile=%3Cb%3E", "#seed=7&players=3&profile=badacy&keys=%5B%22c%22%5D",
    "#seed=7&keys=nope", "#players=3", "#seed=7&review=12", "#seed=7&review=0",
    "#seed=7&review=%3Cb%3E"].map((hash) => L.readPlayLink(hash));
  process.stdout.write(JSON.stringify(out));
})();
"""


@functools.cache
def _answers() -> dict[str, Any]:
    """One node run for both tests."""
    assert NODE is not None
    done = subprocess.run(
        [NODE, "-e", PROGRAM, str(SCRIPT)], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    answers: dict[str, Any] = json.loads(done.stdout)
    return answers


def test_a_link_is_inflated_within_the_limit() -> None:
    out = _answers()
    assert out["back"] is True
    assert out["bombChars"] < 200_000 and out["bomb"] == "too long"
    assert out["ms"] < 2000, out  # stopped early: not 16 MB inflated first
    assert out["long"] == "too long" and out["broken"] == "broken"


def test_a_play_link_is_read_field_by_field() -> None:
    nan, half, nine, exponent, tag, good, keys, none, review, zero, tagged = _answers()["play"]
    assert nan["problem"].startswith('This link\'s seed "NaN" is not a whole number from 0 to')
    assert half["problem"].startswith(
        'This link\'s players "2.5" is not a whole number from 2 to 8'
    )
    assert "players" in nine["problem"] and "seed" in exponent["problem"]
    assert "profile" in tag["problem"]
    assert good == {
        "choice": {"profile": "badacy", "seats": 3, "seed": 7, "hints": False, "inputs": ["c"]},
        "keysUnreadable": False,
        "reviewProblem": "",
    }
    assert keys["keysUnreadable"] is True and keys["choice"]["inputs"] == []
    assert none is None
    # A review link names a hand by its number; a bad one is one line, and the session
    # still opens (its choice is read), without a review.
    assert review["choice"]["review"] == 12 and review["reviewProblem"] == ""
    for bad, shown in ((zero, '"0"'), (tagged, '"<b>"')):
        assert "review" not in bad["choice"]
        assert bad["reviewProblem"] == (
            f"This link's review {shown} is not a hand number from 1 to 999:"
            " the session is shown without a review."
        )
