"""A lesson and its questions as values. Unless the page gives a question's wrong choices,
they are the figures of the right answer's kind nearest to it (`near`); `ask` refuses one
equal to the right answer, so an engine change that made a distractor right stops the
build. The right answer's place follows from the prompt, not from chance.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from .figures import Figure


@dataclass(frozen=True, slots=True)
class Question:
    prompt: str
    choices: tuple[str, ...]
    answer: int  # the right choice's index
    why: str  # shown once the question is answered, right or wrong

    @property
    def right(self) -> str:
        return self.choices[self.answer]


@dataclass(frozen=True, slots=True)
class Lesson:
    slug: str
    title: str
    order: int
    idea: str
    """The one idea, in a sentence: the lesson index lists it."""
    body: str
    """Markdown (with HTML blocks from the templates) filled from the engine's play."""
    questions: tuple[Question, ...]
    replayer: str = ""
    """The hand, step by step (`replayer.replayer_html`), when the lesson names one."""
    hands: tuple[str, ...] = ()
    """The ids of the scenarios that hold its hands: each gets its anchor here, a target
    for a link to a lesson hand."""

    @property
    def page(self) -> str:
        return f"lesson-{self.slug}.md"


def ask(prompt: str, *, right: object, wrong: Sequence[object], why: str) -> Question:
    """A question whose right answer is `right`, put among the `wrong` ones."""
    right_text = str(right)
    others = [str(w) for w in wrong]
    if right_text in others:
        raise ValueError(f"the right answer {right_text!r} is also given as wrong")
    if len(set(others)) != len(others):
        raise ValueError(f"a wrong answer is given twice: {others}")
    if not 2 <= len(others) + 1 <= 5:
        raise ValueError(f"a question has 2 to 5 choices, not {len(others) + 1}")
    place = hashlib.sha256(prompt.encode()).digest()[0] % (len(others) + 1)
    choices = (*others[:place], right_text, *others[place:])
    return Question(prompt, choices, place, why)


def near(right: Figure, pool: Sequence[Figure], *, want: int = 3) -> list[str]:
    """Up to `want` wrong choices of the right answer's kind: the nearest figures of the
    lesson, then values a step away, each once."""
    seen = {right.text}
    out: list[str] = []

    def take(text: str) -> None:
        if text not in seen and len(out) < want:
            seen.add(text)
            out.append(text)

    same = [f for f in pool if f.kind == right.kind]
    if right.number is not None and right.kind in ("chips", "count", "percent"):
        value = right.number
        for figure in sorted(same, key=lambda f: (abs((f.number or 0) - value), f.text)):
            if right.kind == "percent" or (figure.number or 0) > 0:
                take(figure.text)
        step = 0.05 if right.kind == "percent" else 1
        for k in (1, -1, 2, -2, 3):
            moved = value + k * step
            if moved > 0:
                take(f"{moved:.1%}" if right.kind == "percent" else str(int(moved)))
    elif right.kind == "choice":
        pair = ("yes", "no") if right.text in ("yes", "no") else ("call", "fold", "raise")
        for text in pair:
            take(text)
    else:
        for figure in same:
            take(figure.text)
    return out
