"""A deck order, top first (R1.6): stated by a scenario or made by a seeded shuffle."""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.codes import illegal


def shuffled(seed: int | str) -> tuple[Card, ...]:
    """The whole deck in a reproducible order for `seed` (R6.3: a fresh order every hand)."""
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return tuple(cards)


_INDEX = operator.attrgetter("index")


class Deck:
    """The stub of undealt cards. Dealt, burned and discarded cards never come back (R4.5)."""

    __slots__ = ("_cards", "_next")

    def __init__(self, order: Sequence[Card]) -> None:
        cards = tuple(order)
        if len(set(map(_INDEX, cards))) != len(cards):  # C-level: done for every hand
            seen: set[Card] = set()
            dup = next(c for c in cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]
            raise illegal("deck-invalid", f"the stated deck has {dup.pretty()} twice")
        self._cards = cards
        self._next = 0

    @property
    def remaining(self) -> int:
        return len(self._cards) - self._next

    @property
    def position(self) -> int:
        return self._next

    def require(self, count: int, purpose: str) -> None:
        if self.remaining < count:
            raise illegal(
                "deck-short",
                f"{purpose} needs {count} card{'s' if count != 1 else ''},"
                f" the stated deck has {self.remaining} left",
            )

    def take(self, count: int) -> tuple[Card, ...]:
        """Cards from the top; callers `require` first so a shortage changes nothing."""
        taken = self._cards[self._next : self._next + count]
        self._next += count
        return taken

    def order(self) -> tuple[Card, ...]:
        return self._cards
