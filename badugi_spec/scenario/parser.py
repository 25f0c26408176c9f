"""Parse scenario files: Lark grammar -> one Transformer -> frozen `Scenario` values.

Every problem becomes a ScenarioError with file, line, column, the line and a caret.
"""

from __future__ import annotations

import difflib
import functools
from importlib import resources
from typing import Any, Final

import lark

from badugi_spec.errors import ScenarioError
from badugi_spec.scenario import grammar_cache
from badugi_spec.scenario.model import HandScript, Scenario, Step, source_lines
from badugi_spec.scenario.transform import Statements
from badugi_spec.scenario.transform_expects import Expectations

_FRIENDLY: Final = {
    "CARD": "a card such as A♠ or As",
    "NAME": "a player name (capitalised, e.g. Ann)",
    "INT": "a number",
    "SLUG": "an id such as trip-to-badugi",
    "STRING": 'a "quoted title"',
    "RULE_ID": "a rule ID such as R3.6",
    "CODE": "an error code such as raise-cap",
    "PHASE": "a phase such as bet-1, draw-2 or complete",
    "VALUE": "a hand value such as 4-card 4-3-2-A",
    "REST": "a list of legal actions",
    "HANDTEXT": "four cards",
    "IN_RANKING": "a ranking such as 'in low-2-7'",
    "VERDICT": "'beats' or 'ties'",
    "RANKING": "a ranking such as low-2-7, then a value",
    "_NL": "the end of the line",
    "$END": "the end of the file",
    "DEALER": "'dealer'",
    "ENDING": "'at showdown' or 'by fold'",
    "NONE": "'nobody'",
    "DRAWN": "'drawn'",
    "OVERRIDE": "a parameter override such as cap=5",
    "REASON": "'bust' or 'hands'",
    "SEMICOLON": "';'",
    "COMMA": "','",
    "SLASH": "'/'",
    "END_REASON": "'(bust)' or '(hand limit)'",
}

# The words a line may start with, for "did you mean" on a misspelt statement.
STATEMENTS: Final = (
    "scenario", "profile", "rules", "tags", "order", "note", "players", "hand", "deal", "deck",
    "shuffle", "burn", "reshuffle", "reject", "expect", "evaluate", "compare", "unfinished",
)  # fmt: skip

VERBS: Final = ("checks", "bets", "calls", "raises", "folds", "goes", "discards", "stands", "mucks")
"""The words after a player's name: an action (`goes all-in`, `stands pat`)."""


@functools.cache
def _parser() -> lark.Lark:
    grammar = resources.files("badugi_spec.scenario").joinpath("grammar.lark").read_text("utf-8")
    return grammar_cache.parser(
        "parser", grammar, parser="lalr", lexer="contextual", propagate_positions=True
    )


@functools.cache
def _keywords() -> dict[str, str]:
    """Lark's own names for anonymous keywords (`__ANON_1`) -> the keyword, quoted."""
    out: dict[str, str] = {}
    for terminal in _parser().terminals:
        pattern = terminal.pattern
        if isinstance(pattern, lark.lexer.PatternStr):
            out[terminal.name] = repr(pattern.value)
        elif terminal.name.startswith("__"):
            out[terminal.name] = repr(pattern.value.replace("\\", ""))
    return out


def _word(name: str) -> str:
    if name in _FRIENDLY:
        return _FRIENDLY[name]
    return _keywords().get(name) or repr(name.lower().strip('"'))


def _expected(names: set[str] | frozenset[str]) -> str:
    words = sorted({_word(name) for name in names})
    words = [w.replace("'any'", "") for w in words]
    if len(words) > 6:
        words = [*words[:6], "..."]
    return ", ".join(words)


class _Build(Statements, Expectations):
    """Every statement of a file: the rule callbacks are split by what they build."""


def _keyword_values() -> dict[str, str]:
    """Lark's terminal names of the plain keywords (`BETS`) -> the keyword (`bets`)."""
    return {
        t.name: t.pattern.value
        for t in _parser().terminals
        if isinstance(t.pattern, lark.lexer.PatternStr) and t.pattern.value.isalpha()
    }


def _specific(
    found: str, expected: set[str] | frozenset[str], source: str, column: int
) -> str | None:
    """A clearer message than Lark's list for the mistakes authors make: a quote or a
    narrative block never closed, a misspelt action or keyword."""
    if found.startswith('"""'):
        return (
            'this """ opens a narrative block that is never closed: end the story with'
            ' """ on a line of its own'
        )
    if "STRING" in expected and found.startswith('"') and '"' not in source[column:]:
        return (
            'this " opens a quoted text that is not closed on its line: end it with " before'
            " the end of the line"
        )
    word = found.split()[0] if found.split() else ""
    keywords = _keyword_values()
    offered = sorted(keywords[name] for name in expected if name in keywords)
    if not word.isalpha() or not offered:
        return None
    close = difflib.get_close_matches(word, offered, n=1, cutoff=0.6)
    if set(VERBS) <= set(offered):
        fix = f"did you mean {close[0]!r}? " if close else ""
        return (
            f"unknown action {word!r}: {fix}an action is a name and one of"
            " checks, bets, calls, raises, folds, goes all-in, discards, stands pat"
        )
    if close:
        return f"unexpected {word!r}: did you mean {close[0]!r}?"
    return None


def _misspelt_statement(source: str) -> str | None:
    """'unknown statement' with a suggestion, when a line's first word is a near miss."""
    first = source.split(maxsplit=1)[0] if source.strip() else ""
    if not first or first in STATEMENTS or first[0].isupper() or first.startswith(("#", '"')):
        return None
    close = difflib.get_close_matches(first, STATEMENTS, n=1, cutoff=0.6)
    if not close:
        return None
    return f"unknown statement {first!r}: did you mean {close[0]!r}?"


def parse_statements(text: str, path: str) -> list[Any]:
    """The file's statements in order, or a ScenarioError at the first problem."""
    lines = source_lines(text)
    try:
        tree = _parser().parse(text if text.endswith("\n") else text + "\n")
    except lark.UnexpectedCharacters as error:
        source = lines[error.line - 1] if 0 < error.line <= len(lines) else ""
        misspelt = _misspelt_statement(source)
        if misspelt is not None:
            raise ScenarioError(
                misspelt,
                path=path,
                line=error.line,
                column=len(source) - len(source.lstrip()) + 1,
                source_line=source,
            ) from None
        found = source[error.column - 1 : error.column + 7].split(" ")[0] or "this"
        rest = source[error.column - 1 :]
        specific = _specific(rest, error.allowed or set(), source, error.column)
        raise ScenarioError(
            specific or f"unexpected {found!r}; expected {_expected(error.allowed or set())}",
            path=path,
            line=error.line,
            column=error.column,
            source_line=source,
        ) from None
    except lark.UnexpectedToken as error:
        line = int(error.line) if error.line and error.line > 0 else max(len(lines), 1)
        column = int(error.column) if error.column and error.column > 0 else 1
        source = lines[line - 1] if 0 < line <= len(lines) else ""
        misspelt = _misspelt_statement(source)
        if misspelt is not None:
            raise ScenarioError(
                misspelt,
                path=path,
                line=line,
                column=len(source) - len(source.lstrip()) + 1,
                source_line=source,
            ) from None
        token = error.token
        found = "the end of the line" if token.type == "_NL" else repr(str(token))
        if token.type == "$END":
            found = "the end of the file"
        specific = _specific(str(token), error.expected, source, column)
        raise ScenarioError(
            specific or f"unexpected {found}; expected {_expected(error.expected)}",
            path=path,
            line=line,
            column=column,
            source_line=source,
        ) from None
    except lark.UnexpectedEOF as error:
        raise ScenarioError(
            f"the file ends too early; expected {_expected(set(error.expected))}",
            path=path,
            line=max(len(lines), 1),
            column=1,
            source_line=lines[-1] if lines else "",
        ) from None
    try:
        return list(_Build(path, lines).transform(tree))
    except lark.exceptions.VisitError as error:
        if isinstance(error.orig_exc, ScenarioError):
            raise error.orig_exc from None
        # A bug of ours, but the user still gets a place and one line, not a traceback.
        meta = getattr(error.obj, "meta", error.obj)
        line = int(getattr(meta, "line", 1) or 1)
        raise ScenarioError(
            f"cannot read this statement ({type(error.orig_exc).__name__}: {error.orig_exc})",
            path=path,
            line=line,
            column=int(getattr(meta, "column", 1) or 1),
            source_line=lines[line - 1] if 0 < line <= len(lines) else "",
        ) from None


__all__ = ["HandScript", "Scenario", "Step", "parse_statements"]
