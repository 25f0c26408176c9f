"""Wrong readings of a profile: each plays the case's own profile (R8.1) with one parameter
read differently.

A reading changes one value and leaves the rest of the case's profile as it is: "no hand
limit" is 1,000 hands at any table, "the cap ignores the blind" is the case's cap with the
blind left out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from badugi_spec.profiles import Profile

Reading = Callable[[Profile], Profile]
"""How a mutant reads the case's profile: the identity, or one parameter changed."""


def _as_written(profile: Profile) -> Profile:
    return profile


def _set(**changes: Any) -> Reading:
    """A fixed value for one parameter, whatever the case's profile says."""
    return lambda profile: profile.replace(**changes)


def _big_bets_from(round_number: int) -> Reading:
    """The big bet (the last round's size) from `round_number` on, the small bet before."""

    def read(profile: Profile) -> Profile:
        small, big = profile.bet_sizes[0], profile.bet_sizes[-1]
        sizes = [small if n < round_number else big for n in range(1, profile.betting_rounds + 1)]
        return profile.replace(bet_sizes=tuple(sizes))

    return read


def _with_pile(pile: str) -> Reading:
    """A pile added to the reshuffle, if the profile reshuffles at all."""

    def read(profile: Profile) -> Profile:
        piles = profile.reshuffle
        return profile.replace(reshuffle=(*piles, pile)) if piles and pile not in piles else profile

    return read


def _without_pile(pile: str) -> Reading:
    def read(profile: Profile) -> Profile:
        return profile.replace(reshuffle=tuple(p for p in profile.reshuffle if p != pile))

    return read


def _when(name: str, value: object, instead: object) -> Reading:
    """`name` read as `instead` wherever the profile says `value`."""

    def read(profile: Profile) -> Profile:
        return profile.replace(**{name: instead}) if getattr(profile, name) == value else profile

    return read
