"""`pots.build` makes the pots as the level-by-level reading of R8.13 makes them, in every
case: one level or many, folded chips below, at and above the levels, nobody in."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from badugi_spec.engine.pots import Pot, build


def _reference(totals: Sequence[int], live: Sequence[bool]) -> tuple[Pot, ...]:
    """A pot at every level a player still in reached, each seat's chips up to it in it,
    dead chips over the last level added to the last pot (R8.13)."""
    pots: list[Pot] = []
    below = 0
    for level in sorted({t for t, alive in zip(totals, live, strict=True) if alive}):
        amount = sum(min(t, level) - below for t in totals if t > below)
        eligible = tuple(s for s, t in enumerate(totals) if live[s] and t >= level)
        if amount:
            pots.append(Pot(amount, eligible))
        below = level
    rest = sum(t - below for t in totals if t > below)
    if rest and pots:
        pots[-1] = pots[-1]._replace(amount=pots[-1].amount + rest)
    return tuple(pots)


@pytest.mark.parametrize(
    ("totals", "live"),
    [
        ([2, 2, 2], [True, True, True]),  # one level: one pot
        ([2, 5, 2], [True, False, True]),  # one level, dead chips over it
        ([0, 3, 0], [True, False, True]),  # nobody in has put anything in
        ([0, 0, 0], [True, True, True]),
        ([1, 2, 0, 0], [True, True, True, True]),  # the blinds, nobody has acted
        ([3, 5, 5, 1, 0], [True, True, True, True, False]),  # side pots
        ([4, 4, 9, 2], [True, True, False, True]),
    ],
)
def test_the_pots_of_some_tables(totals: list[int], live: list[bool]) -> None:
    assert build(totals, live) == _reference(totals, live)


def test_the_pots_of_random_tables() -> None:
    rng = random.Random(5)
    for _ in range(20_000):
        seats = rng.randint(2, 8)
        levels = [0, *rng.sample(range(1, 40), 3)]
        totals = [rng.choice(levels) for _ in range(seats)]
        live = [rng.random() < 0.7 for _ in range(seats)]
        assert build(totals, live) == _reference(totals, live), (totals, live)
