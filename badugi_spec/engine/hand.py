"""One hand of heads-up fixed-limit triple-draw Badugi, as a state machine.

Every action is validated completely before anything changes, so an illegal action
(`IllegalAction`, with a stable code and rule ID) leaves the state exactly as it was.
Seats are numbered; seat lists keep the shape that a multi-way profile would need.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from badugi_spec.cards import Card
from badugi_spec.engine.actions import Action, Event, Kind, Legal
from badugi_spec.engine.codes import illegal
from badugi_spec.engine.deck import Deck
from badugi_spec.hands import HandValue, evaluate, winners
from badugi_spec.structure import HOUSE, Structure

SEATS = 2

# The kinds as plain names: reading an Enum member through its class costs about 45 ns in
# Python 3.11, and the betting code reads several on every action.
CHECK, BET, CALL, RAISE, FOLD, ALL_IN, DRAW = (
    Kind.CHECK,
    Kind.BET,
    Kind.CALL,
    Kind.RAISE,
    Kind.FOLD,
    Kind.ALL_IN,
    Kind.DRAW,
)

_FOLD: Final = Legal(FOLD)
_NAME_OF: Final = {kind: kind.value for kind in Kind}  # `.value` is a slow property


@functools.cache
def _draw_options(max_discards: int) -> tuple[Legal, ...]:
    return (Legal(DRAW, adds=max_discards),)


# Options repeat from hand to hand; sharing them saves building several per decision.
_option: Final = functools.lru_cache(maxsize=4096)(Legal)


# The rule each betting action carries out, for the event log (all-ins are refined below).
_RULE_OF_BET: Final = {
    CHECK: "R3.4",
    BET: "R3.2",
    CALL: "R3.5",
    RAISE: "R3.5",
    ALL_IN: "R5.6",
}


class Phase(NamedTuple):
    """`bet` rounds 1-4, `draw` 1-3, then `complete`. Made at every phase change, hence a
    NamedTuple rather than a frozen dataclass."""

    kind: str
    number: int = 0

    def __str__(self) -> str:
        return self.kind if self.kind == "complete" else f"{self.kind}-{self.number}"


_phase: Final = functools.cache(Phase)  # a handful of phases, shared by every hand


class Result(NamedTuple):
    """How a hand ended and who got what (one per hand, made on the hot path)."""

    ended_by: str
    """`fold` or `showdown`."""
    winners: tuple[int, ...]
    won: tuple[int, ...]
    """Chips each seat takes from the pot."""
    returned: tuple[int, ...]
    """Uncovered chips given back to the seat that put them in (R5.4, R5.5)."""
    shown: tuple[HandValue | None, ...]
    pot: int


class Hand:
    def __init__(
        self,
        *,
        deck: Sequence[Card],
        stacks: Sequence[int] | None = None,
        dealer: int = 0,
        structure: Structure = HOUSE,
    ) -> None:
        if not 0 <= dealer < SEATS:
            raise ValueError(f"dealer must be seat 0 or 1, not {dealer}")
        start = tuple(stacks) if stacks is not None else (structure.starting_stack,) * SEATS
        if len(start) != SEATS or not self._can_deal(start):
            raise ValueError(f"a hand needs {SEATS} players with chips, got stacks {start}")
        self.structure = structure
        self.dealer = dealer
        self.big_blind = 1 - dealer
        self.start_stacks = start
        self.deck = Deck(deck)
        self.deck.require(structure.hand_size * SEATS, "the deal")
        self.stacks = list(start)
        self.total = [0] * SEATS
        self.committed = [0] * SEATS
        self.folded = [False] * SEATS
        self.acted = [False] * SEATS
        self.holdings: list[list[Card]] = [[] for _ in range(SEATS)]
        self.burns: list[Card] = []
        self.discards: list[list[Card]] = [[] for _ in range(SEATS)]
        self._rows: list[tuple[Any, ...]] = []
        self.result: Result | None = None
        self.phase = _phase("bet", 1)
        self.raises = 0
        self.to_act: int | None = None
        self._legal: tuple[Legal, ...] | None = None
        self._draw_options = _draw_options(structure.max_discards)
        self._drawn_this_phase = 0
        self._blind_all_in = False
        self._post(self.dealer, structure.small_blind, "small blind", "R1.5")
        self._post(self.big_blind, structure.big_blind, "big blind", "R1.5")
        self._deal()
        # The big blind is the round's opening bet (R3.6) but not an action, so its
        # option stands (R3.7).
        self.raises = 1
        self._continue_betting(first=self.dealer)

    # ----- reading the state -------------------------------------------------------------

    @property
    def pot(self) -> int:
        """Every chip put in this hand, before any uncovered part is returned (R5.8)."""
        return sum(self.total)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def bet_size(self) -> int:
        return self.structure.bet_sizes[self.phase.number - 1]

    @property
    def events(self) -> list[Event]:
        """The hand's log so far, oldest first."""
        return [Event._make(row) for row in self._rows]

    def value(self, seat: int) -> HandValue:
        return evaluate(self.holdings[seat])

    def legal_actions(self) -> tuple[Legal, ...]:
        if self.to_act is None:
            return ()
        if self.phase.kind == "draw":
            return self._draw_options
        if self._legal is None:
            # Asked once per decision, then again by `apply`: keep it until the state moves.
            self._legal = tuple(self._betting_options(self.to_act).values())
        return self._legal

    def snapshot(self) -> dict[str, Any]:
        """A canonical, JSON-ready view: what the protocol sends and scenarios compare."""
        result = self.result
        return {
            "phase": str(self.phase),
            "to_act": self.to_act,
            "legal": [legal.describe() for legal in self.legal_actions()],
            "pot": self.pot,
            "stacks": list(self.stacks),
            "committed": list(self.committed),
            "hands": [[str(c) for c in cards] for cards in self.holdings],
            "burns": len(self.burns),
            "result": None
            if result is None
            else {
                "ended_by": result.ended_by,
                "winners": list(result.winners),
                "won": list(result.won),
                "returned": list(result.returned),
                "shown": [None if v is None else str(v) for v in result.shown],
            },
        }

    # ----- acting ------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply one action, or raise IllegalAction and change nothing."""
        if self.result is not None:
            raise illegal("hand-over", "the hand is over; no more actions")
        drawing = action.kind is DRAW  # every other kind is a betting action
        if drawing and self.phase.kind != "draw":
            raise illegal("not-draw-round", f"{self.phase} is a betting round, not a draw")
        if not drawing and self.phase.kind != "bet":
            raise illegal("not-betting-round", f"{self.phase} is a draw, not a betting round")
        if action.seat != self.to_act:
            who = "the big blind" if self.to_act == self.big_blind else "the dealer"
            raise illegal("out-of-turn", f"it is {who}'s turn (seat {self.to_act})")
        if drawing:
            self._draw(action.seat, action.discards)
        else:
            self._bet(action)
        self._legal = None

    # ----- betting -----------------------------------------------------------------------

    def _opponent_all_in(self, seat: int) -> bool:
        # A plain loop: this runs several times per action, and a generator costs more.
        for other in range(SEATS):
            if other != seat and self.stacks[other] == 0 and not self.folded[other]:
                return True
        return False

    def _betting_options(self, seat: int) -> dict[Kind, Legal]:
        committed = self.committed[seat]
        to_call = max(self.committed) - committed
        stack = self.stacks[seat]
        options: dict[Kind, Legal] = {}
        if to_call == 0:
            options[CHECK] = _option(CHECK, 0, committed)
        else:
            options[FOLD] = _FOLD
            adds = min(to_call, stack)
            options[CALL] = _option(CALL, adds, committed + adds, adds == stack)
        all_in = options.get(CALL) if stack <= to_call else None
        if stack > to_call and self.raises < self.structure.cap and not self._opponent_all_in(seat):
            kind = BET if self.raises == 0 else RAISE
            adds = min(to_call + self.bet_size, stack)
            options[kind] = raise_or_bet = _option(kind, adds, committed + adds, adds == stack)
            if raise_or_bet.all_in:
                all_in = raise_or_bet
        if all_in is not None:
            options[ALL_IN] = _option(ALL_IN, all_in.adds, all_in.to, True)
        return options

    def _refuse(self, seat: int, kind: Kind) -> None:
        """Raise the specific error for a betting action that is not among the options."""
        to_call = max(self.committed) - self.committed[seat]
        stack = self.stacks[seat]
        if kind is CHECK:
            raise illegal("check-facing-bet", f"there are {to_call} to call: call, raise or fold")
        if kind is FOLD:
            raise illegal("fold-when-free", "nothing to call: check or bet instead of folding")
        if kind is CALL:
            raise illegal("nothing-to-call", "there is no bet to call: check or bet")
        if kind is ALL_IN:
            most = max((o.adds for o in self._betting_options(seat).values()), default=0)
            raise illegal(
                "all-in-too-large",
                f"a stack of {stack} is more than the {most} this fixed-limit spot allows",
            )
        if kind is BET and self.raises > 0:
            raise illegal("bet-facing-bet", "there is already a bet this round: raise instead")
        if kind is RAISE and self.raises == 0:
            raise illegal("raise-without-bet", "there is no bet to raise: bet instead")
        if self._opponent_all_in(seat):
            raise illegal("opponent-all-in", "the opponent is all-in: no more betting")
        if self.raises >= self.structure.cap:
            raise illegal(
                "raise-cap", f"the round is capped at one bet and {self.structure.cap - 1} raises"
            )
        # The only way left to miss the option: the stack does not even cover the call.
        raise illegal(
            "short-stack",
            f"a stack of {stack} cannot raise over a call of {to_call}: call all-in or fold",
        )

    def _bet(self, action: Action) -> None:
        seat = action.seat
        for option in self._legal or self.legal_actions():  # usually already asked for
            if option.kind is action.kind:
                break
        else:
            self._refuse(seat, action.kind)
            raise AssertionError("unreachable")  # pragma: no cover
        if action.kind is ALL_IN and action.amount is not None and action.amount < option.adds:
            raise illegal(
                "not-all-in",
                f"all-in means the whole stack of {option.adds}, not {action.amount}",
            )
        if action.amount is not None:
            expected = option.to if action.kind in (BET, RAISE) else option.adds
            if action.amount != expected:
                what = (
                    f"{action.kind.value} to" if action.kind in (BET, RAISE) else action.kind.value
                )
                raise illegal("wrong-amount", f"{what} {expected} here, not {action.amount}")
        if option.kind is FOLD:
            self.folded[seat] = True
            self._log("fold", seat, "R3.10")
            self._settle_fold()
            return
        level = max(self.committed)
        self.stacks[seat] -= option.adds
        self.committed[seat] += option.adds
        self.total[seat] += option.adds
        if self.committed[seat] > level:
            self.raises += 1
            self.acted = [False] * SEATS
        self.acted[seat] = True
        rule = _RULE_OF_BET[option.kind]
        if option.all_in:
            over = self.committed[seat] - level
            if over < 0:
                rule = "R5.4"  # a short call: the uncovered part goes back at the end
            elif 0 < over < self.bet_size:
                rule = "R5.6"  # more than a call, less than a full bet or raise
            elif option.kind is ALL_IN:
                rule = "R3.5" if over == 0 or self.raises > 1 else "R3.2"
        self._log(
            _NAME_OF[option.kind],
            seat,
            rule,
            amount=option.adds,
            note="all-in" if option.all_in else "",
        )
        self._continue_betting(first=1 - seat)

    def _needs_action(self, seat: int, level: int) -> bool:
        """Whether `seat` must still act in this round, `level` being the bet to match."""
        if self.folded[seat] or self.stacks[seat] == 0:
            return False
        if self.committed[seat] < level:
            return True
        return not self.acted[seat] and not self._opponent_all_in(seat)

    def _continue_betting(self, *, first: int) -> None:
        level = max(self.committed)
        for seat in (first, 1 - first):
            if self._needs_action(seat, level):
                self.to_act = seat
                return
        self._end_betting_round()

    def _end_betting_round(self) -> None:
        if self.phase.number == self.structure.betting_rounds:
            self._showdown()
        else:
            self._start_draw(self.phase.number)

    def _betting_is_over(self) -> bool:
        """After an all-in nobody bets again; the draws are still played (R5.7)."""
        return 0 in self.stacks

    def _start_betting(self, number: int) -> None:
        self.phase = _phase("bet", number)
        self.committed = [0] * SEATS
        self.acted = [False] * SEATS
        self.raises = 0
        if self._betting_is_over():
            self._log("no-betting", None, "R5.7", note="a player is all-in")
            self._end_betting_round()
            return
        self._continue_betting(first=self.big_blind)

    # ----- drawing -----------------------------------------------------------------------

    def _start_draw(self, number: int) -> None:
        self.phase = _phase("draw", number)
        self._drawn_this_phase = 0
        self.to_act = self._first_drawer()

    # Hooks: one decision of the rules each, so a variant (or a mutant) overrides only that.

    def _can_deal(self, stacks: Sequence[int]) -> bool:
        """Every player has chips to post a blind with (R6.4)."""
        return min(stacks) > 0

    def _first_drawer(self) -> int:
        """The big blind draws first (R4.3)."""
        return self.big_blind

    def _burn_count(self, discards: Sequence[Card]) -> int:
        """Cards burned before `discards` are replaced: before the first player's draw (R4.4)."""
        return self.structure.burns_per_draw if self._drawn_this_phase == 0 else 0

    def _draw(self, seat: int, discards: Sequence[Card]) -> None:
        held = self.holdings[seat]
        if len(discards) > self.structure.max_discards:
            raise illegal(
                "too-many-discards",
                f"{len(discards)} cards discarded; at most {self.structure.max_discards}",
            )
        # Card indexes, not Card objects: sets and membership of ints stay in C.
        thrown = {card.index for card in discards}
        if len(thrown) != len(discards):
            dup = next(c for c in discards if discards.count(c) > 1)
            raise illegal("discard-repeated", f"{dup.pretty()} is discarded twice")
        held_indexes = {card.index for card in held}
        for card in discards:
            if card.index not in held_indexes:
                raise illegal("discard-not-held", f"{card.pretty()} is not in that player's hand")
        burn = self._burn_count(discards)
        if self.deck.remaining < burn + len(discards):  # the message only when it fails
            self.deck.require(burn + len(discards), f"draw {self.phase.number}")
        if burn:
            self.burns.extend(self.deck.take(burn))
            self._log("burn", None, "R4.4", cards=tuple(self.burns[-burn:]))
        received = self.deck.take(len(discards))
        self.holdings[seat] = [c for c in held if c.index not in thrown] + list(received)
        self.discards[seat].extend(discards)
        self._drawn_this_phase += 1
        self._log(
            "draw",
            seat,
            "R4.2",
            cards=tuple(discards),
            received=received,
            amount=len(discards),
            note="stands pat" if not discards else "",
        )
        if self._drawn_this_phase == SEATS:
            self.to_act = None
            self._start_betting(self.phase.number + 1)
        else:
            self.to_act = 1 - seat

    # ----- dealing and settling ----------------------------------------------------------

    def _post(self, seat: int, blind: int, name: str, rule: str) -> None:
        posted = min(blind, self.stacks[seat])
        self.stacks[seat] -= posted
        self.committed[seat] = self.total[seat] = posted
        # A blind that takes the whole stack, short or exact, is the all-in of R5.5.
        all_in = self.stacks[seat] == 0
        if all_in:
            self._blind_all_in = True
        self._log(
            "post",
            seat,
            "R5.5" if all_in else rule,
            amount=posted,
            note=name + " all-in" if all_in else name,
        )

    def _deal(self) -> None:
        # One at a time, big blind first (R1.7): from the top, the big blind gets 1, 3, 5, 7.
        order = (self.big_blind, self.dealer)
        dealt = self.deck.take(self.structure.hand_size * SEATS)
        for position, seat in enumerate(order):
            cards = dealt[position::SEATS]
            self.holdings[seat].extend(cards)
            self._log("deal", seat, "R1.7", cards=cards)

    def _settle_fold(self) -> None:
        winner = self.folded.index(False)
        won = [0] * SEATS
        won[winner] = self.pot
        self._finish("fold", (winner,), tuple(won), (0,) * SEATS, (None,) * SEATS)

    def _showdown(self) -> None:
        values = [self.value(s) for s in range(SEATS)]
        best = winners(values)
        # Chips a player put in beyond what the other could match go back (R5.4, R5.5).
        matched = min(self.total)
        returned = tuple(t - matched for t in self.total)
        contested = self.pot - sum(returned)
        share, odd = divmod(contested, len(best))
        won = [share if s in best else 0 for s in range(SEATS)]
        if odd:
            # Never reached heads-up (R5.3): both put in `matched`, so `contested` is even.
            won[self.big_blind if self.big_blind in best else best[0]] += odd
        self._finish("showdown", best, tuple(won), returned, tuple(values))

    def _finish(
        self,
        ended_by: str,
        best: tuple[int, ...],
        won: tuple[int, ...],
        returned: tuple[int, ...],
        shown: tuple[HandValue | None, ...],
    ) -> None:
        pot = self.pot
        for seat in range(SEATS):
            if returned[seat]:
                # Uncovered chips go back: a blind that was not covered (R5.5) or a bet (R5.4).
                rule = "R5.5" if self._blind_all_in else "R5.4"
                self._log("return", seat, rule, amount=returned[seat])
        if ended_by == "showdown":
            for seat in range(SEATS):
                self._log(
                    "show", seat, "R5.1", cards=tuple(self.holdings[seat]), note=str(shown[seat])
                )
        for seat in range(SEATS):
            self.stacks[seat] += won[seat] + returned[seat]
            if won[seat]:
                rule = "R3.10" if ended_by == "fold" else ("R5.2" if len(best) > 1 else "R5.1")
                self._log("win", seat, rule, amount=won[seat])
        self.phase = _phase("complete", 0)
        self.to_act = None
        self.result = Result(ended_by, best, won, returned, shown, pot)

    def _log(
        self,
        kind: str,
        seat: int | None,
        rule: str,
        *,
        amount: int = 0,
        cards: tuple[Card, ...] = (),
        received: tuple[Card, ...] = (),
        note: str = "",
    ) -> None:
        # A plain tuple: several events per action, and `events` types them when read.
        row = (kind, seat, rule, amount, cards, received, note, sum(self.total), tuple(self.stacks))
        self._rows.append(row)
