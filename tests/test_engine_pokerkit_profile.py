"""The engine under the `pokerkit` profile (R13): multi-way draws, refills and their edges."""

from __future__ import annotations

from collections.abc import Sequence

from badugi_spec.cards import DECK, Card, parse_cards
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


# --- PokerKit's multi-way betting, one parameter at a time (R8.6, R8.8, R8.15, R8.27-R8.28) ---


def _play(hand: Hand, *moves: tuple[int, Kind]) -> None:
    for seat, kind in moves:
        assert hand.to_act == seat, (hand.to_act, seat)
        hand.apply(Action(seat, kind))


def _offers(hand: Hand) -> list[str]:
    return sorted(option.describe() for option in hand.legal_actions())


def test_a_short_all_in_raise_uses_up_a_level_of_the_cap() -> None:
    """R13.1: raises to 4, 6, 8 and an all-in to 9 are PokerKit's four; no raise to 11."""
    stacks = [100, 100, 100, 100, 100, 9]
    counted = Hand(deck=DECK, stacks=stacks, dealer=5, profile=POKERKIT)
    levels = Hand(
        deck=DECK, stacks=stacks, dealer=5, profile=POKERKIT.replace(cap_counts_short_all_in=False)
    )
    for hand in (counted, levels):
        _play(hand, (2, Kind.RAISE), (3, Kind.RAISE), (4, Kind.RAISE), (5, Kind.ALL_IN))
    assert _offers(counted) == ["call 8", "fold"]
    assert _offers(levels) == ["call 8", "fold", "raise to 11"]


def test_the_first_raise_of_a_round_reopens_however_short() -> None:
    """R8.8 `largest-raise`: seat 2 called, then an all-in raise by one chip reopened the
    betting for seat 2; under `full-bet` it does not."""
    stacks = [100, 100, 100, 3]
    largest = Hand(deck=DECK, stacks=stacks, dealer=3, profile=POKERKIT)
    full = Hand(
        deck=DECK, stacks=stacks, dealer=3, profile=POKERKIT.replace(short_all_in="full-bet")
    )
    for hand in (largest, full):
        _play(hand, (2, Kind.CALL), (3, Kind.ALL_IN), (0, Kind.CALL), (1, Kind.CALL))
    assert _offers(largest) == ["call 1", "fold", "raise to 5"]
    assert _offers(full) == ["call 1", "fold"]


def test_a_raise_over_a_short_big_blind_goes_over_what_was_posted() -> None:
    """R8.26: the big blind posts its only chip; the next raise is to 3, not 4."""
    stacks = [100, 1, 100]
    posted = Hand(deck=DECK, stacks=stacks, dealer=2, profile=POKERKIT)
    full = Hand(
        deck=DECK, stacks=stacks, dealer=2, profile=POKERKIT.replace(raise_over_posted_blind=False)
    )
    assert _offers(posted) == ["call 1", "fold", "raise to 3"]
    assert _offers(full) == ["call 1", "fold", "raise to 4"]


def test_nobody_raises_against_players_who_cannot_match_the_bet() -> None:
    """R8.27: seat 2 raises all-in to 4; the blinds could put in 3 and 4 at most, so the
    button may not raise under `covered_is_all_in`."""
    stacks = [3, 4, 4, 100]
    covered = Hand(deck=DECK, stacks=stacks, dealer=3, profile=POKERKIT)
    chips = Hand(
        deck=DECK, stacks=stacks, dealer=3, profile=POKERKIT.replace(covered_is_all_in=False)
    )
    for hand in (covered, chips):
        _play(hand, (2, Kind.RAISE))
        assert hand.stacks[2] == 0
    assert _offers(covered) == ["call 4", "fold"]
    assert _offers(chips) == ["call 4", "fold", "raise to 6"]


def test_a_player_due_to_act_keeps_the_turn_when_the_others_are_all_in() -> None:
    """R8.28: the small blind is all-in posting, the button folds: the big blind still acts
    under `keep_turn_when_others_all_in`, and the round simply ends without it."""
    stacks = [1, 100, 100]
    kept = Hand(deck=DECK, stacks=stacks, dealer=2, profile=POKERKIT)
    skipped = Hand(
        deck=DECK,
        stacks=stacks,
        dealer=2,
        profile=POKERKIT.replace(keep_turn_when_others_all_in=False),
    )
    for hand in (kept, skipped):
        _play(hand, (2, Kind.FOLD))
    assert (kept.phase.kind, kept.to_act, _offers(kept)) == ("bet", 1, ["check", "fold"])
    assert (skipped.phase.kind, skipped.to_act) == ("draw", 0)


def _three_way_tie(profile_changes: dict[str, object]) -> tuple[int, ...]:
    """Three players with A-2-3-4 badugis split a pot of 8 after the small blind folds."""
    top = list(parse_cards("Kc Ac Ad Ah Kd 2d 2h 2s Kh 3h 3s 3c Ks 4s 4c 4d"))
    deck = top + [card for card in DECK if card not in top]
    hand = Hand(deck=deck, stacks=[100] * 4, dealer=3, profile=POKERKIT.replace(**profile_changes))
    _play(hand, (2, Kind.CALL), (3, Kind.CALL), (0, Kind.CALL), (1, Kind.CHECK))
    for number in range(3):
        for seat in [0, 1, 2, 3] if number == 0 else [1, 2, 3]:
            hand.apply(Action(seat, Kind.DRAW))
        if number == 0:
            _play(hand, (0, Kind.FOLD))
        _play(hand, (1, Kind.CHECK), (2, Kind.CHECK), (3, Kind.CHECK))
    assert hand.result is not None and hand.result.winners == (1, 2, 3)
    return hand.result.won


def test_odd_chips_all_go_to_the_first_tied_player_left_of_the_button() -> None:
    """R8.15: 8 chips among three: 4, 2, 2 under PokerKit's rule; 3, 3, 2 one chip each."""
    assert _three_way_tie({}) == (0, 4, 2, 2)
    assert _three_way_tie({"odd_chip": "first-left-of-button"}) == (0, 3, 3, 2)
