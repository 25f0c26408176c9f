"""What a live table adds to one hand before the deal (chapter R19): who sits out, the dead
blinds of a player coming back, a kill and a straddle.

The session works these out from the hands before and the players' choices; a hand takes
them as one value, so a hand without any (every hand of the house game) pays one check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class LiveTable:
    out: frozenset[int] = frozenset()
    """Seats with chips that are not dealt in: sitting out, or waiting for the big blind
    (R19.1, R19.3)."""
    killed: frozenset[int] = frozenset()
    """Seats dealt in and posting, whose hands are killed right after the deal (R19.1)."""
    dead: tuple[tuple[int, int], ...] = ()
    """Missed small blinds a returning player posts as dead money, as (seat, chips) (R19.3)."""
    kill: tuple[int, int] | None = None
    """The killer's seat and the kill blind, which takes the place of their own blind
    (R19.4)."""
    killer_last: bool = False
    """The killer acts last before the draw rather than in turn (R19.5)."""
    straddle: int | None = None
    """The seat of a live straddle of twice the big blind, which acts last before the draw
    (R19.6)."""

    def opens_after(self, big_blind: int) -> int:
        """The seat the first round's action starts after (R19.5, R19.6)."""
        if self.straddle is not None:
            return self.straddle
        if self.kill is not None and self.killer_last:
            return self.kill[0]
        return big_blind


NO_LIVE: Final = LiveTable()
"""A hand with nothing of the live table: the only kind before chapter R19."""


def kill_factor(kill: str) -> tuple[int, int]:
    """The kill's multiple of the stakes as a fraction: 2/1 full, 3/2 half (R19.4)."""
    return (2, 1) if kill == "full" else (3, 2)
