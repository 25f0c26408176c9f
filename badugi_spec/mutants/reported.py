"""Wrong engines that chips and cards alone do not show: each misreads a rule whose effect
is seen only through a statement of issue 22 (the show order, each winner's share of a
tied pot, who posted which blind, a deal after a bust, the players tied at the end of a
session, a hand still going on). Each is killed only by the scenarios that use it.

Hands are `MutantHand`s overriding one hook; `over_once_nobody_can_bet` and
`everyone_tied_in_a_draw` are reports: the state as such an engine would word it.
"""

from __future__ import annotations

from typing import Any

from badugi_spec.engine import Session
from badugi_spec.mutants.hand import MutantHand


class _ShowOrderFromTheButton(MutantHand):
    def _show_order(self) -> list[int]:
        # The first player left of the button shows first, even after a bet or a raise.
        live = self.live()
        return list(live)


class _OddChipsGoRound(MutantHand):
    """A hand's odd chips are handed out in turn around the tied players across its pots,
    rather than each pot's from the first tied player left of the button (R8.15)."""

    def _split(self, amount: int, tied: tuple[int, ...]) -> tuple[int, ...]:
        shares = super()._split(amount, tied)
        given = getattr(self, "_odd_given", 0)
        odd = amount % len(tied) if len(tied) > 1 else 0
        if not odd:
            return shares
        self._odd_given = given + odd
        base = amount // len(tied)
        ranked = sorted(tied, key=self.order.index)
        start = given % len(ranked)
        turn = ranked[start:] + ranked[:start]
        return tuple(base + (1 if turn.index(seat) < odd else 0) for seat in tied)


class _BlindsNamedBySize(MutantHand):
    """The smaller post is called the small blind: a big blind posted short, all-in for
    less than the small blind, is logged as the small blind and the other as the big."""

    def _post_and_deal(self, posts: Any, dealt_in: Any) -> None:
        super()._post_and_deal(posts, dealt_in)
        rows = self._rows
        blinds = [i for i, row in enumerate(rows) if row[0] == "post" and "blind" in str(row[6])]
        small = next((i for i in blinds if str(rows[i][6]).startswith("small blind")), None)
        big = next((i for i in blinds if str(rows[i][6]).startswith("big blind")), None)
        if small is None or big is None or rows[big][3] >= rows[small][3]:
            return
        for mine, theirs in ((small, "big blind"), (big, "small blind")):
            row = rows[mine]
            note = str(row[6])
            suffix = " all-in" if note.endswith(" all-in") else ""
            rows[mine] = (*row[:6], theirs + suffix, *row[7:])


class _EmptySeatsDealtLast(MutantHand):
    """A seat whose player has no chips is still dealt a hand, after everyone else, and
    it lies dead in front of the empty seat: the players' cards are right, the stub is
    short (R8.2, R8.23)."""

    def _deal(self) -> None:
        super()._deal()
        for seat in range(self.seats):
            if seat not in self.order:
                self.holdings[seat].extend(self.deck.take(self.profile.hand_size))


def over_once_nobody_can_bet(state: dict[str, Any], session: Session) -> dict[str, Any]:
    """The hand reported over, its pots as they stand, as soon as nobody can bet any more,
    though the draws left are still played (R8.16): an engine that settles the betting
    and the hand in one."""
    hand = session.hand
    if hand is None or hand.result is not None or hand.phase.kind != "draw":
        return state
    if not hand._betting_is_over():
        return state
    names = list(state.get("stacks", {}))
    early = {"ended_by": "showdown", "winners": [], "won": dict.fromkeys(names, 0)}
    early |= {"returned": dict.fromkeys(names, 0), "shown": dict.fromkeys(names)}
    return state | {"result": early}


def everyone_tied_in_a_draw(state: dict[str, Any], session: Session) -> dict[str, Any]:
    """A drawn session named as a draw among everyone with chips, not only the players
    tied for the most (R6.5)."""
    told = state.get("session") or {}
    if not told.get("over") or told.get("winner") is not None:
        return state
    stacks = state.get("stacks", {})
    leaders = [name for name, chips in stacks.items() if chips > 0]
    return state | {"session": told | {"leaders": leaders}}
