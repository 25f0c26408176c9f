"""The Transformer's shared half and the statements that set a case up and play it.

`Located` turns a token into a place (file, line, column) and a located `ScenarioError`,
and reads the tokens several statements share: cards, hands, values and rankings.
`Statements` builds the header (scenario, profile, rules, tags, order, text), the table
(players, hand, deal, deck, shuffle, burn, reshuffle), the actions and rejections, and
the value lines (`evaluate`, `compare`). The expectations are in `transform_expects`.
"""

from __future__ import annotations

import textwrap
from typing import Any, Final

from lark import Token, Transformer, v_args

from badugi_spec.cards import Card, parse_cards
from badugi_spec.errors import CardError, RankingError, ScenarioError
from badugi_spec.rankings import Ranking, ranking
from badugi_spec.rankings.house import parse_value
from badugi_spec.scenario.model import Act, Compare, Evaluate, Note, Reject, Seat, Where

MAX_DIGITS: Final = 9


class Located(Transformer[Token, Any]):
    """What every rule callback needs: the file's lines, places and located errors."""

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


class Statements(Located):
    """The callbacks of every statement but `expect`."""

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
    def unfinished(self, meta: Any, c: list[Token]) -> Any:
        return ("unfinished", Where(self.path, meta.line, meta.column))

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

    def live_post(self, c: list[Token | None]) -> Any:
        name, blind, chips = c
        assert name is not None and blind is not None
        amount = None if chips is None else int(chips)
        return ("live-post", self._where(name), str(name), str(blind), amount)

    def seating(self, c: list[Token]) -> Any:
        name, what = c
        return ("seating", self._where(name), str(name), str(what))

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
        return ("bet", int_or_none(c[0]), (), None)

    def call(self, c: list[Any]) -> Any:
        return ("call", int_or_none(c[0]), (), None)

    def raise_(self, c: list[Any]) -> Any:
        return ("raise", int_or_none(c[-1]), (), None)

    def all_in(self, c: list[Any]) -> Any:
        return ("all-in", int_or_none(c[0]), (), None)

    def takes(self, c: list[Any]) -> tuple[Card, ...]:
        return tuple(card for _, card in c)

    def discard(self, c: list[Any]) -> Any:
        *thrown, takes = c
        return ("draw", None, tuple(card for _, card in thrown), takes)

    def stand_pat(self, c: list[Any]) -> Any:
        return ("draw", None, (), ())

    def muck(self, c: list[Any]) -> Any:
        return ("muck", None, (), None)

    @v_args(meta=True)
    def reject(self, meta: Any, c: list[Any]) -> Any:
        act, code = c
        return ("step", Reject(act, str(code), self._where(code), self._source(meta)))

    @v_args(meta=True)
    def reject_deal(self, meta: Any, c: list[Token]) -> Any:
        return ("reject-deal", self._where(c[0]), str(c[0]), self._source(meta))

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


def int_or_none(token: Token | None) -> int | None:
    return None if token is None else int(token)


def _unquote(text: str) -> str:
    return text[1:-1].replace('\\"', '"').replace("\\\\", "\\")


def _dedent(text: str) -> str:
    return textwrap.dedent(text).strip("\n")
