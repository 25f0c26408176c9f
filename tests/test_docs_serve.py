"""`make serve` as an author meets it: one save of a scenario is one rebuild, and the page
shows the edit within the target (`benchmarks/docs.py` times it on the whole suite)."""

from __future__ import annotations

import shutil
from pathlib import Path

from badugi_spec.docs.live import time_edit

ROOT = Path(__file__).resolve().parent.parent
TARGET = 5.0
"""Seconds from the save to the page that shows it (the benchmark's target)."""


def test_one_save_is_one_rebuild_and_shows_within_the_target(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    shutil.copytree(ROOT / "scenarios" / "01-cards-and-positions", scenarios / "01")
    edited = sorted(scenarios.rglob("*.badugi"))[0]
    first = time_edit(ROOT, edited, "generated/01-cards-and-positions/", scenarios=scenarios)
    assert first.rebuilds == 1, first  # not a second build set off by the first one
    best = first
    if first.seconds > TARGET:
        # A busy machine (the other test worker) can stall one rebuild: time a second save.
        best = min(
            first,
            time_edit(ROOT, edited, "generated/01-cards-and-positions/", scenarios=scenarios),
            key=lambda e: e.seconds,
        )
    assert best.seconds <= TARGET, best
    assert edited.read_text(encoding="utf-8") == (
        ROOT / "scenarios" / "01-cards-and-positions" / edited.name
    ).read_text(encoding="utf-8")  # the file is put back as it was
