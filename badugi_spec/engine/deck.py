"""A deck order, top first (R1.6), and the stub it leaves, rebuilt when a profile says so.

A scenario states the order or asks for a seeded shuffle. When a draw needs more cards
than the stub holds, a profile with a reshuffle policy (R8.18) rebuilds the stub from the
piles it names; `Deck.rebuild` takes the new order, so the same case plays the same way
in every implementation.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.codes import illegal


def shuffled(seed: int | str) -> tuple[Card, ...]:
    """The whole deck in a reproducible order for `seed` (R6.3: a fresh order every hand)."""
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return tuple(cards)


class Deck:
    """The stub of undealt cards. Without a reshuffle, used cards never come back (R4.5)."""

    __slots__ = ("_cards", "_next", "_original", "used")

    def __init__(self, order: Sequence[Card]) -> None:
        cards = tuple(order)
        # Done for every hand. A comprehension reads `index` as a slot, which Python 3.11
        # specialises; `map(attrgetter(...))` looks it up generically for every card.
        if len({card.index for card in cards}) != len(cards):
            seen: set[Card] = set()
            dup = next(c for c in cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]
            raise illegal("deck-invalid", f"the stated deck has {dup.pretty()} twice")
        self._cards = cards
        self._original = cards
        self._next = 0
        self.used = 0
        """Cards taken from the top over the whole hand, across reshuffles."""

    @property
    def remaining(self) -> int:
        return len(self._cards) - self._next

    @property
    def position(self) -> int:
        """Cards taken so far (across reshuffles): the next card's place in the hand's use."""
        return self.used

    def require(self, count: int, purpose: str) -> None:
        if self.remaining < count:
            raise illegal(
                "deck-short",
                f"{purpose} needs {count} card{'s' if count != 1 else ''},"
                f" the stated deck has {self.remaining} left",
            )

    def take(self, count: int) -> tuple[Card, ...]:
        """Cards from the top; callers check first, so a shortage changes nothing."""
        taken = self._cards[self._next : self._next + count]
        self._next += count
        self.used += count
        return taken

    def stub(self) -> tuple[Card, ...]:
        return self._cards[self._next :]

    def dealable(self, skip: AbstractSet[int], keep: int) -> int:
        """How many stub cards could be dealt, passing over the card indexes in `skip` and
        the last `keep` cards (R8.20, R8.19)."""
        cards = self._cards
        return sum(1 for card in cards[self._next : len(cards) - keep] if card.index not in skip)

    def take_skipping(self, count: int, skip: AbstractSet[int], keep: int) -> tuple[Card, ...]:
        """Up to `count` cards from the top, passing over the card indexes in `skip` and the
        last `keep` cards; the cards passed over stay on top, in their order (R8.20)."""
        cards = self._cards
        end = len(cards) - keep
        taken: list[Card] = []
        passed: list[Card] = []
        at = self._next
        while at < end and len(taken) < count:
            card = cards[at]
            (passed if card.index in skip else taken).append(card)
            at += 1
        self._cards = (*passed, *cards[at:])
        self._next = 0
        self.used += len(taken)
        return tuple(taken)

    def rebuild(self, cards: Sequence[Card]) -> None:
        """Replace the stub with `cards`, top first (a reshuffle, R8.18)."""
        self._cards = tuple(cards)
        self._next = 0

    def canonical(self, cards: Sequence[Card]) -> list[Card]:
        """`cards` in the order they had in the hand's stated deck: the rebuilt stub's
        order when a case states none, so every implementation can compute it (R8.18)."""
        # By card index: an int key hashes in C, a Card by its fields.
        count = len(self._original)
        place = {card.index: i for i, card in enumerate(self._original)}
        return sorted(cards, key=lambda card: place.get(card.index, count + card.index))

    def order(self) -> tuple[Card, ...]:
        return self._original
