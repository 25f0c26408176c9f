"""The built site in headless Chromium: coloured cards, navigation, the search index.

Skipped when no Chromium is installed (Debian: `apt-get install chromium`). Pages are
served over HTTP from a thread on 127.0.0.1 and read back with `--dump-dom`.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import subprocess
import tempfile
import threading
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from badugi_spec.rules import load
from tests.test_docs import shared_site


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "/usr/bin/chromium"):
        found = shutil.which(name)
        if found:
            return found
    return None


CHROMIUM = _chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium on PATH (Debian: apt-get install chromium)"
)

PROBE = """<!doctype html>
<html><head><meta charset="utf-8">
{links}
</head><body>
<div class="md-typeset" data-md-color-scheme="default" id="light">
  <span class="card red">A♥</span> <span class="card black">A♠</span></div>
<div class="md-typeset" data-md-color-scheme="slate" id="dark">
  <span class="card red">A♥</span> <span class="card black">A♠</span></div>
<pre id="out">pending</pre>
<script>
  const out = {{}};
  for (const scheme of ["light", "dark"]) {{
    const root = document.getElementById(scheme);
    const style = (css) => getComputedStyle(root.querySelector(css));
    out[scheme] = {{
      red: style(".red").color,
      black: style(".black").color,
      background: style(".red").backgroundColor,
    }};
  }}
  document.getElementById("out").textContent = JSON.stringify(out);
</script>
</body></html>
"""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = shared_site(tmp_path_factory)
    links = "\n".join(
        f'<link rel="stylesheet" href="{p.relative_to(site).as_posix()}">'
        for p in sorted((site / "assets" / "stylesheets").glob("*.css"))
    )
    links += '\n<link rel="stylesheet" href="stylesheets/extra.css">'
    (site / "probe.html").write_text(PROBE.format(links=links), encoding="utf-8")
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def dump_dom(url: str) -> str:
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                "--virtual-time-budget=5000",
                "--dump-dom",
                url,
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _rgb(css: str) -> tuple[float, ...]:
    numbers = re.findall(r"[\d.]+", css)
    assert len(numbers) >= 3, css
    return tuple(float(n) / 255 for n in numbers[:3])


def _luminance(rgb: tuple[float, ...]) -> float:
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(_rgb(a)), _luminance(_rgb(b))), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_cards_have_their_colour_classes(base_url: str) -> None:
    dom = dump_dom(base_url + "generated/02-hand-values/")
    assert 'id="house-worked-example"' in dom
    assert '<span class="card red">K♦</span>' in dom
    assert '<span class="card black">4♣</span>' in dom
    assert "data-md-color-scheme" in dom  # Material's scripts ran


def test_card_colours_are_legible_in_both_schemes(base_url: str) -> None:
    dom = dump_dom(base_url + "probe.html")
    match = re.search(r'<pre id="out">(\{.*?\})</pre>', dom)
    assert match, dom[-1500:]
    colours = json.loads(match.group(1))
    for scheme in ("light", "dark"):
        red, black, background = (colours[scheme][k] for k in ("red", "black", "background"))
        r, g, b = _rgb(red)
        assert r > 0.6 and r > g + 0.2 and r > b + 0.2, (scheme, red)
        assert _contrast(red, background) >= 4.5, (scheme, red, background)
        assert _contrast(black, background) >= 4.5, (scheme, black, background)
    assert colours["light"]["background"] != colours["dark"]["background"]


def test_navigation_reaches_a_rule_page(base_url: str) -> None:
    dom = dump_dom(base_url)
    hrefs = re.findall(r'<a[^>]+href="([^"#]*generated/[^"#]*)"[^>]*class="md-nav__link', dom)
    hrefs += re.findall(
        r'<a[^>]+class="md-nav__link[^"]*"[^>]+href="([^"#]*generated/[^"#]*)"', dom
    )
    assert any("03-betting" in h for h in hrefs), hrefs
    assert any("coverage" in h for h in hrefs), hrefs
    betting = next(h for h in hrefs if "03-betting" in h)
    page = dump_dom(urllib.parse.urljoin(base_url, betting))
    assert 'id="R3.6"' in page
    assert "R3 Betting" in page


def test_search_index_loads_over_http(base_url: str) -> None:
    with urllib.request.urlopen(base_url + "search/search_index.json", timeout=30) as reply:
        index = json.load(reply)
    locations = {doc["location"] for doc in index["docs"]}
    text = " ".join(doc["title"] + " " + doc["text"] for doc in index["docs"])
    for rule_id in load():
        assert rule_id in text, rule_id
    assert "generated/03-betting/#R3.6" in locations
