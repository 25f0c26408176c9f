"""The table half of assembling a scenario: the `players` line, the players every other
statement names, and the live table's lines before a deal (a live big blind, R8.3;
sitting out, coming back, straddling, chapter R19).

Kept apart from `assemble`, which checks the cards and the steps of each hand: these
statements say who sits and what happens before any card is dealt, and a name is checked
the same way wherever it is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from badugi_spec.errors import ScenarioError
from badugi_spec.profiles import Profile
from badugi_spec.scenario.model import Expect, Seat, Where

if TYPE_CHECKING:  # only its type: `assemble` imports this module to build on it
    from badugi_spec.scenario.assemble import HandDraft

_PLAYER_EXPECTS = frozenset({"holds", "shows", "wins", "returned", "button", "turn", "cards"})

# The live table's lines before a deal, as the case names them (chapter R19).
_SEATING: Final = {
    "sits out": "sits-out",
    "returns": "returns",
    "returns posting missed blinds": "returns-posting",
    "returns waiting for the big blind": "returns-waiting",
    "straddles": "straddles",
}


class Table:
    """The callbacks of the table's statements; `_Assembler` adds the cards and steps."""

    path: str
    seats: list[Seat]
    dealer: str | None
    profile: Profile

    def fail(self, where: Where, message: str) -> ScenarioError:  # pragma: no cover
        raise NotImplementedError

    def current(self, where: Where) -> HandDraft:  # pragma: no cover
        raise NotImplementedError

    def on_players(self, where: Where, seats: list[tuple[Seat, bool, Any]]) -> None:
        if self.seats:
            raise self.fail(where, "the players are already named")
        profile = self.profile
        if not profile.min_seats <= len(seats) <= profile.max_seats:
            if profile.max_seats == 2:
                raise self.fail(
                    where,
                    f"the house game is heads-up: 2 players, not {len(seats)}"
                    if profile.name == "house"
                    else f"profile {profile.name} is heads-up: 2 players, not {len(seats)}",
                )
            raise self.fail(
                where,
                f"profile {profile.name} seats {profile.min_seats} to {profile.max_seats}"
                f" players, not {len(seats)} (R8.2)",
            )
        names = [seat.name for seat, _, _ in seats]
        for i, name in enumerate(names):
            if name in names[:i]:
                raise self.fail(seats[i][0].where, f"two players called {name}")
        for seat, _, _ in seats:
            if seat.stack <= 0:
                raise self.fail(seat.where, f"{seat.name} needs chips to play")
        dealers = [seat.name for seat, is_dealer, _ in seats if is_dealer]
        if len(dealers) > 1:
            second = [seat for seat, is_dealer, _ in seats if is_dealer][1]
            raise self.fail(second.where, "only one player deals first (R6.1)")
        self.seats = [seat for seat, _, _ in seats]
        self.dealer = dealers[0] if dealers else names[0]

    def player(self, name: str, where: Where) -> None:
        if name not in {s.name for s in self.seats}:
            known = ", ".join(s.name for s in self.seats) or "none yet"
            raise self.fail(where, f"unknown player {name!r} (players: {known})")

    def seat_names(self) -> list[str]:
        return [s.name for s in self.seats]

    def on_live_post(self, where: Where, name: str, blind: str, chips: int | None) -> None:
        hand = self.current(where)
        self.player(name, where)
        if blind != "big blind":
            raise self.fail(
                where, "only a big blind is posted out of turn (R8.3): 'posts a live big blind'"
            )
        if hand.sourced:
            raise self.fail(where, "a live big blind is posted before the deal: put it above")
        if any(who == name for who, _ in hand.posts):
            raise self.fail(where, f"{name} already posts a live big blind in this hand")
        if hand.number == 1 and name in self._first_blinds():
            raise self.fail(
                where,
                f"{name} posts a blind in the first hand already; a live big blind is posted"
                " by a player who joins between the blinds (R8.3)",
            )
        big = self.profile.big_blind
        amount = big if chips is None else chips
        if not 0 < amount <= big:
            raise self.fail(
                where, f"a live big blind is 1 to {big} chips under {self.profile.name} (R8.3)"
            )
        hand.posts.append((name, amount))

    def on_seating(self, where: Where, name: str, what: str) -> None:
        """A player sits out, comes back or straddles, before the deal (chapter R19)."""
        hand = self.current(where)
        self.player(name, where)
        if hand.sourced:
            raise self.fail(where, f"'{name} {what}' comes before the deal: put it above")
        if any(who == name for who, _ in hand.seating):
            raise self.fail(where, f"{name} already sits out, returns or straddles in this hand")
        hand.seating.append((name, _SEATING[" ".join(what.split())]))

    def _first_blinds(self) -> tuple[str, ...]:
        """Who posts the blinds in the first hand, when every player has chips (R8.3): the
        two seats left of the button, or heads-up the button and the other player."""
        names = self.seat_names()
        if self.dealer is None or any(seat.stack <= 0 for seat in self.seats):
            return ()
        at = names.index(self.dealer)
        after = [names[(at + step) % len(names)] for step in range(1, len(names) + 1)]
        return tuple(after[-1:] + after[:1]) if len(names) == 2 else tuple(after[:2])

    def check_expect(self, step: Expect) -> None:
        names: list[str] = []
        if step.what in _PLAYER_EXPECTS and step.args and isinstance(step.args[0], str):
            names.append(step.args[0])
        if step.what == "stacks":
            stacked = [str(pair[0]) for pair in step.args]  # type: ignore[index]
            twice = sorted({name for name in stacked if stacked.count(name) > 1})
            if twice:
                raise self.fail(step.where, f"{', '.join(twice)} named twice in one 'stacks'")
            names.extend(stacked)
        if step.what == "session-over":
            if step.args[0] is not None:
                names.append(str(step.args[0]))
            tied = step.args[2] if len(step.args) > 2 else ()
            names.extend(str(name) for name in tied)  # type: ignore[attr-defined]
        if step.what == "pot-detail":
            for group in step.args[2:4]:
                if isinstance(group, tuple):
                    names.extend(str(name) for name in group)
        if step.what == "show-order":
            names.extend(str(name) for name in step.args)
        if step.what == "posts" and step.args[0] is not None:
            names.append(str(step.args[0]))
        for name in names:
            self.player(name, step.where)


__all__ = ["Table"]
