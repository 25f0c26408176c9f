"""Cards and hand values between the protocol and PokerKit, for the adapter (`adapter`).

A card crosses by its text both ways (`pk_card`, `card_text`). A hand's value is
PokerKit's, from its `BadugiHand` and, in the rankings of chapter R9, its
`StandardBadugiHand`, `StandardLowHand` and `RegularLowHand`: the cards PokerKit plays,
and for a low its label; only the order they are written in is ours (R9.4). Kept apart
from the play glue because `evaluate` and `compare` need nothing else, and the snapshot
and the result show values the same way.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pokerkit

from badugi_spec.cards import Card, Rank
from badugi_spec.errors import CardError
from badugi_spec.scenario.engine_impl import RequestError
from badugi_spec.scenario.runner import Skip


def pk_card(text: str) -> pokerkit.Card:
    try:
        return next(iter(pokerkit.Card.parse(str(Card.parse(text)))))
    except CardError as error:
        raise RequestError(str(error)) from None


def card_text(card: pokerkit.Card) -> str:
    return repr(card)


HAND_TYPES: dict[str, type[pokerkit.Hand]] = {
    "badugi": pokerkit.BadugiHand,
    "badugi-ace-high": pokerkit.StandardBadugiHand,
    "low-2-7": pokerkit.StandardLowHand,
    "low-a-5": pokerkit.RegularLowHand,
}
"""PokerKit's hand type for each ranking of chapter R9 (FAMILY-NOTES 3.2)."""
ACES_HIGH = frozenset({"badugi-ace-high", "low-2-7"})
CATEGORIES: dict[pokerkit.Label, str] = {
    pokerkit.Label.HIGH_CARD: "no pair",
    pokerkit.Label.ONE_PAIR: "pair",
    pokerkit.Label.TWO_PAIR: "two pair",
    pokerkit.Label.THREE_OF_A_KIND: "three of a kind",
    pokerkit.Label.STRAIGHT: "straight",
    pokerkit.Label.FLUSH: "flush",
    pokerkit.Label.FULL_HOUSE: "full house",
    pokerkit.Label.FOUR_OF_A_KIND: "four of a kind",
    pokerkit.Label.STRAIGHT_FLUSH: "straight flush",
}
"""PokerKit's label of a low -> the protocol's category (R9.4)."""


def pk_hand(cards: list[pokerkit.Card], ranking: str = "badugi") -> pokerkit.Hand:
    kind = HAND_TYPES[ranking]
    try:
        return kind.from_game(cards)
    except ValueError as error:
        raise Skip(f"PokerKit's {kind.__name__} refuses {len(cards)} cards: {error}") from None


def hand_value(cards: list[pokerkit.Card], ranking: str = "badugi") -> dict[str, Any]:
    """PokerKit's value of the cards in the protocol's form: the cards PokerKit plays, and
    for a low its label; only the order they are written in is ours (R9.4)."""
    hand = pk_hand(cards, ranking)
    ranks = [Card.parse(repr(c)).rank for c in hand.cards]
    counts = Counter(ranks)

    def height(rank: Rank) -> int:
        return 14 if ranking in ACES_HIGH and rank is Rank.ACE else rank.order

    ranks.sort(key=lambda rank: (-counts[rank], -height(rank)))
    answer: dict[str, Any] = {"size": len(ranks), "ranks": [r.label for r in ranks]}
    if HAND_TYPES[ranking] in (pokerkit.StandardLowHand, pokerkit.RegularLowHand):
        answer["category"] = CATEGORIES[hand.entry.label]
    return answer


__all__ = ["ACES_HIGH", "CATEGORIES", "HAND_TYPES", "card_text", "hand_value", "pk_card", "pk_hand"]
