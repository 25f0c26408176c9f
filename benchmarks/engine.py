"""Engine: random legal heads-up hands per second, ours against PokerKit's FixedLimitBadugi.

Both play the same decks (seeded shuffles) with the same random policy driven by the same
seeded stream, so when the two offer the same options they make the same choices.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

import pokerkit

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.actions import Action, Kind
from badugi_spec.engine.hand import Hand
from badugi_spec.pokerkit_bridge import house_game
from badugi_spec.structure import HOUSE
from benchmarks.timing import Row, best_of

SEED = 20261129
OUR_HANDS = 4_000
PK_HANDS = 1_000
RUNS = 3

# PokerKit does the dealing, burning, blinds, showdown and chip moves itself, as our
# engine does, so both sides do the whole hand's work.
PK_AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_DEALING,
    pokerkit.Automation.BOARD_DEALING,
    pokerkit.Automation.RUNOUT_COUNT_SELECTION,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


def decks(count: int) -> list[tuple[Card, ...]]:
    rng = random.Random(SEED)
    result = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        result.append(tuple(deck))
    return result


# ----- the policy, in terms both engines can answer ---------------------------------------


def choose_bet(rng: random.Random, *, can_fold: bool, can_raise: bool) -> str:
    """'fold', 'call' (check or call) or 'raise', uniformly among those offered."""
    return rng.choice(["fold"] * can_fold + ["call"] + ["raise"] * can_raise)


def choose_discards(rng: random.Random, held: Sequence[int]) -> list[int]:
    """0 to 4 discards, as deck indexes, from the hand in deck-index order."""
    return rng.sample(sorted(held), rng.randint(0, len(held)))


# ----- each engine ------------------------------------------------------------------------


# The kinds as plain names: reading an Enum member through its class costs about 45 ns in
# Python 3.11, several times per decision; that is the policy's cost, not the engine's.
CHECK, BET, CALL, RAISE, FOLD, DRAW = (
    Kind.CHECK,
    Kind.BET,
    Kind.CALL,
    Kind.RAISE,
    Kind.FOLD,
    Kind.DRAW,
)
BET_OR_RAISE = frozenset({BET, RAISE})


def play_ours(deck: tuple[Card, ...], rng: random.Random) -> int:
    hand = Hand(deck=deck, dealer=0)
    actions = 0
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        options = {option.kind for option in hand.legal_actions()}
        if DRAW in options:
            held = [card.index for card in hand.holdings[seat]]
            discards = tuple(DECK[i] for i in choose_discards(rng, held))
            hand.apply(Action(seat, DRAW, discards=discards))
        else:
            choice = choose_bet(
                rng, can_fold=FOLD in options, can_raise=bool(options & BET_OR_RAISE)
            )
            if choice == "fold":
                kind = FOLD
            elif choice == "call":
                kind = CHECK if CHECK in options else CALL
            else:
                kind = BET if BET in options else RAISE
            hand.apply(Action(seat, kind))
        actions += 1
    return actions


_TO_PK = {card: next(iter(pokerkit.Card.parse(str(card)))) for card in DECK}
_PK_INDEX = {pk: card.index for card, pk in _TO_PK.items()}


def pokerkit_game() -> pokerkit.FixedLimitBadugi:
    game = house_game(HOUSE)
    game.automations = PK_AUTOMATIONS
    return game


def play_pokerkit(
    game: pokerkit.FixedLimitBadugi, deck: tuple[Card, ...], rng: random.Random
) -> int:
    state = game((HOUSE.starting_stack,) * 2, 2)
    state.deck_cards = deque(_TO_PK[card] for card in deck)
    actions = 0
    while state.status:
        if state.can_stand_pat_or_discard():
            player = state.stand_patter_or_discarder_index
            assert player is not None
            by_index = {_PK_INDEX[card]: card for card in state.hole_cards[player]}
            chosen = choose_discards(rng, list(by_index))
            state.stand_pat_or_discard([by_index[i] for i in chosen])
        else:
            choice = choose_bet(
                rng,
                can_fold=state.can_fold(),
                can_raise=state.can_complete_bet_or_raise_to(),
            )
            if choice == "fold":
                state.fold()
            elif choice == "call":
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to()
        actions += 1
    return actions


def run() -> list[Row]:
    our_decks = decks(OUR_HANDS)
    our_actions = 0

    # Each run replays the same decks with the same policy stream, so runs are identical
    # work; the best of a few is the one least disturbed by the rest of the machine.
    def ours() -> None:
        nonlocal our_actions
        rng = random.Random(SEED)
        our_actions = sum(play_ours(deck, rng) for deck in our_decks)

    our_time = best_of(ours, repeat=RUNS)

    game = pokerkit_game()
    pk_actions = 0

    def theirs() -> None:
        nonlocal pk_actions
        rng = random.Random(SEED)
        pk_actions = sum(play_pokerkit(game, deck, rng) for deck in our_decks[:PK_HANDS])

    pk_time = best_of(theirs, repeat=RUNS)
    rate, pk_rate = OUR_HANDS / our_time, PK_HANDS / pk_time
    return [
        Row(
            "engine",
            "random legal heads-up hands (hands/s)",
            rate,
            pk_rate,
            "hands/s",
            rate / pk_rate,
            ">= 10x PokerKit",
            rate / pk_rate >= 10,
            f"actions/hand: ours {our_actions / OUR_HANDS:.1f},"
            f" PokerKit {pk_actions / PK_HANDS:.1f}",
        )
    ]
