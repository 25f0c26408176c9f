"""One focused test per rule clause of chapters R1 and R3 to R5 that the engine implements.

Every expected figure is worked out by hand from the rulebook (the comments show the
arithmetic); nothing is copied from the engine's own output.
"""

from __future__ import annotations

import pytest

from badugi_spec.cards import DECK
from badugi_spec.engine import Action, Hand, Kind, Legal, shuffled
from badugi_spec.errors import IllegalAction
from tests.conftest import card, cards, dealt, passive_to_end, play, seat, stacked_deck

JUNK_BB = "Kc Kd Qc Qd"  # a 2-card hand: never better than anything the tests care about
JUNK_D = "Jc Jd Tc Td"


def kinds(hand: Hand) -> set[Kind]:
    return {legal.kind for legal in hand.legal_actions()}


def option(hand: Hand, kind: Kind) -> Legal:
    (found,) = [legal for legal in hand.legal_actions() if legal.kind is kind]
    return found


def by_seat(hand: Hand, *, dealer: int, big_blind: int) -> tuple[int, int]:
    """A pair indexed by seat, given the dealer's and the big blind's figure."""
    pair = [0, 0]
    pair[hand.dealer] = dealer
    pair[hand.big_blind] = big_blind
    return pair[0], pair[1]


def passive_step(hand: Hand) -> None:
    assert hand.to_act is not None
    ks = kinds(hand)
    kind = Kind.DRAW if Kind.DRAW in ks else Kind.CHECK if Kind.CHECK in ks else Kind.CALL
    hand.apply(Action(hand.to_act, kind))


def pats_and_checks_to(hand: Hand, phase: str) -> None:
    """From a draw, stand pat and check until `phase` begins."""
    while str(hand.phase) != phase:
        if hand.phase.kind == "draw":
            play(hand, "B pat", "D pat")
        else:
            play(hand, "B check", "D check")


# --- R1 cards and positions ------------------------------------------------------------


def test_r1_1_a_hand_uses_one_deck_of_52_distinct_cards() -> None:
    hand = Hand(deck=shuffled(11))
    play(hand, "D call", "B check")
    for _ in range(3):
        bb, dl = hand.holdings[hand.big_blind], hand.holdings[hand.dealer]
        hand.apply(Action(hand.big_blind, Kind.DRAW, discards=tuple(bb)))
        hand.apply(Action(hand.dealer, Kind.DRAW, discards=tuple(dl)))
        play(hand, "B check", "D check")
    assert hand.is_over
    seen = [*hand.holdings[0], *hand.holdings[1], *hand.burns, *hand.discards[0]]
    seen += [*hand.discards[1], *hand.deck.order()[hand.deck.position :]]
    assert len(seen) == 52
    assert set(seen) == set(DECK)


def test_r1_2_aces_play_low_at_showdown() -> None:
    # A-2-3-4 against 2-3-4-5: with the ace low the first hand's top card (4) is lower.
    hand = Hand(deck=stacked_deck(big_blind="As 2h 3d 4c", dealer="2s 3h 4d 5c"))
    passive_to_end(hand)
    assert hand.result is not None
    assert hand.result.winners == (hand.big_blind,)


@pytest.mark.parametrize("stacks", [(100,), (100, 100, 100)])
def test_r1_3_a_hand_has_exactly_two_players(stacks: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        Hand(deck=DECK, stacks=stacks)


def test_r1_3_the_dealer_is_one_of_the_two_seats() -> None:
    with pytest.raises(ValueError):
        Hand(deck=DECK, dealer=2)


def test_r1_4_each_player_starts_with_100_chips() -> None:
    hand = Hand(deck=DECK)
    assert hand.start_stacks == (100, 100)
    # Dealer 0 posted 1, big blind 1 posted 2.
    assert hand.stacks == [99, 98]


@pytest.mark.parametrize("dealer", [0, 1])
def test_r1_5_dealer_posts_1_and_big_blind_posts_2(dealer: int) -> None:
    hand = Hand(deck=DECK, dealer=dealer)
    assert hand.big_blind == 1 - dealer
    assert hand.stacks[dealer] == 99
    assert hand.stacks[1 - dealer] == 98
    assert hand.pot == 3
    # The rule's example: the dealer needs 1 more chip to call.
    assert option(hand, Kind.CALL).adds == 1
    posts = [e for e in hand.events if e.kind == "post"]
    assert [(e.seat, e.amount, e.rule) for e in posts] == [
        (dealer, 1, "R1.5"),
        (1 - dealer, 2, "R1.5"),
    ]
    # Before any card is dealt.
    kinds_in_order = [e.kind for e in hand.events]
    assert kinds_in_order.index("deal") > max(
        i for i, k in enumerate(kinds_in_order) if k == "post"
    )


def test_r1_6_a_seeded_shuffle_is_one_reproducible_order_of_all_52() -> None:
    order = shuffled(2024)
    assert sorted(order, key=lambda c: c.index) == list(DECK)
    assert shuffled(2024) == order
    assert shuffled(2025) != order
    hand = Hand(deck=order)
    # Every dealt card comes from the top of that order.
    assert set(hand.holdings[0]) | set(hand.holdings[1]) == set(order[:8])
    assert hand.deck.position == 8


@pytest.mark.parametrize("dealer", [0, 1])
def test_r1_7_big_blind_gets_deck_cards_1_3_5_7(dealer: int) -> None:
    order = shuffled(f"deal-{dealer}")
    hand = Hand(deck=order, dealer=dealer)
    assert hand.holdings[1 - dealer] == dealt(order, [1, 3, 5, 7])
    assert hand.holdings[dealer] == dealt(order, [2, 4, 6, 8])


def test_r1_7_rulebook_example() -> None:
    top = cards("5c 9h Ad 2s")
    order = (*top, *(c for c in DECK if c not in top))
    hand = Hand(deck=order, dealer=0)
    assert hand.holdings[1][:2] == list(cards("5c Ad"))
    assert hand.holdings[0][:2] == list(cards("9h 2s"))


# --- R2 hand values, as the engine applies them at showdown -----------------------------


def test_r2_3_worst_badugi_beats_best_three_card_hand_at_showdown() -> None:
    hand = Hand(deck=stacked_deck(big_blind="Ah 2c 3d 3s", dealer="Ks Qh Jd Tc"))
    passive_to_end(hand)
    assert hand.result is not None
    assert hand.result.winners == (hand.dealer,)
    assert [str(v) for v in hand.result.shown] == ["4-card K-Q-J-10 (badugi)", "3-card 3-2-A"]


# --- R3 betting ----------------------------------------------------------------------


def test_r3_1_four_betting_rounds_around_three_draws() -> None:
    hand = Hand(deck=DECK)
    phases = [str(hand.phase)]
    while not hand.is_over:
        passive_step(hand)
        if str(hand.phase) != phases[-1]:
            phases.append(str(hand.phase))
    assert phases == [
        "bet-1",
        "draw-1",
        "bet-2",
        "draw-2",
        "bet-3",
        "draw-3",
        "bet-4",
        "complete",
    ]


def test_r3_2_bets_are_2_2_4_4() -> None:
    hand = Hand(deck=DECK, dealer=0)
    # Round 1: a raise of the big blind goes to 4 (2 + 2): the dealer adds 3 to its 1.
    assert option(hand, Kind.RAISE) == Legal(Kind.RAISE, adds=3, to=4)
    play(hand, "D raise 4", "B call 2", "B pat", "D pat")
    # Round 2: a bet is 2, a raise makes it 4.
    assert option(hand, Kind.BET) == Legal(Kind.BET, adds=2, to=2)
    play(hand, "B bet 2")
    assert option(hand, Kind.RAISE) == Legal(Kind.RAISE, adds=4, to=4)
    play(hand, "D raise 4", "B call 2", "B pat", "D pat")
    # Round 3: the big bet, 4; the rule's example: a raise makes it exactly 8.
    assert option(hand, Kind.BET) == Legal(Kind.BET, adds=4, to=4)
    play(hand, "B bet 4")
    assert option(hand, Kind.RAISE) == Legal(Kind.RAISE, adds=8, to=8)
    play(hand, "D raise 8", "B call 4", "B pat", "D pat")
    # Round 4: 4 again.
    assert option(hand, Kind.BET) == Legal(Kind.BET, adds=4, to=4)
    play(hand, "B bet 4", "D call 4")
    # Each put in 4 + 4 + 8 + 4 = 20.
    assert hand.result is not None
    assert hand.result.pot == 40


@pytest.mark.parametrize("dealer", [0, 1])
def test_r3_3_dealer_acts_first_before_the_draw_big_blind_after(dealer: int) -> None:
    hand = Hand(deck=DECK, dealer=dealer)
    big_blind = 1 - dealer
    assert hand.to_act == dealer
    play(hand, "D call")
    assert hand.to_act == big_blind
    play(hand, "B check")
    for round_number in (2, 3, 4):
        assert hand.to_act == big_blind  # the draw: big blind first (R4.3)
        play(hand, "B pat")
        assert hand.to_act == dealer
        play(hand, "D pat")
        assert str(hand.phase) == f"bet-{round_number}"
        assert hand.to_act == big_blind
        play(hand, "B check")
        assert hand.to_act == dealer
        play(hand, "D check")
    assert hand.is_over


def test_r3_4_with_nothing_to_call_check_or_bet() -> None:
    hand = Hand(deck=DECK)
    play(hand, "D call", "B check", "B pat", "D pat")
    assert kinds(hand) == {Kind.CHECK, Kind.BET}
    play(hand, "B check")
    assert kinds(hand) == {Kind.CHECK, Kind.BET}


def test_r3_5_facing_a_bet_call_raise_or_fold() -> None:
    hand = Hand(deck=DECK)
    assert kinds(hand) == {Kind.FOLD, Kind.CALL, Kind.RAISE}
    # The rule's example: facing a raise to 4, call brings the total to 4, raise goes to 6.
    play(hand, "D raise 4")
    assert kinds(hand) == {Kind.FOLD, Kind.CALL, Kind.RAISE}
    assert option(hand, Kind.CALL) == Legal(Kind.CALL, adds=2, to=4)
    assert option(hand, Kind.RAISE) == Legal(Kind.RAISE, adds=4, to=6)


def test_r3_6_cap_before_the_first_draw_is_8() -> None:
    hand = Hand(deck=DECK, dealer=0)
    # The rule's example: 4, 6, 8 and the big blind may only call 2 or fold.
    play(hand, "D raise 4", "B raise 6", "D raise 8")
    assert kinds(hand) == {Kind.FOLD, Kind.CALL}
    assert option(hand, Kind.CALL).adds == 2
    play(hand, "B call")
    assert hand.total == [8, 8]
    assert hand.pot == 16
    assert str(hand.phase) == "draw-1"


def test_r3_6_cap_with_the_big_blind_reraising_first() -> None:
    hand = Hand(deck=DECK, dealer=0)
    play(hand, "D call", "B raise 4", "D raise 6", "B raise 8")
    assert kinds(hand) == {Kind.FOLD, Kind.CALL}
    play(hand, "D call 2")
    assert hand.total == [8, 8]


@pytest.mark.parametrize(("round_number", "steps"), [(2, (2, 4, 6, 8)), (3, (4, 8, 12, 16))])
def test_r3_6_cap_after_a_draw_is_one_bet_and_three_raises(
    round_number: int, steps: tuple[int, ...]
) -> None:
    hand = Hand(deck=DECK, dealer=0)
    play(hand, "D call", "B check")
    pats_and_checks_to(hand, f"bet-{round_number}")
    b, r1, r2, r3 = steps
    play(hand, f"B bet {b}", f"D raise {r1}", f"B raise {r2}", f"D raise {r3}")
    assert kinds(hand) == {Kind.FOLD, Kind.CALL}
    play(hand, "B call")
    assert hand.committed == [r3, r3]


def test_r3_6_raises_never_carry_over_and_48_is_the_most() -> None:
    hand = Hand(deck=DECK, dealer=0)
    play(hand, "D raise 4", "B raise 6", "D raise 8", "B call", "B pat", "D pat")
    # A capped round 1 leaves round 2 its own full cap.
    for bet in (2, 4, 4):
        play(hand, f"B bet {bet}", f"D raise {2 * bet}", f"B raise {3 * bet}")
        play(hand, f"D raise {4 * bet}", "B call")
        if not hand.is_over:
            play(hand, "B pat", "D pat")
    # 8 + 8 + 16 + 16 each.
    assert hand.total == [48, 48]
    assert hand.result is not None
    assert hand.result.pot == 96


def test_r3_7_big_blind_option_after_the_dealer_calls() -> None:
    hand = Hand(deck=DECK, dealer=0)
    play(hand, "D call")
    assert str(hand.phase) == "bet-1"
    assert hand.to_act == hand.big_blind
    assert kinds(hand) == {Kind.CHECK, Kind.RAISE}
    # The rule's example: the big blind raises to 4; the dealer may call, raise to 6 or fold.
    play(hand, "B raise 4")
    assert kinds(hand) == {Kind.FOLD, Kind.CALL, Kind.RAISE}
    assert option(hand, Kind.CALL).adds == 2
    assert option(hand, Kind.RAISE).to == 6


def test_r3_7_big_blind_checking_its_option_ends_the_round() -> None:
    hand = Hand(deck=DECK, dealer=0)
    play(hand, "D call", "B check")
    assert str(hand.phase) == "draw-1"
    assert hand.pot == 4


def test_r3_8_check_raise() -> None:
    hand = Hand(deck=DECK, dealer=0)
    play(hand, "D call", "B check", "B pat", "D pat", "B check", "D bet 2")
    assert Kind.RAISE in kinds(hand)
    play(hand, "B raise 4")
    assert hand.committed == [2, 4]
    assert hand.to_act == hand.dealer


def test_r3_9_round_ends_when_both_check() -> None:
    hand = Hand(deck=DECK)
    play(hand, "D call", "B check", "B pat", "D pat", "B check")
    assert str(hand.phase) == "bet-2"
    play(hand, "D check")
    assert str(hand.phase) == "draw-2"


def test_r3_9_round_ends_when_the_last_raise_is_called() -> None:
    hand = Hand(deck=DECK)
    play(hand, "D call", "B check", "B pat", "D pat", "B bet", "D raise", "B call")
    assert str(hand.phase) == "draw-2"


def test_r3_9_the_dealer_calling_the_big_blind_does_not_end_round_one() -> None:
    hand = Hand(deck=DECK)
    play(hand, "D call")
    assert str(hand.phase) == "bet-1"
    assert hand.to_act == hand.big_blind
    assert hand.burns == []


def test_r3_10_fold_ends_the_hand_and_the_other_takes_the_pot() -> None:
    hand = Hand(deck=DECK, dealer=0)
    play(hand, "D fold")
    result = hand.result
    assert result is not None
    assert result.ended_by == "fold"
    assert result.winners == (1,)
    assert result.won == (0, 3)
    assert result.shown == (None, None)  # nothing has to be shown
    assert hand.stacks == [99, 101]
    assert hand.to_act is None
    assert hand.legal_actions() == ()


def test_r3_10_fold_after_a_draw_stops_drawing_and_betting() -> None:
    hand = Hand(deck=DECK, dealer=1)
    play(hand, "D call", "B check", "B draw " + str(hand.holdings[0][0]), "D pat", "B bet 2")
    position = hand.deck.position
    play(hand, "D fold")
    assert hand.burns == [DECK[8]]
    assert hand.deck.position == position == 10  # 8 dealt, 1 burn, 1 replacement
    # Big blind (seat 0) put in 2 + 2, the dealer 2: the big blind takes all 6.
    assert hand.result is not None
    assert hand.result.won == (6, 0)
    assert hand.stacks == [102, 98]


# --- R4 draws ------------------------------------------------------------------------


def test_r4_1_three_draws_three_burns() -> None:
    hand = Hand(deck=DECK)
    passive_to_end(hand)
    assert len(hand.burns) == 3
    assert [e.kind for e in hand.events].count("draw") == 6


def test_r4_2_discard_and_replace_house_example() -> None:
    order = stacked_deck(big_blind="As 2h 3d Kd", dealer=JUNK_D, then="9c 4c")
    hand = Hand(deck=order)
    play(hand, "D call", "B check", "B draw Kd")
    assert sorted(hand.holdings[hand.big_blind], key=str) == sorted(cards("As 2h 3d 4c"), key=str)
    assert hand.discards[hand.big_blind] == list(cards("Kd"))


@pytest.mark.parametrize("count", [0, 1, 2, 3, 4])
def test_r4_2_a_player_may_discard_0_to_4(count: int) -> None:
    order = shuffled(count)
    hand = Hand(deck=order)
    play(hand, "D call", "B check")
    held = list(hand.holdings[hand.big_blind])
    hand.apply(Action(hand.big_blind, Kind.DRAW, discards=tuple(held[:count])))
    # The burn is deck card 9; the replacements are cards 10 onwards.
    now = hand.holdings[hand.big_blind]
    assert len(now) == 4
    assert set(now) == set(held[count:]) | set(order[9 : 9 + count])
    assert hand.burns == [order[8]]
    assert hand.deck.position == 9 + count


def test_r4_3_big_blind_declares_and_receives_first() -> None:
    order = stacked_deck(big_blind=JUNK_BB, dealer=JUNK_D, then="9c 2d 3d 6s")
    hand = Hand(deck=order, dealer=1)
    assert hand.to_act == 1
    play(hand, "D call", "B check")
    assert hand.to_act == 0  # big blind
    play(hand, "B draw Kc Kd")
    assert set(cards("2d 3d")) <= set(hand.holdings[0])
    # The dealer has seen the big blind take two before declaring.
    draw_event = hand.events[-1]
    assert (draw_event.kind, draw_event.seat, draw_event.amount) == ("draw", 0, 2)
    assert hand.to_act == 1
    play(hand, "D pat")
    assert str(hand.phase) == "bet-2"


def test_r4_4_burn_before_any_replacement_rulebook_example() -> None:
    order = stacked_deck(big_blind=JUNK_BB, dealer=JUNK_D, then="9c 2d 6s")
    hand = Hand(deck=order)
    play(hand, "D call", "B check", "B draw Kc", "D draw Jc")
    assert hand.burns == list(cards("9c"))
    assert card("2d") in hand.holdings[hand.big_blind]
    assert card("6s") in hand.holdings[hand.dealer]
    kinds_logged = [e.kind for e in hand.events if e.kind in ("burn", "draw")]
    assert kinds_logged == ["burn", "draw", "draw"]


def test_r4_4_exactly_one_burn_when_both_stand_pat() -> None:
    hand = Hand(deck=DECK)
    play(hand, "D call", "B check", "B pat", "D pat")
    assert hand.burns == [DECK[8]]
    assert hand.deck.position == 9
    pats_and_checks_to(hand, "bet-4")
    assert hand.burns == [DECK[8], DECK[9], DECK[10]]
    assert hand.deck.position == 11


def test_r4_4_burn_also_comes_first_when_only_the_dealer_draws() -> None:
    order = stacked_deck(big_blind=JUNK_BB, dealer=JUNK_D, then="9c 2d")
    hand = Hand(deck=order)
    play(hand, "D call", "B check", "B pat")
    assert hand.burns == list(cards("9c"))
    play(hand, "D draw Td")
    assert card("2d") in hand.holdings[hand.dealer]
    assert len(hand.burns) == 1


def test_r4_5_discards_and_burns_never_come_back() -> None:
    hand = Hand(deck=shuffled(45))
    play(hand, "D call", "B check")
    gone: set[str] = set()
    for _ in range(3):
        for who in ("B", "D"):
            held = hand.holdings[seat(hand, who)]
            gone.update(str(c) for c in held[:3])
            play(hand, f"{who} draw " + " ".join(str(c) for c in held[:3]))
        gone.update(str(c) for c in hand.burns)
        for held in hand.holdings:
            assert not gone & {str(c) for c in held}
        if not hand.is_over:
            play(hand, "B check", "D check")
    assert len(gone) == 3 * (3 + 3 + 1)


def test_r4_5_a_discarded_card_cannot_be_taken_back() -> None:
    order = stacked_deck(big_blind="As 2h 3d Kd", dealer=JUNK_D, then="9c 4c")
    hand = Hand(deck=order)
    play(hand, "D call", "B check", "B draw Kd", "D pat", "B check", "D check")
    with pytest.raises(IllegalAction) as info:
        play(hand, "B draw Kd")
    assert info.value.code == "discard-not-held"


def test_r4_6_at_most_35_cards_leave_the_deck() -> None:
    hand = Hand(deck=shuffled(46))
    play(hand, "D call", "B check")
    while not hand.is_over:
        if hand.phase.kind == "draw":
            assert hand.to_act is not None
            everything = tuple(hand.holdings[hand.to_act])
            hand.apply(Action(hand.to_act, Kind.DRAW, discards=everything))
        else:
            play(hand, "B check", "D check")
    # 8 dealt + 3 draws x (1 burn + 4 + 4).
    assert hand.deck.position == 35
    assert hand.deck.remaining == 17


# --- R5 showdown and short stacks -----------------------------------------------------


def test_r5_1_showdown_better_hand_takes_the_pot() -> None:
    order = stacked_deck(big_blind="As 2h 3d 4c", dealer="Ah 2c 3s 7d")
    hand = Hand(deck=order, dealer=0)
    passive_to_end(hand)
    result = hand.result
    assert result is not None
    assert result.ended_by == "showdown"
    assert result.winners == (1,)
    assert result.won == (0, 4)
    assert hand.stacks == [98, 102]
    assert [str(v) for v in result.shown] == ["4-card 7-3-2-A (badugi)", "4-card 4-3-2-A (badugi)"]


def test_r5_2_equal_hands_split_the_pot_rulebook_example() -> None:
    order = stacked_deck(big_blind="As 2h 3d 4c", dealer="Ah 2c 3s 4d")
    hand = Hand(deck=order, dealer=0)
    # 4 each before the first draw, +2 after the first, +4 after the second: 10 each.
    play(hand, "D raise 4", "B call", "B pat", "D pat", "B bet 2", "D call", "B pat", "D pat")
    play(hand, "B bet 4", "D call", "B pat", "D pat", "B check", "D check")
    result = hand.result
    assert result is not None
    assert result.pot == 20
    assert result.winners == (0, 1)
    assert result.won == (10, 10)
    assert hand.stacks == [100, 100]


def test_r5_3_odd_pot_still_splits_evenly_heads_up() -> None:
    # The dealer has 1 chip: the pot is 3, the big blind's uncovered 1 goes back,
    # and the 2 that both matched split 1 and 1; no odd chip.
    order = stacked_deck(big_blind="As 2h 3d 4c", dealer="Ah 2c 3s 4d")
    hand = Hand(deck=order, dealer=0, stacks=(1, 100))
    passive_to_end(hand)
    result = hand.result
    assert result is not None
    assert result.pot == 3
    assert result.returned == (0, 1)
    assert result.won == (1, 1)
    assert hand.stacks == [1, 100]


def test_r5_4_short_call_rulebook_example() -> None:
    # Big blind (seat 1) has 5: 2 blind, 3 left when the dealer bets 4 after draw 2.
    order = stacked_deck(big_blind="As 2h 3d 4c", dealer=JUNK_D)
    hand = Hand(deck=order, dealer=0, stacks=(100, 5))
    play(hand, "D call", "B check")
    pats_and_checks_to(hand, "bet-3")
    play(hand, "B check", "D bet 4")
    assert option(hand, Kind.CALL) == Legal(Kind.CALL, adds=3, to=3, all_in=True)
    assert Kind.RAISE not in kinds(hand)
    play(hand, "B call 3")
    # Pot counts the uncovered chip until the end (R5.8): 2 + 2 + 4 + 3.
    assert hand.pot == 11
    assert str(hand.phase) == "draw-3"
    play(hand, "B pat", "D pat")
    result = hand.result
    assert result is not None
    assert result.pot == 11
    assert result.returned == (1, 0)
    assert result.won == (0, 10)
    # Dealer: 100 - 2 - 4 + 1; big blind: 0 + 10.
    assert hand.stacks == [95, 10]
    (ret,) = [e for e in hand.events if e.kind == "return"]
    assert (ret.seat, ret.amount, ret.rule) == (0, 1, "R5.4")


def test_r5_5_dealer_with_one_chip_posts_it_all_in() -> None:
    order = stacked_deck(big_blind=JUNK_BB, dealer="As 2h 3d 4c")
    hand = Hand(deck=order, dealer=0, stacks=(1, 100))
    assert hand.stacks == [0, 98]
    # Nobody can bet: straight to the first draw, big blind first.
    assert str(hand.phase) == "draw-1"
    assert hand.to_act == 1
    posts = [e for e in hand.events if e.kind == "post"]
    assert [(e.seat, e.amount, e.note) for e in posts] == [
        (0, 1, "small blind all-in"),
        (1, 2, "big blind"),
    ]
    passive_to_end(hand)
    result = hand.result
    assert result is not None
    assert result.returned == (0, 1)
    assert result.won == (2, 0)
    assert hand.stacks == [2, 99]
    (ret,) = [e for e in hand.events if e.kind == "return"]
    assert (ret.seat, ret.amount, ret.rule) == (1, 1, "R5.5")


def test_r5_5_big_blind_with_one_chip_matches_the_small_blind() -> None:
    order = stacked_deck(big_blind="As 2h 3d 4c", dealer=JUNK_D)
    hand = Hand(deck=order, dealer=0, stacks=(100, 1))
    assert hand.stacks == [99, 0]
    assert hand.pot == 2
    assert str(hand.phase) == "draw-1"
    (post,) = [e for e in hand.events if e.kind == "post" and e.seat == 1]
    assert (post.amount, post.rule) == (1, "R5.5")
    passive_to_end(hand)
    assert hand.result is not None
    assert hand.result.returned == (0, 0)
    assert hand.result.won == (0, 2)
    assert hand.stacks == [99, 2]


def test_r5_6_all_in_for_less_than_a_raise_rulebook_example() -> None:
    # Dealer (seat 0) has 8: 2 in before the first draw, 6 left in the big-bet round.
    order = stacked_deck(big_blind=JUNK_BB, dealer="As 2h 3d 4c")
    hand = Hand(deck=order, dealer=0, stacks=(8, 100))
    play(hand, "D call", "B check")
    pats_and_checks_to(hand, "bet-3")
    play(hand, "B bet 4")
    assert option(hand, Kind.CALL) == Legal(Kind.CALL, adds=4, to=4)
    assert option(hand, Kind.ALL_IN) == Legal(Kind.ALL_IN, adds=6, to=6, all_in=True)
    play(hand, "D all-in 6")
    assert hand.stacks[0] == 0
    # The big blind may only call the 2 or fold: no raise over an all-in (R5.7).
    assert kinds(hand) == {Kind.FOLD, Kind.CALL}
    assert option(hand, Kind.CALL).adds == 2
    play(hand, "B call 2")
    passive_to_end(hand)
    result = hand.result
    assert result is not None
    assert result.pot == 16  # 2 + 2 + 6 + 6
    assert result.won == (16, 0)
    assert result.returned == (0, 0)
    assert hand.stacks == [16, 92]
    (all_in,) = [e for e in hand.events if e.kind == "all-in"]
    assert all_in.rule == "R5.6"


def test_r5_7_no_betting_after_all_in_but_the_draws_go_on() -> None:
    order = stacked_deck(big_blind="As 2h 3d Kd", dealer=JUNK_D, then="9c 8h 7h 4c")
    hand = Hand(deck=order, dealer=0, stacks=(100, 4))
    play(hand, "D call", "B check", "B pat", "D pat", "B bet 2")
    assert hand.stacks[1] == 0
    assert kinds(hand) == {Kind.FOLD, Kind.CALL}
    play(hand, "D call")
    # Draw 2 still happens.
    assert str(hand.phase) == "draw-2"
    play(hand, "B draw Kd", "D pat")
    # Betting round 3 is skipped: straight to draw 3.
    assert str(hand.phase) == "draw-3"
    play(hand, "B pat", "D pat")
    assert hand.is_over
    assert len(hand.burns) == 3
    assert [e.kind for e in hand.events].count("no-betting") == 2
    # First burn 9c, second burn 8h, the big blind's replacement 7h.
    assert hand.burns[:2] == list(cards("9c 8h"))
    assert card("7h") in hand.holdings[1]
    assert hand.result is not None
    assert hand.result.pot == 8


def test_r5_8_pot_counts_blinds_and_the_current_round() -> None:
    hand = Hand(deck=DECK, dealer=0)
    play(hand, "D raise 4")
    # The rule's example: 1 + 2 blinds, then the dealer raises to 4: 4 + 2 = 6.
    assert hand.pot == 6
    assert hand.snapshot()["pot"] == 6
