"""A rule profile: every choice the rules make that differs between rule sets, as data.

The engine reads every number and policy from a `Profile`, so a new rule set (another
cap, another all-in rule, more seats) is a new value, not new code (R8.1). Each field is
described once in `PARAMETERS`, with the rule ID that explains it; profile files, the
`profiles show` command and the docs all read that table.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

from badugi_spec.errors import BadugiError


class ProfileError(BadugiError, ValueError):
    """A profile file or override that does not make a valid rule set; says where."""


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter: its section in a profile file, the rule that explains it, its type."""

    name: str
    section: str
    rule: str
    kind: type
    summary: str
    choices: tuple[str, ...] = ()
    """For text parameters: the values allowed (for a list, the values of its items)."""
    low: int | None = None
    high: int | None = None
    most_items: int | None = None
    """For a list: how many items it may hold."""


FIVE_CARD_LOW: Final = 5
"""A low (R9.4) plays every card, so a split game with one deals exactly five."""

SHOW_ORDERS: Final = (
    "last-aggressor", "side-pots-first", "first-to-act", "all-in-first", "face-up-if-all-in",
)  # fmt: skip
"""The readings of who shows first (R8.22)."""
MUCKS: Final = ("never", "beaten-by-shown", "after-first-show", "any-losing")
"""Who may muck at the showdown (R8.32)."""

PILES: Final = ("stub", "discards", "current-discards", "folded", "burns")

MAX_CHIPS: Final = 10**12
"""The most chips any amount of a profile may be (a stack, a blind, a bet)."""
MAX_BETTING_ROUNDS: Final = 8
"""The most betting rounds a hand may have (`bet_sizes`, R3.2): a single draw has 2, the
triple draw 4. Unbounded, 20,000 rounds were accepted and one hand took 80,000 actions."""


@dataclass(frozen=True, slots=True)
class Profile:
    """A complete rule set. The defaults are the house game (chapters R1 to R6)."""

    name: str = "house"
    title: str = "The house game: heads-up fixed-limit triple draw"
    chapter: str = "R10"
    description: str = ""
    extends: str | None = None
    # table
    min_seats: int = 2
    max_seats: int = 2
    starting_stack: int = 100
    # forced bets
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    # betting
    betting: str = "fixed-limit"
    bet_sizes: tuple[int, ...] = (2, 2, 4, 4)
    min_bet: int = 0
    chip_unit: int = 1
    half_pot_rounding: str = "down"
    spread_min: int = 0
    spread_max: int = 0
    spread_last_max: int = 0
    cap: int = 4
    cap_counts_blind: bool = True
    cap_counts_short_all_in: bool = False
    cap_heads_up: str = "never"
    short_all_in: str = "full-bet"
    complete_short_all_in: bool = False
    raise_over_posted_blind: bool = False
    call_full_big_blind: bool = False
    covered_is_all_in: bool = False
    keep_turn_when_others_all_in: bool = False
    fold_when_free: bool = False
    return_uncalled: str = "settlement"
    all_in_may_fold: bool = False
    # draws and the deck
    hand_size: int = 4
    max_discards: int = 4
    burns_per_draw: int = 1
    burn_when_all_pat: bool = True
    draw_delivery: str = "in-turn"
    reshuffle: tuple[str, ...] = ()
    last_card: str = "dealt"
    own_discards_back: bool = True
    burn_after_reshuffle: bool = False
    # showdown
    ranking: str = "badugi"
    split_ranking: str = ""
    odd_chip: str = "first-left-of-button"
    odd_chip_between_halves: str = "by-position"
    pots_without_losers: bool = False
    show_order: str = "last-aggressor"
    muck: str = "never"
    # session
    hands_per_session: int = 12
    session_ends: str = "any-bust"
    button_moves: str = "every-hand"
    # the live table (chapter R19): sitting out, missed blinds, kills and straddles
    absent_hand: str = "not-dealt"
    missed_blinds: str = "post-or-wait"
    kill: str = "none"
    kill_trigger: str = "two-pots"
    kill_pot: int = 0
    killer_acts: str = "in-turn"
    straddle: str = "none"

    @property
    def betting_rounds(self) -> int:
        return len(self.bet_sizes)

    @property
    def draws(self) -> int:
        return self.betting_rounds - 1

    @property
    def halves(self) -> tuple[str, ...]:
        """The ranking of each share of a pot, by name: one for a whole pot, two for a pot
        split between two hands (R8.29). Code that values hands reads this, not the fields."""
        return (self.ranking, self.split_ranking) if self.split_ranking else (self.ranking,)

    def __post_init__(self) -> None:
        problems = problems_of(self)
        if problems:
            raise ProfileError(f"profile {self.name!r}: " + "; ".join(problems))

    def replace(self, **changes: object) -> Profile:
        """A copy with some parameters changed, validated like a profile file."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def parameters(self) -> dict[str, object]:
        """Every rule parameter with its value, in `PARAMETERS` order."""
        return {name: getattr(self, name) for name in PARAMETERS}


_P = Param
PARAMETERS: Final = {
    p.name: p
    for p in (
        _P("min_seats", "table", "R8.2", int, "fewest players a hand is dealt to", low=2, high=8),
        _P("max_seats", "table", "R8.2", int, "most players at the table", low=2, high=8),
        _P("starting_stack", "table", "R1.4", int, "chips each player starts with", low=1),
        _P("small_blind", "forced", "R8.3", int, "the small blind, first seat left of the button",
           low=0),
        _P("big_blind", "forced", "R8.3", int, "the big blind, the next seat", low=1),
        _P("ante", "forced", "R8.3", int, "an ante every dealt-in player posts", low=0),
        _P("betting", "betting", "R14.1", str, "the betting structure",
           ("fixed-limit", "pot-limit", "no-limit", "half-pot", "spread")),
        _P("bet_sizes", "betting", "R3.2", tuple, "the fixed bet of each betting round", low=1,
           most_items=MAX_BETTING_ROUNDS),
        _P("min_bet", "betting", "R14.2", int,
           "the smallest bet in a big-bet or spread game (0: the big blind)", low=0),
        _P("chip_unit", "betting", "R14.9", int, "the smallest chip: every amount is a multiple",
           low=1),
        _P("half_pot_rounding", "betting", "R14.7", str,
           "how half the pot is rounded to the chip unit", ("down", "up")),
        _P("spread_min", "betting", "R14.8", int, "the smallest spread-limit bet or raise", low=0),
        _P("spread_max", "betting", "R14.8", int, "the largest spread-limit bet or raise", low=0),
        _P("spread_last_max", "betting", "R14.8", int,
           "the largest bet or raise in the last round (0: as the others)", low=0),
        _P("cap", "betting", "R8.6", int, "bet levels allowed per round (0: no cap)", low=0),
        _P("cap_counts_blind", "betting", "R8.6", bool,
           "the big blind is the first bet level before the draw"),
        _P("cap_counts_short_all_in", "betting", "R8.6", bool,
           "an all-in bet or raise for less than a full one still uses up a level of the cap"),
        _P("cap_heads_up", "betting", "R8.7", str, "when the cap is lifted for two players",
           ("never", "round-begins-heads-up", "action-heads-up")),
        _P("short_all_in", "betting", "R8.8", str, "what an all-in for less than a bet reopens",
           ("full-bet", "half-bet-full-raise", "half-bet-complete", "largest-raise")),
        _P("complete_short_all_in", "betting", "R8.9", bool,
           "a raise over an all-in that did not reopen goes to the next full level"),
        _P("raise_over_posted_blind", "betting", "R8.26", bool,
           "after a big blind posted short, a raise goes a full bet over the chips posted"),
        _P("call_full_big_blind", "betting", "R8.26", bool,
           "after a big blind posted short, a call is the full big blind, not what was posted"),
        _P("covered_is_all_in", "betting", "R8.27", bool,
           "nobody may bet or raise when no one else could put in more than the current bet"),
        _P("keep_turn_when_others_all_in", "betting", "R8.28", bool,
           "a player due to act when the round began still acts once all others are all-in"),
        _P("fold_when_free", "betting", "R8.11", bool, "a fold is allowed when a check is free"),
        _P("return_uncalled", "betting", "R8.12", str, "when uncalled chips go back",
           ("settlement", "round-end")),
        _P("all_in_may_fold", "betting", "R8.25", bool,
           "a player who is all-in may still fold, giving up the pots"),
        _P("hand_size", "draws", "R8.16", int, "cards dealt to each player", low=4, high=5),
        _P("max_discards", "draws", "R4.2", int, "most cards one draw may replace", low=0,
           high=5),
        _P("burns_per_draw", "draws", "R8.17", int, "cards burned before each draw", low=0),
        _P("burn_when_all_pat", "draws", "R8.17", bool, "burn even when nobody draws a card"),
        _P("draw_delivery", "draws", "R8.16", str,
           "replacements dealt as each player discards, or once everyone has discarded",
           ("in-turn", "after-all-declare")),
        _P("reshuffle", "draws", "R8.18", tuple,
           "piles shuffled into a new stub when it runs out (none: the deck is never rebuilt)",
           PILES),
        _P("last_card", "draws", "R8.19", str, "whether the last stub card is dealt",
           ("dealt", "never", "completes-round")),
        _P("own_discards_back", "draws", "R8.20", bool,
           "a player may be dealt back cards they discarded"),
        _P("burn_after_reshuffle", "draws", "R8.21", bool, "burn a card from the new stub"),
        _P("ranking", "showdown", "R8.22", str,
           "how hands are valued: the whole pot, or its first half in a split game",
           ("badugi", "badugi-ace-high")),
        _P("split_ranking", "showdown", "R8.29", str,
           "the ranking of a pot's second half (empty: the pot is not split)",
           ("", "low-2-7", "low-a-5")),
        _P("odd_chip", "showdown", "R8.15", str, "who gets an odd chip among tied hands",
           ("first-left-of-button", "all-to-first-left-of-button")),
        _P("odd_chip_between_halves", "showdown", "R8.30", str,
           "which half of a split pot gets an odd chip",
           ("by-position", "low-half", "first-listed")),
        _P("pots_without_losers", "showdown", "R8.31", bool,
           "the pots are formed again without the hands that win nothing, then awarded"),
        _P("show_order", "showdown", "R8.22", str,
           "who shows first at the showdown when nobody bet the last round or a player is all-in",
           SHOW_ORDERS),
        _P("muck", "showdown", "R8.32", str,
           "who may give up a losing hand at the showdown without showing it", MUCKS),
        _P("hands_per_session", "session", "R8.23", int, "hands in a session (0: no limit)",
           low=0),
        _P("session_ends", "session", "R8.23", str,
           "a session ends when any player busts, or when one player is left",
           ("any-bust", "one-left")),
        _P("button_moves", "session", "R8.23", str,
           "how the button moves between hands: one seat, a dead button behind the blinds,"
           " or to the last hand's small blind",
           ("every-hand", "dead-button", "small-blind-button")),
        # --- the live table (chapter R19) ---------------------------------------------------
        _P("absent_hand", "live", "R19.1", str,
           "a player sitting out: not dealt in, dealt in and killed at once, or folded in turn",
           ("not-dealt", "killed-at-deal", "dead-at-turn")),
        _P("missed_blinds", "live", "R19.3", str,
           "a player back after missing blinds posts them or waits for the big blind,"
           " or must wait", ("post-or-wait", "must-wait")),
        _P("kill", "live", "R19.4", str,
           "a kill hand: none, a half kill (1.5 times the stakes) or a full kill (twice)",
           ("none", "half", "full")),
        _P("kill_trigger", "live", "R19.4", str,
           "what makes a kill: two pots in a row won by one player, or one pot of kill_pot",
           ("two-pots", "pot-size")),
        _P("kill_pot", "live", "R19.4", int,
           "the chips a pot needs to count towards a kill (0: any pot)", low=0),
        _P("killer_acts", "live", "R19.5", str,
           "the killer acts in turn before the draw, or last like a straddle",
           ("in-turn", "last")),
        _P("straddle", "live", "R19.6", str,
           "a voluntary live straddle of twice the big blind by the player left of it",
           ("none", "under-the-gun")),
    )
}  # fmt: skip

HEADER: Final = ("name", "title", "chapter", "description", "extends")


def problems_of(profile: Profile) -> list[str]:
    """Every way `profile` breaks its parameters' types and ranges (empty: valid)."""
    problems: list[str] = []
    for param in PARAMETERS.values():
        value = getattr(profile, param.name)
        problems += value_problems(param, value)
    if not problems:
        if profile.min_seats > profile.max_seats:
            problems.append(f"min_seats {profile.min_seats} is more than max_seats (R8.2)")
        if profile.max_discards > profile.hand_size:
            problems.append("max_discards must not exceed hand_size (R4.2)")
        if profile.split_ranking and profile.hand_size != FIVE_CARD_LOW:
            problems.append(
                f"split_ranking {profile.split_ranking} values five cards: hand_size must be 5"
                " (R8.29)"
            )
        if profile.small_blind > profile.big_blind:
            problems.append("the small blind must not be larger than the big blind (R8.3)")
        if not profile.bet_sizes:
            problems.append("bet_sizes needs at least one betting round (R3.2)")
        if len(set(profile.reshuffle)) != len(profile.reshuffle):
            problems.append("reshuffle names a pile twice (R8.18)")
        if profile.betting == "spread" and not 0 < profile.spread_min <= profile.spread_max:
            problems.append("a spread game needs 0 < spread_min <= spread_max (R14.8)")
        if profile.spread_last_max and profile.spread_last_max < profile.spread_max:
            problems.append("spread_last_max widens the last round: at least spread_max (R14.8)")
        problems += _live_problems(profile)
    return problems


def _live_problems(profile: Profile) -> list[str]:
    """The live table's checks between parameters (chapter R19)."""
    if profile.kill == "half" and any(
        amount % (2 * profile.chip_unit)
        for amount in (profile.big_blind, *profile.bet_sizes, profile.min_bet)
    ):
        # Half again of every amount must still be a whole number of chips.
        return ["a half kill needs the big blind and every bet in even chips (R19.4)"]
    if profile.kill != "none" and profile.kill_trigger == "pot-size" and not profile.kill_pot:
        return ["kill_trigger pot-size needs kill_pot, the pot that makes a kill (R19.4)"]
    return []


def shown(value: object, *, most: int = 60) -> str:
    """`value` as a message shows it: its repr, cut short, and a huge number by its size.

    Python refuses to print an int of over 4,300 digits, and a 20,000-item list made a
    message nobody reads.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = len(str(abs(value))) if value.bit_length() < 10_000 else "thousands of"
        return f"a number of {digits} digits"
    try:
        text = repr(value)
    except ValueError:  # a huge int inside a list: its repr is refused the same way
        return "a value too large to show"
    return text if len(text) <= most else f"{text[: most - 1]}…"


def value_problems(param: Param, value: object) -> list[str]:
    """Every way `value` breaks `param`'s type or range, on its own (empty: valid); each
    message cites the rule that explains the parameter."""
    return [f"{problem} ({param.rule})" for problem in _problems(param, value)]


def _problems(param: Param, value: object) -> list[str]:
    name = param.name
    if param.kind is bool:
        if isinstance(value, bool):
            return []
        return [f"{name} must be true or false, not {shown(value)}"]
    if param.kind is int:
        if not isinstance(value, int) or isinstance(value, bool):
            return [f"{name} must be a whole number, not {shown(value)}"]
        return _in_range(param, value, name)
    if param.kind is str:
        if not isinstance(value, str) or (param.choices and value not in param.choices):
            return [f"{name} must be one of {', '.join(param.choices)}, not {shown(value)}"]
        return []
    if not isinstance(value, tuple):
        return [f"{name} must be a list, not {shown(value)}"]
    if param.most_items is not None and len(value) > param.most_items:
        return [f"{name} has {len(value)} items; at most {param.most_items}"]
    problems: list[str] = []
    for item in value:
        if param.choices:
            if item not in param.choices:
                problems.append(f"{name}: {shown(item)} is not one of {', '.join(param.choices)}")
        elif not isinstance(item, int) or isinstance(item, bool):
            problems.append(f"{name}: {shown(item)} is not a whole number")
        else:
            problems += _in_range(param, item, name)
    # Each wrong item once, and a few at most: a list of 20,000 wrong items is one line.
    problems = list(dict.fromkeys(problems))
    if len(problems) > 3:
        problems[3:] = [f"{name}: {len(problems) - 3} more wrong items"]
    return problems


def _in_range(param: Param, value: int, name: str) -> list[str]:
    if param.low is not None and value < param.low:
        return [f"{name} must be at least {param.low}, not {shown(value)}"]
    if param.high is not None and value > param.high:
        return [f"{name} must be at most {param.high}, not {shown(value)}"]
    if value > MAX_CHIPS:
        return [f"{name} {shown(value)} is too large (at most 10^12 chips)"]
    return []


HOUSE: Final = Profile()
"""The house game: 100 chips, blinds 1/2, bets 2/2/4/4, cap 4, 12 hands (R1 to R6)."""
