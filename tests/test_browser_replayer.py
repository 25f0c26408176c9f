"""The replayer in headless Chromium (tests/webdriver.py), on the one shared site build.

What the page shows after every step is held to the frames the engine wrote into it:
the sentence, the rule and its link, each seat's stack, bet and cards, the pot, the
burns as card backs. The keys (Left, Right, Home, End) and the buttons move through
them; at 390 px nothing sticks out of the replayer but its own scroll box. One browser
for the module, and two page loads in all (a load is most of the CPU): How to play, and
one chapter page with a crowded table, side pots and a fold that loads a hand.
"""

from __future__ import annotations

import functools
import json
import re
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.replays.frames import expand
from tests.test_docs import shared_site
from tests.webdriver import END, HOME, LEFT, RIGHT, Browser, browser, served


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shared_site(tmp_path_factory)


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    with served(site) as url:
        yield url


@pytest.fixture(scope="module")
def b() -> Iterator[Browser]:
    with browser(width=1280, height=900) as window:
        yield window


# Everything the reader sees of a replayer (the first, or number `arguments[0]`).
SHOWN_BODY = """
const box = document.querySelectorAll('.replayer')[index || 0];
const all = (css) => [...box.querySelectorAll(css)];
const link = box.querySelector('.replayer-rule-link');
return {
  at: Number(box.getAttribute('data-frame')),
  words: box.querySelector('.replayer-words').textContent,
  rule: link ? link.textContent : '',
  href: link && link.href ? link.getAttribute('href') : null,
  stacks: all('.seat-stack').map((e) => e.textContent),
  bets: all('.seat-bet').map((e) => e.textContent),
  cards: all('.seat-cards').map((e) => [...e.querySelectorAll('.card')].map((c) => c.textContent)),
  off: all('.seat-cards').map((e) => [...e.querySelectorAll('.card.off')].map((c) => c.textContent)),
  pot: box.querySelector('.replayer-pot').textContent,
  backs: all('.replayer-burns .card-back').length,
  faces: all('.replayer-burns .card:not(.card-back)').length,
  turn: all('li.seat').map((e) => e.classList.contains('turn')),
  folded: all('li.seat').map((e) => e.classList.contains('folded')),
  focused: document.activeElement === box,
  phase: box.querySelector('.replayer-phase').textContent,
};
"""
SHOWN = f"const index = arguments[0];{SHOWN_BODY}"
# After each key the page keeps what it then shows: a whole walk through the hand is one
# WebDriver call for the keys and one to read back, not two per frame.
RECORD_KEYS = f"""
if (!window.shownAfterKeys) {{
  const shown = (index) => {{{SHOWN_BODY}}};
  document.addEventListener('keyup', () => window.shownAfterKeys.push(shown(0)));
}}
window.shownAfterKeys = [];
"""

FRAMES = """
const box = document.querySelectorAll('.replayer')[arguments[0] || 0];
return JSON.parse(box.querySelector('script.replayer-data').textContent);
"""

PRETTY = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def _face(code: str) -> str:
    rank = "10" if code[:-1] == "T" else code[:-1]
    return rank + PRETTY[code[-1]]


def _open(b: Browser, url: str) -> dict[str, Any]:
    """The page at `url` with its replayers at their first frame, and the first one's
    data. A page already open is not loaded again: a load is most of these tests' CPU."""
    if b.url != url:
        b.get(url)
        b.wait("return !!document.querySelector('.replayer[data-ready]')")
    else:
        b.js("document.querySelectorAll('.replayer[data-ready] .first').forEach(e => e.click())")
    data: dict[str, Any] = b.js(FRAMES, 0)
    return data


def _agrees(shown: dict[str, Any], frame: dict[str, Any], index: int) -> None:
    where = (index, frame["t"])
    assert shown["at"] == index, where
    assert shown["words"] == frame["t"], where
    assert shown["rule"] == f"({frame['r']})", where
    assert shown["stacks"] == [f"Stack {s}" for s in frame["s"]], where
    assert shown["bets"] == [f"Bet {v}" if v else "" for v in frame["b"]], where
    assert shown["cards"] == [[_face(c) for c in held.split()] for held in frame["c"]], where
    off = frame.get("o", [""] * len(frame["c"]))
    assert shown["off"] == [[_face(c) for c in out.split()] for out in off], where
    assert shown["pot"].startswith(f"Pot {frame['p']}"), where
    assert shown["backs"] == frame["u"] and shown["faces"] == 0, where
    assert shown["turn"] == [seat == frame["n"] for seat in range(len(frame["s"]))], where
    assert shown["folded"] == [seat in frame["f"] for seat in range(len(frame["s"]))], where
    assert shown["phase"] == frame["h"], where


def test_every_frame_is_shown_as_written_and_the_keys_move_through_them(
    b: Browser, base_url: str
) -> None:
    data = _open(b, base_url + "generated/how-to-play/")
    frames = expand(data["frames"])
    assert len(frames) > 20
    # Drawn: the box is shown and focusable, the step table folded away under it.
    state = b.js(
        "const box = document.querySelector('.replayer');"
        "const trace = box.nextElementSibling;"
        "box.focus();"
        "return {hidden: box.hidden, tab: box.tabIndex, live: box.querySelector("
        "'.replayer-sentence').getAttribute('aria-live'), trace: trace.className,"
        " open: trace.open, rows: trace.querySelectorAll('table.badugi-steps tr').length};"
    )
    assert state == {
        "hidden": False,
        "tab": 0,
        "live": "polite",
        "trace": "badugi-trace",
        "open": False,
        "rows": state["rows"],
    }
    assert state["rows"] > 20
    b.js(RECORD_KEYS)
    last = len(frames) - 1
    first = b.js(SHOWN, 0)
    # Right through every frame and once more at the end (it stays), then Left, Home, End.
    b.keys(RIGHT * (last + 1) + LEFT + HOME + END)
    seen = [first, *b.js("return window.shownAfterKeys")]
    assert len(seen) == last + 5
    hrefs = set()
    for index, (shown, frame) in enumerate(zip(seen, frames, strict=False)):
        assert shown["focused"], index
        _agrees(shown, frame, index)
        hrefs.add(shown["href"])
    assert [shown["at"] for shown in seen[last:]] == [last, last, last - 1, 0, last]
    # Each rule link leads to the rule on its page.
    assert None not in hrefs
    page = base_url + "generated/how-to-play/"
    for href in sorted(hrefs):
        target = urllib.parse.urljoin(page, href)
        anchor = target.rpartition("#")[2]
        with urllib.request.urlopen(target, timeout=30) as reply:
            assert f'id="{anchor}"' in reply.read().decode("utf-8"), href
    assert b.console_errors() == []


def test_the_buttons_step_back_and_forth(b: Browser, base_url: str) -> None:
    data = _open(b, base_url + "generated/how-to-play/")
    last = len(data["frames"]) - 1
    enabled = "return [...document.querySelectorAll('.replayer .replayer-bar button')].map(e => !e.disabled)"
    assert b.js(enabled) == [False, False, True, True]
    b.js("document.querySelector('.replayer').scrollIntoView({block: 'center'})")
    for css, at in ((".next", 1), (".next", 2), (".prev", 1), (".last", last), (".first", 0)):
        b.click(f".replayer {css}")
        assert b.js(SHOWN, 0)["at"] == at, css
    b.click(".replayer .last")
    assert b.js(enabled) == [True, True, False, False]
    counter = b.js("return document.querySelector('.replayer .replayer-count').textContent")
    assert counter == f"Event {last + 1} of {last + 1}"


@functools.cache
def _tightest(site: Path) -> list[tuple[str, int]]:
    """The replayer seating the most players and one with side pots, as (page, its number
    there): where a phone is tightest. From one page if one has both (a page load is most
    of these tests' CPU); pages only, not fragments."""
    found: dict[str, tuple[tuple[int, int], int]] = {}  # page -> (seats, number), side pots
    for path in sorted(site.joinpath("generated").glob("*/index.html")):
        html = path.read_text(encoding="utf-8")
        where = path.parent.relative_to(site).as_posix() + "/"
        boxes = re.finditer(r'class="replayer-data">(\{.*?\})</script>', html)
        for number, match in enumerate(boxes):
            data = json.loads(match.group(1))
            most, sides = found.get(where, ((0, -1), -1))
            if len(data["names"]) > most[0]:
                most = (len(data["names"]), number)
            if sides < 0 and any("q" in frame for frame in data["frames"]):
                sides = number
            found[where] = (most, sides)
    both = [(most[0], page) for page, (most, sides) in found.items() if sides >= 0]
    crowded = max((most[0], page) for page, (most, _) in found.items())
    seats, page = max(both) if both and max(both)[0] >= 6 else crowded
    assert seats >= 6 and both, found
    sides_page = page if found[page][1] >= 0 else min(both)[1]
    return [(page, found[page][0][1]), (sides_page, found[sides_page][1])]


OVERFLOW = """
// Every frame of replayer number arguments[0]: the page never scrolls sideways, and
// nothing of the replayer sticks out of it but what is inside its own scroll box.
const out = [];
let widest = 0;
const boxes = [document.querySelectorAll('.replayer[data-ready]')[arguments[0]]];
for (const box of boxes) {
  const next = box.querySelector('.next');
  for (let step = 0; step < 400; step++) {
    const edge = box.getBoundingClientRect();
    for (const el of box.querySelectorAll('*')) {
      if (el.closest('.replayer-scroll') && !el.classList.contains('replayer-scroll')) continue;
      const r = el.getBoundingClientRect();
      if (r.width && (r.right > edge.right + 1 || r.left < edge.left - 1))
        out.push(el.className + ' @' + box.getAttribute('data-frame'));
    }
    if (document.documentElement.scrollWidth > widest) widest = document.documentElement.scrollWidth;
    // On a phone the seats are a list that fits: no stack or bet scrolled out of sight.
    const scroll = box.querySelector('.replayer-scroll');
    if (scroll.scrollWidth > scroll.clientWidth + 1)
      out.push('scrolls ' + scroll.scrollWidth + ' @' + box.getAttribute('data-frame'));
    const bar = box.querySelector('.replayer-bar');
    if (bar.getBoundingClientRect().height > 2.2 * box.querySelector('.next').getBoundingClientRect().height)
      out.push('buttons on two lines');
    if (next.disabled) break;
    next.click();
  }
}
const seat = document.querySelector('.replayer li.seat');
return {out: out.slice(0, 10), boxes: boxes.length, width: window.innerWidth,
        listed: getComputedStyle(seat).position, page: widest};
"""


def test_at_390_px_nothing_sticks_out_of_the_replayer(
    b: Browser, base_url: str, site: Path
) -> None:
    b.size(390, 844)
    try:
        for path, number in [("generated/how-to-play/", 0), *_tightest(site)]:
            _open(b, base_url + path)
            seen = b.js(OVERFLOW, number)
            assert seen["out"] == [], (path, seen)
            assert seen["boxes"] >= 1, (path, seen)
            assert seen["listed"] == "static", (path, seen)  # seats as a list, not a ring
            if path == "generated/how-to-play/":
                # A learner page the suite holds to a phone's width (test_browser.py): the
                # page stays so at every frame too. (Other pages' tables are not ours.)
                assert seen["page"] <= seen["width"], (path, seen)
    finally:
        b.size(1280, 900)


def test_a_replayer_in_a_loaded_fold_is_drawn_and_links_its_rules(
    b: Browser, base_url: str, site: Path
) -> None:
    # A page the phone test opened, if it has such a fold: one page load fewer.
    pages = [path for path, _ in _tightest(site)] + ["generated/03-betting/"]
    fold = '<details class="hand-fragment"'
    page = next(p for p in pages if fold in (site / p / "index.html").read_text("utf-8"))
    if b.url != base_url + page:
        b.get(base_url + page)
    b.wait("return document.readyState === 'complete'")
    # The fold sits in the rule's own fold of further examples: a reader opens both.
    b.js(
        "for (let d = document.querySelector('details.hand-fragment'); d; d = d.parentElement)"
        "  if (d.tagName === 'DETAILS') d.open = true;"
    )
    b.wait("return !!document.querySelector('details.hand-fragment .replayer[data-ready]')")
    index = b.js(
        "return [...document.querySelectorAll('.replayer')].indexOf("
        "document.querySelector('details.hand-fragment .replayer'))"
    )
    frames = expand(b.js(FRAMES, index)["frames"])
    b.js("document.querySelectorAll('.replayer')[arguments[0]].focus()", index)
    b.keys(RIGHT + RIGHT)
    shown = b.js(SHOWN, index)
    _agrees(shown, frames[2], 2)
    assert shown["href"] and shown["href"].endswith(f"#{frames[2]['r']}")
