"""`make serve` as an author meets it: one save of a scenario is one rebuild, and the page
then shows the edit.

How fast it shows is a speed target, and speed targets live in the benchmarks
(`benchmarks/docs.py`, `make bench`: save to page within 5 s on the whole suite), not in
a timed test that a busy machine fails for no fault of the code."""

from __future__ import annotations

import shutil
from pathlib import Path

from benchmarks.live import time_edit

ROOT = Path(__file__).resolve().parent.parent


def test_one_save_is_one_rebuild_and_the_page_shows_it(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    shutil.copytree(ROOT / "scenarios" / "01-cards-and-positions", scenarios / "01")
    edited = sorted(scenarios.rglob("*.badugi"))[0]
    # time_edit fails unless the served page shows the new title (within its timeout).
    edit = time_edit(
        ROOT, edited, "generated/01-cards-and-positions/", scenarios=scenarios, timeout=120
    )
    assert edit.rebuilds == 1, edit  # not a second build set off by the first one
    assert edited.read_text(encoding="utf-8") == (
        ROOT / "scenarios" / "01-cards-and-positions" / edited.name
    ).read_text(encoding="utf-8")  # the file is put back as it was
