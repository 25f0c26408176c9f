"""The site search in headless Chromium: a learner's words find the page that teaches them.

Typed into Material's search box on the shared site build, each query's first result
must be the page a learner wants (`FIRST`): "badugi" the home page or How to play, "side
pot" the side-pot lesson or its glossary entry, "pot limit" the pot-limit lesson, "2-7"
the landmark lesson or the rankings. Before the learner pages had their weight,
"Badeucy" found chapter F first and "2-7" found R12; before the lessons' numbers left
their search titles (`search_boost.refine_index`) "2-7" found "Lesson 2" and "Lesson 7",
and before the search split words at commas "pot limit" found the lesson on no limit.

The same browser then checks, at 390 px, the hint over hand tables wider than the screen
(docs/javascripts/scroll-hint.js) and that the drill's table of choices fits its box
(docs/stylesheets/phone-width.css): one browser for the module.
"""

from __future__ import annotations

import time
import urllib.parse
from collections.abc import Iterator

import pytest

from badugi_spec.docs.search_boost import is_learner_page
from tests.test_docs import shared_site
from tests.webdriver import Browser, browser, served

FIRST: dict[str, frozenset[str]] = {
    "badugi": frozenset({"index.md", "generated/how-to-play.md"}),
    # Drawing: the lesson on the draw, the one on reading others' draws, the odds of a
    # draw, or how to play one.
    "draw": frozenset(
        {
            "generated/lesson-draw.md",
            "generated/lesson-reading-draws.md",
            "generated/odds.md",
            "generated/how-to-play.md",
        }
    ),
    "side pot": frozenset({"generated/lesson-side-pots.md", "generated/glossary.md"}),
    "pot limit": frozenset({"generated/lesson-pot-limit.md"}),
    "Badeucy": frozenset({"generated/game-badeucy.md", "generated/lesson-split-pots.md"}),
    "2-7": frozenset({"generated/lesson-landmarks.md", "generated/rankings.md"}),
    # "pat" also begins "path": the sidebar's "The lesson path" came first.
    # The strategy lesson that weighs standing pat (and snowing) is a teaching page too.
    "stand pat": frozenset(
        {
            "generated/strategy.md",
            "generated/glossary.md",
            "generated/lesson-bet-raise-snow-fold.md",
        }
    ),
    # The other low, whose "5" found lesson 5 (no limit) while lessons had numbers.
    "A-5": frozenset({"generated/lesson-landmarks.md", "generated/rankings.md"}),
}
"""Each query and the pages that may come first for it."""

# The results' links in the order shown; Material lists a page's own result first and
# its sections under it.
RESULT_LINK = ".md-search-result__list > .md-search-result__item > a.md-search-result__link"
RESULTS = f"""return Array.from(document.querySelectorAll({RESULT_LINK!r}))
  .map(a => a.getAttribute('href'))"""


@pytest.fixture(scope="module")
def search(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Browser, str]]:
    site = shared_site(tmp_path_factory)
    with served(site, search=True) as base, browser(width=1280) as b:
        b.get(base)
        b.wait("return document.readyState === 'complete'")
        yield b, base


def source_of(href: str, base: str) -> str:
    """The source page of a result's link: `generated/glossary/?h=x#y` is
    `generated/glossary.md`, the site's root `index.md`."""
    path = urllib.parse.urlsplit(urllib.parse.urljoin(base, href)).path
    path = path.removeprefix(urllib.parse.urlsplit(base).path).strip("/")
    return f"{path}.md" if path else "index.md"


def results_for(b: Browser, query: str) -> list[str]:
    """Put `query` into the search box whole; the result links once they have shown and
    not changed for a second. Typed key by key, the worker is asked once per key and the
    list first shows the answers to the query's beginnings ("2" finds lesson 2), which a
    loaded machine could read as the answer to "2-7": set whole, the query is asked once."""
    b.clear(".md-search__input")
    b.js(
        "const box = document.querySelector('.md-search__input');"
        "box.focus(); box.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}))"
    )
    b.wait(f"return !document.querySelector({RESULT_LINK!r})")
    b.js(
        "const box = document.querySelector('.md-search__input');"
        "box.value = arguments[0];"
        "box.dispatchEvent(new Event('input', {bubbles: true}));"
        "box.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}))",
        query,
    )
    assert b.js("return document.querySelector('.md-search__input').value") == query
    last: list[str] = []
    steady = 0
    deadline = time.monotonic() + 20
    while steady < 10 and time.monotonic() < deadline:
        found = list(b.js(RESULTS) or [])
        steady = steady + 1 if found and found == last else 0
        last = found
        time.sleep(0.1)
    return last


@pytest.mark.parametrize("query", sorted(FIRST))
def test_the_teaching_page_comes_first(search: tuple[Browser, str], query: str) -> None:
    b, base = search
    results = results_for(b, query)
    assert results, f"no result for {query!r}"
    shown = [source_of(href, base) for href in results[:5]]
    assert shown[0] in FIRST[query], f"{query!r} finds {shown[0]} first: {shown}"
    assert all(is_learner_page(page) for page in FIRST[query])


def test_a_rule_id_finds_its_rule(search: tuple[Browser, str]) -> None:
    # How to play cites R3.6 in a heading; the search title drops the citation, so the
    # rule itself comes first for its ID.
    b, base = search
    results = results_for(b, "R3.6")
    assert results and source_of(results[0], base) == "generated/03-betting.md", results[:3]


def test_source_of_reads_result_links() -> None:
    base = "http://127.0.0.1:8000/"
    assert source_of("generated/glossary/?h=pot#pot-limit", base) == "generated/glossary.md"
    assert source_of("http://127.0.0.1:8000/?h=badugi", base) == "index.md"
    assert source_of("install/#with-pip", base) == "install.md"


# Every overflowing hand table has the hint just above it, and no other table has one.
HINTS = """const boxes = Array.from(document.querySelectorAll('.badugi-scroll'));
  const wide = boxes.filter(b => b.scrollWidth > b.clientWidth + 1);
  const hinted = boxes.filter(b => b.previousElementSibling
    && b.previousElementSibling.classList.contains('scroll-hint'));
  return {boxes: boxes.length, wide: wide.length,
    hints: document.querySelectorAll('.scroll-hint').length,
    agree: wide.length === hinted.length && wide.every(b => hinted.includes(b)),
    classed: wide.every(b => b.classList.contains('scrolls'))}"""


def test_wide_hand_tables_say_they_scroll(search: tuple[Browser, str]) -> None:
    b, base = search
    b.size(390, 844)
    try:
        b.get(base + "generated/03-betting/")
        b.wait("return document.readyState === 'complete'")
        # Open every fold: the hands load into them (site.js) and the hints follow.
        b.js("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        state = b.wait(f"const s = (() => {{ {HINTS} }})(); return s.wide && s.agree && s")
        assert state["hints"] == state["wide"] and state["classed"], state
        hint = b.js("return document.querySelector('.scroll-hint').textContent")
        assert "scroll the table sideways" in hint
        # Wide enough for every table: the hints go.
        b.size(1280, 900)
        state = b.wait(f"const s = (() => {{ {HINTS} }})(); return s.wide === 0 && s")
        assert state["hints"] == 0, state
    finally:
        b.size(1280, 900)


# Every hand of the drill, two cards thrown: the table of choices (sixteen rows, up to
# four cards a column) against the width of its box.
DRILL_WIDTHS = """const out = [];
  // "Hand 1 of 12": every hand once.
  const count = Number(document.querySelector('.drill-count').textContent.match(/of (\\d+)/)[1]);
  for (let i = 0; i < count; i++) {
    document.querySelector('.drill-card[data-index="0"]').click();
    document.querySelector('.drill-card[data-index="1"]').click();
    document.querySelector('.drill-go').click();
    const t = document.querySelector('.drill-table');
    out.push([t.scrollWidth, t.parentElement.clientWidth]);
    document.querySelector('.drill-next').click();
  }
  return out"""


def test_the_drill_table_fits_a_phone(search: tuple[Browser, str]) -> None:
    # Its last column, "Any badugi", was cut off at 390 px.
    b, base = search
    b.size(390, 844)
    try:
        b.get(base + "generated/strategy/")
        b.wait(
            "return document.readyState === 'complete' && !!document.querySelector('.drill-card')"
        )
        widths = b.js(DRILL_WIDTHS)
        assert len(widths) >= 10, widths  # the drill's hands (12 today)
        assert all(table <= box for table, box in widths), widths
        assert b.js("return document.documentElement.scrollWidth") <= 390
    finally:
        b.size(1280, 900)
