"""The table of a fuzzed trial: the stack each seat starts with, and the live table's lines
before a deal (a live big blind, R8.3; sitting out, coming back, straddling, chapter R19).

Kept apart from `game`, which plays the hands: these choices are made before any card is
dealt, and they depend on the profile and the seats alone, never on how a hand goes.
Every choice here is drawn whether it is used or not, so that a shrink that drops one
keeps the rest of the trial's stream in step.
"""

from __future__ import annotations

from typing import Any, Final

from badugi_spec.engine.session import Session
from badugi_spec.fuzz.choices import Choices
from badugi_spec.fuzz.trial import Trial
from badugi_spec.profiles.model import Profile
from badugi_spec.simulation.random_play import most_per_hand

BIG_BET_SHORT: Final = 12
"""In big blinds, the most a short stack holds in a game without a cap."""
SHORT_SHARE: Final = 0.45
"""How often a seat starts short: at most what one hand can take, so it goes all-in."""
LIVE_POST_SHARE: Final = 0.1
"""How often a hand at three seats or more starts with a live big blind posted (R8.3)."""
SEATING_SHARE: Final = 0.1
"""How often a player sits out, comes back or straddles before a deal (chapter R19)."""
SEATING_WORDS: Final = {
    "sits-out": "sits out",
    "returns": "returns",
    "returns-posting": "returns posting missed blinds",
    "returns-waiting": "returns waiting for the big blind",
    "straddles": "straddles",
}
"""Each seating event as the scenario line says it."""


def stack(choices: Choices, profile: Profile) -> int:
    """The chips one seat starts with: the profile's starting stack, or now and then
    (`SHORT_SHARE`) a short one."""
    short = choices.chance(SHORT_SHARE)
    # Without a cap a hand can take the whole stack; a short stack of a few big blinds is
    # what goes all-in for less than a raise (R14.6).
    most = most_per_hand(profile) if profile.cap else BIG_BET_SHORT * profile.big_blind
    amount = 1 + choices.below(max(1, most))
    # Drawn either way (see `game.play`): in a game without a cap, half the short stacks
    # are a few calls and half a bet: what is left after calling is an all-in below a full
    # bet or raise, where reopening and the least raise are decided (R14.6).
    between, calls = choices.chance(0.5), 1 + choices.below(3)
    if not profile.cap and between:
        half = max(profile.chip_unit, profile.big_blind // 2)
        amount = calls * profile.big_blind + half
    return min(amount, profile.starting_stack) if short else profile.starting_stack


def live_post(trial: Trial, choices: Choices) -> list[dict[str, Any]]:
    """Now and then, at three seats or more, one player posts a live big blind before
    the deal, as one who joins the table between the blinds does (R8.3)."""
    names = trial.names
    if len(names) < 3:
        return []
    # Both choices made either way: a shrink that drops the post keeps the rest.
    wanted, seat = choices.chance(LIVE_POST_SHARE), choices.below(len(names))
    if not wanted:
        return []
    return [{"player": names[seat], "chips": trial.profile.big_blind}]


def seating(trial: Trial, choices: Choices, session: Session | None) -> list[dict[str, str]]:
    """Now and then, at three seats or more, a player sits out, one sitting out comes
    back one of the three ways, or a player straddles, before the deal (chapter R19):
    the choices to try in turn, the first the table allows being taken."""
    names, rules = trial.names, trial.profile
    live_table = rules.straddle != "none" or rules.absent_hand != "not-dealt"
    if len(names) < 3 or session is None or not live_table:
        return []  # only profiles with a live table of their own (R19.1, R19.6)
    # Every choice made either way: a shrink that drops the event keeps the rest.
    wanted, seat = choices.chance(SEATING_SHARE), choices.below(len(names))
    how, way = choices.below(3), choices.below(3)
    if not wanted:
        return []
    if session.absent and how:
        back = sorted(session.absent)[seat % len(session.absent)]
        event = ("returns", "returns-posting", "returns-waiting")[way]
        return [{"player": names[back], "event": event}]
    if how == 0 and rules.straddle != "none":
        # Only the player left of the big blind may: each seat is tried (R19.6).
        return [{"player": name, "event": "straddles"} for name in names]
    return [{"player": names[seat], "event": "sits-out"}]


__all__ = ["SEATING_WORDS", "live_post", "seating", "stack"]
