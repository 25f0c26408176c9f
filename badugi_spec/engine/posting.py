"""Posting and dealing: antes, the blinds, a big blind posted out of turn, then the deal.

`STATE` is posting's own: whether a blind took a whole stack, which the settlement reads
to cite R5.5 rather than R5.4 when uncovered chips go back. Who is dealt in (`_dealt_in`)
and whether a hand can be dealt at all (`_can_deal`) are hooks, one rule each, so a
variant (or a mutant) overrides just that.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from badugi_spec.engine.live import LiveTable
from badugi_spec.engine.table import Table

STATE: Final = ("_blind_all_in",)


class Posting(Table):
    __slots__ = ()

    def _post_and_deal(self, posts: Sequence[tuple[int, int]], dealt_in: Sequence[bool]) -> None:
        """Antes, then the blinds, then any big blind posted out of turn, then the deal."""
        self._blind_all_in = False
        rules = self.profile
        if rules.ante:
            for seat in self.order:
                self._post(seat, rules.ante, "ante", "R8.3", commits=False)
        live = self.live_table
        kill = live.kill
        killer = kill[0] if kill is not None else None
        # An empty seat's small blind is dead (R8.23); a killer's kill takes the place of
        # their own blind (R19.4).
        if dealt_in[self.small_blind] and killer != self.small_blind:
            self._post(self.small_blind, rules.small_blind, "small blind", "R1.5")
        if killer != self.big_blind:
            self._post(self.big_blind, rules.big_blind, "big blind", "R1.5")
        if kill is not None or live.straddle is not None or live.dead:
            self._post_live(live)
        if len({seat for seat, _ in posts}) != len(posts):
            raise ValueError("a seat posts one live big blind at most (R8.3)")
        for seat, chips in posts:
            if not (0 <= seat < self.seats and dealt_in[seat]) or seat in (
                self.small_blind,
                self.big_blind,
            ):
                raise ValueError(f"seat {seat} cannot post a big blind out of turn")
            if not 0 < chips <= rules.big_blind:
                raise ValueError(f"a posted big blind is 1 to {rules.big_blind} chips, not {chips}")
            self._post(seat, chips, "posted big blind", "R8.3")
        self._deal()
        for seat in sorted(self.live_table.killed):
            # An absent player's hand dies as soon as it is dealt; the blinds stay (R19.1).
            self.folded[seat] = True
            self._log("fold", seat, "R19.1", note="absent: killed at the deal")

    def _post_live(self, live: LiveTable) -> None:
        """The live table's posts after the blinds: a kill, a straddle, and the dead small
        blinds of players coming back (R19.3, R19.4, R19.6)."""
        if live.kill is not None:
            self._post(live.kill[0], live.kill[1], "kill", "R19.4")
        if live.straddle is not None:
            self._post(live.straddle, 2 * self.profile.big_blind, "straddle", "R19.6")
        for seat, chips in live.dead:
            # Dead money: in the pot, but not the player's bet of the round (R19.3).
            self._post(seat, chips, "dead small blind", "R19.3", commits=False)

    def _can_deal(self, stacks: Sequence[int]) -> bool:
        """Enough players have chips to post a blind with (R6.4, R8.2). At the house table
        both must: a player with no chips ends the session."""
        # Written out rather than `min` and a generator: this runs for every hand.
        if len(stacks) == 2:
            return stacks[0] > 0 and stacks[1] > 0
        return len([stack for stack in stacks if stack > 0]) >= 2

    def _dealt_in(self, stacks: Sequence[int]) -> list[bool]:
        """A player with chips is dealt in; one without sits out (R8.2)."""
        return [stack > 0 for stack in stacks]

    def _post(self, seat: int, blind: int, name: str, rule: str, commits: bool = True) -> None:
        # No keyword-only marker, as for `_lift_cap`: this runs for every hand.
        stacks = self.stacks
        posted = blind if blind < stacks[seat] else stacks[seat]
        stacks[seat] -= posted
        self.total[seat] += posted
        if commits:
            self.committed[seat] += posted
        # A blind that takes the whole stack, short or exact, is the all-in of R5.5.
        all_in = stacks[seat] == 0
        if all_in:
            self._blind_all_in = True
        note = name + " all-in" if all_in else name
        self._rows.append(
            ("post", seat, "R5.5" if all_in else rule, posted, (), (), note, sum(self.total),
             tuple(self.stacks))
        )  # fmt: skip

    def _deal(self) -> None:
        # One at a time, clockwise from the first seat left of the button (R1.7, R8.4):
        # heads-up that is the big blind, who gets cards 1, 3, 5, 7 from the top.
        order = self.order
        count = len(order)
        dealt = self.deck.take(self.profile.hand_size * count)
        rows, holdings = self._rows, self.holdings
        pot, stacks = sum(self.total), tuple(self.stacks)
        for position, seat in enumerate(order):
            cards = dealt[position::count]
            holdings[seat].extend(cards)
            rows.append(("deal", seat, "R1.7", 0, cards, (), "", pot, stacks))
