"""Places in a document: the lines as the parser counts them, and the word at a cursor.

Positions here are 0-based lines and columns counted in characters (code points); the
server converts them to the units the client counts in (UTF-16 unless it asks otherwise),
which differ only past the Basic Multilingual Plane.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from badugi_spec.scenario.model import source_lines

_WORD: Final = re.compile(r"[A-Za-z0-9_.=,-]+")
"""What a hover reads as one word: a rule ID, a slug, an override with its value."""
_PARTIAL: Final = re.compile(r"[A-Za-z0-9_-]*$")
"""The part of a word typed so far, which a completion replaces."""


@dataclass(frozen=True, slots=True)
class Span:
    line: int
    start: int
    end: int


def line_at(text: str, line: int) -> str:
    lines = source_lines(text)
    return lines[line] if 0 <= line < len(lines) else ""


def word_at(text: str, line: int, column: int) -> tuple[str, Span] | None:
    """The word under the cursor, or touching it on the left (the cursor after a word)."""
    source = line_at(text, line)
    for found in _WORD.finditer(source):
        if found.start() <= column <= found.end():
            return found.group(), Span(line, found.start(), found.end())
    return None


def partial_word(text: str, line: int, column: int) -> tuple[str, str]:
    """The line up to the word being typed, and that word's part before the cursor."""
    before = line_at(text, line)[:column]
    typed = _PARTIAL.search(before)
    assert typed is not None  # the pattern matches the empty string
    return before[: typed.start()], typed.group()


def problem_span(text: str, line: int, column: int) -> Span:
    """Where to underline a problem the parser puts at a 1-based line and column: the
    word that starts there, or the rest of the line, at least one character."""
    row = max(line, 1) - 1
    source = line_at(text, row)
    start = min(max(column, 1) - 1, len(source))
    rest = source[start:]
    length = len(rest.split(None, 1)[0]) if rest.strip() and not rest[0].isspace() else 0
    return Span(row, start, start + max(length, 1))
