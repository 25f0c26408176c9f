"""The showdown and settlement: pots built and awarded, odd chips, halves, and the result.

A hand ends here either way: one player left (`_settle_fold`) or a showdown, valued by the
house evaluator on the fast path or by the profile's rankings, half by half in a split
game (R8.29). Settlement has no state of its own: it reads the chips in and the hands
held, and writes the result. Who wins ties' odd chips (`_split`) and which pots are
formed (`_build_pots`) are hooks, one rule each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from badugi_spec.engine import pots as _pots
from badugi_spec.engine import split as _halves
from badugi_spec.engine.phase import Result
from badugi_spec.engine.phase import phase as _phase
from badugi_spec.engine.pots import Pot
from badugi_spec.engine.table import Table
from badugi_spec.rankings import RankedValue, Ranking
from badugi_spec.rankings.house import HandValue, winners

FACE_UP_RULE = "R8.22"
"""The rule a show event cites when every hand was tabled at once (`face-up-if-all-in`)."""


class Settlement(Table):
    __slots__ = ()

    def _build_pots(self, totals: Sequence[int]) -> tuple[Pot, ...]:
        """The main pot and the side pots from each seat's chips: dead money stays in
        every pot it reached, and only players still in may win (R8.13)."""
        return _pots.build(totals, [not f for f in self.folded])

    def _settle_fold(self, winner: int) -> None:
        seats, amount = self.seats, sum(self.total)
        won = [0] * seats
        won[winner] = amount
        pot = Pot(amount, (winner,), (winner,), (amount,))
        self._finish("fold", (winner,), tuple(won), (0,) * seats, (None,) * seats, pot)

    def _showdown(self) -> None:
        if self._rankings is not None:
            self._ranked_showdown(self._rankings)
            return
        live = self.live()
        values: list[HandValue | RankedValue | None] = [None] * self.seats
        for seat in live:
            values[seat] = self.value(seat)
        returned, totals = self._uncalled_back()
        settled: list[Pot] = []
        won = [0] * self.seats

        def best_of(pot: Pot) -> tuple[int, ...]:
            best = winners([values[s] for s in pot.eligible])  # type: ignore[misc]
            return tuple(pot.eligible[i] for i in best)

        for pot in self._settlement_pots(totals, best_of):
            tied = best_of(pot)
            shares = self._split(pot.amount, tied)
            for s, share in zip(tied, shares, strict=True):
                won[s] += share
            settled.append(pot._replace(winners=tied, shares=shares))
        overall = tuple(s for s in range(self.seats) if won[s])
        self._finish("showdown", overall, tuple(won), tuple(returned), tuple(values), *settled)

    def _settlement_pots(
        self, totals: Sequence[int], best_of: Callable[[Pot], Sequence[int]]
    ) -> tuple[Pot, ...]:
        """The pots to award: as they stand (R8.13), or, under `pots_without_losers`, made
        again among the hands that win a share of some pot, so that pots next to each other
        left with the same players become one (R8.31). `best_of` gives a pot's winners."""
        pots = self._build_pots(totals)
        if not self.profile.pots_without_losers or len(pots) < 2:
            return pots
        keep = [False] * self.seats
        for pot in pots:
            for seat in best_of(pot):
                keep[seat] = True
        return _pots.build(totals, keep)

    def _uncalled_back(self) -> tuple[list[int], list[int]]:
        """(returned, totals): chips a player put in beyond what anyone else matched go
        back (R5.4, R5.5); the rest are the contributions the pots are built from."""
        returned = [0] * self.seats
        seat, extra = _pots.uncalled(self.total)
        if extra:
            returned[seat] = extra
        return returned, [t - r for t, r in zip(self.total, returned, strict=True)]

    def _ranked_showdown(self, rankings: tuple[Ranking, ...]) -> None:
        """A showdown in the profile's rankings: every pot, side pots too, awarded half by
        half when the game is split (R8.29), else whole (R8.14)."""
        live = self.live()
        strengths = {
            seat: [r.strength([card.index for card in self.holdings[seat]]) for r in rankings]
            for seat in live
        }
        returned, totals = self._uncalled_back()
        won = [0] * self.seats
        settled = []

        def best_of(pot: Pot) -> tuple[int, ...]:
            return tuple(
                seat
                for half in range(len(rankings))
                for seat in _halves.best(strengths, pot.eligible, half)
            )

        for pot in self._settlement_pots(totals, best_of):
            done = self._settle_pot(pot, strengths, rankings)
            for s, share in zip(done.winners, done.shares, strict=True):
                won[s] += share
            settled.append(done)
        values = [self.values(seat) if seat in strengths else None for seat in range(self.seats)]
        notes = [
            "; ".join(f"{r.name} {v}" for r, v in zip(rankings, vs, strict=True)) if vs else ""
            for vs in values
        ]
        overall = tuple(s for s in range(self.seats) if won[s])
        shown = tuple(None if vs is None else vs[0] for vs in values)
        self._finish(
            "showdown", overall, tuple(won), tuple(returned), shown, *settled, show_notes=notes
        )

    def _settle_pot(
        self, pot: Pot, strengths: dict[int, list[int]], rankings: tuple[Ranking, ...]
    ) -> Pot:
        """One pot settled by the rankings: whole, or half by half (R8.29, R8.30)."""
        return _halves.settle(
            pot, strengths, rankings, odd_to_first=self._odd_chip_to_first, split=self._split
        )

    def _odd_chip_to_first(self, winners: Sequence[tuple[int, ...]]) -> bool:
        """Whether a split pot's first half takes its odd chip, from each half's winners."""
        return _halves.odd_chip_to_first(self.profile.odd_chip_between_halves, winners, self.order)

    def _split(self, amount: int, tied: tuple[int, ...]) -> tuple[int, ...]:
        """Shares of a pot among tied hands; odd chips by position (R5.3, R8.15)."""
        if len(tied) == 1:
            return (amount,)
        if self.profile.odd_chip == "all-to-first-left-of-button":
            share, odd = divmod(amount, len(tied))
            first = min(tied, key=self.order.index)
            return tuple(share + (odd if seat == first else 0) for seat in tied)
        return _pots.split(amount, tied, self.order)

    def _finish(
        self,
        ended_by: str,
        best: tuple[int, ...],
        won: tuple[int, ...],
        returned: tuple[int, ...],
        shown: tuple[HandValue | RankedValue | None, ...],
        *pots: Pot,
        show_notes: Sequence[str] | None = None,
    ) -> None:
        pot = self.pot
        for seat in range(self.seats):
            if returned[seat]:
                # Uncovered chips go back: a blind that was not covered (R5.5) or a bet (R5.4).
                rule = "R5.5" if self._blind_all_in else "R5.4"
                self._log("return", seat, rule, amount=returned[seat])
        if ended_by == "showdown":
            order = self._show_order()
            # Hands tabled at once (R8.22) cite that rule: a muck reads it (R8.32).
            at_once = self.profile.show_order == "face-up-if-all-in" and bool(self._all_in_seats())
            show_rule = FACE_UP_RULE if at_once else "R5.1"
            for seat in order:
                self._rows.append(
                    ("show", seat, show_rule, 0, tuple(self.holdings[seat]), (),
                     shown[seat] if show_notes is None else show_notes[seat],
                     sum(self.total), tuple(self.stacks))
                )  # fmt: skip
        stacks, rows, pot_now = self.stacks, self._rows, sum(self.total)
        rule = "R3.10" if ended_by == "fold" else ("R5.2" if len(best) > 1 else "R5.1")
        if len(pots) > 1:
            rule = "R8.14"
        split = bool(pots and pots[0].halves)
        if split:
            rule = "R8.29"  # each pot in halves; the note says which halves each seat won
        for seat in range(self.seats):
            stacks[seat] += won[seat] + returned[seat]
            self.returned[seat] += returned[seat]
            if won[seat]:
                note = _halves.describe_halves(pots, seat) if split else ""
                rows.append(("win", seat, rule, won[seat], (), (), note, pot_now, tuple(stacks)))
        self.phase = _phase("complete", 0)
        self.to_act = None
        self.result = Result(ended_by, best, won, tuple(self.returned), shown, pot, pots)

    def _show_order(self) -> list[int]:
        """Who shows in which order (R8.22, `show_order`): the last aggressor of the final
        round first, else a first seat that depends on the reading; then clockwise.
        `side-pots-first` then puts each player in a later side pot before those all-in
        for an earlier one; `face-up-if-all-in` tables every hand at once, in seat order
        from the button's left, once a player in the showdown is all-in."""
        live = self.live()
        reading = self.profile.show_order
        needs = ("face-up-if-all-in", "first-to-act", "all-in-first")
        all_in = self._all_in_seats() if reading in needs else set()
        if reading == "face-up-if-all-in" and all_in:
            return live
        first = self.last_aggressor if self.last_aggressor in live else live[0]
        if self.last_aggressor not in live and reading == "first-to-act":
            first = next((s for s in live if s not in all_in), first)
        start = live.index(first)
        order = live[start:] + live[:start]
        if self.last_aggressor not in live and reading == "all-in-first":
            order.sort(key=lambda seat: seat not in all_in)  # stable: position within
        if reading == "side-pots-first":
            # A player's tier is the last pot they are in; higher tiers show first.
            pots = self._build_pots(self._uncalled_back()[1])
            tier = {
                s: max((i for i, p in enumerate(pots) if s in p.eligible), default=0) for s in live
            }
            order.sort(key=lambda seat: -tier[seat])
        return order

    def _all_in_seats(self) -> set[int]:
        """The players still in with no chips behind once uncalled chips are back: read
        before the pots are paid out (WSOP-T 70's "all-in")."""
        seat, extra = _pots.uncalled(self.total)
        return {s for s in self.live() if self.stacks[s] + (extra if s == seat else 0) == 0}
