"""Random half-pot and spread-limit hands at 2 to 8 seats (chapter R14).

PokerKit plays neither structure, so these properties stand in for a cross-check:

- chips are conserved after every action;
- every amount the engine accepts lies in the range it stated, on the chip unit, and
  every amount outside is refused with `amount-out-of-range` and changes nothing;
- a player with chips whose turn it is always has an option, and when the rules give
  them the right to raise, a raise (a range that is not empty, or the all-in) is offered.

The right to raise and the range's ends come from a small model written from the rule
text (R14.2, R14.3, R14.6-R14.9, R8.6), kept apart from the engine's code.
Hypothesis picks the seats, the stacks (short ones included), the profile's parameters,
the deck and every choice; amounts are drawn from the whole range, its ends included,
and from just outside it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_spec import profiles
from badugi_spec.engine import Action, Hand, Kind, Legal
from badugi_spec.engine.deck import shuffled
from badugi_spec.errors import IllegalAction
from badugi_spec.profiles import Profile
from tests.conftest import fingerprint

SIZED = (Kind.BET, Kind.RAISE)


@dataclass
class Round:
    """What the rules say about the betting round so far (R14.3, R14.6, R8.6)."""

    increment: int
    full_level: int
    levels: int
    acted: set[int] = field(default_factory=set)
    last: dict[int, int] = field(default_factory=dict)
    """The round total each seat left when it last acted."""

    @classmethod
    def start(cls, profile: Profile, *, first: bool) -> Round:
        opening = profile.spread_min if profile.betting == "spread" else profile.big_blind
        blind = first and profile.cap_counts_blind
        return cls(opening, profile.big_blind if first else 0, 1 if blind else 0)

    def record(self, seat: int, level: int, now: int) -> None:
        """`seat` acted, taking the round from `level` to `now`."""
        self.last[seat] = now
        if now - level >= self.increment and now > level:
            self.increment = now - level  # a full bet or raise (R14.3)
        elif now - self.full_level < self.increment or now <= level:
            self.acted.add(seat)  # a call, a check, or an all-in that does not reopen
            return
        # A full raise, or short all-ins that add up to one, reopen the betting (R14.6).
        self.full_level = now
        self.levels += 1
        self.acted = {seat}


def expected_range(hand: Hand, seat: int, rnd: Round) -> tuple[int, int]:
    """(least, greatest) round total before the stack, from R14.7 and R14.8."""
    profile = hand.profile
    level = max(hand.committed)
    if profile.betting == "spread":
        last = hand.phase.number == profile.betting_rounds and profile.spread_last_max
        top = profile.spread_last_max if last else profile.spread_max
        if level == 0:
            return profile.spread_min, top
        return level + max(profile.spread_min, rnd.increment), level + top
    unit = profile.chip_unit
    low = level + rnd.increment if level else rnd.increment
    after_call = hand.pot + level - hand.committed[seat]
    halves, odd = divmod(after_call, 2 * unit)
    half = (halves + (1 if odd and profile.half_pot_rounding == "up" else 0)) * unit
    return low, max(level + half, low)


def may_raise(hand: Hand, seat: int, rnd: Round) -> bool:
    profile = hand.profile
    to_call = max(hand.committed) - hand.committed[seat]
    others = [s for s in hand.live() if s != seat and hand.stacks[s] > 0]
    capped = profile.cap > 0 and rnd.levels >= profile.cap
    # Short all-ins that add up to a full raise reopen the betting only for a player who
    # then faces a full raise since their own last action: one who called the first of
    # them faces only the rest (R14.6; seven seats, rounding up, seed 362 found it).
    short_of_full = seat in rnd.last and max(hand.committed) - rnd.last[seat] < rnd.increment
    reopened = seat not in rnd.acted and not short_of_full
    return hand.stacks[seat] > to_call and bool(others) and not capped and reopened


def check_options(hand: Hand, seat: int, rnd: Round) -> None:
    options = {legal.kind: legal for legal in hand.legal_actions()}
    assert options, "a player whose turn it is always has an option"
    sized = [options[kind] for kind in SIZED if kind in options]
    if not may_raise(hand, seat, rnd):
        assert not sized, f"no right to raise, yet {sized[0].describe()} is offered"
        return
    everything = hand.committed[seat] + hand.stacks[seat]
    low, high = expected_range(hand, seat, rnd)
    if everything <= low:
        assert not sized, "a stack short of the least raise has only the all-in"
        assert Kind.ALL_IN in options, "the right to raise, and the stack for no more: all-in"
        return
    assert len(sized) == 1, "the right to raise gives one bet or raise range"
    option = sized[0]
    assert (option.to, max(option.most, option.to)) == (low, min(high, everything))
    assert option.to <= max(option.most, option.to), "a stated range is never empty"
    assert (Kind.ALL_IN in options) == (everything <= high), "all-in only within the range"


def amounts(option: Legal, unit: int, rng: random.Random) -> list[int]:
    """Amounts to try for a range: outside it and off the chip first, then one inside."""
    most = max(option.most, option.to)
    tries = [option.to - unit, most + unit, rng.randint(option.to, most)]
    if unit > 1:
        tries.append(option.to + rng.randint(1, unit - 1))
    rng.shuffle(tries)
    # Last, one the range must take: an end, or a whole number of chips inside it. (A
    # random amount rounded down to the chip could fall below the range's least: with
    # nothing else inside, no amount was ever accepted.)
    chips = [amount for amount in range(-(-option.to // unit) * unit, most + 1, unit)]
    return [*tries, rng.choice([option.to, most, *([rng.choice(chips)] if chips else [])])]


def bet_or_raise(hand: Hand, seat: int, option: Legal, rng: random.Random) -> None:
    unit = hand.profile.chip_unit
    most = max(option.most, option.to)
    for amount in amounts(option, unit, rng):
        # The ends are always allowed, even off the chip (a stack of odd chips, R14.9).
        inside = option.to <= amount <= most and (amount % unit == 0 or amount in (option.to, most))
        before = fingerprint(hand)
        try:
            hand.apply(Action(seat, option.kind, amount=amount))
        except IllegalAction as error:
            assert not inside, f"{amount} lies in {option.describe()} and was refused: {error}"
            assert error.code == "amount-out-of-range"
            assert fingerprint(hand) == before, "a refused amount changes nothing"
            continue
        assert inside, f"{amount} was accepted outside {option.describe()} (unit {unit})"
        assert hand.committed[seat] == amount
        return
    raise AssertionError("no amount was accepted")  # pragma: no cover


def play(hand: Hand, rng: random.Random) -> None:
    start = sum(hand.stacks) + hand.pot
    phase = hand.phase
    rnd = Round.start(hand.profile, first=True)
    for _ in range(600):
        if hand.is_over:
            assert sum(hand.stacks) == start, "chips are conserved"
            return
        assert sum(hand.stacks) + hand.pot == start, "chips are conserved"
        seat = hand.to_act
        assert seat is not None
        if hand.phase != phase:
            phase = hand.phase
            rnd = Round.start(hand.profile, first=False)
        if phase.kind == "draw":
            held = hand.holdings[seat]
            discards = rng.sample(held, rng.randint(0, len(held)))
            try:
                hand.apply(Action(seat, Kind.DRAW, discards=tuple(discards)))
            except IllegalAction as error:
                assert error.code == "deck-short"
                hand.apply(Action(seat, Kind.DRAW))
            continue
        assert hand.stacks[seat] > 0, "only a player with chips is asked to act"
        check_options(hand, seat, rnd)
        option = rng.choice(hand.legal_actions())
        level = max(hand.committed)
        if option.kind in SIZED and rng.random() < 0.85:
            bet_or_raise(hand, seat, option, rng)
        else:
            # No figure: a bet or raise is the least of its range (R14.10).
            hand.apply(Action(seat, option.kind))
            if option.kind in SIZED:
                assert hand.committed[seat] == option.to
        rnd.record(seat, level, max(hand.committed))
    raise AssertionError("the hand did not end in 600 actions")


def stacks_of(rng: random.Random, seats: int, unit: int) -> list[int]:
    """Whole chips, short and deep; now and then a stack with odd chips over the unit."""
    return [
        unit * rng.choice([rng.randint(1, 6), rng.randint(7, 40), 100, 400])
        + (rng.randrange(unit) if rng.random() < 0.2 else 0)
        for _ in range(seats)
    ]


def deal(profile: Profile, seats: int, seed: int) -> tuple[Hand, random.Random, list[int]]:
    rng = random.Random(seed)
    stacks = stacks_of(rng, seats, profile.chip_unit)
    hand = Hand(deck=shuffled(seed), stacks=stacks, dealer=rng.randrange(seats), profile=profile)
    return hand, rng, stacks


@settings(max_examples=150)
@given(
    seats=st.integers(min_value=2, max_value=8),
    rounding=st.sampled_from(["down", "up"]),
    unit=st.sampled_from([1, 5]),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_random_half_pot_hands(seats: int, rounding: str, unit: int, seed: int) -> None:
    profile = profiles.get("half-pot").replace(
        half_pot_rounding=rounding,
        chip_unit=unit,
        big_blind=2 * unit,
        small_blind=unit,
    )
    hand, rng, stacks = deal(profile, seats, seed)
    play(hand, rng)
    assert sum(hand.stacks) == sum(stacks)


@settings(max_examples=150)
@given(
    seats=st.integers(min_value=2, max_value=8),
    spread=st.sampled_from([(2, 5), (1, 6), (2, 2), (5, 10)]),
    wider=st.booleans(),
    cap=st.sampled_from([0, 3, 4]),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_random_spread_hands(
    seats: int, spread: tuple[int, int], wider: bool, cap: int, seed: int
) -> None:
    low, high = spread
    profile = profiles.get("spread-2-5").replace(
        spread_min=low, spread_max=high, spread_last_max=2 * high if wider else 0, cap=cap
    )
    hand, rng, stacks = deal(profile, seats, seed)
    play(hand, rng)
    assert sum(hand.stacks) == sum(stacks)


def test_the_model_reads_the_rulebook_examples() -> None:
    """R14.7 and R14.8's worked numbers, through the model the properties use."""
    for rounding, most in (("down", 4), ("up", 5)):
        profile = profiles.get("half-pot").replace(half_pot_rounding=rounding)
        hand = Hand(deck=shuffled(1), stacks=[100] * 3, dealer=2, profile=profile)
        assert expected_range(hand, 2, Round.start(profile, first=True)) == (4, most)
    spread = profiles.get("spread-2-5")
    hand = Hand(deck=shuffled(1), stacks=[100] * 3, dealer=2, profile=spread)
    assert expected_range(hand, 2, Round.start(spread, first=True)) == (4, 7)
