"""A fuzzed scenario's compiled case, by the scenario language's own parser, line by line.

A fuzzed trial is a few dozen lines, most of them said before in another trial (`Ann
calls 1`, `expect turn Bob; legal check, raise to 4`), and parsing dominated the cost
of a trial. Every statement of the language is one line, so each distinct line is parsed
once, by the very parser and transformer `check` uses, and its statements kept; a trial's
statements are the kept ones with their places moved to the trial's own line numbers, then
assembled and compiled as any scenario is. Only the places differ from a whole-file
parse, and `tests/test_fuzz.py` checks that the compiled cases are equal.
"""

from __future__ import annotations

import dataclasses
import enum
from functools import lru_cache
from typing import Any, Final

from badugi_spec.cards import Card
from badugi_spec.scenario.assemble import assemble
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.model import Where
from badugi_spec.scenario.parser import parse_statements

CACHED_LINES: Final = 50_000
"""Distinct lines kept: a few MB, enough for the lines that repeat across trials."""


@lru_cache(maxsize=CACHED_LINES)
def _statements(line: str) -> tuple[Any, ...]:
    return tuple(parse_statements(line + "\n", "fuzz"))


_PLAIN: Final = (str, int, float, type(None), enum.Enum, Card)
"""What holds no place: tokens and words, numbers, cards (most of a trial's items)."""


def _moved(item: Any, line: int, path: str) -> Any:
    """`item` with every `Where` in it on `line` of `path` (the column is the line's own).

    Tokens keep the place they had in the one-line parse: only the assembler's errors
    read it, and a fuzzed scenario our engine played has none."""
    if isinstance(item, _PLAIN):
        return item
    if isinstance(item, Where):
        return Where(path, line, item.column)
    if isinstance(item, tuple):
        return tuple(_moved(part, line, path) for part in item)
    if isinstance(item, list):
        return [_moved(part, line, path) for part in item]
    if dataclasses.is_dataclass(item) and not isinstance(item, type):
        changes = {
            f.name: _moved(getattr(item, f.name), line, path)
            for f in dataclasses.fields(item)
            if isinstance(getattr(item, f.name), Where | tuple | list)
        }
        return dataclasses.replace(item, **changes) if changes else item
    return item


def load(text: str, path: str = "fuzz") -> dict[str, Any]:
    """The compiled case of a fuzzed scenario `text` (one statement per line)."""
    statements: list[Any] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        statements += [_moved(s, number, path) for s in _statements(line)]
    return compile_case(assemble(statements, path=path, text=text, known_rules=None))


__all__ = ["load"]
