"""Pots from each seat's contributions: main and side pots, dead money, odd chips (R8.13-R8.15).

The chips each seat put in are the source of truth. A pot is formed at every level a
player still in the hand reached; every seat's chips up to that level, folded seats'
included, are in it, and only the players still in who reached it may win it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Half(NamedTuple):
    """One half of a split pot (R8.29): its ranking, its chips, who won it and their shares."""

    ranking: str
    amount: int
    winners: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()


class Pot(NamedTuple):
    """One pot: its chips, who may win it and, once settled, who did and what each took.

    A split pot also lists its `halves`; its `winners` and `shares` are then the totals
    over both halves, so code that reads only those still sees who took what."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()
    halves: tuple[Half, ...] = ()


def uncalled(totals: Sequence[int]) -> tuple[int, int]:
    """(seat, chips): the part of the largest contribution nobody matched, or (-1, 0)."""
    top = max(totals)
    seat = totals.index(top)
    second = max((t for s, t in enumerate(totals) if s != seat), default=0)
    return (seat, top - second) if top > second else (-1, 0)


def build(totals: Sequence[int], live: Sequence[bool]) -> tuple[Pot, ...]:
    """The main pot first, then each side pot, from contributions and who is still in."""
    # Asked after every bet by the state a request answers: plain loops, no `min` calls.
    levels = sorted({total for total, alive in zip(totals, live, strict=True) if alive})
    if len(levels) == 1 and levels[0] > 0:
        # Everyone still in has put in as much (between rounds, in a draw): one pot of
        # every chip, as the loop below makes it, with the dead chips over the level.
        everyone = tuple([seat for seat, alive in enumerate(live) if alive])
        return (Pot(sum([total for total in totals if total > 0]), everyone),)
    pots: list[Pot] = []
    below = 0
    for level in levels:
        # Each seat's chips between the level below and this one.
        amount = 0
        for t in totals:
            if t > below:
                amount += (level if t > level else t) - below
        if amount:
            eligible = tuple([s for s, t in enumerate(totals) if t >= level and live[s]])
            pots.append(Pot(amount, eligible))
        below = level
    # Dead chips above every live level cannot exist once uncalled chips are back, but if
    # a caller passes them, they belong to the last pot rather than vanishing.
    rest = sum([t - below for t in totals if t > below])
    if rest and pots:
        last = pots[-1]
        pots[-1] = last._replace(amount=last.amount + rest)
    return tuple(pots)


def halve(amount: int, odd_to_first: bool) -> tuple[int, int]:
    """A split pot's two halves; an odd chip goes to the first or the second (R8.30)."""
    half, odd = divmod(amount, 2)
    return (half + odd, half) if odd_to_first else (half, half + odd)


def split(amount: int, tied: Sequence[int], order: Sequence[int]) -> tuple[int, ...]:
    """Each tied seat's share; odd chips go one each to the tied seats first in `order`.

    `order` is the seats clockwise from the first seat left of the button (R8.15): suits
    never rank, so position alone decides.
    """
    share, odd = divmod(amount, len(tied))
    ranked = sorted(tied, key=order.index)
    return tuple(share + (1 if ranked.index(seat) < odd else 0) for seat in tied)
