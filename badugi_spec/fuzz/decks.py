"""The decks of a fuzzed trial: the first hand's, drawn card by card, and the rigging of a
mirrored trial, where two players are dealt equal hands that nobody beats and play them to
the end (R2.7, R8.15).

Kept apart from `game`, which plays the hands: this decides which cards come, and how the
tied pair keeps its cards, never what the table does with them otherwise.
"""

from __future__ import annotations

from typing import Final

from badugi_spec.cards import DECK, Card, Rank, Suit
from badugi_spec.engine.actions import Action, Kind
from badugi_spec.engine.hand import Hand
from badugi_spec.fuzz.choices import Choices

_TIED_RANKS: Final = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE)
_SUITS: Final = tuple(Suit)


def drawn(choices: Choices) -> tuple[Card, ...]:
    """A deck drawn card by card: the one a shrink simplifies card by card."""
    left = list(DECK)
    return tuple(left.pop(choices.below(len(left))) for _ in range(len(DECK)))


def mirrored(deck: tuple[Card, ...], seats: int, size: int, pair: int) -> tuple[Card, ...]:
    """`deck` with the players dealt `pair`-th and next both given the best Badugi,
    A-2-3-4 (and a 5), in suits shifted by one: equal hands that nobody beats, so they
    tie for every pot they are in (R2.7, R8.15)."""
    cards = list(deck)
    for round_ in range(size):
        rank = _TIED_RANKS[round_ % len(_TIED_RANKS)]
        for offset in (0, 1):
            place = round_ * seats + pair + offset
            card = Card(rank, _SUITS[(round_ + offset) % 4])
            other = cards.index(card)
            cards[place], cards[other] = cards[other], cards[place]
    return tuple(cards)


def tied(hand: Hand, action: Action, pair: int) -> Action:
    """In a mirrored trial the tied pair (dealt `pair`-th and next) stays to the end: it
    stands pat and never folds; the others draw and fold as they like, leaving dead money
    for an odd chip."""
    dealt_at = (action.seat - hand.dealer - 1) % hand.seats
    if dealt_at not in (pair, pair + 1):
        return action
    if action.kind is Kind.DRAW:
        return action._replace(discards=())
    if action.kind is Kind.FOLD:
        options = {o.kind: o for o in hand.legal_actions()}
        call = options.get(Kind.CALL)
        if call is not None:
            return Action(action.seat, Kind.CALL, amount=call.adds)
        return Action(action.seat, Kind.CHECK)
    return action


__all__ = ["drawn", "mirrored", "tied"]
