"""Replay a simulated hand through PokerKit and report the first difference (`compare`).

PokerKit is set up from the hand's profile (`game.game_maker`, with only the settings
PokerKit itself offers), and both engines are replayed side by side (`lockstep`), action
by action. Every card comes from our engine: PokerKit's deck is set to the hand's deck
order and each burn and replacement our engine deals is dealt to PokerKit by name. When
our engine rebuilds the stub (R8.18), PokerKit must be refilling its own at that very card,
from the same cards: its burns, folded hands and discards (R13.4). A card PokerKit does
not think it can deal, or a rebuilt stub of other cards, is a difference.

At every decision both must agree on whose turn it is and on the options (fold or not, the
amount to check or call, the one raise size or none), PokerKit must accept the action, and
it must put in the same chips. After every deal and draw the hands must be the same. The
end of the hand (the showdown, the pots, the winners and the final stacks) is compared by
`showdown`.

Known difference under the house profile, allowed for and counted: chips that no one else
can cover (R5.4, R5.5). PokerKit hands them back when it collects the bets at the end of
the betting round; the house gives them back when the hand is settled. Stacks during the
hand are compared after adding back what the house still owes; final stacks must agree.

`simulate --against pokerkit` loads this module alone, so that a missing extra is one
error: the set-up names it reads (`pokerkit_readings`, `reading_rules`, `unplayable`) and
the others of this module's public surface are re-exported from `game`, their home. A
test that patches one patches it there.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.actions import Action, Kind
from badugi_spec.errors import IllegalAction
from badugi_spec.interop.pokerkit.game import (
    FROM_PK,
    TO_PK,
    Game,
    game_for,
    game_maker,
    house_game,
    pokerkit_readings,
    reading_rules,
    unplayable,
)
from badugi_spec.interop.pokerkit.lockstep import Difference, Diverged, Lockstep, show
from badugi_spec.interop.pokerkit.showdown import compare_end
from badugi_spec.profiles.model import Profile
from badugi_spec.simulation.simulate import PlayedHand

KNOWN_DIFFERENCE = (
    "PokerKit gives uncovered chips back when the betting round ends,"
    " the house when the hand is settled (R5.4, R5.5); final stacks agree"
)

# PokerKit's warnings that are its way of doing what the profile says, not a difference.
FREE_FOLD_WARNING = "There is no reason for this player to fold."
REFILL_WARNING = "Returning reserved (mucked, etc.) cards as dealable."


@dataclass(frozen=True, slots=True)
class Comparison:
    played: PlayedHand
    difference: Difference | None
    returned_uncovered: bool
    """PokerKit gave uncovered chips back before the settlement (the house's known difference)."""
    refills: int = 0
    """Times both engines rebuilt the stub in this hand."""

    @property
    def agrees(self) -> bool:
        return self.difference is None


def compare(
    played: PlayedHand,
    *,
    game: Game | None = None,
    structure: Profile | None = None,
) -> Comparison:
    """Replay `played` through the engine and PokerKit side by side; stop at the first difference.

    `structure` defaults to the profile the hand was played under, `game` to
    `game_maker(structure)`; a test may pass PokerKit's defaults to show that the comparison
    notices the difference in the cap.
    """
    profile = played.setup.profile if structure is None else structure
    if game is None:
        game = game_maker(profile, seats=played.setup.seats)
    replay = _Replay(played, game, profile)
    with warnings.catch_warnings(record=True) as caught:
        # PokerKit warns (rather than refuses) about some doubtful operations, such as dealing
        # a card it does not think it can deal: each one is judged after each call.
        warnings.simplefilter("always")
        replay.caught = caught
        try:
            replay.run()
        except Diverged as diverged:
            return Comparison(
                played, diverged.difference, replay.returned_uncovered, replay.refills
            )
    return Comparison(played, None, replay.returned_uncovered, replay.refills)


Options = tuple[bool, int | None, tuple[int, int] | None]
"""Fold or not, the amount to check (0) or call (None: neither), the least and greatest
round total of a bet or raise (None: none)."""


def _options(fold: bool, call: int | None, raise_to: tuple[int, int] | None) -> str:
    parts = ["fold"] if fold else []
    if call is not None:
        parts.append("check" if call == 0 else f"call {call}")
    if raise_to is not None:
        low, high = raise_to
        parts.append(f"bet/raise to {low}" + (f"-{high}" if high != low else ""))
    return "[" + ", ".join(parts) + "]"


class _Replay(Lockstep):
    def __init__(self, played: PlayedHand, game: Game, profile: Profile) -> None:
        super().__init__(played, game, profile)
        self.returned_uncovered = False
        self.refills = 0
        self.events_seen = 0
        self.pending: list[Any] = []
        """Our engine's burns, reshuffles and deliveries not yet dealt to PokerKit."""
        self.rebuilt: list[tuple[Card, ...]] = []

    def _pk_cards(self, index: int) -> list[Card]:
        return [FROM_PK[card] for card in self.state.hole_cards[index]]

    def _new_events(self) -> list[Any]:
        rows = self.hand._rows
        new = rows[self.events_seen :]
        self.events_seen = len(rows)
        return new

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
        compare_end(self)

    def _deal(self) -> None:
        self.where = "at the deal"
        count = len(self.seats)
        deck = self.played.setup.deck
        for position in range(self.profile.hand_size * count):
            # One card at a time, clockwise from the first seat left of the button (R8.4).
            expected = position % count
            if self.state.hole_dealee_index != expected:
                raise self.diverge(
                    f"who gets card {position + 1}",
                    f"seat {self.seats[expected]}",
                    f"player {self.state.hole_dealee_index}",
                )
            card = TO_PK[deck[position]]
            self.pk(f"deal {card!r}", partial(self.state.deal_hole, (card,)))
        self._new_events()
        self._compare_holdings()

    def _compare_holdings(self) -> None:
        for index, seat in enumerate(self.seats):
            if self.hand.folded[seat]:
                continue
            ours, theirs = self.hand.holdings[seat], self._pk_cards(index)
            if set(ours) != set(theirs):
                raise self.diverge(f"seat {seat}'s cards", show(ours), show(theirs))

    def _compare_turn(self) -> None:
        hand, state = self.hand, self.state
        betting = hand.phase.kind == "bet"
        theirs = state.actor_index if betting else state.stand_patter_or_discarder_index
        other = state.stand_patter_or_discarder_index if betting else state.actor_index
        if theirs is None or other is not None or self.seats[theirs] != hand.to_act:
            raise self.diverge(
                "whose turn",
                f"seat {hand.to_act} to {'bet' if betting else 'draw'}",
                f"actor {state.actor_index}, drawer {state.stand_patter_or_discarder_index}"
                f" (players in order: seats {list(self.seats)})",
            )
        if betting:
            ours_options = self._our_options()
            theirs_options = self._pk_options()
            if ours_options != theirs_options:
                raise self.diverge(
                    "legal options", _options(*ours_options), _options(*theirs_options)
                )

    def _our_options(self) -> Options:
        options = {o.kind: o for o in self.hand.legal_actions()}
        call: int | None = None
        if Kind.CHECK in options:
            call = 0
        elif Kind.CALL in options:
            call = options[Kind.CALL].adds
        raise_to: tuple[int, int] | None = None
        sized = next((options[k] for k in (Kind.BET, Kind.RAISE) if k in options), None)
        if sized is not None:
            raise_to = sized.to, max(sized.to, sized.most)
        elif Kind.ALL_IN in options and options[Kind.ALL_IN].to > max(self.hand.committed):
            # All-in short of the least big-bet raise (R14.6): PokerKit's range is that one
            # amount.
            raise_to = options[Kind.ALL_IN].to, options[Kind.ALL_IN].to
        return Kind.FOLD in options, call, raise_to

    def _pk_options(self) -> Options:
        state = self.state
        raise_to: tuple[int, int] | None = None
        fold = state.can_fold()
        if state.can_complete_bet_or_raise_to():
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            assert low is not None and high is not None
            raise_to = low, high
        self.judge_warnings("the options", (FREE_FOLD_WARNING,))
        return fold, state.checking_or_calling_amount, raise_to

    def _bet(self, action: Action) -> None:
        hand, state = self.hand, self.state
        option = next((o for o in hand.legal_actions() if o.kind is action.kind), None)
        if option is None:
            raise self.diverge("the recorded action", "not offered on replay", "-")
        level = max(hand.committed)
        free = level == hand.committed[action.seat]
        before = hand.committed[action.seat]
        returned = hand.returned[action.seat]
        self._apply(action)
        # A big-bet amount is the action's own, within the option's range (R14.10). An
        # action that ends the round may bring its own seat's uncalled chips back (R8.12);
        # PokerKit gives them back as it collects the bets, so they are not part of it.
        to = hand.committed[action.seat] + hand.returned[action.seat] - returned
        if option.kind is Kind.FOLD:
            self.pk("fold", state.fold, allowed=(FREE_FOLD_WARNING,) if free else ())
        elif to > level:
            done = self.pk(f"raise to {to}", lambda: state.complete_bet_or_raise_to(to))
            if done.amount != to:
                raise self.diverge("raised to", str(to), str(done.amount))
        else:
            called = self.pk("check or call", state.check_or_call)
            if called.amount != to - before:
                raise self.diverge("chips put in", str(to - before), str(called.amount))

    def _apply(self, action: Action) -> None:
        try:
            self.hand.apply(action)
        except IllegalAction as error:
            raise self.diverge("the recorded action", f"refused on replay: {error}", "-") from None

    def _draw(self, action: Action) -> None:
        state = self.state
        self._apply(action)
        discards = tuple(TO_PK[card] for card in action.discards)
        self.pk(f"discard {len(discards)}", lambda: state.stand_pat_or_discard(discards))
        self.pending += [row for row in self._new_events() if row[0] in _CARD_EVENTS]
        if state.stand_patter_or_discarder_index is not None:
            return
        # PokerKit burns and deals once everyone has declared. Our engine may already have
        # served some players (in-turn delivery, R4.3); either way the cards come in the
        # same order: the burn, then each player's replacements clockwise (R4.4, R8.16).
        pending, self.pending = self.pending, []
        for kind, seat, *_, cards, received, _note, _pot, _stacks in pending:
            if kind == "reshuffle":
                self.rebuilt.append(cards)
            elif kind == "burn":
                for card in cards:
                    self._feed((card,), None)
            elif received:
                self._feed(received, self.index[seat])
        if self.rebuilt:
            raise self.diverge(
                "the stub rebuilt", "from the discards, folded hands and burns", "not refilled"
            )
        self._compare_holdings()

    def _feed(self, cards: Sequence[Card], index: int | None) -> None:
        """Deal `cards` to player `index` (None: burn them), as our engine dealt them; where
        our engine rebuilt the stub, PokerKit must refill its deck with the same cards."""
        state = self.state
        rest = list(cards)
        while rest:
            in_deck = len(state.deck_cards)
            allowed: tuple[str, ...] = ()
            if in_deck:
                chunk, rest = rest[:in_deck], rest[in_deck:]
            else:
                self._check_refill()
                allowed = (REFILL_WARNING,)
                chunk, rest = rest, []
            pk = tuple(TO_PK[card] for card in chunk)
            if index is None:
                self.pk(f"burn {show(chunk)}", partial(state.burn_card, pk), allowed=allowed)
            else:
                self.pk(
                    f"deal {show(chunk)} to seat {self.seats[index]}",
                    partial(state.deal_hole, pk, index),
                    allowed=allowed,
                )

    def _check_refill(self) -> None:
        """PokerKit refills an empty deck from every burn, folded hand and discard (R13.4)."""
        theirs = {FROM_PK[card] for card in self.state.reserved_cards}
        if not self.rebuilt:
            raise self.diverge(
                "the stub rebuilt", "not yet: cards left in the stub", f"{len(theirs)} cards"
            )
        ours = self.rebuilt.pop(0)
        if set(ours) != theirs:
            raise self.diverge(
                "the cards of the rebuilt stub",
                f"{show(ours)} ({len(ours)})",
                f"{show(sorted(theirs, key=DECK.index))} ({len(theirs)})",
            )
        self.refills += 1

    def _compare_chips(self) -> None:
        hand, state = self.hand, self.state
        if hand.is_over:
            return
        betting = hand.phase.kind == "bet"
        bets = [hand.committed[s] if betting else 0 for s in self.seats]
        theirs_bets = list(state.bets)
        # The house still owes back what PokerKit returned when each round closed (R5.4).
        owed = [0] * len(self.seats)
        if self.profile.return_uncalled == "settlement":
            earlier = [hand.total[s] - (hand.committed[s] if betting else 0) for s in self.seats]
            owed = [e - min(earlier) for e in earlier]
            self.returned_uncovered |= any(owed)
        ours = [hand.stacks[s] + owed[i] for i, s in enumerate(self.seats)]
        if ours != list(state.stacks) or bets != theirs_bets:
            raise self.diverge(
                "stacks and bets (players in order)",
                f"stacks {ours}{f' (incl. {owed} owed back)' if any(owed) else ''}, bets {bets}",
                f"stacks {list(state.stacks)}, bets {theirs_bets}",
            )


_CARD_EVENTS = frozenset({"burn", "reshuffle", "draw"})


__all__ = [
    "KNOWN_DIFFERENCE",
    "Comparison",
    "Difference",
    "compare",
    "game_for",
    "game_maker",
    "house_game",
    "pokerkit_readings",
    "reading_rules",
    "unplayable",
]
