"""Engine, big bet: random legal 6-seat hands per second under pot limit and no limit, ours
against PokerKit's `State` with `BettingStructure.POT_LIMIT` and `NO_LIMIT` (the bridge's
`game_maker`), in one run.

The same decks, stacks and seeded policy as the fixed-limit rows of `benchmarks.engine`;
a bet or raise also takes an amount, chosen by `choose_amount` from the least and the
most both engines offer, so when they offer the same ranges they play the same hands and
the action counts are equal. Both play the profile with PokerKit's own readings where the
rules differ (`pokerkit_readings`, R13.2, R13.5), as the cross-check does.
"""

from __future__ import annotations

import random

from badugi_spec.cards import Card
from badugi_spec.engine.actions import Action, Kind, Legal
from badugi_spec.engine.hand import Hand
from badugi_spec.interop.pokerkit.game import Game, game_maker, pokerkit_readings
from badugi_spec.profiles import Profile, get
from benchmarks import engine
from benchmarks.engine import (
    BET,
    CALL,
    CHECK,
    DRAW,
    FOLD,
    PK_AUTOMATIONS,
    RAISE,
    SEED,
    choose_bet,
    deals,
)
from benchmarks.timing import Row

SEATS = 6
SETTINGS: tuple[tuple[str, int, int], ...] = (
    # profile, hands, our passes over them
    ("pot-limit", 300, 5),
    ("no-limit", 300, 5),
)
ALL_IN = Kind.ALL_IN
END_SHARE = 0.25
"""How often the amount is the least of the range, and as often the most."""


def choose_amount(rng: random.Random, low: int, high: int) -> int:
    """A round total from `low` to `high`: either end a quarter of the time each, else
    uniform over the range, the ends included."""
    draw = rng.random()
    if draw < END_SHARE:
        return low
    if draw < 2 * END_SHARE:
        return high
    return low + int(rng.random() * (high - low + 1))


def _bet_options(legal: tuple[Legal, ...], level: int) -> tuple[Legal | None, Kind, bool]:
    """The bet or raise (as a range, or a lone all-in short of the least raise, R14.6),
    check or call, and whether a fold faces a bet."""
    sized: Legal | None = None
    short: Legal | None = None
    passive = CHECK
    can_fold = False
    for option in legal:
        kind = option.kind
        if kind is BET or kind is RAISE:
            sized = option
        elif kind is CALL:
            passive = CALL
            can_fold = True
        elif kind is ALL_IN and option.to > level:
            short = option
    return sized or short, passive, can_fold


def play_ours(
    deck: tuple[Card, ...], stacks: tuple[int, ...], profile: Profile, rng: random.Random
) -> int:
    # The button last, so that seat i is PokerKit's player i (R8.2).
    hand = Hand(deck=deck, stacks=stacks, dealer=len(stacks) - 1, profile=profile)
    actions = 0
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if legal[0].kind is DRAW:
            engine.draw_ours(hand, seat, rng)
        else:
            sized, passive, can_fold = _bet_options(legal, max(hand.committed))
            choice = choose_bet(rng, can_fold=can_fold, can_raise=sized is not None)
            if choice == "fold":
                hand.apply(Action(seat, FOLD))
            elif choice == "call":
                hand.apply(Action(seat, passive))
            else:
                assert sized is not None
                amount = choose_amount(rng, sized.to, max(sized.to, sized.most))
                if sized.kind is ALL_IN:
                    hand.apply(Action(seat, ALL_IN))
                else:
                    hand.apply(Action(seat, sized.kind, amount=amount))
        actions += 1
    return actions


def play_pokerkit(
    game: Game, deck: tuple[Card, ...], stacks: tuple[int, ...], rng: random.Random
) -> int:
    state = engine.new_state(game, deck, stacks)
    actions = 0
    while state.status:
        if state.can_stand_pat_or_discard():
            engine.draw_pokerkit(state, rng)
        else:
            choice = choose_bet(
                rng,
                can_fold=bool(state.checking_or_calling_amount) and state.can_fold(),
                can_raise=state.can_complete_bet_or_raise_to(),
            )
            if choice == "fold":
                state.fold()
            elif choice == "call":
                state.check_or_call()
            else:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None
                state.complete_bet_or_raise_to(choose_amount(rng, low, high))
        actions += 1
    return actions


def _measure(name: str, hands_count: int, passes: int) -> Row:
    base = get(name)
    profile = base.replace(**pokerkit_readings(base, seats=SEATS))
    hands = deals(hands_count, SEATS, profile)
    counts: dict[str, int] = {}

    def ours() -> None:
        for _ in range(passes):
            rng = random.Random(SEED)
            counts["ours"] = sum(play_ours(d, s, profile, rng) for d, s in hands)

    game = game_maker(profile, seats=SEATS, automations=PK_AUTOMATIONS)

    def theirs() -> None:
        rng = random.Random(SEED)
        counts["pokerkit"] = sum(play_pokerkit(game, d, s, rng) for d, s in hands)

    return engine.race(f"{SEATS} seats, {name}", ours, theirs, counts, hands_count, passes)


def run() -> list[Row]:
    with engine.deck_order():
        return [_measure(*setting) for setting in SETTINGS]


__all__ = ["choose_amount", "play_ours", "play_pokerkit", "run"]
