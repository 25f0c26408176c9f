"""Docs: wall time of a strict site build, if the site exists."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.timing import Row, seconds

ROOT = Path(__file__).resolve().parent.parent
WHAT = "mkdocs build --strict (s)"


def run() -> list[Row]:
    if not (ROOT / "mkdocs.yml").exists():
        return [Row("docs", WHAT, None, None, "s", None, "", None, "n/a (no mkdocs.yml)")]
    with tempfile.TemporaryDirectory() as site:
        command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", site]
        env = os.environ | {"NO_MKDOCS_2_WARNING": "1"}
        outcome: list[subprocess.CompletedProcess[str]] = []
        wall = seconds(
            lambda: outcome.append(
                subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
            )
        )
    done = outcome[0]
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        return [Row("docs", WHAT, wall, None, "s", None, "", None, f"build FAILED: {last[:80]}")]
    return [Row("docs", WHAT, wall, None, "s", None, "", None, "")]
