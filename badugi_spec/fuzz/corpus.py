"""The corpus: choice streams that reached a rule, waypoint or pair of them not seen before.

Each entry is a play trial's whole stream of choices (`choices`) and what our engine
reached with it (`coverage.reached`): its rules, its waypoints and, as features too, the
pairs of them it reached together. A trial enters the corpus when it reaches a feature no
entry reached before. Entries are picked by their first choice (a play trial's profile), each
as likely, then in proportion to how rare their features are, so the trials that reached
the thinnest corners of every profile are mutated most (`guide`).

Nothing here depends on the implementation under test, only on our engine: the corpus after
a given list of trials is the same in any process that plays them (see `guide` for why that
keeps a guided campaign reproducible and shard-safe).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

MOST: Final = 600
"""Entries kept at most; later novelties only update the counts (the same in every run)."""


@dataclass(frozen=True, slots=True)
class Entry:
    number: int
    stream: tuple[int, ...]
    singles: frozenset[str]
    """Its rules and waypoints (waypoints are lower-case names, rules `R8.15`)."""


def features(singles: Iterable[str]) -> set[str]:
    """The singles and every pair of them (`R8.13+tied-side-pot`)."""
    ordered = sorted(singles)
    return {*ordered, *(f"{a}+{b}" for a, b in itertools.combinations(ordered, 2))}


class Corpus:
    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.hits: Counter[str] = Counter()
        """Trials offered that reached each single feature."""
        self._seen: set[str] = set()
        self.firsts = 0
        """One more than the largest first choice of a stream offered (a play trial's
        profile): every first choice below it is picked as often."""
        self._weights: list[float] | None = None

    def offer(self, number: int, stream: Iterable[int], singles: frozenset[str]) -> bool:
        """Count what the trial reached; keep it if it reached anything new."""
        self.hits.update(singles)
        stream = tuple(stream)
        if stream:
            self.firsts = max(self.firsts, stream[0] + 1)
        every = features(singles)
        new = every - self._seen
        if not new:
            return False
        self._seen |= new
        if len(self.entries) >= MOST:
            return False
        self.entries.append(Entry(number, stream, singles))
        self._weights = None
        return True

    def pick(self, rng: random.Random, wanted: frozenset[str] = frozenset()) -> Entry | None:
        """An entry, the rarer its features the likelier (within its first choice); among
        those that reached one of `wanted` when any did."""
        if not self.entries:
            return None
        if wanted:
            hitting = [e for e in self.entries if e.singles & wanted]
            if hitting:
                return hitting[rng.randrange(len(hitting))]
        if self._weights is None:
            self._weights = [
                sum(1.0 / max(1, self.hits[f]) for f in entry.singles) for entry in self.entries
            ]
        # First the stream's first choice (a play trial's profile), each as likely: the
        # rarest features are often one profile's (a dead button, a chapter's rules), and
        # weighting by them alone spends nearly every mutation on that profile and starves
        # the others' own corners (a PokerStars half-bet all-in, R11.2). A first choice
        # with k entries gives a fresh trial that starts with it (number -1) one time in
        # k + 1: always while it has none.
        group = (rng.randrange(self.firsts),) if self.firsts else ()
        members = [i for i, entry in enumerate(self.entries) if entry.stream[:1] == group]
        if rng.random() * (1 + len(members)) < 1:
            # A profile with few entries is little explored yet: often a fresh trial of it.
            return Entry(-1, group, frozenset())
        weights = [self._weights[i] for i in members]
        return self.entries[rng.choices(members, weights=weights)[0]]


__all__ = ["Corpus", "Entry", "features"]
