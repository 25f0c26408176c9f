"""The properties our engine broke in a run of simulated hands, grouped by property.

`simulate` plays on after a broken property: each hand that breaks one is a finding
against our engine, printed with the command that replays it (the first `SHOWN` in full),
counted by the property it broke, and the run exits non-zero (`Findings.summary`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Final

from badugi_spec.simulation.watch import SimulationError

SHOWN: Final = 5
"""Findings printed in full; the rest are counted."""


@dataclass
class Findings:
    replay: str
    """The command line of the run, without `--hands`: `--hand N` is added to replay one."""
    count: int = 0
    by_property: Counter[tuple[str, str]] = field(default_factory=Counter)
    first: dict[tuple[str, str], int] = field(default_factory=dict)

    def add(self, error: SimulationError) -> list[str]:
        """Count the hand's broken properties; the lines to print for it (none after the
        first `SHOWN`)."""
        self.count += 1
        keys = [(b.rule, b.name) for b in error.broken] or [("", error.reason)]
        for key in dict.fromkeys(keys):
            self.by_property[key] += 1
            self.first.setdefault(key, error.number)
        if self.count > SHOWN:
            return []
        return [
            f"hand {error.number}: {error.reason}",
            *str(error).splitlines()[1:],
            f"    replay: {self.replay} --hand {error.number}",
        ]

    def summary(self, hands: int) -> list[str]:
        if not self.count:
            return []
        lines = []
        if self.count > SHOWN:
            lines.append(f"... and {self.count - SHOWN} more hands that broke a property")
        lines.append(f"{self.count} of {hands} hands broke a property of the rules:")
        for (rule, name), times in self.by_property.most_common():
            first = self.first[(rule, name)]
            lines.append(f"    {rule} {name}: {times} hands (the first: hand {first})")
        return lines


__all__ = ["SHOWN", "Findings"]
