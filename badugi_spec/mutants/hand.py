"""Wrong hands: `MutantHand`, our `Hand` with a pluggable evaluator, and its subclasses, each
overriding one of the engine's hooks (`_burn_count`, `_first_drawer`, `_build_pots`, ...).

Grouped as the catalogue lists them: the house game and multi-way tables, big-bet and spread
structures (chapter R14), split-pot games (chapters R21 and R22). No engine code is copied.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from badugi_spec.cards import Card
from badugi_spec.engine import Action, Hand, Kind, Legal
from badugi_spec.engine import pots as _pots
from badugi_spec.engine.betting import opening_increment
from badugi_spec.engine.pots import Pot
from badugi_spec.mutants.rankings import Evaluator
from badugi_spec.rankings import RankedValue, Ranking
from badugi_spec.rankings.house import HandValue, evaluate

# ----- the house game and multi-way tables ---------------------------------------------------


class MutantHand(Hand):
    """Our hand with a pluggable evaluator; each mutant overrides one of the engine's hooks."""

    def __init__(self, *, evaluator: Evaluator = evaluate, **kwargs: Any) -> None:
        self.evaluator = evaluator
        self._checked: set[int] = set()
        super().__init__(**kwargs)

    def value(self, seat: int) -> HandValue | RankedValue:
        # The evaluator mutants misread the house ranking (chapter R2); a game valued by
        # named rankings (R8.22) keeps the engine's, and its mutants misread those instead.
        if self.named_rankings:
            return super().value(seat)
        return self.evaluator(self.holdings[seat])

    def _start_betting(self, number: int) -> None:
        self._checked = set()
        super()._start_betting(number)


class _NoBurn(MutantHand):
    def _burn_count(self, discards: Sequence[Card]) -> int:
        return 0


class _BurnOnlyWhenDrawing(MutantHand):
    def _burn_count(self, discards: Sequence[Card]) -> int:
        return 1 if discards and len(self.burns) < self.phase.number else 0


class _DealerDrawsFirst(MutantHand):
    def _first_drawer(self) -> int:
        return self.dealer


class _AnyDiscard(MutantHand):
    def _draw(self, seat: int, discards: Sequence[Card]) -> None:
        # A card not held is waved through and simply not replaced.
        super()._draw(seat, [c for c in discards if c in self.holdings[seat]])


def _round_start(hand: Hand) -> bool:
    """The first decision of a betting round after a draw."""
    return hand.phase.number > 1 and not any(hand.acted) and max(hand.committed) == 0


class _DealerFirstAfterDraw(MutantHand):
    def _continue_betting(self, after: int) -> None:
        if _round_start(self) and self.dealer in self.order:
            after = self.order[self.order.index(self.dealer) - 1]  # so the dealer is next
        super()._continue_betting(after)


class _LeftOfBigBlindAfterDraw(MutantHand):
    """The order before the draw kept after it: the player left of the big blind opens."""

    def _continue_betting(self, after: int) -> None:
        if _round_start(self) and self.big_blind in self.order:
            after = self.big_blind
        super()._continue_betting(after)


class _BigBlindFirstBeforeDraw(MutantHand):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if self.to_act == self.dealer:
            self.to_act = self.big_blind


class _NoBigBlindOption(MutantHand):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._acted[self.big_blind] = self._epoch


class _FoldWhenFree(MutantHand):
    def _betting_options(self, seat: int) -> dict[Kind, Legal]:
        options = super()._betting_options(seat)
        return {Kind.FOLD: Legal(Kind.FOLD)} | options


class _NoCheckRaise(MutantHand):
    def _betting_options(self, seat: int) -> dict[Kind, Legal]:
        options = super()._betting_options(seat)
        if seat in self._checked:
            options.pop(Kind.RAISE, None)
        return options

    def apply(self, action: Action) -> None:
        super().apply(action)
        if action.kind is Kind.CHECK:
            self._checked.add(action.seat)


class _DealerDealtFirst(MutantHand):
    def _deal(self) -> None:
        # The button first, then clockwise: one seat early all round the table.
        order = (*self.order[-1:], *self.order[:-1])
        for _ in range(self.profile.hand_size):
            for seat in order:
                self.holdings[seat].extend(self.deck.take(1))


class _NoReturn(MutantHand):
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
        # The uncovered chips stay in the pot and go to the winner(s).
        extra = sum(returned)
        if extra:
            won = tuple(w + (extra // len(best) if s in best else 0) for s, w in enumerate(won))
        super()._finish(ended_by, best, won, (0,) * len(won), shown, *pots, show_notes=show_notes)


class _OddChipToDealer(MutantHand):
    def _split(self, amount: int, tied: tuple[int, ...]) -> tuple[int, ...]:
        # Heads-up this never matters (a split pot is 2 x the matched amount), but with
        # dead money from a third player a split pot can be odd.
        share, odd = divmod(amount, len(tied))
        lucky = self.dealer if self.dealer in tied else tied[0]
        return tuple(share + (odd if seat == lucky else 0) for seat in tied)


class _OddChipBySeatNumber(MutantHand):
    def _split(self, amount: int, tied: tuple[int, ...]) -> tuple[int, ...]:
        # Odd chips to the lowest seat numbers, not in order from the button.
        return _pots.split(amount, tied, sorted(tied))


class _OddChipToTheFirstListed(MutantHand):
    """Odd chips to the tied players in the order they are listed, the button's seat last:
    "from the button's left" read as "in seat order, the button last". It is the rule
    whenever the button is listed first or last, and wrong when it sits between tied
    players (R8.15)."""

    def _split(self, amount: int, tied: tuple[int, ...]) -> tuple[int, ...]:
        if len(tied) == 1 or self.profile.odd_chip != "first-left-of-button":
            return super()._split(amount, tied)
        listed = sorted(tied, key=lambda seat: (seat == self.dealer, seat))
        return _pots.split(amount, tied, listed)


class _SidePotsOpenToAll(MutantHand):
    def _build_pots(self, totals: Sequence[int]) -> tuple[Pot, ...]:
        # Every pot may be won by anyone still in, all-in for less or not.
        live = tuple(seat for seat in self.order if not self.folded[seat])
        return tuple(pot._replace(eligible=live) for pot in super()._build_pots(totals))


class _DeadMoneyToTheLastPot(MutantHand):
    def _build_pots(self, totals: Sequence[int]) -> tuple[Pot, ...]:
        # Folded players' chips are left out of the main pot and all go to the last one.
        live = [0 if self.folded[seat] else total for seat, total in enumerate(totals)]
        built = list(super()._build_pots(live))
        dead = sum(totals) - sum(live)
        if dead and built:
            built[-1] = built[-1]._replace(amount=built[-1].amount + dead)
        return tuple(built)


class _AnyShortAllInReopens(MutantHand):
    def _half_bet(self, gained: int) -> bool:
        return gained > 0  # even one chip over the level counts as half a bet


class _CallerRaisesAShortRest(MutantHand):
    def _short_of_full_raise(self, seat: int, faced: int) -> bool:
        return False  # only the largest voluntary raise counts: the blind is not a full one


class _AllInSkipsTheDraw(MutantHand):
    def _drawers(self) -> list[int]:
        # Players with no chips behind are left out of the draws while anyone still has
        # chips (when everyone is all-in, the draws go on as the rules say).
        drawers = super()._drawers()
        return [seat for seat in drawers if self.stacks[seat] > 0] or drawers


class _HeadsUpCountsTheAllIn(MutantHand):
    def _players_who_can_bet(self) -> int:
        # A player all-in still counts towards a three-way pot, so the cap stays on.
        return len(self.live())


class _LivePostIsDead(MutantHand):
    def _post(self, seat: int, blind: int, name: str, rule: str, commits: bool = True) -> None:
        # A big blind posted out of turn goes in as dead money, like an ante, rather than
        # as the player's bet of the first round.
        super()._post(seat, blind, name, rule, commits and name != "posted big blind")


class _LastCardToAShortDrawer(MutantHand):
    def _held_back_when_short(self, last_of_round: bool) -> int:
        # The round's last taker is dealt the stub's last card even when more must come
        # from a rebuilt stub after it: the engine's reading before issue 22.
        return self._reserve(last_of_round)


# ----- big-bet and spread mutants (issue 12, chapter R14) ------------------------------------
# Each changes one piece of a big-bet or spread structure's arithmetic; the house game and
# every fixed-limit profile play exactly as the engine does.


class _PotLimitWithoutTheCall(MutantHand):
    """The pot limit counts the pot before the player's own call: B + T, not B + T + (B - b)."""

    def _range(self, seat: int, level: int) -> tuple[int, int]:
        low, high = super()._range(seat, level)
        if self.profile.betting == "pot-limit":
            high = max(high - (level - self.committed[seat]), low)
        return low, high


class _LeastRaiseAlwaysTheBigBlind(MutantHand):
    """Every raise may add just the big blind, whatever the last raise added."""

    def _raised_big_bet(self, level: int, now: int, all_in: bool) -> None:
        super()._raised_big_bet(level, now, all_in)
        self.increment = opening_increment(self.profile)


class _HalfBetRuleInBigBet(MutantHand):
    """An all-in of at least half a raise reopens the betting, as in some limit games."""

    def _raised_big_bet(self, level: int, now: int, all_in: bool) -> None:
        epoch = self._epoch
        super()._raised_big_bet(level, now, all_in)
        if self._epoch == epoch and 2 * (now - self.full_level) >= self.increment:
            self._epoch += 1

    # A player who faces half a raise may raise again, as under a limit half-bet rule:
    # without these the reopening above changes nothing, since R14.6 also asks a player
    # who acted already to face a full raise.
    def _short_of_full_raise(self, seat: int, faced: int) -> bool:
        return 2 * faced < self.increment and self._acted[seat] != -1

    def _sized_options(
        self, options: dict[Kind, Legal], kind: Kind, seat: int, level: int
    ) -> Legal | None:
        largest, faced = self._largest, level - self.committed[seat]
        if 2 * faced >= self.increment:
            self._largest = min(largest, faced)
        try:
            return super()._sized_options(options, kind, seat, level)
        finally:
            self._largest = largest


class _ShortAllInReopens(MutantHand):
    """Any all-in over the bet reopens the betting for everyone."""

    def _raised_big_bet(self, level: int, now: int, all_in: bool) -> None:
        epoch = self._epoch
        super()._raised_big_bet(level, now, all_in)
        if self._epoch == epoch:
            self._epoch += 1

    # For everyone, whatever they face: R14.6's full raise to face is read away too.
    def _faces_a_full_raise(self, seat: int) -> bool:
        return True

    def _short_of_full_raise(self, seat: int, faced: int) -> bool:
        return False

    def _sized_options(
        self, options: dict[Kind, Legal], kind: Kind, seat: int, level: int
    ) -> Legal | None:
        largest, self._largest = self._largest, 0
        try:
            return super()._sized_options(options, kind, seat, level)
        finally:
            self._largest = largest


class _LeastRaiseFromTheShortAllIn(MutantHand):
    """A short all-in's extra chips become the least raise (100, all-in 140: raise to 180)."""

    def _raised_big_bet(self, level: int, now: int, all_in: bool) -> None:
        super()._raised_big_bet(level, now, all_in)
        self.increment = now - level


class _HalfPotRoundedTheOtherWay(MutantHand):
    """Half an odd pot is rounded up where the profile says down, and down where it says up."""

    def _range(self, seat: int, level: int) -> tuple[int, int]:
        low, high = super()._range(seat, level)
        profile = self.profile
        if profile.betting != "half-pot":
            return low, high
        unit = profile.chip_unit
        whole, rest = divmod(self.pot + level - self.committed[seat], 2 * unit)
        if not rest:
            return low, high  # half the pot is a whole number of chips: nothing to round
        extra = whole * unit + (unit if profile.half_pot_rounding == "down" else 0)
        return low, max(level + extra, low)


class _SpreadRaiseBelowTheLast(MutantHand):
    """A spread-limit raise may add just the spread's minimum, less than the last raise."""

    def _range(self, seat: int, level: int) -> tuple[int, int]:
        low, high = super()._range(seat, level)
        if self.profile.betting == "spread" and level:
            low = level + self.profile.spread_min
        return low, high


class _SpreadLastRoundNotWider(MutantHand):
    """The last round keeps the spread of the others: `spread_last_max` is ignored."""

    def _range(self, seat: int, level: int) -> tuple[int, int]:
        low, high = super()._range(seat, level)
        profile = self.profile
        if profile.betting == "spread":
            high = min(high, level + profile.spread_max)
        return low, high


class _NoFigureIsTheMost(MutantHand):
    """A bet or raise with no amount stated is the most of its range, not the least."""

    def _sized(self, seat: int, option: Legal, amount: int | None) -> Legal:
        return super()._sized(seat, option, option.most if amount is None else amount)


class _AnyChip(MutantHand):
    """Amounts off the chip unit are accepted when they lie inside the range."""

    def _sized(self, seat: int, option: Legal, amount: int | None) -> Legal:
        if amount is not None and option.to <= amount <= option.most:
            adds = amount - self.committed[seat]
            return option._replace(adds=adds, to=amount, all_in=adds == self.stacks[seat])
        return super()._sized(seat, option, amount)


# ----- end of the big-bet and spread mutants -------------------------------------------------


# ----- split-pot games (issue 13, R8.29, R8.30, chapters R21 and R22) -----


class _OddChipToTheOtherHalf(MutantHand):
    def _odd_chip_to_first(self, winners: Sequence[tuple[int, ...]]) -> bool:
        # The odd chip between the halves lands in the half the rule does not name.
        return not super()._odd_chip_to_first(winners)


class _SidePotsNotSplit(MutantHand):
    def _settle_pot(
        self, pot: Pot, strengths: dict[int, list[int]], rankings: tuple[Ranking, ...]
    ) -> Pot:
        # Only the main pot is halved; a side pot goes whole to the first ranking's best.
        if len(pot.eligible) < len(self.live()):
            rankings = rankings[:1]
        return super()._settle_pot(pot, strengths, rankings)


class _HalvesOverEveryone(MutantHand):
    def _settle_pot(
        self, pot: Pot, strengths: dict[int, list[int]], rankings: tuple[Ranking, ...]
    ) -> Pot:
        # Each half's best hand is looked for among everyone still in, not the pot's own.
        everyone = tuple(seat for seat in sorted(strengths))
        done = super()._settle_pot(pot._replace(eligible=everyone), strengths, rankings)
        return done._replace(eligible=pot.eligible)
