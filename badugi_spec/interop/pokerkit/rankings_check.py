"""Our four rankings against PokerKit's hand classes, hand by hand.

PokerKit (PyPI `pokerkit`, an optional extra) has a class for each ranking:
`BadugiHand` (aces low), `StandardBadugiHand` (aces high), `StandardLowHand` (2-7) and
`RegularLowHand` (A-5), each built from a player's cards with `from_game`. Two evaluators
agree when they order hands the same way: equal where the other is equal, better where
the other is better. So for every hand the pair (our strength, PokerKit's strength) is
recorded; agreement means one PokerKit strength per ours and the same order on both.

`make pokerkit-rankings` runs every hand: the 270,725 four-card hands for the Badugi
rankings and the 2,598,960 five-card hands for all four. PokerKit takes a few hundred
microseconds for a five-card Badugi hand, so that run takes the better part of an hour;
`--sample N` checks N random hands per ranking and hand size instead (the tests do).
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

import pokerkit

from badugi_spec.cards import DECK, format_cards
from badugi_spec.rankings import RANKINGS, ranking

POKERKIT_CLASSES: Final = {
    "badugi": "BadugiHand",
    "badugi-ace-high": "StandardBadugiHand",
    "low-2-7": "StandardLowHand",
    "low-a-5": "RegularLowHand",
}
_PK_CARDS: Final = tuple(next(iter(pokerkit.Card.parse(str(card)))) for card in DECK)


@dataclass(frozen=True, slots=True)
class Agreement:
    ranking: str
    pokerkit_class: str
    size: int
    hands: int
    values: int
    """Distinct values seen (ours; PokerKit's number is the same when they agree)."""
    disagreement: str | None
    """The first difference found, as two hands and both verdicts; None when they agree."""
    seconds: float

    def line(self) -> str:
        verdict = "agree" if self.disagreement is None else f"DIFFER: {self.disagreement}"
        return (
            f"{self.ranking} vs {self.pokerkit_class}, {self.size}-card hands: {self.hands:,}"
            f" hands, {self.values:,} values, {verdict} ({self.seconds:.1f} s)"
        )


def _pokerkit_strength(hand_type: Any) -> Callable[[Sequence[int]], int]:
    """PokerKit strength: its lookup index, turned round for low hands (larger is better)."""
    from_game = hand_type.from_game
    sign = -1 if hand_type.low else 1

    def strength(indexes: Sequence[int]) -> int:
        entry = from_game([_PK_CARDS[i] for i in indexes]).entry
        return int(sign * entry.index)

    return strength


def _show(indexes: Sequence[int]) -> str:
    return format_cards(DECK[i] for i in indexes)


def agree(name: str, hands: Iterable[Sequence[int]], *, size: int) -> Agreement:
    """Compare ranking `name` with its PokerKit class on `hands` (deck indexes)."""
    ours = ranking(name).strength
    class_name = POKERKIT_CLASSES[name]
    theirs = _pokerkit_strength(getattr(pokerkit, class_name))
    start = time.perf_counter()
    pk_of: dict[int, int] = {}
    ours_of: dict[int, int] = {}
    example: dict[int, Sequence[int]] = {}
    disagreement: str | None = None
    count = 0
    for hand in hands:
        count += 1
        mine, pk = ours(hand), theirs(hand)
        example.setdefault(mine, hand)
        if pk_of.setdefault(mine, pk) != pk or ours_of.setdefault(pk, mine) != mine:
            other = example[mine] if pk_of[mine] != pk else example[ours_of[pk]]
            disagreement = (
                f"{_show(hand)} and {_show(other)}: equal for one evaluator, not the other"
            )
            break
    if disagreement is None:
        ordered = sorted(pk_of.items())
        for (low, low_pk), (high, high_pk) in itertools.pairwise(ordered):
            if not low_pk < high_pk:
                disagreement = (
                    f"{_show(example[high])} beats {_show(example[low])} here, but not in PokerKit"
                )
                break
    return Agreement(
        ranking=name,
        pokerkit_class=class_name,
        size=size,
        hands=count,
        values=len(pk_of),
        disagreement=disagreement,
        seconds=time.perf_counter() - start,
    )


def sizes(name: str) -> tuple[int, ...]:
    """The hand sizes checked: four and five cards for Badugi, five for the lows."""
    return (4, 5) if RANKINGS[name].cards_used == 4 else (5,)


def sample(size: int, count: int, *, seed: int) -> Iterator[tuple[int, ...]]:
    """`count` different hands of `size` cards, drawn with a seeded generator."""
    rng = random.Random(f"{seed}-{size}")
    seen: set[frozenset[int]] = set()
    while len(seen) < count:
        hand = tuple(rng.sample(range(52), size))
        if frozenset(hand) not in seen:
            seen.add(frozenset(hand))
            yield hand


def every(size: int) -> Iterator[tuple[int, ...]]:
    return itertools.combinations(range(52), size)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sample", type=int, metavar="N", help="N random hands, not all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ranking", choices=list(RANKINGS), action="append")
    args = parser.parse_args(argv)
    failed = 0
    for name in args.ranking or RANKINGS:
        for size in sizes(name):
            if args.sample is None:
                hands = every(size)
            else:
                hands = sample(size, args.sample, seed=args.seed)
            result = agree(name, hands, size=size)
            print(result.line(), flush=True)
            failed += result.disagreement is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
