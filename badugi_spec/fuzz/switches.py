"""The rule switches a fuzzed trial may set another way than its profile does.

The shipped profiles leave many parameters of chapter R8 at one value (no dead button, no
cap lifted heads-up, blinds of one and two chips): a trial sets one of them another way
the rulebook allows, and says so on its `profile` line, so every reading is played.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

from badugi_spec import profiles
from badugi_spec.fuzz.choices import Choices
from badugi_spec.profiles.model import PARAMETERS, Profile, problems_of

SWITCHES: Final = (
    "button_moves", "cap_heads_up", "fold_when_free", "return_uncalled", "short_all_in",
    "complete_short_all_in", "cap_counts_blind", "cap_counts_short_all_in",
    "raise_over_posted_blind", "call_full_big_blind", "covered_is_all_in",
    "keep_turn_when_others_all_in", "all_in_may_fold", "burn_when_all_pat", "draw_delivery",
    "last_card", "own_discards_back", "burn_after_reshuffle", "odd_chip",
    "odd_chip_between_halves", "pots_without_losers", "session_ends",
    "ante", "small_blind", "spread_last_max", "blinds",
)  # fmt: skip
"""The parameters a trial may set another way, each a rule with its choices; `blinds` sets
the blinds with the bets or the chip that go with them (`_scaled`)."""
_NUMBERS: Final[dict[str, Callable[[Profile], tuple[int, ...]]]] = {
    # An ante: dead money, odd pots (R8.3, R8.15).
    "ante": lambda profile: (1,),
    # A small blind as large as the big: a big blind posted short is below it (R8.3, R8.26).
    "small_blind": lambda profile: (profile.big_blind,),
    # A spread game whose last round is wider (R14.8).
    "spread_last_max": lambda profile: (2 * profile.spread_max,) if profile.spread_max else (),
}
"""For the number switches, the values a trial may set."""


SESSION_SWITCHES: Final = ("button_moves", "session_ends", "kill")
"""The switches that show only over several hands, after a bust (R8.23)."""
SESSION_WEIGHTS: Final = (1.0, 1.0, 3.0)
"""A kill (R19.4, R19.5) the likeliest: no shipped profile has one, so only a trial plays it."""
SWITCH_WEIGHTS: Final = tuple(5.0 if name == "cap_heads_up" else 1.0 for name in SWITCHES)
"""The cap lifted heads-up (R8.7) shows only in a pot of three or more where one goes
all-in and two raise on to the cap: drawn more often than the others to be seen at all."""
SESSION_SHARE: Final = 0.5
"""How often a trial of several hands that sets a switch sets one of the session's."""
OWN_SWITCH: Final = {
    "spread": ("spread_last_max", 0.5),  # a wider last round (R14.8)
    "pot-limit": ("blinds", 0.5),  # chips of 5 (R14.9)
    "half-pot": ("blinds", 0.5),
    "no-limit": ("blinds", 0.5),
}
"""Per betting structure, the switch drawn first, and how often; else `blinds` one time
in four (a big blind that can be posted below the small blind, R8.3)."""


READINGS: Final = ("show_order", "muck")
"""How the showdown is read (R8.22, R8.32): set on top of a trial's switch."""
READING_SHARE: Final = 0.8
"""Of the trials that set a switch, how many also read the showdown another way."""
READING_WEIGHTS: Final = (4.0, 2.0)
UNSHIPPED: Final = 3.0
"""How much likelier a value no shipped profile plays is drawn than one that some does
(`first-to-act` and `all-in-first` show orders): only a trial plays it."""


def changed(profile: Profile, **changes: object) -> Profile | None:
    """`profile.replace(**changes)`, or None where that is no valid profile (a profile that
    breaks its parameters' checks raises as it is made, and is refused all the same).
    Made once for each profile and changes: a profile is checked as it is made, a tenth of
    a millisecond, and the trials of a campaign make the same few again and again."""
    # Each value's type in the key: `1`, `1.0` and `True` are equal, but not one change.
    return _changed(profile, tuple((key, type(value), value) for key, value in changes.items()))


@functools.lru_cache(maxsize=1024)
def _changed(profile: Profile, changes: tuple[tuple[str, type, object], ...]) -> Profile | None:
    made = profile.replace(**{key: value for key, _, value in changes})
    return None if problems_of(made) else made


@functools.cache
def _shipped(name: str) -> frozenset[object]:
    return frozenset(getattr(profiles.get(n), name) for n in profiles.names())


def _read(choices: Choices, profile: Profile) -> tuple[Profile, tuple[str, ...]]:
    """Now and then `profile` with its showdown read another way the rulebook allows (a
    show order or a muck rule, `READINGS`), and the override that says so. Every choice is
    drawn either way: a shrink that drops the reading keeps the rest of the trial."""
    wanted = choices.chance(READING_SHARE)
    param = PARAMETERS[READINGS[choices.below(len(READINGS), READING_WEIGHTS)]]
    current = getattr(profile, param.name)
    others = [value for value in param.choices if value != current]
    shipped = _shipped(param.name)
    weights = [1.0 if value in shipped else UNSHIPPED for value in others]
    value = others[choices.below(len(others), weights)]
    read = changed(profile, **{param.name: value})
    if not wanted or read is None:
        return profile, ()
    return read, (f"{param.name}={value}",)


def switched(
    choices: Choices, profile: Profile, *, several: bool
) -> tuple[Profile, tuple[str, ...]]:
    """`_switched`, and now and then the showdown read another way on top (`_read`)."""
    changed, overrides = _switched(choices, profile, several=several)
    read, reading = _read(choices, changed)
    return read, (*overrides, *reading)


def _switched(
    choices: Choices, profile: Profile, *, several: bool
) -> tuple[Profile, tuple[str, ...]]:
    """`profile` with one switch of `SWITCHES` set to another of its values, and the
    override that says so; unchanged when the value would not make a valid profile.

    Some switches show only in some trials, and are drawn first there, or they are rarely
    drawn among the others: a betting structure's own (`OWN_SWITCH`), and in a trial of
    several hands those of the session (`SESSION_SWITCHES`)."""
    # Five choices, whichever switch and value they pick: a shrink that lowers one of them
    # changes the switch and leaves the rest of the trial as it was.
    name = SWITCHES[choices.below(len(SWITCHES), SWITCH_WEIGHTS)]
    own, share = OWN_SWITCH.get(profile.betting, ("blinds", 0.25))
    # A corner that leans on the betting's own switch (`corners.CORNERS`) sets it
    # at a live table too.
    leaning = "own-switch" in choices.swarm
    live = _live_switches(profile) if several and not leaning else ()
    if live:
        share = LIVE_SHARE
    own_drawn = choices.chance(1.0 if leaning else share)
    session_drawn = choices.chance(SESSION_SHARE)
    session_name = SESSION_SWITCHES[choices.below(len(SESSION_SWITCHES), SESSION_WEIGHTS)]
    pick = choices.below(len(SWITCHES))  # the value, among the others (never more than these)
    if own_drawn and live:
        name = live[pick % len(live)]  # the same pick names the value: a few combinations
    elif own_drawn:
        name = own
    elif several and session_drawn:
        name = session_name
    if name == "blinds":
        return _scaled(profile)
    param = PARAMETERS[name]
    current = getattr(profile, param.name)
    values: tuple[object, ...] = (True, False) if param.kind is bool else param.choices
    if param.kind is int:
        values = _NUMBERS[param.name](profile)
    others = [value for value in values if value != current]
    if not others:
        return profile, ()
    value = NOT_DEALT if name == "absent_hand" else others[pick % len(others)]
    switch = changed(profile, **{param.name: value})
    if switch is None:
        return profile, ()
    text = str(value).lower() if isinstance(value, bool) else str(value)
    if name == "kill" and pick // len(others) % 2:
        return _pot_kill(switch, f"{param.name}={text}")
    if name == "absent_hand" and live and pick // len(live) % 2:
        return _passing_button(switch, f"{param.name}={text}")
    return switch, (f"{param.name}={text}",)


def _passing_button(profile: Profile, absent: str) -> tuple[Profile, tuple[str, ...]]:
    """Half the tables that stop dealing players away in (`absent_hand=not-dealt`) also
    move the button PokerStars' way, to the last small blind (R11.9): only there does the
    button pass a player not dealt in, and PokerStars is one profile of many."""
    if profile.button_moves == "small-blind-button":
        return profile, (absent,)
    moved = changed(profile, button_moves="small-blind-button")
    if moved is None:
        return profile, (absent,)
    return moved, (absent, "button_moves=small-blind-button")


LIVE_SHARE: Final = 0.85
"""At a live table of its own (chapter R19), in a trial of several hands, how often the
switch is one of the live table's (`_live_switches`) rather than the betting's own: three
in four, as the live table's rules show only in such trials, and only with a player away
not dealt in (R19.2, R19.3, R11.9) or a kill (R19.4)."""


def _live_switches(profile: Profile) -> tuple[str, ...]:
    """The live table's switches a trial of several hands at such a table may set: a kill
    (R19.4, R19.5; no shipped profile has one); where a player away is not dealt in but
    must wait for the big blind, posting the blinds missed instead (R19.3); and where a
    player away is dealt in, not dealing them in (`absent_hand=not-dealt`, R19.1). Only
    `wsop-live` deals players out, and it makes them wait: without the last two, a dead
    blind (R19.3) was posted only under that one profile with posting switched on, and
    the button passed a player not dealt in (R11.9) only when one came back waiting."""
    if profile.straddle == "none" and profile.absent_hand == "not-dealt":
        return ()
    if profile.absent_hand != "not-dealt":
        # Not dealing those away in is drawn most: it is what the button and the missed
        # blinds differ by (R11.9, R19.2, R19.3), and under PokerStars' button it is the
        # one way the button passes a player (R11.9). Five names, so the kill's pick still
        # names a full kill or a half one.
        return ("absent_hand", "kill", "absent_hand", "absent_hand", "absent_hand")
    # Players away not dealt in are where the readings of the button's move part (R11.9,
    # R19.1): the one table that deals them out reads them under each, too.
    posting = profile.missed_blinds == "must-wait"
    button = ("button_moves",)
    return ("missed_blinds", "kill", "missed_blinds", *button) if posting else ("kill", *button)


NOT_DEALT: Final = "not-dealt"
"""The value `absent_hand` is set to (`_live_switches`): the one that misses blinds."""


KILL_POT: Final = 4
"""In big blinds, the pot that makes a kill under a `pot-size` trigger (`_pot_kill`)."""


def _pot_kill(profile: Profile, kill: str) -> tuple[Profile, tuple[str, ...]]:
    """Half the kills a trial sets are made by one pot of `KILL_POT` big blinds rather than
    two in a row (R19.4): the other trigger, and a kill in most sessions of a few hands."""
    pot = KILL_POT * profile.big_blind
    killed = changed(profile, kill_trigger="pot-size", kill_pot=pot)
    if killed is None:
        return profile, ()
    return killed, (kill, "kill_trigger=pot-size", f"kill_pot={pot}")


CHIP: Final = 5
"""The chip of a big-bet trial with larger blinds (R14.9)."""


def _scaled(profile: Profile) -> tuple[Profile, tuple[str, ...]]:
    """`profile` with blinds above one chip: in fixed limit 2 and 4 (every bet doubled), so
    a big blind posted short can be less than the small blind (R8.3); in big bet 5 and 10
    in chips of 5, so an amount can be off the chip (R14.9). A spread game stays as it is:
    its spread is in single chips."""
    if profile.betting == "spread":
        return profile, ()
    if profile.betting == "fixed-limit":
        sizes = tuple(2 * size for size in profile.bet_sizes)
        changes: dict[str, object] = {"small_blind": 2, "big_blind": 4, "bet_sizes": sizes}
    else:
        changes = {"small_blind": CHIP, "big_blind": 2 * CHIP, "chip_unit": CHIP}
    scaled = changed(profile, **changes)
    if scaled is None:
        return profile, ()
    words = {
        key: ",".join(map(str, v)) if isinstance(v, tuple) else str(v) for key, v in changes.items()
    }
    return scaled, tuple(f"{key}={text}" for key, text in words.items())


__all__ = ["READINGS", "SESSION_SWITCHES", "SWITCHES", "changed", "switched"]
