"""Landmark hands of the two five-card lows (2-7 and A-5) and of the Badugi halves: each
valued by its ranking, with the exact share of all 2,598,960 five-card hands it beats.

The share is counted by class rather than hand by hand: in a five-card low, a hand's value
depends only on its ranks, and on its suits only through whether all five share one (a
flush; a hand with a pair cannot be one). So every hand falls in one of these classes:

- five different ranks, one suit: 4 hands each;
- five different ranks, not all one suit: 4^5 - 4 = 1,020 hands each;
- ranks with a repeat (a pair or more): the product over its ranks of C(4, count).

One hand of each class is valued by the ranking's own `strength`: 7,449 valuations instead
of 2.6 million, and the class sizes add up to C(52, 5), which `classes` checks.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from badugi_spec.cards import DECK, parse_cards
from badugi_spec.rankings import ranking

from .figures import Figure

ALL_HANDS: Final = math.comb(52, 5)


@dataclass(frozen=True, slots=True)
class Landmark:
    cards: str
    comment: str


LOWS: Final = {
    "low-2-7": (
        Landmark("7♠ 5♥ 4♦ 3♣ 2♠", "the best hand: seven-five, not all one suit"),
        Landmark("8♠ 5♥ 4♦ 3♣ 2♠", "an eight: strong; it wins many showdowns"),
        Landmark("9♠ 8♥ 6♦ 4♣ 3♠", "a nine: still above most hands"),
        Landmark("K♠ Q♥ J♦ 9♣ 8♠", "king high: weak, yet it beats every pair"),
        Landmark(
            "A♠ 5♥ 4♦ 3♣ 2♠", "trap: the ace is high and this is no straight, so it is ace high"
        ),
        Landmark("6♠ 5♥ 4♦ 3♣ 2♠", "trap: a straight counts against you"),
        Landmark("7♥ 5♥ 4♥ 3♥ 2♥", "trap: a flush counts against you"),
        Landmark("2♠ 2♥ 4♦ 5♣ 7♠", "a pair: it beats only pairs above it, straights and flushes"),
    ),
    "low-a-5": (
        Landmark("5♠ 4♥ 3♦ 2♣ A♠", "the best hand: the wheel"),
        Landmark("5♥ 4♥ 3♥ 2♥ A♥", "also the wheel: straights and flushes do not count"),
        Landmark("6♠ 4♥ 3♦ 2♣ A♠", "a six: very strong"),
        Landmark("8♠ 7♥ 5♦ 3♣ A♠", "an eight: good at a full table"),
        Landmark("K♠ Q♥ J♦ 10♣ 9♠", "king high, the worst hand without a pair (no straight)"),
        Landmark("7♠ 5♥ 4♦ 3♣ 2♠", "trap: the 2-7 nuts, but here the ace is low and missing"),
        Landmark("A♠ A♥ 2♦ 3♣ 4♠", "a pair of aces loses to any hand without a pair"),
    ),
}
"""The rows' cards and comments; their order, values and shares come from the ranking."""

BADUGI_HALVES: Final = {
    "badugi-ace-high": (
        Landmark("2♠ 3♥ 4♦ 5♣", "the best: aces are high in Badeucy's Badugi half"),
        Landmark("A♠ 2♥ 3♦ 4♣", "trap: the ace plays high, so this is an ace-high badugi"),
        Landmark("2♠ 3♥ 4♦ 4♣", "three cards: any four-card badugi beats it"),
    ),
    "badugi": (
        Landmark("A♠ 2♥ 3♦ 4♣", "the best: aces are low in Badacy's Badugi half"),
        Landmark("2♠ 3♥ 4♦ 5♣", "a fine badugi, but the ace-low one beats it here"),
        Landmark("K♠ Q♥ J♦ 10♣", "the worst four-card badugi still beats every three-card hand"),
    ),
}


@functools.cache
def classes(name: str) -> tuple[tuple[int, int], ...]:
    """(strength, how many hands) for every class of five-card hand, in the ranking."""
    strength: Callable[[list[int]], int] = ranking(name).strength
    out: list[tuple[int, int]] = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        if len(counts) == 5:
            suited = [r * 4 for r in ranks]
            mixed = [r * 4 + (i % 4) for i, r in enumerate(ranks)]  # suits 0,1,2,3,0
            out.append((strength(suited), 4))
            out.append((strength(mixed), 4**5 - 4))
            continue
        cards = [rank * 4 + suit for rank, count in counts.items() for suit in range(count)]
        out.append((strength(cards), math.prod(math.comb(4, c) for c in counts.values())))
    if sum(n for _, n in out) != ALL_HANDS:
        raise AssertionError(f"the {name} classes hold {sum(n for _, n in out)} hands")
    return tuple(out)


def share_beaten(name: str, cards: str) -> float:
    """The share of all five-card hands this hand beats (ties not counted)."""
    mine = ranking(name).strength([card.index for card in parse_cards(cards)])
    return sum(n for value, n in classes(name) if value < mine) / ALL_HANDS


def best_hand(name: str) -> str:
    """The value of the best five-card hand, found over every class."""
    top = max(value for value, _ in classes(name))
    for ranks in itertools.combinations(range(13), 5):
        for cards in ([r * 4 for r in ranks], [r * 4 + (i % 4) for i, r in enumerate(ranks)]):
            if ranking(name).strength(cards) == top:
                return str(ranking(name).evaluate([DECK[i] for i in cards]))
    raise AssertionError("no hand has the best class's value")


def table_md(name: str, landmarks: tuple[Landmark, ...], *, shares: bool = True) -> list[str]:
    """The landmark hands best first, as the ranking orders them."""
    rank = ranking(name)
    valued = sorted(landmarks, key=lambda m: rank.evaluate(m.cards), reverse=True)
    head = "| Hand | Value | Beats | Comment |" if shares else "| Hand | Value | Comment |"
    lines = [head, "| --- | --- | --- | --- |" if shares else "| --- | --- | --- |"]
    for mark in valued:
        value = rank.evaluate(mark.cards)
        beats = f" {share_beaten(name, mark.cards):.1%} |" if shares else ""
        lines.append(f"| {mark.cards} | {value} |{beats} {mark.comment} |")
    return lines


TABLES: Final = {**LOWS, **BADUGI_HALVES}
"""The landmark tables a lesson may show by ranking name (`[[landmarks low-2-7]]`)."""

_RANKED: Final = re.compile(r"(rank|beats|best|better) ([\w-]+)(?::(.*))?")


def figure(ref: str) -> Figure | None:
    """A figure of a ranking rather than a hand, or None if `ref` is not one:
    `rank low-2-7: A♠ 5♥ 4♦ 3♣ 2♠` (its value), `beats low-2-7: ...` (the share of all
    five-card hands it beats), `best low-2-7` (the best hand's value), and
    `better low-2-7: X | Y` (the better of two hands, or `They tie`)."""
    match = _RANKED.fullmatch(ref.strip())
    if match is None:
        return None
    what, name, cards = match.group(1), match.group(2), (match.group(3) or "").strip()
    try:
        rank = ranking(name)
        if what == "best":
            return Figure(best_hand(name), "value")
        if what == "rank":
            return Figure(str(rank.evaluate(cards)), "value")
        if what == "beats":
            return Figure(f"{share_beaten(name, cards):.1%}", "percent", share_beaten(name, cards))
        first, _, second = (part.strip() for part in cards.partition("|"))
        a, b = rank.evaluate(first), rank.evaluate(second)
        return Figure(first if a > b else second if b > a else "They tie", "cards")
    except (ValueError, KeyError) as error:
        raise ValueError(f"[[{ref}]]: {error}") from None
