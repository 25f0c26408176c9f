"""Deliberately wrong implementations: each a small, plausible misreading of one rule.

A good suite kills every mutant: at least one scenario fails against it, a real divergence
from the expected state. A case that errors (the mutant broke itself) does not count.
`badugi-spec mutants` runs the suite against each one in-process and names the scenarios
that kill it; `python -m badugi_spec.mutants.catalogue NAME` serves one over the protocol,
so the same catalogue also exercises `verify` end to end.

Each mutant is our engine with one decision changed: a `Hand` or `Session` subclass that
overrides one of the engine's hooks (`_burn_count`, `_first_drawer`, `_build_pots`, ...), one
profile value read differently, or a different evaluator. No engine code is copied here.

A mutant plays every case under the case's own profile (R8.1), with its one misreading on
top: "no hand limit" is 1,000 hands at any table, "the cap ignores the blind" is the case's
cap with the blind left out.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from badugi_spec.cards import Card, Rank, cards_of
from badugi_spec.engine import Action, Hand, Kind, Legal, Session
from badugi_spec.engine import pots as _pots
from badugi_spec.engine.betting import opening_increment
from badugi_spec.engine.pots import Pot
from badugi_spec.profiles import Profile
from badugi_spec.rankings import (
    BADUGI,
    BADUGI_ACE_HIGH,
    LOW_2_7,
    LOW_A_5,
    Category,
    RankedValue,
    Ranking,
)
from badugi_spec.rankings.house import HandValue, evaluate, strength_of
from badugi_spec.rankings.lows import LOW_2_7_RULES, LOW_A_5_RULES, LowRules, low_ranking
from badugi_spec.scenario.engine_impl import (
    EngineImplementation,
    Outcome,
    RequestError,
    state_of,
)
from badugi_spec.scenario.runner import ImplementationError

Evaluator = Callable[[Sequence[Card]], HandValue]
Reading = Callable[[Profile], Profile]
"""How a mutant reads the case's profile: the identity, or one parameter changed."""

# ----- evaluators ----------------------------------------------------------------------------


def _value(cards: Sequence[Card], strength: int, *, order: Callable[[Card], int]) -> HandValue:
    return HandValue(cards=tuple(sorted(cards, key=lambda c: -order(c))), strength=strength)


def _rank(card: Card) -> int:
    return card.rank.order


def shortcut(cards: Sequence[Card]) -> HandValue:
    """Drop the higher of each pair of suited cards, then one of each pair of ranks."""
    kept: list[Card] = []
    for card in sorted(cards, key=_rank):
        if all(k.suit != card.suit for k in kept):
            kept.append(card)
    playing: list[Card] = []
    for card in kept:
        if all(p.rank != card.rank for p in playing):
            playing.append(card)
    return _value(playing, strength_of(sorted(map(_rank, playing), reverse=True)), order=_rank)


def aces_high(cards: Sequence[Card]) -> HandValue:
    """Every subset tried, but the ace counts above the king."""

    def order(card: Card) -> int:
        return 14 if card.rank.order == 1 else card.rank.order

    best: tuple[int, tuple[Card, ...]] = (-1, ())
    for size in range(1, len(cards) + 1):
        for subset in itertools.combinations(cards, size):
            if len({c.rank for c in subset}) == size == len({c.suit for c in subset}):
                strength = strength_of(sorted(map(order, subset), reverse=True))
                best = max(best, (strength, subset), key=lambda b: b[0])
    return _value(best[1], best[0], order=order)


def _repacked(pack: Callable[[HandValue], int]) -> Evaluator:
    """The right playable cards, compared by a wrong key."""

    def evaluator(cards: Sequence[Card]) -> HandValue:
        right = evaluate(cards)
        return HandValue(cards=right.cards, strength=pack(right))

    return evaluator


def _lowest_first(value: HandValue) -> int:
    return strength_of(sorted(r.order for r in value.ranks))


def _suit_tiebreak(value: HandValue) -> int:
    # The highest card's suit decides between equal ranks (spades best).
    return value.strength * 4 + (3 - value.cards[0].suit.index)


def _high_card_first(value: HandValue) -> int:
    # Size ignored: the lower top card wins, so 3-2-A beats K-Q-J-10.
    fields = [14 - r.order for r in value.ranks] + [14] * (4 - value.size)
    packed = 0
    for field in fields:
        packed = packed << 4 | field
    return packed


# ----- hands and sessions --------------------------------------------------------------------


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


class _AllInSkipsTheDraw(MutantHand):
    def _drawers(self) -> list[int]:
        # Players with no chips behind are left out of the draws while anyone still has
        # chips (when everyone is all-in, the draws go on as the rules say).
        drawers = super()._drawers()
        return [seat for seat in drawers if self.stacks[seat] > 0] or drawers


class MutantSession(Session):
    def __init__(
        self, *, hand_class: type[MutantHand], evaluator: Evaluator, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.hand_class = hand_class
        self.evaluator = evaluator

    def _new_hand(
        self,
        *,
        deck: Sequence[Card],
        stacks: Sequence[int],
        dealer: int,
        reshuffles: Sequence[Sequence[Card]] = (),
    ) -> Hand:
        return self.hand_class(
            deck=deck,
            stacks=stacks,
            dealer=dealer,
            profile=self.profile,
            reshuffles=reshuffles,
            evaluator=self.evaluator,
        )


class _FixedButton(MutantSession):
    @property
    def next_dealer(self) -> int:
        return self.first_dealer


class _ButtonOntoEmptySeats(MutantSession):
    @property
    def next_dealer(self) -> int:
        if not self.hands:
            return self.first_dealer
        return (self.hands[-1].dealer + 1) % len(self.stacks)  # busted or not


class _DealsToEmptyStacks(MutantHand):
    def _can_deal(self, stacks: Sequence[int]) -> bool:
        return True

    def _dealt_in(self, stacks: Sequence[int]) -> list[bool]:
        return [True] * len(stacks)


class _NoBustStop(MutantSession):
    """Only the hand limit ends the session; a player without chips is dealt in anyway."""

    def _end_reason(self) -> str | None:
        return "hands" if len(self.hands) >= self.profile.hands_per_session else None

    @property
    def next_dealer(self) -> int:
        return (self.first_dealer + len(self.hands)) % len(self.stacks)  # bust or not


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


class _ShortAllInReopens(MutantHand):
    """Any all-in over the bet reopens the betting for everyone."""

    def _raised_big_bet(self, level: int, now: int, all_in: bool) -> None:
        epoch = self._epoch
        super()._raised_big_bet(level, now, all_in)
        if self._epoch == epoch:
            self._epoch += 1


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


# ----- hand-ranking mutants (issue 13, chapter R9) -------------------------------------------
# Each is a registered ranking with one part of its rule read differently; the runner reads
# the answers with the real ranking, so a wrong value, category or order is a divergence.


class _WheelIsAStraight(LowRules):
    """Deuce-to-seven that reads A-2-3-4-5 as a five-high straight."""

    def classify(self, heights: Sequence[int], *, suited: bool) -> tuple[Category, list[int]]:
        wheel = sorted(self.height(rank) for rank in WHEEL)
        if sorted(heights) != wheel:
            return super().classify(heights, suited=suited)
        ordered = sorted(heights, key=lambda h: (h == self.height(Rank.ACE), -h))
        return (Category.STRAIGHT_FLUSH if suited else Category.STRAIGHT), ordered


WHEEL = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE)

ACES_LOW_IN_BADEUCY = replace(BADUGI, name=BADUGI_ACE_HIGH.name, title=BADUGI_ACE_HIGH.title)
A_5_WITH_STRAIGHTS = low_ranking(
    name=LOW_A_5.name,
    title=LOW_A_5.title,
    rules=replace(
        LOW_A_5_RULES,
        straights_count=True,
        categories=tuple(c for c in Category if c not in (Category.FLUSH, Category.STRAIGHT_FLUSH)),
    ),
)
LOW_2_7_WITHOUT_FLUSHES = low_ranking(
    name=LOW_2_7.name, title=LOW_2_7.title, rules=replace(LOW_2_7_RULES, flushes_count=False)
)
LOW_2_7_WITH_WHEELS = low_ranking(
    name=LOW_2_7.name,
    title=LOW_2_7.title,
    rules=_WheelIsAStraight(**{f.name: getattr(LOW_2_7_RULES, f.name) for f in fields(LowRules)}),
)


def _first_four(real: Ranking) -> Ranking:
    """The ranking with a five-card hand valued from its first four cards, no search."""
    return replace(real, strength=lambda indexes: real.strength(indexes[:4]))


FIRST_FOUR_CARDS = (_first_four(BADUGI), _first_four(BADUGI_ACE_HIGH))


# ----- the catalogue -------------------------------------------------------------------------


def _as_written(profile: Profile) -> Profile:
    return profile


@dataclass(frozen=True, slots=True)
class Mutant:
    name: str
    rule: str
    summary: str
    hand: type[MutantHand] = MutantHand
    session: type[MutantSession] = MutantSession
    reading: Reading = _as_written
    """How the mutant reads the case's profile (one parameter changed, or none)."""
    evaluator: Evaluator = evaluate
    rankings: tuple[Ranking, ...] = ()
    """Hand rankings read differently (R9), each standing in for the one of its name."""
    equivalent: str = ""
    """Why no scenario can kill it, for a mutant that behaves exactly like the rules."""


def _set(**changes: Any) -> Reading:
    """A fixed value for one parameter, whatever the case's profile says."""
    return lambda profile: profile.replace(**changes)


def _big_bets_from(round_number: int) -> Reading:
    """The big bet (the last round's size) from `round_number` on, the small bet before."""

    def read(profile: Profile) -> Profile:
        small, big = profile.bet_sizes[0], profile.bet_sizes[-1]
        sizes = [small if n < round_number else big for n in range(1, profile.betting_rounds + 1)]
        return profile.replace(bet_sizes=tuple(sizes))

    return read


def _with_pile(pile: str) -> Reading:
    """A pile added to the reshuffle, if the profile reshuffles at all."""

    def read(profile: Profile) -> Profile:
        piles = profile.reshuffle
        return profile.replace(reshuffle=(*piles, pile)) if piles and pile not in piles else profile

    return read


def _without_pile(pile: str) -> Reading:
    def read(profile: Profile) -> Profile:
        return profile.replace(reshuffle=tuple(p for p in profile.reshuffle if p != pile))

    return read


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


def _when(name: str, value: object, instead: object) -> Reading:
    """`name` read as `instead` wherever the profile says `value`."""

    def read(profile: Profile) -> Profile:
        return profile.replace(**{name: instead}) if getattr(profile, name) == value else profile

    return read


CATALOGUE: tuple[Mutant, ...] = (
    Mutant("shortcut-evaluator", "R2.5", "drops the higher suited card, then pairs",
           evaluator=shortcut),
    Mutant("aces-high", "R1.2", "the ace ranks above the king", evaluator=aces_high),
    Mutant("lowest-card-first", "R2.4", "compares hands from the lowest card up",
           evaluator=_repacked(_lowest_first)),
    Mutant("suits-break-ties", "R2.7", "suits decide between equal ranks",
           evaluator=_repacked(_suit_tiebreak)),
    Mutant("three-beats-four", "R2.3", "a lower top card beats more cards",
           evaluator=_repacked(_high_card_first)),
    Mutant("no-burn", "R4.4", "no card is burned before a draw", hand=_NoBurn),
    Mutant("burn-only-when-drawing", "R4.4", "burns only when someone discards",
           hand=_BurnOnlyWhenDrawing),
    Mutant("dealer-first-after-draw", "R3.3", "the dealer opens the betting after a draw",
           hand=_DealerFirstAfterDraw),
    Mutant("big-blind-first-before-draw", "R3.3", "the big blind acts first before the draw",
           hand=_BigBlindFirstBeforeDraw),
    Mutant("dealer-draws-first", "R4.3", "the dealer draws before the big blind",
           hand=_DealerDrawsFirst),
    Mutant("cap-big-blind-plus-four", "R3.6", "the big blind plus four raises (PokerKit's cap)",
           reading=_set(cap=5)),
    Mutant("no-big-blind-option", "R3.7", "a call of the big blind ends the first round",
           hand=_NoBigBlindOption),
    Mutant("fold-when-free", "R3.4", "folding allowed when a check is free", hand=_FoldWhenFree),
    Mutant("big-bets-from-round-2", "R3.2", "big bets from the second betting round",
           reading=_big_bets_from(2)),
    Mutant("big-bets-last-round-only", "R3.2", "big bets only in the last betting round",
           reading=_big_bets_from(4)),
    Mutant("no-uncovered-return", "R5.4", "uncovered chips stay in the pot", hand=_NoReturn),
    Mutant("button-stays", "R6.2", "the button never moves", session=_FixedButton),
    Mutant("no-bust-stop", "R6.4", "the session goes on after a player is out of chips",
           session=_NoBustStop, hand=_DealsToEmptyStacks),
    Mutant("no-hand-limit", "R6.4", "the session does not stop after 12 hands",
           reading=_set(hands_per_session=1000)),
    Mutant("session-of-ten", "R6.4", "the session stops after 10 hands",
           reading=_set(hands_per_session=10)),
    Mutant("dealer-dealt-first", "R1.7", "the deal starts with the dealer",
           hand=_DealerDealtFirst),
    Mutant("discard-not-held", "R4.2", "discarding a card not held is accepted",
           hand=_AnyDiscard),
    Mutant("no-check-raise", "R3.8", "a player who checked may not raise", hand=_NoCheckRaise),
    Mutant("three-discards", "R4.2", "at most three cards may be discarded",
           reading=_set(max_discards=3)),
    Mutant("odd-chip-to-dealer", "R8.15", "the odd chip of a split goes to the dealer",
           hand=_OddChipToDealer),
    # Multi-way tables and rule profiles (chapter R8).
    Mutant("side-pot-open-to-all", "R8.13", "a player all-in for less may win a side pot",
           hand=_SidePotsOpenToAll),
    Mutant("dead-money-to-last-pot", "R8.13",
           "folded players' chips go to the last side pot, not the main pot",
           hand=_DeadMoneyToTheLastPot),
    Mutant("odd-chip-by-seat-number", "R8.15",
           "odd chips to the lowest seat numbers, not in order from the button",
           hand=_OddChipBySeatNumber),
    Mutant("all-in-skips-the-draw", "R8.16", "a player who is all-in does not draw",
           hand=_AllInSkipsTheDraw),
    Mutant("left-of-big-blind-after-draw", "R8.5",
           "after the draw the player left of the big blind opens, as before it",
           hand=_LeftOfBigBlindAfterDraw),
    Mutant("any-short-all-in-reopens", "R8.8",
           "under a half-bet rule an all-in below half a bet reopens the betting",
           hand=_AnyShortAllInReopens),
    Mutant("button-onto-empty-seats", "R8.23",
           "the button moves to the next seat even when it has no chips",
           session=_ButtonOntoEmptySeats),
    Mutant("cap-ignores-the-blind", "R8.6", "the big blind is not counted as a bet level",
           reading=_set(cap_counts_blind=False)),
    Mutant("no-completion", "R8.9", "a raise over a short all-in is always a full bet on top",
           reading=_set(complete_short_all_in=False)),
    Mutant("half-bet-all-in-is-a-level", "R11.2",
           "PokerStars' half-bet all-in counted as a bet level of its own",
           reading=_when("short_all_in", "half-bet-complete", "half-bet-full-raise")),
    Mutant("half-bet-all-in-only-completes", "R12.2",
           "the WSOP half-bet all-in read as PokerStars', completed rather than raised",
           reading=_when("short_all_in", "half-bet-full-raise", "half-bet-complete")),
    Mutant("returns-only-at-settlement", "R8.12",
           "uncalled chips always go back at the end of the hand",
           reading=_set(return_uncalled="settlement")),
    Mutant("this-draw-in-the-reshuffle", "R12.4",
           "the current draw's discards are reshuffled even when the profile leaves them out",
           reading=_with_pile("current-discards")),
    Mutant("folded-hands-not-reshuffled", "R8.18", "folded hands are left out of the reshuffle",
           reading=_without_pile("folded")),
    Mutant("stub-dealt-first", "R11.5",
           "the stub is dealt out before a reshuffle even when it is mixed in",
           reading=_without_pile("stub")),
    Mutant("last-card-always-dealt", "R8.19", "the stub's last card is always dealt",
           reading=_set(last_card="dealt")),
    Mutant("own-discards-dealt-back", "R8.20", "a player may be dealt back their own discards",
           reading=_set(own_discards_back=True)),
    Mutant("draws-delivered-in-turn", "R8.16",
           "replacements dealt as each player discards, even when all declare first",
           reading=_set(draw_delivery="in-turn")),
    Mutant("one-bust-ends-every-session", "R8.23",
           "the session ends as soon as any player has no chips",
           reading=_set(session_ends="any-bust")),
    Mutant("cap-lifted-heads-up", "R11.1", "the cap is lifted for a round that begins heads-up",
           reading=_when("cap_heads_up", "never", "round-begins-heads-up")),
    # ----- big-bet and spread mutants (issue 12, chapter R14) -----
    Mutant("pot-limit-without-the-call", "R14.4",
           "the pot limit leaves out the player's own call", hand=_PotLimitWithoutTheCall),
    Mutant("least-raise-always-the-big-blind", "R14.3",
           "a raise may always add just the big blind", hand=_LeastRaiseAlwaysTheBigBlind),
    Mutant("half-bet-rule-in-big-bet", "R14.6",
           "an all-in of half a raise reopens a big-bet round", hand=_HalfBetRuleInBigBet),
    Mutant("short-all-in-reopens", "R14.6", "any all-in reopens a big-bet round",
           hand=_ShortAllInReopens),
    Mutant("least-raise-from-the-short-all-in", "R14.6",
           "a short all-in's extra chips become the least raise",
           hand=_LeastRaiseFromTheShortAllIn),
    Mutant("half-pot-rounded-the-other-way", "R14.7",
           "half an odd pot is rounded the other way", hand=_HalfPotRoundedTheOtherWay),
    Mutant("spread-raise-below-the-last", "R14.8",
           "a spread raise may add less than the last bet or raise",
           hand=_SpreadRaiseBelowTheLast),
    Mutant("spread-last-round-not-wider", "R14.8", "spread_last_max is ignored",
           hand=_SpreadLastRoundNotWider),
    Mutant("no-figure-is-the-most", "R14.10",
           "a bet or raise with no amount is the most of its range", hand=_NoFigureIsTheMost),
    Mutant("any-chip", "R14.9", "amounts off the chip unit are accepted", hand=_AnyChip),
    # ----- end of the big-bet and spread mutants -----
    # ----- hand-ranking mutants (issue 13, chapter R9) -----
    Mutant("badeucy-badugi-aces-low", "R9.3", "aces are low in the aces-high Badugi ranking",
           rankings=(ACES_LOW_IN_BADEUCY,)),
    Mutant("a-5-counts-straights", "R9.6", "straights count against an ace-to-five low",
           rankings=(A_5_WITH_STRAIGHTS,)),
    Mutant("2-7-ignores-flushes", "R9.5", "flushes do not count in deuce-to-seven",
           rankings=(LOW_2_7_WITHOUT_FLUSHES,)),
    Mutant("2-7-wheel-is-a-straight", "R9.5", "A-2-3-4-5 is a straight in deuce-to-seven",
           rankings=(LOW_2_7_WITH_WHEELS,)),
    Mutant("badugi-first-four-cards", "R9.2",
           "a five-card Badugi hand is valued from its first four cards only",
           rankings=FIRST_FOUR_CARDS),
    # ----- end of the hand-ranking mutants -----
    # ----- split-pot games (issue 13, R8.29, R8.30, chapters R21 and R22) -----
    Mutant("odd-chip-to-the-other-half", "R8.30",
           "the odd chip between the halves goes to the half the rule does not name",
           hand=_OddChipToTheOtherHalf),
    Mutant("side-pots-not-split", "R8.29",
           "only the main pot is halved; a side pot goes whole to the best Badugi",
           hand=_SidePotsNotSplit),
    Mutant("halves-over-everyone", "R8.29",
           "each half is won by the best hand of everyone still in, not of that pot's players",
           hand=_HalvesOverEveryone),
    Mutant("odd-chip-always-to-the-low", "R8.30",
           "BARGE's rule everywhere: the odd chip always goes to the low half",
           reading=_when("odd_chip_between_halves", "by-position", "low-half")),
    Mutant("badeucy-aces-low", "R21.3", "Badeucy's Badugi half read with aces low",
           reading=_when("ranking", "badugi-ace-high", "badugi")),
    Mutant("badeucy-low-read-as-a-5", "R21.4", "Badeucy's low half read as ace-to-five",
           reading=_when("split_ranking", "low-2-7", "low-a-5")),
    Mutant("badacy-low-read-as-2-7", "R22.4", "Badacy's low half read as deuce-to-seven",
           reading=_when("split_ranking", "low-a-5", "low-2-7")),
    Mutant("four-card-draws-in-five-card-games", "R21.2",
           "at most four cards may be replaced, even with five in the hand",
           reading=_when("max_discards", 5, 4)),
    # ----- end of the split-pot mutants -----
)  # fmt: skip

BY_NAME: dict[str, Mutant] = {m.name: m for m in CATALOGUE}


def _guarded(call: Callable[[], Outcome]) -> Outcome:
    """A mutant that breaks itself is an errored case, as it would be over the protocol."""
    try:
        return call()
    except RequestError:
        raise
    except Exception as error:
        raise ImplementationError(f"internal: {type(error).__name__}: {error}") from None


class MutantImplementation(EngineImplementation):
    """A mutant behind the runner's interface, in-process."""

    def __init__(self, mutant: Mutant) -> None:
        super().__init__()
        self.mutant = mutant
        self.name = f"mutant:{mutant.name}"

    def _state(self) -> dict[str, Any]:
        assert self.session is not None
        state = state_of(self.session, self.names)
        # A game valued by named rankings keeps the engine's values (see MutantHand.value).
        if "hands" in state and self.mutant.evaluator is not evaluate and "values_in" not in state:
            state["values"] = {
                name: self.evaluate(cards) for name, cards in state["hands"].items() if cards
            }
        return state

    def _new_session(self, *, first_dealer: int, stacks: list[int]) -> Session:
        return self.mutant.session(
            hand_class=self.mutant.hand,
            evaluator=self.mutant.evaluator,
            first_dealer=first_dealer,
            stacks=stacks,
            profile=self.mutant.reading(self.profile),
        )

    def deal(self, hand: dict[str, Any]) -> Outcome:
        return _guarded(lambda: super(MutantImplementation, self).deal(hand))

    def act(self, step: dict[str, Any]) -> Outcome:
        return _guarded(lambda: super(MutantImplementation, self).act(step))

    def _ranked(self, name: str) -> Ranking:
        swapped = {ranking.name: ranking for ranking in self.mutant.rankings}
        return swapped.get(name) or super()._ranked(name)

    def evaluate(self, cards: list[str], ranking: str | None = None) -> dict[str, Any]:
        if ranking is not None:
            return super().evaluate(cards, ranking)
        value = self.mutant.evaluator(cards_of(cards))
        return {"size": value.size, "ranks": [rank.label for rank in value.ranks]}

    def compare(self, hands: list[list[str]], ranking: str | None = None) -> list[int]:
        if ranking is not None:
            return super().compare(hands, ranking)
        values = [self.mutant.evaluator(cards_of(h)) for h in hands]
        top = max(v.strength for v in values)
        return [i for i, v in enumerate(values) if v.strength == top]


def main(argv: Sequence[str] | None = None) -> int:
    from badugi_spec.protocol.server import serve

    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] not in BY_NAME:
        print(f"usage: python -m badugi_spec.mutants.catalogue {{{','.join(BY_NAME)}}}",
              file=sys.stderr)  # fmt: skip
        return 2
    return serve(MutantImplementation(BY_NAME[args[0]]), version="mutant")


__all__ = ["BY_NAME", "CATALOGUE", "Mutant", "MutantImplementation"]

if __name__ == "__main__":
    sys.exit(main())
