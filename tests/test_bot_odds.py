"""The odds bot: draws chosen by exact odds, in four-card and split games; always legal."""

from __future__ import annotations

import random

from badugi_spec import profiles
from badugi_spec.cards import parse_cards
from badugi_spec.engine import Session
from badugi_spec.errors import IllegalAction
from badugi_spec.trainer.bot import seen
from badugi_spec.trainer.odds_bot import (
    OddsBot,
    _score,
    four_card_draw,
    low_cards,
    split_draw,
)


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
