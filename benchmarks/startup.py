"""Start-up: whole `badugi-spec` processes against a bare interpreter, in the same run.

`--help` and `hand As 2h 3d Kd` should take at most three times `python -c pass` (issue 40:
about 0.07 s on the 2-core machine), and `check` of one small scenario file at most 0.25 s,
which is 10.9 times the 0.023 s of a bare start there: the row's target is that ratio, so
that a busy machine, which slows both sides, does not decide it.
The commands and the bare interpreter take turns, round after round, so a slow spell of
the machine lands on both; each figure is the fastest of its runs (the least disturbed),
and the note gives the CPU time (user + system) of the fastest run too.

The command is the installed script, as a user runs it, with Python's bytecode kept (these
machines set PYTHONDONTWRITEBYTECODE, which would make every run compile the package) and
the grammar's cache warm: a warm-up round runs first and is not counted.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from benchmarks.timing import Row, seconds

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 11
SMALL = ROOT / "scenarios" / "03-betting" / "big-blind-option-check.badugi"
BARE = [sys.executable, "-c", "pass"]
TIMES_BARE = 3.0
CHECK_TIMES_BARE = 0.25 / 0.023


def _script() -> list[str]:
    installed = Path(sys.executable).parent / "badugi-spec"
    return [str(installed)] if installed.exists() else [sys.executable, "-m", "badugi_spec"]


COMMANDS = {
    "--help": [*_script(), "--help"],
    "hand As 2h 3d Kd": [*_script(), "hand", "As", "2h", "3d", "Kd"],
    "check of one small file": [*_script(), "check", "-q", str(SMALL)],
}


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, cpu) seconds of one whole process."""
    cpu: list[float] = []

    def once() -> None:
        child = subprocess.Popen(
            argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} exited {child.returncode}")
        cpu.append(usage.ru_utime + usage.ru_stime)

    wall = seconds(once)
    return wall, cpu[0]


def run() -> list[Row]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in ["bare", *COMMANDS]}
    for round_ in range(ROUNDS + 1):
        for name, argv in [("bare", BARE), *COMMANDS.items()]:
            figures = _run(argv, env)
            if round_:  # the first round warms the bytecode and the grammar's cache
                runs[name].append(figures)
    bare_wall, bare_cpu = min(runs["bare"])
    rows = []
    for name in COMMANDS:
        wall, cpu = min(runs[name])
        ratio = wall / bare_wall
        note = f"best of {ROUNDS} in turns; cpu {cpu:.3f} s against {bare_cpu:.3f} s bare"
        times = CHECK_TIMES_BARE if name.startswith("check") else TIMES_BARE
        target, met = f"<= {times:.3g}x python -c pass", ratio <= times
        what = f"badugi-spec {name} (s)"
        rows.append(Row("startup", what, wall, bare_wall, "s", ratio, target, met, note))
    return rows
