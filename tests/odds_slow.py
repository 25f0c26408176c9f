"""The card-by-card drawing count that `badugi_spec.rankings.odds` used before it counted
by classes (`odds_count`): kept as the reference the fast count is tested against.

Each draw lists every set of outs that can come, keeps the most that play together
(lowest first, then the first in deck order) and weighs it by the sets of misses that
can come with it. The only addition to the old code is `wanted`, the cards drawn at the
first draw, which is more than the group lacks when kept cards that do not play fill the
hand for that draw.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb

from badugi_spec.cards import DECK, Card, Rank
from badugi_spec.rankings.house import MAX_CARDS, strength_of

Outs = Callable[[frozenset[Card]], tuple[Card, ...]]


def slow_chances(
    group: Iterable[Card],
    *,
    seen: Iterable[Card],
    unseen: int,
    draws: int,
    top: Rank | None = None,
    wanted: int | None = None,
) -> list[dict[int, Fraction]]:
    """For each draw, the chance of each size of kept group after it."""
    outs_of = _outs_function(frozenset(seen), top)
    kept = frozenset(group)
    first = MAX_CARDS - len(kept) if wanted is None else wanted
    by_draw: list[dict[int, Fraction]] = []
    states: dict[tuple[frozenset[Card], int], Fraction] = {(kept, unseen): Fraction(1)}
    for number in range(draws):
        following: dict[tuple[frozenset[Card], int], Fraction] = {}
        for (now, pool), chance in states.items():
            size = first if number == 0 else MAX_CARDS - len(now)
            for after, p in _one_draw(now, pool, size, outs_of):
                key = (after, pool - size)
                following[key] = following.get(key, Fraction(0)) + chance * p
        states = following
        sizes: dict[int, Fraction] = {}
        for (now, _pool), chance in states.items():
            sizes[len(now)] = sizes.get(len(now), Fraction(0)) + chance
        by_draw.append(sizes)
    return by_draw


def _outs_function(seen: frozenset[Card], top: Rank | None) -> Outs:
    limit = top.order if top is not None else Rank.KING.order

    @functools.cache
    def outs(group: frozenset[Card]) -> tuple[Card, ...]:
        ranks = {c.rank for c in group}
        suits = {c.suit for c in group}
        return tuple(
            c
            for c in DECK
            if c.rank not in ranks
            and c.suit not in suits
            and c.rank.order <= limit
            and c not in seen
        )

    return outs


def _one_draw(
    group: frozenset[Card], pool: int, wanted: int, outs_of: Outs
) -> list[tuple[frozenset[Card], Fraction]]:
    if wanted == 0:
        return [(group, Fraction(1))]
    outs = outs_of(group)
    room = MAX_CARDS - len(group)
    ways: dict[frozenset[Card], int] = {}
    for count in range(min(wanted, len(outs)) + 1):
        misses = comb(pool - len(outs), wanted - count)
        if misses == 0:
            continue
        for drawn in combinations(outs, count):
            after = group | _best_addition(drawn, room)
            ways[after] = ways.get(after, 0) + misses
    total = comb(pool, wanted)
    return [(after, Fraction(n, total)) for after, n in ways.items()]


def _best_addition(drawn: Sequence[Card], room: int) -> frozenset[Card]:
    if len(drawn) < 2:
        return frozenset(drawn)
    for size in range(min(len(drawn), room), 0, -1):
        groups = [g for g in combinations(drawn, size) if _plays(g)]
        if groups:
            return frozenset(max(groups, key=_strength))
    return frozenset()  # pragma: no cover - a single out always plays


def _strength(cards: Iterable[Card]) -> int:
    return strength_of(sorted((c.rank.order for c in cards), reverse=True))


def _plays(cards: Sequence[Card]) -> bool:
    return len({c.rank for c in cards}) == len(cards) == len({c.suit for c in cards})
