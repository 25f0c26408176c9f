"""What a campaign plays: which trials are of play and which of hand values, each trial
made from its lead and its own random stream (or replayed from a stream), and the tally.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.game import play, play_values
from badugi_spec.fuzz.guide import Lead
from badugi_spec.fuzz.trial import Setting, Trial

VALUE_SHARE: Final = 4
"""One trial in this many is of hand values, for an implementation that also plays."""
FRESH: Final = Lead()
"""The lead of a fresh trial: its own random stream only."""


@dataclass
class Plan:
    """What a campaign sends: which trials are play and which are values."""

    setting: Setting | None
    """None: the implementation does not play (or plays none of the profiles)."""
    rankings: tuple[str, ...]
    """The rankings of value trials (`house` for the house Badugi); empty: no values."""

    def kind(self, number: int) -> str:
        if self.setting is None:
            return "values"
        if self.rankings and number % VALUE_SHARE == VALUE_SHARE - 1:
            return "values"
        return "play"

    def trial(
        self, seed: int, number: int, prefix: list[int] | None = None, lead: Lead = FRESH
    ) -> tuple[Trial, Choices]:
        """Trial `number`: from its lead and its own random stream, or replayed from
        `prefix` (then zeros), as a shrink replays it."""
        if prefix is None:
            choices = Choices(trial_random(seed, number), lead.prefix, lead.swarm)
        else:
            choices = Choices(None, prefix)
        return self.played(choices, seed, number), choices

    def played(self, choices: Choices, seed: int, number: int) -> Trial:
        if self.kind(number) == "values":
            return play_values(choices, self.rankings, seed=seed, number=number)
        assert self.setting is not None
        return play(choices, self.setting, seed=seed, number=number)


@dataclass
class Tally:
    trials: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    hands: int = 0
    seconds: float = 0.0
    guided: int = 0
    """Play trials that started from a corpus entry."""

    def as_json(self) -> dict[str, Any]:
        return {
            "trials": self.trials,
            "hands": self.hands,
            "statuses": dict(self.statuses),
            "kinds": dict(self.kinds),
            "seconds": round(self.seconds, 3),
            "guided": self.guided,
        }


__all__ = ["FRESH", "VALUE_SHARE", "Plan", "Tally"]
