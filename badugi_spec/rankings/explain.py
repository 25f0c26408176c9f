"""Why a hand plays the cards it plays: the teaching view of the evaluator (R2.1, R2.5).

The docs and the CLI show this. It recounts every subset, as a learner would, rather than
reusing the evaluator's shortcut-free search, so the two views can be checked against
each other.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from badugi_spec.cards import Card, as_cards, format_cards
from badugi_spec.rankings.house import HandValue, evaluate


@dataclass(frozen=True, slots=True)
class Drop:
    """A card that does not play, and the playing cards it clashes with."""

    card: Card
    same_rank: tuple[Card, ...]
    same_suit: tuple[Card, ...]

    def reason(self) -> str:
        clashes = []
        if self.same_rank:
            clashes.append(f"pairs with {format_cards(self.same_rank)}")
        if self.same_suit:
            clashes.append(f"shares {self.card.suit.symbol} with {format_cards(self.same_suit)}")
        return f"{self.card.pretty()} is dropped: it {' and '.join(clashes)}"


@dataclass(frozen=True, slots=True)
class Explanation:
    hand: tuple[Card, ...]
    value: HandValue
    drops: tuple[Drop, ...]
    subsets: int
    valid_subsets: int
    rivals: tuple[tuple[Card, ...], ...]
    """Other playable sets of the largest size, which lose to the chosen one or tie it."""

    def lines(self) -> list[str]:
        out = [f"{format_cards(self.hand)} plays {self.value}: {format_cards(self.value.cards)}"]
        out.extend(f"  {drop.reason()}" for drop in self.drops)
        if not self.drops:
            out.append("  no card is dropped: four ranks and four suits (R2.2)")
        out.append(
            f"  all {self.subsets} subsets were considered (R2.5): {self.valid_subsets} have"
            f" no repeated rank or suit, the largest have {self.value.size}"
            f" card{'s' if self.value.size != 1 else ''}"
        )
        for rival in self.rivals:
            rival_value = evaluate(rival)
            verdict = "ties it (R2.7)" if rival_value == self.value else "is worse (R2.4)"
            out.append(f"  {format_cards(rival)} would play {rival_value}, which {verdict}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _is_playable(cards: tuple[Card, ...]) -> bool:
    return len({c.rank for c in cards}) == len(cards) == len({c.suit for c in cards})


def explain(cards: str | Iterable[Card]) -> Explanation:
    hand = as_cards(cards)
    value = evaluate(hand)
    subsets = [s for size in range(1, len(hand) + 1) for s in combinations(hand, size)]
    valid = [s for s in subsets if _is_playable(s)]
    largest = [s for s in valid if len(s) == value.size]
    chosen = set(value.cards)
    rivals = tuple(
        tuple(sorted(s, key=lambda c: -c.rank.order)) for s in largest if set(s) != chosen
    )
    drops = tuple(
        Drop(
            card=card,
            same_rank=tuple(c for c in value.cards if c.rank == card.rank),
            same_suit=tuple(c for c in value.cards if c.suit == card.suit),
        )
        for card in hand
        if card not in chosen
    )
    return Explanation(
        hand=hand,
        value=value,
        drops=drops,
        subsets=len(subsets),
        valid_subsets=len(valid),
        rivals=rivals,
    )
