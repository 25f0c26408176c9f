"""The odds module against the reference figures and against brute-force enumeration.

The brute force plays the same policy card by card over every possible order of the
unseen cards, with nothing shared with `badugi_spec.rankings.odds` except the evaluator.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_spec.cards import DECK, Card, Rank, parse_cards
from badugi_spec.cli import main
from badugi_spec.errors import CardError
from badugi_spec.rankings.house import evaluate
from badugi_spec.rankings.odds import _chances, discard_odds, draw_odds, hand_odds, percent
from tests.odds_slow import slow_chances


def brute_force(
    kept: tuple[Card, ...], seen: set[Card], draws: int, top: int = 13
) -> list[Fraction]:
    """Chance of a badugi after each draw, by walking every draw's every outcome."""

    def plays(cards: tuple[Card, ...]) -> bool:
        return evaluate(cards).size == len(cards) and all(c.rank.order <= top for c in cards)

    results = [Fraction(0)] * draws

    def walk(group: tuple[Card, ...], gone: set[Card], chance: Fraction, draw: int) -> None:
        if draw == draws:
            return
        wanted = 4 - len(group)
        if wanted == 0:
            for later in range(draw, draws):
                results[later] += chance
            return
        pool = [c for c in DECK if c not in gone]
        each = chance / comb(len(pool), wanted)
        for drawn in combinations(pool, wanted):
            best = group
            for size in range(wanted, 0, -1):
                options = [g for g in combinations(drawn, size) if plays(group + g)]
                if options:
                    best = group + max(options, key=lambda g: evaluate(group + g).strength)
                    break
            if len(best) == 4:
                for later in range(draw, draws):
                    results[later] += each
            else:
                walk(best, gone | set(drawn), each, draw + 1)

    walk(kept, set(seen), Fraction(1), 0)
    return results


def test_reference_figures_for_a_rainbow_three() -> None:
    odds = draw_odds(parse_cards("A♠ 2♥ 3♦"))
    assert (odds.outs, odds.unseen) == (10, 48)
    assert odds.badugi[0] == Fraction(10, 48)
    assert odds.badugi[2] == 1 - Fraction(38 * 37 * 36, 48 * 47 * 46)
    assert [percent(p) for p in odds.badugi] == ["20.83 %", "37.68 %", "51.23 %"]
    assert odds.improve == odds.badugi  # for a three-card hand, improving is a badugi


def test_the_house_hand_throwing_the_king() -> None:
    assert hand_odds("A♠ 2♥ 3♦ K♦", "K♦").badugi == draw_odds("A♠ 2♥ 3♦").badugi


@pytest.mark.parametrize(
    ("kept", "dead", "top", "draws"),
    [
        ("A♠ 2♥ 3♦", "", 13, 3),
        ("A♠ 2♥ 3♦", "4♣ 5♣ 9♥", 13, 2),
        ("2♠ 5♥ 7♦", "", 8, 3),
        ("9♠ J♥ K♦", "A♣", 13, 2),
    ],
)
def test_one_card_draws_match_brute_force(kept: str, dead: str, top: int, draws: int) -> None:
    cards, gone = parse_cards(kept), parse_cards(dead)
    # The fourth card, thrown because it shares a suit, is named for the brute force.
    suits = {c.suit for c in cards}
    thrown = next(c for c in DECK if c not in {*cards, *gone} and c.suit in suits)
    rank = next(r for r in Rank if r.order == top)
    odds = draw_odds(
        cards, thrown=[thrown], dead=gone, top=None if top == 13 else rank, draws=draws
    )
    assert list(odds.badugi) == brute_force(cards, {*cards, *gone, thrown}, draws, top)


def test_two_card_draw_matches_brute_force() -> None:
    cards = parse_cards("A♠ 2♥")
    thrown = parse_cards("2♠ A♥")
    odds = draw_odds(cards, thrown=thrown, draws=1)
    assert list(odds.badugi) == brute_force(cards, {*cards, *thrown}, 1)
    assert odds.badugi[0] == Fraction(11 * 10, comb(48, 2))
    # A 2-card hand improves when it ends with three or four cards that play.
    assert odds.improve[0] > odds.badugi[0]


@settings(max_examples=15)
@given(st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True))
def test_any_three_kept_from_a_hand_matches_brute_force(hand: list[Card]) -> None:
    value = evaluate(hand)
    if value.size != 3:
        return
    kept = value.cards
    thrown = [c for c in hand if c not in kept]
    odds = draw_odds(kept, thrown=thrown, draws=2)
    assert list(odds.badugi) == brute_force(kept, set(hand), 2)


def test_bad_requests_are_one_clear_error() -> None:
    with pytest.raises(CardError, match="must all play together"):
        draw_odds("A♠ A♥ 3♦")
    with pytest.raises(CardError, match="draws left must be 1 to 3"):
        draw_odds("A♠ 2♥ 3♦", draws=4)
    with pytest.raises(CardError, match="not in the hand"):
        hand_odds("A♠ 2♥ 3♦ K♦", "Q♦")


def test_the_command_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "A♠ 2♥ 3♦", "--draws", "3"]) == 0
    out = capsys.readouterr().out
    assert "10 outs among 48 unseen cards" in out
    assert "51.23 %" in out and "2215/4324" in out
    assert main(["odds", "As 2h 3d Kd", "--top", "8", "--draws", "1"]) == 0
    assert "10.42 %" in capsys.readouterr().out  # 5 clubs from 4 to 8, of 48
    assert main(["odds", "A♠ A♥ 3♦"]) == 2
    assert "clashes" in capsys.readouterr().err


def test_the_command_throws_all_four(capsys: pytest.CaptureFixture[str]) -> None:
    hand = parse_cards("A♠ 2♥ 3♦ K♦")
    assert main(["odds", "A♠ 2♥ 3♦ K♦", "--discard", "A♠ 2♥ 3♦ K♦", "--draws", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("throw all four, drawing 4 cards")
    # One draw of four from the 48 cards left: the share of them that are four ranks in
    # four suits, counted here set by set.
    rest = [c for c in DECK if c not in hand]
    badugis = sum(
        1
        for four in combinations(rest, 4)
        if len({c.rank for c in four}) == len({c.suit for c in four}) == 4
    )
    assert str(Fraction(badugis, comb(48, 4))) in out


def _sample() -> list[tuple[list[Card], list[Card], tuple[Card, ...], Rank | None, int]]:
    """Hands, dead cards, keeps (any of the sixteen), targets and draws, dealt from a seed.
    The slow count lists every set of outs, so the draws of three or four go with a low
    target or few draws, where the lists are short; the fast count has no such limit."""
    rng = random.Random(2026)
    ranks = sorted(Rank, key=lambda r: r.order)
    out = []
    for number in range(32):
        cards = rng.sample(DECK, 4 + rng.randint(0, 3))
        hand, dead = cards[:4], cards[4:]
        mask = number % 16  # every keep twice
        kept = tuple(c for i, c in enumerate(hand) if mask >> i & 1)
        top = rng.choice([None, ranks[rng.randint(4, 11)]])
        draws = rng.randint(1, 3)
        playing = evaluate(kept).size if kept else 0
        if not playing:
            top, draws = ranks[rng.randint(3, 4)], min(draws, 2)
        elif playing == 1 and (top is None or top.order > 7):
            draws = 1
        out.append((hand, dead, kept, top, draws))
    return out


def test_the_fast_count_is_the_card_by_card_count() -> None:
    """Every size of group after every draw, as exact fractions, for keeps that play,
    keeps with dead weight and empty keeps, with dead cards and targets."""
    clashing = empty = 0
    for hand, dead, kept, top, draws in _sample():
        group = evaluate(kept).cards if kept else ()
        clashing += len(group) < len(kept)
        empty += not kept
        seen, unseen, wanted = frozenset([*hand, *dead]), 48 - len(dead), 4 - len(kept)
        fast = _chances(group, seen=seen, unseen=unseen, draws=draws, top=top, wanted=wanted)
        slow = slow_chances(group, seen=seen, unseen=unseen, draws=draws, top=top, wanted=wanted)
        nonzero = [{size: p for size, p in d.items() if p} for d in slow]
        assert fast[1] == nonzero, (hand, kept, dead, top, draws)
        thrown = [c for c in hand if c not in kept]
        odds = discard_odds(hand, thrown, draws=draws, dead=dead, top=top)
        reachable = top is None or all(c.rank.order <= top.order for c in group)
        assert list(odds.badugi) == [d.get(4, 0) * reachable for d in slow]
    assert clashing >= 3 and empty >= 2  # the sample reaches the new kinds of keep


def test_drawing_four_and_dead_weight() -> None:
    """A draw of four is a keep of nothing; a kept pair is a card short at this draw."""
    four = hand_odds("A♠ 2♥ 3♦ 3♣", "A♠ 2♥ 3♦ 3♣", top=Rank.FIVE, draws=1)
    assert four == discard_odds("A♠ 2♥ 3♦ 3♣", "A♠ 2♥ 3♦ 3♣", top=Rank.FIVE, draws=1)
    assert four.kept == () and four.outs == 20 - 4  # 5 ranks by 4 suits, less the hand
    # Keeping both 3s: three cards play, one card comes, and it cannot make four.
    pair = discard_odds("A♠ 2♥ 3♦ 3♣", "A♠", draws=1)
    assert pair.badugi == (Fraction(0),) and pair.kept == evaluate("2♥ 3♦ 3♣").cards
    # With a second draw the 3 that does not play is thrown and its place drawn to.
    assert discard_odds("A♠ 2♥ 3♦ 3♣", "", draws=2).badugi[1] > 0
    with pytest.raises(CardError, match="must all play together"):
        hand_odds("A♠ 2♥ 3♦ 3♣", "")
    with pytest.raises(CardError, match="not in the hand"):
        discard_odds("A♠ 2♥ 3♦ 3♣", "K♦")
    with pytest.raises(CardError, match="name the 4 cards thrown"):
        draw_odds("", thrown="A♠ 2♥")
