"""The live table over sessions (chapter R19) and the button rules of R8.23 per profile:
each test plays a few hands by hand and checks what the rule says, worked out by hand."""

from __future__ import annotations

import pytest

from badugi_spec.engine import Action, Kind, Session
from badugi_spec.engine.hand import Hand
from badugi_spec.engine.seating import SeatEvent
from badugi_spec.errors import IllegalAction
from badugi_spec.profiles import ProfileError, get

LIVE = get("wsop-live")


def fold_round(hand: Hand) -> None:
    """Everyone folds (or checks when folding is refused) until the hand ends."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        kinds = {o.kind for o in hand.legal_actions()}
        hand.apply(Action(seat, Kind.FOLD if Kind.FOLD in kinds else Kind.CHECK))


def raise_and_take(session: Session, seat: int) -> None:
    """`seat` raises (or bets) at its first turn and everyone else folds: it wins it all."""
    hand = session.hand
    assert hand is not None
    while not hand.is_over:
        actor = hand.to_act
        assert actor is not None
        kinds = {o.kind for o in hand.legal_actions()}
        if actor == seat and Kind.RAISE in kinds:
            session.apply(Action(actor, Kind.RAISE))
        else:
            session.apply(Action(actor, Kind.FOLD if Kind.FOLD in kinds else Kind.CHECK))


def refused(session: Session, *events: SeatEvent) -> str:
    with pytest.raises(IllegalAction) as info:
        session.start_hand(seating=events)
    assert info.value.code == "seating-refused"
    return str(info.value)


def test_each_profile_moves_the_button_as_its_source_says() -> None:
    # R8.23: the WSOP's dead button (tournament 85, live 151), PokerStars' own rule.
    buttons = {name: get(name).button_moves for name in ("house", "pokerstars-2010", "pokerkit")}
    assert buttons == {
        "house": "every-hand",
        "pokerstars-2010": "small-blind-button",
        "pokerkit": "every-hand",
    }
    for name in ("wsop-2023", "badeucy", "badacy", "wsop-live"):
        assert get(name).button_moves == "dead-button", name
    assert get("wsop-2023").absent_hand == "killed-at-deal"
    assert get("pokerstars-2010").absent_hand == "dead-at-turn"
    assert (LIVE.absent_hand, LIVE.missed_blinds, LIVE.straddle, LIVE.kill) == (
        "not-dealt",
        "must-wait",
        "under-the-gun",
        "none",
    )


def test_small_blind_button_alternates_heads_up() -> None:
    # Heads-up the button posts the small blind: "to the last small blind" would stand still.
    session = Session(stacks=(100, 100), profile=get("pokerstars-2010"))
    dealers = []
    for _ in range(3):
        hand = session.start_hand()
        dealers.append(hand.dealer)
        fold_round(hand)
        session._after_hand(hand)
    assert dealers == [0, 1, 0]


def test_under_a_moving_button_an_absent_player_misses_both_blinds_at_once() -> None:
    rules = LIVE.replace(button_moves="every-hand", missed_blinds="post-or-wait")
    session = Session(stacks=(100,) * 4, profile=rules)
    hand = session.start_hand(seating=[SeatEvent(2, "sits-out")])  # button 0: blinds 1, 3
    assert (hand.small_blind, hand.big_blind) == (1, 3) and hand.holdings[2] == []
    fold_round(hand)
    session._after_hand(hand)
    hand = session.start_hand()  # button 1: the blinds pass seat 2 together, to 3 and 0
    assert (hand.small_blind, hand.big_blind) == (3, 0)
    assert session.missed == {2: {"small", "big"}}
    fold_round(hand)
    session._after_hand(hand)
    message = refused(session, SeatEvent(2, "returns"))
    assert "missed the small and big blind" in message
    # The moving button now comes to Cy's seat: no posting back in on the button.
    assert "on the button" in refused(session, SeatEvent(2, "returns-posting"))
    # The refusals changed nothing: Cy is still out and still owes both.
    assert session.absent == {2} and session.missed == {2: {"small", "big"}}
    hand = session.start_hand()
    assert hand.dealer == 2 and hand.holdings[2] == []
    fold_round(hand)
    session._after_hand(hand)
    hand = session.start_hand(seating=[SeatEvent(2, "returns-posting")])
    # Button 3, blinds 0 and 1: Cy posts 2 live and 1 dead, and acts first.
    assert (hand.dealer, hand.small_blind, hand.big_blind) == (3, 0, 1)
    assert hand.committed == [1, 2, 2, 0] and hand.total[2] == 3 and hand.to_act == 2
    assert session.missed == {} and session.absent == set()


def test_returning_choices_the_table_refuses() -> None:
    session = Session(stacks=(100,) * 4, profile=LIVE)
    assert "not sitting out" in refused(session, SeatEvent(1, "returns"))
    hand = session.start_hand(seating=[SeatEvent(3, "sits-out")])
    fold_round(hand)
    session._after_hand(hand)
    assert "sitting out already" in refused(session, SeatEvent(3, "sits-out"))
    hand = session.start_hand()  # the big blind passes Di's seat under the dead button
    fold_round(hand)
    session._after_hand(hand)
    assert session.missed == {3: {"big"}}
    assert "must wait" in refused(session, SeatEvent(3, "returns-posting"))
    # Everyone else away too: fewer than two would be left.
    assert "two players" in refused(session, SeatEvent(0, "sits-out"), SeatEvent(1, "sits-out"))


def test_a_waiting_player_comes_in_with_the_big_blind_and_owes_nothing() -> None:
    session = Session(stacks=(100,) * 4, profile=LIVE)
    hand = session.start_hand(seating=[SeatEvent(3, "sits-out")])
    seen = []
    for number in range(5):
        seen.append((hand.big_blind, bool(hand.holdings[3])))
        fold_round(hand)
        session._after_hand(hand)
        events = [SeatEvent(3, "returns-waiting")] if number == 1 else []
        hand = session.start_hand(seating=events)
    # Dead button: big blinds 2, 0, 1 (Di out, waiting from the third hand), then Di's own.
    assert seen[:3] == [(2, False), (0, False), (1, False)]
    assert (3, True) in [*seen, (hand.big_blind, bool(hand.holdings[3]))]
    assert session.waiting == set() and 3 not in session.missed


def test_an_absent_hand_dead_at_turn_is_folded_even_with_a_free_check() -> None:
    session = Session(stacks=(100,) * 3, profile=get("pokerstars-2010"))
    hand = session.start_hand(seating=[SeatEvent(2, "sits-out")])  # seat 2 the big blind
    session.apply(Action(0, Kind.CALL))
    session.apply(Action(1, Kind.CALL))
    assert hand.folded[2] and str(hand.phase) == "draw-1" and hand.pot == 6


def test_an_absent_all_in_blind_stands_pat_at_the_draws() -> None:
    session = Session(stacks=(100, 100, 2), profile=get("pokerstars-2010"))
    hand = session.start_hand(seating=[SeatEvent(2, "sits-out")])  # all-in for the big blind
    session.apply(Action(0, Kind.CALL))
    session.apply(Action(1, Kind.CALL))
    # Seat 2 is never asked to bet; at each draw it stands pat by itself.
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None and seat != 2
        kinds = {o.kind for o in hand.legal_actions()}
        session.apply(Action(seat, Kind.DRAW if Kind.DRAW in kinds else Kind.CHECK))
    assert not hand.folded[2] and hand.discards[2] == []


def test_kills_follow_the_run_of_pots() -> None:
    session = Session(stacks=(100,) * 3, profile=LIVE.replace(kill="full"))
    for _ in range(2):
        session.start_hand()
        raise_and_take(session, 0)
    hand = session.start_hand()  # Ann won two in a row: she kills, and bets double
    assert hand.live_table.kill == (0, 4) and hand.profile.bet_sizes == (4, 4, 8, 8)
    raise_and_take(session, 0)
    hand = session.start_hand()  # she won the kill pot too: she kills again
    assert hand.live_table.kill == (0, 4)
    raise_and_take(session, 1)
    hand = session.start_hand()  # the run is broken
    assert hand.live_table.kill is None and hand.profile is session.profile


def test_a_half_kill_is_half_again_and_needs_even_amounts() -> None:
    session = Session(stacks=(100,) * 3, profile=LIVE.replace(kill="half"))
    for _ in range(2):
        session.start_hand()
        raise_and_take(session, 2)
    hand = session.start_hand()
    assert hand.live_table.kill == (2, 3) and hand.profile.bet_sizes == (3, 3, 6, 6)
    with pytest.raises(ProfileError, match="half kill"):
        LIVE.replace(kill="half", small_blind=1, big_blind=3)
    with pytest.raises(ProfileError, match="kill_pot"):
        LIVE.replace(kill="full", kill_trigger="pot-size")


def test_a_straddle_only_under_the_gun_at_three_or_more() -> None:
    session = Session(stacks=(100,) * 4, profile=LIVE)
    assert "seat 3" in refused(session, SeatEvent(1, "straddles"))
    heads_up = Session(stacks=(100, 100), profile=LIVE)
    assert "three or more" in refused(heads_up, SeatEvent(0, "straddles"))
    none = Session(stacks=(100,) * 4, profile=get("wsop-2023"))
    assert "no straddle" in refused(none, SeatEvent(3, "straddles"))
    killing = Session(stacks=(100,) * 4, profile=LIVE.replace(kill="full"))
    for _ in range(2):
        killing.start_hand()
        raise_and_take(killing, 1)
    hand_seats = killing._blind_seats(*killing._places(frozenset()), frozenset())
    under_the_gun = (hand_seats[1] + 1) % 4
    assert "kill pot" in refused(killing, SeatEvent(under_the_gun, "straddles"))


def test_when_the_others_bust_a_player_away_is_dealt_in_again() -> None:
    # A table of one cannot deal: Cy, away, comes back owing nothing (R19.1).
    session = Session(stacks=(100, 100, 100), profile=LIVE)
    hand = session.start_hand(seating=[SeatEvent(2, "sits-out")])
    fold_round(hand)
    session._after_hand(hand)
    session.stacks = (200, 0, 100)  # as if Bob had lost everything
    hand = session.start_hand()
    assert sorted(hand.order) == [0, 2] and session.absent == set() and session.missed == {}


def test_folded_to_an_absent_big_blind_dead_at_turn_it_wins() -> None:
    # The site folds an absent hand only when the action reaches it (R19.1, R11.7).
    session = Session(stacks=(100, 100, 100), profile=get("pokerstars-2010"))
    hand = session.start_hand(seating=[SeatEvent(2, "sits-out")])
    session.apply(Action(0, Kind.FOLD))
    session.apply(Action(1, Kind.FOLD))
    assert hand.result is not None and hand.result.winners == (2,)


def test_a_sit_out_that_leaves_one_player_is_refused_with_a_player_waiting_and_bust() -> None:
    # R19.1: a player may not sit out when fewer than two would be present. With a player
    # waiting for the big blind who has busted meanwhile, the engine asked where the big
    # blind would be with only one player dealt in, and failed with an IndexError (met by
    # the fuzzer's live-table trials) instead of refusing the sit-out.
    session = Session(stacks=(100, 100, 100), profile=LIVE)
    session.stacks = (100, 100, 0)  # the third busted before coming back
    session.waiting = {2}
    assert "two players present" in refused(session, SeatEvent(1, "sits-out"))


def test_a_player_without_chips_neither_sits_out_nor_comes_back() -> None:
    # R8.23: out of chips, a player is out of the game until the session ends. The engine
    # let such a player sit out, and later come back posting missed blinds (R19.3), which
    # the hand then failed on ("cannot post a big blind out of turn") instead of the
    # session refusing it: met by the fuzzer under `button_moves=every-hand` with
    # `absent_hand=not-dealt`.
    rules = get("pokerstars-2010").replace(button_moves="every-hand", absent_hand="not-dealt")
    session = Session(stacks=(100,) * 4, profile=rules)
    fold_round(session.start_hand())
    session._after_hand(session.hands[-1])
    session.stacks = (100, 0, 100, 100)  # as if Bob had lost everything
    assert "no chips" in refused(session, SeatEvent(1, "sits-out"))
    session.absent, session.missed = {1}, {1: {"small", "big"}}  # away before the bust
    assert "no chips" in refused(session, SeatEvent(1, "returns-posting"))
    hand = session.start_hand()  # nothing changed: Bob is neither dealt nor posts
    assert 1 not in hand.order and hand.total[1] == 0


def test_back_from_heads_up_the_dead_button_sits_before_the_new_small_blind() -> None:
    # R8.23 under a dead button: heads-up the button posted the small blind (R1.5). When a
    # third player is back, the big blind moves on to the next player, here the last
    # button, so the button cannot stay there: it goes to the seat just before the new
    # small blind. The engine kept it on the big blind's seat and the hand failed ("seat 0
    # cannot post the big blind") rather than the session placing the blinds.
    rules = LIVE.replace(missed_blinds="post-or-wait")
    session = Session(stacks=(100,) * 3, profile=rules)
    for events in ([SeatEvent(1, "sits-out")], [], []):
        fold_round(session.start_hand(seating=events))
        session._after_hand(session.hands[-1])
    last = session.hands[-1]
    assert (last.dealer, last.small_blind, last.big_blind) == (0, 0, 2)  # heads-up, Bob away
    # Bob's seat, before the new small blind (2), gets the button: no posting back in
    # there (R19.3), and the refusal changes nothing.
    assert "on the button" in refused(session, SeatEvent(1, "returns-posting"))
    assert session.absent == {1} and session.missed == {1: {"small", "big"}}


def test_back_from_heads_up_when_the_others_bust_the_blinds_go_on() -> None:
    # Two away, two playing heads-up; the big blind busts, so those away are dealt in
    # again (R19.1) at a dead-button table coming back from heads-up (R8.23).
    session = Session(stacks=(100,) * 4, profile=LIVE)
    for events in ([SeatEvent(2, "sits-out")], [SeatEvent(3, "sits-out")]):
        fold_round(session.start_hand(seating=events))
        session._after_hand(session.hands[-1])
    last = session.hands[-1]
    assert (last.dealer, last.small_blind, last.big_blind, last.order) == (1, 1, 0, (0, 1))
    session.stacks = (0, 100, 100, 100)  # as if Ann, the big blind, had lost everything
    hand = session.start_hand()
    # The big blind moves on to Bob, the small blind to Ann's empty seat (dead), and the
    # button to the seat before it, Di's.
    assert (hand.dealer, hand.small_blind, hand.big_blind, hand.order) == (3, 0, 1, (1, 2, 3))
    assert hand.total == [0, 2, 0, 0] and session.absent == set()
