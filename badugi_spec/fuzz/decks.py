"""The decks of a fuzzed trial: the first hand's, drawn card by card; the rigging of a
mirrored trial, where two players are dealt equal hands that nobody beats and play them to
the end (R2.7, R8.15); and the rigs a swarm picks (`RIGS`): the cards of a few ranks dealt
first (pairs in every hand, ranks shared across hands: R2.5, R2.7) or of two suits (one-
and two-card Badugis, flushes in the five-card lowballs: R2.4, R9.5).

Kept apart from `game`, which plays the hands: this decides which cards come, and how the
tied pair keeps its cards, never what the table does with them otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from badugi_spec.cards import DECK, Card, Rank, Suit
from badugi_spec.engine.actions import Action, Kind
from badugi_spec.engine.hand import Hand
from badugi_spec.fuzz.choices import Choices

T = TypeVar("T")
_TIED_RANKS: Final = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE)
_SUITS: Final = tuple(Suit)


def drawn(choices: Choices) -> tuple[Card, ...]:
    """A deck drawn card by card: the one a shrink simplifies card by card."""
    left = list(DECK)
    return tuple(left.pop(choices.below(len(left))) for _ in range(len(DECK)))


RIGS: Final = ("", "shared-ranks", "shared-suits")
"""A trial's deck rig: none, or one a swarm picked (`guide.RIG_SWARM`)."""
SHARED_RANKS: Final = 4
"""The ranks whose cards a `shared-ranks` deck deals first: 16 cards, four hands' worth."""
SHARED_SUITS: Final = 2


def rig_weights(swarm: frozenset[str]) -> tuple[float, ...]:
    """The weights of `RIGS` for a trial's choice: the swarm's rig, else none. Only the
    draw at random follows the swarm; a replayed stream keeps its rig."""
    picked = next((name for name in RIGS[1:] if name in swarm), "")
    return tuple(1.0 if name == picked else 0.0 for name in RIGS)


def rigged(deck: tuple[Card, ...], rig: str) -> tuple[Card, ...]:
    """`deck` with the cards of its first `SHARED_RANKS` ranks (or `SHARED_SUITS` suits)
    moved to the front, each group in the order drawn: so the deal is made of them.

    A function of the deck alone (the ranks and suits met first in it), so a shrink that
    simplifies the deck simplifies the rigged one, and a trial replays from its stream."""
    if not rig:
        return deck
    if rig == "shared-ranks":
        first = _first([card.rank for card in deck], SHARED_RANKS)
        front = [card for card in deck if card.rank in first]
        rest = [card for card in deck if card.rank not in first]
    else:
        suits = _first([card.suit for card in deck], SHARED_SUITS)
        front = [card for card in deck if card.suit in suits]
        rest = [card for card in deck if card.suit not in suits]
    return tuple(front + rest)


def _first(values: Sequence[T], count: int) -> set[T]:
    """The first `count` distinct values of `values`."""
    seen: set[T] = set()
    for value in values:
        if len(seen) == count:
            break
        seen.add(value)
    return seen


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


__all__ = ["RIGS", "drawn", "mirrored", "rig_weights", "rigged", "tied"]
