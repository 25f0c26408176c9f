"""The lesson path: short lessons for a learner who has never played, each one idea, each
ending with questions checked in the page (`docs/javascripts/lessons.js`), with the score
and progress kept in the browser and shown on the lesson index.

Every hand, pot, raise size and hand value in a lesson is played or valued at build time
by the engine, the profiles and the rankings (`play`, `sums`, `landmarks`); the questions'
right answers are those figures (`quiz.ask`). The pages are `generated/lessons.md` (the
index) and `generated/lesson-<slug>.md`, registered in `build.PAGES`.

It may use the layers under the docs (cards, rankings, profiles, the engine) and the docs'
own drawing helpers (`render`, the replayer); only `docs.build` uses it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from badugi_spec import profiles

from ..learn import RuleLink
from .betting import fixed_limit, other_structures, pot_limit
from .draw import draw_lesson
from .model import Lesson, index_md, lesson_md
from .pots import side_pots
from .split import landmarks_lesson, split_lesson
from .table import full_table

PATH: Final[tuple[tuple[str, Callable[[RuleLink], Lesson]], ...]] = (
    ("full-table", full_table),
    ("side-pots", side_pots),
    ("fixed-limit", fixed_limit),
    ("pot-limit", pot_limit),
    ("big-bet", other_structures),
    ("draw", draw_lesson),
    ("split-pots", split_lesson),
    ("landmarks", landmarks_lesson),
)
"""The path, in order, by slug: the table, the pots, the betting structures, the draw, the
split games and their hands. The slugs are here, not only in the lessons, so the pages can
be registered without playing a hand."""

INDEX: Final = "lessons.md"
PAGE_NAMES: Final = (INDEX, *(f"lesson-{slug}.md" for slug, _ in PATH))

_MEMO: dict[str, tuple[dict[str, str], dict[str, str]]] = {}
"""The last pages drawn, by the profiles they were played under, with the rule links they
cited: every page of a build asks, and a build plays the lessons once."""


def lessons(rule_link: RuleLink) -> tuple[Lesson, ...]:
    built = []
    for slug, build in PATH:
        lesson = build(rule_link)
        if lesson.slug != slug:
            raise ValueError(f"lesson {lesson.slug!r} is listed as {slug!r}")
        built.append(lesson)
    return tuple(built)


def lesson_pages(rule_link: RuleLink) -> dict[str, str]:
    """Every lesson page and the index, by page name under `generated/`."""
    key = repr([profiles.get(name) for name in profiles.names()])
    hit = _MEMO.get(key)
    if hit is not None and all(rule_link(rule) == link for rule, link in hit[0].items()):
        return hit[1]
    cited: dict[str, str] = {}

    def recording(rule: str) -> str:
        cited[rule] = link = rule_link(rule)
        return link

    path = lessons(recording)
    pages = {INDEX: index_md(path)}
    for number, lesson in enumerate(path, start=1):
        pages[lesson.page] = lesson_md(lesson, number=number, lessons=path)
    _MEMO.clear()
    _MEMO[key] = (cited, pages)
    return pages


__all__ = ["INDEX", "PAGE_NAMES", "PATH", "Lesson", "lesson_pages", "lessons"]
