"""Replay a simulated hand through PokerKit's `FixedLimitBadugi` and report the first difference.

PokerKit (PyPI `pokerkit`, an optional extra) is an independent implementation of the game.
It is set up as the house game:

- Blinds `(small, big)`. Heads-up PokerKit reverses the blinds, so its player 0 posts the big
  blind and player 1, the button, the small blind. Our big blind seat is PokerKit's player 0
  and our dealer is its player 1, whichever seat numbers they have in the hand.
- The cap. PokerKit's limit games allow `max_completion_betting_or_raising_count` = 4 bets
  or raises per street on top of the blinds, which before the draw is the big blind plus
  four raises (up to 10 chips). The house counts the big blind as the round's bet (R3.6),
  so the first street here allows `cap - 1` = 3 and the later streets `cap` = 4.
- Every card comes from the house deck order: PokerKit is told which card to deal, burn
  and deal again, so both see the same cards (R1.6, R1.7, R4.3, R4.4).

At every decision both must agree on whose turn it is and on the options (fold or not, the
amount to check or call, the one raise size or none), PokerKit must accept the action, and
it must put in the same chips. After every deal and draw the hands must be the same; at the
end the winners, the hand values, how the hand ended and the final stacks.

Known difference, allowed for and counted: chips that the other player cannot cover
(R5.4, R5.5). PokerKit hands them back when it collects the bets at the end of the betting
round; the house gives them back when the hand is settled. Stacks during the hand are
compared after adding back what the house still owes; final stacks must agree exactly.
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

import pokerkit

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.actions import Action, Kind
from badugi_spec.engine.hand import SEATS, Hand
from badugi_spec.errors import IllegalAction
from badugi_spec.simulate import PlayedHand
from badugi_spec.structure import HOUSE, Structure

_T = TypeVar("_T")

AUTOMATIONS: tuple[pokerkit.Automation, ...] = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)
"""Bookkeeping only. Dealing, burning, drawing and showing are done by hand, card by card."""

_TO_PK: dict[Card, pokerkit.Card] = {card: next(pokerkit.Card.parse(str(card))) for card in DECK}
_FROM_PK: dict[pokerkit.Card, Card] = {pk: card for card, pk in _TO_PK.items()}

KNOWN_DIFFERENCE = (
    "PokerKit gives uncovered chips back when the betting round ends,"
    " the house when the hand is settled (R5.4, R5.5); final stacks agree"
)


def house_game(structure: Structure = HOUSE) -> pokerkit.FixedLimitBadugi:
    """PokerKit's FixedLimitBadugi with the house blinds, bet sizes and cap."""
    small, big = structure.bet_sizes[0], structure.bet_sizes[-1]
    if (
        structure.bet_sizes != (small, small, big, big)
        or structure.hand_size != 4
        or structure.max_discards != 4
        or structure.burns_per_draw != 1
    ):
        raise ValueError(f"PokerKit's FixedLimitBadugi cannot play {structure}")
    game = pokerkit.FixedLimitBadugi(
        AUTOMATIONS,
        True,
        0,
        (structure.small_blind, structure.big_blind),
        small,
        big,
        mode=pokerkit.Mode.TOURNAMENT,
    )
    # PokerKit's count excludes the blinds; the house counts the big blind as the first bet.
    first, *later = game.streets
    game.streets = (
        dataclasses.replace(first, max_completion_betting_or_raising_count=structure.cap - 1),
        *(
            dataclasses.replace(street, max_completion_betting_or_raising_count=structure.cap)
            for street in later
        ),
    )
    return game


@dataclass(frozen=True, slots=True)
class Difference:
    where: str
    what: str
    house: str
    pokerkit: str

    def describe(self) -> str:
        return f"{self.where}: {self.what}: house {self.house}; pokerkit {self.pokerkit}"


@dataclass(frozen=True, slots=True)
class Comparison:
    played: PlayedHand
    difference: Difference | None
    returned_uncovered: bool
    """PokerKit gave uncovered chips back before the settlement (the known difference)."""

    @property
    def agrees(self) -> bool:
        return self.difference is None


def compare(
    played: PlayedHand,
    *,
    game: pokerkit.FixedLimitBadugi | None = None,
    structure: Structure = HOUSE,
) -> Comparison:
    """Replay `played` through the engine and PokerKit side by side; stop at the first difference.

    `game` defaults to `house_game(structure)`; a test may pass PokerKit's defaults to show
    that the comparison notices the difference in the cap.
    """
    replay = _Replay(played, game if game is not None else house_game(structure), structure)
    with warnings.catch_warnings():
        # PokerKit warns (rather than refuses) about some doubtful operations, such as dealing
        # a card it does not think is in the deck: here that is a difference too.
        warnings.simplefilter("error")
        try:
            replay.run()
        except _Diverged as diverged:
            return Comparison(played, diverged.difference, replay.returned_uncovered)
    return Comparison(played, None, replay.returned_uncovered)


class _Diverged(Exception):
    def __init__(self, difference: Difference) -> None:
        super().__init__(difference.describe())
        self.difference = difference


def _options(fold: bool, call: int | None, raise_to: int | None) -> str:
    parts = ["fold"] if fold else []
    if call is not None:
        parts.append("check" if call == 0 else f"call {call}")
    if raise_to is not None:
        parts.append(f"bet/raise to {raise_to}")
    return "[" + ", ".join(parts) + "]"


def _show(cards: list[Card]) -> str:
    return " ".join(sorted(str(card) for card in cards)) or "nothing"


class _Replay:
    def __init__(
        self, played: PlayedHand, game: pokerkit.FixedLimitBadugi, structure: Structure
    ) -> None:
        setup = played.setup
        self.played = played
        self.deck = setup.deck
        self.structure = structure
        self.where = "at the set-up"
        self.returned_uncovered = False
        self.hand = Hand(
            deck=setup.deck, stacks=setup.stacks, dealer=setup.dealer, structure=structure
        )
        # PokerKit's player index -> our seat: 0 is the big blind, 1 the button (see above).
        self.seats = (self.hand.big_blind, self.hand.dealer)
        self.index = {seat: i for i, seat in enumerate(self.seats)}
        starting = tuple(setup.stacks[seat] for seat in self.seats)
        self.state: pokerkit.State = self._pk("start the hand", lambda: game(starting, SEATS))
        self.position = 0
        self.declared = [0] * SEATS

    # ----- helpers ------------------------------------------------------------------------

    def _diverge(self, what: str, house: str, theirs: str) -> _Diverged:
        return _Diverged(Difference(self.where, what, house, theirs))

    def _pk(self, what: str, call: Callable[[], _T]) -> _T:
        try:
            return call()
        except (ValueError, UserWarning) as error:
            raise self._diverge(
                "PokerKit refused", what, f"{type(error).__name__}: {error}"
            ) from None

    def _pk_cards(self, index: int) -> list[Card]:
        return [_FROM_PK[card] for card in self.state.hole_cards[index]]

    # ----- the replay ---------------------------------------------------------------------

    def run(self) -> None:
        self._deal()
        self._compare_chips()
        for number, action in enumerate(self.played.actions, start=1):
            self.where = f"action {number} ({self.hand.phase}, seat {action.seat})"
            self._compare_turn()
            if action.kind is Kind.DRAW:
                self._draw(action)
            else:
                self._bet(action)
            self._compare_chips()
        self.where = "at the end"
        self._finish()

    def _deal(self) -> None:
        self.where = "at the deal"
        dealt = self.structure.hand_size * SEATS
        for position in range(dealt):
            # One card at a time, big blind first (R1.7): PokerKit's player 0 first.
            expected = position % SEATS
            if self.state.hole_dealee_index != expected:
                raise self._diverge(
                    f"who gets card {position + 1}",
                    f"seat {self.seats[expected]}",
                    f"player {self.state.hole_dealee_index}",
                )
            card = _TO_PK[self.deck[position]]
            self._pk(f"deal {card!r}", partial(self.state.deal_hole, (card,)))
        self.position = dealt
        self._compare_holdings()

    def _compare_holdings(self) -> None:
        for index, seat in enumerate(self.seats):
            ours, theirs = self.hand.holdings[seat], self._pk_cards(index)
            if set(ours) != set(theirs):
                raise self._diverge(f"seat {seat}'s cards", _show(ours), _show(theirs))

    def _compare_turn(self) -> None:
        hand, state = self.hand, self.state
        betting = hand.phase.kind == "bet"
        theirs = state.actor_index if betting else state.stand_patter_or_discarder_index
        other = state.stand_patter_or_discarder_index if betting else state.actor_index
        if theirs is None or other is not None or self.seats[theirs] != hand.to_act:
            raise self._diverge(
                "whose turn",
                f"seat {hand.to_act} to {'bet' if betting else 'draw'}",
                f"actor {state.actor_index}, drawer {state.stand_patter_or_discarder_index}"
                f" (player 0 is seat {self.seats[0]})",
            )
        if betting:
            ours_options, theirs_options = self._house_options(), self._pk_options()
            if ours_options != theirs_options:
                raise self._diverge(
                    "legal options", _options(*ours_options), _options(*theirs_options)
                )

    def _house_options(self) -> tuple[bool, int | None, int | None]:
        options = {o.kind: o for o in self.hand.legal_actions()}
        call: int | None = None
        if Kind.CHECK in options:
            call = 0
        elif Kind.CALL in options:
            call = options[Kind.CALL].adds
        raise_to = next((options[k].to for k in (Kind.BET, Kind.RAISE) if k in options), None)
        return Kind.FOLD in options, call, raise_to

    def _pk_options(self) -> tuple[bool, int | None, int | None]:
        state = self.state
        raise_to: int | None = None
        if state.can_complete_bet_or_raise_to():
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            if low != high:
                raise self._diverge("raise sizes", "one fixed size", f"{low} to {high}")
            raise_to = low
        return state.can_fold(), state.checking_or_calling_amount, raise_to

    def _bet(self, action: Action) -> None:
        hand, state = self.hand, self.state
        option = next((o for o in hand.legal_actions() if o.kind is action.kind), None)
        if option is None:
            raise self._diverge("the recorded action", "not offered on replay", "-")
        level = max(hand.committed)
        self._apply(action)
        if option.kind is Kind.FOLD:
            self._pk("fold", state.fold)
        elif option.to > level:
            done = self._pk(
                f"raise to {option.to}", lambda: state.complete_bet_or_raise_to(option.to)
            )
            if done.amount != option.to:
                raise self._diverge("raised to", str(option.to), str(done.amount))
        else:
            called = self._pk("check or call", state.check_or_call)
            if called.amount != option.adds:
                raise self._diverge("chips put in", str(option.adds), str(called.amount))

    def _apply(self, action: Action) -> None:
        try:
            self.hand.apply(action)
        except IllegalAction as error:
            raise self._diverge("the recorded action", f"refused on replay: {error}", "-") from None

    def _draw(self, action: Action) -> None:
        state = self.state
        self._apply(action)
        discards = tuple(_TO_PK[card] for card in action.discards)
        self._pk(f"discard {len(discards)}", lambda: state.stand_pat_or_discard(discards))
        self.declared[self.index[action.seat]] = len(discards)
        if state.stand_patter_or_discarder_index is not None:
            return
        # PokerKit burns and deals once both have declared; the house serves the big blind
        # before the dealer declares. Either way the cards come off the deck in the same order:
        # the burn, the big blind's replacements, the dealer's (R4.3, R4.4).
        burn = self.deck[self.position]
        self._pk("burn", lambda: state.burn_card((_TO_PK[burn],)))
        if self.hand.burns[-1] != burn or state.burn_cards[-1] != _TO_PK[burn]:
            raise self._diverge("burned card", str(self.hand.burns[-1]), repr(state.burn_cards[-1]))
        self.position += 1
        for index, count in enumerate(self.declared):
            if not count:
                continue
            if state.hole_dealee_index != index:
                raise self._diverge(
                    "who gets replacements first",
                    f"seat {self.seats[index]}",
                    f"player {state.hole_dealee_index}",
                )
            cards = tuple(_TO_PK[c] for c in self.deck[self.position : self.position + count])
            self._pk(f"deal {count}", partial(state.deal_hole, cards))
            self.position += count
        self.declared = [0] * SEATS
        if self.hand.deck.position != self.position:
            raise self._diverge(
                "cards used", str(self.hand.deck.position), f"{self.position} (burn and deals)"
            )
        self._compare_holdings()

    def _compare_chips(self) -> None:
        hand, state = self.hand, self.state
        if hand.is_over:
            return
        betting = hand.phase.kind == "bet"
        bets = [hand.committed[s] if betting else 0 for s in self.seats]
        theirs_bets = list(state.bets)
        # Chips already in from closed rounds; the house still owes back what is uncovered.
        earlier = [hand.total[s] - (hand.committed[s] if betting else 0) for s in range(SEATS)]
        owed = [earlier[s] - min(earlier) for s in self.seats]
        self.returned_uncovered |= any(owed)
        ours = [hand.stacks[s] + owed[i] for i, s in enumerate(self.seats)]
        if ours != list(state.stacks) or bets != theirs_bets:
            raise self._diverge(
                "stacks and bets (big blind first)",
                f"stacks {ours} (incl. {owed} owed back), bets {bets}",
                f"stacks {list(state.stacks)}, bets {theirs_bets}",
            )

    def _finish(self) -> None:
        hand, state = self.hand, self.state
        result = hand.result
        if result is None:
            raise self._diverge("hand over", "not over", "-")
        if result.ended_by == "showdown":
            self._showdown()
        if state.status:
            raise self._diverge("hand over", f"{result.ended_by}", "still waiting for an operation")
        folded = any(isinstance(op, pokerkit.Folding) for op in state.operations)
        if folded != (result.ended_by == "fold"):
            raise self._diverge(
                "how the hand ended", result.ended_by, "fold" if folded else "showdown"
            )
        paid = {
            self.seats[i]
            for op in state.operations
            if isinstance(op, pokerkit.ChipsPushing)
            for i, amount in enumerate(op.amounts)
            if amount > 0
        }
        if paid != set(result.winners):
            raise self._diverge("winners", str(sorted(result.winners)), str(sorted(paid)))
        ours = [hand.stacks[s] for s in self.seats]
        if ours != list(state.stacks):
            raise self._diverge(
                "final stacks (big blind first)", str(ours), str(list(state.stacks))
            )

    def _showdown(self) -> None:
        hand, state = self.hand, self.state
        ours = [hand.value(seat) for seat in self.seats]
        theirs: list[pokerkit.Hand] = []
        for index, seat in enumerate(self.seats):
            value = state.get_hand(index, 0, 0)
            if value is None:
                raise self._diverge(f"seat {seat}'s hand at showdown", str(ours[index]), "none")
            playing = sorted((_FROM_PK[c].rank.order for c in value.cards), reverse=True)
            if playing != [rank.order for rank in ours[index].ranks]:
                raise self._diverge(f"seat {seat}'s hand value", str(ours[index]), str(value))
            theirs.append(value)
        ours_order = (ours[0] > ours[1]) - (ours[0] < ours[1])
        theirs_order = (theirs[0] > theirs[1]) - (theirs[0] < theirs[1])
        if ours_order != theirs_order:
            raise self._diverge(
                "which hand is better (big blind vs dealer)", str(ours_order), str(theirs_order)
            )
        while state.showdown_index is not None:
            self._pk("show", lambda: state.show_or_muck_hole_cards(True))


__all__ = ["KNOWN_DIFFERENCE", "Comparison", "Difference", "compare", "house_game"]
