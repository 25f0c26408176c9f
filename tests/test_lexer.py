# mypy: disable-error-code="import-untyped"
"""The scenario lexer: registered with Pygments, it colours every keyword of the grammar, and
it reads every scenario and every ```badugi fence of the docs without an error."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Literal, Name, Operator, String, Text

from badugi_spec.editors.lexer import BadugiLexer
from badugi_spec.scenario.keywords import Keyword as GrammarKeyword
from badugi_spec.scenario.keywords import Role, keywords

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.badugi"))
DOCS = sorted((ROOT / "docs").rglob("*.md"))

SAMPLE = '''scenario house-worked-example "From a three-card hand"
profile pokerstars-2010 cap=5 bet_sizes=2,2,4,4
rules R2.1 R4.2
tags worked-example seed-000
"""
The **house** example.
"""
players Ann 100 dealer, Bob 100
Ann posts a live big blind of 2
deal Ann A♥ 2♣ 3♠ 7♦ / Bob As 2h 3d Kd  # letters or symbols
Ann calls 1; Bob checks
Bob discards K♦ takes 4♣
expect Bob holds 4-card 4-3-2-A (badugi); pot 4; phase draw-1
expect half low-2-7 of main pot 6 to Bob; show order Bob, Ann; session over Ann wins (bust)
reject Ann stands pat with out-of-turn
evaluate in low-2-7 7♠ 5♥ 4♦ 3♣ 2♠ is 7-5-4-3-2
unfinished
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
    assert kinds["# letters or symbols"] is Comment.Single
    for word in ("profile", "unfinished", "evaluate"):
        assert kinds[word] is Keyword.Declaration, word
    assert kinds["pokerstars-2010"] is Name.Namespace
    assert (kinds["cap"], kinds["="], kinds["2,2,4,4"]) == (Name.Attribute, Operator, Literal)
    for word in ("half", "live", "show", "order", "session", "over", "bust", "in", "is"):
        assert kinds[word] is Keyword.Pseudo, word
    assert kinds["low-2-7"] is Name.Tag
    assert any(kind is String.Doc and "**house**" in value for kind, value in tokens)
    assert not [value for kind, value in tokens if kind is Error]
    assert kinds["discards"] is Keyword  # last: mypy narrows `Keyword` itself after it


def test_text_round_trips() -> None:
    assert "".join(value for _, value in _tokens(SAMPLE)) == SAMPLE


def _context(keyword: GrammarKeyword) -> tuple[str, object]:
    """A line where the keyword stands in its role, and the token it must get there."""
    if keyword.role is Role.STATEMENT:
        return f"{keyword.word} ", Keyword.Declaration
    if keyword.role is Role.ACTION:
        return f"Ann {keyword.word}", Keyword
    return f"expect {keyword.word}", Keyword.Pseudo


@pytest.mark.parametrize("keyword", keywords(), ids=[k.word for k in keywords()])
def test_every_keyword_of_the_grammar_is_coloured(keyword: GrammarKeyword) -> None:
    line, kind = _context(keyword)
    assert (kind, keyword.word) in _tokens(line)
    if keyword.role is Role.STATEMENT:  # inside a line too: `reject deal with`, `show order`
        assert (Keyword.Pseudo, keyword.word) in _tokens(f"expect {keyword.word}")


def _fences() -> list[tuple[str, str]]:
    """Every ```badugi fence of the docs, dedented as MkDocs does inside a list or a note."""
    found = []
    for page in DOCS:
        text = page.read_text(encoding="utf-8")
        for number, fence in enumerate(
            re.finditer(r"^([ \t]*)```badugi\n(.*?)^\1```", text, re.S | re.M)
        ):
            found.append((f"{page.stem}-{number}", textwrap.dedent(fence.group(2))))
    return found


SOURCES = [(path.stem, path.read_text(encoding="utf-8")) for path in SCENARIOS] + _fences()


@pytest.mark.parametrize("text", [text for _, text in SOURCES], ids=[name for name, _ in SOURCES])
def test_no_error_tokens(text: str) -> None:
    unread = [
        value for kind, value in _tokens(text) if kind is Error or (kind is Text and value.strip())
    ]
    assert unread == []


def test_the_docs_have_fences() -> None:
    assert len(_fences()) >= 30  # the scenario-language page alone has more
