"""A lesson's page and the path's index, as Markdown around the templates' HTML."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from badugi_spec.cards import parse_cards

from ..places import site_url
from ..render import SUIT_CLASS
from ..templating import render
from .model import Lesson, Question

_PIECE: Final = re.compile(
    r"\[(?P<link>[^\]]+)\]\((?P<target>[^)\s]+)\)"  # a filled `[[R8.5]]`: the quiz is raw HTML
    r"|(?<![\w♠♥♦♣])(?:10|[2-9JQKA])[♠♥♦♣](?![\w♠♥♦♣])"  # a card
)

Segment = tuple[str, str, str]
"""(kind, text, link target): `strong`, `link`, a suit's class for a card, or `text`."""


def _site_href(target: str) -> str:
    """A link between generated pages as the built site spells it (MkDocs rewrites none in
    raw HTML): `03-betting.md#R3.6` -> `../03-betting/#R3.6`."""
    page, hash_, anchor = target.partition("#")
    if not page.endswith(".md") or "/" in page or ":" in page:
        return target
    return site_url(page, anchor) if hash_ else f"../{page[:-3]}/"


def segments(value: str) -> list[Segment]:
    """Text cut into segments for the templates: `**bold**`, `[links](target)`, cards and
    plain text. Escaping is the template's."""
    out: list[Segment] = []
    for number, part in enumerate(value.split("**")):
        if number % 2:
            out.append(("strong", part, ""))
            continue
        last = 0
        for match in _PIECE.finditer(part):
            out.append(("text", part[last : match.start()], ""))
            if match.group("link"):
                out.append(("link", match.group("link"), _site_href(match.group("target"))))
            else:
                card = parse_cards(match.group(0))[0]
                out.append((SUIT_CLASS[card.suit.value], card.pretty(), ""))
            last = match.end()
        out.append(("text", part[last:], ""))
    return [segment for segment in out if segment[1]]


def _question(q: Question) -> dict[str, object]:
    return {
        "prompt": segments(q.prompt),
        "choices": [segments(c) for c in q.choices],
        "answer": q.answer,
        "why": segments(q.why),
    }


def lesson_md(lesson: Lesson, *, number: int, lessons: Sequence[Lesson]) -> str:
    """One lesson's page: its place on the path, body, hand, questions and neighbours."""
    questions = [_question(q) for q in lesson.questions]
    return render(
        "lessons/page.md",
        lesson=lesson,
        number=number,
        where=render("lessons/where.html", number=number, total=len(lessons), idea=lesson.idea),
        quiz=render("lessons/quiz.html", slug=lesson.slug, questions=questions),
        hands=render("lessons/hands.html", hands=lesson.hands),
        before=lessons[number - 2] if number > 1 else None,
        after=lessons[number] if number < len(lessons) else None,
    )


def index_md(lessons: Sequence[Lesson]) -> str:
    questions = sum(len(lesson.questions) for lesson in lessons)
    progress = render("lessons/index.html", lessons=lessons, questions=questions)
    return render("lessons/index.md", lessons=lessons, questions=questions, progress=progress)
