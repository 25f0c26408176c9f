"""`benchmarks/page_engine.py` given a folder that is no built site: a row that says so,
not a traceback (`make bench` prints every group's rows, and one group's crash lost them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import page_engine
from tests import webdriver


def test_a_site_folder_without_the_engines_manifest_is_one_row_saying_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BADUGI_BENCH_SITE", str(tmp_path))
    # The check comes before any browser starts: a stand-in path is enough to get there.
    monkeypatch.setattr(webdriver, "CHROMIUM", webdriver.CHROMIUM or "chromium")
    monkeypatch.setattr(webdriver, "CHROMEDRIVER", webdriver.CHROMEDRIVER or "chromedriver")
    (row,) = page_engine.run()
    assert row.ours is None and row.met is None
    assert row.note.startswith("n/a (no ") and "manifest.json" in row.note
