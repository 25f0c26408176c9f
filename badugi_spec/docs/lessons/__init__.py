"""The lesson path: short lessons for a learner who has never played, each one idea, each
ending with questions checked in the page (`docs/javascripts/lessons.js`).

A lesson is a Markdown file in `scenarios/lessons/` beside the scenario files that hold its
hands; `badugi-spec check` runs those with the rest of the suite. Here each hand is run
again through the engine with an observer (`figures`), the page's `[[...]]` references are
filled from what it saw (`draw`), and the page, its questions and the path's index are
rendered (`page`, templates under `templates/lessons/`). How to write one is on the
scenario-language page, "Writing a lesson". The pages are `generated/lessons.md` and
`generated/lesson-<slug>.md`, registered in `build.PAGES`.

It may use every layer below the docs (cards, rankings, profiles, engine, scenario) and the
docs' own computing modules (cache, examples, replayer, templating); nothing above it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Final

from badugi_spec import profiles
from badugi_spec.scenario.suite import load_suite

from ..cache import code_key, digest
from ..executed import Executed, execute
from ..render import RuleLink
from ..replayer import replayer_html, rule_links_html
from .draw import Resolver, lesson
from .model import Lesson, Question
from .page import index_md, lesson_md
from .source import LessonError, LessonSource, front_matter, read_all

FOLDER: Final = Path(__file__).resolve().parents[3] / "scenarios" / "lessons"
"""Where the lessons are in a checkout: Markdown pages beside their scenario files."""


def _path(folder: Path) -> tuple[tuple[str, Path], ...]:
    """The lessons by slug in their order, read from the front matter alone."""
    found = []
    for path in sorted(folder.glob("*.md")):
        meta, _, _ = front_matter(path)
        found.append((int(meta["order"]), LessonSource(path, meta, {}).slug, path))
    return tuple((slug, path) for _, slug, path in sorted(found))


PATH: Final = _path(FOLDER) if FOLDER.is_dir() else ()
"""(slug, file) of every lesson, in order: the pages are registered without a hand played."""
INDEX: Final = "lessons.md"
PAGE_NAMES: Final = (INDEX, *(f"lesson-{slug}.md" for slug, _ in PATH))


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


_MEMO: dict[str, tuple[dict[str, str], dict[str, str]]] = {}
"""The last pages drawn and the rule links they cite, by what the pages depend on: every
page of a build asks for them, and a rule moved to another part draws them again."""


def lesson_pages(
    rule_link: RuleLink, folder: Path = FOLDER, hands: Mapping[str, Executed] | None = None
) -> dict[str, str]:
    """Every lesson page and the index, by page name under `generated/`."""
    texts = [p.read_text(encoding="utf-8") for p in sorted(folder.glob("*"))]
    key = digest(code_key(), repr([profiles.get(n) for n in profiles.names()]), *texts)
    pages, links = _MEMO.get(key, ({}, {}))
    if pages and all(rule_link(rule) == link for rule, link in links.items()):
        return pages
    cited: dict[str, str] = {}

    def recording(rule: str) -> str:
        cited[rule] = link = rule_link(rule)
        return link

    path = lessons(recording, folder, hands)
    pages = {INDEX: index_md(path)}
    for number, one in enumerate(path, start=1):
        pages[one.page] = lesson_md(one, number=number, lessons=path)
    _MEMO.clear()
    _MEMO[key] = (pages, cited)
    return pages


__all__ = [
    "FOLDER",
    "INDEX",
    "PAGE_NAMES",
    "PATH",
    "Lesson",
    "LessonError",
    "Question",
    "lesson_pages",
    "lessons",
]
