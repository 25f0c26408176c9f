"""Valuing hands by the profile's rankings, and settling a pot that is split in halves.

The house game values a hand by chapter R2 alone, on the engine's fast path. Any other
game names its rankings as data (`Profile.halves`, R8.22, R8.29); this module turns the
names into `Ranking`s and awards each pot, main or side, half by half among that pot's
eligible players (R8.29), with the odd chip between the halves as the profile says
(R8.30) and odd chips within a half by position (R8.15).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence

from badugi_spec.engine import pots as _pots
from badugi_spec.engine.pots import Half, Pot
from badugi_spec.rankings import Ranking, ranking

HOUSE_SIZE = 4
"""The house ranking's fast path values four cards (`badugi_spec.rankings.house`)."""


@functools.cache
def rankings_of(first: str, second: str, hand_size: int) -> tuple[Ranking, ...] | None:
    """The rankings a hand is valued in, or None when the house fast path values it."""
    if first == "badugi" and not second and hand_size == HOUSE_SIZE:
        return None
    return (ranking(first),) + ((ranking(second),) if second else ())


Strengths = Mapping[int, Sequence[int]]
"""Seat -> its strength in each ranking, in the profile's order; larger is better."""

Splitter = Callable[[int, tuple[int, ...]], tuple[int, ...]]
"""Shares of an amount among tied seats, odd chips by position (R8.15)."""


def best(strengths: Strengths, eligible: Sequence[int], half: int) -> tuple[int, ...]:
    """The eligible seats with the best strength in one ranking (suits never break ties)."""
    top = max(strengths[seat][half] for seat in eligible)
    return tuple(seat for seat in eligible if strengths[seat][half] == top)


def odd_chip_to_first(rule: str, winners: Sequence[tuple[int, ...]], order: Sequence[int]) -> bool:
    """Whether the first half takes a pot's odd chip (R8.30)."""
    if rule == "first-listed":
        return True
    if rule == "low-half":
        return False
    # by-position: the half won by the first winner left of the button; when that player
    # has a share of both, the first half, so the chip still ends with them.
    first = min((seat for tied in winners for seat in tied), key=order.index)
    return first in winners[0]


def settle(
    pot: Pot,
    strengths: Strengths,
    rankings: Sequence[Ranking],
    *,
    odd_to_first: Callable[[Sequence[tuple[int, ...]]], bool],
    split: Splitter,
) -> Pot:
    """The pot with its winners and shares, and for a split pot its halves (R8.29).

    `odd_to_first` says, from each half's winners, whether the first half takes an odd
    chip (R8.30); `split` shares one half among its tied winners (R8.15)."""
    eligible = pot.eligible
    won = [best(strengths, eligible, half) for half in range(len(rankings))]
    if len(rankings) == 1:
        return pot._replace(winners=won[0], shares=split(pot.amount, won[0]))
    amounts = _pots.halve(pot.amount, odd_to_first(won))
    halves = tuple(
        Half(r.name, amount, tied, split(amount, tied))
        for r, amount, tied in zip(rankings, amounts, won, strict=True)
    )
    totals: dict[int, int] = {}
    for seat in eligible:
        for half in halves:
            if seat in half.winners:
                totals[seat] = totals.get(seat, 0) + half.shares[half.winners.index(seat)]
    return pot._replace(winners=tuple(totals), shares=tuple(totals.values()), halves=halves)


def describe_halves(pots: Sequence[Pot], seat: int) -> str:
    """What a seat won of each split pot, for its `win` event: `main pot: low-2-7 3`."""
    parts = []
    for number, pot in enumerate(pots):
        got = [
            f"{half.ranking} {half.shares[half.winners.index(seat)]}"
            for half in pot.halves
            if seat in half.winners
        ]
        if got:
            label = "main pot" if number == 0 else f"side pot {number}"
            parts.append(f"{label}: {', '.join(got)}")
    return "; ".join(parts)
