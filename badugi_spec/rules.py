"""Load the rulebook in `rules/`: every rule ID with its chapter, title and text.

The rulebook is Markdown with a strict heading shape (`# R3 Betting`, `## R3.6 The cap`),
so tools can check coverage and link to rules. Chapter F is an overview of the wider
family, each section naming the profile chapter that states its rules: it loads, but no
scenario is required to cover it.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from badugi_spec.errors import RulebookError

_CHAPTER: Final = re.compile(r"^# (?P<id>R\d+|F) (?P<title>\S.*)$")
_RULE: Final = re.compile(r"^## (?P<id>(?:R\d+\.\d+)|(?:F\d+)) (?P<title>\S.*)$")
INTERPRETATION_MARK: Final = "> **Interpretation.**"
NOT_HEADS_UP_MARK: Final = "> **Not shown heads-up:**"
NO_SCENARIO_MARK: Final = "> **No scenario yet:**"
FUTURE_MARK: Final = "> **Now played as:**"
"""Opens each section of chapter F: the profile and chapter that now play it."""
RULE_ID: Final = re.compile(r"\b(?:R\d+\.\d+|F\d+)\b")


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    title: str
    text: str
    chapter: str
    chapter_title: str
    path: str
    line: int

    @property
    def is_interpretation(self) -> bool:
        return INTERPRETATION_MARK in self.text

    @property
    def is_future(self) -> bool:
        return self.id.startswith("F")

    def _marked(self, mark: str) -> str | None:
        for line in self.text.splitlines():
            if line.startswith(mark):
                return line.removeprefix(mark).strip()
        return None

    @property
    def not_heads_up(self) -> str | None:
        """Why this rule cannot be shown in a heads-up scenario, if it cannot."""
        return self._marked(NOT_HEADS_UP_MARK)

    @property
    def no_scenario_yet(self) -> str | None:
        """Why the scenario language cannot show this rule yet, and what checks it meanwhile."""
        return self._marked(NO_SCENARIO_MARK)

    @property
    def needs_scenario(self) -> bool:
        return not self.is_future and self.not_heads_up is None and self.no_scenario_yet is None


@dataclass(frozen=True, slots=True)
class Chapter:
    id: str
    title: str
    intro: str
    path: str
    rules: tuple[Rule, ...]


def default_root() -> Path:
    """The rulebook: `badugi_spec/rulebook` links to `rules/` in a checkout, and is a copy
    of it in an installed wheel, so both find the same chapters."""
    return Path(__file__).resolve().parent / "rulebook"


def _parse_file(path: Path) -> Chapter:
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or not (head := _CHAPTER.match(lines[0])):
        raise RulebookError(
            f"{path}:1: the first line must be a chapter heading like '# R3 Betting'"
        )
    chapter_id, chapter_title = head["id"], head["title"].strip()
    intro: list[str] = []
    rules: list[Rule] = []
    current: tuple[str, str, int] | None = None
    body: list[str] = []

    def close() -> None:
        if current is not None:
            rule_id, title, line = current
            rules.append(
                Rule(
                    id=rule_id,
                    title=title,
                    text="\n".join(body).strip(),
                    chapter=chapter_id,
                    chapter_title=chapter_title,
                    path=str(path),
                    line=line,
                )
            )

    for number, line in enumerate(lines[1:], start=2):
        if line.startswith("## "):
            match = _RULE.match(line)
            if not match:
                raise RulebookError(f"{path}:{number}: rule heading must look like '## R3.6 Title'")
            rule_id = match["id"]
            if not (rule_id.startswith(chapter_id + ".") or rule_id[0] == chapter_id == "F"):
                raise RulebookError(
                    f"{path}:{number}: rule {rule_id} is not in chapter {chapter_id}"
                )
            close()
            current, body = (rule_id, match["title"].strip(), number), []
        elif line.startswith("# "):
            raise RulebookError(f"{path}:{number}: only one chapter heading per file")
        elif current is None:
            intro.append(line)
        else:
            body.append(line)
    close()
    return Chapter(
        id=chapter_id,
        title=chapter_title,
        intro="\n".join(intro).strip(),
        path=str(path),
        rules=tuple(rules),
    )


@functools.cache
def load_chapters(root: Path | None = None) -> tuple[Chapter, ...]:
    base = root or default_root()
    files = sorted(p for p in base.glob("*.md") if p.name != "README.md")
    if not files:
        raise RulebookError(f"no rulebook chapters found in {base}")
    # The future-profile chapter F comes last, after every numbered chapter, whatever
    # its file is called.
    chapters = tuple(sorted((_parse_file(p) for p in files), key=lambda c: c.id == "F"))
    seen: dict[str, str] = {}
    for chapter in chapters:
        for rule in chapter.rules:
            if rule.id in seen:
                raise RulebookError(
                    f"{rule.path}:{rule.line}: {rule.id} is also in {seen[rule.id]}"
                )
            seen[rule.id] = f"{rule.path}:{rule.line}"
    return chapters


def load(root: Path | None = None) -> dict[str, Rule]:
    """Every rule by ID, in rulebook order."""
    return {rule.id: rule for chapter in load_chapters(root) for rule in chapter.rules}


def chapter_of(rule_id: str) -> str:
    """`R3.6` -> `R3`; future-profile IDs belong to chapter F."""
    return "F" if rule_id.startswith("F") else rule_id.split(".", 1)[0]
