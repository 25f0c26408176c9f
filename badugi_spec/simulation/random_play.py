"""The random side of a simulated hand: its private stream, its set-up and its actions.

Each hand is reproducible from the run's seed and the hand's number alone: `hand_random`
gives it a private stream that shuffles the deck, picks the button and the stacks (`deal`),
and then chooses every action (`choose`). Kept apart from the rules' properties
(`properties`, `watch`) and the loop that plays hands with them (`simulate`), so that
anything else that wants random legal play from the same streams (a `fuzz` command)
takes this module alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.actions import Action, Kind, Legal
from badugi_spec.engine.hand import SEATS, Hand
from badugi_spec.profiles.model import HOUSE, Profile

SHORT_STACK_SHARE = 0.4
"""In the mixed stack plan, the share of hands where at least one player is short."""


@dataclass(frozen=True, slots=True)
class Setup:
    """What a hand starts from: the deck order, the button, the stacks and the rules."""

    seed: int
    number: int
    deck: tuple[Card, ...]
    dealer: int
    stacks: tuple[int, ...]
    plan: tuple[int, ...] | None = None
    """The run's stack plan: fixed stacks, or None for the mixed plan."""
    profile: Profile = HOUSE

    @property
    def seats(self) -> int:
        return len(self.stacks)

    def replay_call(self) -> str:
        extra = "" if self.plan is None else f", stacks={self.plan}"
        if self.plan is None and self.seats != SEATS:
            extra += f", seats={self.seats}"
        if self.profile != HOUSE:
            extra += f", structure=profiles.get({self.profile.name!r})"
        return f"simulate.replay({self.seed}, {self.number}{extra})"


def describe_action(action: Action) -> str:
    head = f"seat {action.seat} {action.kind.value}"
    if action.kind is Kind.DRAW:
        if not action.discards:
            return f"seat {action.seat} stands pat"
        return f"{head} {' '.join(str(card) for card in action.discards)}"
    if action.kind in (Kind.BET, Kind.RAISE) and action.amount is not None:
        return f"{head} to {action.amount}"
    return head if action.amount is None else f"{head} {action.amount}"


# ----- setting hands up ------------------------------------------------------------------


def hand_random(seed: int, number: int) -> random.Random:
    """The private stream of hand `number`: independent of every other hand of the run."""
    return random.Random(f"badugi-simulate:{seed}:{number}")


def deal(
    seed: int,
    number: int,
    *,
    stacks: tuple[int, ...] | None = None,
    structure: Profile = HOUSE,
    seats: int | None = None,
) -> tuple[Setup, random.Random]:
    """The set-up of hand `number`, and the stream that goes on to choose its actions.

    `stacks=None` is the mixed plan: most hands start at the profile's stacks, the rest give
    some players a short stack so that all-ins and side pots happen (R5.4-R5.7, R8.13).
    `seats` defaults to the number of fixed stacks, else two.
    """
    count = seats if seats is not None else len(stacks) if stacks is not None else SEATS
    if stacks is not None and len(stacks) != count:
        raise ValueError(f"{len(stacks)} stacks for {count} seats")
    rng = hand_random(seed, number)
    deck = list(DECK)
    rng.shuffle(deck)
    dealer = rng.randrange(count)
    chosen = stacks if stacks is not None else _mixed_stacks(rng, structure, count)
    return Setup(seed, number, tuple(deck), dealer, tuple(chosen), stacks, structure), rng


def most_per_hand(structure: Profile) -> int:
    """The most chips one player can put into a hand when no all-in cuts it short."""
    if structure.cap == 0:
        return structure.starting_stack
    blind = 0 if structure.cap_counts_blind else structure.big_blind
    return structure.ante + blind + structure.cap * sum(structure.bet_sizes)


def _mixed_stacks(rng: random.Random, structure: Profile, seats: int) -> tuple[int, ...]:
    full = structure.starting_stack
    if rng.random() >= SHORT_STACK_SHARE:
        return (full,) * seats
    most = most_per_hand(structure)
    short = [rng.randint(1, most) for _ in range(seats)]
    if seats == SEATS:
        which = rng.randrange(SEATS + 1)  # one seat short, or (== SEATS) every seat short
        return tuple(short[s] if which in (s, SEATS) else full for s in range(SEATS))
    # Multi-way: each seat short or not, at least one short, so that side pots have
    # several all-in levels (R8.13).
    chosen = [rng.random() < 0.5 for _ in range(seats)]
    chosen[rng.randrange(seats)] = True
    return tuple(short[s] if chosen[s] else full for s in range(seats))


# ----- the random player -----------------------------------------------------------------


FREE_FOLD_SHARE = 0.1
"""How often a fold is chosen when checking is free and the profile allows it (R8.11)."""


def choose(hand: Hand, rng: random.Random) -> Action:
    """A uniformly random legal action for the player to act.

    Betting: each distinct option is equally likely, except a fold when checking is free
    (R8.11), which is taken only `FREE_FOLD_SHARE` of the time so that hands still reach
    the draws and the showdown, and never when everyone else still in is all-in; an option
    that puts the player all-in is sent half the time as `all-in` instead, so both
    spellings are exercised. A big-bet or spread bet or raise is a range: its amount is
    the least or the most a quarter of the time each, else any amount in between (see
    `_sized`); an all-in short of the least raise is an option of its own. Drawing: 0 to
    the profile's most discards (4, or 5 in a five-card game), equally likely, chosen at
    random from the hand.
    """
    seat = hand.to_act
    assert seat is not None
    options = hand.legal_actions()
    if options[0].kind is Kind.DRAW:
        held = hand.holdings[seat]
        count = rng.randint(0, min(options[0].adds, len(held)))
        return Action(seat, Kind.DRAW, discards=tuple(rng.sample(held, count)))
    distinct = [o for o in options if o.kind is not Kind.ALL_IN or own_option(o, options)]
    kinds = {o.kind for o in distinct}
    if Kind.FOLD in kinds and Kind.CHECK in kinds:
        if rng.random() < FREE_FOLD_SHARE and not _others_all_in(hand, seat):
            return Action(seat, Kind.FOLD)
        distinct = [o for o in distinct if o.kind is not Kind.FOLD]
    option = rng.choice(distinct)
    if option.most > option.to:
        return _sized(seat, option, options, rng, unit=hand.profile.chip_unit)
    kind = option.kind
    if option.all_in and any(o.kind is Kind.ALL_IN for o in options) and rng.random() < 0.5:
        kind = Kind.ALL_IN
    return Action(seat, kind, amount=_amount(kind, option))


def own_option(all_in: Legal, options: Sequence[Legal]) -> bool:
    """An all-in that no other option reaches: in a big-bet game, one short of the least
    raise but more than a call (R14.6). In fixed limit the all-in is always also a call,
    bet or raise, so the fixed-limit stream of choices is unchanged."""
    return not any(
        o.kind is not Kind.ALL_IN and o.to <= all_in.to <= max(o.to, o.most) for o in options
    )


RANGE_END_SHARE = 0.25
"""How often a big-bet or spread amount is the least of its range, and as often the most;
the rest are uniform over the whole range (R14.10)."""


def _sized(
    seat: int, option: Legal, options: Sequence[Legal], rng: random.Random, *, unit: int
) -> Action:
    """A bet or raise to an amount anywhere in the option's range, the ends included; the
    top of a range that is the whole stack is sent as `all-in` half the time."""
    low, high = option.to, option.most
    draw = rng.random()
    if draw < RANGE_END_SHARE:
        amount = low
    elif draw < 2 * RANGE_END_SHARE:
        amount = high
    else:
        # Within the range only whole chip units are allowed; the ends always are (R14.9).
        first, last = -(-low // unit), high // unit
        amount = unit * rng.randint(first, last) if first <= last else low
    all_in = next((o for o in options if o.kind is Kind.ALL_IN), None)
    if all_in is not None and amount == all_in.to and rng.random() < 0.5:
        return Action(seat, Kind.ALL_IN, amount=all_in.adds)
    return Action(seat, option.kind, amount=amount)


def _others_all_in(hand: Hand, seat: int) -> bool:
    """Everyone else still in is all-in: a free fold here only gives the pot away, and
    PokerKit cannot settle it (R13.5), so the policy never makes one."""
    return all(hand.stacks[other] == 0 for other in hand.live() if other != seat)


def _amount(kind: Kind, option: Legal) -> int | None:
    if kind in (Kind.CHECK, Kind.FOLD):
        return None
    return option.to if kind in (Kind.BET, Kind.RAISE) else option.adds


__all__ = [
    "FREE_FOLD_SHARE",
    "RANGE_END_SHARE",
    "SHORT_STACK_SHARE",
    "Setup",
    "choose",
    "deal",
    "describe_action",
    "hand_random",
    "most_per_hand",
    "own_option",
]
