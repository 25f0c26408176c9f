"""The four rankings on random five-card hands, each against its PokerKit class.

Both sides value the same seeded hands, each in its native form prepared outside the
timing: deck indexes for `ranking.strength`, PokerKit's Card objects for its `from_game`.

The two sides take turns: each round times ours on all the hands, then PokerKit on its
next slice of them, sized so that both runs of a round last a few milliseconds. These
machines swing between a quick and a slow state for seconds at a time; timing one side
after the other lets a swing land on one side only, while in turns both sides get the
same chances, and each side's figure is its best round. PokerKit's slices differ from
round to round, so its best round is also its easiest slice: that errs in its favour.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from pokerkit import BadugiHand, RegularLowHand, StandardBadugiHand, StandardLowHand
from pokerkit import Card as PkCard

from badugi_spec.cards import DECK
from badugi_spec.rankings import RANKINGS
from benchmarks.timing import Row, seconds

HANDS = 20_000
ROUNDS = 25
PEER = {
    # PokerKit's Badugi classes take about 150 us a hand and its lows about 6 us, so a
    # round gives them 40 and 400 hands: a few milliseconds, as our 20,000 take.
    "badugi": (BadugiHand, 40),
    "badugi-ace-high": (StandardBadugiHand, 40),
    "low-2-7": (StandardLowHand, 400),
    "low-a-5": (RegularLowHand, 400),
}


def _each(function: Callable[[Any], object], items: Sequence[Any]) -> Callable[[], None]:
    """A loop calling `function` on every item: the same loop shape on both sides."""

    def run_all() -> None:
        for item in items:
            function(item)

    return run_all


def in_turns(ours: Callable[[], None], theirs: Sequence[Callable[[], None]]) -> tuple[float, float]:
    """The best time of each side over rounds that time ours, then the next of theirs."""
    best_ours = best_theirs = float("inf")
    for work in theirs:
        best_ours = min(best_ours, seconds(ours))
        best_theirs = min(best_theirs, seconds(work))
    return best_ours, best_theirs


def run() -> list[Row]:
    rng = random.Random(13)
    hands = [tuple(rng.sample(range(52), 5)) for _ in range(HANDS)]
    to_pk = [next(iter(PkCard.parse(str(card)))) for card in DECK]
    rows = []
    for name, chosen in RANKINGS.items():
        chosen.strength(hands[0])  # tables are built on first use; the house row times that
        hand_type, chunk = PEER[name]
        pk_hands = [tuple(to_pk[i] for i in hand) for hand in hands[: chunk * ROUNDS]]
        slices = [pk_hands[k * chunk : (k + 1) * chunk] for k in range(ROUNDS)]
        ours, theirs = in_turns(
            _each(chosen.strength, hands), [_each(hand_type.from_game, s) for s in slices]
        )
        rate, pk_rate = HANDS / ours, chunk / theirs
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
                f"vs {hand_type.__name__}.from_game; best of {ROUNDS} rounds in turns,"
                f" {HANDS:,} hands ours and {chunk} theirs a round",
            )
        )
    return rows
