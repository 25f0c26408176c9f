"""Suite: scenarios per second with `check` in-process, and through the protocol if built.

In-process is `Runner(EngineImplementation())`. Through the protocol is the same runner with
the client `verify` uses, talking to `badugi-spec serve` in a child process; the server is
started by an untimed warm-up run, so the figure is the protocol's steady cost. The two
commands end to end (process start-up included) are timed as well, for information.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation, Implementation
from badugi_spec.scenario.runner import Runner
from badugi_spec.scenario.suite import load_suite
from benchmarks.timing import Row, seconds

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
MIN_SECONDS = 1.0
SERVE = [sys.executable, "-m", "badugi_spec", "serve"]


def _rate(impl: Implementation, cases: list[dict[str, Any]]) -> tuple[float, int, Counter[str]]:
    """Scenarios per second, repeating the suite until the timer noise is small."""
    runner = Runner(impl)
    statuses = Counter(runner.run(case).status for case in cases)  # warm-up, untimed
    runs = 0
    elapsed = 0.0
    while elapsed < MIN_SECONDS:
        elapsed += seconds(lambda: [runner.run(case) for case in cases])
        runs += 1
    return len(cases) * runs / elapsed, runs, statuses


WALL_RUNS = 3


def _command_seconds(args: list[str]) -> Callable[[], float]:
    """Best of a few runs of the whole command, as a user runs it."""

    def timed() -> float:
        command = [sys.executable, "-m", "badugi_spec", *args, "-q", str(SCENARIOS)]
        return min(
            seconds(lambda: subprocess.run(command, cwd=ROOT, capture_output=True))
            for _ in range(WALL_RUNS)
        )

    return timed


def run() -> list[Row]:
    suite = load_suite([SCENARIOS])
    cases = [compile_case(scenario) for scenario in suite.scenarios]
    if not cases:
        return [Row("suite", "check in-process", None, None, "scen/s", None, "", None, "no cases")]
    rate, runs, statuses = _rate(EngineImplementation(), cases)
    summary = ", ".join(f"{n} {status}" for status, n in sorted(statuses.items()))
    rows = [
        Row(
            "suite",
            "check in-process (scenarios/s)",
            rate,
            None,
            "scen/s",
            None,
            "",
            None,
            f"{len(cases)} scenarios ({summary}) x {runs} runs",
        )
    ]
    if importlib.util.find_spec("badugi_spec.protocol") is None:
        rows.append(
            Row(
                "suite",
                "verify against serve (scenarios/s)",
                None,
                None,
                "scen/s",
                None,
                "in-process <= 2x protocol",
                None,
                "n/a (protocol not built)",
            )
        )
        return rows
    from badugi_spec.protocol.client import ProcessImplementation

    impl = ProcessImplementation(SERVE)
    try:
        wire_rate, wire_runs, wire_statuses = _rate(impl, cases)
    finally:
        impl.close()
    slowdown = rate / wire_rate
    wire_summary = ", ".join(f"{n} {status}" for status, n in sorted(wire_statuses.items()))
    rows.append(
        Row(
            "suite",
            "verify against serve, server started (scenarios/s)",
            wire_rate,
            rate,
            "scen/s",
            slowdown,
            "(info)",
            None,
            f"peer = in-process; {wire_summary} x {wire_runs} runs; per-request cost of the pipe",
        )
    )
    check_wall = _command_seconds(["check"])()
    verify_wall = _command_seconds(["verify", "--impl", " ".join(SERVE)])()
    rows.append(
        Row(
            "suite",
            "full suite: verify vs serve against check (s, start-up included)",
            verify_wall,
            check_wall,
            "s",
            verify_wall / check_wall,
            "protocol <= 2x in-process",
            verify_wall / check_wall <= 2,
            f"best of {WALL_RUNS} runs each",
        )
    )
    return rows
