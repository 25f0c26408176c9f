"""The split games' draw odds counted fast, and still exactly (`split_odds` uses this).

Counting card by card, a three-card draw is 16,215 sets of replacements and took about a
third of a second: far too slow for a bot that weighs several draws at every turn of a
six-seat session. The same numbers come from symmetries of the two "made" tests:

- **Suits are interchangeable.** Renaming the suits changes neither test, so a spot is
  first put in a normal form (suits named in order of appearance) and counted once.
- **High ranks are interchangeable.** The Badugi half is made by any badugi among the
  five cards (R21.3, R22.3), where a rank matters only by being equal to another; the low
  half is made only by an 8-low or better (R21.4, R22.4), which no card above the low's
  ranks can join. So the ranks that no made low holds (9 to K, and the ace in 2-7) are
  renamed too, in order of appearance.
- **Untouched ranks are interchangeable for the badugi test.** A rank with no card among
  the kept, thrown or dead cards has all four suits unseen. Drawn cards of such "fresh"
  ranks are counted by shape (how many distinct ranks, how many cards of each) times the
  number of ways to choose the ranks, not one by one; only the drawn cards of the other
  ranks, at most a few, are listed.
- **The low test reads ranks, and suits only for a flush.** It is counted over the sets
  of low fresh ranks, with the flushes (the only suit pattern that changes a low) apart.

The card-by-card count stays as `brute_counts`; the tests compare the two on hands of both
split profiles, with dead cards and without.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from itertools import combinations, product
from math import comb, factorial, perm

from badugi_spec.cards import parse_cards
from badugi_spec.rankings import ranking

SUITS = 4
RANKS = 13
BADUGI_HALVES = frozenset({"badugi", "badugi-ace-high"})
LOW_HALVES = frozenset({"low-2-7", "low-a-5"})

Counts = tuple[int, int, int, int]
"""Sets of replacements that make the first half, the second, both; and all of them."""


def supported(names: Sequence[str]) -> bool:
    """Whether the fast count applies: a Badugi half, then a low half (both split games)."""
    return len(names) == 2 and names[0] in BADUGI_HALVES and names[1] in LOW_HALVES


def fast_counts(
    names: tuple[str, str], kept: Sequence[int], seen: Sequence[int], draw: int
) -> Counts:
    """The counts for drawing `draw` cards to `kept` (deck indexes), the `seen` cards (the
    rest of the hand, dead cards) out of the deck."""
    key_kept, key_seen = _normal_form(names[1], tuple(kept), tuple(seen))
    return _counts(names, key_kept, key_seen, draw)


def brute_counts(
    names: tuple[str, str], kept: Sequence[int], seen: Sequence[int], draw: int
) -> Counts:
    """The same counts, every set of replacements evaluated by the rankings themselves."""
    first, second = (ranking(name).strength for name in names)
    low_first, low_second = (threshold(name) for name in names)
    out = {*kept, *seen}
    pool = [i for i in range(SUITS * RANKS) if i not in out]
    hits = [0, 0, 0]
    base = tuple(kept)
    for drawn in combinations(pool, draw):
        whole = base + drawn
        a = first(whole) >= low_first
        b = second(whole) >= low_second
        hits[0] += a
        hits[1] += b
        hits[2] += a and b
    return hits[0], hits[1], hits[2], comb(len(pool), draw)


WORST_MADE = {
    # The weakest hand that counts as made, in each ranking.
    "badugi": "K♠ Q♥ J♦ 10♣",
    "badugi-ace-high": "A♠ K♥ Q♦ J♣",
    "low-2-7": "8♠ 7♥ 6♦ 5♣ 3♠",
    "low-a-5": "8♠ 7♥ 6♦ 5♣ 4♠",
}


@functools.cache
def threshold(name: str) -> int:
    return ranking(name).strength([card.index for card in parse_cards(WORST_MADE[name])])


@functools.cache
def _low_made(name: str, ranks: tuple[int, ...], flush: bool) -> bool:
    """Whether five cards of these distinct ranks make the low, suited or not."""
    suits = (0,) * 5 if flush else (0, 1, 2, 3, 0)
    cards = [rank * SUITS + suit for rank, suit in zip(ranks, suits, strict=True)]
    return ranking(name).strength(cards) >= threshold(name)


@functools.cache
def low_ranks(name: str) -> frozenset[int]:
    """The ranks some made low holds; the others can never be part of one."""
    found: set[int] = set()
    for ranks in combinations(range(RANKS), 5):
        if _low_made(name, ranks, False) or _low_made(name, ranks, True):
            found.update(ranks)
    return frozenset(found)


def _normal_form(
    low: str, kept: tuple[int, ...], seen: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rename high ranks, then suits, in order of appearance: an equivalent spot."""
    lows = low_ranks(low)
    highs = iter(sorted(set(range(RANKS)) - lows))
    rename: dict[int, int] = {}
    for card in sorted(kept) + sorted(seen):
        rank = card // SUITS
        if rank not in lows and rank not in rename:
            rename[rank] = next(highs)
    moved_kept = sorted(rename.get(c // SUITS, c // SUITS) * SUITS + c % SUITS for c in kept)
    moved_seen = sorted(rename.get(c // SUITS, c // SUITS) * SUITS + c % SUITS for c in seen)
    suit_names: dict[int, int] = {}
    for card in moved_kept + moved_seen:
        suit_names.setdefault(card % SUITS, len(suit_names))
    for suit in range(SUITS):
        suit_names.setdefault(suit, len(suit_names))

    def named(cards: list[int]) -> tuple[int, ...]:
        return tuple(sorted(c - c % SUITS + suit_names[c % SUITS] for c in cards))

    return named(moved_kept), named(moved_seen)


RANK_BIT = tuple(1 << (card // SUITS) for card in range(SUITS * RANKS))
SUIT_BIT = tuple(1 << (card % SUITS) for card in range(SUITS * RANKS))


def has_badugi(cards: Sequence[int]) -> bool:
    """Whether four of the cards have four different ranks and four different suits."""
    ranks = [RANK_BIT[card] for card in cards]
    suits = [SUIT_BIT[card] for card in cards]
    if len(cards) < 4 or (ranks_all := _union(ranks)).bit_count() < 4:
        return False
    if _union(suits).bit_count() < 4:
        return False
    if len(cards) == 4:
        return ranks_all.bit_count() == 4
    # Leave each card out in turn: the rest must show four ranks and four suits.
    for left_out in range(len(cards)):
        rest_ranks = _union(ranks[:left_out] + ranks[left_out + 1 :])
        rest_suits = _union(suits[:left_out] + suits[left_out + 1 :])
        if rest_ranks.bit_count() == 4 and rest_suits.bit_count() == 4:
            return True
    return False


def _union(bits: Sequence[int]) -> int:
    out = 0
    for bit in bits:
        out |= bit
    return out


def _shapes(cards: int, fresh: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Each way `cards` drawn cards of fresh ranks can fall (cards per rank, largest
    first), with how many ways there are to choose those ranks among `fresh`."""
    for parts in _partitions(cards, cards):
        repeats = 1
        for size in set(parts):
            repeats *= factorial(parts.count(size))
        yield parts, perm(fresh, len(parts)) // repeats


def _partitions(total: int, largest: int) -> Iterator[tuple[int, ...]]:
    if total == 0:
        yield ()
        return
    for first in range(min(total, largest, SUITS), 0, -1):
        for rest in _partitions(total - first, first):
            yield (first, *rest)


@functools.lru_cache(maxsize=200_000)
def _counts(
    names: tuple[str, str], kept: tuple[int, ...], seen: tuple[int, ...], draw: int
) -> Counts:
    out = {*kept, *seen}
    touched = {card // SUITS for card in out}
    fresh = [rank for rank in range(RANKS) if rank not in touched]
    lows = low_ranks(names[1])
    low_fresh = tuple(rank for rank in fresh if rank in lows)
    listed = [c for c in range(SUITS * RANKS) if c // SUITS in touched and c not in out]
    made_badugi = made_low = made_both = 0
    for from_listed in range(draw + 1):
        rest = draw - from_listed
        ways = [rank_ways for _, rank_ways in _shapes(rest, len(fresh))]
        for drawn in combinations(listed, from_listed):
            base = kept + drawn
            hits = _suitings(_pattern(base), rest)
            made_badugi += sum(w * h for w, h in zip(ways, hits, strict=True))
            ranks = sorted(card // SUITS for card in base)
            if len(set(ranks)) < len(ranks) or not lows.issuperset(ranks):
                continue  # a pair, or a card no low holds: never a made low
            plain, suited = _low_tally(names[1], tuple(ranks), rest, low_fresh)
            # The suit patterns that make a flush: every fresh card in the base's one suit.
            suits = {card % SUITS for card in base}
            flushes = SUITS if not base else 1 if len(suits) == 1 else 0
            made_low += plain * (SUITS**rest - flushes) + suited * flushes
            # A badugi has four suits, so it is never a flush: the plain reading applies.
            # The fresh ranks of a low are distinct: the last shape, all ones.
            made_both += plain * hits[-1]
    return made_badugi, made_low, made_both, comb(SUITS * RANKS - len(out), draw)


def _pattern(base: tuple[int, ...]) -> tuple[int, ...]:
    """The base with its ranks and suits renamed in order of appearance: the badugi test
    reads ranks and suits only by which are equal, so every base of one pattern counts
    alike."""
    rank_names: dict[int, int] = {}
    suit_names: dict[int, int] = {}
    out = []
    for card in sorted(base):
        rank = rank_names.setdefault(card // SUITS, len(rank_names))
        suit = suit_names.setdefault(card % SUITS, len(suit_names))
        out.append(rank * SUITS + suit)
    return tuple(sorted(out))


@functools.cache
def _suitings(pattern: tuple[int, ...], rest: int) -> tuple[int, ...]:
    """For each shape of `rest` fresh cards (as `_shapes` lists them), how many ways to
    give them suits make a badugi with the base. Fresh ranks differ from the base's, which
    are renamed from 0: ranks from 8 up stand for them."""
    out = []
    for shape in _partitions(rest, rest):
        hits = 0
        for suits in product(*(combinations(range(SUITS), size) for size in shape)):
            cards = list(pattern)
            for rank, chosen in enumerate(suits, start=8):
                cards.extend(rank * SUITS + suit for suit in chosen)
            hits += has_badugi(cards)
        out.append(hits)
    return tuple(out)


@functools.cache
def _low_tally(
    name: str, ranks: tuple[int, ...], rest: int, low_fresh: tuple[int, ...]
) -> tuple[int, int]:
    """Of the sets of `rest` distinct fresh low ranks, how many make the low with these
    ranks unsuited, and how many suited (a flush)."""
    plain = suited = 0
    for fresh in combinations(low_fresh, rest):
        whole = tuple(sorted(ranks + fresh))
        plain += _low_made(name, whole, False)
        suited += _low_made(name, whole, True)
    return plain, suited
