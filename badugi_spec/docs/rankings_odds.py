"""The learner pages on what a hand is worth: the hand rankings and the drawing odds.

The rankings page counts all 270,725 four-card hands with the evaluator's table (`ladder`,
which the figures page reads too) and values the five-card games' reference hands in each
ranking of chapter R9; the odds page's chances come from `badugi_spec.rankings.odds`.
Nothing on either page is typed in.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from badugi_spec.cards import DECK, Rank, parse_cards
from badugi_spec.rankings import RANKINGS
from badugi_spec.rankings.house import (
    MAX_CARDS,
    describe_ranks,
    evaluate,
    parse_value,
    strength_of_mask,
)
from badugi_spec.rankings.odds import draw_odds, percent

from .learn import faces
from .render import text
from .templating import render

RuleLink = Callable[[str], str]

# ----- hand rankings -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ladder:
    """Every value, best first, with how many of the 270,725 four-card hands have it."""

    values: list[tuple[int, int]]
    """(strength, hands) from the best value down."""
    total: int

    def share_beaten(self, strength: int) -> float:
        """Share of all four-card hands that a hand of this strength beats."""
        return sum(h for s, h in self.values if s < strength) / self.total

    def share_at_least(self, strength: int) -> float:
        """Share of all four-card hands this good or better."""
        return sum(h for s, h in self.values if s >= strength) / self.total


@functools.cache
def ladder() -> Ladder:
    """Counted with the evaluator's table, which holds every hand's value by card mask."""
    bits = [1 << index for index in range(len(DECK))]
    counts = Counter(map(strength_of_mask, map(sum, combinations(bits, MAX_CARDS))))
    values = sorted(counts.items(), reverse=True)
    return Ladder(values, sum(counts.values()))


@dataclass(frozen=True, slots=True)
class HandCounts:
    by_size: dict[int, int]
    """Number of 4-card hands (of 270,725) whose best playable set has this many cards."""
    values_by_size: dict[int, int]
    """Distinct hand values of each size."""

    @property
    def total(self) -> int:
        return sum(self.by_size.values())

    @property
    def distinct_values(self) -> int:
        return sum(self.values_by_size.values())


def hand_counts() -> HandCounts:
    """Evaluate every one of the C(52, 4) hands with the project's evaluator."""
    by_size: Counter[int] = Counter()
    values_by_size: Counter[int] = Counter()
    for strength, hands in ladder().values:
        by_size[strength >> 16] += hands  # the size is the top field of a strength
        values_by_size[strength >> 16] += 1
    return HandCounts(dict(sorted(by_size.items())), dict(sorted(values_by_size.items())))


def _strength(value: str) -> int:
    return parse_value(value)[0]


_LANDMARKS: Final = (
    ("4-3-2-A", "A♠ 2♥ 3♦ 4♣", "the best hand"),
    ("6-5-4-3", "3♠ 4♥ 5♦ 6♣", ""),
    ("7-4-3-2", "2♠ 3♥ 4♦ 7♣", ""),
    ("8-6-4-2", "2♠ 4♥ 6♦ 8♣", ""),
    ("10-8-5-3", "3♠ 5♥ 8♦ 10♣", ""),
    ("Q-J-9-7", "7♠ 9♥ J♦ Q♣", ""),
    ("K-Q-J-10", "10♠ J♥ Q♦ K♣", "the worst badugi"),
    ("3-2-A", "A♠ 2♥ 3♦ 3♣", "the best three-card hand"),
    ("7-5-2", "2♠ 5♥ 7♦ 7♣", ""),
    ("K-Q-J", "J♠ Q♥ K♦ K♣", "the worst three-card hand"),
    ("2-A", "A♠ 2♥ A♥ 2♠", "the best two-card hand"),
    ("K-Q", "Q♠ K♥ K♠ Q♥", "the worst two-card hand"),
    ("A", "A♠ 2♠ 3♠ 4♠", "the best one-card hand"),
    ("K", "K♠ K♥ K♦ K♣", "the worst hand of all"),
)


def rankings_md(rule_link: RuleLink) -> str:
    lad = ladder()
    by_size = hand_counts().by_size
    bars = []
    for size in (4, 3, 2, 1):
        share = by_size[size] / lad.total
        name = "badugi (4 cards play)" if size == 4 else f"{size} cards play"
        name = "1 card plays" if size == 1 else name
        bars.append(
            {"name": name, "width": f"{max(share * 100, 0.6):.1f}", "share": f"{share:.2%}"}
        )
    landmarks = []
    for value, example, note in _LANDMARKS:
        strength = _strength(value)
        assert evaluate(parse_cards(example)).strength == strength, (value, example)
        label = describe_ranks(parse_value(value)[1]) + (f", {note}" if note else "")
        landmarks.append(
            {
                "label": text(label),
                "example": faces(example),
                "beaten": f"{lad.share_beaten(strength):.2%}",
            }
        )
    tops: dict[int, tuple[int, int, int]] = {}
    for strength, hands in lad.values:
        if strength >> 16 != 4:
            continue
        top = 14 - (strength >> 12 & 15)
        distinct, count, weakest = tops.get(top, (0, 0, strength))
        tops[top] = (distinct + 1, count + hands, min(weakest, strength))
    top_rows = [
        {
            "label": next(r for r in Rank if r.order == top).label,
            "distinct": tops[top][0],
            "count": tops[top][1],
            "better": f"{lad.share_at_least(tops[top][2]):.2%}",
        }
        for top in sorted(tops)
    ]
    return render(
        "pages/rankings.md",
        r=rule_link,
        total=lad.total,
        bars=bars,
        landmarks=landmarks,
        tops=top_rows,
        rankings=[
            {"name": c.name, "title": c.title, "rule": c.rule, "note": _RANKING_NOTES[c.name]}
            for c in RANKINGS.values()
        ],
        reference=_reference_rows(),
    )


_REFERENCE_HANDS: Final = (
    "2♠ 3♥ 4♦ 5♣ 7♠",
    "A♠ 2♥ 3♦ 4♣ 5♠",
    "A♠ 2♥ 3♦ 4♣ K♠",
    "A♠ 2♥ 3♦ 4♣ 9♠",
    "2♠ 3♥ 4♦ 6♣ K♦",
    "3♠ 4♥ 5♦ 6♣ 7♦",
    "2♥ 3♥ 4♥ 5♥ 7♥",
    "A♥ 2♥ 3♥ 4♥ 5♥",
    "2♠ 2♥ 3♦ 4♣ 8♠",
)
"""Five-card hands that tell the four rankings of chapter R9 apart (FAMILY-NOTES 3.3)."""

_RANKING_NOTES: Final = {
    "badugi": "the house ranking on up to five cards: the best group of at most four plays,"
    " aces low",
    "badugi-ace-high": "the same groups, but the ace ranks above the king, so it is the worst"
    " card a group can hold",
    "low-2-7": "all five cards play, aces high; straights and flushes count against the hand,"
    " and A-5-4-3-2 is no straight",
    "low-a-5": "all five cards play, aces low; straights and flushes are ignored, so"
    " 5-4-3-2-A is the best hand in any suits",
}


def _reference_rows() -> list[dict[str, Any]]:
    """The reference hands valued in each ranking of chapter R9, by the rankings themselves
    (`badugi_spec.rankings`), so the table cannot drift from the code."""
    rows = []
    for hand in _REFERENCE_HANDS:
        cells = []
        for chosen in RANKINGS.values():
            value = chosen.evaluate(hand)
            cells.append(f"{text(str(value))}: {faces(' '.join(map(str, value.cards)))}")
        rows.append({"hand": faces(hand), "cells": cells})
    return rows


# ----- drawing odds --------------------------------------------------------------------


_THREES: Final = (
    "A♠ 2♥ 3♦",
    "A♠ 2♥ 5♦",
    "2♠ 4♥ 6♦",
    "3♠ 5♥ 7♦",
    "4♠ 6♥ 8♦",
    "5♠ 7♥ 9♦",
    "8♠ 10♥ Q♦",
    "J♠ Q♥ K♦",
)


_DEAD: Final = (
    ("", "none"),
    ("9♠ Q♥", "two non-clubs"),
    ("4♣", "one club"),
    ("4♣ 5♣", "two clubs"),
    ("4♣ 5♣ 6♣ 7♣", "four clubs"),
)


def odds_md(rule_link: RuleLink) -> str:
    threes = []
    for kept in _THREES:
        any_badugi = draw_odds(kept)
        threes.append(
            {
                "kept": faces(kept),
                "outs": any_badugi.outs,
                "badugi": [percent(p) for p in any_badugi.badugi],
                "eight": percent(draw_odds(kept, top=Rank.EIGHT).badugi[-1]),
                "seven": percent(draw_odds(kept, top=Rank.SEVEN).badugi[-1]),
            }
        )
    dead = []
    for cards, label in _DEAD:
        odds = draw_odds("A♠ 2♥ 3♦", dead=cards)
        dead.append(
            {
                "label": label,
                "shown": faces(cards) if cards else "",
                "outs": odds.outs,
                "unseen": odds.unseen,
                "badugi": [percent(p) for p in odds.badugi],
            }
        )
    more = []
    for kept in ("A♠ 2♥ 3♦", "A♠ 2♥", "A♠"):
        odds = draw_odds(kept)
        more.append(
            {
                "kept": faces(kept),
                "draw": MAX_CARDS - len(parse_cards(kept)),
                "badugi": [percent(p) for p in odds.badugi],
                "improve": percent(odds.improve[-1]),
            }
        )
    return render(
        "pages/odds.md",
        r=rule_link,
        faces=faces,
        threes=threes,
        reference=draw_odds("A♠ 2♥ 3♦"),
        dead=dead,
        more=more,
    )
