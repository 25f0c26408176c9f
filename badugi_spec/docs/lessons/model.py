"""A lesson as a value (title, one idea, body, questions) and its page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .quiz import Question, quiz_html


@dataclass(frozen=True, slots=True)
class Lesson:
    slug: str
    title: str
    idea: str
    """The one idea, in a sentence: the lesson index lists it."""
    body: str
    """Markdown (with raw HTML blocks) drawn from the engine's play."""
    questions: tuple[Question, ...]
    replayer: str = ""
    """A hook for the hand replayer, when the lesson plays a hand step by step."""

    @property
    def page(self) -> str:
        return f"lesson-{self.slug}.md"


def others(right: object, *candidates: object, count: int = 3) -> list[object]:
    """Up to `count` wrong answers from computed near misses: duplicates and any that
    equal the right answer dropped (two routes to the same number are common)."""
    seen = {str(right)}
    out: list[object] = []
    for value in candidates:
        if str(value) not in seen:
            seen.add(str(value))
            out.append(value)
    return out[:count]


def lesson_md(lesson: Lesson, *, number: int, lessons: Sequence[Lesson]) -> str:
    """The page of one lesson: where it sits in the path, its body, its questions, and
    links to the lessons on either side."""
    total = len(lessons)
    lines = [
        f"# Lesson {number}: {lesson.title}",
        "",
        f'<p class="lesson-where">Lesson {number} of {total} in the'
        f' <a href="../lessons/">lesson path</a>. <strong>The idea:</strong> {lesson.idea}</p>',
        "",
        lesson.body.strip(),
        "",
    ]
    if lesson.replayer:
        lines += [
            "## Step through the hand",
            "",
            "The same hand, one event at a time, as the engine played it: use the buttons or"
            " the arrow keys (← and →, Home and End).",
            "",
            lesson.replayer,
            "",
        ]
    lines += [
        "## Check yourself",
        "",
        "Pick an answer and press **Check** (or Enter). Only your first answer to each"
        " question counts towards the score; your progress stays in this browser.",
        "",
        quiz_html(lesson.slug, lesson.questions),
        "",
    ]
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
    """The lesson path: each lesson's idea and, filled in by `lessons.js` from this
    browser's storage, how far the reader has got."""
    questions = sum(len(lesson.questions) for lesson in lessons)
    lines = [
        "# Lessons",
        "",
        f"{len(lessons)} short lessons take you from one hand at a six-seat table to the"
        " split-pot games. Each teaches one idea with a hand played by this project's engine,"
        f" and ends with a few questions ({questions} in all) checked in the page. You need"
        " nothing but the [rules of a single hand](how-to-play.md) to start; the rule links"
        " are there if you want the fine print.",
        "",
        f'<div class="lesson-progress" data-lessons="{len(lessons)}" data-questions="{questions}">'
        f'<p class="lesson-summary" aria-live="polite">Lessons done: <span class="done">0</span>'
        f' of {len(lessons)} · Questions right: <span class="right">0</span> of {questions}</p>',
        '<ol class="lesson-list">',
    ]
    for lesson in lessons:
        lines.append(
            f'<li data-lesson="{lesson.slug}" data-total="{len(lesson.questions)}">'
            f'<a href="../{lesson.page[:-3]}/">{lesson.title}</a>'
            f' <span class="lesson-state">not started</span><br>'
            f'<span class="lesson-idea">{lesson.idea}</span></li>'
        )
    lines += [
        "</ol>",
        '<button type="button" class="md-button lesson-reset-all">Forget my progress</button>',
        "</div>",
        "",
        "Your progress is kept in this browser only (its local storage), never sent anywhere.",
        "",
    ]
    return "\n".join(lines)
