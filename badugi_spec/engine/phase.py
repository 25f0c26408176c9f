"""Where a hand is (`Phase`) and how it ended (`Result`): the values every part hands on."""

from __future__ import annotations

import functools
from typing import Final, NamedTuple

from badugi_spec.engine.pots import Pot
from badugi_spec.rankings import RankedValue
from badugi_spec.rankings.house import HandValue


class Phase(NamedTuple):
    """`bet` rounds 1-4, `draw` 1-3, then `complete`. Made at every phase change, hence a
    NamedTuple rather than a frozen dataclass."""

    kind: str
    number: int = 0

    def __str__(self) -> str:
        return self.kind if self.kind == "complete" else f"{self.kind}-{self.number}"


phase: Final = functools.cache(Phase)
"""A handful of phases, shared by every hand."""


class Result(NamedTuple):
    """How a hand ended and who got what (one per hand, made on the hot path)."""

    ended_by: str
    """`fold` or `showdown`."""
    winners: tuple[int, ...]
    won: tuple[int, ...]
    """Chips each seat takes from the pots."""
    returned: tuple[int, ...]
    """Uncalled chips given back to the seat that put them in (R5.4, R5.5, R8.12)."""
    shown: tuple[HandValue | RankedValue | None, ...]
    """Each seat's value at the showdown in the profile's (first) ranking (R8.22)."""
    pot: int
    pots: tuple[Pot, ...] = ()
    """Main pot first, then the side pots, each with its winners and shares (R8.13), and
    in a split game each with its halves (R8.29)."""
