"""Guided generation: which stream a play trial starts from, and which features it drops.

Many play trials are mutations of a corpus entry (`corpus`): its stream spliced with
another's, a few choices lowered or raised (a `chance` raised to 1 turns its feature on: a
mirrored deal, a short stack, a rule switch), or a run of choices repeated; cut short half
the time so the rest is drawn afresh. The others are fresh. Each trial also draws a *swarm*
(`SWARM`): a random subset of the player's features it goes without (folds, raises,
all-ins, draws, illegal attempts, short stacks, busts) or leans on (deep draws that run
the stub out, sessions with a bust), and may rig its decks (ties, shared ranks or suits).
`CORNER_SHARE` of them are fresh and aimed at a corner random play meets too rarely
(`corners`: a profile, a table size and a swarm that leans on it). Under
`--target`, trials mutate the entries that reached a target, changing only late choices so
the deal that reached it stays.

**Reproducible and shard-safe.** The corpus is fed only by our engine's play of a trial,
never by the implementation's answers, and only by the *feeders*: the trials whose number a
fixed hash puts in one in `FEED`. So the corpus before trial `n` is a function of the seed
and of `n` alone. Trial `n`'s lead (its stream and swarm) is drawn from its own stream
`guide:SEED:N` and that corpus: the same in one run, in any shard, in any worker and under
`--hand S:N`. A process that does not play a feeder (another shard's) plays it on our engine
alone to learn from it, without the implementation: about a third of a trial's cost for one
trial in `FEED` of the other shards' (a few per cent of a two-shard run).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from badugi_spec.fuzz.corners import CORNER_SHARE, CORNERS, aimed_at
from badugi_spec.fuzz.corpus import Corpus
from badugi_spec.fuzz.trial import Trial
from badugi_spec.profiles.model import Profile

FEED: Final = 3
"""One trial in this many (by a hash of its number) feeds the corpus."""
FRESH_SHARE: Final = 0.2
"""Of the play trials not aimed at a corner (`corners.CORNER_SHARE`), those drawn afresh
rather than mutated (under a target: `TARGET_FRESH`): with the corners, about half the
trials are fresh and half mutated, as when a ladder took the corners' place."""
TARGET_FRESH: Final = 0.1
YOUNG: Final = 8
"""Corpus entries below which every trial is fresh."""
CORNERS_FROM: Final = 16
"""The first trial that may be aimed at a corner: the first trials of a campaign are
those of an unguided run (and of the runs before the corners)."""
YOUNG_LADDER: Final = 0.3
"""While the corpus is young, trials that lean on `short-all-ins` (a ladder table where
the profile has no cap, `table.ladder`); later the ladder is one of the corners."""
KEPT: Final = 0.75
"""Of an entry that reached a target, the share of its stream a mutation leaves alone."""
VARIED_TIES: Final = 0.5
"""Of the trials the campaign also runs in their variants, those aimed at a tied pot."""
TIED_POT: Final = tuple(corner for corner in CORNERS if corner.name == "tied-pot")
SWARM_SHARE: Final = 0.3
"""Trials that draw a swarm; each feature is then dropped with even odds."""
SWARM: Final = (
    "folds", "raises", "all-ins", "draws", "illegal", "short-stacks", "busts",
    "deep-draws", "sessions", "short-all-ins",
)  # fmt: skip
"""What a swarm may drop: the players' folds, raises, all-ins, draws and illegal attempts
(`policy`), the table's short stacks and the session's all-but-bust seat (`table`, `game`).
The last three it may add: draws of three and more, several hands with a seat all but
bust, where the button and the blinds move past a busted seat (R8.23), and a table without
a cap seated as a ladder of short stacks, where short all-ins add up (R14.6, `table`)."""
RIG_SWARM: Final = ("ties", "shared-ranks", "shared-suits")
"""The deck rigs a swarm may pick, one at most (`decks`): two equal hands that play to the
end, the cards of four ranks dealt first, or of two suits."""
RIG_SHARE: Final = 0.5
"""Swarms that pick a rig."""


@dataclass(frozen=True, slots=True)
class Lead:
    """How a trial starts: a stream to replay first (then its own random choices), and
    the features its players go without."""

    prefix: tuple[int, ...] = ()
    swarm: frozenset[str] = frozenset()
    parent: int = -1
    """The corpus entry's trial number, or -1 for a fresh trial."""


def feeds(number: int) -> bool:
    """Whether trial `number` feeds the corpus: one in `FEED`, spread over every residue,
    so each shard of any split plays about as many feeders as the others."""
    return ((number * 2654435761) % 2**32) % FEED == 0


Learn = Callable[[int, Lead], tuple[Trial, list[int]] | None]
"""Plays trial `number` from its lead on our engine alone: its trial and stream, or None
(a trial of hand values, or one our engine could not play)."""
Reached = Callable[[Trial], frozenset[str]]


@dataclass
class Guide:
    seed: int
    learn: Learn
    reached: Reached
    targets: frozenset[str] = frozenset()
    on: bool = True
    corpus: Corpus = field(default_factory=Corpus)
    fed: int = 0
    """Feeders below this number are in the corpus."""
    profiles: tuple[Profile, ...] = ()
    """The profiles a play trial's first choice picks from (`game.play`), for the
    corners (`corners`): none, no corner is aimed at."""
    variants_every: int = 0
    """The campaign runs trial `n` in its variants too when `n` is a multiple of this
    (`campaign.VARIANT_SHARE`; 0: never)."""

    def lead(self, number: int) -> Lead:
        """Trial `number`'s lead; unguided, the empty lead (a fresh trial, as before)."""
        if not self.on:
            return Lead()
        self._catch_up(number)
        rng = random.Random(f"badugi-fuzz-guide:{self.seed}:{number}")
        swarm: frozenset[str] = frozenset()
        if rng.random() < SWARM_SHARE:
            dropped = {feature for feature in SWARM if rng.random() < 0.5}
            rig = RIG_SWARM[rng.randrange(len(RIG_SWARM))]
            swarm = frozenset(dropped | ({rig} if rng.random() < RIG_SHARE else set()))
        # While the corpus is young (mutations of three entries would be all alike) a trial
        # is fresh and whole, as unguided, unless an entry has reached a target already;
        # now and then a ladder (`YOUNG_LADDER`). The corners need no corpus: from trial
        # `CORNERS_FROM` on they are aimed at, young or not.
        young = len(self.corpus.entries) < YOUNG and not self._aimed_at_all()
        if young and number < CORNERS_FROM:
            return self._young(rng, swarm)
        varied = bool(self.variants_every) and number % self.variants_every == 0
        if varied and rng.random() < VARIED_TIES and not self.targets:
            # Run in its variants too: two equal hands, rotated round the table, put the
            # button between them in one rotation or another (R8.15's odd chip).
            corner = aimed_at(rng, self.profiles, TIED_POT)
            if corner is not None:
                return Lead(*corner)
        if rng.random() < CORNER_SHARE and not self.targets:
            # Fresh, aimed at a corner random play meets too rarely (`corners`): a ladder
            # among them, as an entry's replayed actions would not be its calls and all-ins.
            corner = aimed_at(rng, self.profiles)
            if corner is not None:
                return Lead(*corner)
        if young:
            return self._young(rng, swarm)
        fresh = TARGET_FRESH if self.targets else FRESH_SHARE
        if rng.random() < fresh:
            return Lead((), swarm)
        entry = self.corpus.pick(rng, self.targets)
        if entry is None:
            return Lead((), swarm)
        if entry.number < 0:  # a profile with no entry yet: a fresh trial of it
            return Lead(entry.stream, swarm)
        aimed = bool(self.targets & entry.singles)
        return Lead(self._mutated(rng, list(entry.stream), aimed=aimed), swarm, entry.number)

    @staticmethod
    def _young(rng: random.Random, swarm: frozenset[str]) -> Lead:
        ladder = rng.random() < YOUNG_LADDER
        return Lead((), swarm | {"short-all-ins"}) if ladder else Lead()

    def _aimed_at_all(self) -> bool:
        return bool(self.targets) and any(e.singles & self.targets for e in self.corpus.entries)

    def offer(self, number: int, trial: Trial | None, stream: list[int]) -> None:
        """A trial the campaign played (None: of values, or one our engine could not
        play): a feeder's features enter the corpus, in order."""
        if self.on and feeds(number) and number == self._next_feeder():
            if trial is not None:
                self.corpus.offer(number, stream, self.reached(trial))
            self.fed = number + 1

    def _next_feeder(self) -> int:
        number = self.fed
        while not feeds(number):
            number += 1
        return number

    def _catch_up(self, number: int) -> None:
        """Every feeder below `number` in the corpus, in order: played on our engine alone
        when this process did not play it (another shard's, or before `--hand S:N`)."""
        while True:
            feeder = self._next_feeder()
            if feeder >= number:
                return
            played = self.learn(feeder, self.lead(feeder))
            if played is not None:
                self.corpus.offer(feeder, played[1], self.reached(played[0]))
            self.fed = feeder + 1

    def _mutated(self, rng: random.Random, stream: list[int], *, aimed: bool) -> tuple[int, ...]:
        if not stream:
            return ()
        size = len(stream)
        # Aimed at a target: keep the start (the deal that reached it), vary the rest.
        low = int(size * KEPT) if aimed else 0
        for _ in range(1 + rng.randrange(3)):
            operation = rng.randrange(4)
            at = low + rng.randrange(max(1, size - low))
            if operation == 0 and len(self.corpus.entries) > 1:  # splice
                other = self.corpus.entries[rng.randrange(len(self.corpus.entries))].stream
                stream = stream[:at] + list(other[at:])
            elif operation == 1:  # lower
                stream[at] = stream[at] // 2 if rng.random() < 0.5 else 0
            elif operation == 2:  # raise
                stream[at] += 1 + rng.randrange(3)
            else:  # repeat a run of choices
                run = stream[at : at + 1 + rng.randrange(8)]
                stream = stream[:at] + run + stream[at:]
            size = len(stream)
            if not size:
                return ()
        if rng.random() < 0.5:
            stream = stream[: low + rng.randrange(max(1, len(stream) - low))]
        return tuple(stream)


__all__ = ["FEED", "RIG_SWARM", "SWARM", "Guide", "Lead", "feeds"]
