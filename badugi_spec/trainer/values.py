"""A hand's value as the trainer shows it: in the profile's ranking, and in a split game
(R8.29) in both, with the cards that play in each.

Four-card profiles value hands by the house evaluator of chapter R2, the fast path the
narration always used. Badeucy and Badacy deal five cards and value them twice: as a
Badugi of at most four of them (R21.3, R22.3) and as a five-card low in which every card
plays (R21.4, R22.4). Each half is named the way the players say it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from badugi_spec.cards import Card, format_cards
from badugi_spec.profiles import Profile
from badugi_spec.rankings import RankedValue, Ranking, ranking
from badugi_spec.rankings.house import HandValue, evaluate

HALF_NAMES: Final = {
    "badugi": "Badugi half",
    "badugi-ace-high": "Badugi half (aces high)",
    "low-2-7": "2-7 low half",
    "low-a-5": "A-5 low half",
}
"""How the narration names a half, by its ranking."""

Value = HandValue | RankedValue


def is_split(profile: Profile) -> bool:
    return bool(profile.split_ranking)


def rankings(profile: Profile) -> tuple[Ranking, ...]:
    """The rankings of a split game's halves, in the profile's order; () for one pot."""
    return tuple(ranking(name) for name in profile.halves) if is_split(profile) else ()


def half_name(name: str) -> str:
    return HALF_NAMES.get(name, f"{name} half")


def values(profile: Profile, cards: Sequence[Card]) -> tuple[Value, ...]:
    """The hand's value in each ranking the profile awards a share by (one or two)."""
    if not is_split(profile):
        return (evaluate(cards),)
    return tuple(r.evaluate(cards) for r in rankings(profile))


def badugi_cards(profile: Profile, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards that play in the Badugi ranking (the first half of a split game)."""
    return values(profile, cards)[0].cards


def hand_text(profile: Profile, cards: Sequence[Card]) -> str:
    """`A♠ 2♥ 3♦ 4♣, which plays ...`; in a split game, what plays in each half."""
    if not is_split(profile):
        return f"{format_cards(cards)}, which plays {evaluate(cards)}"
    return f"{format_cards(cards)}, which plays {both(profile, cards)}"


def both(profile: Profile, cards: Sequence[Card]) -> str:
    """`9-4-3-2 (9♠ 4♣ 3♦ 2♥) in the Badugi half and A-9-4-3-2 in the 2-7 low half`."""
    parts = []
    for value in values(profile, cards):
        assert isinstance(value, RankedValue)
        name = half_name(value.ranking.name)
        if len(value.cards) == len(cards):
            parts.append(f"{value} in the {name} (all {len(cards)} cards play)")
        else:
            parts.append(f"{value} ({format_cards(value.cards)}) in the {name}")
    return " and ".join(parts)


def value_text(profile: Profile, cards: Sequence[Card]) -> str:
    """The value alone, short, for the table: `Badugi 4-card 9-4-3-2 · 2-7 low A-9-4-3-2`."""
    if not is_split(profile):
        return str(evaluate(cards))
    return " · ".join(
        f"{half_name(value.ranking.name).split(' half')[0]} {value}"
        for value in values(profile, cards)
        if isinstance(value, RankedValue)
    )
