# mypy: disable-error-code="import-untyped", disallow-subclassing-any=False
"""Pygments lexer for the scenario language (`*.badugi`), used by the tutorial site.

Registered under the `pygments.lexers` entry point, so ```` ```badugi ```` fences in the
docs are highlighted. It follows `badugi_spec/scenario/grammar.lark`: keywords, rule IDs,
cards (letter or symbol suits), numbers, player names, strings and comments.
"""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
    _TokenType,
)

_STATEMENTS = (
    "scenario",
    "rules",
    "tags",
    "order",
    "note",
    "players",
    "hand",
    "deal",
    "deck",
    "shuffle",
    "burn",
    "reject",
    "expect",
    "evaluate",
    "compare",
    "profile",
    "reshuffle",
    "unfinished",
)
_VERBS = (
    "checks",
    "bets",
    "calls",
    "raises",
    "folds",
    "goes",
    "all-in",
    "discards",
    "takes",
    "stands",
    "pat",
    "nothing",
)
_WORDS = (
    "dealer",
    "seed",
    "with",
    "is",
    "beats",
    "ties",
    "to",
    "pot",
    "stacks",
    "phase",
    "turn",
    "legal",
    "holds",
    "has",
    "shows",
    "wins",
    "split",
    "each",
    "gets",
    "back",
    "burns",
    "button",
    "hands",
    "session",
    "over",
    "continues",
    "drawn",
    "nobody",
    "at",
    "showdown",
    "by",
    "fold",
    "badugi",
    "bust",
    "limit",
    "show",
    "order",
    "posts",
    "small",
    "big",
    "blind",
    "tie",
    "live",
    "of",
)
_CARD = r"(?:10|[2-9TtJjQqKkAa])[shdcSHDC♠♥♦♣♤♡♢♧](?![\w♠♥♦♣])"

TokenRules = list[tuple[str, _TokenType] | tuple[str, object] | tuple[str, object, str]]


class BadugiLexer(RegexLexer):
    """The scenario language of badugi-spec."""

    name = "Badugi scenario"
    aliases: ClassVar[list[str]] = ["badugi"]
    filenames: ClassVar[list[str]] = ["*.badugi"]
    mimetypes: ClassVar[list[str]] = ["text/x-badugi"]
    url = "https://example.invalid/badugi-spec"

    tokens: ClassVar[dict[str, TokenRules]] = {
        "root": [
            (r"\n", Whitespace),
            (r"[ \t]+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"""', String.Doc, "narrative"),
            (
                r"^(scenario)(\s+)([a-z0-9][a-z0-9-]*)",
                bygroups(Keyword.Declaration, Whitespace, Name.Tag),
            ),
            (r"^tags\b", Keyword.Declaration, "slugs"),
            (r'"(?:[^"\\\n]|\\.)*"', String.Double),
            (r"\b[RF]\d+(?:\.\d+)?\b", Name.Label),
            (
                r"(\d+-card)(\s+)((?:10|[2-9JQKA])(?:-(?:10|[2-9JQKA]))*)",
                bygroups(Keyword.Type, Whitespace, Number),
            ),
            (r"\((badugi)\)", Keyword.Type),
            (r"\b(?:bet|draw)-\d+\b|\bcomplete\b", Name.Constant),
            (_CARD, String.Symbol),
            (words(_STATEMENTS, prefix=r"^", suffix=r"\b"), Keyword.Declaration),
            (words(_VERBS, prefix=r"(?<![\w-])", suffix=r"(?![\w-])"), Keyword),
            (words(_WORDS, prefix=r"\b", suffix=r"\b"), Keyword.Pseudo),
            (r"\b[A-Z][A-Za-z0-9_]*\b", Name.Variable),
            (r"\b\d+\b", Number.Integer),
            (r"\b[a-z0-9][a-z0-9-]*\b", Name.Tag),
            (r"[;,/]", Punctuation),
            (r"[-()]", Operator),
            (r".", Text),
        ],
        "slugs": [
            (r"\n", Whitespace, "#pop"),
            (r"[ \t]+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r"[a-z0-9][a-z0-9-]*", Name.Tag),
            (r".", Text),
        ],
        "narrative": [
            (r'"""', String.Doc, "#pop"),
            (r'[^"]+', String.Doc),
            (r'"', String.Doc),
        ],
    }


def highlight_html(source: str) -> str:
    """A scenario's source as highlighted HTML spans, for raw HTML blocks of the site."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter

    return str(highlight(source, BadugiLexer(), HtmlFormatter(nowrap=True)))
