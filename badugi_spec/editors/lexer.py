# mypy: disable-error-code="import-untyped", disallow-subclassing-any=False
"""Pygments lexer for the scenario language (`*.badugi`), used by the tutorial site.

Registered under the `pygments.lexers` entry point as `badugi`, so ```` ```badugi ````
fences are highlighted, and `pygmentize -l badugi` works. Its keywords come from the
grammar (`badugi_spec.scenario.keywords`), the same source as the TextMate grammar's
(`badugi_spec.editors.textmate`); the rest are the grammar's shapes: rule IDs, cards in letter
or symbol suits, hand values, numbers, player names, strings, comments, profile overrides.
Anything else is an `Error` token, so the tests see a shape the lexer does not know.
"""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Literal,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
    _TokenType,
)

from badugi_spec.editors.textmate import (
    CARD,
    CARD_COUNT,
    NAME,
    OVERRIDE,
    PHASE,
    RANKS,
    RULE_ID,
    SLUG,
    STRING,
    WORD_END,
    WORD_START,
    alternatives,
    keyword_pattern,
)
from badugi_spec.scenario.keywords import Role, words

TokenRules = list[tuple[str, _TokenType] | tuple[str, object] | tuple[str, object, str]]

# A statement keyword opens a line, after any indentation (a fence inside a list or an
# admonition keeps its indent); Pygments needs the indentation as a group of its own.
_STATEMENT = r"^([ \t]*)(" + alternatives(words(Role.STATEMENT)) + ")" + WORD_END
_ANY_WORD = WORD_START + alternatives(words(Role.WORD) + words(Role.STATEMENT)) + WORD_END


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
            (
                rf"^([ \t]*)(scenario)(\s+)({SLUG})",
                bygroups(Whitespace, Keyword.Declaration, Whitespace, Name.Tag),
            ),
            (r"^([ \t]*)(tags)\b", bygroups(Whitespace, Keyword.Declaration), "slugs"),
            (r"^([ \t]*)(profile)\b", bygroups(Whitespace, Keyword.Declaration), "profile"),
            (_STATEMENT, bygroups(Whitespace, Keyword.Declaration)),
            (r"[ \t]+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"""', String.Doc, "narrative"),
            (STRING, String.Double),
            (RULE_ID, Name.Label),
            (
                rf"({CARD_COUNT})(\s+)({RANKS}|10|[2-9TJQKA])",
                bygroups(Keyword.Type, Whitespace, Number),
            ),
            (r"\((badugi)\)", Keyword.Type),
            (PHASE, Name.Constant),
            (CARD, String.Symbol),
            (rf"\b{RANKS}\b", Number),
            (keyword_pattern(Role.ACTION), Keyword),
            (_ANY_WORD, Keyword.Pseudo),
            (NAME, Name.Variable),
            (r"\b\d+\b", Number.Integer),
            (rf"\b{SLUG}\b", Name.Tag),
            (r"[;,/]", Punctuation),
            (r"[-()]", Operator),
            (r".", Error),
        ],
        "slugs": [
            (r"\n", Whitespace, "#pop"),
            (r"[ \t]+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (SLUG, Name.Tag),
            (r".", Error),
        ],
        "profile": [
            (r"\n", Whitespace, "#pop"),
            (r"[ \t]+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (OVERRIDE, bygroups(Name.Attribute, Operator, Literal)),
            (SLUG, Name.Namespace),
            (r".", Error),
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
