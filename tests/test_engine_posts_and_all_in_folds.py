"""A big blind posted out of turn (R8.3) and the fold of an all-in hand (R8.25, R11.7)."""

from __future__ import annotations

import pytest

from badugi_spec import profiles
from badugi_spec.cards import DECK
from badugi_spec.engine import Action, Hand, Kind
from badugi_spec.errors import IllegalAction
from badugi_spec.profiles import Profile

STARS = profiles.get("pokerstars-2010").replace(
    small_blind=10, big_blind=25, bet_sizes=(25, 25, 50, 50)
)


def _hand(
    stacks: list[int], *, posts: tuple[tuple[int, int], ...] = (), profile: Profile = STARS
) -> Hand:
    return Hand(deck=DECK, stacks=stacks, dealer=len(stacks) - 1, profile=profile, posts=posts)


def test_a_posted_big_blind_is_live_and_its_poster_may_check() -> None:
    # Seats 0 (SB), 1 (BB), 2, 3 (button); seat 2 posts a big blind to join the game.
    hand = _hand([500, 500, 500, 500], posts=((2, 25),))
    assert hand.pot == 60 and hand.committed == [10, 25, 25, 0]
    assert hand.to_act == 2, "the poster acts in turn, left of the big blind"
    assert {o.kind for o in hand.legal_actions()} == {Kind.CHECK, Kind.FOLD, Kind.RAISE}
    hand.apply(Action(2, Kind.CHECK))
    hand.apply(Action(3, Kind.CALL, amount=25))
    hand.apply(Action(0, Kind.RAISE, amount=50))
    assert hand.to_act == 1
    hand.apply(Action(1, Kind.CALL, amount=25))
    assert hand.to_act == 2, "a raise reopens the poster's action"
    hand.apply(Action(2, Kind.CALL, amount=25))
    hand.apply(Action(3, Kind.CALL, amount=25))
    assert hand.phase.kind == "draw" and hand.pot == 200


def test_the_posted_big_blind_is_not_a_bet_level() -> None:
    hand = _hand([500, 500, 500, 500], posts=((2, 25),))
    hand.apply(Action(2, Kind.RAISE, amount=50))
    hand.apply(Action(3, Kind.RAISE, amount=75))
    hand.apply(Action(0, Kind.RAISE, amount=100))
    assert all(o.kind is not Kind.RAISE for o in hand.legal_actions()), "capped at 4 levels"


@pytest.mark.parametrize(
    ("posts", "message"),
    [
        (((1, 25),), "seat 1 cannot post a big blind out of turn"),
        (((7, 25),), "seat 7 cannot post"),
        (((2, 30),), "a posted big blind is 1 to 25 chips, not 30"),
    ],
)
def test_a_post_that_cannot_be_made_is_refused(
    posts: tuple[tuple[int, int], ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        _hand([500, 500, 500, 500], posts=posts)


def _sitting_out_small_blind(profile: Profile = STARS) -> Hand:
    # The hand of R11.7: the small blind (seat 0) is all-in for 10; the button raises.
    hand = _hand([10, 500, 500, 500], profile=profile)
    hand.apply(Action(2, Kind.FOLD))
    hand.apply(Action(3, Kind.RAISE, amount=50))
    assert hand.to_act == 1
    return hand


def test_an_all_in_player_may_fold_where_the_profile_allows_it() -> None:
    hand = _sitting_out_small_blind()
    hand.apply(Action(0, Kind.FOLD))
    assert hand.folded[0] and hand.to_act == 1, "the turn stays with the big blind"
    hand.apply(Action(1, Kind.FOLD))
    result = hand.result
    assert result is not None and result.won == (0, 0, 0, 60)
    assert hand.stacks == [0, 475, 500, 535], "the uncalled 25 went back, the 10 is lost"
    assert hand.events[-3].rule == "R3.10" and any(e.rule == "R8.25" for e in hand.events)


@pytest.mark.parametrize("name", ["house", "pokerkit", "wsop-2023"])
def test_elsewhere_an_all_in_player_cannot_fold(name: str) -> None:
    profile = profiles.get(name).replace(
        max_seats=8, small_blind=10, big_blind=25, bet_sizes=(25, 25, 50, 50)
    )
    hand = _sitting_out_small_blind(profile)
    with pytest.raises(IllegalAction) as refused:
        hand.apply(Action(0, Kind.FOLD))
    assert refused.value.code == "out-of-turn"


def test_an_all_in_player_folds_only_while_a_betting_round_is_open() -> None:
    hand = _hand([10, 500, 500, 500])
    for seat in (2, 3):
        hand.apply(Action(seat, Kind.FOLD))
    # The big blind has nobody left to bet against: no option, straight to the draw.
    assert hand.phase.kind == "draw" and hand.to_act == 0
    with pytest.raises(IllegalAction) as refused:
        hand.apply(Action(0, Kind.FOLD))
    assert refused.value.code == "not-betting-round"
