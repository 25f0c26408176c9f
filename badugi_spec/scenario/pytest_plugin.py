"""pytest collects `*.badugi` scenario files: one item per scenario, named by its id.

A failing scenario shows the runner's first-divergence report, not a traceback; a file
that does not parse fails as its own item, and the other files still run.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.errors import ScenarioError
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.model import Scenario
from badugi_spec.scenario.report import describe_failure
from badugi_spec.scenario.runner import CaseResult, Runner
from badugi_spec.scenario.suite import EXTENSION, _read_reused, run_scenario


class ScenarioFailed(Exception):
    def __init__(self, result: CaseResult) -> None:
        super().__init__(result.id)
        self.result = result


_SEEN_IDS = pytest.StashKey[dict[str, str]]()
"""Scenario id -> the file that has it, across the whole session: ids must be unique."""


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        try:
            # Reused by any load_suite of the same files later in this process (the tests
            # that read the whole suite), rather than parsed a second time.
            scenario = _read_reused(self.path, set(load_rules()))
        except ScenarioError as error:
            yield BrokenScenario.from_parent(self, name=self.path.name, error=error)
            return
        seen = self.config.stash.setdefault(_SEEN_IDS, {})
        first = seen.setdefault(scenario.id, str(self.path))
        if first != str(self.path):
            where = scenario.where
            duplicate = ScenarioError(
                f"duplicate scenario id {scenario.id!r} (also {first})",
                path=str(self.path),
                line=where.line,
                column=where.column,
            )
            yield BrokenScenario.from_parent(self, name=self.path.name, error=duplicate)
            return
        yield ScenarioItem.from_parent(self, name=scenario.id, scenario=scenario)


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario: Scenario, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario
        for rule in scenario.rules:
            self.user_properties.append(("rule", rule))

    def runtest(self) -> None:
        result = run_scenario(Runner(EngineImplementation()), self.scenario)
        if result.status != "passed":
            raise ScenarioFailed(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailed):
            return "\n".join(describe_failure(excinfo.value.result))
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.scenario.where.line - 1, f"scenario {self.scenario.id}"


class BrokenScenario(pytest.Item):
    def __init__(self, *, error: ScenarioError, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error = error

    def runtest(self) -> None:
        raise self.error

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        return self.error.render()

    def reportinfo(self) -> tuple[Path, int, str]:
        # Line 0 is the file as a whole (it cannot be read).
        return self.path, max(self.error.line - 1, 0), f"scenario file {self.path.name}"


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.suffix == EXTENSION:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None
