"""The smallest choice stream that still diverges the same way.

A trial is a function of its stream of choices (`choices`), and every stream makes a valid
trial, so shrinking is editing numbers: cut the stream short, delete runs of it, lower
single numbers (to 0, else by halving). A candidate is kept when it still diverges, by the
same rule and kind, against the implementation itself, and it is smaller: shorter, or as
long and lower at the first place it differs (shortlex). At 0 every choice is the simplest,
so the kept trial has the fewest seats, hands and actions and the simplest cards that
still show the divergence.

Editing one number keeps what comes before it and scrambles what comes after, so the
larger steps are the caller's `edits`, which know the trial's shape (`probes`, `fold_hands`,
`aligned`): all its refusal probes dropped at once, its earlier hands folded or left out,
fewer seats with every later choice answered as before. They come first, and again each
time the best changes; the choices after the trial's shape are lowered before the shape's
own (`shape`), as their zeros end hands and drop lines. A candidate met twice is tried once.

The budget is a number of candidates, not seconds, so a shrink gives the same scenario on
every machine and in every shard of a campaign. A `deadline` may cut one short (a caller's
choice, at the cost of that sameness): `fuzz --seconds` sets one, so the whole run, shrinking
included, ends in time. The test may also say the best is `enough` (already small).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Final

BUDGET: Final = 400
"""Candidates tried at most for one divergence: about 5 to 20 s against a local process."""
CHUNKS: Final = (8, 1)


def smaller(a: Sequence[int], b: Sequence[int]) -> bool:
    """`a` comes before `b` in shortlex order."""
    return (len(a), list(a)) < (len(b), list(b))


class Shrinker:
    """Shrinks a stream that passes `test` (it diverges the same way) within `budget`."""

    def __init__(
        self,
        stream: Sequence[int],
        test: Callable[[list[int]], bool],
        *,
        budget: int = BUDGET,
        deadline: float | None = None,
        edits: Callable[[list[int]], Iterable[list[int]]] | None = None,
        shape: int = 0,
    ) -> None:
        self.best = list(stream)
        self._shape = shape
        """Choices before this one are the trial's shape and its first deck: lowered after
        the others, whose zeros end hands and drop lines (a check, a fold, no probe)."""
        self._seen: set[tuple[int, ...]] = set()
        """Candidates tried: one met again (an edit of a best that did not change) is
        not tried twice."""
        self._test = test
        self._edits = edits
        """Larger edits that know the trial's shape (`fold_hands.folded`), for the best
        so far: tried first (after the cut), and again whenever the best changes."""
        self.budget = budget
        self.tried = 0
        self._deadline = deadline
        """A `time.monotonic()` after which no candidate is tried (a campaign's end)."""
        self.enough = False
        """Set by `test` when the best so far is already small: the shrink stops there."""

    def _try(self, candidate: list[int]) -> bool:
        if self.tried >= self.budget or not smaller(candidate, self.best):
            return False
        seen = tuple(candidate)
        if seen in self._seen:
            return False
        self._seen.add(seen)
        self.tried += 1
        if self._test(candidate):
            self.best = candidate
            return True
        return False

    @property
    def spent(self) -> bool:
        late = self._deadline is not None and time.monotonic() >= self._deadline
        return late or self.enough or self.tried >= self.budget

    def run(self, *, cut: int | None = None, siblings: Iterable[list[int]] = ()) -> list[int]:
        """Shrink, first cutting the stream after `cut` choices (where the divergence is:
        the rest of the trial need not be played) if given.

        The cheap, large steps come first: the shortest prefix that still diverges, then
        each number at 0 (the seats, the hands, the stacks come first in the stream), and
        only then deletions and the finer search. `siblings` are whole other streams to try
        first (see `Campaign._siblings`)."""
        if cut is not None and cut < len(self.best):
            self._try(self.best[:cut])
        self._shaped()  # whole hands at once: a session's are cheap and large steps
        # Editing a stream keeps what comes before the edit and scrambles what comes after,
        # so a trial of six seats rarely shrinks to two by edits alone. Other trials of the
        # simplest shape (fewest seats, one hand) that diverge the same way are tried first.
        for sibling in siblings:
            if self.spent:
                break
            self._try(list(sibling))
        self._shortest_prefix()
        improved = True
        zeros_only = True
        while improved and not self.spent:
            improved = self._lowerings(search=not zeros_only) | self._deletions()
            improved = self._shaped() or improved
            if not improved and zeros_only:
                zeros_only, improved = False, True
        while self.best and self.best[-1] == 0:
            self.best.pop()  # a stream that runs out reads as zeros: the same trial
        return self.best

    def _shaped(self) -> bool:
        """The `edits` of the best, each kept if it passes; the edits of the new best
        after each one kept."""
        if self._edits is None:
            return False
        improved = True
        kept = False
        while improved and not self.spent:
            improved = False
            for edit in self._edits(self.best):
                if self.spent:
                    break  # the rest of the edits are not even made: each is a replay
                if self._try(edit):
                    improved = kept = True
                    break
        return kept

    def _shortest_prefix(self) -> None:
        low, high = 0, len(self.best)  # a prefix of `high` numbers diverges
        while high - low > 1 and not self.spent:
            middle = (low + high) // 2
            if self._try(self.best[:middle]):
                high = middle
            else:
                low = middle

    def _deletions(self) -> bool:
        improved = False
        for size in CHUNKS:
            start = len(self.best) - size
            while start >= 0 and not self.spent:
                if self._try(self.best[:start] + self.best[start + size :]):
                    improved = True
                start -= size if size > 1 else 1
        return improved

    def _lowerings(self, *, search: bool) -> bool:
        improved = False
        # The choices after the shape first, then the shape (`shape`), each from its start.
        for start, end in ((self._shape, None), (0, self._shape)):
            index = start
            while index < len(self.best) and (end is None or index < end) and not self.spent:
                value = self.best[index]
                if not value:
                    pass
                elif not search:
                    improved |= self._try(self._with(index, 0))
                elif self._lower(index, value):
                    improved = True
                index += 1
        return improved

    def _lower(self, index: int, value: int) -> bool:
        """The least value at `index` that still diverges: 0, else a binary search."""
        if self._try(self._with(index, 0)):
            return True
        low, high = 0, value  # low fails, high passes
        lowered = False
        while high - low > 1 and not self.spent:
            middle = (low + high) // 2
            if self._try(self._with(index, middle)):
                high, lowered = middle, True
            else:
                low = middle
        return lowered

    def _with(self, index: int, value: int) -> list[int]:
        out = list(self.best)
        out[index] = value
        return out


__all__ = ["BUDGET", "Shrinker", "smaller"]
