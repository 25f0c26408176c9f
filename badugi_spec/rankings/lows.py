"""The five-card lows (R9.4 to R9.6): deuce-to-seven and ace-to-five, by table.

All five cards play, so a low's value depends only on its ranks and, in 2-7, on whether
the five share a suit. Every real rank multiset (five cards, at most four of a rank:
6,175) is valued once by the rule, on first use, and, where its ranks differ, once more
as a flush.

The hot path reads tuples only, six reads a hand, no arithmetic:
`root[a][b][c][codes[d][e]]`. The first three cards walk a trie by deck index to the row
of their rank multiset (455 rows, and in 2-7 one more for each suit three of them can
share; each order of the same cards meets in the same row),
and the last two give the code of their rank pair (91 codes), which picks the value in
the row. With flushes the rows also know the suit the first three share, if they do, and
two last cards of one suit s read a section of s after the 91 (`_codes`), which holds
flushes in the row of three cards of s only: no suit is compared on the way. The
sections make the 2-7 tables 5.7 MB (A-5's 0.6 MB), and take off a read of card c's own
table, `codes[c][d][e]`. A trie over all five cards reads five, but its last level holds
1,820 nodes of 52 (0.9 MB), and a random hand's fifth read missed the cache: measured
side by side, it was no faster than these six reads (the rows a random hand reads most
are the plain ones, shared by many first cards). The leaves are the values made anew
side by side in memory, which a random hand reads from fewer cache lines. `make bench`
and the README have the figures.

Strengths pack the rule's own reading, so they decode back to text: badness is the
category's place in the ranking's order (best first) in bits 20 and up, then the five
ranks in reading order, four bits each, by height (1 for the lowest rank of the
ranking). Larger strength is better: strength = 2**24 - badness.
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from types import FunctionType
from typing import Any, Final, NoReturn, cast

from badugi_spec.cards import Card, Rank, format_cards
from badugi_spec.errors import CardError
from badugi_spec.rankings.base import RankedValue, Ranking

HAND_SIZE: Final = 5
DESCRIBED: Final = 8192
"""Values whose words a ranking keeps (`describe`): more than the 7,462 a low has."""
TOP: Final = 1 << 24


class Category(enum.Enum):
    """What five cards make; the value is the notation inside a value's parentheses."""

    NO_PAIR = "no pair"
    PAIR = "pair"
    TWO_PAIR = "two pair"
    TRIPS = "three of a kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    QUADS = "four of a kind"
    STRAIGHT_FLUSH = "straight flush"


_ALIASES: Final = {c.value: c for c in Category} | {
    "high card": Category.NO_PAIR,
    "one pair": Category.PAIR,
    "trips": Category.TRIPS,
    "quads": Category.QUADS,
}
_SHAPES: Final = {
    (2, 1, 1, 1): Category.PAIR,
    (2, 2, 1): Category.TWO_PAIR,
    (3, 1, 1): Category.TRIPS,
    (3, 2): Category.FULL_HOUSE,
    (4, 1): Category.QUADS,
}


@dataclass(frozen=True, slots=True)
class LowRules:
    """What tells the lows apart (R9.5, R9.6): the rank order, and what counts against."""

    ranks: tuple[Rank, ...]
    """The ranks from lowest (best) to highest."""
    categories: tuple[Category, ...]
    """The categories that can occur, best first."""
    straights_count: bool
    flushes_count: bool
    rule: str

    def height(self, rank: Rank) -> int:
        return self.ranks.index(rank) + 1

    def classify(self, heights: Sequence[int], *, suited: bool) -> tuple[Category, list[int]]:
        """The category of five ranks (as heights) and the heights in reading order."""
        counts = Counter(heights)
        ordered = sorted(heights, key=lambda h: (-counts[h], -h))
        shape = tuple(sorted(counts.values(), reverse=True))
        if shape in _SHAPES:
            return _SHAPES[shape], ordered
        straight = self.straights_count and ordered[0] - ordered[4] == 4
        flush = self.flushes_count and suited
        if straight:
            return (Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT), ordered
        return (Category.FLUSH if flush else Category.NO_PAIR), ordered

    def strength(self, heights: Sequence[int], *, suited: bool) -> int:
        category, ordered = self.classify(heights, suited=suited)
        badness = self.categories.index(category)
        for height in ordered:
            badness = badness << 4 | height
        return TOP - badness

    def decode(self, strength: int) -> tuple[Category, tuple[Rank, ...]]:
        badness = TOP - strength
        heights = (badness >> (16 - 4 * position) & 15 for position in range(HAND_SIZE))
        return self.categories[badness >> 20], tuple(self.ranks[h - 1] for h in heights)


LOW_2_7_RULES: Final = LowRules(
    ranks=(*tuple(Rank)[1:], Rank.ACE),
    categories=tuple(Category),
    straights_count=True,
    flushes_count=True,
    rule="R9.5",
)
LOW_A_5_RULES: Final = LowRules(
    ranks=tuple(Rank),
    categories=tuple(
        c for c in Category if c not in (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH)
    ),
    straights_count=False,
    flushes_count=False,
    rule="R9.6",
)


# ----- the tables ----------------------------------------------------------------------

IMPOSSIBLE: Final = 0
"""The leaf for five of one rank, which only a repeated index can reach."""

_Node = tuple[Any, ...]
_Codes = tuple[tuple[int, ...], ...]
_Root = tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]
_ONE: Final = tuple(1 << 3 * rank for rank in range(13))
"""A rank multiset is keyed by its counts, three bits a rank (deck index >> 2, the ace
first): adding a card adds `_ONE[rank]`, so every order of the same cards meets."""
_PAIRS: Final = tuple(
    sorted(combinations_with_replacement(range(13), 2), key=lambda pair: pair[0] == pair[1])
)
"""The 91 rank pairs, the 78 of two ranks first (a random pair is one of them 16 times in
17); a pair's place here is its code."""
_PAIR_KEYS: Final = tuple(_ONE[r] + _ONE[s] for r, s in _PAIRS)
_PLAIN: Final = len(_PAIRS)
_TWO_RANKS: Final = 78
"""Two cards of one suit have two ranks: their code is one of the first 78."""


def _values(rules: LowRules) -> tuple[dict[int, int], dict[int, int]]:
    """By multiset key, every real five-card multiset's strength (R9.4), and as a flush
    where it can be one."""
    height_of = [rules.height(rank) for rank in Rank]  # tuple(Rank) is deck order
    plain: dict[int, int] = {}
    suited: dict[int, int] = {}
    for combo in combinations_with_replacement(range(13), HAND_SIZE):
        if combo[0] == combo[4]:
            continue  # five of one rank: not in a 52-card deck
        key = sum(_ONE[r] for r in combo)
        heights = [height_of[r] for r in combo]
        plain[key] = rules.strength(heights, suited=False)
        if len(set(combo)) == HAND_SIZE:
            suited[key] = rules.strength(heights, suited=True)
    # Every value made anew in one run, so that the leaves lie side by side in memory:
    # a random hand then reads fewer cache lines.
    fresh = {v: v + 0 for v in sorted({*plain.values(), *suited.values()})}
    return (
        {key: fresh[v] for key, v in plain.items()},
        {key: fresh[v] for key, v in suited.items()},
    )


def _codes(*, flushes: bool) -> _Codes:
    """By deck indexes d and e, the code of the last two cards: their rank pair's place in
    `_PAIRS`; with flushes, two cards of one suit s read the section of s after it,
    91 + 78 * s + that place, so a row can hold a flush for one suit only."""
    code_of = {key: code for code, key in enumerate(_PAIR_KEYS)}

    def code(d: int, e: int) -> int:
        found = code_of[_ONE[d >> 2] + _ONE[e >> 2]]
        if flushes and d & 3 == e & 3 and d != e:
            return _PLAIN + _TWO_RANKS * (d & 3) + found
        return found

    return tuple(tuple(code(d, e) for e in range(52)) for d in range(52))


def _trie(plain: dict[int, int], suited: dict[int, int], *, flushes: bool) -> _Node:
    """The root: by the first three cards' deck indexes, the row of their rank multiset
    and, with flushes, of their suit if they share one (and have three ranks), read by
    the last two cards' code."""
    rows: dict[tuple[int, int], _Node] = {}

    def row(key: int, suit: int) -> _Node:
        found = rows.get((key, suit))
        if found is not None:
            return found
        if suit < 0:
            made = [plain.get(key + pair, IMPOSSIBLE) for pair in _PAIR_KEYS]  # none for 5 alike
            if flushes:
                # A section a suit for two last cards of one suit: plain values here;
                # the row of three cards of that suit holds flushes in it (below).
                made += made[:_TWO_RANKS] * 4
        else:
            made = list(row(key, -1))
            start = _PLAIN + _TWO_RANKS * suit
            pairs = zip(_PAIR_KEYS[:_TWO_RANKS], made, strict=False)
            made[start : start + _TWO_RANKS] = [suited.get(key + p, v) for p, v in pairs]
        rows[key, suit] = built = tuple(made)
        return built

    nodes: dict[tuple[int, int], _Node] = {}

    def node(key: int, depth: int, suit: int) -> _Node:
        # `key`: the multiset of the `depth` cards so far; `suit`: the suit they all
        # have, if they share one and flushes count, else -1. A card of that suit and a
        # new rank keeps it; a repeated index repeats a rank, which makes no flush.
        found = nodes.get((key, suit))
        if found is not None:
            return found
        if suit < 0:  # the four cards of a rank lead to the same child
            more = [key + one for one in _ONE]
            by_rank = [row(k, -1) if depth == 2 else node(k, 2, -1) for k in more]
            children = [child for child in by_rank for _ in range(4)]
        else:
            children = list(node(key, depth, -1))
            for rank in range(13):
                if not key >> 3 * rank & 7:
                    k = key + _ONE[rank]
                    children[4 * rank + suit] = row(k, suit) if depth == 2 else node(k, 2, suit)
        nodes[key, suit] = built = tuple(children)
        return built

    return tuple(node(_ONE[card >> 2], 1, card & 3 if flushes else -1) for card in range(52))


class _Unbuilt:
    """A hot path's root before its first call: its first read misses, and the miss
    builds the tables and puts them in the hot path's defaults (`_missed`)."""

    __slots__ = ("function", "rules")

    def __init__(self, rules: LowRules) -> None:
        self.rules = rules
        self.function: FunctionType | None = None

    def __getitem__(self, index: int) -> NoReturn:
        raise IndexError(index)

    def build(self) -> FunctionType:
        assert self.function is not None
        plain, suited = _values(self.rules)
        flushes = self.rules.flushes_count
        self.function.__defaults__ = (
            _trie(plain, suited, flushes=flushes),
            _codes(flushes=flushes),
        )
        return self.function


def _missed(root: object, indexes: Sequence[int]) -> int:
    """Where a hot path's read fails: on its first call, or for indexes that are not five
    cards of one deck."""
    if isinstance(root, _Unbuilt):
        value: int = root.build()(indexes)
        return value
    raise CardError(f"not five cards of one deck: {list(indexes)}")


def _strength_function(rules: LowRules) -> Callable[[Sequence[int]], int]:
    """The hot path for `rules`, with its own tables, built on first use.

    Six reads a hand, no arithmetic, no suit compared. The tables are default arguments
    (callers pass the indexes only) rather than a closure's cells: a call reads them as
    locals, 4 to 10 ns less of the 60 to 70 a hand took (`python -m benchmarks rankings`)."""
    unbuilt = _Unbuilt(rules)

    def strength(
        indexes: Sequence[int], root: _Root | _Unbuilt = unbuilt, codes: _Codes = ()
    ) -> int:
        a, b, c, d, e = indexes
        try:
            return root[a][b][c][codes[d][e]]
        except IndexError:
            return _missed(root, indexes)

    unbuilt.function = cast(FunctionType, strength)
    return strength


# ----- text ----------------------------------------------------------------------------


def _text(category: Category, ranks: Sequence[Rank]) -> str:
    body = "-".join(rank.label for rank in ranks)
    return body if category is Category.NO_PAIR else f"{body} ({category.value})"


def _describe(rules: LowRules) -> Callable[[int], str]:
    # Kept by strength: the protocol's states word every seat's value in each ranking
    # after every deal and draw, and the words cost about as much as the valuing.
    @functools.lru_cache(maxsize=DESCRIBED)
    def describe(strength: int) -> str:
        return _text(*rules.decode(strength))

    return describe


_RANK_BY_LABEL: Final = {rank.label: rank for rank in Rank} | {rank.value: rank for rank in Rank}


def _parse(rules: LowRules, name: str) -> Callable[[str], int]:
    def parse_value(text: str) -> int:
        """Read `7-5-4-3-2`, `2-2-8-4-3 (pair)`, `5-card 9-7-5-3-2 (flush)`; any rank order."""
        body = text.strip()
        written = Category.NO_PAIR
        if body.endswith(")") and "(" in body:
            body, _, word = body[:-1].rpartition("(")
            found = _ALIASES.get(" ".join(word.lower().split()))
            if found is None:
                known = ", ".join(c.value for c in rules.categories)
                raise CardError(f"unknown category {word!r} in {text!r}; {name} has {known}")
            written = found
        body = body.strip().removeprefix("5-card").strip()
        labels = [part for part in body.replace(" ", "-").split("-") if part]
        ranks = []
        for label in labels:
            rank = _RANK_BY_LABEL.get(label.upper())
            if rank is None:
                raise CardError(f"unknown rank {label!r} in hand value {text!r}")
            ranks.append(rank)
        if len(ranks) != HAND_SIZE or max(ranks.count(r) for r in ranks) > 4:
            raise CardError(f"{text!r} is not a five-card low: five ranks, at most four alike")
        suited = written in (Category.FLUSH, Category.STRAIGHT_FLUSH)
        heights = [rules.height(rank) for rank in ranks]
        category, ordered = rules.classify(heights, suited=suited)
        if category is not written:
            actual = _text(category, [rules.ranks[h - 1] for h in ordered])
            raise CardError(
                f"{text!r} is not a {name} value: those ranks make {actual} ({rules.rule})"
            )
        return rules.strength(heights, suited=suited)

    return parse_value


# ----- explanations --------------------------------------------------------------------

_PLURAL: Final = {Rank.ACE: "aces", Rank.KING: "kings", Rank.QUEEN: "queens", Rank.JACK: "jacks"}


def _plural(rank: Rank) -> str:
    return _PLURAL.get(rank, f"{rank.label}s")


def _playing(rules: LowRules) -> Callable[[tuple[Card, ...], int], tuple[Card, ...]]:
    def playing(hand: tuple[Card, ...], strength: int) -> tuple[Card, ...]:
        _, ranks = rules.decode(strength)
        reading = {rank: place for place, rank in reversed(list(enumerate(ranks)))}
        return tuple(sorted(hand, key=lambda card: reading[card.rank]))

    return playing


def _groups_line(category: Category, cards: tuple[Card, ...]) -> str:
    by_rank: dict[Rank, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    groups = [(rank, group) for rank, group in by_rank.items() if len(group) > 1]

    def named(rank: Rank, group: list[Card]) -> str:
        count = {2: "a pair of", 3: "three", 4: "four"}[len(group)]
        return f"{count} {_plural(rank)} ({format_cards(group)})"

    if not groups:
        return "  no pair: five different ranks"
    return f"  {category.value}: {' and '.join(named(r, g) for r, g in groups)}"


def _straight_line(rules: LowRules, name: str, ranks: tuple[Rank, ...]) -> str | None:
    heights = sorted((rules.height(rank) for rank in ranks), reverse=True)
    in_a_row = heights[0] - heights[4] == 4
    text = "-".join(rank.label for rank in ranks)
    if not rules.straights_count:
        if not in_a_row:
            return None
        return f"  {text} are five ranks in a row, but straights do not count ({rules.rule})"
    if in_a_row:
        return (
            f"  a straight: {text} are five ranks in a row, which counts against it ({rules.rule})"
        )
    if set(ranks) == {Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE}:
        return (
            f"  not a straight: the ace is high in {name}, so {text} is ace high,"
            f" not five ranks in a row ({rules.rule})"
        )
    return f"  not a straight: {text} are not five ranks in a row"


def _flush_line(rules: LowRules, cards: tuple[Card, ...]) -> str | None:
    suits = {card.suit for card in cards}
    if len(suits) == 1:
        suit = next(iter(suits)).symbol
        if rules.flushes_count:
            return f"  a flush: all five are {suit}, which counts against it ({rules.rule})"
        return f"  all five are {suit}, but flushes do not count ({rules.rule})"
    if rules.flushes_count:
        return f"  not a flush: the cards are in {len(suits)} suits"
    return None


def _explain(rules: LowRules, name: str) -> Callable[[RankedValue], list[str]]:
    def explain_lines(value: RankedValue) -> list[str]:
        category, ranks = rules.decode(value.strength)
        aces = "aces are high" if rules.ranks[-1] is Rank.ACE else "aces are low"
        out = [
            f"{format_cards(value.hand)} plays {value}: {format_cards(value.cards)}",
            f"  all five cards play (R9.4); in {name} {aces} ({rules.rule})",
            _groups_line(category, value.cards),
        ]
        if len(set(ranks)) == HAND_SIZE:
            for line in (_straight_line(rules, name, ranks), _flush_line(rules, value.cards)):
                if line is not None:
                    out.append(line)
        elif rules.straights_count or rules.flushes_count:
            # A straight needs five ranks, and a deck has one card of each rank and suit.
            out.append(
                "  neither a straight nor a flush: a repeated rank leaves fewer than five"
                " ranks, and two cards of one rank differ in suit"
            )
        order = ", ".join(c.value for c in rules.categories)
        out.append(f"  {name} from best to worst: {order} ({rules.rule})")
        return out

    return explain_lines


def _reason(rules: LowRules, name: str) -> Callable[[RankedValue, RankedValue], str]:
    def reason(winner: RankedValue, loser: RankedValue) -> str:
        mine, ours = rules.decode(winner.strength)
        theirs, their_ranks = rules.decode(loser.strength)
        if mine is not theirs:
            return f"{mine.value} beats {theirs.value} in {name} ({rules.rule})"
        for a, b in zip(ours, their_ranks, strict=True):
            if a is not b:
                return (
                    f"both are {mine.value}, and the first difference in reading order is"
                    f" {a.label} against {b.label}; the lower card wins (R9.4)"
                )
        raise ValueError("equal values: neither beats the other")

    return reason


_RULES: dict[Ranking, LowRules] = {}


def category(value: RankedValue) -> Category:
    """The category of a low value (a ValueError for the Badugi rankings)."""
    rules = _RULES.get(value.ranking)
    if rules is None:
        raise ValueError(f"{value.ranking.name} is not a five-card low")
    return rules.decode(value.strength)[0]


def low_ranking(*, name: str, title: str, rules: LowRules) -> Ranking:
    """A five-card low ranking from its rules: the two below, or a variant (a mutant)."""
    made = Ranking(
        name=name,
        title=title,
        rule=rules.rule,
        cards_used=HAND_SIZE,
        hand_sizes=(HAND_SIZE,),
        strength=_strength_function(rules),
        describe=_describe(rules),
        parse_value=_parse(rules, name),
        reading=lambda strength: rules.decode(strength)[1],
        playing=_playing(rules),
        explain_lines=_explain(rules, name),
        reason=_reason(rules, name),
    )
    _RULES[made] = rules
    return made


LOW_2_7: Final = low_ranking(name="low-2-7", title="deuce-to-seven low", rules=LOW_2_7_RULES)
LOW_A_5: Final = low_ranking(name="low-a-5", title="ace-to-five low", rules=LOW_A_5_RULES)
