"""Multi-way engine rules that the scenario suite found broken, one test per fix.

Every expected figure is worked out from chapter R8 of the rulebook, not from the engine:
the decks are stacked by hand (cards go round one at a time from the first seat left of
the button, R8.4), so each test says which card must land where.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from badugi_spec.cards import DECK, Card, parse_cards
from badugi_spec.engine import Action, Hand, Kind
from badugi_spec.errors import IllegalAction
from badugi_spec.profiles import get


def stacked(hands_in_deal_order: Sequence[str], then: str = "") -> tuple[Card, ...]:
    """A full deck that deals these hands (first seat left of the button first, R8.4),
    followed by `then` and the unused cards in deck order."""
    hands = [parse_cards(text, count=4) for text in hands_in_deal_order]
    top = [hand[i] for i in range(4) for hand in hands] + list(parse_cards(then))
    assert len(set(top)) == len(top), "the stacked deck repeats a card"
    return tuple(top + [card for card in DECK if card not in top])


def call_round(hand: Hand) -> None:
    """Everyone calls or checks until the betting round is over."""
    phase = hand.phase
    while hand.phase == phase and hand.to_act is not None:
        kinds = {option.kind for option in hand.legal_actions()}
        kind = Kind.CHECK if Kind.CHECK in kinds else Kind.CALL
        hand.apply(Action(hand.to_act, kind))


def draw(hand: Hand, seat: int, text: str = "") -> None:
    assert hand.to_act == seat, f"seat {hand.to_act} draws next, not seat {seat}"
    hand.apply(Action(seat, Kind.DRAW, discards=parse_cards(text) if text else ()))


# --- R8.17: the burn comes before the draw's first replacement card ----------------------


def test_without_a_burn_when_all_pat_the_burn_waits_for_the_first_player_who_draws() -> None:
    # Three seats, button on seat 0: seat 1 draws first, then 2, then 0 (R8.16).
    profile = get("pokerstars-2010").replace(burns_per_draw=1)
    assert profile.draw_delivery == "in-turn" and not profile.burn_when_all_pat
    deck = stacked(["5s 6h 7d Kc", "8s 9h Td Qc", "As 2h 3d 4c"], then="2s Jc")
    hand = Hand(deck=deck, stacks=[100, 100, 100], dealer=0, profile=profile)
    call_round(hand)
    draw(hand, 1)  # stands pat: no burn yet, the draw may still be all pat
    assert hand.burns == []
    draw(hand, 2, "Qc")  # the first card taken: the burn (2s) comes before it
    assert hand.burns == [Card.parse("2s")]
    assert Card.parse("Jc") in hand.holdings[2]
    draw(hand, 0)
    assert len(hand.burns) == 1, "one burn per draw"


def test_with_a_burn_when_all_pat_the_first_drawer_burns_even_standing_pat() -> None:
    profile = get("pokerstars-2010").replace(burns_per_draw=1, burn_when_all_pat=True)
    deck = stacked(["5s 6h 7d Kc", "8s 9h Td Qc", "As 2h 3d 4c"], then="2s Jc")
    hand = Hand(deck=deck, stacks=[100, 100, 100], dealer=0, profile=profile)
    call_round(hand)
    draw(hand, 1)
    assert hand.burns == [Card.parse("2s")]
    draw(hand, 2, "Qc")
    assert Card.parse("Jc") in hand.holdings[2] and len(hand.burns) == 1


# --- R8.19: under `completes-round` the last card is dealt if no later player needs one ---


EIGHT = ["As Ks Qs Js", "2h Kh Qh Jh", "3d Kd Qd Jd", "4c Kc Qc Jc",
         "Ah Ts Th Td", "2d 9s 9h 9d", "3c 8s 8h 8d", "4h 7s 7h 7d"]  # fmt: skip
"""Eight hands in deal order: with the button on seat 7, seat 0 is dealt first."""


def eight_seats_with_two_cards_left(profile_name: str) -> Hand:
    """Everyone calls; the first draw takes 17 of the 19 cards left after the burn."""
    hand = Hand(deck=stacked(EIGHT), stacks=[100] * 8, dealer=7, profile=get(profile_name))
    call_round(hand)
    for seat, thrown in enumerate(["Ks Qs Js", "Kh Qh Jh", "Kd Qd Jd", "Kc Qc Jc", "Ts Th Td",
                                   "9s 9h", "", ""]):  # fmt: skip
        draw(hand, seat, thrown)
    call_round(hand)
    assert hand.deck.remaining == 2  # 52 - 32 dealt - 1 burn - 17 drawn
    return hand


def test_the_last_card_completes_the_round_when_the_players_after_stand_pat() -> None:
    hand = eight_seats_with_two_cards_left("wsop-2023")
    assert hand.profile.last_card == "completes-round"
    last = hand.deck.stub()[-1]
    for seat in range(5):
        draw(hand, seat)
    draw(hand, 5, "9d")  # one card after the burn: the stub's last, and nobody else draws
    draw(hand, 6)
    draw(hand, 7)
    assert hand.reshuffles == 0 and last in hand.holdings[5]


def test_the_last_card_waits_for_a_reshuffle_when_a_later_player_draws() -> None:
    hand = eight_seats_with_two_cards_left("wsop-2023")
    last = hand.deck.stub()[-1]
    for seat in range(5):
        draw(hand, seat)
    draw(hand, 5, "9d")
    draw(hand, 6, "8d")  # seat 6 also needs a card: the last one does not complete the round
    draw(hand, 7)
    assert hand.reshuffles == 1 and last not in hand.holdings[5]


# --- R8.18/R8.19: a profile that never reshuffles refuses a draw that needs the last card ---


def test_a_last_card_that_is_never_dealt_makes_the_draw_short_when_nothing_reshuffles() -> None:
    profile = get("pokerkit").replace(reshuffle=(), last_card="never")
    hand = Hand(deck=stacked(EIGHT), stacks=[100] * 8, dealer=7, profile=profile)
    call_round(hand)
    # 19 cards after the burn; together the draws ask for exactly 19, the last one included.
    for seat, thrown in enumerate(["Ks Qs Js", "Kh Qh Jh", "Kd Qd Jd", "Kc Qc Jc", "Ts Th Td",
                                   "9s 9h 9d", ""]):  # fmt: skip
        draw(hand, seat, thrown)
    with pytest.raises(IllegalAction) as refused:
        draw(hand, 7, "7s")
    assert refused.value.code == "deck-short"
    assert hand.to_act == 7 and hand.deck.remaining == 20, "nothing changed"


# --- R8.18: the burn of the draw in progress is among the piles a reshuffle gathers ------


EIGHT_THROWS = ["Ks Qs Js", "Kh Qh Jh", "Kd Qd Jd", "Kc Qc Jc", "Ts Th Td", "9s 9h", "8s 8h",
                "7s 7h 7d"]  # fmt: skip
"""20 cards: one more than the stub holds after the burn, so seat 7's draw needs a refill."""


def eight_seats_declaring(reshuffle: str) -> Hand:
    """PokerKit's rules at eight seats, seats 0 to 6 declared, with a stated reshuffle."""
    stated = (parse_cards(reshuffle),)
    hand = Hand(deck=stacked(EIGHT), stacks=[100] * 8, dealer=7, profile=get("pokerkit"),
                reshuffles=stated)  # fmt: skip
    call_round(hand)
    for seat, thrown in enumerate(EIGHT_THROWS[:7]):
        draw(hand, seat, thrown)
    return hand


# Every card out of play when the stub runs out: the 20 discards and the burn, Ac (the
# first card after the deal: `stacked` fills the deck in deck order).
GATHERED = "7d " + " ".join(EIGHT_THROWS).replace("7d", "") + " Ac"


def test_a_stated_reshuffle_holds_the_burn_of_the_draw_in_progress() -> None:
    hand = eight_seats_declaring(GATHERED)
    draw(hand, 7, EIGHT_THROWS[7])
    assert hand.burns == [Card.parse("Ac")] and hand.reshuffles == 1
    # Seat 7 gets the stub's last two cards, then the stated top card, the 7d.
    assert Card.parse("7d") in hand.holdings[7]


def test_a_stated_reshuffle_without_the_burn_is_refused_before_anything_changes() -> None:
    hand = eight_seats_declaring(GATHERED.replace(" Ac", ""))
    before = [list(cards) for cards in hand.holdings]
    with pytest.raises(IllegalAction) as refused:
        draw(hand, 7, EIGHT_THROWS[7])
    assert refused.value.code == "reshuffle-mismatch"
    assert hand.holdings == before and hand.burns == [] and hand.deck.remaining == 20


# --- R8.18/R8.21: a card burned from a rebuilt stub is a burn like any other ------------


def test_a_burn_after_a_reshuffle_goes_into_the_next_reshuffle() -> None:
    profile = get("pokerkit").replace(burn_after_reshuffle=True)
    hand = Hand(deck=stacked(EIGHT), stacks=[100] * 8, dealer=7, profile=profile)
    burned_after: Card | None = None
    while hand.reshuffles < 2:
        assert not hand.is_over
        if hand.phase.kind == "bet":
            call_round(hand)
            continue
        seat = hand.to_act
        assert seat is not None
        draw(hand, seat, " ".join(str(c) for c in hand.holdings[seat][1:]))  # keep one card
        if hand.reshuffles == 1 and burned_after is None:
            burned_after = hand.burns[-1]
    assert burned_after is not None
    second = [e for e in hand.events if e.kind == "reshuffle"][1]
    assert burned_after in second.cards, "the pokerkit piles include every burn card"
