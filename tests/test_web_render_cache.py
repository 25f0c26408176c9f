"""A page's Markdown conversion reused between the builds of one process
(`badugi_spec/web/render_cache.py`, what `mkdocs serve` rebuilds with): only a page whose
input changed is converted again, the output is the same, and a kept conversion's
warnings still stop a strict build."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort
from mkdocs.structure.pages import Page

from badugi_spec.web import render_cache

HOOK = """
from badugi_spec.web import render_cache

def on_page_markdown(markdown, page, config, files):
    render_cache.cached_render(page, config, files)
    return markdown

def on_post_build(config):
    render_cache.build_done()
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n\nSee [the other](other.md#two).\n")
    (tmp_path / "docs" / "other.md").write_text("# Other\n\n## Two\n\nText.\n")
    (tmp_path / "hook.py").write_text(HOOK)
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: t\nhooks: [hook.py]\nvalidation:\n  links:\n    anchors: warn\n"
    )
    return tmp_path


def _build(project: Path) -> dict[str, str]:
    config = load_config(str(project / "mkdocs.yml"), strict=True)
    build(config)
    site = project / "site"
    return {name: (site / name / "index.html").read_text() for name in ("", "other")}


def test_only_the_edited_page_is_converted_again(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    conversions: list[str] = []
    convert = Page.render

    def counted(page: Page, config: object, files: object) -> None:
        conversions.append(page.file.src_uri)
        convert(page, config, files)  # type: ignore[arg-type]

    monkeypatch.setattr(Page, "render", counted)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # the pages' build date, else they differ
    first = _build(project)
    assert sorted(conversions) == ["index.md", "other.md"]
    assert _build(project) == first
    assert len(conversions) == 2  # nothing converted the second time
    (project / "docs" / "other.md").write_text("# Other\n\n## Two\n\nText, edited.\n")
    assert "Text, edited." in _build(project)["other"]
    assert conversions[2:] == ["other.md"]


@pytest.mark.parametrize("link", ["other.md#nowhere", "gone.md"])
def test_a_kept_conversion_still_warns_in_a_strict_build(project: Path, link: str) -> None:
    # An anchor is checked after the conversion, a missing page during it (kept, re-logged).
    (project / "docs" / "index.md").write_text(f"# Home\n\nSee [it]({link}).\n")
    for _ in range(2):  # converted, then kept: both builds stop on the broken anchor
        with pytest.raises(Abort):
            _build(project)
    render_cache.build_done()
