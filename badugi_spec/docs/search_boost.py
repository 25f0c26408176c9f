"""Which pages the site search puts first: the learner pages, and among them the ones
that teach.

Material's search takes a page's weight from its front matter (`search: {boost: N}`);
the hook's `on_page_content` sets it for the learner pages (`data/site.toml`: the pages a
newcomer starts on, then the lesson path, then the rest) unless the page sets its own.
A learner page weighs more than a rule's own section (`RULE_SECTION`), which weighs more
than the worked examples citing it: a learner searching "side pot" wants the
explanation, one link from the rule. Material scores a word in a title a thousand times
one in the text, hence the tiers: "badugi" is in the title of many pages, and the
newcomer wants the home page.

`refine_index` then tidies the lessons' titles in the written index: a lesson's number is
no word anyone searches for ("2-7" found "Lesson 2" and "Lesson 7"), and its page entry
takes the lesson's heading rather than the sidebar's short label, which two lessons may
share words of ("Pot limit"; "No limit, half-pot, spread").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import MutableMapping
from typing import Any, Final

from .templating import data

_SEARCH: Final = data("site")["search"]
LEARNER_BOOST: Final[float] = _SEARCH["learner_boost"]
LEARNER_PAGES: Final[list[str]] = _SEARCH["learner_pages"]
TEACHING_BOOSTS: Final[dict[str, float]] = _SEARCH["teaching_boosts"]
"""Learner pages weighted above `LEARNER_BOOST`, matched as in `LEARNER_PAGES`."""


def _matches(src_uri: str, entry: str) -> bool:
    return src_uri.startswith(entry) if entry.endswith(("/", "-")) else src_uri == entry


def is_learner_page(src_uri: str) -> bool:
    """A page listed in `LEARNER_PAGES`, by its path or by a folder (`/`) or family of
    pages (`-`, `generated/lesson-`) it starts with."""
    return any(_matches(src_uri, entry) for entry in LEARNER_PAGES)


def learner_boost(src_uri: str) -> float | None:
    """The search weight of a learner page (its tier), or None for any other page."""
    if not is_learner_page(src_uri):
        return None
    for entry, boost in TEACHING_BOOSTS.items():
        if _matches(src_uri, entry):
            return boost
    return LEARNER_BOOST


def boost_learner_page(src_uri: str, meta: MutableMapping[str, Any]) -> None:
    """A learner page's search weight put in its front matter, unless that sets one."""
    boost = learner_boost(src_uri)
    if boost is None:
        return
    search = meta.get("search")
    if not isinstance(search, dict):
        search = {}
        meta["search"] = search
    search.setdefault("boost", boost)


LESSON_LOCATION: Final = re.compile(r"^generated/lesson-[^/#]+/")
"""A lesson page's entries in the index, not those of the path's index (`lessons/`)."""

PATH_PAGE: Final = re.compile(r"^generated/lessons?(?:-[^/#]+)?/$")
"""The page entry of the lesson path's index or of a lesson, titled by its heading: the
sidebar's "The lesson path" came first for "stand pat" (the search completes "pat")."""

_LESSON_NUMBER: Final = re.compile(r"^(?:Lesson\s+)?\d+(?::\s*|\s+)")
_CITED_RULES: Final = re.compile(r"\s*\((?:(?:R\d+\.\d+|F\d+)(?:,\s*)?)+\)")
"""Rule IDs cited in a heading, `(R3.2, R3.6)`."""


def lesson_title(title: str) -> str:
    """`Lesson 4: Pot limit: raise the pot` and the sidebar's `4 Pot limit` without the 4."""
    return _LESSON_NUMBER.sub("", title, count=1)


RULE_SECTION: Final = re.compile(r"#(?:R\d+\.\d+|F\d+)$")
BOOSTS: Final = ((RULE_SECTION, 8.0), (re.compile(r"^generated/(how-to-play|glossary)/"), 4.0))


def boost_search_index(index: dict[str, Any]) -> dict[str, Any]:
    """Give rule headings (and the learner pages) a higher weight in the written index."""
    for doc in index.get("docs", []):
        location = str(doc.get("location", ""))
        for pattern, boost in BOOSTS:
            if pattern.search(location):
                doc["boost"] = max(float(doc.get("boost", 1.0)), boost)
    return refine_index(index)


def refine_index(index: dict[str, Any]) -> dict[str, Any]:
    """The lessons' entries without their numbers, the path's pages titled by their
    heading (the entry that follows), and no rule ID cited in a learner page's section
    title: "R3.6" should find the rule, not the heading "Bet sizes and the cap (R3.2, R3.6)"."""
    docs = index.get("docs", [])
    for doc in docs:
        if float(doc.get("boost", 1.0)) >= LEARNER_BOOST:
            doc["title"] = _CITED_RULES.sub("", str(doc.get("title", "")))
        if LESSON_LOCATION.match(str(doc.get("location", ""))):
            doc["title"] = lesson_title(str(doc.get("title", "")))
    for page, heading in itertools.pairwise(docs):
        location = str(page.get("location", ""))
        if PATH_PAGE.match(location) and str(heading.get("location", "")).startswith(
            location + "#"
        ):
            page["title"] = heading["title"]
    return index
