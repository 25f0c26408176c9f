"""The Chromium the browser tests share (tests/webdriver.py): each borrower gets it with
nothing kept from the one before, as a fresh profile would be."""

from __future__ import annotations

from pathlib import Path

from tests.webdriver import browser, served

READ = "return [localStorage.getItem('k'), sessionStorage.getItem('k'), document.cookie]"


def test_a_lent_chromium_keeps_nothing_from_its_last_borrower(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>kept?</title>", encoding="utf-8")
    with served(tmp_path) as url:
        with browser(width=1280) as first:
            first.get(url)
            first.js("localStorage.k = 'v'; sessionStorage.k = 'v'; document.cookie = 'k=v'")
            assert first.js(READ) == ["v", "v", "k=v"]
        with browser(width=390, height=700) as second:
            assert second is first  # the same Chromium, lent again
            second.get(url)
            assert second.js(READ) == [None, None, ""]
            assert second.js("return window.innerWidth") <= 390
