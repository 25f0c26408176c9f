"""Hand values (rules chapter R2), found by the rule itself: every subset is considered.

A value's `strength` is one integer, larger is better, so comparing hands on hot paths
is comparing ints. `HandValue` wraps it with the playable cards for people.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from badugi_spec.cards import DECK, Card, Rank, as_cards, format_cards
from badugi_spec.digits import whole
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


# ----- the fast path: a table of every hand's strength, keyed by card mask -------------
#
# A hand of up to four distinct cards is one int: bit `card.index` set for each card.
# There are 52 + 1,326 + 22,100 + 270,725 such hands, so every value can be looked up
# rather than worked out; on the hot paths (the engine's showdowns, the benchmarks) a
# value then costs one dict lookup.
#
# The table is built from the rule, not from a shortcut: the best group of a hand is the
# best of (a) the hand itself, if it is a valid group, and (b) the best group of each hand
# with one card fewer (R2.5). Every subset is a subset of some one-smaller hand, so this
# considers all of them, exactly as `best_subset` does, but each smaller hand's answer is
# worked out once and shared by every hand that contains it. Renaming suits changes no
# value (R2.7), so (a) and (b) are worked out once for each rank multiset and pattern of
# shared suits, on one hand of it (`_pattern_values`), and the value written for every
# hand of that pattern: 22,503 values worked out for the 294,203 hands.

_BITS: Final = tuple(1 << index for index in range(52))

_STRENGTHS: dict[int, int] = {}
"""mask -> strength for every hand of 1 to 4 distinct cards; filled on first use."""

_SUIT_SETS: Final = {n: tuple(itertools.combinations(range(4), n)) for n in range(1, 5)}
_OPTIONS: Final = {
    n: tuple(tuple(sum(_BITS[4 * rank + s] for s in suits) for suits in sets) for rank in range(13))
    for n, sets in _SUIT_SETS.items()
}
"""By count n and rank, the masks of the n-card sets of that rank, in `_SUIT_SETS` order."""

_Choice = tuple[tuple[int, ...], ...]
"""A hand of a shape: for each of its ranks, lowest first, the suits held in it."""


def _shapes(size: int) -> list[tuple[int, ...]]:
    """How `size` cards can share ranks: the count of each rank held, lowest rank first."""
    if size == 0:
        return [()]
    return [(n, *rest) for n in range(1, min(size, 4) + 1) for rest in _shapes(size - n)]


def _pattern(suits: Iterable[int]) -> tuple[int, ...]:
    """Which cards share a suit, cards in deck order: the suits renamed in order of first
    appearance. Hands of the same ranks with the same pattern differ by a renaming."""
    first: dict[int, int] = {}
    return tuple(first.setdefault(suit, len(first)) for suit in suits)


_PATTERNS: Final = {
    pattern: place
    for place, pattern in enumerate(
        sorted({_pattern(suits) for suits in itertools.product(range(4), repeat=MAX_CARDS)})
    )
}
"""The 15 patterns of four cards, numbered."""


def _pattern_values(
    table: Mapping[int, int],
    shape: tuple[int, ...],
    choice: _Choice,
    rank_sets: list[tuple[int, ...]],
) -> list[int]:
    """The strength of the hand `choice` over each set of ranks in `rank_sets`, by the
    rule: (a) the hand itself if it is a valid group, else (b) the best hand of one card
    fewer, read from `table`. One C-level pass over all the rank sets."""
    cards = [(place, suit) for place, suits in enumerate(choice) for suit in suits]
    if len(shape) == len(cards) == len({suit for _, suit in cards}):
        return [strength_of([rank + 1 for rank in reversed(ranks)]) for ranks in rank_sets]
    columns = [[_BITS[4 * ranks[place] + suit] for ranks in rank_sets] for place, suit in cards]
    masks = list(map(sum, zip(*columns, strict=True)))
    fewer = table.__getitem__
    return list(map(max, *(map(fewer, map(operator.xor, masks, col)) for col in columns)))


def _shape_values(
    table: Mapping[int, int], size: int
) -> Iterator[tuple[tuple[int, ...], list[_Choice], list[int], list[tuple[int, ...]]]]:
    """For each shape of `size` cards: its rank sets, its hands (choices) in product
    order, the pattern number of each, and by rank set the value of each pattern."""
    for shape in _shapes(size):
        choices = list(itertools.product(*(_SUIT_SETS[n] for n in shape)))
        numbers: dict[tuple[int, ...], int] = {}
        first_of: list[_Choice] = []
        pattern_of = []
        for choice in choices:
            number = numbers.setdefault(
                _pattern(s for suits in choice for s in suits), len(numbers)
            )
            if number == len(first_of):
                first_of.append(choice)
            pattern_of.append(number)
        rank_sets = list(itertools.combinations(range(13), len(shape)))
        by_pattern = [_pattern_values(table, shape, choice, rank_sets) for choice in first_of]
        yield shape, choices, pattern_of, list(zip(*by_pattern, strict=True))


def _add_size(table: dict[int, int], size: int) -> None:
    """Add every hand of `size` cards to `table`, which holds every smaller hand."""
    for shape, _, pattern_of, values_by_ranks in _shape_values(table, size):
        ranks_of = itertools.combinations(range(13), len(shape))
        for ranks, values in zip(ranks_of, values_by_ranks, strict=True):
            masks = [0]
            for rank, n in zip(ranks, shape, strict=True):
                masks = [mask | more for mask in masks for more in _OPTIONS[n][rank]]
            table.update(zip(masks, [values[number] for number in pattern_of], strict=True))


def _add_four(table: dict[int, int]) -> None:
    """Add every hand of four cards, in `itertools.combinations` order, the order the
    benchmark and the exhaustive tests read them in: they then walk the dict's entries
    in memory order (read in another order, they took twice as long).

    The values by rank set and pattern go into one row for each three lowest ranks, by
    (highest rank, pattern): cards a < b < c then read the row of their ranks with the
    `itemgetter` of their suits and c, one C call for all the hands a, b, c, d > c."""
    width = len(_PATTERNS)
    # rows[low][middle][high][top * width + pattern]; places no hand reaches stay 0.
    rows = [[[[0] * (13 * width) for _ in range(13)] for _ in range(13)] for _ in range(13)]
    for shape, choices, pattern_of, values_by_ranks in _shape_values(table, MAX_CARDS):
        place = {
            n: _PATTERNS[_pattern(s for suits in c for s in suits)]
            for n, c in zip(pattern_of, choices, strict=True)
        }
        rank_sets = itertools.combinations(range(13), len(shape))
        for ranks, values in zip(rank_sets, values_by_ranks, strict=True):
            low, middle, high, top = (
                rank for rank, n in zip(ranks, shape, strict=True) for _ in range(n)
            )
            row = rows[low][middle][high]
            for number, value in enumerate(values):
                row[top * width + place[number]] = value
    # By the suits of a and b, then by c: the itemgetter of the values of every d > c.
    readers: list[list[list[Callable[[list[int]], tuple[int, ...]]]]]
    readers = [[[] for _ in range(4)] for _ in range(4)]
    for a_suit, b_suit in itertools.product(range(4), repeat=2):
        for c in range(51):
            suits = (a_suit, b_suit, c & 3)
            by_suit = [_PATTERNS[_pattern((*suits, suit))] for suit in range(4)]
            places = [(d >> 2) * width + by_suit[d & 3] for d in range(c + 1, 52)]
            # itemgetter of one place gives the value, not a tuple of it.
            one = operator.itemgetter(slice(places[0], places[0] + 1))
            readers[a_suit][b_suit].append(operator.itemgetter(*places) if c < 50 else one)
    # Every two cards c < d, in combinations order, and where the pairs with c = k start.
    pairs = list(map(sum, itertools.combinations(_BITS, 2)))
    start = list(itertools.accumulate(range(51, 0, -1), initial=0))
    rank_of = [card >> 2 for card in range(52)]
    update = table.update
    for a, b in itertools.combinations(range(50), 2):
        by_c = rows[a >> 2][b >> 2]
        read = map(
            operator.call,
            readers[a & 3][b & 3][b + 1 :],
            map(by_c.__getitem__, rank_of[b + 1 : 51]),
        )
        masks = map((_BITS[a] | _BITS[b]).__or__, pairs[start[b + 1] :])
        update(zip(masks, itertools.chain.from_iterable(read), strict=True))


def _build_strengths() -> None:
    for size in range(1, MAX_CARDS):
        _add_size(_STRENGTHS, size)
    _add_four(_STRENGTHS)


def mask_of(indexes: Iterable[int]) -> int:
    """The card mask of deck indexes: bit `index` set for each card."""
    mask = 0
    for index in indexes:
        mask |= _BITS[index]
    return mask


def strength_of_mask(mask: int) -> int:
    """The strength of the hand whose cards are the set bits of `mask` (1 to 4 cards).

    The hot path: after the first call it is one dict lookup. Same strengths as
    `best_subset` and `evaluate`.
    """
    try:
        return _STRENGTHS[mask]
    except KeyError:
        if not _STRENGTHS:
            _build_strengths()
            return strength_of_mask(mask)
        raise CardError(f"not a hand of 1 to {MAX_CARDS} cards: mask {mask:#x}") from None


def tabled_strength(indexes: Iterable[int]) -> int | None:
    """The strength of distinct cards given by deck index (1 to 4 of them), by the table,
    or None while it is not built: for a caller that values many hands, without building
    the table where `evaluate` would still try subsets (`_UNTABLED`)."""
    table = _STRENGTHS
    return table.get(mask_of(indexes)) if table else None


def strength_table() -> Mapping[int, int]:
    """The table itself (mask -> strength), built if needed, for callers that look up
    several masks per hand (the five-card rankings). Read it, never change it; after
    `reset_table()` it is empty until this is called again."""
    if not _STRENGTHS:
        _build_strengths()
    return _STRENGTHS


def reset_table() -> None:
    """Forget the table, so that the next lookup builds it again (for benchmarks)."""
    _STRENGTHS.clear()


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


_UNTABLED: Final = [256]
"""How many more hands `evaluate` values by trying their subsets while the table is not
built. The table takes about 0.1 s to build; a process that values a few hands (`hand`,
`compare`, `check` of one file) would pay all of that for microseconds of lookups, while
trying a hand's 15 subsets costs about 20 us. A process that values more builds it."""


def evaluate(cards: str | Iterable[Card]) -> HandValue:
    """The value of a hand of up to four distinct cards (chapter R2)."""
    hand = _checked(cards)
    indexes = [card.index for card in hand]
    playing: Sequence[int]
    if not _STRENGTHS and _UNTABLED[0] > 0:
        _UNTABLED[0] -= 1
        strength, playing = best_subset(indexes)
    else:
        strength = strength_of_mask(mask_of(indexes))
        # Every card plays when the value has as many cards as the hand: nothing to choose.
        playing = indexes if strength >> 16 == len(indexes) else _first_group(indexes, strength)
    # Deck indexes order by rank first, and a playing group has no repeated rank.
    return HandValue(cards=tuple(DECK[i] for i in sorted(playing, reverse=True)), strength=strength)


def _first_group(indexes: Sequence[int], strength: int) -> tuple[int, ...]:
    """The cards (deck indexes) that make `strength`, chosen as `best_subset` chooses them.

    The strength fixes the ranks, so only the choice between cards of the same rank is
    left, and those choices differ only in suits (R2.7). `best_subset` keeps the first
    subset it meets, in the order of the subset's position bits; the smallest such number
    is that one.
    """
    size = strength >> 16
    fields = (strength >> (12 - 4 * position) & 15 for position in range(size))
    wanted = [14 - field - 1 for field in fields]  # rank order - 1 = index >> 2
    if len({index >> 2 for index in indexes}) == len(indexes):
        # No rank held twice: one card has each playing rank, so there is no choice to
        # make. Two hands in three that are not a badugi, and the search below cost most
        # of valuing them (the state a fuzzed hand's request answers values every seat).
        return tuple(index for index in indexes if index >> 2 in wanted)
    options = [[p for p, index in enumerate(indexes) if index >> 2 == rank] for rank in wanted]
    first: tuple[int, ...] = ()
    first_bits = 1 << MAX_CARDS
    for positions in itertools.product(*options):
        suits = {indexes[p] & 3 for p in positions}
        bits = sum(1 << p for p in positions)
        if len(suits) == size and bits < first_bits:
            first, first_bits = positions, bits
    return tuple(indexes[p] for p in sorted(first))


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
        # Digits 0-9 only: int() read `٤-card` as 4 and refused `²-card` (badugi_spec.digits).
        declared = whole(head.removesuffix("-card"), most_digits=2)
        if declared is None:
            raise CardError(f"bad hand size {head!r} in {text!r}")
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
    "mask_of",
    "parse_value",
    "strength_of",
    "strength_of_mask",
    "strength_table",
    "winners",
]
