"""How a fuzzed player chooses: a legal action, and now and then an illegal one first.

Every choice comes from the trial's `Choices`, and at 0 each is the shortest: check when
that is free, else fold; the least amount; stand pat. So a shrunk trial ends each hand as
soon as the divergence it shows allows.

At random the weights keep hands going: a fold is rare (about one decision in eight
facing a bet), so most hands reach the draws and many the showdown; draws replace three
or four cards as often as one or two, so multi-way hands run the stub out and reshuffle
(R8.18).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from badugi_spec.cards import DECK
from badugi_spec.engine.actions import Action, Kind, Legal
from badugi_spec.engine.hand import Hand
from badugi_spec.fuzz.choices import Choices
from badugi_spec.simulation.random_play import own_option

_ORDER = (Kind.CHECK, Kind.FOLD, Kind.CALL, Kind.BET, Kind.RAISE, Kind.ALL_IN)
"""The betting options shortest first: a replayed 0 checks when that is free, else folds,
so a shrunk hand ends as soon as what it shows allows."""
_WEIGHTS = {
    Kind.CHECK: 6.0,
    Kind.CALL: 6.0,
    Kind.FOLD: 1.5,
    Kind.BET: 3.0,
    Kind.RAISE: 3.0,
    Kind.ALL_IN: 1.0,
}
FREE_FOLD_WEIGHT = 0.3
"""A fold when checking is free, where the profile allows one (R8.11): rare."""
DISCARD_WEIGHTS = (1.0, 2.0, 3.0, 3.0, 3.0, 2.0)
"""How many cards a draw replaces: 0 to 5, many more often than none."""
ILLEGAL_SHARE = 0.07
"""How often a player first tries an action the rules refuse (each is one `reject`)."""
CHIP_ILLEGAL_SHARE = 0.25
"""The same in chips above one, where half the attempts are amounts off the chip (R14.9):
a trial in chips of 5 is rare (`switches`), and it is where they are checked."""


AGGRESSIVE: Final = {Kind.BET: 12.0, Kind.RAISE: 12.0, Kind.FOLD: 0.5}
"""The weights that change in an aggressive trial: every round near its cap (R3.6, R8.6)."""


def choose(
    hand: Hand, choices: Choices, *, aggressive: bool = False, passive: bool = False
) -> Action:
    """A legal action for the player to act; `aggressive` bets and raises far more, and
    `passive` only checks or folds (and stands pat)."""
    seat = hand.to_act
    assert seat is not None
    options = hand.legal_actions()
    if options[0].kind is Kind.DRAW:
        held = list(hand.holdings[seat])
        most = min(options[0].adds, len(held))
        count = 0 if passive else choices.below(most + 1, _discard_weights(choices.swarm))
        discards = [held.pop(choices.below(len(held))) for _ in range(count)]
        return Action(seat, Kind.DRAW, discards=tuple(discards))
    distinct, weights = _weighed(options, aggressive, choices.swarm, choices.ladder)
    option = distinct[0 if passive else choices.below(len(distinct), weights)]
    if option.most > option.to:
        return _sized(seat, option, choices, unit=hand.profile.chip_unit)
    kind = option.kind
    if option.all_in and kind is not Kind.ALL_IN and any(o.kind is Kind.ALL_IN for o in options):
        # Both spellings of the same chips: the call or raise, or `all-in` (R5.6).
        kind = Kind.ALL_IN if choices.chance(0.5) else kind
    return Action(seat, kind, amount=_amount(kind, option))


_WEIGHED: dict[
    tuple[tuple[Legal, ...], bool, frozenset[str], bool],
    tuple[list[Legal], tuple[float, ...]],
] = {}
"""The options told apart and their weights, by the options themselves: they are a
function of the options' values, and the same values come up hand after hand. (Keyed by
the tuple's id, most lookups missed: our engine builds a new tuple for most spots. A
`Legal` hashes in C, its `Kind` by identity.)"""
WEIGHED_AT_MOST: Final = 4096


def _weighed(
    options: tuple[Legal, ...], aggressive: bool, swarm: frozenset[str], ladder: bool
) -> tuple[list[Legal], tuple[float, ...]]:
    """The betting options shortest first, an all-in only where no other option puts in
    the same chips, and the weight of each."""
    kept_too = type(options) is tuple  # (a list, which may change in place: never kept)
    key = (options, aggressive, swarm, ladder)
    kept = _WEIGHED.get(key) if kept_too else None
    if kept is not None:
        return kept
    distinct = sorted(_distinct(options), key=lambda o: _ORDER.index(o.kind))
    free = any(o.kind is Kind.CHECK for o in distinct)
    table = {**_WEIGHTS, **AGGRESSIVE} if aggressive else _WEIGHTS
    weights = [
        FREE_FOLD_WEIGHT if free and o.kind is Kind.FOLD else table[o.kind] for o in distinct
    ]
    short = SHORT_RAISE_WEIGHT * (LADDER if ladder else 1.0)
    for index, option in enumerate(distinct):
        if _short_raise(option, distinct):
            # An all-in between a call and a full raise: where the readings of a short
            # all-in part ways (half a bet, a level or not, reopening; R8.8-R8.10).
            weights[index] = short
    weighed = tuple(_swarmed(distinct, weights, swarm))
    if kept_too:
        if len(_WEIGHED) >= WEIGHED_AT_MOST:
            _WEIGHED.clear()
        _WEIGHED[key] = (distinct, weighed)
    return distinct, weighed


_DROPPED: Final = {
    "folds": (Kind.FOLD,),
    "raises": (Kind.BET, Kind.RAISE),
    "all-ins": (Kind.ALL_IN,),
}
DEEP_DISCARDS: Final = (0.2, 0.2, 0.5, 3.0, 4.0, 4.0)


def _discard_weights(swarm: frozenset[str]) -> tuple[float, ...]:
    """How many cards a draw replaces: none under a swarm without draws, mostly three or
    more under `deep-draws` (the stub runs out: R4.6, R8.18, R8.19)."""
    if "draws" in swarm:
        return (1.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    return DEEP_DISCARDS if "deep-draws" in swarm else DISCARD_WEIGHTS


def _swarmed(options: Sequence[Legal], weights: list[float], swarm: frozenset[str]) -> list[float]:
    """`weights` with the kinds the swarm drops at 0, unless that leaves nothing."""
    dropped = {kind for name in swarm for kind in _DROPPED.get(name, ())}
    if not dropped:
        return weights
    kept = [0.0 if o.kind in dropped else w for o, w in zip(options, weights, strict=True)]
    return kept if any(kept) else weights


SHORT_RAISE_WEIGHT: Final = 5.0
"""An all-in for more than a call and less than a full raise: chosen often (`choose`)."""
LADDER: Final = 4.0
"""How much likelier that all-in is at a ladder table (`table.ladder`): two in a row make
its corner (R14.6)."""


def _short_raise(option: Legal, options: Sequence[Legal]) -> bool:
    if option.kind is not Kind.ALL_IN:
        return False
    call = next((o.to for o in options if o.kind is Kind.CALL), 0)
    raise_to = next((o.to for o in options if o.kind in (Kind.RAISE, Kind.BET)), None)
    return option.to > call and (raise_to is None or option.to < raise_to)


def _distinct(options: Sequence[Legal]) -> list[Legal]:
    """The options, an all-in only where no other option puts in the same chips."""
    return [o for o in options if o.kind is not Kind.ALL_IN or own_option(o, options)]


def _sized(seat: int, option: Legal, choices: Choices, *, unit: int) -> Action:
    """A big-bet or spread amount: the least (the simplest), the most, or between (R14.10)."""
    low, high = option.to, option.most
    where = choices.below(3, (2.0, 1.0, 2.0))
    if where == 0:
        # The least, said with no amount half the time: a bet or raise without a figure
        # is the least of its range (R14.10).
        if choices.chance(0.5):
            return Action(seat, option.kind)
        amount = low
    elif where == 1:
        amount = high
    else:
        first, last = -(-low // unit), high // unit
        amount = unit * (first + choices.below(last - first + 1)) if first <= last else low
    return Action(seat, option.kind, amount=amount)


def _amount(kind: Kind, option: Legal) -> int | None:
    if kind in (Kind.CHECK, Kind.FOLD):
        return None
    return option.to if kind in (Kind.BET, Kind.RAISE) else option.adds


# ----- illegal actions -------------------------------------------------------------------


Attempt = Callable[[Hand, int, dict[Kind, Legal]], Action | None]


def _out_of_turn(hand: Hand, seat: int, options: dict[Kind, Legal]) -> Action | None:
    others = [s for s in hand.live() if s != seat and hand.stacks[s] > 0]
    if not others:
        return None
    other = others[0]
    if Kind.DRAW in options:
        return Action(other, Kind.DRAW)
    return Action(other, Kind.CHECK if Kind.CHECK in options else Kind.CALL)


def _wrong_amount(hand: Hand, seat: int, options: dict[Kind, Legal]) -> Action | None:
    option = options.get(Kind.BET) or options.get(Kind.RAISE)
    if option is None:
        return None
    top = max(option.to, option.most)
    return Action(seat, option.kind, amount=top + 1)


def _off_the_chip(hand: Hand, seat: int, options: dict[Kind, Legal]) -> Action | None:
    """An amount inside the range but not a multiple of the chip (R14.9)."""
    option = options.get(Kind.BET) or options.get(Kind.RAISE)
    unit = hand.profile.chip_unit
    if option is None or unit == 1 or option.most <= option.to:
        return None
    return Action(seat, option.kind, amount=option.to + 1)


def _over_the_cap(hand: Hand, seat: int, options: dict[Kind, Legal]) -> Action | None:
    if Kind.DRAW in options or Kind.BET in options or Kind.RAISE in options:
        return None
    kind = Kind.RAISE if Kind.CALL in options else Kind.BET
    return Action(seat, kind, amount=hand.bet_to_match + hand.bet_size)


def _check_or_call(hand: Hand, seat: int, options: dict[Kind, Legal]) -> Action | None:
    if Kind.DRAW in options:
        return Action(seat, Kind.CHECK)  # a betting action in a draw (R3.1)
    if Kind.CALL in options:
        return Action(seat, Kind.CHECK)  # facing a bet (R3.5)
    if Kind.CHECK in options and Kind.FOLD not in options:
        return Action(seat, Kind.FOLD)  # a fold when checking is free (R3.4)
    return Action(seat, Kind.CALL)  # nothing to call (R3.4)


def _discard_not_held(hand: Hand, seat: int, options: dict[Kind, Legal]) -> Action | None:
    if Kind.DRAW not in options:
        return Action(seat, Kind.DRAW)  # a draw while a betting round is open (R4.1)
    held = set(hand.holdings[seat])
    stranger = next(card for card in DECK if card not in held)
    return Action(seat, Kind.DRAW, discards=(stranger,))


def _discard_twice(hand: Hand, seat: int, options: dict[Kind, Legal]) -> Action | None:
    held = hand.holdings[seat]
    if Kind.DRAW not in options or not held:
        return None
    return Action(seat, Kind.DRAW, discards=(held[0], held[0]))


ATTEMPTS: tuple[Attempt, ...] = (
    _out_of_turn,
    _wrong_amount,
    _off_the_chip,
    _over_the_cap,
    _check_or_call,
    _discard_not_held,
    _discard_twice,
)


def attempt(hand: Hand, choices: Choices) -> Action | None:
    """Now and then an action the rules may refuse, for a `reject` line; None mostly.

    Only a candidate: the game tries it on a copy of our engine and keeps it only if our
    engine refuses it (with the code the line then expects)."""
    # The same three choices whether or not an attempt is made: a shrink that lowers the
    # first to 0 drops the `reject` line and leaves the rest of the trial as it was.
    share = CHIP_ILLEGAL_SHARE if hand.profile.chip_unit > 1 else ILLEGAL_SHARE
    wanted = choices.chance(0.0 if "illegal" in choices.swarm else share)
    off_chip = choices.chance(0.5)
    which = choices.below(len(ATTEMPTS))
    if not wanted:
        return None
    seat = hand.to_act
    assert seat is not None
    options = {o.kind: o for o in hand.legal_actions()}
    if hand.profile.chip_unit > 1 and off_chip:
        # In chips above one, half the attempts are amounts off the chip (R14.9).
        return _off_the_chip(hand, seat, options)
    return ATTEMPTS[which](hand, seat, options)


MUCK_SHARE = 0.6
"""At a showdown where the profile allows a muck, how often each player tries one (R8.32)."""


def mucks(hand: Hand, choices: Choices) -> list[Action]:
    """Mucks to try once a hand is shown down under a profile that allows them, in show
    order (R8.32): each player now and then; the engine refuses a winning hand's or the
    first shower's, which makes a `reject` line. No choice is drawn elsewhere."""
    result = hand.result
    if hand.profile.muck == "never" or result is None or result.ended_by != "showdown":
        return []
    # Read off the log's rows (an `Event`'s kind and seat are its row's first two fields):
    # `hand.events` words every hand value shown, and only the order is wanted here.
    order = [row[1] for row in hand._rows if row[0] == "show"]
    return [
        Action(seat, Kind.MUCK) for seat in order if seat is not None and choices.chance(MUCK_SHARE)
    ]


__all__ = ["ATTEMPTS", "attempt", "choose", "mucks"]
