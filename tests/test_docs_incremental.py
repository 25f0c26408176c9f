"""A docs rebuild redraws only what changed: each scenario's run and its drawn pieces are
kept by the scenario's text and the engine (`badugi_spec.docs.cache`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from badugi_spec.docs import build, fragments

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "scenarios" / "01-cards-and-positions"


@pytest.fixture
def small_suite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "01-cards-and-positions"
    shutil.copytree(SUITE, folder)
    # The pages drawn from the code alone are kept on disk by the code's key; this test is
    # about the scenarios, so they are left out (they cost seconds when the disk is cold).
    monkeypatch.setattr(build, "PAGES", [p for p in build.PAGES if not p.code_only])
    return tmp_path


def test_a_rebuild_runs_and_draws_only_the_edited_scenario(small_suite: Path) -> None:
    first = build.render_site(small_suite)
    runs, drawn = build.RUNS.misses, fragments.DRAWN.misses
    again = build.render_site(small_suite)
    assert again == first
    assert (build.RUNS.misses, fragments.DRAWN.misses) == (runs, drawn)

    edited = sorted(small_suite.rglob("*.badugi"))[0]
    text = edited.read_text(encoding="utf-8")
    title = text.split('"', 2)[1]
    edited.write_text(text.replace(f'"{title}"', '"A title edited a moment ago"', 1))
    after = build.render_site(small_suite)
    assert build.RUNS.misses == runs + 1  # one scenario ran again, the others did not
    assert fragments.DRAWN.misses == drawn + 1
    changed = [name for name in after.pages if after.pages[name] != first.pages[name]]
    assert changed and all("A title edited a moment ago" in after.pages[n] for n in changed[:1])
    assert "A title edited a moment ago" not in "".join(first.pages.values())


def test_a_failing_edit_still_stops_the_build(small_suite: Path) -> None:
    build.render_site(small_suite)
    edited = sorted(small_suite.rglob("*.badugi"))[0]
    edited.write_text(edited.read_text(encoding="utf-8") + "expect pot 12345\n")
    with pytest.raises(build.DocsBuildError, match="do not pass"):
        build.render_site(small_suite)
