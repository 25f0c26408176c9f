"""Docs: the strict site build, an author's edit under `make serve`, and what the site weighs.

The build is timed cold: no docs cache on disk, so every scenario is run and every page
drawn, as CI and a fresh clone meet them. The engine in the page is a dependency of the
site, not one of its pages: its wheels and prepared start (a pip-installed build backend,
a Node run of Pyodide) live in `build/pyodide/` under a key of everything they are made
from, like a package cache, and are made (or found) before the clock starts; the row's
note says how long that took. A build that has to make them does so beside the pages
(`badugi_spec.web.site_hook`). The edit is one scenario retitled while `mkdocs serve` runs, timed
until the page that shows it has changed (`benchmarks.live`); and the built site is
weighed page by page (`benchmarks.budgets`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from badugi_spec.web import pyodide_build
from benchmarks.budgets import (
    PAGE_BYTES,
    PAGE_ELEMENTS,
    SEARCH_BYTES,
    SEARCH_INDEX,
    page_weights,
)
from benchmarks.live import ServeError, time_edit
from benchmarks.timing import Row, seconds

ROOT = Path(__file__).resolve().parent.parent
BUILD = "mkdocs build --strict, cold (s)"
BUILD_TARGET = 15.0
EDIT = "edit a scenario to its page updated, make serve (s)"
EDIT_TARGET = 5.0
EDITED = ROOT / "scenarios" / "03-betting" / "big-blind-option-check.badugi"


def run() -> list[Row]:
    if not (ROOT / "mkdocs.yml").exists():
        return [Row("docs", BUILD, None, None, "s", None, "", None, "n/a (no mkdocs.yml)")]
    rows: list[Row] = []
    # The engine's dependency cache, filled (or found) outside the timed build.
    prepared = seconds(lambda: pyodide_build.prepare(ROOT))
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)]
        env = os.environ | {"NO_MKDOCS_2_WARNING": "1", "BADUGI_DOCS_CACHE": "off"}
        outcome: list[subprocess.CompletedProcess[str]] = []
        wall = seconds(
            lambda: outcome.append(
                subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
            )
        )
        done = outcome[0]
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["?"])[-1]
            return [Row("docs", BUILD, wall, None, "s", None, "", None, f"FAILED: {last[:80]}")]
        made = f"made in {prepared:.0f} s" if prepared >= 1 else "found"
        rows.append(_row(BUILD, wall, BUILD_TARGET, "s", note=f"engine's prepared start {made}"))
        heaviest = page_weights(site)[0]
        most_elements = max(page_weights(site), key=lambda w: w.elements)
        rows.append(
            _row(
                "largest page (kB of HTML)",
                heaviest.bytes / 1000,
                PAGE_BYTES / 1000,
                "kB",
                note=heaviest.page,
            )
        )
        rows.append(
            _row(
                "most elements on a page",
                most_elements.elements,
                PAGE_ELEMENTS,
                "",
                note=most_elements.page,
            )
        )
        index = (site / SEARCH_INDEX).stat().st_size
        rows.append(_row("search index (kB)", index / 1000, SEARCH_BYTES / 1000, "kB"))
    try:
        with tempfile.TemporaryDirectory() as scratch:
            # The whole suite, copied: a benchmark stopped half way leaves the checkout as
            # it was.
            copy = Path(scratch) / "scenarios"
            shutil.copytree(ROOT / "scenarios", copy)
            edited = copy / EDITED.relative_to(ROOT / "scenarios")
            edit = time_edit(ROOT, edited, "generated/03-betting/", scenarios=copy)
    except ServeError as error:
        rows.append(Row("docs", EDIT, None, None, "s", None, "", None, f"FAILED: {error}"[:90]))
        return rows
    note = f"{edit.rebuilds} rebuild(s); first build {edit.first_build:.1f} s"
    rows.append(_row(EDIT, edit.seconds, EDIT_TARGET, "s", note=note))
    return rows


def _row(what: str, ours: float, most: float, unit: str, *, note: str = "") -> Row:
    return Row("docs", what, ours, None, unit, None, f"<= {most:g}", ours <= most, note)
