"""Hand rankings by name (rule chapter R9): what a game's profile names for each pot half.

    >>> from badugi_spec.rankings import ranking
    >>> value = ranking("low-2-7").evaluate("2s 3h 4d 5c 7s")
    >>> str(value)
    '7-5-4-3-2'

`ranking(name)` is the registry; each `Ranking` has `.evaluate(cards)` for people and
`.strength(indexes)` for engines. `evaluate` and `compare` here are the package-level
entry points: without a ranking they are the house functions of `badugi_spec.rankings.house`,
unchanged.

`house` is the house evaluator (four cards, the fast path) that `badugi` extends to five
cards and aces high; `lows` holds the two five-card lows; `base` the `Ranking` interface;
`explain` why a hand plays the cards it plays; `odds` exact drawing odds.

It may use only cards and errors.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final, overload

from badugi_spec.cards import Card
from badugi_spec.errors import RankingError
from badugi_spec.rankings import house
from badugi_spec.rankings.badugi import BADUGI, BADUGI_ACE_HIGH
from badugi_spec.rankings.base import Explanation, RankedValue, Ranking
from badugi_spec.rankings.lows import LOW_2_7, LOW_A_5, Category, category

RANKINGS: Final[Mapping[str, Ranking]] = MappingProxyType(
    {r.name: r for r in (BADUGI, BADUGI_ACE_HIGH, LOW_2_7, LOW_A_5)}
)
"""Every ranking by name, in rulebook order."""


def ranking(name: str) -> Ranking:
    """The ranking called `name`; a RankingError lists the names there are."""
    try:
        return RANKINGS[name]
    except KeyError:
        known = ", ".join(RANKINGS)
        raise RankingError(f"unknown hand ranking {name!r}; the rankings are {known}") from None


def ranking_names() -> tuple[str, ...]:
    return tuple(RANKINGS)


@overload
def evaluate(cards: str | Iterable[Card]) -> house.HandValue: ...
@overload
def evaluate(cards: str | Iterable[Card], *, ranking: str) -> RankedValue: ...
def evaluate(
    cards: str | Iterable[Card], *, ranking: str | None = None
) -> house.HandValue | RankedValue:
    """A hand's value: the house Badugi value, or its value in the named ranking."""
    if ranking is None:
        return house.evaluate(cards)
    return _named(ranking).evaluate(cards)


def compare(a: str | Iterable[Card], b: str | Iterable[Card], *, ranking: str | None = None) -> int:
    """1 if hand a beats hand b, -1 if b beats a, 0 for a tie, in the named ranking."""
    if ranking is None:
        return house.compare(a, b)
    chosen = _named(ranking)
    va, vb = chosen.evaluate(a), chosen.evaluate(b)
    return (va > vb) - (va < vb)


def winners(values: Sequence[RankedValue]) -> tuple[int, ...]:
    """Positions of the best value(s) among several of one ranking: who wins a pot half.

    Ties are all listed (suits never break them); how a tied half is divided, and where
    an odd chip goes, is the game's rule, not the ranking's.
    """
    if not values:
        raise ValueError("no values to compare")
    top = max(values)  # a TypeError if two rankings are mixed
    return tuple(i for i, value in enumerate(values) if value == top)


_named = ranking  # `evaluate` and `compare` take a parameter of the same name


__all__ = [
    "BADUGI",
    "BADUGI_ACE_HIGH",
    "LOW_2_7",
    "LOW_A_5",
    "RANKINGS",
    "Category",
    "Explanation",
    "RankedValue",
    "Ranking",
    "category",
    "compare",
    "evaluate",
    "ranking",
    "ranking_names",
    "winners",
]
