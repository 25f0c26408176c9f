"""The playground's share link under node (issue 41): a link that inflates past the size of
a scenario is stopped while it inflates, chunk by chunk, not after."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "docs" / "javascripts" / "share-link.js"
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
  process.stdout.write(JSON.stringify(out));
})();
"""


def test_a_link_is_inflated_within_the_limit() -> None:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "-e", PROGRAM, str(SCRIPT)], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout)
    assert out["back"] is True
    assert out["bombChars"] < 200_000 and out["bomb"] == "too long"
    assert out["ms"] < 2000, out  # stopped early: not 16 MB inflated first
    assert out["long"] == "too long" and out["broken"] == "broken"
