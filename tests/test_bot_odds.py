"""The odds bot: draws chosen by exact odds, in four-card and split games; always legal."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest

from badugi_spec import profiles
from badugi_spec.cards import parse_cards
from badugi_spec.engine import Session
from badugi_spec.errors import IllegalAction
from badugi_spec.trainer import play_sessions
from badugi_spec.trainer.bot import Bot, Tier, seen
from badugi_spec.trainer.odds_bot import (
    BOTS,
    OddsBot,
    _kept_score,
    _score,
    default_bot,
    four_card_draw,
    kept_class,
    low_cards,
    make_bot,
    split_draw,
    split_tier,
)
from badugi_spec.trainer.split_count import brute_counts, fast_counts, has_badugi, low_ranks
from badugi_spec.trainer.split_odds import split_odds


def test_four_card_draws() -> None:
    # A rough badugi is broken only when the odds of drawing to the rest score above
    # standing pat (1, plus 1 if 8-high or better): with 2-3-4 and three draws they do not.
    broken = _score(parse_cards("2♥ 3♦ 4♣"), 3)
    assert 0.5 < broken < 1.0
    assert four_card_draw(parse_cards("K♠ 2♥ 3♦ 4♣"), draws_left=3, most=4) == ()
    assert four_card_draw(parse_cards("Q♠ J♥ 3♦ 2♣"), draws_left=3, most=4) == ()
    assert four_card_draw(parse_cards("K♠ 2♥ 3♦ 4♣"), draws_left=1, most=4) == ()
    assert four_card_draw(parse_cards("2♠ 3♥ 4♦ 4♣"), draws_left=2, most=4) == parse_cards("4♣")


def test_split_draws_count_both_halves() -> None:
    badeucy = profiles.get("badeucy")
    assert low_cards(badeucy, parse_cards("A♠ 2♥ 3♦ 8♣ 8♠")) == parse_cards("2♥ 3♦ 8♣")
    # 2-3-4-7 plays in both halves: throw only the king.
    assert split_draw(badeucy, parse_cards("2♠ 3♥ 4♦ 7♣ K♠"), most=5) == parse_cards("K♠")


def test_odds_bots_act_legally_in_a_few_sessions() -> None:
    for name, seats in (("house", 2), ("badacy", 3), ("no-limit", 4)):
        profile = profiles.get(name)
        session = Session(
            first_dealer=0, stacks=(profile.starting_stack,) * seats, profile=profile, seed=5
        )
        bots = [OddsBot(random.Random(seat), profile=profile) for seat in range(seats)]
        for _ in range(3):
            if session.is_over:
                break
            hand = session.start_hand()
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                try:
                    session.apply(bots[seat].decide(seen(hand, seat)))
                except IllegalAction as error:  # pragma: no cover - the failure itself
                    raise AssertionError(f"{name}: {error}") from None


SPLIT_HALVES = [("badugi-ace-high", "low-2-7"), ("badugi", "low-a-5")]


@pytest.mark.parametrize("names", SPLIT_HALVES, ids=["badeucy", "badacy"])
def test_the_fast_split_count_equals_the_card_by_card_count(names: tuple[str, str]) -> None:
    """Spots of every kind: random five-card hands, low hands that draw to both halves,
    draws of 0 to 3 cards, and no, a few or many dead cards known (R4.5)."""
    rng = random.Random(f"split-count:{names}")
    lows = [card for card in range(52) if card // 4 in low_ranks(names[1])]
    for trial in range(36):
        deck = list(range(52))
        rng.shuffle(deck)
        if trial % 3 == 0:  # a hand of low cards: both halves in reach, the costly spots
            hand = rng.sample(lows, 5)
            deck = hand + [c for c in deck if c not in hand]
        hand, draw = deck[:5], trial % 4
        dead = deck[5 : 5 + (0, 3, 9)[trial % 3]]
        kept, seen = hand[draw:], hand[:draw] + dead
        fast = fast_counts(names, kept, seen, draw)
        assert fast == brute_counts(names, kept, seen, draw), (kept, seen, draw)
    # One draw of four (178,365 sets; half a second card by card), for the hints' draws.
    kept, seen = deck[:1], deck[1:5]
    assert fast_counts(names, kept, seen, 4) == brute_counts(names, kept, seen, 4)
    # Four ranks but three suits, then four of each: the badugi test the count relies on.
    assert not has_badugi([c.index for c in parse_cards("A♠ 2♠ 3♥ 4♦ 4♥")])
    assert has_badugi([c.index for c in parse_cards("A♠ 2♠ 3♥ 4♦ 5♣")])


def test_split_odds_agree_with_the_brute_count_through_the_public_function() -> None:
    badacy = profiles.get("badacy")
    hand = parse_cards("A♠ 3♥ 6♦ 9♣ K♣")
    odds = split_odds(badacy, hand, parse_cards("9♣ K♣"), dead=parse_cards("2♠ 2♥"))
    kept = [c.index for c in parse_cards("A♠ 3♥ 6♦")]
    seen = [c.index for c in parse_cards("9♣ K♣ 2♠ 2♥")]
    made, low, both, total = brute_counts(("badugi", "low-a-5"), kept, seen, 2)
    assert (odds.outcomes, odds.unseen) == (total, 45) == (comb(45, 2), 45)
    assert odds.made == (Fraction(made, total), Fraction(low, total))
    assert odds.both == Fraction(both, total) > 0


def test_kept_ranks_of_one_class_score_alike() -> None:
    # The class keeps how many ranks are at most 8 and how many above: 3-7 is A-2, J-4 is 9-A.
    assert kept_class([3, 7]) == (1, 2) and kept_class([11, 4]) == (1, 9)
    for ranks, draws in (((3, 7), 2), ((2, 12), 1), ((4, 6, 13), 3), ((9, 10, 5), 2)):
        assert _kept_score(tuple(sorted(ranks)), draws) == _kept_score(kept_class(ranks), draws)
    # The line matters: an 8 counts as low, a 9 does not.
    assert _kept_score((2, 3, 8), 1) != _kept_score((2, 3, 9), 1)


def test_bots_by_name() -> None:
    house = profiles.get("house")
    assert isinstance(make_bot("odds", rng=random.Random(1), profile=house), OddsBot)
    book = make_bot("book", rng=random.Random(1), profile=house)
    assert type(book) is Bot and BOTS == ("odds", "book")
    # The default is the bot that won the benchmark in that game: the book bot in Badacy.
    defaults = {name: default_bot(profiles.get(name)) for name in profiles.names()}
    assert defaults.pop("badacy") == "book" and set(defaults.values()) == {"odds"}
    assert isinstance(make_bot(None, rng=random.Random(1), profile=house), OddsBot)
    with pytest.raises(ValueError, match="no bot named 'best'"):
        make_bot("best", rng=random.Random(1), profile=house)


def test_split_betting_reads_both_halves() -> None:
    badeucy = profiles.get("badeucy")
    # 7-5-4-3-2 is an 8-low, and 7-4-3-2 of four suits a badugi: both halves made.
    assert split_tier(badeucy, parse_cards("7♠ 5♥ 4♦ 3♣ 2♠"), 1) is Tier.STRONG
    # A badugi, but a pair of kings for the low: one half.
    assert split_tier(badeucy, parse_cards("K♠ K♥ 4♦ 3♣ 2♠"), 1) is Tier.GOOD
    assert split_tier(badeucy, parse_cards("K♠ K♥ Q♠ Q♥ 2♠"), 1) is Tier.DRAWING
    assert split_tier(badeucy, parse_cards("K♠ K♥ Q♠ Q♥ 2♠"), 0) is Tier.WEAK


def test_a_sample_of_six_seat_odds_bot_sessions_in_every_profile() -> None:
    """`make bot-sessions-6` plays the long run; here each profile's sessions start from
    short stacks, so they end in a few hands (all-ins, side pots and busts included)."""
    chosen = [profiles.get(name) for name in profiles.names()]
    report = play_sessions(
        sessions=2 * len(chosen), seed=4, profiles=chosen, seats=6, bot="odds", short=True
    )
    assert report.illegal == 0, report.examples
    assert report.sessions == 2 * len(chosen) and set(report.by_profile) == set(profiles.names())
    assert report.busts > 0 and report.showdowns > 0
