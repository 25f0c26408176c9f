"""The lesson path: short lessons for a learner who has never played, each one idea, each
ending with questions checked in the page (`docs/javascripts/lessons.js`).

A lesson is a Markdown file in `scenarios/lessons/` beside the scenario files that hold its
hands; `badugi-spec check` runs those with the rest of the suite, and the docs build with
an observing engine (`executed.execute`). The page's `[[...]]` references are filled from
what it saw (`figures`, `draw`), and the page, its questions and the path's index are
rendered (`page`, templates under `templates/lessons/`). How to write one is on the
scenario-language page, "Writing a lesson".

It may use the layers below the docs and the docs' computing modules; nothing above it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Final

from badugi_spec.scenario.suite import load_suite

from ..cache import Memo, digest
from ..executed import Executed, execute
from ..places import PLACES_KEY
from ..render import RuleLink
from ..replayer import replayer_html, rule_links_html
from .draw import Resolver, lesson
from .model import Lesson, Question
from .page import index_md, lesson_md
from .source import LessonError, LessonSource, read_all

FOLDER: Final = Path(__file__).resolve().parents[3] / "scenarios" / "lessons"
"""Where the lessons are in a checkout: Markdown pages beside their scenario files."""
INDEX: Final = "lessons.md"
PAGES: Final = Memo("lesson-pages")


def run_hands(folder: Path) -> dict[str, Executed]:
    """Every scenario in `folder` run through the observing engine, by scenario id."""
    suite = load_suite([folder])
    if suite.errors:
        raise LessonError("\n".join(str(error.error) for error in suite.errors))
    out = {scenario.id: execute(scenario, observed=True) for scenario in suite.scenarios}
    for done in out.values():
        if (why := done.failure()) is not None:
            raise LessonError(f"the lesson hand {why}")
    return out


def _replayer(source: LessonSource, executed: Mapping[str, Executed]) -> str:
    named = source.meta.get("replayer", "").split()
    if not named:
        return ""
    if named[0] not in source.hands:
        raise LessonError(
            f"{source.where(source.meta_lines['replayer'])}: replayer {named[0]!r} is not in hands:"
        )
    chosen = executed[named[0]]
    hands = len(chosen.replays)
    if len(named) > 1 and not (named[1].isdigit() and 1 <= int(named[1]) <= hands):
        raise LessonError(
            f"{source.where(source.meta_lines['replayer'])}: replayer {named[0]} {named[1]}:"
            f" the hand is a number from 1 to {hands}"
        )
    hand = int(named[1]) if len(named) > 1 else (1 if hands > 1 else None)
    return replayer_html(chosen, hand=hand) + rule_links_html(chosen)


def lessons(
    rule_link: RuleLink, folder: Path = FOLDER, hands: Mapping[str, Executed] | None = None
) -> tuple[Lesson, ...]:
    """The lessons of `folder`, their `hands` run already (by the build) or, none given
    (a test, or a suite without lessons), run here."""
    sources = read_all(folder)
    executed = hands or run_hands(folder)
    built = []
    for source in sources:
        for scenario in source.hands:
            if scenario not in executed:
                raise LessonError(
                    f"{source.where(source.meta_lines['hands'])}: no scenario {scenario!r}"
                    f" in {folder}"
                )
        first = executed[source.hands[0]].scenario.profile.name
        if first != source.meta["profile"]:
            raise LessonError(
                f"{source.where(source.meta_lines['profile'])}: profile"
                f" {source.meta['profile']}, but {source.hands[0]} is played under {first}"
            )
        resolver = Resolver(source, {s: executed[s].played for s in source.hands}, rule_link)
        built.append(lesson(source, resolver, _replayer(source, executed)))
    return tuple(built)


def lesson_pages(
    rule_link: RuleLink, folder: Path = FOLDER, hands: Mapping[str, Executed] | None = None
) -> dict[str, str]:
    """Every lesson page and the index, by page name under `generated/`: kept, for the
    build's hands, while the lessons, their runs and the rules' places are the same."""

    def draw() -> dict[str, str]:
        path = lessons(rule_link, folder, hands)
        pages = {INDEX: index_md(path)}
        for number, one in enumerate(path, start=1):
            pages[one.page] = lesson_md(one, number=number, lessons=path)
        return pages

    runs = [executed.key for executed in (hands or {}).values()]
    if not runs or not all(runs):
        return draw()
    texts = [path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.md"))]
    return PAGES.get(digest(PLACES_KEY[0], *runs, *texts), draw)


__all__ = [
    "FOLDER",
    "INDEX",
    "Lesson",
    "LessonError",
    "Question",
    "lesson_pages",
    "lessons",
]
