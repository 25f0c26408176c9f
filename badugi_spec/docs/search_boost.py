"""Which pages the site search puts first: the learner pages.

Material's search takes a per-page weight from the page's front matter
(`search: {boost: N}`). The learner pages, hand-written or generated, get `LEARNER_BOOST`
here unless their own front matter says otherwise (the hook's `on_page_content` sets it,
before the search reads the page). A rule's own section keeps its weight of 8 from the
hook (`RULE_SECTION`), so a rule still ranks above the worked examples that cite it; a
learner page is heavier than either, because a learner searching "side pot" wants the
explanation, and the rule is one link away from it.

To make a new learner page rank first, add its source path (or the folder it is under,
ending in `/`, or the start of a family of names ending in `-`) to `LEARNER_PAGES`.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any, Final

LEARNER_BOOST: Final = 20.0
"""More than a rule section's 8: found in the title of a learner page's section, a word
outranks the same word in a rule's title."""

LEARNER_PAGES: Final = (
    "index.md",
    "install.md",
    "try.md",
    "trainer.md",
    "generated/how-to-play.md",
    "generated/glossary.md",
    "generated/rankings.md",
    "generated/odds.md",
    "generated/game-badeucy.md",
    "generated/game-badacy.md",
    "generated/strategy.md",
    "generated/lessons.md",
    "generated/lesson-",
    "play/",
    "playground/",
)


def is_learner_page(src_uri: str) -> bool:
    """A page listed in `LEARNER_PAGES`: by its path, or by the start of its path where
    the entry ends in `/` (a folder) or `-` (a family of pages, `generated/lesson-`)."""
    return any(
        src_uri.startswith(entry) if entry.endswith(("/", "-")) else src_uri == entry
        for entry in LEARNER_PAGES
    )


def boost_learner_page(src_uri: str, meta: MutableMapping[str, Any]) -> None:
    """Give a learner page its search weight in `meta` (the page's front matter), unless
    its front matter sets one."""
    if not is_learner_page(src_uri):
        return
    search = meta.get("search")
    if not isinstance(search, dict):
        search = {}
        meta["search"] = search
    search.setdefault("boost", LEARNER_BOOST)
