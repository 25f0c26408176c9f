"""The built site in headless Chromium: coloured cards, navigation, the search index.

Skipped when no Chromium is installed (Debian: `apt-get install chromium`). Pages are
served over HTTP from a thread on 127.0.0.1 and read back, once loaded, from one Chromium
for the module (tests/webdriver.py).
"""

from __future__ import annotations

import json
import re
import shutil
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from badugi_spec.docs.lessons import FOLDER as LESSONS
from badugi_spec.docs.lessons.source import read_all
from badugi_spec.rules import load
from tests.test_docs import shared_site
from tests.webdriver import Browser, browser, served


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
  <span class="card hearts">A♥</span> <span class="card spades">A♠</span>
  <span class="card diamonds">A♦</span> <span class="card clubs">A♣</span></div>
<div class="md-typeset" data-md-color-scheme="slate" id="dark">
  <span class="card hearts">A♥</span> <span class="card spades">A♠</span>
  <span class="card diamonds">A♦</span> <span class="card clubs">A♣</span></div>
<pre id="out">pending</pre>
<script>
  const out = {{}};
  for (const scheme of ["light", "dark"]) {{
    const root = document.getElementById(scheme);
    const style = (css) => getComputedStyle(root.querySelector(css));
    out[scheme] = {{
      hearts: style(".hearts").color,
      spades: style(".spades").color,
      diamonds: style(".diamonds").color,
      clubs: style(".clubs").color,
      background: style(".hearts").backgroundColor,
    }};
  }}
  document.getElementById("out").textContent = JSON.stringify(out);
</script>
</body></html>
"""


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = shared_site(tmp_path_factory)
    links = "\n".join(
        f'<link rel="stylesheet" href="{p.relative_to(site).as_posix()}">'
        for p in sorted((site / "assets" / "stylesheets").glob("*.css"))
    )
    links += '\n<link rel="stylesheet" href="stylesheets/extra.css">'
    (site / "probe.html").write_text(PROBE.format(links=links), encoding="utf-8")
    (site / "frame.html").write_text(FRAME, encoding="utf-8")
    (site / "fold.html").write_text(FOLD, encoding="utf-8")
    with served(site) as url:
        yield url


@pytest.fixture(scope="module")
def window() -> Iterator[Browser]:
    """One headless Chromium for the module (a Chromium started per page cost a second or
    two of CPU each, eleven times)."""
    with browser(width=1280) as b:
        yield b


READY = (
    "return document.readyState === 'complete'"
    " && (!document.getElementById('out')"
    " || document.getElementById('out').textContent !== 'pending')"
)
"""A page is read once it has loaded and its probe, if it has one, has written its result."""


def dump_dom(window: Browser, url: str, *, timeout: float = 30.0) -> str:
    """The page's DOM once it has loaded and its scripts have run (`READY`)."""
    window.get(url)
    window.wait(READY, timeout=timeout)
    return str(window.js("return document.documentElement.outerHTML"))


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


def test_cards_have_their_suit_classes(base_url: str, window: Browser) -> None:
    dom = dump_dom(window, base_url + "generated/02-hand-values/")
    assert 'id="house-worked-example"' in dom
    assert '<span class="card diamonds off" title="does not play">K♦</span>' in dom
    assert '<span class="card clubs">4♣</span>' in dom
    assert "data-md-color-scheme" in dom  # Material's scripts ran


def _hue(rgb: tuple[float, ...]) -> str:
    r, g, b = rgb
    if max(rgb) - min(rgb) < 0.15:
        return "grey"
    return "red" if r >= max(g, b) else "green" if g >= b else "blue"


def test_four_colour_deck_is_legible_in_both_schemes(base_url: str, window: Browser) -> None:
    dom = dump_dom(window, base_url + "probe.html")
    match = re.search(r'<pre id="out">(\{.*?\})</pre>', dom)
    assert match, dom[-1500:]
    colours = json.loads(match.group(1))
    for scheme in ("light", "dark"):
        background = colours[scheme]["background"]
        hues = {suit: _hue(_rgb(colours[scheme][suit])) for suit in ("hearts", "diamonds", "clubs")}
        # Every suit its own colour: hearts red, diamonds blue, clubs green, spades neutral.
        assert hues == {"hearts": "red", "diamonds": "blue", "clubs": "green"}, (scheme, hues)
        assert _hue(_rgb(colours[scheme]["spades"])) == "grey", scheme
        for suit in ("hearts", "spades", "diamonds", "clubs"):
            colour = colours[scheme][suit]
            assert _contrast(colour, background) >= 4.5, (scheme, suit, colour, background)
    assert colours["light"]["background"] != colours["dark"]["background"]


def test_navigation_reaches_a_rule_page(base_url: str, window: Browser) -> None:
    dom = dump_dom(window, base_url)
    hrefs = re.findall(r'<a[^>]+href="([^"#]*generated/[^"#]*)"[^>]*class="md-nav__link', dom)
    hrefs += re.findall(
        r'<a[^>]+class="md-nav__link[^"]*"[^>]+href="([^"#]*generated/[^"#]*)"', dom
    )
    assert any("03-betting" in h for h in hrefs), hrefs
    assert any("coverage" in h for h in hrefs), hrefs
    betting = next(h for h in hrefs if "03-betting" in h)
    page = dump_dom(window, urllib.parse.urljoin(base_url, betting))
    assert 'id="R3.6"' in page
    assert "R3 Betting" in page
    learn = re.findall(r'href="([^"#]*how-to-play/)"', dom)
    assert learn, "How to play is in the navigation"


def test_in_page_evaluator_agrees_with_python(base_url: str, window: Browser) -> None:
    from badugi_spec.rankings.explain import explain

    for typed in ("As2h3dKd", "2c2h3c4d"):
        dom = dump_dom(window, base_url + "try/?hand=" + urllib.parse.quote(typed))
        output = dom.split('class="try-output"', 1)[1].split("</div></div>", 1)[0]
        info = explain(typed)
        assert f'<strong class="value">{info.value}</strong>' in output, (typed, output[:800])
        for drop in info.drops:
            card = drop.card.pretty()
            assert f'title="does not play">{card}</span>' in output
            assert f"{card} does not play: it " in output
        assert "All 15 groups of these 4 cards were tried" in output
    dom = dump_dom(window, base_url + "try/?hand=" + urllib.parse.quote("As As 3d Kd"))
    assert 'class="try-error"' in dom and "there twice" in dom  # bad input: one clear line


def test_quiz_explains_the_answer(base_url: str, window: Browser) -> None:
    from badugi_spec.cards import parse_cards
    from badugi_spec.rankings.house import compare

    for seed in (1, 2):
        dom = dump_dom(window, base_url + f"try/?quiz={seed}&pick=1")
        area = dom.split('class="quiz-area"', 1)[1]
        hands = re.findall(r'<div class="quiz-hand"><p>Hand \d</p>(.*?)</div>', area)
        assert len(hands) == 2, area[:600]
        first, second = (
            parse_cards(
                " ".join(re.findall(r">([^<]+)</span>", h.replace('<span class="held">', "")))
            )
            for h in hands
        )
        truth = {1: "1", -1: "2", 0: "tie"}[compare(first, second)]
        assert f'data-truth="{truth}"' in area
        assert ("Right." in area) is (truth == "1")
        assert re.search(r"\(R2\.[347]\)", area), area[:1500]


FRAME = """<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">
<iframe id="f" style="border:0"></iframe><pre id="out">pending</pre>
<script>
// Loads each page of ?urls= in turn at ?w= pixels wide and reports, for each, the page
// height and width and any table or picture that does not fit.
const p = new URLSearchParams(location.search);
const urls = p.get("urls").split(",");
const f = document.getElementById("f");
f.style.width = p.get("w") + "px";
f.style.height = "900px";
const results = {};
function measure() {
  const d = f.contentDocument;
  for (const el of d.querySelectorAll("details")) el.open = true;
  const clipped = [];
  for (const t of d.querySelectorAll("table, pre, svg.flow, .house-example")) {
    if (!t.getClientRects().length) continue;
    const box = t.closest(".badugi-scroll, .md-typeset__scrollwrap, .highlight") || t.parentElement;
    if (t.getBoundingClientRect().right > d.documentElement.clientWidth + 1 && box === t.parentElement)
      clipped.push(t.tagName + "." + t.className);
  }
  // Hand tables must fit outright: a phone reader should not have to scroll sideways.
  for (const t of d.querySelectorAll("table.badugi-steps, table.badugi-checks")) {
    if (t.getClientRects().length && t.scrollWidth > t.parentElement.clientWidth + 1)
      clipped.push("wide " + t.className + " " + t.scrollWidth);
  }
  return {height: d.documentElement.scrollHeight, width: d.documentElement.scrollWidth, clipped};
}
function next(i) {
  if (i === urls.length) {
    document.getElementById("out").textContent = JSON.stringify(results);
    return;
  }
  f.onload = () => setTimeout(() => { results[urls[i]] = measure(); next(i + 1); }, 300);
  f.src = "/" + urls[i];
}
next(0);
</script></body></html>
"""

PHONE_PAGES = (
    "",
    "generated/how-to-play/",
    "try/",
    "generated/03-betting/",
    "generated/codes/",
    "generated/rankings/",
    "generated/odds/",
    "generated/glossary/",
    "generated/about/",
    "scenario-language/",
    # Every learner page (issue 26): the lesson path and each lesson, strategy, the
    # split-pot games (a two-half value in a showdown line once made Badeucy 458 px
    # wide), the install page.
    "generated/lessons/",
    *(f"generated/lesson-{lesson.slug}/" for lesson in read_all(LESSONS)),
    "generated/strategy/",
    "generated/game-badeucy/",
    "generated/game-badacy/",
    "install/",
)


def measure(window: Browser, base_url: str, paths: tuple[str, ...], width: int) -> dict[str, Any]:
    """Height, width and clipped elements of each page at `width` px, in one page load."""
    query = urllib.parse.urlencode({"w": width, "urls": ",".join(paths)})
    # Each page loads, then settles for 300 ms; a busy machine takes seconds a page.
    dom = dump_dom(window, base_url + "frame.html?" + query, timeout=max(60.0, 3.0 * len(paths)))
    match = re.search(r'<pre id="out">(\{.*?\})</pre>', dom)
    assert match, dom[-800:]
    result: dict[str, Any] = json.loads(match.group(1))
    return result


def test_pages_fit_a_390_px_phone(base_url: str, window: Browser) -> None:
    seen = measure(window, base_url, PHONE_PAGES, 390)
    assert set(seen) == set(PHONE_PAGES)
    for path, page in seen.items():
        assert page["width"] <= 390, (path, page)  # nothing sticks out to the side
        assert page["clipped"] == [], (path, page)


def test_search_index_loads_over_http(tmp_path_factory: pytest.TempPathFactory) -> None:
    # Its own server with the real index: the module's serves the browser an empty one.
    with (
        served(shared_site(tmp_path_factory), search=True) as url,
        urllib.request.urlopen(url + "search/search_index.json", timeout=30) as reply,
    ):
        index = json.load(reply)
    locations = {doc["location"] for doc in index["docs"]}
    text = " ".join(doc["title"] + " " + doc["text"] for doc in index["docs"])
    for rule_id in load():
        assert rule_id in text, rule_id
    assert "generated/03-betting/#R3.6" in locations


FOLD = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<iframe id="f" style="width:1000px;height:800px" src="/generated/03-betting/"></iframe>
<pre id="out">pending</pre>
<script>
// Opens the first fold that loads a hand, waits, and reports what it then holds.
const f = document.getElementById("f");
f.onload = () => {
  const d = f.contentDocument;
  const fold = d.querySelector("details.hand-fragment");
  fold.open = true;
  const started = Date.now();
  (function report() {
    const state = fold.getAttribute("data-loaded");
    if ((state === "loading" || !state) && Date.now() - started < 20000) {
      setTimeout(report, 50);  // polled, not a fixed wait: a busy machine is slow to fetch
      return;
    }
    document.getElementById("out").textContent = JSON.stringify({
      loaded: state,
      tables: fold.querySelectorAll("table.badugi-steps").length,
      link: fold.querySelectorAll(":scope > .fragment-link").length,
      source: fold.querySelectorAll("details.scenario-source").length,
      busy: fold.getAttribute("aria-busy"),
    });
  })();
};
</script></body></html>
"""


def test_a_fold_loads_its_hand_when_opened(base_url: str, window: Browser) -> None:
    with urllib.request.urlopen(base_url + "generated/03-betting/", timeout=30) as reply:
        page = reply.read().decode("utf-8")
    assert 'class="hand-fragment" data-fragment="../examples/' in page
    assert "badugi-steps" not in page.split("hand-fragment", 1)[1].split("</details>", 1)[0]
    dom = dump_dom(window, base_url + "fold.html")
    match = re.search(r'<pre id="out">(\{.*?\})</pre>', dom)
    assert match, dom[-800:]
    seen = json.loads(match.group(1))
    # Loaded into the fold, in place of the link, with its own source fold inside.
    wanted = {"loaded": "yes", "tables": seen["tables"], "link": 0, "source": 1, "busy": None}
    assert seen == wanted, seen
    assert seen["tables"] >= 1
