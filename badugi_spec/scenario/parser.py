"""Parse scenario files: Lark grammar -> one Transformer -> frozen `Scenario` values.

Every problem becomes a ScenarioError with file, line, column, the line and a caret.
"""

from __future__ import annotations

import difflib
import functools
import textwrap
from importlib import resources
from typing import Any, Final

import lark
from lark import Token, Transformer, v_args

from badugi_spec.cards import Card, parse_cards
from badugi_spec.errors import CardError, RankingError, ScenarioError
from badugi_spec.rankings import Ranking, ranking, ranking_names
from badugi_spec.rankings.house import parse_value
from badugi_spec.scenario.model import (
    Act,
    Compare,
    Evaluate,
    Expect,
    HandScript,
    Note,
    Reject,
    Scenario,
    Seat,
    Step,
    Where,
    source_lines,
)

MAX_DIGITS: Final = 9

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
    "scenario", "rules", "tags", "order", "note", "players", "hand", "deal", "deck",
    "shuffle", "burn", "reject", "expect", "evaluate", "compare",
)  # fmt: skip


@functools.cache
def _parser() -> lark.Lark:
    grammar = resources.files("badugi_spec.scenario").joinpath("grammar.lark").read_text("utf-8")
    return lark.Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=True)


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


class _Build(Transformer[Token, Any]):
    def __init__(self, path: str, lines: list[str]) -> None:
        super().__init__()
        self.path = path
        self.lines = lines

    def _where(self, token: Token | Any) -> Where:
        return Where(self.path, int(token.line or 1), int(token.column or 1))

    def error(self, token: Token, message: str, *, offset: int = 0) -> ScenarioError:
        line = int(token.line or 1)
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return ScenarioError(
            message,
            path=self.path,
            line=line,
            column=int(token.column or 1) + offset,
            source_line=source,
        )

    def _source(self, meta: Any) -> str:
        if getattr(meta, "empty", True):
            return ""
        line: str = self.lines[meta.line - 1]
        if meta.line == meta.end_line:
            return line[meta.column - 1 : meta.end_column - 1].strip()
        return line.strip()

    # ----- leaves ------------------------------------------------------------------------

    def INT(self, token: Token) -> Token:  # Lark calls terminal callbacks by their name
        # Chips and seeds are small; a huge number is a typo, and Python refuses to read
        # more than 4,300 digits anyway.
        if len(token) > MAX_DIGITS:
            raise self.error(token, f"number too large: at most {MAX_DIGITS} digits")
        return token

    def card(self, children: list[Token]) -> tuple[Token, Card]:
        token = children[0]
        try:
            return token, parse_cards(str(token), count=1)[0]
        except CardError as error:
            raise self.error(token, f"not a card: {error}") from None

    def hand_text(self, token: Token) -> tuple[Card, ...]:
        try:
            return parse_cards(str(token), count=4)
        except CardError as error:
            raise self.error(token, str(error)) from None

    def value_text(self, token: Token) -> str:
        try:
            parse_value(str(token))
        except CardError as error:
            raise self.error(token, str(error)) from None
        return str(token).strip()

    # ----- statements --------------------------------------------------------------------

    def start(self, children: list[Any]) -> list[Any]:
        return [c for c in children if c is not None]

    def scenario(self, c: list[Token]) -> Any:
        return ("scenario", self._where(c[0]), str(c[0]), _unquote(str(c[1])))

    def profile(self, c: list[Token]) -> Any:
        name, *overrides = c
        pairs = []
        for token in overrides:
            key, _, value = str(token).partition("=")
            pairs.append((key, value, self._where(token)))
        return ("profile", self._where(name), str(name), pairs)

    def rules(self, c: list[Token]) -> Any:
        return ("rules", self._where(c[0]), list(c))

    def tags(self, c: list[Token]) -> Any:
        return ("tags", self._where(c[0]), [str(t) for t in c])

    def order(self, c: list[Token]) -> Any:
        return ("order", self._where(c[0]), int(c[0]))

    def text(self, c: list[Token]) -> Any:
        return ("text", self._where(c[0]), _dedent(str(c[0])[3:-3]))

    @v_args(meta=True)
    def note(self, meta: Any, c: list[Token]) -> Any:
        return ("step", Note(_unquote(str(c[0])), self._where(c[0])))

    def players(self, c: list[Any]) -> Any:
        return ("players", c[0][0].where, c)

    def seat(self, c: list[Any]) -> Any:
        name, stack, dealer = c
        return (Seat(str(name), int(stack), self._where(name)), dealer is not None, name)

    def hand(self, c: list[Token]) -> Any:
        return ("hand", self._where(c[0]), int(c[0]))

    def deal(self, c: list[Any]) -> Any:
        return ("deal", c[0][2], c)

    def dealt(self, c: list[Any]) -> Any:
        name, *cards = c
        return (str(name), tuple(card for _, card in cards), self._where(name), name, cards)

    def deck(self, c: list[Any]) -> Any:
        return ("deck", self._where(c[0][0]), c)

    def shuffle(self, c: list[Token]) -> Any:
        return ("shuffle", self._where(c[0]), int(c[0]))

    def burn(self, c: list[Any]) -> Any:
        return ("burn", self._where(c[0][0]), c[0])

    def reshuffle(self, c: list[Any]) -> Any:
        return ("reshuffle", self._where(c[0][0]), c)

    def actions(self, c: list[Act]) -> Any:
        return ("steps", c)

    @v_args(meta=True)
    def action(self, meta: Any, c: list[Any]) -> Act:
        name, (kind, amount, discards, takes) = c
        return Act(
            player=str(name),
            kind=kind,
            where=self._where(name),
            source=self._source(meta),
            amount=amount,
            discards=discards,
            takes=takes,
        )

    def check(self, c: list[Any]) -> Any:
        return ("check", None, (), None)

    def fold(self, c: list[Any]) -> Any:
        return ("fold", None, (), None)

    def bet(self, c: list[Any]) -> Any:
        return ("bet", _int(c[0]), (), None)

    def call(self, c: list[Any]) -> Any:
        return ("call", _int(c[0]), (), None)

    def raise_(self, c: list[Any]) -> Any:
        return ("raise", _int(c[-1]), (), None)

    def all_in(self, c: list[Any]) -> Any:
        return ("all-in", _int(c[0]), (), None)

    def takes(self, c: list[Any]) -> tuple[Card, ...]:
        return tuple(card for _, card in c)

    def discard(self, c: list[Any]) -> Any:
        *thrown, takes = c
        return ("draw", None, tuple(card for _, card in thrown), takes)

    def stand_pat(self, c: list[Any]) -> Any:
        return ("draw", None, (), ())

    @v_args(meta=True)
    def reject(self, meta: Any, c: list[Any]) -> Any:
        act, code = c
        return ("step", Reject(act, str(code), self._where(code), self._source(meta)))

    @v_args(meta=True)
    def reject_deal(self, meta: Any, c: list[Token]) -> Any:
        return ("reject-deal", self._where(c[0]), str(c[0]), self._source(meta))

    def expects(self, c: list[Expect]) -> Any:
        return ("steps", c)

    def _expect(self, meta: Any, what: str, *args: object) -> Expect:
        where = Where(self.path, meta.line, meta.column)
        return Expect(what, tuple(args), where, self._source(meta))

    @v_args(meta=True)
    def pot(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "pot", int(c[0]))

    @v_args(meta=True)
    def stacks(self, meta: Any, c: list[Token]) -> Expect:
        pairs = tuple((str(c[i]), int(c[i + 1])) for i in range(0, len(c), 2))
        return self._expect(meta, "stacks", *pairs)

    @v_args(meta=True)
    def phase(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "phase", str(c[0]))

    @v_args(meta=True)
    def turn(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "turn", None if c[0].type == "NONE" else str(c[0]))

    @v_args(meta=True)
    def legal(self, meta: Any, c: list[Token]) -> Expect:
        items = tuple(_legal_word(i) for i in str(c[0]).split(",") if i.strip())
        return self._expect(meta, "legal", *sorted(items))

    @v_args(meta=True)
    def has_cards(self, meta: Any, c: list[Any]) -> Expect:
        name, *cards = c
        held = tuple(card for _, card in cards)
        if len(held) not in (4, 5) or len(set(held)) != len(held):
            raise self.error(cards[0][0], f"{name} has four or five different cards (R1.7, R8.4)")
        return self._expect(meta, "cards", str(name), held)

    @v_args(meta=True)
    def holds(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "holds", str(c[0]), self.value_text(c[1]))

    @v_args(meta=True)
    def shows(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "shows", str(c[0]), self.value_text(c[1]))

    def ranking_name(self, token: Token) -> str:
        """A ranking the registry knows (R9.1), or a located error listing them."""
        name = str(token)
        if name not in ranking_names():
            known = ", ".join(ranking_names())
            raise self.error(token, f"unknown ranking {name!r}; the rankings are {known}")
        return name

    def ranked_value(self, ranking_token: Token, token: Token) -> tuple[str, str]:
        """(ranking, value text), the value checked to be one the ranking can have."""
        name = self.ranking_name(ranking_token)
        text = str(token).strip()
        try:
            ranking(name).parse_value(text)
        except CardError as error:
            raise self.error(token, f"not a {name} value: {error}") from None
        return name, text

    @v_args(meta=True)
    def holds_in(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "holds-in", str(c[0]), *self.ranked_value(c[1], c[2]))

    @v_args(meta=True)
    def shows_in(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "shows-in", str(c[0]), *self.ranked_value(c[1], c[2]))

    def main_label(self, c: list[Token]) -> int:
        return 0

    def side_label(self, c: list[Token]) -> int:
        if int(c[0]) < 1:
            raise self.error(c[0], "side pots are numbered from 1")
        return int(c[0])

    def half_winner(self, c: list[Token | None]) -> tuple[str, int | None]:
        name, share = c
        assert name is not None
        return str(name), _int(share)

    def half_to(self, c: list[tuple[str, int | None]]) -> tuple[tuple[str, int | None], ...]:
        return tuple(c)

    @v_args(meta=True)
    def half(self, meta: Any, c: list[Any]) -> Expect:
        name_token, pot, amount, winners = c
        named = self.ranking_name(name_token)
        if winners is not None:
            names = [name for name, _ in winners]
            if len(set(names)) != len(names):
                raise self.error(name_token, "a player is named twice among the half's winners")
            shares = [share for _, share in winners if share is not None]
            if shares and (len(shares) != len(winners) or sum(shares) != int(amount)):
                raise self.error(
                    amount,
                    f"the shares {', '.join(map(str, shares))} must be given for every winner"
                    f" and add up to the half's {int(amount)} chips",
                )
        return self._expect(meta, "half", pot, named, int(amount), winners)

    @v_args(meta=True)
    def wins(self, meta: Any, c: list[Any]) -> Expect:
        return self._expect(meta, "wins", str(c[0]), int(c[1]), _ending(c[2]))

    @v_args(meta=True)
    def split(self, meta: Any, c: list[Any]) -> Expect:
        return self._expect(meta, "split", int(c[0]), _ending(c[1]))

    @v_args(meta=True)
    def returned(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "returned", str(c[0]), int(c[1]))

    @v_args(meta=True)
    def burns(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "burns", int(c[0]))

    @v_args(meta=True)
    def reshuffles(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "reshuffles", int(c[0]))

    @v_args(meta=True)
    def stub(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "stub", int(c[0]))

    @v_args(meta=True)
    def pots(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "pots", *(int(t) for t in c))

    def between(self, c: list[Token]) -> tuple[str, ...]:
        return tuple(str(t) for t in c)

    def awarded(self, c: list[Token]) -> tuple[str, ...]:
        return tuple(str(t) for t in c)

    @v_args(meta=True)
    def main_pot(self, meta: Any, c: list[Any]) -> Expect:
        return self._expect(meta, "pot-detail", 0, int(c[0]), c[1], c[2])

    @v_args(meta=True)
    def side_pot(self, meta: Any, c: list[Any]) -> Expect:
        number = int(c[0])
        if number < 1:
            raise self.error(c[0], "side pots are numbered from 1")
        return self._expect(meta, "pot-detail", number, int(c[1]), c[2], c[3])

    @v_args(meta=True)
    def session_reason(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "session-reason", str(c[0]))

    @v_args(meta=True)
    def button(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "button", str(c[0]))

    @v_args(meta=True)
    def hands_played(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "hands", int(c[0]))

    @v_args(meta=True)
    def session_over(self, meta: Any, c: list[Token | None]) -> Expect:
        who, reason = c[0], c[1]
        winner = None if who is None or who.type == "DRAWN" else str(who)
        why = None if reason is None else ("bust" if "bust" in reason else "hands")
        return self._expect(meta, "session-over", winner, why)

    @v_args(meta=True)
    def session_continues(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "session-continues")

    def _ranking(self, token: Token | None) -> Ranking | None:
        """The ranking of `in NAME`, or None for the house Badugi (no `in`)."""
        if token is None:
            return None
        name = str(token).split()[-1]
        try:
            return ranking(name)
        except RankingError as error:
            raise self.error(token, f"{error} (R9.1)", offset=len(str(token)) - len(name)) from None

    def _hand_of(self, token: Token, chosen: Ranking | None) -> tuple[Card, ...]:
        if chosen is None:
            return self.hand_text(token)
        try:
            return chosen.checked(parse_cards(str(token)))
        except CardError as error:
            # A hand after `in NAME` starts with the space the lexer kept before it.
            blank = len(token) - len(token.lstrip())
            raise self.error(token, str(error), offset=blank) from None

    @v_args(meta=True)
    def evaluate(self, meta: Any, c: list[Any]) -> Any:
        named, *cards, value = c
        chosen = self._ranking(named)
        hand = tuple(card for _, card in cards)
        where = Where(self.path, meta.line, meta.column)
        if len(set(hand)) != len(hand):
            raise self.error(cards[0][0], "evaluate needs different cards")
        if chosen is None:
            if len(hand) != 4:
                raise self.error(cards[0][0], "evaluate needs four different cards")
            return ("check", Evaluate(hand, self.value_text(value), where, self._source(meta)))
        try:
            chosen.checked(hand)
            chosen.parse_value(str(value))
        except CardError as error:
            at = cards[0][0] if len(hand) not in chosen.hand_sizes else value
            raise self.error(at, str(error)) from None
        step = Evaluate(hand, str(value).strip(), where, self._source(meta), chosen.name)
        return ("check", step)

    @v_args(meta=True)
    def compare(self, meta: Any, c: list[Token]) -> Any:
        named, first, verdict, second = c
        chosen = self._ranking(named)
        where = Where(self.path, meta.line, meta.column)
        step = Compare(
            self._hand_of(first, chosen),
            str(verdict),
            self._hand_of(second, chosen),
            where,
            self._source(meta),
            None if chosen is None else chosen.name,
        )
        if set(step.first) & set(step.second):
            raise self.error(first, "the two hands share a card")
        return ("check", step)


def _legal_word(item: str) -> str:
    """One legal option as the engine words it; `raise 4` is read as `raise to 4`, the
    same shorthand an action accepts."""
    words = " ".join(item.split())
    if words.startswith("raise ") and not words.startswith("raise to "):
        words = "raise to " + words.removeprefix("raise ")
    return words


def _int(token: Token | None) -> int | None:
    return None if token is None else int(token)


def _ending(token: Token | None) -> str | None:
    if token is None:
        return None
    return "showdown" if "showdown" in str(token) else "fold"


def _unquote(text: str) -> str:
    return text[1:-1].replace('\\"', '"').replace("\\\\", "\\")


def _dedent(text: str) -> str:
    return textwrap.dedent(text).strip("\n")


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
        raise ScenarioError(
            f"unexpected {found!r}; expected {_expected(error.allowed or set())}",
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
        raise ScenarioError(
            f"unexpected {found}; expected {_expected(error.expected)}",
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
