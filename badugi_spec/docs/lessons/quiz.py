"""A lesson's questions as values, and as the HTML the page checks (`lessons.js`).

A question is made from its right answer as the engine or a ranking computed it and a few
wrong ones; `ask` refuses a wrong answer that equals the right one, so a change in the
engine that made a distractor right stops the build instead of marking two answers right.
The place of the right answer among the choices follows from the question's text, not from
chance, so a build is reproducible.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from badugi_spec.docs.render import cardify, text


@dataclass(frozen=True, slots=True)
class Question:
    prompt: str
    choices: tuple[str, ...]
    answer: int
    """Index of the right choice."""
    why: str
    """The explanation shown once the question is answered, right or wrong."""

    @property
    def right(self) -> str:
        return self.choices[self.answer]


def ask(prompt: str, *, right: object, wrong: Sequence[object], why: str) -> Question:
    """A question whose right answer is `right`, put among the `wrong` ones."""
    right_text = str(right)
    others = [str(w) for w in wrong]
    if right_text in others:
        raise ValueError(f"{prompt!r}: the right answer {right_text!r} is also given as wrong")
    if len(set(others)) != len(others):
        raise ValueError(f"{prompt!r}: a wrong answer is given twice: {others}")
    if not 2 <= len(others) + 1 <= 5:
        raise ValueError(f"{prompt!r}: a question has 2 to 5 choices")
    place = hashlib.sha256(prompt.encode()).digest()[0] % (len(others) + 1)
    choices = (*others[:place], right_text, *others[place:])
    return Question(prompt, choices, place, why)


def _inline(value: str) -> str:
    """Escaped text with its cards coloured; `**bold**` is the only markup allowed."""
    escaped = cardify(text(value))
    parts = escaped.split("**")
    return "".join(f"<strong>{p}</strong>" if i % 2 else p for i, p in enumerate(parts))


def quiz_html(lesson: str, questions: Sequence[Question], *, link_why: str = "") -> str:
    """The questions as forms, one per question, then the lesson's score.

    Plain forms and radio buttons, so the keyboard works as it does everywhere (Tab,
    arrows, Space, Enter); `lessons.js` checks an answer, shows why and keeps the score.
    Without the script each explanation stays readable in its fold.
    """
    out = [f'<div class="lesson-quiz" data-lesson="{text(lesson)}" data-total="{len(questions)}">']
    for number, q in enumerate(questions, start=1):
        name = f"{lesson}-q{number}"
        out.append(
            f'<form class="lesson-q" id="{text(name)}" data-q="{number}"'
            f' data-answer="{q.answer}" autocomplete="off">'
        )
        out.append(f"<fieldset><legend>{number}. {_inline(q.prompt)}</legend>")
        for index, choice in enumerate(q.choices):
            out.append(
                f'<label class="lesson-choice"><input type="radio" name="{text(name)}"'
                f' value="{index}"> {_inline(choice)}</label>'
            )
        out.append("</fieldset>")
        out.append('<button type="submit" class="md-button lesson-check">Check</button>')
        out.append('<p class="lesson-verdict" role="status" aria-live="polite"></p>')
        out.append(
            f'<details class="lesson-why"><summary>Why</summary><p>{_inline(q.why)}{link_why}</p>'
            "</details>"
        )
        out.append("</form>")
    out.append(
        f'<p class="lesson-score" aria-live="polite">Score: <span class="lesson-right">0</span>'
        f" of {len(questions)} right first time.</p>"
    )
    out.append(
        '<button type="button" class="md-button lesson-reset">Start this lesson again</button>'
    )
    out.append("</div>")
    return "\n".join(out)
