"""The Transformer's expectation lines: what a case expects of the state as it plays.

`Expectations` builds each `expect` line (pot, stacks, phase, turn, legal, cards, values,
pots and their halves, winners, returns, burns, the session) into an `Expect`, checking
what can be checked without playing: side pots numbered from 1, shares that add up.
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from badugi_spec.errors import CardError
from badugi_spec.rankings import ranking, ranking_names
from badugi_spec.scenario.model import Expect, Where
from badugi_spec.scenario.transform import Located, int_or_none


class Expectations(Located):
    """The callbacks of `expect` lines, each building one `Expect`."""

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
        return str(name), int_or_none(share)

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

    def pot_winner(self, c: list[Token | None]) -> tuple[Token, int | None]:
        name, share = c
        assert name is not None
        return name, int_or_none(share)

    def awarded(self, c: list[tuple[Token, int | None]]) -> tuple[tuple[Token, int | None], ...]:
        return tuple(c)

    def _pot(self, meta: Any, number: int, amount: Token, eligible: Any, awarded: Any) -> Expect:
        """A main or side pot; `to` may give each winner's share of a tied pot (R8.15)."""
        winners = shares = None
        if awarded is not None:
            winners = tuple(str(name) for name, _ in awarded)
            if len(set(winners)) != len(winners):
                raise self.error(awarded[0][0], "a player is named twice among the pot's winners")
            given = [share for _, share in awarded if share is not None]
            if given:
                if len(given) != len(awarded) or sum(given) != int(amount):
                    raise self.error(
                        awarded[0][0],
                        f"the shares {', '.join(map(str, given))} must be given for every"
                        f" winner and add up to the pot's {int(amount)} chips (R8.15)",
                    )
                shares = tuple((str(name), share) for name, share in awarded)
        return self._expect(meta, "pot-detail", number, int(amount), eligible, winners, shares)

    @v_args(meta=True)
    def main_pot(self, meta: Any, c: list[Any]) -> Expect:
        return self._pot(meta, 0, c[0], c[1], c[2])

    @v_args(meta=True)
    def side_pot(self, meta: Any, c: list[Any]) -> Expect:
        number = int(c[0])
        if number < 1:
            raise self.error(c[0], "side pots are numbered from 1")
        return self._pot(meta, number, c[1], c[2], c[3])

    @v_args(meta=True)
    def show_order(self, meta: Any, c: list[Token]) -> Expect:
        names = [str(t) for t in c]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise self.error(c[0], f"{', '.join(twice)} named twice in the show order (R8.22)")
        return self._expect(meta, "show-order", *names)

    @v_args(meta=True)
    def posts(self, meta: Any, c: list[Token | None]) -> Expect:
        who, blind, amount = c
        assert who is not None and blind is not None
        player = None if who.type == "NONE" else str(who)
        return self._expect(meta, "posts", player, str(blind).split()[0], int_or_none(amount))

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
    def session_tie(self, meta: Any, c: list[Token | None]) -> Expect:
        *tied, reason = c
        names = [str(t) for t in tied if t is not None]
        if len(set(names)) != len(names):
            raise self.error(tied[0], "a player is named twice among those tied")  # type: ignore[arg-type]
        why = None if reason is None else ("bust" if "bust" in reason else "hands")
        return self._expect(meta, "session-over", None, why, tuple(sorted(names)))

    @v_args(meta=True)
    def session_continues(self, meta: Any, c: list[Token]) -> Expect:
        return self._expect(meta, "session-continues")


def _legal_word(item: str) -> str:
    """One legal option as the engine words it; `raise 4` is read as `raise to 4`, the
    same shorthand an action accepts."""
    words = " ".join(item.split())
    if words.startswith("raise ") and not words.startswith("raise to "):
        words = "raise to " + words.removeprefix("raise ")
    return words


def _ending(token: Token | None) -> str | None:
    if token is None:
        return None
    return "showdown" if "showdown" in str(token) else "fold"
