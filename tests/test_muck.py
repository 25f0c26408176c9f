"""The muck at the showdown (R8.32) and the show-order readings (R8.22), over random play.

Every shipped profile, 2 to 8 seats: at each showdown every player in turn tries to muck.
An accepted muck moves no chip and takes the hand out of the show order, the result and
every pot; a refused one changes nothing and gives the reason the profile's rule asks for.
"""

from __future__ import annotations

import random

import pytest

from badugi_spec import profiles
from badugi_spec.cards import DECK
from badugi_spec.engine import Action, Hand, Kind
from badugi_spec.errors import IllegalAction
from badugi_spec.simulation.simulate import play_hands
from tests.conftest import fingerprint

NAMES = ("house", "pokerstars-2010", "wsop-2023", "pokerkit", "badeucy", "no-limit")


def _replayed(seed: int, name: str, seats: int, count: int = 15) -> list[Hand]:
    profile = profiles.get(name)
    seats = min(max(seats, profile.min_seats), profile.max_seats)
    hands = []
    for played in play_hands(count=count, seed=seed, structure=profile, seats=seats):
        setup = played.setup
        hand = Hand(
            deck=setup.deck,
            stacks=setup.stacks,
            dealer=setup.dealer,
            profile=profile,
            reshuffles=played.reshuffles,
        )
        for action in played.actions:
            hand.apply(action)
        if hand.result is not None and hand.result.ended_by == "showdown":
            hands.append(hand)
    return hands


def _shown(hand: Hand) -> list[int]:
    return [e.seat for e in hand.events if e.kind == "show" and e.seat is not None]


@pytest.mark.parametrize("name", NAMES)
def test_a_muck_moves_no_chip_and_a_refusal_changes_nothing(name: str) -> None:
    rng = random.Random(name)
    accepted = refused = 0
    for seats in (2, 3, 6, 8):
        for hand in _replayed(rng.randrange(10**6), name, seats):
            assert hand.result is not None
            stacks, won = list(hand.stacks), hand.result.won
            winners = {s for pot in hand.result.pots for s in pot.winners}
            order = _shown(hand)
            for seat in order:
                before = fingerprint(hand)
                try:
                    hand.apply(Action(seat, Kind.MUCK))
                except IllegalAction as error:
                    refused += 1
                    assert fingerprint(hand) == before
                    if seat in winners:
                        assert error.code in ("muck-would-win", "muck-not-allowed")
                    if hand.profile.muck == "never":
                        assert error.code == "muck-not-allowed"
                    continue
                accepted += 1
                assert seat not in winners and hand.profile.muck != "never"
                assert seat not in _shown(hand) and hand.result.shown[seat] is None
                assert all(seat not in pot.eligible for pot in hand.result.pots)
            assert hand.stacks == stacks and hand.result.won == won
            assert _shown(hand) == [s for s in order if s in _shown(hand)]
    assert refused
    assert accepted or profiles.get(name).muck == "never"


def test_the_first_to_show_mucks_only_under_pokerkit() -> None:
    """`beaten-by-shown` and `after-first-show` make the first shower show; `any-losing`
    lets a losing first hand go (R8.32, R13.8)."""
    codes: dict[str, set[str]] = {}
    for name in ("pokerstars-2010", "wsop-2023", "pokerkit"):
        for hand in _replayed(5, name, 3, count=40):
            first = _shown(hand)[0]
            assert hand.result is not None
            if any(first in pot.winners for pot in hand.result.pots):
                continue
            try:
                hand.apply(Action(first, Kind.MUCK))
                codes.setdefault(name, set()).add("accepted")
            except IllegalAction as error:
                codes.setdefault(name, set()).add(error.code)
    assert codes["pokerstars-2010"] <= {"must-show"}
    assert codes["wsop-2023"] <= {"must-show", "muck-not-allowed"}
    assert codes["pokerkit"] == {"accepted"}


def test_a_muck_before_the_showdown_is_refused() -> None:
    hand = Hand(deck=DECK, profile=profiles.get("pokerkit"))
    before = fingerprint(hand)
    with pytest.raises(IllegalAction) as info:
        hand.apply(Action(0, Kind.MUCK))
    assert info.value.code == "no-showdown" and fingerprint(hand) == before
