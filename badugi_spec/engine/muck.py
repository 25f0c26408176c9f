"""The muck at the showdown (R8.32): a player gives up a losing hand without showing it.

Only a hand that wins no pot and no share of one may be mucked, so a muck moves no chip:
the pots stand as settled, and the showdown's log and result only lose that hand. That is
why a muck comes after the settlement, one player at a time in the order the hands were
shown (R8.22) where that decides it, and why it is the one action a finished hand still
takes. The part keeps
no state of its own: the log's show rows are the show order, and a muck rewrites its row.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_spec.engine.codes import illegal
from badugi_spec.engine.settlement import FACE_UP_RULE
from badugi_spec.engine.table import Table
from badugi_spec.rankings.house import evaluate, winners

SHOWN_FIRST = ("beaten-by-shown", "after-first-show")
"""The `muck` readings under which the first player to show must show (R8.32)."""


class Mucking(Table):
    __slots__ = ()

    def _muck_hand(self, seat: int) -> None:
        """Give up `seat`'s hand at the showdown, or raise IllegalAction and change nothing.

        The checks go in the order of R8.24: not at a showdown, out of turn, not allowed by
        the profile, a hand that wins something, a hand that must be shown."""
        result, rows = self.result, self._rows
        showdown = [i for i, row in enumerate(rows) if row[0] in ("show", "muck")]
        order = [rows[i][1] for i in showdown]
        if result is None or result.ended_by != "showdown" or seat not in order:
            raise illegal("no-showdown", f"seat {seat} has no hand at a showdown to muck")
        at = order.index(seat)
        if rows[showdown[at]][0] == "muck":
            raise illegal("no-showdown", f"seat {seat} has mucked already")
        mucked = [n for n, i in enumerate(showdown) if rows[i][0] == "muck"]
        rule = self.profile.muck
        # Only "beaten by a hand shown" depends on who has shown so far: there, in order.
        if rule == "beaten-by-shown" and mucked and at <= mucked[-1]:
            raise illegal("out-of-turn", f"the hands are mucked in show order (R8.22): seat {seat}"
                          f" comes before seat {order[mucked[-1]]}, who has mucked")  # fmt: skip
        if rule == "never":
            raise illegal("muck-not-allowed", f"under {self.profile.name} every hand is shown")
        if rows[showdown[at]][2] == FACE_UP_RULE:
            raise illegal("muck-not-allowed", "a player is all-in: every hand is tabled at once")
        if any(seat in pot.winners for pot in result.pots):
            raise illegal("muck-would-win", f"seat {seat}'s hand wins a pot or a share of one")
        if rule in SHOWN_FIRST and at == 0:
            raise illegal("must-show", f"seat {seat} is the first to show")
        if rule == "beaten-by-shown":
            shown = [s for n, s in enumerate(order[:at]) if n not in mucked]
            for pot in result.pots:
                rivals = [s for s in shown if s in pot.eligible]
                if seat in pot.eligible and not self._beaten(seat, rivals):
                    raise illegal("must-show", f"no hand shown so far beats seat {seat}'s")
        row = rows[showdown[at]]
        rows[showdown[at]] = ("muck", seat, "R8.32", 0, (), (), "", *row[7:])
        shown_now = list(result.shown)
        shown_now[seat] = None
        pots = tuple(
            pot._replace(eligible=tuple(s for s in pot.eligible if s != seat))
            for pot in result.pots
        )
        self.result = result._replace(shown=tuple(shown_now), pots=pots)

    def _beaten(self, seat: int, others: Sequence[int]) -> bool:
        """Whether, in every ranking of the profile, one of `others` beats `seat`'s hand."""
        if not others:
            return False
        rankings = self._rankings
        if rankings is None:
            return 0 not in winners([evaluate(self.holdings[s]) for s in (seat, *others)])
        cards = {s: [card.index for card in self.holdings[s]] for s in (seat, *others)}
        return all(
            max(r.strength(cards[s]) for s in others) > r.strength(cards[seat]) for r in rankings
        )
