"""What `check` would say about one scenario, placed in its text.

A file is parsed and assembled as the suite loads it (syntax, unknown rules and players,
cards dealt twice, ...), then compiled and run against our engine: a scenario that loads
but does not hold is reported at the line where the engine and the file first differ.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from badugi_spec.errors import ScenarioError
from badugi_spec.lsp.text import Span, problem_span
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Runner
from badugi_spec.scenario.suite import parse_scenario, run_scenario


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Problem:
    span: Span
    message: str
    severity: Severity = Severity.ERROR
    source: str = "badugi-spec"


def diagnose(text: str, path: str) -> list[Problem]:
    """The problems of one scenario's text: none when `check` would pass it."""
    try:
        scenario = parse_scenario(text, path, set(load_rules()))
    except ScenarioError as error:
        return [Problem(problem_span(text, error.line, error.column), error.message)]
    result = run_scenario(Runner(EngineImplementation()), scenario)
    if result.status == "passed":
        return []
    where = scenario.where
    divergence = result.divergence
    if divergence is None:
        # Errored or skipped as a whole: the scenario line stands for it.
        message = result.message or result.status
        return [Problem(problem_span(text, where.line, where.column), message)]
    message = f"expected {divergence.expected}; actual {divergence.actual}"
    if divergence.hint:
        message += f"\nfix: {divergence.hint}"
    column = divergence.column or _first_column(text, divergence.line)
    return [Problem(problem_span(text, divergence.line, column), message)]


def _first_column(text: str, line: int) -> int:
    """The first character of a line that is not indentation, 1-based."""
    source = text.split("\n")[line - 1] if 0 < line <= text.count("\n") + 1 else ""
    return len(source) - len(source.lstrip()) + 1
