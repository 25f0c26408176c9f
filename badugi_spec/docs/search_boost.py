"""Which pages the site search puts first: the learner pages, and among them the ones
that teach.

Material's search takes a per-page weight from the page's front matter
(`search: {boost: N}`). The learner pages, hand-written or generated, get a weight here
unless their own front matter says otherwise (the hook's `on_page_content` sets it,
before the search reads the page). A rule's own section keeps its weight of 8
(`RULE_SECTION`), so a rule still ranks above the worked examples that cite it; a
learner page is heavier than either, because a learner searching "side pot" wants the
explanation, and the rule is one link away from it.

The weights come in three tiers (`data/site.toml`, where a new learner page is added):
the pages a newcomer starts on, then the lesson path, then every other learner page.
They matter because Material scores a word found in a title a thousand times one found
in the text: "badugi" is in the title of the home page and of a section of the rankings
page, and the newcomer wants the home page.

Once the search index is written, `refine_index` tidies the lessons' titles in it: a
lesson's number is its place on the path, not a word anyone searches for ("2-7" found
"Lesson 2" and "Lesson 7" first), and the page's own entry takes the lesson's full title
(its heading, "Pot limit: raise the pot, step by step") instead of the sidebar's short
label, so that two lessons whose labels share words ("Pot limit"; "No limit, half-pot,
spread") are told apart by what they teach.
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
    """A page listed in `LEARNER_PAGES`: by its path, or by the start of its path where
    the entry ends in `/` (a folder) or `-` (a family of pages, `generated/lesson-`)."""
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
    """Give a learner page its search weight in `meta` (the page's front matter), unless
    its front matter sets one."""
    boost = learner_boost(src_uri)
    if boost is None:
        return
    search = meta.get("search")
    if not isinstance(search, dict):
        search = {}
        meta["search"] = search
    search.setdefault("boost", boost)


LESSON_LOCATION: Final = re.compile(r"^generated/lesson-[^/#]+/")
"""A lesson page's entries in the index (`generated/lesson-draw/#check-yourself`); not
the path's index page, `generated/lessons/`."""

PATH_PAGE: Final = re.compile(r"^generated/lessons?(?:-[^/#]+)?/$")
"""The page entry of the lesson path's index or of a lesson, which takes its heading's
title: the sidebar calls the index "The lesson path", and Material's search, which
completes every word typed, found it first for "stand pat" ("pat" is how "path" starts)."""

_LESSON_NUMBER: Final = re.compile(r"^(?:Lesson\s+)?\d+(?::\s*|\s+)")
_CITED_RULES: Final = re.compile(r"\s*\((?:(?:R\d+\.\d+|F\d+)(?:,\s*)?)+\)")
"""Rule IDs cited in a heading, `(R3.2, R3.6)`."""


def lesson_title(title: str) -> str:
    """A lesson's title without its number: `Lesson 4: Pot limit: raise the pot` and the
    sidebar's `4 Pot limit` lose the `Lesson 4: ` and the `4 `."""
    return _LESSON_NUMBER.sub("", title, count=1)


RULE_SECTION: Final = re.compile(r"#(?:R\d+\.\d+|F\d+)$")
BOOSTS: Final = ((RULE_SECTION, 8.0), (re.compile(r"^generated/(how-to-play|glossary)/"), 4.0))
"""A rule's own section ranks above the worked examples and stories that mention its
words (and the learner pages' sections above both)."""


def boost_search_index(index: dict[str, Any]) -> dict[str, Any]:
    """Give rule headings (and the learner pages) a higher weight in the written index."""
    for doc in index.get("docs", []):
        location = str(doc.get("location", ""))
        for pattern, boost in BOOSTS:
            if pattern.search(location):
                doc["boost"] = max(float(doc.get("boost", 1.0)), boost)
    return refine_index(index)


def refine_index(index: dict[str, Any]) -> dict[str, Any]:
    """The lessons' entries in Material's search index without their numbers, the page
    entry of each lesson and of the path's index titled by its heading (the entry that
    follows it), and no rule
    ID cited in the title of a learner page's section: searching "R3.6" should find the
    rule, not the How to play heading "Bet sizes and the cap (R3.2, R3.6)"."""
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
