# mypy: disable-error-code="import-untyped"
"""The scenario lexer: registered with Pygments, and it reads every scenario without errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, String

from badugi_spec.docs.lexer import BadugiLexer

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.badugi"))
REFERENCE = ROOT / "docs" / "scenario-language.md"

SAMPLE = '''scenario house-worked-example "From a three-card hand"
rules R2.1 R4.2
tags worked-example seed-000
"""
The **house** example.
"""
players Ann 100 dealer, Bob 100
deal Ann A♥ 2♣ 3♠ 7♦ / Bob As 2h 3d Kd  # letters or symbols
Ann calls 1; Bob checks
Bob discards K♦ takes 4♣
expect Bob holds 4-card 4-3-2-A (badugi); pot 4; phase draw-1
reject Ann stands pat with out-of-turn
'''


def _tokens(text: str) -> list[tuple[object, str]]:
    return list(BadugiLexer().get_tokens(text))


def test_registered_with_pygments() -> None:
    assert isinstance(get_lexer_by_name("badugi"), BadugiLexer)
    assert isinstance(get_lexer_for_filename("anything.badugi"), BadugiLexer)


def test_sample_tokens() -> None:
    tokens = _tokens(SAMPLE)
    kinds = {value: kind for kind, value in tokens}
    assert kinds["scenario"] is Keyword.Declaration
    assert kinds["house-worked-example"] is Name.Tag
    assert kinds["seed-000"] is Name.Tag
    assert kinds["R2.1"] is Name.Label
    assert kinds["A♥"] is String.Symbol
    assert kinds["Kd"] is String.Symbol
    assert kinds["Ann"] is Name.Variable
    assert kinds["discards"] is Keyword
    assert kinds["# letters or symbols"] is Comment.Single
    assert any(kind is String.Doc and "**house**" in value for kind, value in tokens)
    assert not [value for kind, value in tokens if kind is Error]


def test_text_round_trips() -> None:
    assert "".join(value for _, value in _tokens(SAMPLE)) == SAMPLE


def _reference_blocks() -> list[str]:
    return re.findall(r"```badugi\n(.*?)```", REFERENCE.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize(
    "text",
    [path.read_text(encoding="utf-8") for path in SCENARIOS] + _reference_blocks(),
    ids=[path.stem for path in SCENARIOS]
    + [f"reference-{i}" for i in range(len(_reference_blocks()))],
)
def test_no_error_tokens(text: str) -> None:
    errors = [value for kind, value in _tokens(text) if kind is Error]
    assert errors == []
