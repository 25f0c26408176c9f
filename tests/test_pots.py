"""Pots from contributions (R8.13), awarding and odd chips (R8.14, R8.15)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from badugi_spec.engine.pots import Pot, build, split, uncalled


def test_the_rulebook_example_main_and_side_pot() -> None:
    # R8.13: Ann all-in for 10, Bob and Cy 30 each, Di folded after 4.
    pots = build([10, 30, 30, 4], [True, True, True, False])
    assert pots == (Pot(34, (0, 1, 2)), Pot(40, (1, 2)))


def test_three_all_in_levels_make_three_side_pots() -> None:
    pots = build([5, 10, 20, 40, 40], [True] * 5)
    assert [p.amount for p in pots] == [25, 20, 30, 40]
    assert [p.eligible for p in pots] == [(0, 1, 2, 3, 4), (1, 2, 3, 4), (2, 3, 4), (3, 4)]


def test_dead_money_reaches_only_the_levels_it_covered() -> None:
    # The folded seat put in 15: 5 into the main pot, 10 into the first side pot.
    pots = build([5, 15, 30, 30], [True, False, True, True])
    assert pots == (Pot(20, (0, 2, 3)), Pot(60, (2, 3)))


def test_uncalled_is_the_part_nobody_matched() -> None:
    assert uncalled([10, 30, 25]) == (1, 5)
    assert uncalled([30, 30, 5]) == (-1, 0)


@pytest.mark.parametrize(
    ("amount", "tied", "order", "shares"),
    [
        (5, (1, 2), (1, 2, 0), (3, 2)),  # R8.15: first left of the button gets the chip
        (5, (1, 2), (2, 0, 1), (2, 3)),
        (7, (0, 1, 2), (2, 0, 1), (2, 2, 3)),  # 7 = 2+2+2, one over: seat 2 first
        (8, (0, 1, 2), (1, 2, 0), (2, 3, 3)),
    ],
)
def test_odd_chips_go_by_position(
    amount: int, tied: tuple[int, ...], order: tuple[int, ...], shares: tuple[int, ...]
) -> None:
    assert split(amount, tied, order) == shares


@given(st.lists(st.integers(min_value=0, max_value=500), min_size=2, max_size=8), st.data())
def test_pots_hold_every_chip_once(totals: list[int], data: st.DataObject) -> None:
    live = data.draw(st.lists(st.booleans(), min_size=len(totals), max_size=len(totals)))
    if not any(live):
        live[0] = True
    pots = build(totals, live)
    assert sum(p.amount for p in pots) == sum(totals) or not pots
    for pot in pots:
        assert all(live[s] for s in pot.eligible)
    # Each later pot is for a subset of the players of the one before.
    for earlier, later in itertools.pairwise(pots):
        assert set(later.eligible) < set(earlier.eligible)
