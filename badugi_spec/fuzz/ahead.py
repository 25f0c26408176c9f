"""Trials made before they are run: while the implementation's process answers the trial
before them (`Campaign.run`'s `then`), so that the client and the implementation work at
once rather than in turn (issue 40).

Making trial `n` early changes nothing in it: its lead is drawn from its own stream and
the corpus (`guide`), and the corpus takes only our engine's play of the trials before
`n`, each offered to it as it is made (`Guide.offer`, in order; offering it again when it
is run does nothing; unoffered, the guide would play a feeder again itself to the same
end, `Guide._catch_up`). Nothing the campaign does in judging a trial (findings, shrinks,
aliases, the tally, the coverage, the implementation's answers) reaches the guide or the
generator. What is read of a trial before its requests are sent (what it reached, the
properties our engine broke, our answers as lines) is read of it alone, so that too is
read ahead, in the waits that making the next trials leaves free. Then the next `POSTED`
trials' requests, and their variants', are sent (`replay.post`), in the order they are to
be run: the implementation answers them while this side judges the trial before.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from badugi_spec.fuzz import coverage
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.guide import Guide, Lead
from badugi_spec.fuzz.plan import FRESH, Plan
from badugi_spec.fuzz.replay_variants import Form
from badugi_spec.fuzz.trial import FuzzError, Trial

POSTED: Final = 2
"""Of the next trials, those whose requests are sent ahead at most (`post`): the
implementation has the next trial's to answer while this side judges the last, and one
more, so that a piece of work that runs long here does not leave it idle."""
AHEAD: Final = 12
"""Trials made ahead at most. They are made only while the implementation is still
answering (`exchange_many`'s `idle`), and only while the piece of work is likely done
before the replies are in (but for the next trial): most in a trial's waits for its
seven variants, and taken in the shorter waits of the trials after it."""
FIT: Final = 0.5
"""A piece is started when at least this share of its usual time is likely left before
the replies are in: running a little past them costs less than a piece left over (made
later, in the next trial's path) or a wait with nothing done."""
Reached = tuple[frozenset[str], frozenset[str]]


@dataclass(slots=True)
class Made:
    """A trial as made from its lead and stream, or how our engine broke making it, and
    what was read of it ahead."""

    number: int
    lead: Lead
    choices: Choices
    trial: Trial | None
    error: Exception | None = None
    """A `FuzzError` (a finding against our engine), or, made ahead, anything else making
    it raised: raised when the trial is run, as it would have been then."""
    reached: Reached | None = None
    broken: list[Any] | None = None
    """The properties our engine broke (`campaign._broken`), once read."""
    forms: list[Form] | None = None
    """Its variants' requests and answers (`replay_variants.forms`), for a trial the
    campaign runs in its variants too, once read."""
    read: bool = False
    posted: list[Any] | None = None
    """Once read, its requests and its variants' sent already, in order (`replay.post`;
    empty: none, to be sent when it is run); None until tried."""


def make(plan: Plan, guide: Guide, seed: int, number: int) -> Made:
    """Trial `number` of `seed`, from the guide's lead (a play trial) or afresh."""
    lead = guide.lead(number) if plan.kind(number) == "play" else FRESH
    choices = Choices(trial_random(seed, number), lead.prefix, lead.swarm)
    try:
        return Made(number, lead, choices, plan.played(choices, seed, number))
    except FuzzError as error:
        return Made(number, lead, choices, None, error)


class Ahead:
    """The trials made ahead, in the order they are to be run."""

    def __init__(
        self,
        plan: Plan,
        guide: Guide,
        seed: int,
        broken: Callable[[Trial], list[Any]],
        warm: Callable[[Trial], None],
        formed: Callable[[int, Trial], list[Form] | None] = lambda number, trial: None,
        post: Callable[[Made], list[Any]] = lambda made: [],
    ) -> None:
        self.plan, self.guide, self.seed = plan, guide, seed
        self.broken, self.warm, self.formed, self.post = broken, warm, formed, post
        self.made: dict[int, Made] = {}
        self.cost = {"make": 0.0, "read": 0.0}
        """Seconds a piece of work took: a moving average of each kind."""

    def step(self, upcoming: Sequence[int], until: float = math.inf) -> bool:
        """One piece of work for the next trials (`upcoming`, in the order they are to be
        run): the first not made yet is made and offered to the guide, else the first not
        read is read, else the first of the next `POSTED` not sent is sent; a piece likely
        to run past `until` (`time.monotonic`, when the implementation's replies are likely
        in) is left for a longer wait, but for the next trial's making. False when nothing
        is left to do now."""
        left = until - time.monotonic()
        for place, number in enumerate(upcoming[:AHEAD]):
            made = self.made.get(number)
            if made is None:
                if place and self.cost["make"] * FIT > left:
                    return False  # the next is made: this one may wait for a longer wait
                self._timed("make", self._make, number)
                return True
            if made.trial is None:
                continue
            if not made.read:
                if self.cost["read"] * FIT > left:
                    continue
                self._timed("read", self._read, made)
                return True
            # Sent in the order they are run, so that their replies come in that order.
            if made.posted is None and place < POSTED and self._post(made):
                return True
        return False

    def _timed(self, kind: str, work: Callable[..., None], *args: Any) -> None:
        started = time.monotonic()
        work(*args)
        took = time.monotonic() - started
        self.cost[kind] = 0.8 * self.cost[kind] + 0.2 * took if self.cost[kind] else took

    def _read(self, made: Made) -> None:
        assert made.trial is not None
        made.read = True
        try:
            made.broken = self.broken(made.trial)
            self.warm(made.trial)
            made.forms = self.formed(made.number, made.trial)
        except Exception:  # read again when it is run, and raised then
            made.broken, made.forms = None, None

    def _make(self, number: int) -> None:
        try:
            made = self.made[number] = make(self.plan, self.guide, self.seed, number)
            if made.trial is None:
                self.guide.offer(number, None, made.choices.record)
                return
            made.reached = coverage.reached(made.trial)
            if self.plan.kind(number) == "play":
                self.guide.offer(number, made.trial, list(made.choices.record))
        except Exception as error:
            self.made[number] = Made(number, FRESH, Choices(None, []), None, error)

    def reached(self, trial: Trial) -> Reached | None:
        """What `trial`, made ahead, reached (read as it was made), or None."""
        made = self.made.get(trial.number)
        return made.reached if made is not None and made.trial is trial else None

    def take(self, number: int) -> Made | None:
        """Trial `number`, made ahead, or None; any made ahead of another order is
        dropped (never met: the caller names the trials it runs next). One read but not
        sent yet (no wait came for it) is sent now, with its variants at once."""
        if next(iter(self.made), None) != number:
            self.made.clear()
            return None
        made = self.made.pop(number)
        if made.read and made.posted is None:
            self._post(made)
        return made

    def _post(self, made: Made) -> bool:
        """Send the requests of `made` (read) and its variants' (a trial in which our
        engine broke a property sends none); whether any were."""
        made.posted = self.post(made) if made.broken == [] else []
        return bool(made.posted)


__all__ = ["AHEAD", "Ahead", "Made", "make"]
