"""`make serve` as an author meets it: one save of a scenario is one rebuild, and the page
then shows the edit.

How fast it shows is a speed target, and speed targets live in the benchmarks
(`benchmarks/docs.py`, `make bench`: save to page within 5 s on the whole suite), not in
a timed test that a busy machine fails for no fault of the code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from benchmarks.live import time_edit
from tests.test_docs import small_site_config

ROOT = Path(__file__).resolve().parent.parent


def test_one_save_is_one_rebuild_and_the_page_shows_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scenarios = tmp_path / "scenarios"
    shutil.copytree(ROOT / "scenarios" / "01-cards-and-positions", scenarios / "01")
    edited = sorted(scenarios.rglob("*.badugi"))[0]
    # The site is served from its own small configuration (the generated pages, where the
    # edit shows, without the hand-written ones), with the checkout's cache of the pages
    # drawn from code alone, as `make serve` has it.
    monkeypatch.setenv("BADUGI_DOCS_CACHE", str(ROOT / "build" / "docs-cache"))
    root = tmp_path / "site-source"
    root.mkdir()
    small_site_config(root)
    (root / "rules").symlink_to(ROOT / "rules", target_is_directory=True)  # serve watches it
    # time_edit fails unless the served page shows the new title (within its timeout).
    edit = time_edit(
        root, edited, "generated/01-cards-and-positions/", scenarios=scenarios, timeout=120
    )
    assert edit.rebuilds == 1, edit  # not a second build set off by the first one
    assert edited.read_text(encoding="utf-8") == (
        ROOT / "scenarios" / "01-cards-and-positions" / edited.name
    ).read_text(encoding="utf-8")  # the file is put back as it was
