"""The bot: its written strategy, what it may see, its determinism, and that it never acts
illegally (bot against bot, the engine checking every action).

`make bot-sessions` plays the full 10,000 sessions; here a few hundred keep `make test` quick.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_spec import profiles
from badugi_spec.cards import format_cards, parse_cards
from badugi_spec.engine import Action, Hand, Kind, Session
from badugi_spec.rankings.house import evaluate
from badugi_spec.trainer import Bot, Seen, Tier, book_discards, play_sessions, seen, tier
from badugi_spec.trainer.odds_bot import OddsBot
from tests.conftest import stacked_deck
from tests.support import Capsys, run_cli

NAMES = profiles.names()


@pytest.mark.parametrize(
    ("hand", "draws_left", "thrown"),
    [
        ("A♠ 2♥ 3♦ K♦", 3, "K♦"),  # keep the cards that play (R2.1)
        ("A♣ A♥ 2♠ 3♦", 2, "A♥"),  # the pair: the ace that does not play goes
        ("4♥ 5♦ 6♦ 6♠", 3, "6♦"),
        ("5♠ 5♥ 5♦ 5♣", 3, "5♥ 5♦ 5♣"),
        ("J♥ 8♦ 4♠ 9♣", 3, "J♥"),  # a rough badugi, broken at the first draw
        ("J♥ 8♦ 4♠ 9♣", 2, ""),  # ... but only a king-high one at the second
        ("K♥ 8♦ 4♠ 9♣", 2, "K♥"),
        ("K♥ 8♦ 4♠ 9♣", 1, ""),  # never at the last draw
        ("10♥ 8♦ 4♠ 9♣", 3, ""),  # not rough: 10-high is kept
    ],
)
def test_draws_by_the_book(hand: str, draws_left: int, thrown: str) -> None:
    got = book_discards(parse_cards(hand), draws_left=draws_left)
    assert format_cards(got) == format_cards(parse_cards(thrown))


def test_the_book_throws_no_more_than_the_profile_allows_highest_first() -> None:
    got = book_discards(parse_cards("K♠ K♥ Q♠ Q♥"), draws_left=3, max_discards=1)
    assert format_cards(got) == "K♠"


@pytest.mark.parametrize(
    ("hand", "draws_left", "expected"),
    [
        ("A♠ 2♥ 3♦ 8♣", 0, Tier.STRONG),
        ("A♠ 2♥ 3♦ 9♣", 0, Tier.GOOD),
        ("A♠ 2♥ 6♦ 6♣", 2, Tier.GOOD),
        ("A♠ 2♥ 7♦ 7♣", 2, Tier.DRAWING),
        ("A♠ 2♥ 7♦ 7♣", 1, Tier.DRAWING),
        ("A♠ 2♥ 5♦ 5♣", 0, Tier.DRAWING),
        ("A♠ 2♥ 7♦ 7♣", 0, Tier.WEAK),
        ("A♠ 5♠ 4♥ 4♣", 3, Tier.DRAWING),
        ("A♠ 5♠ 4♥ 4♣", 1, Tier.WEAK),
        ("K♠ K♥ Q♠ Q♥", 3, Tier.WEAK),
    ],
)
def test_tiers(hand: str, draws_left: int, expected: Tier) -> None:
    assert tier(evaluate(parse_cards(hand)), draws_left) is expected


def first_decision(bot_cards: str, other_cards: str, rest: str) -> Action:
    deck = stacked_deck(big_blind=other_cards, dealer=bot_cards, then=rest)
    hand = Hand(deck=deck, dealer=0)
    return Bot(random.Random(1)).decide(seen(hand, 0))


def test_the_bot_sees_only_its_own_cards() -> None:
    hand = Hand(deck=stacked_deck(big_blind="K♠ K♥ Q♠ Q♥", dealer="A♠ 2♥ 3♦ 4♣"), dealer=0)
    view = seen(hand, 0)
    assert view.cards == tuple(hand.holdings[0])
    assert not set(hand.holdings[1]) & set(view.cards)
    # Other cards for the opponent and another deck: the same view, the same action.
    one = first_decision("A♠ 2♥ 3♦ 4♣", "K♠ K♥ Q♠ Q♥", "9c 9d")
    two = first_decision("A♠ 2♥ 3♦ 4♣", "5♠ 6♥ 7♦ 8♣", "Jc Jd")
    assert one == two == Action(0, Kind.RAISE, amount=4)


def test_bets_by_strength_and_position() -> None:
    # First to act before the draw (the dealer) with a strong badugi: raise.
    assert first_decision("A♠ 2♥ 3♦ 4♣", "K♠ K♥ Q♠ Q♥", "").kind is Kind.RAISE
    # A weak hand facing the big blind completes the cheap half-bet (less than a bet to call).
    assert first_decision("K♠ K♥ Q♠ Q♥", "A♠ 2♥ 3♦ 4♣", "") == Action(0, Kind.CALL, amount=1)


def test_the_same_seed_makes_the_same_choices() -> None:
    def choices(seed: int) -> list[Action]:
        session = Session(seed=seed)
        bots = [Bot(random.Random(f"{seed}:{seat}")) for seat in range(2)]
        made: list[Action] = []
        while not session.is_over:
            hand = session.start_hand()
            while not hand.is_over:
                assert hand.to_act is not None
                action = bots[hand.to_act].decide(seen(hand, hand.to_act))
                made.append(action)
                session.apply(action)
        return made

    assert choices(3) == choices(3)
    assert choices(3) != choices(4)


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(NAMES),
    seed=st.integers(min_value=0, max_value=2**32),
    stacks=st.one_of(
        st.just((100, 100)),
        st.tuples(st.integers(1, 40), st.integers(1, 40)),
    ),
    first=st.integers(0, 1),
)
def test_every_bot_action_is_one_of_the_engines_options(
    name: str, seed: int, stacks: tuple[int, int], first: int
) -> None:
    """The bot picks among the legal options, states the option's amount, and throws only
    cards it holds; the engine then accepts every action."""
    session = Session(first_dealer=first, stacks=stacks, profile=profiles.get(name), seed=seed)
    bots = [Bot(random.Random(f"{seed}:{seat}")) for seat in range(2)]
    while not session.is_over:
        hand = session.start_hand()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            options = {option.kind: option for option in hand.legal_actions()}
            action = bots[seat].decide(seen(hand, seat))
            assert action.seat == seat and action.kind in options
            option = options[action.kind]
            if action.kind is Kind.DRAW:
                assert set(action.discards) <= set(hand.holdings[seat])
                assert len(action.discards) <= option.adds
            elif action.kind in (Kind.BET, Kind.RAISE):
                assert action.amount == option.to
            elif action.kind is Kind.CALL:
                assert action.amount == option.adds
            session.apply(action)  # raises IllegalAction if the engine disagrees
    assert sum(session.stacks) == sum(stacks)


def test_book_bot_sessions_in_every_profile_without_an_illegal_action() -> None:
    # The book bot: the odds bot's sample is in test_bot_odds (its sessions run longer).
    chosen = [profiles.get(name) for name in NAMES]
    # 24 sessions, two or three a profile (12,812 actions, 22 busts); make bot-sessions
    # plays thousands.
    report = play_sessions(sessions=24, seed=2026, profiles=chosen, bot="book")
    assert report.sessions == 24 and report.illegal == 0, report.examples
    assert report.actions > 10_000
    assert report.busts > 0, "short stacks should bust some sessions (all-ins played)"
    assert set(report.by_profile) == set(NAMES)


def test_multi_way_bot_sessions_without_an_illegal_action() -> None:
    chosen = [profiles.get(name) for name in NAMES if profiles.get(name).max_seats >= 6]
    # Short random stacks (`short`): each session ends in a few hands, all-ins, side pots
    # and busts included: 20 sessions, two a profile, 437 hands and 7,366 actions (twelve
    # sessions from the profiles' own stacks took 46,907 actions, six times the CPU).
    # make bot-sessions-6 plays thousands of whole sessions.
    report = play_sessions(sessions=20, seed=7, profiles=chosen, seats=6, bot="book", short=True)
    assert report.sessions == 20 and report.illegal == 0, report.examples
    assert report.busts > 0 and report.actions > 5_000
    assert len(report.by_profile) == len(chosen)


def test_an_illegal_bot_action_is_counted_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    def cheat(self: Bot, view: Seen) -> Action:
        return Action(view.seat, Kind.CHECK)  # also in a draw, or facing a bet

    monkeypatch.setattr(Bot, "decide", cheat)
    monkeypatch.setattr(OddsBot, "decide", cheat)
    report = play_sessions(sessions=3, seed=1, profiles=[profiles.get("house")])
    assert report.illegal > 0
    assert " refused: R3.1 not-betting-round" in report.examples[0]  # a check in a draw


def test_bot_sessions_command(capsys: Capsys) -> None:
    status, out, err = run_cli(
        ["bot-sessions", "--sessions", "8", "--seed", "3", "--bot", "book"], capsys
    )
    assert status == 0, err
    assert "8 bot-vs-bot sessions" in out
    assert ": 0 illegal" in out
    # A line per profile on stderr as its sessions end: a long run shows how far it is.
    assert "house: 1 sessions," in err and ", 0 illegal (1/8 sessions," in err


def test_jobs_play_the_same_sessions(capsys: Capsys) -> None:
    argv = ["bot-sessions", "--sessions", "4", "--profile", "badacy", "--players", "3", "-q"]
    argv += ["--bot", "book"]  # the quicker sessions: what is tested is the split
    one = run_cli([*argv, "--jobs", "1"], capsys)
    two = run_cli([*argv, "--jobs", "2"], capsys)
    assert one[0] == two[0] == 0 and one[1] == two[1] and "4 bot-vs-bot sessions" in one[1]
    assert one[2] == two[2] == ""  # -q: no progress lines
