"""A trial made from its lead and stream before it is run: while the implementation's
process answers the trial before it (`Campaign.run`'s `then`), so that the client and the
implementation work at once rather than in turn (issue 40).

Making trial `n` early changes nothing in it: its lead is drawn from its own stream and
the corpus (`guide`), and the corpus takes only our engine's play of the trials before
`n`, which the campaign has offered it before it asks for `n` (`Guide.offer`, before the
trial's requests are sent). Nothing the campaign does in judging a trial (findings,
shrinks, aliases, the tally, the coverage) reaches the guide or the generator.
"""

from __future__ import annotations

from dataclasses import dataclass

from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.guide import Guide, Lead
from badugi_spec.fuzz.plan import FRESH, Plan
from badugi_spec.fuzz.trial import FuzzError, Trial


@dataclass(frozen=True, slots=True)
class Made:
    """A trial as made from its lead and stream, or how our engine broke making it."""

    number: int
    lead: Lead
    choices: Choices
    trial: Trial | None
    error: Exception | None = None
    """A `FuzzError` (a finding against our engine), or, made ahead, anything else making
    it raised: raised when the trial is run, as it would have been then."""


def make(plan: Plan, guide: Guide, seed: int, number: int) -> Made:
    """Trial `number` of `seed`, from the guide's lead (a play trial) or afresh."""
    lead = guide.lead(number) if plan.kind(number) == "play" else FRESH
    choices = Choices(trial_random(seed, number), lead.prefix, lead.swarm)
    try:
        return Made(number, lead, choices, plan.played(choices, seed, number))
    except FuzzError as error:
        return Made(number, lead, choices, None, error)


def made_ahead(plan: Plan, guide: Guide, seed: int, number: int) -> Made:
    """`make`, any error kept for when the trial is run (it is made in another's wait)."""
    try:
        return make(plan, guide, seed, number)
    except Exception as error:
        return Made(number, FRESH, Choices(None, []), None, error)


__all__ = ["Made", "made_ahead", "make"]
