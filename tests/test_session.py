"""Chapter R6, the session: first dealer, button, carried stacks, fresh decks, end and result."""

from __future__ import annotations

import pytest

from badugi_spec.cards import DECK, Card
from badugi_spec.engine import Session
from badugi_spec.errors import IllegalAction
from tests.conftest import passive_to_end, play, stacked_deck

WINNER = "As 2h 3d 4c"
LOSER = "Kc Kd Qc Qd"


def dealer_folds(session: Session, hands: int) -> None:
    for _ in range(hands):
        session.start_hand()
        play(session, "D fold")


def test_r1_4_a_session_starts_at_100_each() -> None:
    session = Session()
    assert session.stacks == (100, 100)
    assert session.start_hand().start_stacks == (100, 100)


@pytest.mark.parametrize("first_dealer", [0, 1])
def test_r6_1_the_set_up_chooses_the_first_dealer(first_dealer: int) -> None:
    session = Session(first_dealer=first_dealer, seed=1)
    hand = session.start_hand()
    assert hand.dealer == first_dealer
    assert hand.big_blind == 1 - first_dealer


def test_r6_1_the_first_dealer_is_a_seat() -> None:
    with pytest.raises(ValueError):
        Session(first_dealer=2)


@pytest.mark.parametrize("stacks", [(100,), (100, 100, 100), (0, 100), (100, -5)])
def test_r1_3_a_session_is_two_players_with_chips(stacks: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        Session(stacks=stacks)


def test_r6_2_the_button_alternates_rulebook_example() -> None:
    # Ann (seat 1) deals hands 1, 3 and 5; Ben (seat 0) deals hands 2, 4 and 6.
    session = Session(first_dealer=1, seed=2)
    dealers = []
    for _ in range(6):
        dealers.append(session.start_hand().dealer)
        play(session, "D fold")
    assert dealers == [1, 0, 1, 0, 1, 0]


def test_r6_3_chips_carry_over_from_hand_to_hand() -> None:
    session = Session(first_dealer=0, seed=3)
    session.start_hand()
    play(session, "D fold")  # seat 0 loses its small blind
    assert session.stacks == (99, 101)
    second = session.start_hand()
    assert second.start_stacks == (99, 101)
    play(session, "D raise 4", "B fold")  # seat 1 deals and wins seat 0's big blind
    assert session.stacks == (97, 103)
    assert session.start_hand().start_stacks == (97, 103)


def test_r6_3_every_hand_gets_a_fresh_full_deck() -> None:
    session = Session(first_dealer=0, seed=4)
    orders = []
    for _ in range(3):
        hand = session.start_hand()
        order = hand.deck.order()
        assert len(order) == 52
        assert set(order) == set(DECK)
        assert hand.deck.position == 8  # nothing left over from the last hand
        orders.append(order)
        passive_to_end(session)
    assert len(set(orders)) == 3


def test_r6_3_a_seeded_session_is_reproducible() -> None:
    def orders(seed: int) -> list[tuple[Card, ...]]:
        session = Session(seed=seed)
        found = []
        for _ in range(3):
            found.append(session.start_hand().deck.order())
            play(session, "D fold")
        return found

    assert orders(5) == orders(5)
    assert orders(5) != orders(6)


def test_r6_3_a_stated_deck_is_the_hand_s_deck() -> None:
    session = Session(first_dealer=0, seed=5)
    order = stacked_deck(big_blind=WINNER, dealer=LOSER)
    hand = session.start_hand(order)
    assert hand.deck.order() == order


def test_r6_4_a_session_ends_after_12_hands() -> None:
    session = Session(first_dealer=0, seed=6)
    dealer_folds(session, 11)
    assert not session.is_over
    dealer_folds(session, 1)
    assert session.is_over
    assert session.result is not None
    assert session.result.hands == 12
    assert session.result.reason == "hands"
    with pytest.raises(IllegalAction) as info:
        session.start_hand()
    assert (info.value.code, info.value.rule) == ("session-over", "R6.4")


def test_r6_4_a_session_ends_when_the_big_blind_busts() -> None:
    # Seat 0 is the big blind with 2 chips: all-in on the blind, loses at showdown.
    session = Session(first_dealer=1, stacks=(2, 100), seed=7)
    session.start_hand(stacked_deck(big_blind=LOSER, dealer=WINNER))
    play(session, "D call")
    passive_to_end(session)
    assert session.stacks == (0, 102)
    assert session.result is not None
    assert session.result.reason == "bust"
    assert session.result.hands == 1
    assert session.result.winner == 1


def test_r6_4_a_session_ends_when_a_one_chip_dealer_busts() -> None:
    # R5.5 too: the dealer's 1 chip is all it has; the big blind's uncovered chip returns.
    session = Session(first_dealer=0, stacks=(1, 50), seed=8)
    session.start_hand(stacked_deck(big_blind=WINNER, dealer=LOSER))
    passive_to_end(session)
    assert session.stacks == (0, 51)
    assert session.result is not None
    assert (session.result.reason, session.result.winner) == ("bust", 1)


def test_r6_4_a_bust_in_a_later_hand_ends_the_session_there() -> None:
    session = Session(first_dealer=0, stacks=(3, 100), seed=9)
    session.start_hand()
    play(session, "D fold")
    assert session.stacks == (2, 101)
    assert not session.is_over
    # Hand 2: seat 1 deals; seat 0 posts its last 2 as the big blind.
    session.start_hand(stacked_deck(big_blind=LOSER, dealer=WINNER))
    play(session, "D call")
    passive_to_end(session)
    assert session.stacks == (0, 103)
    assert session.result is not None
    assert (session.result.reason, session.result.hands) == ("bust", 2)


def test_r6_5_equal_stacks_after_12_hands_are_a_draw() -> None:
    # Each seat deals 6 hands and folds them: -6 as dealer, +6 as big blind.
    session = Session(first_dealer=0, seed=10)
    dealer_folds(session, 12)
    assert session.result is not None
    assert session.result.stacks == (100, 100)
    assert session.result.winner is None


def test_r6_5_the_larger_stack_wins() -> None:
    # Seat 0 dealing raises and seat 1 folds (+2); seat 1 dealing folds (+1 to seat 0).
    session = Session(first_dealer=0, seed=11)
    for number in range(12):
        hand = session.start_hand()
        if hand.dealer == 0:
            play(session, "D raise 4", "B fold")
        else:
            play(session, "D fold")
        assert session.is_over == (number == 11)
    assert session.result is not None
    assert session.result.stacks == (118, 82)  # 100 + 6 x 2 + 6 x 1
    assert session.result.winner == 0
    assert session.result.reason == "hands"


def test_r6_4_no_new_hand_while_one_is_being_played() -> None:
    session = Session(seed=12)
    session.start_hand()
    with pytest.raises(IllegalAction) as info:
        session.start_hand()
    assert info.value.code == "out-of-turn"
    assert session.hand_number == 1
