"""The words of the scenario language, read from `grammar.lark` rather than listed by hand.

Editors colour and complete what the grammar accepts: the Pygments lexer, the TextMate
grammar and the language server all take their keywords from here, so a statement added
to the grammar cannot be left uncoloured or uncompleted. A keyword is a plain string of
the grammar (`"expect"`, `"all-in"`), a word of a terminal that only lists strings
(`BLIND: "small blind" | "big blind"`), or the word a terminal's pattern opens with
(`IN_RANKING: /[ \\t]*in[ \\t]+.../`).
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

import lark
from lark.lexer import PatternStr

# The parser's own grammar, built once: what is completed is exactly what parses.
from badugi_spec.scenario.parser import _parser as grammar


class Role(enum.Enum):
    """Where a keyword stands, which is what editors colour it by."""

    STATEMENT = "statement"
    """The first word of a line (`deal`, `expect`)."""
    ACTION = "action"
    """A word of an action, after the player's name (`raises`, `stands pat`)."""
    WORD = "word"
    """Any other word of a statement (`pot`, `between`, `showdown`)."""


@dataclass(frozen=True, slots=True)
class Keyword:
    word: str
    role: Role


_WORD: Final = re.compile(r"[a-z][a-z-]*[a-z]|[a-z]")
# A pattern that only lists strings, as Lark compiles `"small blind" | "big blind"`.
_ALTERNATIVES: Final = re.compile(r"\(\?:((?:[^()\\|]|\\.)+(?:\|(?:[^()\\|]|\\.)+)*)\)")
_LEADING_WORD: Final = re.compile(r"(?:\[[^\]]*\]\*)?([a-z]+)(?=\[)")
_ACTION_RULES: Final = frozenset({"verb", "takes"})


def phrases(terminal: str) -> tuple[str, ...]:
    """The texts a terminal made only of strings matches (`BLIND` -> `small blind`, ...);
    () for a terminal that is a real pattern (`NAME`, `CARD`)."""
    pattern = _terminals()[terminal].pattern
    if isinstance(pattern, PatternStr):
        return (pattern.value,)
    found = _ALTERNATIVES.fullmatch(pattern.value)
    if found is None:
        return ()
    return tuple(re.sub(r"\\(.)", r"\1", text) for text in found.group(1).split("|"))


def _words_of(terminal: str) -> Iterator[str]:
    for phrase in phrases(terminal):
        yield from _WORD.findall(phrase)
    if not phrases(terminal):
        leading = _LEADING_WORD.match(_terminals()[terminal].pattern.value)
        if leading is not None:
            yield leading.group(1)


@functools.cache
def _terminals() -> dict[str, lark.lexer.TerminalDef]:
    return {t.name: t for t in grammar().terminals}


@functools.cache
def _statement_terminals() -> frozenset[str]:
    """The terminals a statement may open with: the first symbol of each statement rule."""
    rules = grammar().rules
    statements = {r.expansion[0].name for r in rules if r.origin.name == "_statement"}
    return frozenset(
        r.expansion[0].name
        for r in rules
        if r.origin.name in statements and r.expansion and r.expansion[0].is_term
    )


@functools.cache
def _action_terminals() -> frozenset[str]:
    """The terminals used only in actions (`raises`, `pat`), not `to`, which a pot's
    winners use too."""
    inside: set[str] = set()
    outside: set[str] = set()
    for r in grammar().rules:
        names = {symbol.name for symbol in r.expansion if symbol.is_term}
        (inside if r.origin.name in _ACTION_RULES else outside).update(names)
    return frozenset(inside - outside)


def _role(terminal: str) -> Role:
    if terminal in _statement_terminals():
        return Role.STATEMENT
    if terminal in _action_terminals():
        return Role.ACTION
    return Role.WORD


# When terminals share a word (`hand`, `(hand limit)`), the word opening a statement wins.
_PRECEDENCE: Final = (Role.STATEMENT, Role.WORD, Role.ACTION)


@functools.cache
def keywords() -> tuple[Keyword, ...]:
    """Every keyword once, sorted by word."""
    roles: dict[str, Role] = {}
    for name in _terminals():
        role = _role(name)
        for word in _words_of(name):
            known = roles.get(word, role)
            roles[word] = min(known, role, key=_PRECEDENCE.index)
    return tuple(Keyword(word, role) for word, role in sorted(roles.items()))


def words(role: Role) -> tuple[str, ...]:
    """The keywords of one role, sorted."""
    return tuple(k.word for k in keywords() if k.role is role)


def expected(line_prefix: str) -> frozenset[str] | None:
    """The terminals the grammar accepts after `line_prefix` (one line's text up to the
    cursor, on its own), or None when that text does not parse."""
    try:
        interactive = grammar().parse_interactive(line_prefix)
        interactive.exhaust_lexer()
    except lark.exceptions.LarkError:
        return None
    accepted: set[str] = interactive.accepts()  # type: ignore[no-untyped-call]  # lark's own
    return frozenset(accepted)


def keyword_texts(terminals: frozenset[str]) -> tuple[str, ...]:
    """The fixed texts among `terminals` (`BLIND` -> `big blind`, `small blind`), sorted."""
    known = _terminals()
    texts = {text for name in terminals if name in known for text in phrases(name)}
    return tuple(sorted(text for text in texts if _WORD.search(text)))
