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
HALF_BET_SHORT: Final = 0.6
"""`SHORT_SHARE` under a half-bet reading in fixed limit: its short all-ins are its corner."""
HALF_BET_BETWEEN: Final = 0.8
"""Under a half-bet reading, the short stacks that are a few calls and half a bet: the
all-in that reopens or not, where the readings part ways (R8.8, R11.2, R12.2)."""
BIG_BET_SHORT_SHARE: Final = 0.6
"""`SHORT_SHARE` in a game without a cap: its short all-ins are its corner (R14.6)."""
BIG_BET_BETWEEN: Final = 0.8
"""In a game without a cap, the short stacks a call and half a bet or two (`stack`)."""
LADDER_SHARE: Final = 0.4
"""How often a table without a cap is a ladder (`stacks`); always under a swarm that
leans on `short-all-ins`."""
LIVE_POST_SHARE: Final = 0.1
"""How often a hand at three seats or more starts with a live big blind posted (R8.3)."""
SEATING_SHARE: Final = 0.25
"""How often a player sits out, comes back or straddles before a deal (chapter R19)."""
RETURN_SHARE: Final = 0.5
"""`SEATING_SHARE` while a player is away: most come back within the trial, posting or
waiting for the big blind, which is where the live table's rules are (R19.3, R11.9)."""
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
    (`SHORT_SHARE`; never under a swarm that drops `short-stacks`) a short one."""
    half_bet = bool(profile.cap) and profile.short_all_in.startswith("half-bet")
    big_bet = not profile.cap
    share = HALF_BET_SHORT if half_bet else BIG_BET_SHORT_SHARE if big_bet else SHORT_SHARE
    short = choices.chance(0.0 if "short-stacks" in choices.swarm else share)
    # Without a cap a hand can take the whole stack; a short stack of a few big blinds is
    # what goes all-in for less than a raise (R14.6).
    most = most_per_hand(profile) if profile.cap else BIG_BET_SHORT * profile.big_blind
    amount = 1 + choices.below(max(1, most))
    # Drawn either way (see `game.play`): in a game without a cap and under a half-bet
    # reading most short stacks are a few calls and half a bet: what is left after calling
    # is an all-in below a full bet or raise, where reopening and the least raise are
    # decided (R8.8, R11.2, R12.2, R14.6).
    between = choices.chance(HALF_BET_BETWEEN if half_bet else BIG_BET_BETWEEN)
    calls = 1 + choices.below(3, (3.0, 1.0, 1.0) if half_bet or big_bet else None)
    halves = 1 + choices.below(2)
    if (big_bet or half_bet) and between:
        bet = profile.bet_sizes[0] if profile.cap else profile.big_blind
        half = max(profile.chip_unit, bet // 2)
        # Without a cap, one or two halves: a big blind and a half, or two, are two short
        # all-ins in a row over the blind (3, then 4 over a blind of 2) that add up to a
        # full raise, where a caller of the first may still only call (R14.6); called, what
        # is left (1 and 2) does the same in a later round.
        # Under a half-bet reading with bets of 4 or more, one in two is a chip short of
        # half a bet: an all-in that reopens nothing, read as half a bet (R8.8).
        below = half - 1 if half > 1 and halves == 2 else half
        amount = calls * profile.big_blind + (half * halves if big_bet else below)
    return min(amount, profile.starting_stack) if short else profile.starting_stack


def stacks(choices: Choices, profile: Profile, seats: int) -> tuple[tuple[int, ...], bool]:
    """The chips each seat starts with (`stack`), and whether the table is instead a
    *ladder* (`ladder`, seated once the button is drawn): now and then (`LADDER_SHARE`),
    and always under a swarm that leans on `short-all-ins`, at a no-limit, pot-limit or
    half-pot table of three seats or more."""
    drawn = tuple(stack(choices, profile) for _ in range(seats))
    # Drawn either way: a shrink that drops the ladder keeps the stacks drawn before it.
    # Under a swarm that leans on short all-ins, a ladder even where the stream replayed
    # says not (a corpus entry's), recorded so.
    # A swarm that drops short stacks records its "no ladder" as such: a 1 drawn and then
    # ignored would build a ladder when the stream is replayed alone (shrinking, distil).
    leaning = "short-all-ins" in choices.swarm
    dropped = "short-stacks" in choices.swarm and not leaning
    if leaning:
        ladder = choices.forced()
    elif dropped:
        ladder = choices.refused()
    else:
        ladder = choices.chance(LADDER_SHARE)
    ranged = profile.betting in RANGED
    if not ranged or not ladder or seats < 3:
        return drawn, False
    # The swarm only weighs the choices drawn at random, never a replayed one: the trial
    # still replays from its stream alone. A swarm that dropped all-ins gets them back:
    # they are what the ladder is for.
    choices.lean_off("raises", "folds")
    choices.swarm -= {"all-ins"}
    choices.ladder = True
    return drawn, True


RANGED: Final = ("no-limit", "pot-limit", "half-pot")
"""The betting structures whose short all-ins may add up to a raise (R14.6): a ladder's."""


def ladder(profile: Profile, seats: int, dealer: int) -> tuple[int, ...]:
    """A ladder table, in the order the first round is played from the player left of
    the big blind (R3.3): a stack of a big blind and half a bet first, then two full
    stacks, and the big blind's two big blinds last (3, 100, 100, ..., 4 with blinds of 1
    and 2); the seats between hold full stacks and short ones. Its players call or go
    all-in, never raise or fold, so the round most often goes: an all-in one chip over the
    blind, full stacks that call it, the big blind all-in one chip more. The two short
    all-ins add up to a full raise, and the first caller, facing one chip with a full
    stack still behind to answer a raise, may only call or fold (R14.6). Seated by seat
    number rather than by the button, a ladder had the order right for one button in
    five, and a single full stack, whose raise nobody could answer (R5.7)."""
    half = max(profile.chip_unit, profile.big_blind // 2)
    short, full = profile.big_blind + half, profile.starting_stack
    between = (full, full, short + half, full, short, full)
    order = (short, *(between[k % len(between)] for k in range(seats - 2)), short + half)
    first = (dealer + 3) % seats  # left of the big blind: the button, then the blinds
    placed = [0] * seats
    for k, chips in enumerate(order):
        placed[(first + k) % seats] = min(chips, full)
    return tuple(placed)


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


RETURNS: Final = ("returns", "returns-posting", "returns-waiting")
RETURN_WEIGHTS: Final = (1.0, 2.0, 2.0)
"""How a player comes back: posting the blinds missed or waiting for the big blind more
often than at once, as those are the ways with rules of their own (R19.3)."""
OWING_WEIGHTS: Final = (0.5, 4.0, 1.0)
"""How a player who missed a blind comes back where the table lets them post it: posting
most often, the small blind dead (R19.3), which only such a player can do."""
BESIDE_WEIGHTS: Final = (1.0, 0.5, 4.0)
"""How a player comes back who owes nothing, seated just left of the coming button: most
often waiting, so the button passes a player not dealt in (R11.9, R19.1)."""
AWAY_SHARE: Final = 0.15
"""`RETURN_SHARE` where sitting out misses blinds and the player has missed none yet: a
plain return, with no rule of its own; staying away is how a blind is missed (R19.2)."""
BESIDE_SHARE: Final = 0.7
"""`RETURN_SHARE` for a player away seated just left of the coming button."""
OWING_SHARE: Final = 0.8
"""`RETURN_SHARE` for a player away who missed a blind and may post it."""
SIT_OUT_WEIGHTS: Final = (1.0, 2.0, 4.0, 1.0, 1.0, 1.0, 1.0, 1.0)
"""Where a player sits out, counted from the coming button: most often as the blinds
reach them, as players do. Away there, a player not dealt in misses the blinds passing
(R19.2), and one dealt in posts the big blind and sits just left of the next button."""
BESIDE_BUTTON_WEIGHTS: Final = (0.5, 8.0, 2.0, 0.5, 0.5, 0.5, 0.5, 0.5)
"""`SIT_OUT_WEIGHTS` where the button goes to the last small blind and players away are
not dealt in: most often the player just left of the button, whom that button passes and
the moving one lands on (R11.9, R19.1); away there, they miss the small blind (R19.2)."""
STRADDLE_SHARE: Final = 0.6
"""`SEATING_SHARE` at a table with a straddle and nobody away (R19.6)."""
STRADDLE_WEIGHTS: Final = (6.0, 1.0, 1.0)
"""At a table with a straddle and nobody away, how often the choice is a straddle (0)
rather than a sit-out: a straddle shows only in a first round raised to its cap (R19.6)."""


SWITCHED_SEATING_SHARE: Final = 0.6
"""`SEATING_SHARE` in a trial that sets one of `ABSENCE_SWITCHES`."""
ABSENCE_SWITCHES: Final = ("absent_hand=", "missed_blinds=")
"""The switches of how a player away is dealt and comes back (R19.1, R19.3)."""


def live_table(rules: Profile) -> bool:
    """Whether a profile has a live table of its own: a straddle, or players away dealt in
    (chapter R19); only those trials sit players out (`seating`)."""
    return rules.straddle != "none" or rules.absent_hand != "not-dealt"


def seating(
    trial: Trial, choices: Choices, session: Session | None, *, live: bool
) -> list[dict[str, str]]:
    """Now and then, at three seats or more, a player sits out, one sitting out comes
    back one of the three ways, or a player straddles, before the deal (chapter R19):
    the choices to try in turn, the first the table allows being taken.

    Where and when is drawn from the table: the seats just left of the coming button
    are where the live table's rules are. A player sits out most often as the blinds
    reach them (`SIT_OUT_WEIGHTS`); a player away who missed a blind comes back posting
    it, one who owes nothing and sits just left of the coming button comes back waiting,
    and one who can still miss a blind mostly stays away (`_return_odds`). Drawn at
    random one sit-out and return in a few trials reached either corner at all."""
    names, rules = trial.names, trial.profile
    if len(names) < 3 or session is None or not live:
        # Only profiles with a live table of their own (`live_table`, R19.1, R19.6), also
        # where a switch deals players away out (`absent_hand=not-dealt`).
        return []
    seats = len(names)
    button = _coming_button(trial, session)
    # Every choice made either way: a shrink that drops the event keeps the rest.
    beside = rules.button_moves == "small-blind-button" and rules.absent_hand == "not-dealt"
    offset = choices.below(seats, (BESIDE_BUTTON_WEIGHTS if beside else SIT_OUT_WEIGHTS)[:seats])
    away = sorted(session.absent)
    back = away[offset % len(away)] if away else -1
    # A trial that deals players away out by a switch shows it only when one sits out:
    # most often one does (as a session's switch gets a bust, `game.BUST_SHARE`).
    switched = any(o.startswith(ABSENCE_SWITCHES) for o in trial.overrides)
    share = SWITCHED_SEATING_SHARE if switched else SEATING_SHARE
    straddle = rules.straddle != "none" and not away
    if straddle:
        share = max(share, STRADDLE_SHARE)
    share, weights = _return_odds(session, back, button) if away else (share, ())
    wanted = choices.chance(share)
    how = choices.below(3, STRADDLE_WEIGHTS if straddle else None)
    way = choices.below(3, weights or RETURN_WEIGHTS)
    if not wanted:
        return []
    if away and how:
        # The way drawn first, then the others: one the table refuses this hand (posting
        # on the button, R19.3) still brings the player back; but one who owes a blind
        # and would post it stays away till the button has passed them (a player who has
        # just missed a blind most often sits on the coming button or small blind).
        posting = way == 1 and weights is OWING_WEIGHTS
        ways = (way,) if posting else (way, *(w for w in range(3) if w != way))
        return [{"player": names[back], "event": RETURNS[w]} for w in ways]
    if how == 0 and rules.straddle != "none":
        # Only the player left of the big blind may: each seat is tried (R19.6). A
        # straddle matters in a first round raised to its cap, where it is no level of
        # it: from here on the players raise at every chance (as `policy` weighs random
        # draws only, the stream still replays alone).
        trial.aggressive = True
        return [{"player": name, "event": "straddles"} for name in names]
    return [{"player": names[(button + offset) % seats], "event": "sits-out"}]


def _coming_button(trial: Trial, session: Session) -> int:
    """Where the next hand's button most likely is: the first hand's, or the last hand's
    small blind (every reading of R8.23 moves it there when that seat is dealt in)."""
    last = session.hand
    return trial.dealer if last is None else last.small_blind


def _return_odds(
    session: Session, back: int, button: int
) -> tuple[float, tuple[float, float, float]]:
    """How often player `back`, away, comes back this hand, and the weights of the ways."""
    rules = session.profile
    if session.missed.get(back):
        if rules.missed_blinds != "must-wait":
            return OWING_SHARE, OWING_WEIGHTS
        return RETURN_SHARE, RETURN_WEIGHTS
    if (back - button) % len(session.stacks) == 1:
        return BESIDE_SHARE, BESIDE_WEIGHTS
    if rules.absent_hand == "not-dealt":
        return AWAY_SHARE, RETURN_WEIGHTS
    return RETURN_SHARE, RETURN_WEIGHTS


__all__ = [
    "RANGED",
    "SEATING_WORDS",
    "ladder",
    "live_post",
    "live_table",
    "seating",
    "stack",
    "stacks",
]
