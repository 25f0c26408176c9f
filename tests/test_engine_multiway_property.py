"""Random legal play at 2 to 8 seats under every shipped profile (chapter R8).

Hypothesis picks the profile, the seats, short and deep stacks, the deck and every choice;
the engine must conserve chips, never deal a card twice, settle every pot among players
eligible for it, and leave the state untouched by every refused action.
"""

from __future__ import annotations

import random
import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from badugi_spec import profiles
from badugi_spec.engine import Action, Hand, Kind
from badugi_spec.engine.deck import shuffled
from badugi_spec.errors import IllegalAction
from tests.conftest import fingerprint

NAMES = profiles.names()
_SHORT_OF_PILES = re.compile(
    r"needs (\d+) cards; the stub and the piles the profile reshuffles hold (\d+)"
)


def _play(hand: Hand, rng: random.Random) -> int:
    """Play to the end with random legal choices; returns how many refusals were tried."""
    refusals = 0
    for _ in range(400):
        if hand.is_over:
            return refusals
        seat = hand.to_act
        assert seat is not None
        options = hand.legal_actions()
        assert options, "a player to act always has an option"
        for legal in options:
            assert legal.most == 0 or legal.to <= legal.most, "a stated range is never empty"
            assert legal.kind is Kind.DRAW or legal.adds <= hand.stacks[seat]
        if rng.random() < 0.2:
            # Something that is usually illegal: a random kind, or a raise out of turn.
            other = rng.choice([s for s in hand.order if s != seat] or [seat])
            wrong = Action(other if rng.random() < 0.5 else seat, rng.choice(list(Kind)))
            before = fingerprint(hand)
            try:
                hand.apply(wrong)
            except IllegalAction:
                refusals += 1
                assert fingerprint(hand) == before, wrong
            continue  # legal after all, or refused: either way read the state again
        option = rng.choice(options)
        if option.kind is Kind.DRAW:
            held = hand.holdings[seat]
            thrown = tuple(rng.sample(held, rng.randint(0, min(option.adds, len(held)))))
            try:
                hand.apply(Action(seat, Kind.DRAW, discards=thrown))
            except IllegalAction as error:
                assert error.code == "deck-short", error
                if hand.profile.reshuffle:
                    # Piles can run dry too: without this draw's discards (WSOP) nothing
                    # refills a first draw of 24 cards from a stub of 22 at six seats of
                    # five cards (R8.18). The refusal must say so, with the counts.
                    counts = _SHORT_OF_PILES.search(str(error))
                    assert counts and int(counts[1]) > int(counts[2]), error
                hand.apply(Action(seat, Kind.DRAW))
        elif option.most:
            # A range (R14.10): its ends and a point between, on the chip unit.
            unit = hand.profile.chip_unit
            amount = rng.choice([option.to, option.most, rng.randint(option.to, option.most)])
            amount = max(option.to, amount - amount % unit)
            hand.apply(Action(seat, option.kind, amount=amount))
            assert option.to <= hand.committed[seat] <= option.most
        else:
            hand.apply(Action(seat, option.kind))
    raise AssertionError("the hand did not end in 400 actions")


@settings(max_examples=300, deadline=None)
@example(name="badeucy", seats=6, seed=134)  # a first draw the piles cannot refill (R8.18)
@given(
    name=st.sampled_from(NAMES),
    seats=st.integers(min_value=2, max_value=8),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_random_multiway_hands_keep_every_invariant(name: str, seats: int, seed: int) -> None:
    profile = profiles.get(name)
    seats = min(seats, profile.max_seats)
    rng = random.Random(seed)
    stacks = [rng.choice([rng.randint(1, 9), rng.randint(10, 40), 100]) for _ in range(seats)]
    hand = Hand(deck=shuffled(seed), stacks=stacks, dealer=rng.randrange(seats), profile=profile)
    _play(hand, rng)
    result = hand.result
    assert result is not None
    assert sum(hand.stacks) == sum(stacks), "chips are conserved"
    assert sum(pot.amount for pot in result.pots) == sum(result.won)
    for pot in result.pots:
        assert set(pot.winners) <= set(pot.eligible)
        assert sum(pot.shares) == pot.amount
        assert not any(hand.folded[s] for s in pot.winners)
    held = [card for seat in hand.live() for card in hand.holdings[seat]]
    assert len(held) == len(set(held)), "no card is held twice"
    assert all(len(hand.holdings[s]) == profile.hand_size for s in hand.live())
