"""What every hand ranking offers (rule R9.1): a name, a hot path and a value that explains itself.

A ranking is a record of functions plus the facts a game needs about it, so that a profile
can name its rankings as data ("badugi-ace-high" for one half of the pot, "low-2-7" for the
other) and an engine can call them without knowing which is which.

Strengths are plain ints, larger is better, comparable only within one ranking; on hot
paths an engine compares those. `RankedValue` wraps a strength with its cards for people.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from badugi_spec.cards import Card, Rank, as_cards, format_cards
from badugi_spec.errors import CardError


@dataclass(frozen=True, eq=False, slots=True)
class Ranking:
    """One named hand ranking. Instances live in the registry (`badugi_spec.rankings`)."""

    name: str
    """The registry name a profile uses, e.g. `low-2-7`."""
    title: str
    """A human name, e.g. `deuce-to-seven low`."""
    rule: str
    """The rulebook rule that defines this ranking."""
    cards_used: int
    """How many cards play at most: 4 for the Badugi rankings, 5 for the lows."""
    hand_sizes: tuple[int, ...]
    """The hand sizes this ranking values, e.g. (1, 2, 3, 4, 5) or (5,)."""
    strength: Callable[[Sequence[int]], int]
    """The hot path: the strength of distinct cards given by deck index (`card.index`).

    Unchecked: the caller passes distinct indexes, as many as one of `hand_sizes`."""
    describe: Callable[[int], str]
    """The text form of a strength, e.g. `7-5-4-3-2` or `4-card 4-3-2-A (badugi)`."""
    parse_value: Callable[[str], int]
    """The strength a text form names; raises CardError for text that names no value."""
    reading: Callable[[int], tuple[Rank, ...]]
    """The ranks a strength stands for, in reading order (most significant first): a
    Badugi value's playing ranks highest first, a low's five ranks grouped ones first."""
    playing: Callable[[tuple[Card, ...], int], tuple[Card, ...]]
    """The cards of a hand that make a strength, in reading order (most significant first)."""
    explain_lines: Callable[[RankedValue], list[str]]
    """Why a value is what it is, one line each, citing rules."""
    reason: Callable[[RankedValue, RankedValue], str]
    """Why the first value beats the second (which it must)."""

    def checked(self, cards: str | Iterable[Card]) -> tuple[Card, ...]:
        hand = as_cards(cards)
        if len(hand) not in self.hand_sizes:
            sizes = self.hand_sizes
            wanted = str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]}"
            raise CardError(f"a {self.name} hand has {wanted} cards, got {len(hand)}")
        return hand

    def evaluate(self, cards: str | Iterable[Card]) -> RankedValue:
        """The value of a hand in this ranking: `ranking("low-2-7").evaluate("2s 3h 4d 5c 7s")`."""
        hand = self.checked(cards)
        strength = self.strength([card.index for card in hand])
        return RankedValue(self, strength, self.playing(hand, strength), hand)

    def __repr__(self) -> str:
        return f"Ranking({self.name})"


@functools.total_ordering
@dataclass(frozen=True, eq=False, slots=True)
class RankedValue:
    """A hand's value in one ranking. `a > b` means a beats b.

    Equality and hashing use the ranking and the strength only, so suits never matter
    (R2.7, R9.1). Values of two different rankings are never equal, and ordering them is
    a TypeError: a badugi does not beat or lose to a 2-7 low.
    """

    ranking: Ranking
    strength: int
    cards: tuple[Card, ...]
    """The cards that play, in reading order."""
    hand: tuple[Card, ...]
    """Every card that was valued, in the order given."""

    def _same_ranking(self, other: RankedValue) -> None:
        if other.ranking is not self.ranking:
            raise TypeError(
                f"a {self.ranking.name} value cannot be compared with a"
                f" {other.ranking.name} value (R9.1)"
            )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RankedValue):
            return NotImplemented
        return other.ranking is self.ranking and other.strength == self.strength

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, RankedValue):
            return NotImplemented
        self._same_ranking(other)
        return self.strength < other.strength

    def __hash__(self) -> int:
        return hash((self.ranking.name, self.strength))

    def __str__(self) -> str:
        return self.ranking.describe(self.strength)

    def __repr__(self) -> str:
        return f"RankedValue({self.ranking.name}: {self})"

    def pretty(self) -> str:
        """The value with its cards, e.g. `7-5-4-3-2: 7♠ 5♣ 4♦ 3♥ 2♠`."""
        return f"{self}: {format_cards(self.cards)}"

    def explain(self) -> Explanation:
        return Explanation(self, tuple(self.ranking.explain_lines(self)))

    def reason_against(self, other: RankedValue) -> str:
        """Why this value beats `other`, which must be worse."""
        self._same_ranking(other)
        if not self > other:
            raise ValueError(f"{self} does not beat {other} in {self.ranking.name}")
        return self.ranking.reason(self, other)


@dataclass(frozen=True, slots=True)
class Explanation:
    """The teaching view of a value: `str()` gives one line per step."""

    value: RankedValue
    lines: tuple[str, ...]

    def __str__(self) -> str:
        return "\n".join(self.lines)
