"""How much a bet or raise may be in the big-bet and spread structures (chapter R14).

Fixed limit has one size per round and lives in the hand's fast path. Here are the
ranges of the others, as (least, greatest) totals for the round ("raise to"), before the
player's stack is considered:

- pot limit: from the last full raise over the bet up to the bet plus the pot after the
  player's call, B + (T + (B - b)) (R14.4);
- half-pot: the same, with half the pot, rounded to the chip unit as the profile says (R14.7);
- no limit: from the last full raise up to the whole stack (R14.5);
- spread: between the round's minimum and maximum, and a raise at least the previous
  bet or raise (R14.8).
"""

from __future__ import annotations

from typing import Final

from badugi_spec.profiles.model import Profile

UNLIMITED: Final = 1 << 62
"""No limit's greatest amount, before the stack caps it."""


def opening_increment(profile: Profile) -> int:
    """The least bet of a round, and so the least raise until someone bets (R14.2)."""
    if profile.betting == "spread":
        return profile.spread_min
    return profile.min_bet or profile.big_blind


def raise_range(
    profile: Profile,
    *,
    last_round: bool,
    level: int,
    committed: int,
    pot: int,
    increment: int,
) -> tuple[int, int]:
    """(least, greatest) round total a bet (`level` 0) or raise may reach.

    `pot` is every chip in the middle, this round's bets included; `increment` is the
    size of the last full bet or raise this round, the least the next raise adds (R14.3).
    """
    structure = profile.betting
    if structure == "spread":
        top = profile.spread_last_max if last_round and profile.spread_last_max else 0
        high = top or profile.spread_max
        if level == 0:
            return profile.spread_min, high
        return level + max(profile.spread_min, increment), level + high
    low = level + increment if level else increment
    if structure == "no-limit":
        return low, UNLIMITED
    after_call = pot + (level - committed)
    if structure == "half-pot":
        unit = profile.chip_unit
        half, rest = divmod(after_call, 2 * unit)
        extra = half * unit + (unit if rest and profile.half_pot_rounding == "up" else 0)
        return low, max(level + extra, low)
    return low, max(level + after_call, low)  # pot limit


def on_unit(profile: Profile, amount: int) -> bool:
    """Whether `amount` is a whole number of the smallest chip (R14.9)."""
    return amount % profile.chip_unit == 0
