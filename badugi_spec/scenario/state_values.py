"""A seat's cards and values as the protocol's state says them (`state_view`): the texts
of its cards, its value as JSON (`as_json`) and its words in each of the profile's named
rankings, kept by the cards and the rules that value them (`valued`).

Every deal and draw changes a holding, and the state after it says each seat's value
again: valued afresh, by the engine's `value` and `values`, that was a large part of what
such a state cost. For the engine's own rules a value is said from its strength instead (the
table's or the ranking's hot path, `by_strengths`), the playing ranks in reading order,
which is what `as_json` writes; `tests/test_state_view_values.py` holds the two alike.
"""

from __future__ import annotations

from typing import Any, Final

from badugi_spec.cards import DECK, TEXTS, Card
from badugi_spec.engine import Hand
from badugi_spec.engine import hand as _hand_module
from badugi_spec.rankings import RANKINGS, RankedValue, Ranking
from badugi_spec.rankings.house import HandValue, evaluate, tabled_strength

_LABEL: Final = tuple(card.rank.label for card in DECK)
"""Each card's rank label by the card's index (`Rank.label` reads enum values: slow)."""


def as_json(value: HandValue | RankedValue) -> dict[str, Any]:
    # The playing cards in reading order: for a Badugi value its ranks, highest first.
    label = _LABEL
    return {"size": len(value.cards), "ranks": [label[card.index] for card in value.cards]}


def texts(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    text = TEXTS
    return [text[card.index] for card in cards]


def in_rankings(hand: Hand, seat: int) -> dict[str, str]:
    """Ranking -> the seat's value in it, as text (R8.29): `{"low-2-7": "7-5-4-3-2"}`."""
    return {
        name: str(value) for name, value in zip(hand.profile.halves, hand.values(seat), strict=True)
    }


_VALUED: dict[tuple[Any, ...], tuple[tuple[Card, ...], list[str], Any, Any]] = {}
"""The same cards' texts and values in other hands: a fuzzed trial's hands are played
again by the implementation, in each variant, and every deal and draw values each
holding. Keyed by the rules that value them (the evaluator, the rankings, which are
compared by identity, and the halves' names), for the engine's own `value` and `values`
only: a mutant's are always asked."""
VALUED_AT_MOST: Final = 50_000


def valued(
    hand: Hand, seat: int, cards: tuple[Card, ...]
) -> tuple[tuple[Card, ...], list[str], Any, Any]:
    """The seat's cards, their texts, its value as JSON and its words by ranking, as
    `state_view._SEEN` keeps them: the same tuple for the same cards under the same rules."""
    kind = type(hand)
    own = kind.value is Hand.value and kind.values is Hand.values
    evaluator = vars(_hand_module)["evaluate"]  # (as `Hand.value` finds it, patched or not)
    key = (evaluator, hand._rankings, hand.profile.halves, cards) if own else None
    known = None if key is None else _VALUED.get(key)
    if known is None:
        if len(_VALUED) >= VALUED_AT_MOST:
            _VALUED.clear()
        ranked: dict[str, str] | None = None
        if not hand.named_rankings:
            strength = None if evaluator is not evaluate else tabled_strength(_indexes(cards))
            if strength is not None and key is not None:
                known = (cards, texts(cards), _house_said(strength), None)
                _VALUED[key] = known
                return known
            value = hand.value(seat)
        elif own:
            said = by_strengths(hand._rankings, hand.profile.halves, cards)
            if said is not None and key is not None:
                known = (cards, texts(cards), *said)
                _VALUED[key] = known
                return known
            # The engine's `values` starts with its `value`: each evaluated once.
            values = hand.values(seat)
            value = values[0]
            ranked = {n: str(v) for n, v in zip(hand.profile.halves, values, strict=True)}
        else:
            value, ranked = hand.value(seat), in_rankings(hand, seat)
        known = (cards, texts(cards), as_json(value), ranked)
        if key is not None:
            _VALUED[key] = known
    return known


def _indexes(cards: tuple[Card, ...]) -> list[int]:
    return [card.index for card in cards]


_HOUSE_SAID: dict[int, dict[str, Any]] = {}
"""A house value's JSON by its strength (at most one entry for each of its 1,092 values)."""


def _house_said(strength: int) -> dict[str, Any]:
    """`as_json` of the house value of this strength: its playing ranks, highest first, are
    the strength's fields (`house.strength_of`). Valuing the hand (about 4 us) is mostly
    finding which cards of those ranks play, which the JSON does not say; the strength is
    one lookup in the table."""
    said = _HOUSE_SAID.get(strength)
    if said is None:
        size = strength >> 16
        orders = [14 - (strength >> (12 - 4 * place) & 15) for place in range(size)]
        said = _HOUSE_SAID[strength] = {
            "size": size,
            "ranks": [_LABEL[(order - 1) * 4] for order in orders],
        }
    return said


_OWN_RANKINGS: Final = tuple(RANKINGS.values())
_STRENGTH_SAID: dict[tuple[Ranking, int], dict[str, Any]] = {}
"""A value's JSON by its ranking and strength (`by_strengths`): at most one entry for each
value of each ranking (some 16,000 in all)."""


def by_strengths(
    rankings: tuple[Ranking, ...] | None, halves: tuple[str, ...], cards: tuple[Card, ...]
) -> tuple[dict[str, Any], dict[str, str]] | None:
    """The value in the first ranking as JSON, and the words of each ranking's value, from
    the strengths alone (a ranking's hot path), or None where that is not certain to be
    what valuing the hand says: rankings of the registry only, and hand sizes they value.

    `as_json` writes the playing cards' ranks in reading order, which for every ranking
    are the ranks its strength stands for (`Ranking.reading`), and a value's words are
    `describe` of its strength; `tests/test_state_view.py` holds the states to the hand's
    own values. Valuing each seat in each ranking after every deal and draw was most of
    what a state cost in a named ranking's game, the search for its playing cards most
    of that."""
    if rankings is None or len(halves) != len(rankings):
        return None
    size = len(cards)
    for chosen in rankings:
        if chosen not in _OWN_RANKINGS or size not in chosen.hand_sizes:
            return None
    indexes = [card.index for card in cards]
    first = rankings[0]
    strengths = [chosen.strength(indexes) for chosen in rankings]
    key = (first, strengths[0])
    said = _STRENGTH_SAID.get(key)
    if said is None:
        ranks = [rank.label for rank in first.reading(strengths[0])]
        said = _STRENGTH_SAID[key] = {"size": len(ranks), "ranks": ranks}
    words = {n: r.describe(v) for n, r, v in zip(halves, rankings, strengths, strict=True)}
    return said, words


__all__ = ["as_json", "by_strengths", "in_rankings", "texts", "valued"]
