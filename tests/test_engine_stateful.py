"""Random legal play of whole sessions, checked against a small model written from the rules.

A Hypothesis state machine plays sessions (random first dealer, random stacks, many of
them short so that all-ins happen) one action at a time. Beside the engine it keeps its
own model of the hand, built only from the rulebook: chips each player has put in, who
must act, how many bets the round has seen, how many cards have left the deck and which
cards each player must hold. After every step the engine must agree with the model and
with these invariants:

- chips are conserved (see `check_chips` for the exact statement);
- the cards dealt, burned, discarded and left in the deck are a partition of the deck
  order, at most 35 cards leave it (R4.5, R4.6);
- the cap holds: at most 4 bets a round, at most 8 / 8 / 16 / 16 per player a round and
  48 a hand (R3.6);
- the order of action and the legal options follow R3.3-R3.9, R4.3, R5.4-R5.7;
- a split pot is split evenly (R5.3);
- an illegal random action raises IllegalAction and changes nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
)

from badugi_spec.cards import DECK, Card, parse_cards
from badugi_spec.engine import CODES, Action, Hand, Kind, Legal, Session, shuffled
from badugi_spec.errors import IllegalAction
from tests.conftest import hand_fingerprint
from tests.support import brute_key

SMALL_BLIND, BIG_BLIND = 1, 2
BET_SIZES = (2, 2, 4, 4)
CAP = 4
HANDS_PER_SESSION = 12
MAX_CARDS_USED = 35

stack_sizes = st.one_of(st.integers(1, 12), st.integers(1, 60), st.just(100))

# A seed stands for a whole deck order: one draw instead of 52 keeps the examples fast.
seeds = st.integers(0, 2**32)
# Both players dealt an A-2-3-4 badugi, the rest shuffled: split pots happen often.
TIE_TOP = tuple(parse_cards("As Ah 2h 2s 3d 3c 4c 4d"))


def tie_deck(seed: int) -> tuple[Card, ...]:
    return (*TIE_TOP, *(c for c in shuffled(seed) if c not in TIE_TOP))


decks = st.one_of(st.none(), seeds.map(shuffled), seeds.map(tie_deck))


@dataclass
class Model:
    """One hand as the rulebook describes it; the engine must match it step by step."""

    order: tuple[Card, ...]
    dealer: int
    start: tuple[int, ...]
    stacks: list[int] = field(default_factory=list)
    total: list[int] = field(default_factory=lambda: [0, 0])
    committed: list[int] = field(default_factory=lambda: [0, 0])
    acted: set[int] = field(default_factory=set)
    bets: int = 0
    phase: str = "bet-1"
    to_act: int | None = None
    position: int = 0
    drawn: int = 0
    holdings: list[set[Card]] = field(default_factory=lambda: [set(), set()])
    folded: int | None = None
    burns: int = 0

    @property
    def big_blind(self) -> int:
        return 1 - self.dealer

    @property
    def number(self) -> int:
        return int(self.phase.split("-")[1])

    def begin(self) -> None:
        self.stacks = list(self.start)
        for seat, blind in ((self.dealer, SMALL_BLIND), (self.big_blind, BIG_BLIND)):
            posted = min(blind, self.stacks[seat])
            self.stacks[seat] -= posted
            self.total[seat] = self.committed[seat] = posted
        # R1.7: one at a time, big blind first.
        self.holdings[self.big_blind] = set(self.order[0:8:2])
        self.holdings[self.dealer] = set(self.order[1:8:2])
        self.position = 8
        self.bets = 1  # the big blind is the round's bet (R3.6)
        self.start_round(1, first=self.dealer, reset=False)

    # -- betting --

    def owes(self, seat: int) -> bool:
        return self.stacks[seat] > 0 and self.committed[seat] < max(self.committed)

    def round_over(self) -> bool:
        if 0 in self.stacks:
            # R5.7: with a player all-in, only a bet still owed is settled.
            return not any(self.owes(s) for s in (0, 1))
        return self.acted == {0, 1} and self.committed[0] == self.committed[1]

    def start_round(self, number: int, *, first: int, reset: bool = True) -> None:
        self.phase = f"bet-{number}"
        if reset:
            self.committed = [0, 0]
            self.bets = 0
        self.acted = set()
        if self.round_over():
            self.end_round()
        else:
            self.to_act = first

    def end_round(self) -> None:
        if self.number == len(BET_SIZES):
            self.phase, self.to_act = "complete", None
        else:
            self.phase, self.drawn, self.to_act = f"draw-{self.number}", 0, self.big_blind

    def options(self, seat: int) -> set[Legal]:
        """R3.4, R3.5, R3.6, R5.4, R5.6, R5.7 as a set of legal options."""
        size = BET_SIZES[self.number - 1]
        to_call = max(self.committed) - self.committed[seat]
        stack = self.stacks[seat]
        found: set[Legal] = set()
        mine = self.committed[seat]
        if to_call == 0:
            found.add(Legal(Kind.CHECK, to=mine))
        else:
            adds = min(to_call, stack)
            found |= {Legal(Kind.FOLD), Legal(Kind.CALL, adds, mine + adds, adds == stack)}
        if stack > to_call and self.bets < CAP and self.stacks[1 - seat] > 0:
            adds = min(to_call + size, stack)
            kind = Kind.BET if self.bets == 0 else Kind.RAISE
            found.add(Legal(kind, adds, mine + adds, adds == stack))
        for legal in list(found):
            if legal.all_in:
                found.add(Legal(Kind.ALL_IN, legal.adds, legal.to, True))
        return found

    def bet(self, seat: int, legal: Legal) -> None:
        assert seat == self.to_act
        if legal.kind is Kind.FOLD:
            self.folded, self.phase, self.to_act = seat, "complete", None
            return
        level = max(self.committed)
        self.stacks[seat] -= legal.adds
        self.total[seat] += legal.adds
        self.committed[seat] += legal.adds
        if self.committed[seat] > level:
            self.bets += 1
        self.acted.add(seat)
        if self.round_over():
            self.end_round()
        else:
            self.to_act = 1 - seat  # heads-up, turns alternate (R3.3)

    # -- drawing --

    def draw(self, seat: int, discards: tuple[Card, ...]) -> None:
        assert seat == (self.big_blind if self.drawn == 0 else self.dealer)  # R4.3
        burn = 1 if self.drawn == 0 else 0  # R4.4: one burn, before any replacement
        self.burns += burn
        received = set(self.order[self.position + burn : self.position + burn + len(discards)])
        self.position += burn + len(discards)
        self.holdings[seat] = (self.holdings[seat] - set(discards)) | received
        self.drawn += 1
        if self.drawn == 2:
            self.start_round(self.number + 1, first=self.big_blind)
        else:
            self.to_act = self.dealer


class SessionMachine(RuleBasedStateMachine):
    """Sessions of random play (R6.1-R6.5) whose every hand follows R1.5-R5.8 step by step."""

    def __init__(self) -> None:
        super().__init__()
        self.session: Session | None = None
        self.model: Model | None = None
        self.first_dealer = 0
        self.chips = 0
        self.decks: dict[int, tuple[Card, ...]] = {}

    # -- helpers --

    @property
    def hand(self) -> Hand | None:
        return None if self.session is None else self.session.hand

    def playing(self) -> bool:
        hand = self.hand
        return hand is not None and not hand.is_over

    def between_hands(self) -> bool:
        s = self.session
        return s is not None and not s.is_over and (s.hand is None or s.hand.is_over)

    def light_fingerprint(self) -> dict[str, Any]:
        s = self.session
        assert s is not None
        return {
            "stacks": s.stacks,
            "hands": s.hand_number,
            "result": s.result,
            "rng": s._shuffler.getstate(),
            "hand": None if s.hand is None else hand_fingerprint(s.hand),
        }

    # -- rules --

    @precondition(lambda self: self.session is None or self.session.is_over)
    @rule(
        first_dealer=st.integers(0, 1),
        stacks=st.tuples(stack_sizes, stack_sizes),
        seed=st.integers(0, 2**32),
    )
    def new_session(self, first_dealer: int, stacks: tuple[int, int], seed: int) -> None:
        self.session = Session(first_dealer=first_dealer, stacks=stacks, seed=seed)
        self.first_dealer = first_dealer
        self.chips = sum(stacks)
        self.model = None

    @precondition(lambda self: self.between_hands())
    @rule(deck=decks)
    def next_hand(self, deck: tuple[Card, ...] | None) -> None:
        s = self.session
        assert s is not None
        before = s.stacks
        number = s.hand_number
        hand = s.start_hand(deck)
        # R6.1, R6.2: the set-up picks the first dealer, then the button alternates.
        assert hand.dealer == (self.first_dealer + number) % 2
        # R6.3: chips carry over; a whole fresh deck each hand.
        assert hand.start_stacks == before
        order = hand.deck.order()
        assert len(order) == 52 and set(order) == set(DECK)
        if deck is not None:
            assert order == deck
        self.model = Model(order=order, dealer=hand.dealer, start=before)
        self.model.begin()
        self.compare()

    @precondition(lambda self: self.playing())
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        self.play_one(data)

    @precondition(lambda self: self.playing())
    @rule(data=st.data())
    def play_hand(self, data: st.DataObject) -> None:
        """Legal actions to the end of the hand, with every invariant checked after each."""
        while self.playing():
            self.play_one(data)
            self.check_chips()
            self.check_cards()
            self.check_cap()

    def play_one(self, data: st.DataObject) -> None:
        hand = self.hand
        assert hand is not None and hand.to_act is not None
        seat = hand.to_act
        if hand.phase.kind == "draw":
            # Standing pat a third of the time keeps dealt badugis, so splits happen too.
            pat = data.draw(st.integers(0, 2)) == 0
            discards = (
                []
                if pat
                else data.draw(
                    st.lists(st.sampled_from(hand.holdings[seat]), unique=True, max_size=4)
                )
            )
            self.accept(Action(seat, Kind.DRAW, discards=tuple(discards)))
            return
        legal = hand.legal_actions()
        others = [o for o in legal if o.kind is not Kind.FOLD]
        # Folding ends hands early; keep it rare so that caps and all-ins are reached.
        if len(others) < len(legal) and data.draw(st.integers(0, 7)) == 0:
            chosen = Legal(Kind.FOLD)
        else:
            chosen = data.draw(st.sampled_from(others))
        amount: int | None = None
        if (
            chosen.kind is not Kind.FOLD
            and chosen.kind is not Kind.CHECK
            and data.draw(st.booleans())
        ):
            amount = chosen.to if chosen.kind in (Kind.BET, Kind.RAISE) else chosen.adds
        self.accept(Action(seat, chosen.kind, amount=amount))

    @precondition(lambda self: self.session is not None)
    @rule(
        seat=st.integers(0, 1),
        kind=st.sampled_from(Kind),
        amount=st.none() | st.integers(-1, 20),
        picks=st.lists(st.integers(0, 9), max_size=5),
    )
    def random_action(self, seat: int, kind: Kind, amount: int | None, picks: list[int]) -> None:
        """Any action at all: either refused with no change, or one of the legal options."""
        s = self.session
        assert s is not None
        hand = s.hand
        pool = list(DECK[:6]) if hand is None else [*hand.holdings[seat], *DECK[:6]]
        discards = tuple(pool[i % len(pool)] for i in picks)
        action = Action(seat, kind, amount=amount, discards=discards)
        before = self.light_fingerprint()
        try:
            self.accept(action)
        except IllegalAction as error:
            assert error.code in CODES
            assert error.rule == CODES[error.code].rule
            assert self.light_fingerprint() == before, f"{error.code} changed the state"

    @precondition(lambda self: self.session is not None and not self.between_hands())
    @rule(deck=st.none() | st.just(DECK[:7]) | st.just((*DECK[:9], DECK[0])))
    def random_start(self, deck: tuple[Card, ...] | None) -> None:
        """Dealing while a hand is on, or after the session: refused, nothing changes."""
        s = self.session
        assert s is not None
        before = self.light_fingerprint()
        try:
            s.start_hand(deck)
        except IllegalAction as error:
            expected = "session-over" if s.is_over else "out-of-turn"
            assert error.code == expected
        else:
            raise AssertionError("a hand was dealt out of turn")
        assert self.light_fingerprint() == before

    # -- applying an action and checking it against the model --

    def accept(self, action: Action) -> None:
        """Apply through the session; if the engine accepts, the model must agree it was legal."""
        s = self.session
        assert s is not None
        hand = s.hand
        offered = () if hand is None else hand.legal_actions()
        s.apply(action)  # raises IllegalAction for refused actions
        assert hand is not None and self.model is not None
        model = self.model
        if action.kind is Kind.DRAW:
            assert offered == (Legal(Kind.DRAW, adds=4),)
            assert len(action.discards) <= 4
            assert len(set(action.discards)) == len(action.discards)
            assert set(action.discards) <= model.holdings[action.seat]
            model.draw(action.seat, action.discards)
        else:
            chosen = [o for o in offered if o.kind is action.kind]
            assert len(chosen) == 1, f"{action} accepted but not offered: {offered}"
            legal = chosen[0]
            if action.amount is not None:
                wanted = legal.to if legal.kind in (Kind.BET, Kind.RAISE) else legal.adds
                assert action.amount == wanted
            model.bet(action.seat, legal)
        self.compare()
        if hand.is_over:
            self.check_result(hand)
            self.check_session_end()

    def compare(self) -> None:
        hand, model = self.hand, self.model
        assert hand is not None and model is not None
        assert str(hand.phase) == model.phase
        assert hand.to_act == model.to_act
        assert list(hand.total) == model.total
        assert hand.pot == sum(model.total)
        assert hand.deck.position == model.position
        assert [set(h) for h in hand.holdings] == model.holdings
        if model.phase.startswith("bet"):
            assert list(hand.stacks) == model.stacks
            assert list(hand.committed) == model.committed
            assert model.to_act is not None
            assert set(hand.legal_actions()) == model.options(model.to_act)
            assert model.bets <= CAP
        elif model.phase.startswith("draw"):
            assert list(hand.stacks) == model.stacks
            assert hand.legal_actions() == (Legal(Kind.DRAW, adds=4),)

    def check_result(self, hand: Hand) -> None:
        model, result = self.model, hand.result
        assert model is not None and result is not None
        pot = sum(model.total)
        assert result.pot == pot  # R5.8: every chip put in, before any return
        if model.folded is not None:
            winner = 1 - model.folded
            assert result.ended_by == "fold"
            assert result.winners == (winner,)
            assert result.returned == (0, 0)
            won = [0, 0]
            won[winner] = pot
            assert list(result.won) == won
        else:
            assert result.ended_by == "showdown"
            keys = [brute_key(sorted(h, key=lambda c: c.index)) for h in model.holdings]
            best = max(keys)
            assert result.winners == tuple(s for s in (0, 1) if keys[s] == best)
            matched = min(model.total)
            assert list(result.returned) == [t - matched for t in model.total]
            if len(result.winners) == 2:
                # R5.3: heads-up a split is always even.
                assert result.won == (matched, matched)
            else:
                won = [0, 0]
                won[result.winners[0]] = 2 * matched
                assert list(result.won) == won
        final = [
            model.start[s] - model.total[s] + result.won[s] + result.returned[s] for s in (0, 1)
        ]
        assert list(hand.stacks) == final

    def check_session_end(self) -> None:
        s = self.session
        assert s is not None and s.hand is not None
        assert s.stacks == tuple(s.hand.stacks)
        bust = 0 in s.stacks
        if bust or s.hand_number == HANDS_PER_SESSION:
            assert s.result is not None
            assert s.result.reason == ("bust" if bust else "hands")
            assert s.result.hands == s.hand_number
            assert s.result.stacks == s.stacks
            a, b = s.stacks
            assert s.result.winner == (None if a == b else 0 if a > b else 1)
        else:
            assert s.result is None
            assert s.hand_number < HANDS_PER_SESSION

    # -- invariants --

    @invariant()
    def check_chips(self) -> None:
        """Chips are conserved.

        During a hand every chip is either in a stack or in the pot (`pot` counts all chips
        put in this hand, uncovered ones included, R5.8): sum(stacks) + pot == sum(start),
        and per seat stack + put in == start. After settlement the pot figure stays as the
        hand's final pot; then won + returned == pot and the stacks alone add up to the
        start. Across a session the total never changes.
        """
        hand = self.hand
        if self.session is not None:
            assert sum(self.session.stacks) == self.chips
        if hand is None:
            return
        start = hand.start_stacks
        if hand.result is None:
            assert sum(hand.stacks) + hand.pot == sum(start)
            assert all(hand.stacks[s] + hand.total[s] == start[s] for s in (0, 1))
            assert min(hand.stacks) >= 0
        else:
            assert sum(hand.result.won) + sum(hand.result.returned) == hand.result.pot == hand.pot
            assert sum(hand.stacks) == sum(start)

    @invariant()
    def check_cards(self) -> None:
        """Holdings, burns, discards and the rest of the deck partition the order (R4.5)."""
        hand = self.hand
        if hand is None:
            return
        order = hand.deck.order()
        used = [*hand.holdings[0], *hand.holdings[1], *hand.burns]
        used += [*hand.discards[0], *hand.discards[1]]
        assert len(used) == len(set(used)) == hand.deck.position
        assert set(used) == set(order[: hand.deck.position])
        assert hand.deck.position <= MAX_CARDS_USED  # R4.6
        assert all(len(h) == 4 for h in hand.holdings)
        assert self.model is not None
        assert len(hand.burns) == self.model.burns <= 3

    @invariant()
    def check_cap(self) -> None:
        """R3.6: 8 / 8 / 16 / 16 per player per round, 48 per hand."""
        hand = self.hand
        if hand is None:
            return
        if hand.phase.kind == "bet":
            most = CAP * BET_SIZES[hand.phase.number - 1]
            assert max(hand.committed) <= most
        assert max(hand.total) <= CAP * sum(BET_SIZES) == 48


# 20 sessions in `make test` (fuzz plays random sessions against the engine's own
# scenarios too, and tests/test_engine_multiway_property.py random multi-way hands);
# `make exhaustive` plays the 350 this test was written for.
SessionMachine.TestCase.settings = settings(
    max_examples=350 if os.environ.get("BADUGI_EXHAUSTIVE") == "1" else 20,
    stateful_step_count=120,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_random_sessions = SessionMachine.TestCase
