"""Find and load scenario files. A bad file becomes a LoadError; the others still load."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from badugi_spec.errors import ScenarioError
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario.assemble import assemble
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import Implementation
from badugi_spec.scenario.model import Scenario, source_lines
from badugi_spec.scenario.parser import parse_statements
from badugi_spec.scenario.runner import CaseResult, Runner

EXTENSION = ".badugi"


@dataclass(frozen=True, slots=True)
class LoadError:
    path: str
    error: ScenarioError


@dataclass
class Suite:
    scenarios: list[Scenario] = field(default_factory=list)
    errors: list[LoadError] = field(default_factory=list)


def run_scenario(runner: Runner, scenario: Scenario) -> CaseResult:
    """Compile and run one scenario; a failure to compile is that scenario's error only."""
    try:
        case = compile_case(scenario)
    except Exception as error:  # one bad scenario must not stop the others
        return CaseResult(
            scenario.id,
            scenario.where.path,
            scenario.where.line,
            list(scenario.rules),
            status="errored",
            message=f"cannot compile: {type(error).__name__}: {error}",
        )
    return runner.run(case)


def run_suite(impl: Implementation, suite: Suite) -> list[CaseResult]:
    """Every scenario of `suite` against one implementation, in order."""
    runner = Runner(impl)
    return [run_scenario(runner, scenario) for scenario in suite.scenarios]


def parse_scenario(
    text: str, path: str = "<text>", known_rules: set[str] | None = None
) -> Scenario:
    """Parse one scenario; ScenarioError (with file:line:column) on any problem."""
    statements = parse_statements(text, path)
    return assemble(statements, path=path, text=text, known_rules=known_rules)


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(sorted(path.rglob(f"*{EXTENSION}")))
        elif path.exists():
            found.append(path)
        else:
            raise FileNotFoundError(f"no such file or folder: {path}")
    return found


def read_scenario(path: Path, known_rules: set[str] | None) -> Scenario:
    try:
        # utf-8-sig: editors on some systems start files with a byte-order mark.
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise ScenarioError(
            f"not UTF-8 text ({error.reason})", path=str(path), line=1, column=1
        ) from None
    return parse_scenario(text, str(path), known_rules)


def load_suite(paths: Iterable[str | Path]) -> Suite:
    known = set(load_rules())
    suite = Suite()
    ids: dict[str, tuple[Scenario, Path]] = {}
    for path in scenario_files(paths):
        try:
            scenario = read_scenario(path, known)
        except ScenarioError as error:
            suite.errors.append(LoadError(str(path), error))
            continue
        if scenario.id in ids:
            kept, kept_path = ids[scenario.id]
            # The error goes to the file written last, which is the one just added or
            # renamed: the older file keeps its place in the suite.
            if _mtime(path) < _mtime(kept_path):
                suite.scenarios[suite.scenarios.index(kept)] = scenario
                ids[scenario.id] = (scenario, path)
                scenario, path = kept, kept_path
            first = ids[scenario.id][0].where
            duplicate = ScenarioError(
                f"duplicate scenario id {scenario.id!r}: {first.path}:{first.line} already"
                " uses it; give this scenario an id of its own",
                path=str(path),
                line=scenario.where.line,
                column=scenario.where.column,
                source_line=source_lines(scenario.source)[scenario.where.line - 1],
            )
            suite.errors.append(LoadError(str(path), duplicate))
            continue
        ids[scenario.id] = (scenario, path)
        suite.scenarios.append(scenario)
    return suite


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
