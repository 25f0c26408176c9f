"""search_boost's tiers and its tidying of the search index, without a build.

The Chromium test (test_browser_search.py) shows what they do to the ranking; these say
what each does to one entry, cheaply."""

from __future__ import annotations

from typing import Any

from badugi_spec.docs.search_boost import (
    LEARNER_BOOST,
    boost_learner_page,
    learner_boost,
    lesson_title,
    refine_index,
)


def test_tiers_put_the_entry_pages_then_the_lessons_above_other_learner_pages() -> None:
    home, how, lesson, path = (
        learner_boost(src)
        for src in (
            "index.md",
            "generated/how-to-play.md",
            "generated/lesson-pot-limit.md",
            "generated/lessons.md",
        )
    )
    assert home is not None and how is not None and lesson is not None and path is not None
    assert home == how > lesson == path > LEARNER_BOOST
    assert learner_boost("generated/glossary.md") == LEARNER_BOOST
    assert learner_boost("generated/03-betting.md") is None
    meta: dict[str, Any] = {}
    boost_learner_page("generated/lesson-draw.md", meta)
    assert meta == {"search": {"boost": lesson}}


def test_lesson_titles_lose_their_numbers_only() -> None:
    assert lesson_title("Lesson 4: Pot limit: raise the pot") == "Pot limit: raise the pot"
    assert lesson_title("4 Pot limit") == "Pot limit"
    assert lesson_title("Check yourself") == "Check yourself"
    assert lesson_title("2-7 landmarks") == "2-7 landmarks"


def doc(location: str, title: str, boost: float = 40.0) -> dict[str, Any]:
    return {"location": location, "title": title, "text": "", "boost": boost}


def test_refine_index_titles_a_lesson_by_its_heading_and_drops_cited_rules() -> None:
    index = {
        "docs": [
            doc("generated/lesson-pot-limit/", "4 Pot limit"),
            doc("generated/lesson-pot-limit/#lesson-4", "Lesson 4: Pot limit: raise the pot"),
            doc("generated/lesson-pot-limit/#check-yourself", "Check yourself"),
            doc("generated/lessons/", "The lesson path"),
            doc("generated/lessons/#lessons", "Lessons"),
            doc("generated/how-to-play/#bet-sizes", "Bet sizes and the cap (R3.2, R3.6)", 60.0),
            doc("generated/03-betting/#R3.6", "R3.6 The cap (R3.2)", 8.0),
        ]
    }
    titles = [d["title"] for d in refine_index(index)["docs"]]
    assert titles == [
        "Pot limit: raise the pot",
        "Pot limit: raise the pot",
        "Check yourself",
        "Lessons",  # the path's index: its heading, not the sidebar's "The lesson path"
        "Lessons",
        "Bet sizes and the cap",
        "R3.6 The cap (R3.2)",  # a rule's own section is not a learner page's
    ]
