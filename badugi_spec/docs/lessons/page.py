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

_CARD: Final = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9JQKA])[♠♥♦♣](?![\w♠♥♦♣])")
_LINK: Final = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
"""A Markdown link, as a rule link (`[[R8.5]]`) is filled in: the quiz is raw HTML, where
Markdown would show it as typed."""

Segment = tuple[str, str, str]
"""(kind, text, link target): `strong`, `link`, a suit's class for a card, or `text`."""


def _site_href(target: str) -> str:
    """A link between generated pages as the built site spells it (raw HTML gets no link
    rewriting from MkDocs): `03-betting.md#R3.6` -> `../03-betting/#R3.6`."""
    page, hash_, anchor = target.partition("#")
    if not page.endswith(".md") or "/" in page or ":" in page:
        return target
    return site_url(page, anchor) if hash_ else f"../{page[:-3]}/"


def _plain(part: str) -> list[Segment]:
    out: list[Segment] = []
    last = 0
    for match in _CARD.finditer(part):
        out.append(("text", part[last : match.start()], ""))
        card = parse_cards(match.group(0))[0]
        out.append((SUIT_CLASS[card.suit.value], card.pretty(), ""))
        last = match.end()
    return [*out, ("text", part[last:], "")]


def segments(value: str) -> list[Segment]:
    """Text cut into segments for the templates: `**bold**`, `[links](target)`, cards and
    plain text. Escaping is the template's."""
    out: list[Segment] = []
    for number, part in enumerate(value.split("**")):
        if number % 2:
            out.append(("strong", part, ""))
            continue
        last = 0
        for match in _LINK.finditer(part):
            out += _plain(part[last : match.start()])
            out.append(("link", match.group(1), _site_href(match.group(2))))
            last = match.end()
        out += _plain(part[last:])
    return [segment for segment in out if segment[1]]


def _question(q: Question) -> dict[str, object]:
    return {
        "prompt": segments(q.prompt),
        "choices": [segments(c) for c in q.choices],
        "answer": q.answer,
        "why": segments(q.why),
    }


def lesson_md(lesson: Lesson, *, number: int, lessons: Sequence[Lesson]) -> str:
    """The page of one lesson: where it sits on the path, its body, its hand step by step,
    its questions, and links to the lessons on either side."""
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
