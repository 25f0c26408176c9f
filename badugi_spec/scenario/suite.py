"""Find and load scenario files. A bad file becomes a LoadError; the others still load.

Files are read defensively: only regular files, at most `MAX_SCENARIO_BYTES`, opened so
that a FIFO cannot block. A folder entry that cannot be read (a broken link, a folder
named like a scenario, a device) is one load error, never the end of the run.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from badugi_spec.errors import ScenarioError
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario.assemble import assemble
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import Implementation, Outcome
from badugi_spec.scenario.model import Scenario, source_lines
from badugi_spec.scenario.parser import parse_statements
from badugi_spec.scenario.runner import CaseResult, Runner
from badugi_spec.scenario.variants import variant_id, variants

EXTENSION = ".badugi"
PACKAGED: Final = "suite"
"""The suite inside the package: `badugi_spec/suite` links to `scenarios/` in a checkout and
is a copy of it in a wheel (package data), so `verify` with no path runs the same cases."""
MAX_SCENARIO_BYTES: Final = 256 * 1024
"""The longest scenario is 2 KB; parsing costs about 185 bytes of memory per input byte,
so this keeps the worst file under 50 MB."""


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
        return _errored(scenario, "", f"cannot compile: {type(error).__name__}: {error}")
    return runner.run(case)


def _errored(scenario: Scenario, variant: str, message: str) -> CaseResult:
    return CaseResult(
        variant_id(scenario.id, variant) if variant else scenario.id,
        scenario.where.path,
        scenario.where.line,
        list(scenario.rules),
        status="errored",
        message=message,
    )


@dataclass(frozen=True, slots=True)
class Planned:
    """One case of a run: a scenario's compiled case, or one of its variants, or the error
    that stands in for it (a scenario that does not compile)."""

    scenario: Scenario
    variant: str
    """The variant's name (`rotated-1`, `suits`, `card-order`); "" for the case as written."""
    case: dict[str, Any] | None
    error: str = ""


def plan(suite: Suite, *, with_variants: bool = False) -> list[Planned]:
    """The cases a run sends, in order: each scenario's case, followed by its variants
    (`scenario.variants`) when asked for."""
    planned: list[Planned] = []
    for scenario in suite.scenarios:
        try:
            case = compile_case(scenario)
        except Exception as error:  # one bad scenario must not stop the others
            planned.append(
                Planned(scenario, "", None, f"cannot compile: {type(error).__name__}: {error}")
            )
            continue
        planned.append(Planned(scenario, "", case))
        if not with_variants:
            continue
        try:
            formed = variants(case)
        except Exception as error:  # a variant that cannot be formed is that case's error
            message = f"cannot form its variants: {type(error).__name__}: {error}"
            planned.append(Planned(scenario, "variants", None, message))
            continue
        planned += [Planned(scenario, name, made) for name, made in formed]
    return planned


@dataclass(frozen=True, slots=True)
class Deadline:
    """A time by which a run stops sending cases (`verify --deadline`)."""

    seconds: float
    at: float
    """On the `time.monotonic` clock."""

    @classmethod
    def after(cls, seconds: float) -> Deadline:
        return cls(seconds, time.monotonic() + seconds)

    def passed(self) -> bool:
        return time.monotonic() >= self.at

    @property
    def reason(self) -> str:
        return f"deadline reached after {self.seconds:g} s"

    def cut(self, results: Sequence[CaseResult]) -> int:
        """How many of `results` the deadline left unsent."""
        return sum(1 for r in results if r.status == "skipped" and r.message == self.reason)


class DeadlineReached(BaseException):
    """Raised instead of sending a request once the deadline has passed. A BaseException,
    like KeyboardInterrupt, so that the runner does not take it for the implementation's
    failure: the case is then reported as not sent."""


class _UntilDeadline:
    """An implementation that refuses to send anything more once `deadline` has passed;
    the rest (`name`, `profiles`, `in_step`, ...) is the implementation's own."""

    def __init__(self, impl: Implementation, deadline: Deadline) -> None:
        self._impl = impl
        self._deadline = deadline
        self.name = impl.name

    def __getattr__(self, name: str) -> Any:
        return getattr(self._impl, name)

    def _check(self) -> None:
        if self._deadline.passed():
            raise DeadlineReached

    def capabilities(self) -> frozenset[str]:
        return self._impl.capabilities()

    def start(self, case: dict[str, Any]) -> Outcome:
        self._check()
        return self._impl.start(case)

    def deal(self, hand: dict[str, Any]) -> Outcome:
        self._check()
        return self._impl.deal(hand)

    def act(self, step: dict[str, Any]) -> Outcome:
        self._check()
        return self._impl.act(step)

    def evaluate(self, cards: list[str], ranking: str | None = None) -> dict[str, Any]:
        self._check()
        return self._impl.evaluate(cards, ranking)

    def compare(self, hands: list[list[str]], ranking: str | None = None) -> list[int]:
        self._check()
        return self._impl.compare(hands, ranking)


STOPPED: Final = "not sent: the run stopped at the first failure (--first)"


def not_sent(planned: Planned, reason: str) -> CaseResult:
    """A case that was not sent, as skipped: every line of it counted as not sent."""
    case = planned.case
    assert case is not None
    result = CaseResult(
        case["id"], case["file"], case["line"], list(case["rules"]), status="skipped"
    )
    result.message = reason
    result.skip_reasons.append(reason)
    result.checks["value-skipped"] = len(case["checks"])
    result.checks["play-skipped"] = sum(
        1 + sum(1 for step in hand["steps"] if step["op"] != "note") for hand in case["hands"]
    )
    return result


def run_planned(
    impl: Implementation,
    planned: Sequence[Planned],
    *,
    on_result: Callable[[CaseResult], None] | None = None,
    deadline: Deadline | None = None,
    first: bool = False,
) -> list[CaseResult]:
    """Run `planned` in order. Once `deadline` has passed no more requests are sent: the
    case being run and every later one are reported skipped, with the deadline's reason;
    with `first`, the same after the first case that fails or errors. `on_result` is
    called with each result as it comes (a progress line)."""
    runner = Runner(impl if deadline is None else _UntilDeadline(impl, deadline))
    results: list[CaseResult] = []
    cut = False
    stopped = False
    for item in planned:
        if item.case is None:
            result = _errored(item.scenario, item.variant, item.error)
        elif stopped:
            result = not_sent(item, STOPPED)
        elif cut or (deadline is not None and deadline.passed()):
            assert deadline is not None
            cut = True
            result = not_sent(item, deadline.reason)
        else:
            try:
                result = runner.run(item.case)
            except DeadlineReached:
                assert deadline is not None
                cut = True
                result = not_sent(item, deadline.reason)
        results.append(result)
        stopped = stopped or (first and result.status in ("failed", "errored"))
        if on_result is not None:
            on_result(result)
    return results


def run_suite(
    impl: Implementation,
    suite: Suite,
    *,
    with_variants: bool = False,
    on_result: Callable[[CaseResult], None] | None = None,
    deadline: Deadline | None = None,
) -> list[CaseResult]:
    """Every scenario of `suite` against one implementation, in order, each followed by
    its variants when `with_variants` (see `run_planned` for the rest)."""
    return run_planned(
        impl, plan(suite, with_variants=with_variants), on_result=on_result, deadline=deadline
    )


def parse_scenario(
    text: str, path: str = "<text>", known_rules: set[str] | None = None
) -> Scenario:
    """Parse one scenario; ScenarioError (with file:line:column) on any problem."""
    statements = parse_statements(text, path)
    return assemble(statements, path=path, text=text, known_rules=known_rules)


def installed_suite() -> Path:
    """The installed suite's folder, relative to the working folder when it is under it (in
    a checkout: `scenarios`), so that the paths in reports stay short."""
    folder = (Path(__file__).resolve().parent.parent / PACKAGED).resolve()
    try:
        return folder.relative_to(Path.cwd().resolve())
    except ValueError:
        return folder


def suite_paths(paths: Sequence[str]) -> list[str]:
    """The paths given, or the installed suite when none is."""
    return list(paths) if paths else [str(installed_suite())]


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


def _file_error(path: Path, message: str) -> ScenarioError:
    # Line 0: the problem is the file itself, not a place in it.
    return ScenarioError(message, path=str(path), line=0, column=0)


_KINDS: Final = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def read_source(path: Path, *, limit: int = MAX_SCENARIO_BYTES) -> str:
    """The text of a scenario file; ScenarioError if it is not a readable UTF-8 file."""
    try:
        # O_NONBLOCK: opening a FIFO would otherwise wait for a writer, for ever.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        broken = " (a link to nowhere)" if path.is_symlink() else ""
        raise _file_error(path, f"cannot read: no such file{broken}") from None
    except OSError as error:
        raise _file_error(path, f"cannot read: {error.strerror or error}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
        raise _file_error(path, f"cannot read: {kind}, not a scenario file")
    with os.fdopen(fd, "rb") as stream:
        try:
            data = stream.read(limit + 1)
        except OSError as error:
            raise _file_error(path, f"cannot read: {error.strerror or error}") from None
    if len(data) > limit:
        raise _file_error(path, f"too large: a scenario file has at most {limit} bytes")
    return _decode(path, data)


def _decode(path: Path, data: bytes) -> str:
    bom = b"\xef\xbb\xbf"
    # Editors on some systems start files with a byte-order mark.
    body = data.removeprefix(bom)
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as error:
        start = error.start
        line_start = body.rfind(b"\n", 0, start) + 1
        line_end = body.find(b"\n", start)
        source = body[line_start : None if line_end < 0 else line_end]
        raise ScenarioError(
            f"not UTF-8 text ({error.reason})",
            path=str(path),
            line=body.count(b"\n", 0, start) + 1,
            column=len(body[line_start:start].decode("utf-8", "replace")) + 1,
            source_line=source.decode("utf-8", "replace").rstrip("\r"),
        ) from None


def read_scenario(path: Path, known_rules: set[str] | None) -> Scenario:
    return parse_scenario(read_source(path), str(path), known_rules)


_PARSED: dict[tuple[str, str], Scenario] = {}
"""Scenarios parsed by this process, by (path, text), for the rules of `_PARSED_FOR`: a
docs rebuild under `make serve` parses again only the files that changed."""
_PARSED_FOR: list[frozenset[str]] = []
PARSED_MOST: Final = 5000


def forget_parsed() -> None:
    """Parse every file again next time: what a scenario holds from outside its text (its
    profile) has changed."""
    _PARSED.clear()


def _read_reused(path: Path, known_rules: set[str]) -> Scenario:
    """`read_scenario`, reusing the scenario parsed from the very same text before. The
    scenario is frozen, and the text is read every time: an edited file is parsed again."""
    known = frozenset(known_rules)
    if [known] != _PARSED_FOR or len(_PARSED) > PARSED_MOST:
        _PARSED.clear()
        _PARSED_FOR[:] = [known]
    source = read_source(path)
    key = (str(path), source)
    found = _PARSED.get(key)
    if found is None:
        found = _PARSED[key] = parse_scenario(source, str(path), known_rules)
    return found


def empty_folder_error(folder: Path) -> ScenarioError | None:
    """A folder given to run that holds no scenario file: said as such, with the extension
    that is read, rather than a run of nothing."""
    if not folder.is_dir() or any(folder.rglob(f"*{EXTENSION}")):
        return None
    try:
        others = sorted(p.name for p in folder.iterdir())[:5]
    except OSError:
        others = []
    seen = f" (it holds {', '.join(others)})" if others else " (it is empty)"
    return _file_error(
        folder,
        f"no scenario files in this folder{seen}: scenarios are read from files whose names"
        f" end in {EXTENSION}, in the folder and its sub-folders",
    )


def load_suite(paths: Iterable[str | Path]) -> Suite:
    known = set(load_rules())
    suite = Suite()
    ids: dict[str, tuple[Scenario, Path]] = {}
    paths = list(paths)
    for given in paths:
        empty = empty_folder_error(Path(given))
        if empty is not None:
            suite.errors.append(LoadError(str(given), empty))
    for path in scenario_files(paths):
        try:
            scenario = _read_reused(path, known)
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
