"""The four rankings on random five-card hands, each against its PokerKit class.

Both sides value the same seeded hands, each in its native form prepared outside the
timing: deck indexes for `ranking.strength`, PokerKit's Card objects for its `from_game`.
PokerKit's Badugi classes take a few hundred microseconds a hand, so they get fewer of
the hands; a rate is a rate.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from pokerkit import BadugiHand, RegularLowHand, StandardBadugiHand, StandardLowHand
from pokerkit import Card as PkCard

from badugi_spec.cards import DECK
from badugi_spec.rankings import RANKINGS
from benchmarks.timing import Row, best_of

HANDS = 20_000
PEER = {
    "badugi": (BadugiHand, 2_000),
    "badugi-ace-high": (StandardBadugiHand, 2_000),
    "low-2-7": (StandardLowHand, 10_000),
    "low-a-5": (RegularLowHand, 10_000),
}


def _each(function: Callable[[Any], object], items: Sequence[Any]) -> Callable[[], None]:
    """A loop calling `function` on every item: the same loop shape on both sides."""

    def run_all() -> None:
        for item in items:
            function(item)

    return run_all


def run() -> list[Row]:
    rng = random.Random(13)
    hands = [tuple(rng.sample(range(52), 5)) for _ in range(HANDS)]
    to_pk = [next(iter(PkCard.parse(str(card)))) for card in DECK]
    rows = []
    for name, chosen in RANKINGS.items():
        chosen.strength(hands[0])  # tables are built on first use; the house row times that
        hand_type, count = PEER[name]
        pk_hands = [tuple(to_pk[i] for i in hand) for hand in hands[:count]]
        # Ours takes milliseconds a run, so more runs: the best of many is the least disturbed.
        rate = HANDS / best_of(_each(chosen.strength, hands), repeat=25)
        pk_rate = count / best_of(_each(hand_type.from_game, pk_hands), repeat=3)
        rows.append(
            Row(
                "rankings",
                f"{name}, random 5-card hands (hands/s)",
                rate,
                pk_rate,
                "hands/s",
                rate / pk_rate,
                ">= 50x PokerKit",
                rate / pk_rate >= 50,
                f"vs {hand_type.__name__}.from_game; {count:,} of the {HANDS:,} hands",
            )
        )
    return rows
