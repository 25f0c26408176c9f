"""The stream of small choices a fuzzed game is made from.

Every random decision of a trial (the profile, the seats, the stacks, each card of the
deck, each action) is one whole number drawn here. Drawn at random, the numbers are
recorded; a recorded stream replayed gives the same trial. Shrinking edits the stream:
a shorter stream, or smaller numbers, gives a simpler trial, because every decision puts
its simplest outcome at 0 (two seats, a full stack, the first card left, a check, a
stand pat). A replayed number too large for its decision is cut to the largest allowed,
and a stream that runs out reads as zeros, so any stream at all makes a valid trial.
"""

from __future__ import annotations

import math
import random
from bisect import bisect
from collections.abc import Sequence
from itertools import accumulate
from typing import Final

_CUMULATIVE: dict[tuple[float, ...], tuple[list[float], float]] = {}
"""Weights -> their running sums and total, as `random.choices` makes them on every call:
the same few weights come up thousands of times a trial."""
CUMULATIVE_AT_MOST: Final = 4096


class Choices:
    """Numbers drawn at random (and recorded), or replayed from `prefix` then zeros."""

    _own_below: bool = False
    """A subclass's own `below` (a shrink's, `aligned`, which labels or answers each
    choice): every choice is asked of it, `chance` too."""

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls._own_below = cls.below is not Choices.below

    def __init__(
        self,
        rng: random.Random | None = None,
        prefix: Sequence[int] = (),
        swarm: frozenset[str] = frozenset(),
    ) -> None:
        self._rng = rng
        self._prefix = tuple(prefix)
        self.record: list[int] = []
        self.swarm = swarm
        """Features the players go without (`guide.SWARM`): they change only the numbers
        drawn at random, never a replayed one, so the recorded stream replays alone."""
        self.ladder = False
        """The table is a ladder (`table.ladder`): its players' short all-ins are likelier
        (`policy`), again only among the numbers drawn at random."""

    def below(self, count: int, weights: Sequence[float] | None = None) -> int:
        """A number in `range(count)`; at random, by `weights` if given (one per number)."""
        if count <= 1:
            return 0
        index = len(self.record)
        if index < len(self._prefix):
            value = min(max(self._prefix[index], 0), count - 1)
        elif self._rng is None:
            value = 0
        elif weights is None:
            # `randrange(count)`'s draw (`Random._randbelow`, CPython 3.11 to 3.13) without
            # its two calls: about half the choices a trial draws.
            bits = count.bit_length()
            value = self._rng.getrandbits(bits)
            while value >= count:
                value = self._rng.getrandbits(bits)
        else:
            value = self._weighted(self._rng, count, weights)
        self.record.append(value)
        return value

    @staticmethod
    def _weighted(rng: random.Random, count: int, weights: Sequence[float]) -> int:
        """`rng.choices(range(count), weights=weights[:count])[0]`, the same number from
        the same one draw of `rng.random()`, with the running sums kept."""
        key = tuple(weights[:count])
        known = _CUMULATIVE.get(key)
        if known is None:
            sums = list(accumulate(key))
            known = (sums, sums[-1] + 0.0 if sums else 0.0)
            if len(sums) == count and known[1] > 0.0 and math.isfinite(known[1]):
                if len(_CUMULATIVE) >= CUMULATIVE_AT_MOST:
                    _CUMULATIVE.clear()
                _CUMULATIVE[key] = known
            else:  # weights `choices` refuses: its own error
                return rng.choices(range(count), weights=weights[:count])[0]
        sums, total = known
        return bisect(sums, rng.random() * total, 0, count - 1)

    def lean_off(self, *features: str) -> None:
        """From here on, go without `features` too (a ladder table's players neither
        raise nor fold, `table.stacks`): like the swarm, it weighs only random draws."""
        self.swarm = self.swarm | frozenset(features)

    def forced(self) -> bool:
        """A `chance` set to True whatever was drawn or replayed (a swarm that leans on a
        feature, `table.stacks`): the 1 is recorded, so the stream replays it alone."""
        self.below(2)
        self.record[-1] = 1
        return True

    def refused(self) -> bool:
        """A `chance` set to False whatever was drawn (a swarm that drops a feature): the 0
        is recorded, so the stream replayed alone, with no swarm, plays the same trial."""
        self.below(2)
        self.record[-1] = 0
        return False

    def chance(self, share: float) -> bool:
        """True about `share` of the time at random; False (0) is the simple outcome.

        `below(2, (1.0 - share, share)) == 1`, worked out here: a trial draws a hundred
        or more of these a hand, each a tuple of weights hashed and looked up there."""
        if self._own_below:
            return self.below(2, (1.0 - share, share)) == 1
        record = self.record
        index = len(record)
        if index < len(self._prefix):
            value = 1 if self._prefix[index] >= 1 else 0  # cut to 0 or 1, as `below` cuts
        elif self._rng is None:
            value = 0
        elif 0.0 <= share <= 1.0:
            # `_weighted`'s draw: its running sums are [1 - share, (1 - share) + share],
            # and `bisect` up to the last gives 0 below the first, else 1.
            low = 1.0 - share
            value = 0 if self._rng.random() * (low + share) < low else 1
        else:  # weights `_weighted` leaves to `random.choices` (and its error)
            value = self._weighted(self._rng, 2, (1.0 - share, share))
        record.append(value)
        return value == 1


def trial_random(seed: int, number: int) -> random.Random:
    """The private stream of trial `number` of a run: independent of every other trial,
    so a shard or a worker that plays only some numbers plays them exactly the same."""
    return random.Random(f"badugi-fuzz:{seed}:{number}")


__all__ = ["Choices", "trial_random"]
