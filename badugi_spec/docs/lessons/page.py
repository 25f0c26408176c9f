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
    total = len(lessons)
    lines = [
        f"# Lesson {number}: {lesson.title}",
        "",
        render("lessons/where.html", number=number, total=total, idea=lesson.idea),
        "",
        lesson.body,
        "",
    ]
    if lesson.replayer:
        lines += [
            "## Step through the hand",
            "",
            "The same hand, one event at a time, as the engine played it: use the buttons"
            " (at a keyboard, the arrow keys ← and →, Home and End, work too).",
            "",
            lesson.replayer,
            "",
        ]
    quiz = render(
        "lessons/quiz.html", slug=lesson.slug, questions=[_question(q) for q in lesson.questions]
    )
    lines += [
        "## Check yourself",
        "",
        "Pick an answer and press **Check** (or Enter). Only your first answer to each"
        " question counts towards the score; your progress stays in this browser.",
        "",
        quiz,
        "",
    ]
    lines += [render("lessons/hands.html", hands=lesson.hands), ""]
    steps = []
    if number > 1:
        before = lessons[number - 2]
        steps.append(f"← [Lesson {number - 1}: {before.title}]({before.page})")
    steps.append("[All lessons](lessons.md)")
    if number < total:
        after = lessons[number]
        steps.append(f"[Lesson {number + 1}: {after.title}]({after.page}) →")
    lines += [" · ".join(steps), ""]
    return "\n".join(lines)


def index_md(lessons: Sequence[Lesson]) -> str:
    questions = sum(len(lesson.questions) for lesson in lessons)
    return "\n".join(
        [
            "# Lessons",
            "",
            f"{len(lessons)} short lessons take you from one hand at a six-seat table to the"
            " split-pot games and your seat's strategy. Each teaches one idea with a hand"
            " played by this project's engine, and ends with a few questions"
            f" ({questions} in all) checked in the page. You need nothing but the"
            " [rules of a single hand](how-to-play.md) to start; the rule links are there"
            " if you want the fine print.",
            "",
            render("lessons/index.html", lessons=lessons, questions=questions),
            "",
            "Your progress is kept in this browser only (its local storage), never sent anywhere.",
            "",
        ]
    )
