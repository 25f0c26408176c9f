"""Every illegal-action code in `CODES` is triggered, and each time nothing changes.

A case builds a hand or a session, takes a deep fingerprint (the snapshot, every attribute,
the event count, deck position, holdings, burns, discards) and attempts one illegal action.
The action must raise `IllegalAction` with the expected code and the code's rule ID, and
the fingerprint afterwards must equal the one before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from badugi_spec import profiles
from badugi_spec.cards import DECK, Card
from badugi_spec.engine import CODES, Action, Hand, Kind, Session
from badugi_spec.engine.seating import SeatEvent
from badugi_spec.errors import IllegalAction
from badugi_spec.profiles import HOUSE
from badugi_spec.profiles.model import Profile
from tests.conftest import cards, fingerprint, passive_to_end, play, stacked_deck

Target = Hand | Session


@dataclass(frozen=True)
class Case:
    name: str
    code: str
    setup: Callable[[], Target]
    attempt: Callable[[Target], object]


def hand(*script: str, dealer: int = 0, stacks: tuple[int, int] = (100, 100)) -> Callable[[], Hand]:
    def build() -> Hand:
        h = Hand(deck=DECK, dealer=dealer, stacks=stacks)
        play(h, *script)
        return h

    return build


def step(line: str) -> Callable[[Target], object]:
    def attempt(target: Target) -> object:
        play(target, line)
        return None

    return attempt


def act(action: Action) -> Callable[[Target], object]:
    def attempt(target: Target) -> object:
        target.apply(action)
        return None

    return attempt


def session_after(hands: int, *, stacks: tuple[int, int] = (100, 100)) -> Callable[[], Session]:
    """A session in which the dealer folds `hands` hands in a row."""

    def build() -> Session:
        s = Session(first_dealer=0, stacks=stacks, seed=1)
        for _ in range(hands):
            s.start_hand()
            play(s, "D fold")
        return s

    return build


def busted_session() -> Session:
    # Seat 0 is the big blind with 2 chips, all-in on the blind; seat 1 deals and wins.
    s = Session(first_dealer=1, stacks=(2, 100), seed=2)
    s.start_hand(stacked_deck(big_blind="Kc Kd Qc Qd", dealer="As 2h 3d 4c"))
    play(s, "D call")
    passive_to_end(s)
    assert s.result is not None and s.result.reason == "bust"
    return s


def start(deck: tuple[Card, ...] | None = None) -> Callable[[Target], object]:
    def attempt(target: Target) -> object:
        assert isinstance(target, Session)
        return target.start_hand(deck)

    return attempt


def seat_event(event: SeatEvent) -> Callable[[Target], object]:
    """A deal with one player's choice before it (chapter R19)."""

    def attempt(target: Target) -> object:
        assert isinstance(target, Session)
        return target.start_hand(seating=[event])

    return attempt


def short_deck(size: int) -> tuple[Card, ...]:
    return DECK[:size]


DUPLICATE_DECK = (*DECK[:20], DECK[3], *DECK[20:])

# Dealer (seat 0) with 3 chips: 1 in the blind, 2 behind; facing 1 the only all-in
# is 2, a raise to 3 that is short of a full raise (R5.6).
SHORT_DEALER = (3, 100)


# Check and stand pat into the second and third betting rounds (big blind to act).
TO_ROUND_2 = ("D call", "B check", "B pat", "D pat")
TO_ROUND_3 = (*TO_ROUND_2, "B check", "D check", "B pat", "D pat")


def _muck_showdown(profile: str) -> Callable[[], Hand]:
    """Heads-up to a checked-down showdown: the big blind (seat 1) shows first and loses."""

    def build() -> Hand:
        deck = stacked_deck(big_blind="Kc Kd Qc Qd", dealer="As 2h 3d 4c")
        h = Hand(deck=deck, profile=profiles.get(profile))
        passive_to_end(h)
        return h

    return build


MUCKS = [  # the muck at the showdown (R8.32)
    Case("a muck mid-hand", "no-showdown", hand(), act(Action(0, Kind.MUCK))),
    Case("a muck after a fold", "no-showdown", hand("D fold"), act(Action(1, Kind.MUCK))),
    Case(
        "a muck where every hand is shown",
        "muck-not-allowed",
        _muck_showdown("house"),
        act(Action(1, Kind.MUCK)),
    ),
    Case(
        "a muck of the winning hand",
        "muck-would-win",
        _muck_showdown("pokerstars-2010"),
        act(Action(0, Kind.MUCK)),
    ),
    Case(
        "a muck by the first to show",
        "must-show",
        _muck_showdown("pokerstars-2010"),
        act(Action(1, Kind.MUCK)),
    ),
]

CASES = [
    *MUCKS,
    # R3.3
    Case("big blind acts first before the draw", "out-of-turn", hand(), step("B call")),
    Case("dealer draws first", "out-of-turn", hand("D call", "B check"), step("D pat")),
    Case(
        "dealer bets first after a draw",
        "out-of-turn",
        hand(*TO_ROUND_2),
        step("D bet 2"),
    ),
    Case("acting twice in a row", "out-of-turn", hand("D raise 4"), step("D raise 6")),
    Case(
        "a new hand while one is being played", "out-of-turn", lambda: _session_mid_hand(), start()
    ),
    Case(
        "an action before any hand is dealt",
        "out-of-turn",
        session_after(0),
        act(Action(0, Kind.CALL)),
    ),
    # R5.1 / R3.10
    Case("acting after a fold", "hand-over", hand("D fold"), step("B check")),
    Case("drawing after a fold", "hand-over", hand("D fold"), act(Action(1, Kind.DRAW))),
    Case("acting after the showdown", "hand-over", lambda: _showdown_hand(), step("B check")),
    # R6.4
    Case("a hand after 12 hands", "session-over", session_after(12), start()),
    Case("an action after 12 hands", "session-over", session_after(12), act(Action(0, Kind.CHECK))),
    Case("a hand after a bust", "session-over", busted_session, start()),
    Case("an action after a bust", "session-over", busted_session, act(Action(1, Kind.CALL))),
    # R3.1 / R4.1
    Case("betting in a draw", "not-betting-round", hand("D call", "B check"), step("B bet 2")),
    Case("checking in a draw", "not-betting-round", hand("D call", "B check"), step("B check")),
    Case("folding in a draw", "not-betting-round", hand("D call", "B check"), step("B fold")),
    Case("drawing in a betting round", "not-draw-round", hand(), act(Action(0, Kind.DRAW))),
    Case(
        "drawing in round 2",
        "not-draw-round",
        hand(*TO_ROUND_2),
        step("B pat"),
    ),
    # R3.5 / R3.4
    Case("check facing the big blind", "check-facing-bet", hand(), step("D check")),
    Case(
        "check facing a bet",
        "check-facing-bet",
        hand(*TO_ROUND_2, "B bet 2"),
        step("D check"),
    ),
    Case("fold on the big blind's option", "fold-when-free", hand("D call"), step("B fold")),
    Case(
        "fold first after a draw",
        "fold-when-free",
        hand(*TO_ROUND_2),
        step("B fold"),
    ),
    Case("call on the big blind's option", "nothing-to-call", hand("D call"), step("B call")),
    Case(
        "call with nothing bet after a draw",
        "nothing-to-call",
        hand(*TO_ROUND_2),
        step("B call"),
    ),
    Case("bet facing the big blind", "bet-facing-bet", hand(), step("D bet 2")),
    Case("bet on the big blind's option", "bet-facing-bet", hand("D call"), step("B bet 2")),
    Case(
        "bet facing a bet",
        "bet-facing-bet",
        hand(*TO_ROUND_2, "B bet 2"),
        step("D bet 4"),
    ),
    Case(
        "raise with no bet after a draw",
        "raise-without-bet",
        hand(*TO_ROUND_2),
        step("B raise 2"),
    ),
    Case(
        "raise after checks",
        "raise-without-bet",
        hand(*TO_ROUND_2, "B check"),
        step("D raise"),
    ),
    # R3.6
    Case(
        "fourth raise before the draw",
        "raise-cap",
        hand("D raise 4", "B raise 6", "D raise 8"),
        step("B raise 10"),
    ),
    Case(
        "fourth raise after the big blind's option",
        "raise-cap",
        hand("D call", "B raise 4", "D raise 6", "B raise 8"),
        step("D raise"),
    ),
    Case(
        "fifth bet after a draw",
        "raise-cap",
        hand(*TO_ROUND_2, "B bet", "D raise", "B raise", "D raise"),
        step("B raise"),
    ),
    Case(
        "all-in raise over the cap",
        "all-in-too-large",
        hand("D raise 4", "B raise 6", "D raise 8"),
        step("B all-in"),
    ),
    # R3.2
    Case("raise to 5", "wrong-amount", hand(), step("D raise 5")),
    Case("raise to 3 (the chips added)", "wrong-amount", hand(), step("D raise 3")),
    Case("call for 2 when 1 is owed", "wrong-amount", hand(), step("D call 2")),
    Case(
        "bet 4 in a small-bet round",
        "wrong-amount",
        hand(*TO_ROUND_2),
        step("B bet 4"),
    ),
    Case(
        "bet 2 in a big-bet round",
        "wrong-amount",
        hand(*TO_ROUND_3),
        step("B bet 2"),
    ),
    Case(
        "all-in for more than the stack",
        "wrong-amount",
        hand(stacks=SHORT_DEALER),
        step("D all-in 3"),
    ),
    Case("negative call", "wrong-amount", hand(), act(Action(0, Kind.CALL, amount=-1))),
    # R5.7
    Case(
        "raise over a big blind that is all-in",
        "opponent-all-in",
        hand(stacks=(100, 2)),
        step("D raise 4"),
    ),
    Case(
        "raise over an all-in bet",
        "opponent-all-in",
        hand(*TO_ROUND_2, "B bet 2", stacks=(100, 4)),
        step("D raise 4"),
    ),
    # R5.6
    Case(
        "all-in for less than the stack",
        "not-all-in",
        hand(stacks=SHORT_DEALER),
        step("D all-in 1"),
    ),
    Case("all-in for nothing", "not-all-in", hand(stacks=SHORT_DEALER), step("D all-in 0")),
    Case("all-in with 100 chips", "all-in-too-large", hand(), step("D all-in")),
    Case(
        "all-in with 100 chips after a draw",
        "all-in-too-large",
        hand(*TO_ROUND_2),
        step("B all-in 98"),
    ),
    # R5.4
    Case(
        "raise when the stack does not cover the call",
        "short-stack",
        hand("D raise 4", stacks=(100, 3)),
        step("B raise"),
    ),
    # R4.2
    Case(
        "five discards",
        "too-many-discards",
        hand("D call", "B check"),
        act(Action(1, Kind.DRAW, discards=(*DECK[0:8:2], DECK[1]))),
    ),
    Case(
        "a card discarded twice",
        "discard-repeated",
        hand("D call", "B check"),
        act(Action(1, Kind.DRAW, discards=(DECK[0], DECK[0]))),
    ),
    Case(
        "the opponent's card",
        "discard-not-held",
        hand("D call", "B check"),
        act(Action(1, Kind.DRAW, discards=(DECK[1],))),
    ),
    Case(
        "a card still in the deck",
        "discard-not-held",
        hand("D call", "B check"),
        act(Action(1, Kind.DRAW, discards=(DECK[40],))),
    ),
    Case(
        "the dealer discards a card the big blind discarded",
        "discard-not-held",
        hand("D call", "B check", "B draw " + str(DECK[0])),
        act(Action(0, Kind.DRAW, discards=(DECK[0],))),
    ),
    # R4.6
    Case(
        "a 7-card deck for the deal (session)", "deck-short", session_after(0), start(short_deck(7))
    ),
    Case(
        "an 8-card deck has no burn for draw 1",
        "deck-short",
        lambda: _hand_on(short_deck(8), "D call", "B check"),
        step("B pat"),
    ),
    Case(
        "a 10-card deck runs out for the dealer's draw",
        "deck-short",
        lambda: _hand_on(short_deck(10), "D call", "B check", "B draw " + str(DECK[0])),
        act(Action(0, Kind.DRAW, discards=DECK[1:4:2])),
    ),
    # R19.3
    Case(
        "a player who is not sitting out returns",
        "seating-refused",
        lambda: Session(stacks=(100, 100, 100), profile=profiles.get("wsop-live")),
        seat_event(SeatEvent(1, "returns")),
    ),
    # R1.1
    Case(
        "a deck with a card twice (session)",
        "deck-invalid",
        session_after(1),
        start(DUPLICATE_DECK),
    ),
    # R8.10
    Case(
        "a raise after an all-in for less than a raise (full-bet rule)",
        "not-reopened",
        lambda: _three_way_short_all_in(),
        act(Action(0, Kind.RAISE)),
    ),
    # R14.10
    Case(
        "a pot-limit raise beyond the pot",
        "amount-out-of-range",
        lambda: Hand(deck=DECK, profile=profiles.get("pot-limit")),
        act(Action(0, Kind.RAISE, amount=8)),
    ),
    # R8.18
    Case(
        "a stated reshuffle that is not the gathered cards",
        "reshuffle-mismatch",
        lambda: _eight_way_before_reshuffle(),
        act(Action(4, Kind.DRAW, discards=tuple(DECK[4:32:8]))),
    ),
]


THREE_WAY = HOUSE.replace(name="three-way", max_seats=3)


def _three_way_short_all_in() -> Hand:
    """Seat 2 (the button, 5 chips) calls 2 before the draw; after it seat 0 bets 2, seat
    1 calls and seat 2 goes all-in for 3: one chip more, not a full raise (R8.8)."""
    h = Hand(deck=DECK, stacks=(100, 100, 5), dealer=2, profile=THREE_WAY)
    for action in (
        Action(2, Kind.CALL),
        Action(0, Kind.CALL),
        Action(1, Kind.CHECK),
        *(Action(seat, Kind.DRAW) for seat in (0, 1, 2)),
        Action(0, Kind.BET),
        Action(1, Kind.CALL),
        Action(2, Kind.ALL_IN),
    ):
        h.apply(action)
    assert h.to_act == 0 and h.stacks[2] == 0
    return h


def _eight_way_before_reshuffle() -> Hand:
    """Eight players, each throwing four cards at the first draw: 32 dealt and one burn
    leave 19, so the fifth player's draw needs the rebuilt stub, stated wrongly here."""
    rules = HOUSE.replace(name="eight-way", max_seats=8, reshuffle=("current-discards",))
    h = Hand(deck=DECK, stacks=(100,) * 8, dealer=7, profile=rules, reshuffles=[DECK[40:52]])
    for seat in (2, 3, 4, 5, 6, 7, 0):
        h.apply(Action(seat, Kind.CALL))
    h.apply(Action(1, Kind.CHECK))
    for seat in range(4):
        h.apply(Action(seat, Kind.DRAW, discards=tuple(h.holdings[seat])))
    assert h.deck.remaining == 3 and h.to_act == 4
    return h


def _hand_on(deck: tuple[Card, ...], *script: str) -> Hand:
    h = Hand(deck=deck)
    play(h, *script)
    return h


def _session_mid_hand() -> Session:
    s = Session(first_dealer=0, seed=3)
    s.start_hand()
    play(s, "D call")
    return s


def _showdown_hand() -> Hand:
    h = Hand(deck=DECK)
    passive_to_end(h)
    return h


def attempt_case(case: Case) -> IllegalAction:
    target = case.setup()
    before = fingerprint(target)
    with pytest.raises(IllegalAction) as info:
        case.attempt(target)
    assert fingerprint(target) == before, f"{case.name}: the state changed"
    return info.value


@pytest.mark.parametrize("case", CASES, ids=[f"{CODES[c.code].rule} {c.name}" for c in CASES])
def test_illegal_action_has_its_code_and_changes_nothing(case: Case) -> None:
    """The case breaks the rule its code cites (R1.1, R3.x, R4.x, R5.x, R6.4; see the id)."""
    error = attempt_case(case)
    assert error.code == case.code
    assert error.rule == CODES[case.code].rule
    assert str(error).startswith(f"{error.rule} {error.code}: ")


@pytest.mark.parametrize("code", sorted(CODES), ids=[f"{CODES[c].rule} {c}" for c in sorted(CODES)])
def test_every_code_is_triggered(code: str) -> None:
    """Each stable code has at least one case, which raises it (the id names its rule)."""
    cases = [c for c in CASES if c.code == code]
    assert cases, f"no case triggers {code}"
    assert {attempt_case(c).code for c in cases} == {code}


def test_triggered_codes_are_exactly_the_codes() -> None:
    """The cases, run together, raise every code of codes.py and no other."""
    triggered = {attempt_case(case).code for case in CASES}
    assert triggered == set(CODES)


# --- errors raised while building a hand: nothing exists afterwards to compare ---------


def test_r4_6_a_hand_needs_8_cards_for_the_deal() -> None:
    with pytest.raises(IllegalAction) as info:
        Hand(deck=DECK[:7])
    assert (info.value.code, info.value.rule) == ("deck-short", "R4.6")
    Hand(deck=DECK[:8])  # exactly enough for the deal


def test_r1_1_a_hand_refuses_a_deck_with_a_card_twice() -> None:
    with pytest.raises(IllegalAction) as info:
        Hand(deck=DUPLICATE_DECK)
    assert (info.value.code, info.value.rule) == ("deck-invalid", "R1.1")
    assert str(DECK[3].pretty()) in info.value.message


def test_r4_6_deck_short_for_a_draw_then_the_same_draw_with_fewer_cards() -> None:
    h = Hand(deck=DECK[:10])
    play(h, "D call", "B check")
    with pytest.raises(IllegalAction) as info:
        h.apply(Action(1, Kind.DRAW, discards=tuple(DECK[0:6:2])))  # burn + 3 > 2 left
    assert info.value.code == "deck-short"
    # Nothing was burned by the refused draw: a legal one still gets card 9 burned.
    h.apply(Action(1, Kind.DRAW, discards=(DECK[0],)))
    assert h.burns == [DECK[8]]
    assert DECK[9] in h.holdings[1]


def test_r4_2_a_refused_draw_leaves_the_turn_and_the_burn_to_come() -> None:
    h = Hand(deck=DECK)
    play(h, "D call", "B check")
    with pytest.raises(IllegalAction):
        h.apply(Action(1, Kind.DRAW, discards=(DECK[1],)))
    assert h.to_act == 1
    assert h.burns == []
    play(h, "B pat")
    assert h.burns == [DECK[8]]


def test_r3_3_r3_5_illegal_actions_in_a_row_change_nothing() -> None:
    """A burst of refusals (R3.3, R3.5, R3.2, R4.1) against one hand; then a legal call works."""
    h = Hand(deck=DECK)
    before = fingerprint(h)
    attempts = [
        Action(1, Kind.CHECK),
        Action(0, Kind.CHECK),
        Action(0, Kind.FOLD, amount=3),
        Action(0, Kind.RAISE, amount=6),
        Action(0, Kind.DRAW, discards=cards("2s")),
        Action(0, Kind.BET),
    ]
    for action in attempts:
        with pytest.raises(IllegalAction):
            h.apply(action)
    assert fingerprint(h) == before
    play(h, "D call 1")
    assert h.pot == 4


def test_r3_2_a_fold_with_chips_is_the_wrong_amount() -> None:
    """R3.2: a fold puts in nothing, so any amount but 0 is the wrong amount."""
    h = Hand(deck=DECK)
    with pytest.raises(IllegalAction) as info:
        h.apply(Action(0, Kind.FOLD, amount=3))
    assert info.value.code == "wrong-amount"


def test_r3_6_structure_with_a_one_bet_cap() -> None:
    """The cap comes from the structure (R3.6): with cap 1 the big blind is the only bet."""
    h = Hand(deck=DECK, structure=Profile(cap=1))
    assert {o.kind for o in h.legal_actions()} == {Kind.FOLD, Kind.CALL}
    with pytest.raises(IllegalAction) as info:
        play(h, "D raise 4")
    assert info.value.code == "raise-cap"
