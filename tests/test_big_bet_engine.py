"""Unit tests of big-bet and spread betting (chapter R14) found while writing the suite."""

from __future__ import annotations

import pytest

from badugi_spec import profiles
from badugi_spec.engine import Action, Hand, Kind
from badugi_spec.engine.deck import shuffled
from badugi_spec.errors import IllegalAction


def _odd_stack_table() -> Hand:
    # Chips of 5, blinds 5 and 10; the button, first to act, has 37: a stack of odd chips.
    table = profiles.get("no-limit").replace(chip_unit=5, big_blind=10, small_blind=5)
    return Hand(deck=shuffled(1), stacks=[100, 100, 37], dealer=2, profile=table)


def test_a_range_ending_at_a_stack_off_the_chip_accepts_its_end() -> None:
    hand = _odd_stack_table()
    assert {legal.describe() for legal in hand.legal_actions()} == {
        "fold",
        "call 10",
        "raise to 20-37",
        "all-in 37",
    }
    hand.apply(Action(2, Kind.RAISE, amount=37))
    assert hand.committed[2] == 37 and hand.stacks[2] == 0


def test_inside_such_a_range_amounts_are_still_read_in_chips() -> None:
    hand = _odd_stack_table()
    with pytest.raises(IllegalAction) as refused:
        hand.apply(Action(2, Kind.RAISE, amount=33))
    assert refused.value.code == "amount-out-of-range"
    assert "20 to 37 in multiples of 5" in str(refused.value)
    hand.apply(Action(2, Kind.RAISE, amount=35))
    assert hand.committed[2] == 35


def test_the_least_raise_over_an_odd_all_in_is_accepted_when_stated() -> None:
    hand = _odd_stack_table()
    hand.apply(Action(2, Kind.ALL_IN))
    # Seat 0 faces 37: the least raise adds the last full raise (27 over the blind) to 64.
    options = {legal.kind: legal for legal in hand.legal_actions()}
    assert (options[Kind.RAISE].to, options[Kind.RAISE].most) == (64, 100)
    hand.apply(Action(0, Kind.RAISE, amount=64))
    assert hand.committed[0] == 64
