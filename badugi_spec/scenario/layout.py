"""The canonical layout of a scenario file: the text `badugi-spec fmt` writes.

The layout works on the source text, guided by a parse that keeps every token, so nothing
the author wrote is lost. Each statement is written again from its own tokens; comments and
narrative blocks are copied as they are; the author's line breaks between statements stay,
so a betting round written on one line stays on one line. What changes:

- spacing: one space between words, `; ` and `, ` as separators, ` / ` between the hands of
  a `deal`, no indentation and no trailing blanks. In a `deck` line a wider gap between two
  cards is kept as two spaces: the suite uses it to show the rounds of the deal;
- cards: rank letters upper case, suits as symbols or as lower-case letters and ten as `10`
  or `T`, each as the file mostly writes them (`CardStyle.of`);
- blank lines: at most one in a row, none at the start or the end, and always one after the
  header, around a narrative block and before each `hand`;
- a comment after a statement is set off by two spaces; the file ends with a newline.

Keywords need no care: the grammar reads them in lower case only.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Final

import lark
from lark import Token, Tree

from badugi_spec.cards import Card, Rank, parse_cards
from badugi_spec.scenario import grammar_cache
from badugi_spec.scenario.model import source_lines
from badugi_spec.scenario.parser import parse_statements

HEADER: Final = frozenset({"scenario", "profile", "rules", "tags", "order"})
"""The statements a file opens with; a blank line ends them."""
BLANK_BEFORE: Final = frozenset({"hand", "text"})
BLANK_AFTER: Final = frozenset({"text"})
_SEPARATORS: Final = frozenset({"SEMICOLON", "COMMA"})
_SUIT_SYMBOLS: Final = "♠♥♦♣♤♡♢♧"
_CARD_TEXT: Final = re.compile(r"(10|[2-9TJQKAtjqka])([shdcSHDC♠♥♦♣♤♡♢♧])")
_COMMENT_GAP: Final = "  "
_ROUND_GAP: Final = "  "


@functools.cache
def _parser() -> lark.Lark:
    # The scenario parser's grammar, but keeping every token (keywords and separators too),
    # so a statement can be written again from its tokens alone.
    grammar = resources.files("badugi_spec.scenario").joinpath("grammar.lark").read_text("utf-8")
    return grammar_cache.parser(
        "layout",
        grammar,
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        keep_all_tokens=True,
    )


@dataclass(frozen=True, slots=True)
class CardStyle:
    """How a file writes its cards: suit symbols or letters, and ten as `10` or `T`."""

    symbols: bool = True
    ten: str = "10"

    @classmethod
    def of(cls, texts: Iterable[str]) -> CardStyle:
        """The style most of the cards in `texts` are written in; on a tie, symbols and
        `10`, the pretty form (`Card.pretty`) and the suite's own."""
        symbols = letters = tens = t_tens = 0
        for text in texts:
            for rank, suit in _CARD_TEXT.findall(text):
                if suit in _SUIT_SYMBOLS:
                    symbols += 1
                else:
                    letters += 1
                if rank == "10":
                    tens += 1
                elif rank in "Tt":
                    t_tens += 1
        return cls(symbols=symbols >= letters, ten="10" if tens >= t_tens else "T")

    def text(self, card: Card) -> str:
        rank = self.ten if card.rank is Rank.TEN else card.rank.value
        return rank + (card.suit.symbol if self.symbols else card.suit.value)


@dataclass(frozen=True, slots=True)
class _Line:
    """One line of the output: a statement (`kind` is its grammar rule) or a comment."""

    kind: str
    text: str
    blank_before: bool


def layout(text: str, path: str = "<text>") -> str:
    """`text` laid out the canonical way; a ScenarioError (file:line:column) if it does not
    parse. The result parses to the same scenario, and `layout(layout(t)) == layout(t)`."""
    parse_statements(text, path)  # the language's own errors, with their places
    tree = _parser().parse(text if text.endswith("\n") else text + "\n")
    statements = [child for child in tree.children if isinstance(child, Tree)]
    style = CardStyle.of(
        str(token)
        for statement in statements
        for token in _tokens(statement)
        if token.type in ("CARD", "HANDTEXT")
    )
    lines = _lines(statements, source_lines(text), style)
    _require_blanks(lines)
    out: list[str] = []
    for line in lines:
        if line.blank_before and out:
            out.append("")
        out.append(line.text)
    return "\n".join(out) + "\n" if out else ""


def _tokens(statement: Tree[Token]) -> list[Token]:
    found = statement.scan_values(lambda value: isinstance(value, Token))
    return [token for token in found if token.type != "_NL"]


def _lines(statements: list[Tree[Token]], source: list[str], style: CardStyle) -> list[_Line]:
    """Statements and comment lines in file order, each knowing if a blank line was above."""
    lines: list[_Line] = []
    at = 1  # the next source line (1-based) not yet read
    blank = False

    def between(stop: int) -> None:
        # The lines before a statement that no statement covers: blank, or a comment.
        nonlocal blank
        for number in range(at, stop):
            stripped = source[number - 1].strip()
            if stripped:
                lines.append(_Line("comment", stripped, blank))
            blank = not stripped

    for statement in statements:
        tokens = _tokens(statement)
        first, last = tokens[0], tokens[-1]
        between(int(first.line or 1))
        text = _statement(statement, tokens, style)
        end = int(last.end_line or first.line or 1)
        rest = source[end - 1][int(last.end_column or 1) - 1 :].strip()
        if rest:  # only a comment can follow a statement on its line
            text += _COMMENT_GAP + rest
        lines.append(_Line(str(statement.data), text, blank))
        blank = False
        at = end + 1
    between(len(source) + 1)
    return lines


def _statement(statement: Tree[Token], tokens: list[Token], style: CardStyle) -> str:
    deck = statement.data == "deck"
    out = ""
    previous: Token | None = None
    for token in tokens:
        piece = _piece(token, style)
        if previous is None:
            out = piece
        elif token.type in _SEPARATORS:
            out += piece
        elif deck and token.type == previous.type == "CARD" and _gap(previous, token) > 1:
            out += _ROUND_GAP + piece
        else:
            out += " " + piece
        previous = token
    return out


def _gap(left: Token, right: Token) -> int:
    if left.end_line != right.line:
        return 1
    return int(right.column or 0) - int(left.end_column or 0)


def _piece(token: Token, style: CardStyle) -> str:
    """A token as the layout writes it. Texts the grammar reads raw (values, legal lists,
    hands) get their spacing and cards set; quoted texts and overrides stay as written."""
    value = str(token)
    match token.type:
        case "CARD":
            return style.text(Card.parse(value))
        case "HANDTEXT":
            return " ".join(style.text(card) for card in parse_cards(value))
        case "IN_RANKING":
            return "in " + value.split()[-1]
        case "VALUE":
            return " ".join(value.split())
        case "REST":
            return ", ".join(" ".join(option.split()) for option in value.split(","))
        case "LONG_STRING":
            return value.replace("\r\n", "\n")  # a line ending is not the story's text
    return value


def _require_blanks(lines: list[_Line]) -> None:
    """One blank line after the header, around narrative blocks and before each `hand`.

    A blank line goes above the comments just over a statement, so that they stay with it.
    """
    kinds = [line.kind for line in lines]
    statements = [i for i, kind in enumerate(kinds) if kind != "comment"]
    wanted: set[int] = set()
    after_header = next((i for i in statements if kinds[i] not in HEADER), None)
    if after_header is not None and after_header != statements[0]:
        wanted.add(after_header)
    for i in statements:
        if kinds[i] in BLANK_BEFORE:
            wanted.add(i)
        if kinds[i] in BLANK_AFTER and i + 1 < len(lines):
            lines[i + 1] = _blank_above(lines[i + 1])
    for i in wanted:
        top = i
        while top > 0 and kinds[top - 1] == "comment" and not lines[top].blank_before:
            top -= 1
        lines[top] = _blank_above(lines[top])


def _blank_above(line: _Line) -> _Line:
    return _Line(line.kind, line.text, blank_before=True)
