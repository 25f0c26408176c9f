"""Small timing helpers shared by the benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the results table: what was measured, a figure each side, their ratio."""

    group: str
    what: str
    ours: float | None
    theirs: float | None
    unit: str
    ratio: float | None
    target: str
    met: bool | None
    note: str = ""


def seconds(work: Callable[[], object]) -> float:
    """Wall time of one call, on the monotonic high-resolution clock."""
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def best_of(work: Callable[[], object], *, repeat: int) -> float:
    """The fastest of `repeat` runs: the least disturbed by the rest of the machine."""
    return min(seconds(work) for _ in range(repeat))
