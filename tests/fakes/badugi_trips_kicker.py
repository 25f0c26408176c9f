"""A Badugi evaluator that plays two cards of trips: `2-A-A` for A♠ A♥ A♦ 2♣.

Run as `python tests/fakes/badugi_trips_kicker.py`: an evaluator (capabilities
`evaluate` and `compare`, no play) speaking protocol 2 on stdin/stdout, with the profile
`house` and all four rankings of chapter R9 declared.

The bug, in the house Badugi and in both Badugi rankings of R9 (`badugi`,
`badugi-ace-high`, one to five cards): it sorts the hand by rank and records a rank clash
only between neighbours ("a pair's cards lie side by side once the hand is sorted"), so
of three cards of one rank the outer two are never seen to clash and may play together.
It then searches every group with no recorded clash and no repeated suit, as R2.5 says.
Pairs and two pair come out right, because their cards are neighbours, and four of a
kind goes through a special case written from the rulebook's own example ("four of a
kind plays as a single card", R2.5), which keeps one of the four. So only a hand with
exactly three cards of a rank goes wrong: A♠ A♥ A♦ 2♣ is valued as the 3-card 2-A-A
rather than the 2-card 2-A (R2.1), whenever the outer two of the three and the kickers
have different suits.

Its compare uses the same values, so it is wrong where the extra card changes the order
(K-Q-J against trips of aces and a deuce: R2.3 gives it to K-Q-J) and right where it does
not (5-4-4 against 6-2-2 goes the right way for the wrong reason). The two lows are our
own rankings code, unchanged.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, pairwise
from typing import Any

from badugi_spec.cards import Card, Rank
from badugi_spec.protocol.server import serve
from badugi_spec.scenario.engine_impl import RANKED, EngineImplementation

BADUGI_RANKINGS = {None: False, "badugi": False, "badugi-ace-high": True}
"""The Badugi readings this fake values itself, and whether aces are high in each."""

Value = tuple[int, tuple[int, ...]]
"""(cards that play, their heights highest first); more cards, then lower heights, win."""


def _height(card: Card, aces_high: bool) -> int:
    return 14 if aces_high and card.rank is Rank.ACE else card.rank.order


def badugi_value(hand: Sequence[Card], aces_high: bool) -> tuple[Value, tuple[Card, ...]]:
    """The fake's value of a Badugi hand and the cards it plays, highest first."""
    counts = Counter(card.rank for card in hand)
    for rank, count in counts.items():
        if count == 4:  # "four of a kind plays as a single card" (R2.5): keep one of them
            options = [
                badugi_value([c for c in hand if c.rank is not rank or c is kept], aces_high)
                for kept in hand
                if kept.rank is rank
            ]
            return max(options, key=lambda option: _better(option[0]))
    ordered = sorted(hand, key=lambda card: (_height(card, aces_high), card.suit.value))
    clashes = {frozenset((a, b)) for a, b in pairwise(ordered) if a.rank is b.rank}
    for size in range(min(len(hand), 4), 0, -1):
        found: list[tuple[Value, tuple[Card, ...]]] = []
        for group in combinations(ordered, size):
            if len({card.suit for card in group}) < size:
                continue
            if any(frozenset(pair) in clashes for pair in combinations(group, 2)):
                continue
            playing = tuple(sorted(group, key=lambda c: _height(c, aces_high), reverse=True))
            found.append(((size, tuple(_height(c, aces_high) for c in playing)), playing))
        if found:
            return max(found, key=lambda option: _better(option[0]))
    raise AssertionError("a single card always plays")


def _better(value: Value) -> tuple[int, tuple[int, ...]]:
    """A key that grows as the value gets better: more cards, then lower heights."""
    size, heights = value
    return size, tuple(-height for height in heights)


class BadugiTripsKicker(EngineImplementation):
    name = "fake-badugi-trips-kicker"
    profiles = ("house",)
    rankings = RANKED

    def capabilities(self) -> frozenset[str]:
        return frozenset({"evaluate", "compare"})

    def evaluate(self, cards: list[str], ranking: str | None = None) -> dict[str, Any]:
        if ranking not in BADUGI_RANKINGS:
            return super().evaluate(cards, ranking)
        _, playing = badugi_value([Card.parse(text) for text in cards], BADUGI_RANKINGS[ranking])
        return {"size": len(playing), "ranks": [card.rank.label for card in playing]}

    def compare(self, hands: list[list[str]], ranking: str | None = None) -> list[int]:
        if ranking not in BADUGI_RANKINGS:
            return super().compare(hands, ranking)
        aces_high = BADUGI_RANKINGS[ranking]
        keys = [
            _better(badugi_value([Card.parse(t) for t in hand], aces_high)[0]) for hand in hands
        ]
        top = max(keys)
        return [i for i, key in enumerate(keys) if key == top]


def main() -> int:
    return serve(BadugiTripsKicker(), version="fake")


if __name__ == "__main__":
    sys.exit(main())
