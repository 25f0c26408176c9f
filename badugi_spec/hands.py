"""Hand values (rules chapter R2), found by the rule itself: every subset is considered.

A value's `strength` is one integer, larger is better, so comparing hands on hot paths
is comparing ints. `HandValue` wraps it with the playable cards for people.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from badugi_spec.cards import Card, Rank, as_cards, format_cards
from badugi_spec.errors import CardError

MAX_CARDS: Final = 4


def _subset_masks(n: int) -> tuple[tuple[int, ...], ...]:
    """For n cards, each non-empty subset as a tuple of positions."""
    return tuple(tuple(i for i in range(n) if bits >> i & 1) for bits in range(1, 1 << n))


_SUBSETS: Final = {n: _subset_masks(n) for n in range(1, MAX_CARDS + 1)}


def strength_of(ranks_high_first: Sequence[int]) -> int:
    """Pack a playable set into an int: size first (R2.3), then lower ranks (R2.4).

    Each rank order (1..13) is stored as 14 - order in a 4-bit field, highest card first,
    so a lower first difference gives a larger int.
    """
    packed = len(ranks_high_first)
    for position in range(MAX_CARDS):
        packed <<= 4
        if position < len(ranks_high_first):
            packed |= 14 - ranks_high_first[position]
    return packed


def best_subset(indexes: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The best playable subset of cards given by deck index, and its strength.

    Every subset is tried (R2.5): keep those with no repeated rank or suit (R2.1) and take
    the strongest. Ties in strength can only differ in suits (R2.7); the first one found is
    kept, which makes the result independent of nothing but the input order of equal cards.
    """
    best_strength = -1
    best: tuple[int, ...] = ()
    for subset in _SUBSETS[len(indexes)]:
        rank_bits = suit_bits = 0
        ranks: list[int] = []
        for position in subset:
            index = indexes[position]
            rank_bit = 1 << (index >> 2)
            suit_bit = 1 << (index & 3)
            if rank_bits & rank_bit or suit_bits & suit_bit:
                break
            rank_bits |= rank_bit
            suit_bits |= suit_bit
            ranks.append((index >> 2) + 1)
        else:
            ranks.sort(reverse=True)
            strength = strength_of(ranks)
            if strength > best_strength:
                best_strength = strength
                best = tuple(indexes[p] for p in subset)
    return best_strength, best


@functools.total_ordering
@dataclass(frozen=True, eq=False, slots=True)
class HandValue:
    """The value of a Badugi hand: its playable cards, highest rank first.

    `a > b` means a beats b. Equality and hashing ignore suits (R2.7).
    """

    cards: tuple[Card, ...]
    strength: int

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        return tuple(card.rank for card in self.cards)

    @property
    def is_badugi(self) -> bool:
        return self.size == MAX_CARDS

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength == other.strength

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength < other.strength

    def __hash__(self) -> int:
        return hash(self.strength)

    def __str__(self) -> str:
        return describe_ranks(self.ranks)

    def pretty(self) -> str:
        """The value with its actual cards, e.g. `4-card 4-3-2-A (badugi): 4♣ 3♦ 2♥ A♠`."""
        return f"{self}: {format_cards(self.cards)}"


def describe_ranks(ranks: Sequence[Rank]) -> str:
    size = len(ranks)
    name = f"{size}-card {'-'.join(rank.label for rank in ranks)}"
    return f"{name} (badugi)" if size == MAX_CARDS else name


def _checked(cards: str | Iterable[Card]) -> tuple[Card, ...]:
    hand = as_cards(cards)
    if not 1 <= len(hand) <= MAX_CARDS:
        raise CardError(f"a Badugi hand has 1 to {MAX_CARDS} cards, got {len(hand)}")
    return hand


def evaluate(cards: str | Iterable[Card]) -> HandValue:
    """The value of a hand of up to four distinct cards (chapter R2)."""
    hand = _checked(cards)
    strength, playing = best_subset([card.index for card in hand])
    ordered = sorted((Card.from_index(i) for i in playing), key=lambda c: -c.rank.order)
    return HandValue(cards=tuple(ordered), strength=strength)


def parse_value(text: str) -> tuple[int, tuple[Rank, ...]]:
    """Read a value name such as `4-card 4-3-2-A (badugi)`, `3-2-A` or `K-J-8-7`.

    Returns (strength, ranks). The `N-card` prefix, if given, must match the ranks.
    """
    body = text.strip()
    marked = body.endswith("(badugi)")
    body = body.removesuffix("(badugi)").strip()
    declared: int | None = None
    head, _, rest = body.partition(" ")
    if head.endswith("-card") and rest:
        try:
            declared = int(head.removesuffix("-card"))
        except ValueError:
            raise CardError(f"bad hand size {head!r} in {text!r}") from None
        body = rest.strip()
    labels = [part for part in body.replace(" ", "-").split("-") if part]
    by_label = {rank.label: rank for rank in Rank} | {rank.value: rank for rank in Rank}
    ranks: list[Rank] = []
    for label in labels:
        rank = by_label.get(label.upper())
        if rank is None:
            raise CardError(f"unknown rank {label!r} in hand value {text!r}")
        ranks.append(rank)
    if not 1 <= len(ranks) <= MAX_CARDS or len(set(ranks)) != len(ranks):
        raise CardError(f"{text!r} is not a hand value: 1 to 4 different ranks expected")
    if marked and len(ranks) != MAX_CARDS:
        raise CardError(f"{text!r} is marked (badugi) but has {len(ranks)} cards, not 4")
    if declared is not None and declared != len(ranks):
        raise CardError(f"{text!r} says {declared} cards but lists {len(ranks)} ranks")
    ranks.sort(key=lambda r: -r.order)
    return strength_of([r.order for r in ranks]), tuple(ranks)


def compare(a: str | Iterable[Card], b: str | Iterable[Card]) -> int:
    """1 if hand a beats hand b, -1 if b beats a, 0 for a tie (R2.3, R2.4, R2.7)."""
    va, vb = evaluate(a), evaluate(b)
    return (va > vb) - (va < vb)


def winners(values: Sequence[HandValue]) -> tuple[int, ...]:
    """Positions of the best value(s) among several (R5.1, R5.2)."""
    top = max(value.strength for value in values)
    return tuple(i for i, value in enumerate(values) if value.strength == top)


__all__ = [
    "HandValue",
    "best_subset",
    "compare",
    "describe_ranks",
    "evaluate",
    "parse_value",
    "strength_of",
    "winners",
]
