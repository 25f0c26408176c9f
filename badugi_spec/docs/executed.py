"""A worked example as the docs build ran it: what every page that draws a hand is given.

Below the pages and the replayer, so that both can name it without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from badugi_spec.replays.record import HandRecord
from badugi_spec.scenario.model import Scenario
from badugi_spec.scenario.runner import CaseResult


@dataclass(frozen=True, slots=True)
class Executed:
    """A scenario with its compiled case and the passing run it is rendered from."""

    scenario: Scenario
    case: dict[str, Any]
    result: CaseResult
    key: str = ""
    """What the run depends on (`build.run_key`): its rendered pieces are kept by it."""
    replays: tuple[HandRecord, ...] = ()
    """Each dealt hand's engine events, kept during the run: the replayer's frames."""
