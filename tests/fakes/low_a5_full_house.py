"""An ace-to-five evaluator that scores every full house as the best hand.

Run as `python tests/fakes/low_a5_full_house.py`: an evaluator (capabilities `evaluate`
and `compare`, no play) speaking protocol 2 on stdin/stdout, with the profile `house` and
all four rankings of chapter R9 declared.

The bug, in `low-a-5` only: its table of categories, written best first, has the full
house at the top, above no pair, so every full house outranks every other hand, the
wheel included, and any two full houses tie (their ranks are never read). R9.6 puts the
full house fifth of six, below three of a kind.

What it reports is right: an `evaluate` answer names the category and the ranks in
reading order (`2-2-2-K-K (full house)`), so no evaluate line can see the bug. Only a
`compare in low-a-5` line with a full house on one side does: trips beat a full house,
and 3-3-3-K-K beats 4-4-4-A-A. Everything else is our own rankings code, unchanged.
"""

from __future__ import annotations

import sys

from badugi_spec.protocol.server import serve
from badugi_spec.rankings import LOW_A_5, Category, category
from badugi_spec.rankings.lows import TOP
from badugi_spec.scenario.engine_impl import RANKED, EngineImplementation, ranked_hand

BEST: int = TOP
"""Above the strength of every real hand, the wheel's included (lows.TOP - badness)."""


def low_a5_strength(cards: list[str]) -> int:
    """The fake's strength of an ace-to-five hand: right but for every full house."""
    value = LOW_A_5.evaluate(ranked_hand(LOW_A_5, cards))
    if category(value) is Category.FULL_HOUSE:
        return BEST
    return value.strength


class LowA5FullHouse(EngineImplementation):
    name = "fake-low-a5-full-house"
    profiles = ("house",)
    rankings = RANKED

    def capabilities(self) -> frozenset[str]:
        return frozenset({"evaluate", "compare"})

    def compare(self, hands: list[list[str]], ranking: str | None = None) -> list[int]:
        if ranking != LOW_A_5.name:
            return super().compare(hands, ranking)
        strengths = [low_a5_strength(hand) for hand in hands]
        top = max(strengths)
        return [i for i, strength in enumerate(strengths) if strength == top]


def main() -> int:
    return serve(LowA5FullHouse(), version="fake")


if __name__ == "__main__":
    sys.exit(main())
