"""The dead button (R8.23, `button_moves = "dead-button"`) over whole sessions.

Each test plays hands in which chosen players bust, and checks where the button and the
blinds go next, worked out by hand from the rule: the big blind moves on to the next
player with chips, the small blind and the button follow it onto the seats the big and
small blind had, empty or not.
"""

from __future__ import annotations

import pytest

from badugi_spec.engine import Action, Kind, Session
from badugi_spec.engine.hand import Hand
from badugi_spec.profiles import get

DEAD = get("pokerstars-2010").replace(button_moves="dead-button")


def folds_to_the_big_blind(hand: Hand) -> None:
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        kinds = {o.kind for o in hand.legal_actions()}
        hand.apply(Action(seat, Kind.FOLD if Kind.FOLD in kinds else Kind.CHECK))


def places(hand: Hand) -> tuple[int, int, int]:
    return hand.dealer, hand.small_blind, hand.big_blind


def test_without_busts_the_dead_button_moves_as_the_button_does() -> None:
    dead = Session(stacks=(100,) * 4, profile=DEAD)
    moving = Session(stacks=(100,) * 4, profile=get("pokerstars-2010"))
    for _ in range(6):
        a, b = dead.start_hand(), moving.start_hand()
        assert places(a) == places(b)
        folds_to_the_big_blind(a)
        folds_to_the_big_blind(b)


def test_both_blinds_bust_and_the_same_player_keeps_the_last_action() -> None:
    # Seats 0-4; hand 1: button 0, small blind 1, big blind 2. Seats 1 and 2 bust.
    session = Session(stacks=(100, 100, 100, 100, 100), profile=DEAD)
    hand = session.start_hand()
    assert places(hand) == (0, 1, 2)
    folds_to_the_big_blind(hand)
    session.stacks = (100, 0, 0, 151, 249)  # as if both blinds had lost everything
    hand = session.start_hand()
    # The big blind moves past the empty seat 2 to seat 3; the small blind goes to seat 2,
    # which is empty, so nobody posts it; the button to seat 1, also empty.
    assert places(hand) == (1, 2, 3)
    assert hand.committed == [0, 0, 0, 2, 0] and hand.to_act == 4
    # Seat 0 acts last of the players still in, as on the hand before (on the button).
    assert hand.order[-1] == 0


def test_going_heads_up_nobody_takes_the_big_blind_twice() -> None:
    session = Session(stacks=(100, 100, 100), profile=DEAD)
    hand = session.start_hand()  # button 0, small blind 1, big blind 2
    folds_to_the_big_blind(hand)
    session.stacks = (150, 150, 0)  # the big blind busts: two players left
    hand = session.start_hand()
    # The big blind goes to seat 0, who did not have it; seat 1 is the button and, heads-up,
    # posts the small blind (R1.5).
    assert places(hand) == (1, 1, 0)


def test_the_pokerkit_adapter_skips_a_dead_button_rather_than_move_it() -> None:
    pytest.importorskip("pokerkit")
    from badugi_spec.interop.pokerkit.adapter import playable
    from badugi_spec.scenario.runner import Skip

    with pytest.raises(Skip, match="moves the button one seat"):
        playable(get("pokerkit").replace(button_moves="dead-button"))
