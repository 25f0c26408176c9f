"""Split-pot settlement (R8.29, R8.30, R21, R22): halves per pot, scoops, odd chips."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_spec import profiles
from badugi_spec.cards import DECK, Card, parse_cards
from badugi_spec.engine import Action, Hand, Kind
from badugi_spec.engine.pots import Half
from badugi_spec.errors import IllegalAction
from badugi_spec.profiles import Profile
from badugi_spec.simulation.random_play import choose

BADEUCY = profiles.get("badeucy")
BADACY = profiles.get("badacy")


def _hand(profile: Profile, held: list[str], stacks: list[int], dealer: int) -> Hand:
    """A hand whose seats are dealt `held`, one card at a time from left of the button."""
    hands = [parse_cards(text) for text in held]
    seats = len(held)
    order = [(dealer + i) % seats for i in range(1, seats + 1)]
    if seats == 2:
        order = [(dealer + 1) % 2, dealer]
    deck: list[Card] = [hands[seat][i] for i in range(5) for seat in order]
    deck += [card for card in DECK if card not in deck]
    return Hand(deck=deck, stacks=stacks, dealer=dealer, profile=profile)


def _passive(hand: Hand, *, fold: tuple[int, ...] = ()) -> None:
    """Everyone stands pat and checks or calls; seats in `fold` fold when they first can."""
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        options = hand.legal_actions()
        if options[0].kind is Kind.DRAW:
            hand.apply(Action(seat, Kind.DRAW, discards=()))
            continue
        kinds = [o.kind for o in options]
        if seat in fold and Kind.FOLD in kinds:
            hand.apply(Action(seat, Kind.FOLD))
        elif Kind.CHECK in kinds:
            hand.apply(Action(seat, Kind.CHECK))
        else:
            hand.apply(Action(seat, Kind.CALL))


def test_heads_up_each_half_to_its_own_hand() -> None:
    hand = _hand(BADEUCY, ["2s 3h 4d 5c Ks", "3s 4h 5d 6c 8d"], [100, 100], 0)
    _passive(hand)
    assert hand.result is not None
    (pot,) = hand.result.pots
    assert pot.halves == (
        Half("badugi-ace-high", 2, (0,), (2,)),
        Half("low-2-7", 2, (1,), (2,)),
    )
    assert hand.result.won == (2, 2)


def test_the_contrast_pair_scoops_one_way_in_each_game() -> None:
    held = ["As 2h 3d 4c 9s", "2s 3h 4d 6c Kd"]
    for profile, scooper in ((BADEUCY, 1), (BADACY, 0)):
        hand = _hand(profile, held, [100, 100], 0)
        _passive(hand)
        assert hand.result is not None
        (pot,) = hand.result.pots
        assert [half.winners for half in pot.halves] == [(scooper,), (scooper,)], profile.name
        assert hand.result.won[scooper] == 4


def test_the_odd_chip_between_halves_follows_the_parameter() -> None:
    # Seat 0 deals; seat 1 (small blind) folds its 1 chip; pot 5. Seat 2 (big blind, first
    # left of the button among the winners) wins the Badugi half, the button the low half.
    held = ["3s 4h 5d 6c 8d", "Kc Kd Kh Qh Qd", "2s 3h 4d 5c Ks"]
    expected = {"by-position": (2, 3), "low-half": (3, 2), "first-listed": (2, 3)}
    for rule, (button, big_blind) in expected.items():
        hand = _hand(BADEUCY.replace(odd_chip_between_halves=rule), held, [50, 50, 50], 0)
        _passive(hand, fold=(1,))
        assert hand.result is not None
        (pot,) = hand.result.pots
        assert pot.amount == 5
        assert [h.winners for h in pot.halves] == [(2,), (0,)]
        assert (hand.result.won[0], hand.result.won[2]) == (button, big_blind), rule


def test_by_position_gives_the_chip_to_the_half_of_the_first_winner() -> None:
    # The button now wins the Badugi half and the big blind the low half: by position the
    # big blind, first left of the button, takes the larger half, here the low one.
    held = ["2s 3h 4d 5c Ks", "Kc Kd Kh Qh Qd", "3s 4h 5d 6c 8d"]
    hand = _hand(BADEUCY, held, [50, 50, 50], 0)
    _passive(hand, fold=(1,))
    assert hand.result is not None
    (pot,) = hand.result.pots
    assert [(h.amount, h.winners) for h in pot.halves] == [(2, (0,)), (3, (2,))]


def test_a_tie_in_one_half_splits_that_half_with_its_odd_chip() -> None:
    # Three ways, pot 6: seats 1 and 2 tie the Badugi half of 3; seat 2 wins 2-7 with Q high.
    held = ["Kc Kd Kh Qc Qs", "2s 3h 4d 5c Ks", "2h 3d 4c 5s Qh"]
    hand = _hand(BADEUCY, held, [50, 50, 50], 0)
    _passive(hand)
    assert hand.result is not None
    (pot,) = hand.result.pots
    badugi, low = pot.halves
    assert (badugi.amount, badugi.winners, badugi.shares) == (3, (1, 2), (2, 1))
    assert (low.amount, low.winners) == (3, (2,))
    assert hand.result.won == (0, 2, 4)


def test_a_side_pot_is_split_in_halves_among_its_own_players() -> None:
    # Seat 1 is all-in for 10 with the best of both rankings; seats 2 and 0 each split the
    # side pot's halves, which seat 1 may not win.
    held = ["8s 7h 6d 4c 2h", "2s 3h 4d 5c 7s", "6c 5d 4h 3s Ks"]
    hand = _hand(BADEUCY, held, [100, 10, 100], 0)
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        options = hand.legal_actions()
        kinds = [o.kind for o in options]
        if options[0].kind is Kind.DRAW:
            hand.apply(Action(seat, Kind.DRAW, discards=()))
        elif Kind.RAISE in kinds and seat == 2:
            hand.apply(Action(seat, Kind.RAISE))
        elif Kind.BET in kinds:
            hand.apply(Action(seat, Kind.BET))
        else:
            hand.apply(Action(seat, Kind.CALL if Kind.CALL in kinds else Kind.CHECK))
    result = hand.result
    main, side = result.pots
    assert main.amount == 30 and main.eligible == (0, 1, 2)
    assert [h.winners for h in main.halves] == [(1,), (1,)]
    assert side.eligible == (0, 2)
    badugi, low = side.halves
    assert badugi.winners == (2,) and low.winners == (0,)
    assert badugi.amount + low.amount == side.amount
    assert result.won[1] == 30


def test_the_snapshot_and_events_name_each_half() -> None:
    hand = _hand(BADACY, ["As 2h 3d 4c 5s", "Ah 2c 3s 4d 6h"], [100, 100], 0)
    _passive(hand)
    snap = hand.snapshot()
    (pot,) = snap["pots"]
    assert pot["halves"] == [
        {"ranking": "badugi", "amount": 2, "winners": [0, 1], "shares": [1, 1]},
        {"ranking": "low-a-5", "amount": 2, "winners": [0], "shares": [2]},
    ]
    assert snap["result"]["shown_in"] == {
        "badugi": ["4-card 4-3-2-A (badugi)", "4-card 4-3-2-A (badugi)"],
        "low-a-5": ["5-4-3-2-A", "6-4-3-2-A"],
    }
    wins = {event.seat: event for event in hand.events if event.kind == "win"}
    assert wins[0].rule == "R8.29" and wins[0].note == "main pot: badugi 1, low-a-5 2"
    house = Hand(deck=DECK)
    assert all("halves" not in p for p in house.snapshot()["pots"])


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    seats=st.integers(2, 6),
    game=st.sampled_from(["badeucy", "badacy"]),
)
def test_chips_are_conserved_and_halves_sum_to_each_pot(seed: int, seats: int, game: str) -> None:
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    stacks = [rng.choice([3, 7, 20, 100]) for _ in range(seats)]
    hand = Hand(deck=deck, stacks=stacks, dealer=rng.randrange(seats), profile=profiles.get(game))
    while hand.result is None:
        action = choose(hand, rng)
        try:
            hand.apply(action)
        except IllegalAction as error:
            # A stub too short for this draw (R4.6, R12.4): stand pat instead.
            assert error.code == "deck-short"
            hand.apply(Action(action.seat, Kind.DRAW, discards=()))
    result = hand.result
    assert sum(hand.stacks) == sum(stacks)
    for pot in result.pots:
        assert sum(pot.shares) == pot.amount
        if result.ended_by == "showdown":
            assert len(pot.halves) == 2
            assert sum(h.amount for h in pot.halves) == pot.amount
            assert abs(pot.halves[0].amount - pot.halves[1].amount) <= 1
            for half in pot.halves:
                assert sum(half.shares) == half.amount
                assert set(half.winners) <= set(pot.eligible)
