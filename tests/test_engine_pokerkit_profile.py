"""The engine under the `pokerkit` profile (R13): multi-way draws, refills and their edges."""

from __future__ import annotations

from collections.abc import Sequence

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.actions import Action, Kind
from badugi_spec.engine.hand import Hand
from badugi_spec.profiles import get

POKERKIT = get("pokerkit")


def _to_first_draw(hand: Hand) -> None:
    """Everyone calls the big blind, which checks (R8.5)."""
    while hand.phase.kind == "bet":
        seat = hand.to_act
        assert seat is not None
        kinds = {option.kind for option in hand.legal_actions()}
        hand.apply(Action(seat, Kind.CALL if Kind.CALL in kinds else Kind.CHECK))


def _everyone_draws_four(hand: Hand) -> None:
    while hand.phase.kind == "draw":
        seat = hand.to_act
        assert seat is not None
        hand.apply(Action(seat, Kind.DRAW, discards=tuple(hand.holdings[seat])))


def _eight_seats(reshuffles: Sequence[Sequence[Card]] = ()) -> Hand:
    return Hand(deck=DECK, stacks=[100] * 8, dealer=7, profile=POKERKIT, reshuffles=reshuffles)


def test_a_stated_refill_after_the_burn_includes_the_burn_card() -> None:
    """Eight players draw four each: the burn and 19 cards come from the stub, then the stub
    is rebuilt from every discard and the burn (R8.18, R13.4). Stating that very order
    must be accepted, not refused as `reshuffle-mismatch`."""
    hand = _eight_seats()
    _to_first_draw(hand)
    _everyone_draws_four(hand)
    rebuilt = [event.cards for event in hand.events if event.kind == "reshuffle"]
    assert len(rebuilt) == 1 and hand.burns[0] in rebuilt[0]

    stated = _eight_seats(reshuffles=rebuilt)
    _to_first_draw(stated)
    _everyone_draws_four(stated)
    assert stated.holdings == hand.holdings and stated.reshuffles == 1
