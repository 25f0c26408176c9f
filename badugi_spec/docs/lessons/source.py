"""A lesson's Markdown file read (front matter between `---` lines, prose, and ```question
blocks of a prompt, `answer:`, `wrong:` and `why:`), each piece with the line it came from,
so an error can say where. The syntax is on the scenario-language page, "Writing a lesson".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

REQUIRED: Final = ("title", "order", "profile", "idea", "hands")
OPTIONAL: Final = ("replayer",)
FIGURE: Final = re.compile(r"\[\[([^\[\]]+)\]\]")


class LessonError(ValueError):
    """A lesson that cannot be drawn; the message starts with file:line."""


@dataclass(frozen=True, slots=True)
class QuestionSource:
    line: int
    prompt: str
    answer: str
    wrong: tuple[str, ...]
    why: str


@dataclass(slots=True)
class LessonSource:
    path: Path
    meta: dict[str, str]
    meta_lines: dict[str, int]
    body: list[tuple[int, str]] = field(default_factory=list)
    questions: list[QuestionSource] = field(default_factory=list)

    @property
    def slug(self) -> str:
        """The file name without its order prefix: `02-side-pots.md` is `side-pots`."""
        return re.sub(r"^\d+-", "", self.path.stem)

    @property
    def hands(self) -> list[str]:
        return self.meta["hands"].replace(",", " ").split()

    def where(self, line: int) -> str:
        return f"{self.path}:{line}"


def front_matter(path: Path) -> tuple[dict[str, str], dict[str, int], int]:
    """The `key: value` lines between the opening and closing `---`, and the first line after."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0].strip() != "---":
        raise LessonError(f"{path}:1: a lesson starts with front matter between --- lines")
    meta: dict[str, str] = {}
    where: dict[str, int] = {}
    for number, line in enumerate(lines[1:], start=2):
        if line.strip() == "---":
            missing = [key for key in REQUIRED if key not in meta]
            if missing:
                raise LessonError(f"{path}:1: the front matter lacks {', '.join(missing)}")
            if not meta["order"].isdigit():
                raise LessonError(f"{path}:{where['order']}: order is a whole number")
            return meta, where, number + 1
        key, colon, value = line.partition(":")
        if not colon or key.strip() not in (*REQUIRED, *OPTIONAL):
            known = ", ".join((*REQUIRED, *OPTIONAL))
            raise LessonError(f"{path}:{number}: expected one of {known} as `key: value`")
        meta[key.strip()] = value.strip()
        where[key.strip()] = number
    raise LessonError(f"{path}:1: the front matter has no closing ---")


def read(path: Path) -> LessonSource:
    meta, where, start = front_matter(path)
    source = LessonSource(path, meta, where)
    lines = path.read_text(encoding="utf-8").splitlines()
    number = start
    while number <= len(lines):
        line = lines[number - 1]
        if line.strip() == "```question":
            end = number + 1
            while end <= len(lines) and lines[end - 1].strip() != "```":
                end += 1
            if end > len(lines):
                raise LessonError(f"{path}:{number}: a question block has no closing ```")
            source.questions.append(_question(path, number, lines[number : end - 1]))
            number = end + 1
            continue
        source.body.append((number, line))
        number += 1
    return source


def _question(path: Path, line: int, text: list[str]) -> QuestionSource:
    """The prompt (every line before `answer:`), then `answer:`, `wrong:` lines and `why:`
    (which runs to the end of the block)."""
    prompt: list[str] = []
    parts: dict[str, list[str]] = {"answer": [], "wrong": [], "why": []}
    current = ""
    for raw in text:
        key, colon, value = raw.partition(":")
        if colon and key.strip() in parts and not raw.startswith(" "):
            current = key.strip()
            parts[current].append(value.strip())
        elif current == "why" and parts["why"]:
            parts["why"][-1] += " " + raw.strip()
        elif not current:
            prompt.append(raw.strip())
        elif raw.strip():
            raise LessonError(f"{path}:{line}: in a question, after answer: come wrong: and why:")
    if not prompt or len(parts["answer"]) != 1 or len(parts["why"]) != 1:
        raise LessonError(f"{path}:{line}: a question needs a prompt, one answer: and one why:")
    return QuestionSource(
        line,
        " ".join(p for p in prompt if p),
        parts["answer"][0],
        tuple(parts["wrong"]),
        parts["why"][0].strip(),
    )


def read_all(folder: Path) -> list[LessonSource]:
    """Every lesson in `folder`, in the order their front matter gives."""
    found = [read(path) for path in sorted(folder.glob("*.md"))]
    orders: dict[int, Path] = {}
    for lesson in found:
        order = int(lesson.meta["order"])
        if order in orders:
            raise LessonError(
                f"{lesson.where(lesson.meta_lines['order'])}: order {order} is taken by"
                f" {orders[order].name}"
            )
        orders[order] = lesson.path
    return sorted(found, key=lambda lesson: int(lesson.meta["order"]))
