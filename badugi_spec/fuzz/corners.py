"""Corners: the situations of a rule that random play under any profile meets too rarely,
each made likely by a fresh trial aimed at it (`guide`): the profiles it lives under, the
table's size and a swarm that leans on it.

Measured on fresh trials of the mutant catalogue (`badugi_spec/mutants/`), a corner aimed
at turns a misreading met by about one trial in a hundred or two into one met by one in
two to five: a draw the deck cannot serve in full at a big table, declared or dealt in
turn (R8.19, R8.20, R8.33, R11.5); a short all-in in fixed limit under a half-bet rule,
below half a bet or more, and a big blind posted short (R8.8, R8.9, R8.26, R11.2); a
spread game's wider last round (R14.8); amounts off a chip above one (R14.9); a session
that ends in a tie with others still holding chips (R6.5); two equal hands sharing a pot
with an odd chip (R8.15).

The lead is a stream's first choices, drawn before any other (the profile, when there are
several to pick from, and the seats: `game.play`), and a swarm; everything after them is
drawn at random, so the trial is reproducible from its seed and number, as any other.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from badugi_spec.fuzz.table import RANGED, live_table
from badugi_spec.profiles.model import Profile

CORNER_SHARE: Final = 0.4
"""Play trials aimed at a corner (never under `--target`, which aims them itself)."""
MOST_SEATS: Final = 99
"""A seats choice past the largest: replayed, it is cut to the profile's most (`choices`)."""


@dataclass(frozen=True, slots=True)
class Corner:
    name: str
    rules: tuple[str, ...]
    where: Callable[[Profile], bool]
    """The profiles it lives under."""
    swarm: frozenset[str]
    """What the trial leans on (`guide.SWARM`, `game`, `switches`, `policy`)."""
    seats: str = ""
    """"most": the profile's most seats; "three": three or more; "": any."""
    weight: float = 1.0


def _declared_short(profile: Profile) -> bool:
    """Draws declared before any is served, the current draw's discards out of the
    reshuffle: a draw the deck cannot serve in full is cut to what it can (R8.33)."""
    piles = profile.reshuffle
    declared = profile.draw_delivery == "after-all-declare"
    return declared and bool(piles) and "current-discards" not in piles


def _own_discards_kept(profile: Profile) -> bool:
    """A reshuffle that keeps a player's own discards away from them (R8.20)."""
    return bool(profile.reshuffle) and not profile.own_discards_back


def _half_bet(profile: Profile) -> bool:
    return bool(profile.cap) and profile.short_all_in.startswith("half-bet")


CORNERS: Final = (
    # 6 to 8 players drawing three or four each, none folding: the stub runs out in the
    # first draw, declared draws are cut to what it can serve (R8.33), the last card is
    # held back (R8.19).
    Corner("big-table-draws", ("R8.19", "R8.33"), _declared_short,
           frozenset({"deep-draws", "folds"}), seats="most", weight=1.2),
    # The same dealt in turn from a stub that is mixed in and keeps players' own discards
    # away (R8.20, R11.5), where short all-ins are completed (R8.9, R11.2).
    Corner("big-table-reshuffles", ("R8.20", "R11.5"), _own_discards_kept,
           frozenset({"deep-draws", "folds"}), seats="most"),
    # The blinds doubled (bets of 4 and 8, `switches`): short stacks a chip below half a
    # bet (`table.stack`) and a big blind short of the small (R8.8, R8.9, R8.26); the
    # last hand stopped once nobody can bet, draws to come (R8.16).
    Corner("half-bet-short-all-in", ("R8.8", "R8.9", "R8.16", "R8.26"), _half_bet,
           frozenset({"own-switch", "busts", "stop"}), weight=3.0),
    Corner("wider-last-round", ("R14.8",), lambda p: p.betting == "spread",
           frozenset({"own-switch"})),
    # Chips of 5 (`switches`), where players try amounts off the chip (`policy`).
    Corner("off-the-chip", ("R14.9",), lambda p: p.betting in RANGED,
           frozenset({"own-switch", "stop"}), weight=1.3),
    # Passive hands, one for each seat: the players who began with the most tie (R6.5).
    Corner("tied-session", ("R6.5",), lambda p: p.max_seats > 2,
           frozenset({"tied-session", "busts"}), seats="three", weight=2.5),
    # A table without a cap seated as a ladder of short stacks (`table.ladder`): short
    # all-ins that add up to a raise (R14.6).
    Corner("ladder", ("R14.6",), lambda p: p.betting in RANGED and p.max_seats > 2,
           frozenset({"short-all-ins"}), seats="three", weight=1.5),
    # A live table of its own, three seats or more, as drawn at random: players sitting
    # out and coming back, a straddle (chapter R19), whose share the corners keep.
    Corner("live-table", ("R19.1", "R19.3", "R19.6"), lambda p: live_table(p) and p.max_seats > 2,
           frozenset(), seats="three", weight=1.5),
    # The same for a table of two only (the house game), which no other corner deals:
    # the heads-up order, a free fold, the uncovered return (R1.3, R3.4, R5.4).
    Corner("heads-up", ("R1.3", "R3.4", "R5.4"), lambda p: p.max_seats == 2, frozenset()),
    # Two equal hands to the end, dead money from a third player: an odd chip (R8.15).
    Corner("tied-pot", ("R8.15",), lambda p: p.max_seats > 2, frozenset({"ties"}), seats="three"),
)  # fmt: skip


def aimed_at(
    rng: random.Random, profiles: Sequence[Profile], corners: Sequence[Corner] = CORNERS
) -> tuple[tuple[int, ...], frozenset[str]] | None:
    """A corner drawn by weight among those some profile of `profiles` has: the first
    choices of its trial (the profile's index, the seats) and its swarm; None if none."""
    open_ = [c for c in corners if any(c.where(p) for p in profiles)]
    if not open_:
        return None
    corner = rng.choices(open_, weights=[c.weight for c in open_])[0]
    indexes = [i for i, p in enumerate(profiles) if corner.where(p)]
    index = indexes[rng.randrange(len(indexes))]
    seats = MOST_SEATS if corner.seats == "most" else 1 + rng.randrange(6)
    if corner.seats == "":
        seats = rng.randrange(7)
    # One profile: `game.play` draws no choice for it (a choice of one is not recorded).
    first = (index,) if len(profiles) > 1 else ()
    return (*first, seats), corner.swarm


__all__ = ["CORNERS", "CORNER_SHARE", "Corner", "aimed_at"]
