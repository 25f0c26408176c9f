"""A campaign distilled into a few short scenarios that keep everything it reached.

A campaign's trials are a function of its seed, its plan and their numbers (`guide`), so
they are played again here on our engine alone, no implementation needed, in the order the
campaign played them (the corpus that guides them grows the same way). Each trial reached
some rules and waypoints (`coverage.reached`), and, as the corpus counts them, the pairs of
those it reached together (`corpus.features`). Then:

1. **Cover.** The fewest trials that together reach every feature the campaign reached:
   greedy set cover (the trial that adds the most features not yet kept, the shorter
   first among equals), the classic logarithmic approximation of the least cover; then
   any chosen trial whose features the others reach already is dropped.
2. **Shrink.** One by one, each chosen trial's stream of choices is shrunk (`shrink`: cut
   short, runs deleted, choices lowered) as long as the trial still reaches its *duty*: the
   features no other kept trial reaches. Taken in turn, the set reaches every feature
   before and after each shrink.

What is written is each kept trial as its scenario (every action and our engine's whole
state after it), which our engine passes by construction; the command runs `check` on the
files all the same.
"""

from __future__ import annotations

import heapq
import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from badugi_spec.fuzz import coverage, waypoints
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.plan import FRESH
from badugi_spec.fuzz.shrink import Shrinker
from badugi_spec.fuzz.trial import FuzzError, Trial
from badugi_spec.scenario.engine_impl import EngineImplementation

SHRINK_BUDGET: Final = 20
"""Shrink candidates per kept trial (each a trial played on our engine, a few ms)."""
_RULE_ID: Final = re.compile(r"R\d+\.\d+")
_REJECT: Final = re.compile(r"^reject .* with (\S+)$")
READABLE: Final = frozenset(
    {"cap", "reshuffle", "last-card", "session-over", "session-tie", "showdown", "returned",
     "split-pot", "side-pot", "tied-pot", "tied-side-pot", "odd-chip", "stub-short",
     "odd-chip-between-halves", "live-post"}
)  # fmt: skip
"""The waypoints a scenario's text shows by itself (with every `refused:CODE`): the others
(a bust, a short all-in, a dead button ...) are read from our engine's play of a trial."""


@dataclass
class Reached:
    """One trial of the campaign: its stream, what it reached, its length in lines."""

    number: int
    stream: tuple[int, ...]
    rules: frozenset[str]
    points: frozenset[str]
    lines: int
    features: frozenset[str]
    original_lines: int = 0
    duty: frozenset[str] = frozenset()
    """The features the distilled set keeps it for: no other kept trial reaches them."""


def features(rules: frozenset[str], points: frozenset[str], *, pairs: bool) -> frozenset[str]:
    """What a distilled set keeps: every rule and waypoint and, with `pairs`, every pair of
    rules reached in one trial (`R8.13+R8.15`)."""
    pairs_of = itertools.combinations(sorted(rules), 2) if pairs else ()
    return frozenset({*rules, *points, *(f"{a}+{b}" for a, b in pairs_of)})


@dataclass
class Distilled:
    seed: int
    plan: Plan
    trials: list[Reached]
    """Every trial of the campaign our engine could play."""
    campaign: coverage.Coverage
    pairs: bool = True
    kept: list[Reached] = field(default_factory=list)

    def universe(self) -> frozenset[str]:
        return frozenset().union(*(t.features for t in self.trials))

    def reached(self) -> frozenset[str]:
        return frozenset().union(*(t.features for t in self.kept))

    def trial(self, kept: Reached) -> Trial:
        """A kept trial played again from its (shrunk) stream."""
        return self.plan.played(Choices(None, kept.stream), self.seed, kept.number)


def replay(
    plan: Plan,
    *,
    seed: int,
    numbers: Iterable[int],
    targets: frozenset[str] = frozenset(),
    guided: bool = True,
    pairs: bool = True,
    tick: Callable[[int], None] = lambda played: None,
) -> Distilled:
    """The campaign's trials played on our engine alone, as `Campaign.run` makes them."""
    # A campaign with our engine as its implementation: only its guide is used, so the
    # corpus is fed exactly as in the campaign (the same `learn` and the same features).
    guide = Campaign(
        EngineImplementation(), plan, seed=seed, out=None, targets=targets, guided=guided
    ).guide
    found = Distilled(seed, plan, [], coverage.Coverage(), pairs)
    for count, number in enumerate(numbers, 1):
        kind = plan.kind(number)
        lead = guide.lead(number) if kind == "play" else FRESH
        choices = Choices(trial_random(seed, number), lead.prefix, lead.swarm)
        try:
            trial = plan.played(choices, seed, number)
        except FuzzError:
            guide.offer(number, None, choices.record)
            continue
        stream = list(choices.record)
        if kind == "play":
            guide.offer(number, trial, stream)
        rules, points = coverage.reached(trial)
        found.campaign.add((rules, points))
        lines = trial.text().count("\n")
        found.trials.append(
            Reached(number, tuple(stream), rules, points, lines,
                    features(rules, points, pairs=pairs), lines)
        )  # fmt: skip
        tick(count)
    return found


def cover(trials: Sequence[Reached]) -> list[Reached]:
    """Greedy set cover of every feature the trials reach, redundant picks then dropped."""
    left = set().union(*(t.features for t in trials))
    # Lazy greedy: a trial's gain only falls as features are kept, so a gain popped from
    # the heap that is still current is the largest.
    heap = [(-len(t.features), t.lines, t.number, i) for i, t in enumerate(trials)]
    heapq.heapify(heap)
    chosen: list[Reached] = []
    while left and heap:
        _, lines, number, index = heapq.heappop(heap)
        gain = len(trials[index].features & left)
        if heap and (-gain, lines, number) > heap[0][:3]:
            heapq.heappush(heap, (-gain, lines, number, index))
            continue
        if gain:
            chosen.append(trials[index])
            left -= trials[index].features
    for kept in reversed(list(chosen)):
        others = set().union(*(t.features for t in chosen if t is not kept))
        if kept.features <= others:
            chosen.remove(kept)
    return sorted(chosen, key=lambda t: t.number)


def shrink(found: Distilled, *, budget: int = SHRINK_BUDGET) -> None:
    """Each kept trial shrunk, in turn, to the smallest stream that still reaches its duty."""
    for kept in list(found.kept):
        others = frozenset().union(*(t.features for t in found.kept if t is not kept))
        kept.duty = kept.features - others
        if not kept.duty:
            found.kept.remove(kept)  # an earlier shrink brought its features along
            continue

        def still(stream: list[int], kept: Reached = kept) -> bool:
            try:
                trial = found.plan.played(Choices(None, stream), found.seed, kept.number)
            except FuzzError:
                return False
            rules, points = coverage.reached(trial)
            return kept.duty <= features(rules, points, pairs=found.pairs)

        best = Shrinker(list(kept.stream), still, budget=budget).run()
        trial = found.plan.played(Choices(None, best), found.seed, kept.number)
        kept.stream = tuple(best)
        kept.rules, kept.points = coverage.reached(trial)
        kept.features = features(kept.rules, kept.points, pairs=found.pairs)
        kept.lines = trial.text().count("\n")


def readable(point: str) -> bool:
    return point in READABLE or point.startswith(waypoints.REFUSED)


def suite_reach(paths: Sequence[Path]) -> tuple[set[str], set[str]]:
    """The rules a suite's scenarios cite (their `rules` lines, read as text: parsing the
    whole suite would cost more than distilling a small campaign), and the waypoints of
    `READABLE` its `expect`, `reject` and live-post lines show, read as a trial's are
    (`waypoints.expected`; a round counts as capped wherever `legal` has a call and no
    raise)."""
    rules: set[str] = set()
    points: set[str] = set()
    for path in paths:
        texts: list[str] = []
        for line in path.read_text("utf-8").splitlines():
            line = line.strip()
            if line.startswith("rules "):  # (a description's line may start with the word)
                rules |= {word for word in line.split()[1:] if _RULE_ID.fullmatch(word)}
            if line.startswith("expect "):
                texts += [part.strip() for part in line[len("expect ") :].split(";")]
            if "posts a live big blind" in line:
                points.add("live-post")
            found = _REJECT.match(line)
            if found:
                points.add(waypoints.REFUSED + found.group(1))
        for text in texts:
            if text:
                points |= waypoints.expected(text, capped=True, names=2)
        if waypoints.split_halves(texts):
            points.add("odd-chip-between-halves")
    known = set(waypoints.waypoint_names())
    return rules, points & known


__all__ = [
    "READABLE", "SHRINK_BUDGET", "Distilled", "Reached", "cover", "features", "readable",
    "replay", "shrink", "suite_reach",
]  # fmt: skip
