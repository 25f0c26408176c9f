"""The TextMate grammar of the scenario language, for VS Code and the editors that read one.

`python -m badugi_spec.editors.textmate [FILE]` writes it (to stdout without FILE); the copy in
`editors/vscode/syntaxes/` is this output, and a test keeps the two equal. Its keywords come
from the grammar (`badugi_spec.scenario.keywords`), as the Pygments lexer's do, and the
shapes below are shared with that lexer. They are written in the regex dialect Python's `re`
and Oniguruma (TextMate's engine) have in common: no named groups, no lookbehind of
variable length.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from badugi_spec.scenario.keywords import Role, words

CARD: Final = r"(?:10|[2-9TtJjQqKkAa])[shdcSHDC♠♥♦♣♤♡♢♧](?![\w♠♥♦♣])"
RULE_ID: Final = r"\b[RF]\d+(?:\.\d+)?\b"
RANKS: Final = r"(?:10|[2-9TJQKA])(?:-(?:10|[2-9TJQKA]))+"
"""A hand value's ranks, highest first: `4-3-2-A`, `K-5-4-3-2`."""
CARD_COUNT: Final = r"\d+-card"
PHASE: Final = r"\b(?:bet|draw)-\d+\b|\bcomplete\b"
NAME: Final = r"\b[A-Z][A-Za-z0-9_]*\b"
SLUG: Final = r"[a-z0-9][a-z0-9-]*"
OVERRIDE: Final = r"([a-z][a-z_]*)(=)([^\s#;]*)"
STRING: Final = r'"(?:[^"\\\n]|\\.)*"'
# A keyword stands alone: a dash or a letter next to it makes it part of a longer word
# (`badugi-ace-high`, `hands_per_session`).
WORD_START: Final = r"(?<![\w-])"
WORD_END: Final = r"(?![\w-])"

SCOPE: Final = "source.badugi"


def alternatives(texts: Sequence[str]) -> str:
    """`(?:a|b)`, longest first, so that no keyword hides a longer one it begins."""
    return "(?:" + "|".join(sorted(texts, key=lambda t: (-len(t), t))) + ")"


def keyword_pattern(role: Role) -> str:
    return WORD_START + alternatives(words(role)) + WORD_END


def statement_pattern() -> str:
    """A statement's first word, after any indentation."""
    return r"^\s*(" + alternatives(words(Role.STATEMENT)) + ")" + WORD_END


def _scope(kind: str) -> dict[str, str]:
    return {"name": f"{kind}.badugi"}


def _match(pattern: str, kind: str) -> dict[str, Any]:
    return {"match": pattern, **_scope(kind)}


def _line() -> dict[str, Any]:
    """What may stand anywhere in a line, in the order that settles a tie at one column."""
    return {
        "patterns": [
            {"include": "#comment"},
            _match(STRING, "string.quoted.double"),
            _match(RULE_ID, "constant.other.rule-id"),
            _match(CARD_COUNT, "storage.type.value"),
            _match(r"\(badugi\)", "storage.type.value"),
            _match(PHASE, "constant.language.phase"),
            _match(CARD, "constant.character.card"),
            _match(rf"\b{RANKS}\b", "constant.numeric.value"),
            _match(keyword_pattern(Role.ACTION), "keyword.other.action"),
            _match(
                WORD_START + alternatives(words(Role.WORD) + words(Role.STATEMENT)) + WORD_END,
                "keyword.other",
            ),
            _match(NAME, "variable.other.player"),
            _match(r"\b\d+\b", "constant.numeric.integer"),
            _match(rf"\b{SLUG}\b", "entity.name.tag"),
            _match(r"[;,/]", "punctuation.separator"),
            _match(r"[-()]", "keyword.operator"),
        ]
    }


def _statement_line(keyword: str, patterns: list[dict[str, Any]]) -> dict[str, Any]:
    """A line whose words after `keyword` are read its own way (tags, a profile)."""
    return {
        "begin": rf"^\s*({keyword}){WORD_END}",
        "beginCaptures": {"1": _scope("keyword.control.statement")},
        "end": "$",
        "patterns": [{"include": "#comment"}, *patterns],
    }


def grammar() -> dict[str, Any]:
    return {
        "name": "Badugi scenario",
        "scopeName": SCOPE,
        "fileTypes": ["badugi"],
        "patterns": [
            {"include": "#comment"},
            {"include": "#narrative"},
            {"include": "#scenario"},
            {"include": "#tags"},
            {"include": "#profile"},
            {"include": "#statement"},
            {"include": "#line"},
        ],
        "repository": {
            "comment": _match(r"#.*$", "comment.line.number-sign"),
            "narrative": {"begin": '"""', "end": '"""', **_scope("string.quoted.triple")},
            "scenario": {
                "match": rf"^\s*(scenario)\s+({SLUG})",
                "captures": {
                    "1": _scope("keyword.control.statement"),
                    "2": _scope("entity.name.section"),
                },
            },
            "tags": _statement_line("tags", [_match(SLUG, "entity.name.tag")]),
            "profile": _statement_line(
                "profile",
                [
                    {
                        "match": OVERRIDE,
                        "captures": {
                            "1": _scope("variable.parameter"),
                            "2": _scope("keyword.operator.assignment"),
                            "3": _scope("constant.other.value"),
                        },
                    },
                    _match(SLUG, "entity.name.type.profile"),
                ],
            ),
            "statement": {
                "match": statement_pattern(),
                "captures": {"1": _scope("keyword.control.statement")},
            },
            "line": _line(),
        },
    }


def render() -> str:
    return json.dumps(grammar(), indent=2, ensure_ascii=False) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    text = render()
    if args:
        Path(args[0]).write_text(text, encoding="utf-8")
    else:
        # Bytes, so that a terminal or pipe without UTF-8 still gets the suit symbols.
        sys.stdout.buffer.write(text.encode("utf-8"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
