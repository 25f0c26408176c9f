"""A worked example as the docs build ran it: what every page that draws a hand is given
(below the pages and the replayer, which both name it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from badugi_spec.replays.moments import Observer, PlayedHand
from badugi_spec.replays.record import HandRecord, Recorder
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.model import Scenario
from badugi_spec.scenario.runner import CaseResult, Runner


@dataclass(frozen=True, slots=True)
class Executed:
    """A scenario with its compiled case and the run it is rendered from."""

    scenario: Scenario
    case: dict[str, Any]
    result: CaseResult
    key: str = ""
    """What the run depends on (`build.run_key`): its rendered pieces are kept by it."""
    replays: tuple[HandRecord, ...] = ()
    """Each dealt hand's engine events, kept during the run: the replayer's frames."""
    played: tuple[PlayedHand, ...] = ()
    """Each dealt hand and its decisions, for a run `observed`: a lesson's figures."""

    def failure(self) -> str | None:
        """Why the run cannot be shown (None if it passed): where it went wrong, and how."""
        if self.result.status == "passed":
            return None
        where = f"{self.scenario.where.path}:{self.scenario.where.line}"
        reason = self.result.message
        if (d := self.result.divergence) is not None:
            where = f"{self.scenario.where.path}:{d.line}: {d.source}"
            reason = f"expected {d.expected}, got {d.actual}"
        return f"{self.scenario.id} ({self.result.status}) at {where}: {reason}"


def execute(scenario: Scenario, *, key: str = "", observed: bool = False) -> Executed:
    """The scenario run by our engine, which keeps each hand's events and, `observed`,
    what each player faced at each decision (`replays.moments`)."""
    case = compile_case(scenario)
    engine = Observer() if observed else Recorder()
    result = Runner(engine).run(case)
    played = tuple(engine.played()) if isinstance(engine, Observer) else ()
    return Executed(scenario, case, result, key, tuple(engine.hands), played)
