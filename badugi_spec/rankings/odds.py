"""Exact drawing odds: the chance of making a badugi, or of improving, in the draws left.

The drawer follows one plain policy, the one the tutorial teaches: keep the cards kept
now, and at each later draw keep every new card that plays alongside them (R2.1) and
throw the rest. Kept cards are never broken up, so the kept group only grows.

Only the cards the drawer has seen are known: their own hand, their own discards and any
dead cards they name. Everything else, the opponent's cards and the burns included, is
equally likely to come (R4.4 burns a card nobody sees, so it does not change the odds).

Exact, not simulated: at each draw the drawn cards are split into outs (cards that play
with the kept group) and the rest. Which outs come matters, which misses come does not,
because a miss never plays later either: a card that clashes with the kept group keeps
clashing as the group grows. So each state is the kept group and the number of unseen
cards, and every result is a `Fraction`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Final

from badugi_spec.cards import DECK, Card, Rank, as_cards, format_cards
from badugi_spec.errors import CardError
from badugi_spec.rankings.house import MAX_CARDS, evaluate, strength_of

MAX_DRAWS: Final = 3  # R4.1

_Outs = Callable[[frozenset[Card]], tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class DrawOdds:
    """The exact chances for one kept group, after each of the draws left."""

    kept: tuple[Card, ...]
    outs: int
    """Unseen cards that would play with the kept group at the next draw."""
    unseen: int
    """Cards the drawer has not seen: the deck, the opponent's hand and the burns."""
    badugi: tuple[Fraction, ...]
    """Chance of holding a badugi (of `top` or better, if given) after draw 1, 2, 3 ..."""
    improve: tuple[Fraction, ...]
    """Chance of having more cards that play than the hand had before the first draw."""
    top: Rank | None = None

    @property
    def draws(self) -> int:
        return len(self.badugi)


def draw_odds(
    kept: str | Iterable[Card],
    *,
    draws: int = MAX_DRAWS,
    thrown: str | Iterable[Card] = (),
    dead: str | Iterable[Card] = (),
    top: Rank | None = None,
) -> DrawOdds:
    """The odds of drawing to `kept`, the cards kept from a four-card hand.

    `thrown` are the hand's other cards; if fewer are named than `kept` leaves room for,
    the rest were seen and thrown but are not named, and are taken to be cards that did
    not play with the kept ones (which is why they were thrown). `dead` are other cards
    known to be out of play, such as one's own discards at an earlier draw. With `top`,
    only a badugi whose highest card is `top` or lower counts, and the drawer throws any
    higher card again.
    """
    keep = as_cards(kept)
    thrown_cards = as_cards(thrown)
    dead_cards = as_cards(dead)
    if not 1 <= draws <= MAX_DRAWS:
        raise CardError(f"a hand has {MAX_DRAWS} draws (R4.1): draws left must be 1 to 3")
    if not keep or len(keep) > MAX_CARDS:
        raise CardError(f"keep 1 to {MAX_CARDS} cards, not {len(keep)}")
    if len(keep) + len(thrown_cards) > MAX_CARDS:
        raise CardError(f"a hand has {MAX_CARDS} cards: {len(keep)} kept and {len(thrown_cards)}")
    seen = [*keep, *thrown_cards, *dead_cards]
    repeated = sorted({c for c in seen if seen.count(c) > 1}, key=lambda c: c.index)
    if repeated:
        raise CardError(f"{format_cards(repeated)} named twice")
    playing = evaluate(keep)
    if playing.size != len(keep):
        clash = next(c for c in keep if c not in playing.cards)
        raise CardError(
            f"the kept cards must all play together (R2.1), but {clash.pretty()} clashes:"
            " keep only cards of different ranks and suits"
        )
    before = evaluate((*keep, *thrown_cards)).size if thrown_cards else len(keep)
    unseen = len(DECK) - MAX_CARDS - len(dead_cards)
    outs_of = _outs_function(frozenset(seen), top)
    chances = _chances(frozenset(keep), unseen, draws, outs_of)
    # Only the kept cards can be above `top`: the drawer throws every higher card it draws.
    reachable = top is None or all(c.rank.order <= top.order for c in keep)
    badugi = tuple(
        sum((p for size, p in dist.items() if size == MAX_CARDS and reachable), Fraction(0))
        for dist in chances
    )
    improve = tuple(
        sum((p for size, p in dist.items() if size > before), Fraction(0)) for dist in chances
    )
    return DrawOdds(
        kept=playing.cards,
        outs=len(outs_of(frozenset(keep))),
        unseen=unseen,
        badugi=badugi,
        improve=improve,
        top=top,
    )


def hand_odds(
    hand: str | Iterable[Card],
    discard: str | Iterable[Card],
    *,
    draws: int = MAX_DRAWS,
    dead: str | Iterable[Card] = (),
    top: Rank | None = None,
) -> DrawOdds:
    """The odds for a four-card hand and the cards it throws at the next draw."""
    cards = as_cards(hand)
    thrown = as_cards(discard)
    if len(cards) != MAX_CARDS:
        raise CardError(f"a hand has {MAX_CARDS} cards, not {len(cards)}")
    missing = [c for c in thrown if c not in cards]
    if missing:
        raise CardError(f"{format_cards(missing)} is not in the hand (R4.2)")
    kept = [c for c in cards if c not in thrown]
    return draw_odds(kept, draws=draws, thrown=thrown, dead=dead, top=top)


# ----- the recursion ---------------------------------------------------------------------


def _outs_function(seen: frozenset[Card], top: Rank | None) -> _Outs:
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


def _chances(
    kept: frozenset[Card],
    unseen: int,
    draws: int,
    outs_of: _Outs,
) -> list[dict[int, Fraction]]:
    """For each draw, the chance of each size of kept group after it."""
    by_draw: list[dict[int, Fraction]] = []
    # Spread the probability of each state forward one draw at a time.
    states: dict[tuple[frozenset[Card], int], Fraction] = {(kept, unseen): Fraction(1)}
    for _ in range(draws):
        following: dict[tuple[frozenset[Card], int], Fraction] = {}
        for (group, pool), chance in states.items():
            for after, p in _one_draw(group, pool, outs_of):
                key = (after, pool - (MAX_CARDS - len(group)))
                following[key] = following.get(key, Fraction(0)) + chance * p
        states = following
        sizes: dict[int, Fraction] = {}
        for (group, _pool), chance in states.items():
            sizes[len(group)] = sizes.get(len(group), Fraction(0)) + chance
        by_draw.append(sizes)
    return by_draw


def _one_draw(
    group: frozenset[Card],
    pool: int,
    outs_of: _Outs,
) -> list[tuple[frozenset[Card], Fraction]]:
    """Every kept group one draw later, with its chance (they add up to 1)."""
    wanted = MAX_CARDS - len(group)
    if wanted == 0:
        return [(group, Fraction(1))]
    outs = outs_of(group)
    # Ways of drawing each outcome, counted in whole numbers and divided once at the end.
    ways: dict[frozenset[Card], int] = {}
    for count in range(min(wanted, len(outs)) + 1):
        # Each particular set of `count` outs comes with this many sets of misses.
        misses = comb(pool - len(outs), wanted - count)
        if misses == 0:
            continue
        for drawn in combinations(outs, count):
            after = group | _best_addition(drawn)
            ways[after] = ways.get(after, 0) + misses
    total = comb(pool, wanted)
    return [(after, Fraction(n, total)) for after, n in ways.items()]


def _best_addition(drawn: Sequence[Card]) -> frozenset[Card]:
    """The most drawn outs that play together, lowest first when there is a choice."""
    if len(drawn) < 2:  # no outs, or one out: it plays with the kept group by definition
        return frozenset(drawn)
    for size in range(len(drawn), 0, -1):
        groups = [g for g in combinations(drawn, size) if _plays(g)]
        if groups:
            return frozenset(max(groups, key=_strength))
    return frozenset()  # pragma: no cover - a single out always plays


def _strength(cards: Iterable[Card]) -> int:
    return strength_of(sorted((c.rank.order for c in cards), reverse=True))


def _plays(cards: Sequence[Card]) -> bool:
    return len({c.rank for c in cards}) == len(cards) == len({c.suit for c in cards})


def percent(chance: Fraction) -> str:
    """`51.23 %` style, as the tutorial prints chances."""
    return f"{float(chance) * 100:.2f} %"


__all__ = ["DrawOdds", "draw_odds", "hand_odds", "percent"]
