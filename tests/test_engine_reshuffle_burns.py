"""A burn taken as the stub runs out is in the rebuilt stub when the profile says so (R8.18)."""

from __future__ import annotations

import pytest

from badugi_spec import profiles
from badugi_spec.cards import DECK, Card
from badugi_spec.engine import Action, Hand, Kind

# PokerKit's rules: one burn per draw, everyone declares first, and the rebuilt stub takes
# every discard and every burn (R13.4).
POKERKIT = profiles.get("pokerkit")


@pytest.mark.parametrize(
    ("delivery", "gathered"),
    [
        # Everyone declares first: the rebuilt stub holds both discards and the burn.
        ("after-all-declare", [DECK[8], DECK[1], DECK[0]]),
        # Seat 0's draw rebuilds it from seat 0's discard and the burn.
        ("in-turn", [DECK[8], DECK[0]]),
    ],
)
def test_the_draw_that_burns_the_last_card_rebuilds_the_stub_with_it(
    delivery: str, gathered: list[Card]
) -> None:
    # Nine cards: eight dealt, one left, and the burn takes it.
    rules = POKERKIT.replace(draw_delivery=delivery)
    deck = DECK[:9]
    burned, thrown = DECK[8], (DECK[0], DECK[1])  # seat 0 gets cards 1, 3, 5, 7
    stated = gathered
    hand = Hand(deck=deck, stacks=[100, 100], dealer=1, profile=rules, reshuffles=[stated])
    hand.apply(Action(1, Kind.CALL))
    hand.apply(Action(0, Kind.CHECK))
    assert hand.phase.kind == "draw" and hand.to_act == 0
    hand.apply(Action(0, Kind.DRAW, discards=(thrown[0],)))
    hand.apply(Action(1, Kind.DRAW, discards=(thrown[1],)))
    assert hand.burns == [burned]
    assert hand.reshuffles == 1
    assert burned in hand.holdings[0], "the rebuilt stub deals the burned card first"
