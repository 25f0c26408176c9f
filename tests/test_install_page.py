"""The install page's download (defect 9 of issue 38: it named "a git clone of its
repository" and linked nowhere): every wheel it links is a file of the built site, the
wheel its `pip install` names, and a wheel of the right package; a build without the
engine in the page says why it has no download instead of linking to nothing."""

from __future__ import annotations

import html
import re
import zipfile

import pytest

from badugi_spec.web import install_links
from tests.test_docs import ROOT, shared_site


def test_the_install_pages_wheels_are_in_the_site(tmp_path_factory: pytest.TempPathFactory) -> None:
    site = shared_site(tmp_path_factory)
    if not (site / "pyodide" / "wheels").is_dir():
        pytest.skip("this build has no engine in the page, so no wheel (said on the page)")
    page = (site / "install" / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'class="install-wheel" href="([^"]+)"', page)
    assert len(links) == 2, links
    names = []
    for link in links:
        path = (site / "install" / link).resolve()
        assert path.is_file(), f"{link} is not in the built site"
        with zipfile.ZipFile(path) as wheel:
            meta = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
            name = re.search(r"^Name: (.+)$", wheel.read(meta).decode(), re.M)
        assert name is not None
        names.append((path.name, name[1].strip().lower().replace("_", "-")))
    assert [package for _, package in names] == ["badugi-spec", "lark"]
    command = f"pip install {names[0][0]} {names[1][0]}"
    text = html.unescape(re.sub(r"<[^>]+>", "", page))  # the code block's highlighting off
    assert command in text  # the command installs the very files linked
    assert "git clone ADDRESS" in text  # the source stays described, with no invented address


def test_a_build_without_the_engine_says_why_it_has_no_download(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BADUGI_PYODIDE", "0")
    said = install_links.section(ROOT)
    assert "carries no wheel" in said and "BADUGI_PYODIDE=0" in said
    assert "href" not in said
    assert install_links.fill("a\n" + install_links.MARK + "\nb", ROOT) == f"a\n{said}\nb"
