"""`make screenshots`: PNGs of the learner pages at 1280 and 390 px, from a built site.

    .venv/bin/python -m tests.screenshots --out reports/screenshots [--site DIR] [--only NAME]

Without `--site` the site is built first (`mkdocs build --strict` into a temporary
folder). It is served from a thread on 127.0.0.1 and each entry of `SHOTS` is opened in
headless Chromium (tests/webdriver.py), one browser per width, and written as
`<name>-<width>.png`. An entry whose page or element is not in this build (a page another
change has not landed yet) is skipped with one line saying why; any other failure is
reported and makes the exit status 1.

To add a page, append a `Shot` to `SHOTS`: its file name, its path in the site, and
optionally what must be on the page (`needs`), where to scroll (`scroll_to`) and what to
click first (`clicks`, CSS selectors in order).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.webdriver import Browser, WebDriverError, browser, served


@dataclass(frozen=True)
class Shot:
    """One page to photograph at every width."""

    name: str
    """File stem: `home` gives `home-1280.png` and `home-390.png`."""
    path: str
    """The page's path in the site, as its URL reads (`generated/how-to-play/`), with a
    query if the page takes one."""
    needs: str = ""
    """A CSS selector that must match on the page, else the shot is skipped (not failed)."""
    scroll_to: str = ""
    """A CSS selector scrolled into view before the shot (the page's top if empty)."""
    clicks: tuple[str, ...] = ()
    """CSS selectors clicked in order before the shot (a button clicked three times is
    listed three times)."""
    note: str = ""
    """What the picture is for, printed beside it."""
    wait: str = ""
    """A script polled until it is true before the clicks (an engine still loading)."""


REVIEW_LINK = urlencode(
    {
        "profile": "pokerstars-2010",
        "players": "6",
        "seed": "4",
        "hints": "0",
        "keys": json.dumps(["c", "d 1 2 3 4", "c", "p", "c", "p", "c"]),
        "review": "1",
    }
)
REVIEW_READY = (
    "const r = document.querySelector('.play-review'); return r && r.dataset.ready === 'odds'"
)

# The list others append to. Pages that another change is still building are listed with
# the element they will carry, so they are skipped with a message until it lands.
SHOTS: tuple[Shot, ...] = (
    Shot("home", "", note="the home page"),
    Shot(
        "lesson",
        "generated/lessons/",
        needs="article",
        note="the lesson index: the eight lessons and the progress kept in the browser",
    ),
    # The lesson path (badugi_spec/docs/lessons/): a lesson's top, with its sums worked
    # step by step, and its questions with one answered (verdict and explanation shown).
    Shot(
        "lesson-pot-limit",
        "generated/lesson-pot-limit/",
        needs=".lesson-quiz",
        note="lesson 4, pot limit: the pot-size raise step by step",
    ),
    Shot(
        "lesson-questions",
        "generated/lesson-pot-limit/",
        needs=".lesson-quiz",
        scroll_to="#pot-limit-q2",
        clicks=("#pot-limit-q2 input[value='0']", "#pot-limit-q2 button.lesson-check"),
        note="lesson 4's questions, one answered and explained",
    ),
    Shot(
        "replayer",
        "generated/01-cards-and-positions/",
        needs=".replayer",
        scroll_to=".replayer",
        clicks=(".replayer .next",) * 3,
        note="a worked example's replayer, three events in",
    ),
    Shot(
        "replayer-eight",
        "generated/15-profile-pot-limit/",
        needs=".replayer",
        scroll_to=".replayer",
        clicks=(".replayer .next",) * 16,
        note="the replayer at an eight-seat pot-limit table: Hal raises the pot to 15",
    ),
    Shot(
        "drill",
        "generated/strategy/",
        needs=".drill",
        scroll_to=".drill",
        clicks=('.drill-card[data-index="3"]', ".drill-go"),
        note="the 'what would you draw?' drill, a card thrown and the odds of every choice",
    ),
    # Practice without end (practice.js): one exercise missed once, on its second try.
    Shot(
        "practice",
        "practice/?theme=pot&seed=34",
        needs="#badugi-practice[data-ready]",
        scroll_to="#badugi-practice",
        clicks=(".practice-choice:not(.is-right)",),
        note="the practice page: a pot-limit exercise, one wrong answer, a second try left",
    ),
    Shot(
        "progress",
        "progress/",
        needs="#badugi-progress[data-ready]",
        note="the progress page: lessons passed and tried, practice, drill, quiz, hands",
    ),
    Shot("how-to-play", "generated/how-to-play/", note="How to play"),
    Shot("glossary", "generated/glossary/", note="the glossary"),
    Shot("install", "install/", note="the install page"),
    # The engine in the page (Pyodide): shot once it has started, with a hand dealt and a
    # scenario run. Without Pyodide in the build the pages say so, and that is shot.
    Shot(
        "play",
        "play/",
        needs="#badugi-play",
        wait="return document.getElementById('badugi-play').dataset.ready",
        clicks=(".play-setup:not([hidden]) .play-deal",),
        scroll_to="#badugi-play",
        note="play in the page: a hand dealt, your cards and the legal actions as buttons",
    ),
    Shot(
        "playground",
        "playground/",
        needs="#badugi-playground",
        wait="return document.getElementById('badugi-playground').dataset.ready",
        clicks=(".playground-run:not([disabled])",),
        scroll_to=".playground-buttons",
        note="the playground: the house example run in the page, its tables",
    ),
    # The review of a played hand, opened by its share link (hand 1 of seed 4, six-max
    # limit: called, all four thrown at the first draw, then pat and called).
    Shot(
        "play-review",
        "play/#" + REVIEW_LINK,
        needs="#badugi-play",
        wait=REVIEW_READY,
        scroll_to=".play-review",
        note="the review of a hand: the replayer at your first decision, your decisions listed",
    ),
    Shot(
        "play-review-odds",
        "play/#" + REVIEW_LINK,
        needs="#badugi-play",
        wait=REVIEW_READY,
        scroll_to=".play-odds[data-draw='0']",
        note="the review's odds of every keep at your first draw, with its line of coaching",
    ),
)

WIDTHS: tuple[tuple[int, int], ...] = ((1280, 900), (390, 844))
"""Width and height of the window: a laptop and a phone."""


class Skip(Exception):
    """This shot's page or element is not in this build: say so and go on."""


def take(b: Browser, *, shot: Shot, base: str, site: Path, out: Path, width: int) -> Path:
    """Open the shot's page, scroll and click as it says, and write its PNG."""
    # A path may carry a query (practice/?theme=pot) or a fragment (play/#seed=...).
    folder = shot.path.split("?")[0].split("#")[0]
    page = site / folder / "index.html" if folder else site / "index.html"
    if not page.exists():
        raise Skip(f"no page {shot.path or '/'} in this build")
    b.get(base + shot.path)
    b.wait("return document.readyState === 'complete'")
    if shot.needs and not b.js("return !!document.querySelector(arguments[0])", shot.needs):
        raise Skip(f"no {shot.needs} on {shot.path or '/'}")
    if shot.wait:
        b.wait(shot.wait, timeout=240)
    if shot.scroll_to:
        # Scrolled to the top of the viewport, less Material's sticky header.
        found = b.js(
            "const e = document.querySelector(arguments[0]); if (!e) return false;"
            "window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 64);"
            "return true",
            shot.scroll_to,
        )
        if not found:
            raise Skip(f"no {shot.scroll_to} on {shot.path or '/'}")
    for css in shot.clicks:
        if not b.js("return !!document.querySelector(arguments[0])", css):
            raise Skip(f"no {css} to click on {shot.path or '/'}")
        b.click(css)
    return b.screenshot(out / f"{shot.name}-{width}.png")


def build(into: Path) -> Path:
    """A fresh strict build of the site (the same command the tests use)."""
    from tests.test_docs import mkdocs_build

    done = mkdocs_build(into)
    if done.returncode != 0:
        raise SystemExit(f"screenshots: the site did not build:\n{done.stdout}{done.stderr}")
    return into


def run(*, site: Path, out: Path, shots: tuple[Shot, ...]) -> int:
    """Every shot at every width; the exit status (1 if a shot failed, not if skipped)."""
    failed = 0
    with served(site, search=True) as base:
        for width, height in WIDTHS:
            try:
                with browser(width=width, height=height) as b:
                    for shot in shots:
                        try:
                            path = take(b, shot=shot, base=base, site=site, out=out, width=width)
                        except Skip as why:
                            print(f"skipped {shot.name}-{width}: {why}")
                        except WebDriverError as error:
                            failed += 1
                            print(f"FAILED {shot.name}-{width}: {error}")
                        else:
                            print(f"wrote {path} ({shot.note})")
            except pytest.skip.Exception as why:
                raise SystemExit(f"screenshots: {why}") from None
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.screenshots", description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("reports/screenshots"))
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--only", action="append", default=[], help="a shot's name")
    args = parser.parse_args(argv)
    names = {s.name for s in SHOTS}
    unknown = [n for n in args.only if n not in names]
    if unknown:
        parser.error(f"no shot named {', '.join(unknown)} (known: {', '.join(sorted(names))})")
    shots = tuple(s for s in SHOTS if not args.only or s.name in args.only)
    if args.site is not None:
        if not (args.site / "index.html").exists():
            parser.error(f"--site {args.site}: no index.html there (build the site first)")
        return run(site=args.site, out=args.out, shots=shots)
    with tempfile.TemporaryDirectory(prefix="badugi-site-") as tmp:
        return run(site=build(Path(tmp) / "site"), out=args.out, shots=shots)


if __name__ == "__main__":
    sys.exit(main())
