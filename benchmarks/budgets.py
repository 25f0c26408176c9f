"""What a built site weighs: each page in bytes and elements, and the search index.

A learner on a phone pays for every page in parsing time: a page of 2 MB and 60,000
elements took seconds even from localhost. The budgets below are checked on the strict
build by a test, and the largest page is a benchmark row.
"""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Final

PAGE_BYTES: Final = 400_000
"""No page of the site over this much HTML."""
PAGE_ELEMENTS: Final = 10_000
"""No page of the site with more elements than this (its DOM, less the text nodes)."""
SEARCH_BYTES: Final = 1_000_000
"""The search index at most this: it is loaded whole by the first search."""
SEARCH_INDEX: Final = Path("search") / "search_index.json"


class _Counter(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.elements = 0

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.elements += 1

    def handle_startendtag(self, tag: str, attrs: object) -> None:
        self.elements += 1


def elements(html: str) -> int:
    counter = _Counter()
    counter.feed(html)
    counter.close()
    return counter.elements


@dataclass(frozen=True, slots=True)
class Weight:
    page: str
    """The page's path under the site, as its URL ends: `generated/03-betting/`."""
    bytes: int
    elements: int


def page_weights(site: Path) -> list[Weight]:
    """Every page of the built site (its `index.html` files), heaviest first."""
    weights = []
    for path in site.rglob("index.html"):
        html = path.read_text(encoding="utf-8")
        page = path.parent.relative_to(site).as_posix()
        weights.append(
            Weight("" if page == "." else f"{page}/", len(html.encode()), elements(html))
        )
    return sorted(weights, key=lambda w: (w.bytes, w.elements), reverse=True)


def over_budget(site: Path, weights: list[Weight] | None = None) -> list[str]:
    """Each budget the built site breaks, one line each (empty: within them all);
    `weights`, the site's `page_weights` when the caller has them already."""
    problems = [
        f"{w.page or 'the home page'}: {w.bytes:,} bytes and {w.elements:,} elements"
        f" (at most {PAGE_BYTES:,} and {PAGE_ELEMENTS:,})"
        for w in (page_weights(site) if weights is None else weights)
        if w.bytes > PAGE_BYTES or w.elements > PAGE_ELEMENTS
    ]
    index = site / SEARCH_INDEX
    if index.is_file() and index.stat().st_size > SEARCH_BYTES:
        problems.append(
            f"{SEARCH_INDEX.as_posix()}: {index.stat().st_size:,} bytes (at most {SEARCH_BYTES:,})"
        )
    return problems


__all__ = ["PAGE_BYTES", "PAGE_ELEMENTS", "SEARCH_BYTES", "Weight", "over_budget", "page_weights"]
