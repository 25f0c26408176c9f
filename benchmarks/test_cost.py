"""What each part of `make test` costs in CPU: every test file alone, and the checks before.

    .venv/bin/python -m benchmarks.test_cost                 # every part, slowest first
    .venv/bin/python -m benchmarks.test_cost tests/test_fuzz.py tests/test_docs.py
    .venv/bin/python -m benchmarks.test_cost --json reports/test-cost.json
    .venv/bin/python -m benchmarks.test_cost --together tests/test_browser*.py
    .venv/bin/python -m benchmarks.test_cost --whole         # `make test` itself, once

`--together` runs the files in one pytest process (what one test worker does: the browser
tests then share one Chromium); `--whole` runs `make test` as it is and gives its CPU with
everything it started (the budget of issue 40: 5 CPU-minutes), and its wall seconds.
It also gives the whole machine's busy CPU over the same seconds (`/proc/stat`, what
`machine_cpu` of benchmarks/make-test.json is) and the difference: what other work on a
shared machine, and the kernel's own threads, spent meanwhile. On a quiet machine the two
figures are close; a whole-machine figure read alone counts the other work as the tests'.

Each part runs as a child of this process, which makes itself a "child subreaper"
(Linux's prctl): every process the part starts and leaves behind, such as Chromium's
helpers once chromedriver has gone, is handed to this process when its parent exits, so it
is reaped here and its CPU time is counted. The figure is therefore the part's own CPU
(user + system of it and of everything it started), however busy the rest of the machine
is: the other work on a shared machine changes the wall seconds, hardly the CPU seconds.

The site the tests build once per run (tests/test_docs.py `shared_site`) is built first,
as its own row, and handed to every file through BADUGI_TEST_SITE, so a file's row is what
it adds to a `make test` that has the site already (as it does after the first file that
asks for it).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PR_SET_CHILD_SUBREAPER = 36
# What a part may leave running after it ends before it counts as a leak (and is killed).
LINGER_SECONDS = 20.0


@dataclass(frozen=True, slots=True)
class Cost:
    part: str
    cpu_seconds: float
    wall_seconds: float
    status: int
    leaked: int  # processes still running LINGER_SECONDS after the part ended (killed)
    summary: str  # pytest's last line, or the command's


def _subreaper() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER) failed")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _machine_busy() -> float:
    """The whole machine's busy CPU seconds since boot (user, nice, system, irq, softirq)."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()
    ticks = sum(int(fields[i]) for i in (1, 2, 3, 6, 7))
    return ticks / os.sysconf("SC_CLK_TCK")


def _orphans() -> list[int]:
    """The processes whose parent is this one (orphans handed to the subreaper)."""
    mine, found = os.getpid(), []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == mine:
                found.append(int(entry.name))
    return found


def _reap_all() -> int:
    """Reap every descendant left; the number still running after LINGER_SECONDS (killed)."""
    deadline = time.monotonic() + LINGER_SECONDS
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return 0
        if pid:
            continue
        if time.monotonic() > deadline:
            left = _orphans()
            for pid in left:
                os.kill(pid, 9)
            for _ in left:
                os.waitpid(-1, 0)
            return len(left)
        time.sleep(0.05)


def measure(part: str, command: list[str], env: dict[str, str]) -> Cost:
    before = _children_cpu()
    start = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    wall = time.monotonic() - start
    leaked = _reap_all()
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    return Cost(
        part,
        round(_children_cpu() - before, 2),
        round(wall, 2),
        done.returncode,
        leaked,
        lines[-1][:120] if lines else "",
    )


def _browser() -> str:
    """The program the browser tests start (tests/webdriver.py): the figures depend on it,
    chromium-headless-shell costing a quarter to a third less than chromium."""
    from tests.webdriver import CHROMIUM

    return Path(CHROMIUM).name if CHROMIUM else "none (the browser tests skip)"


def parts(files: list[str]) -> list[tuple[str, list[str]]]:
    python = str(BIN / "python")
    if files:
        return [(f, [python, "-m", "pytest", "-q", "-p", "no:xdist", f]) for f in files]
    checks = [
        ("make lint", ["make", "-s", "lint"]),
        ("make layers", ["make", "-s", "layers"]),
        ("make typecheck", ["make", "-s", "typecheck"]),
        (
            "scenarios/ (pytest plugin)",
            [python, "-m", "pytest", "-q", "-p", "no:xdist", "scenarios"],
        ),
    ]
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_*.py"))
    return checks + [(f, [python, "-m", "pytest", "-q", "-p", "no:xdist", f]) for f in tests]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.test_cost", description=__doc__)
    parser.add_argument("files", nargs="*", help="test files (default: every part of make test)")
    parser.add_argument("--json", type=Path, help="write the rows here too")
    parser.add_argument("--site", type=Path, help="a built site to share (default: build one)")
    parser.add_argument("--together", action="store_true", help="the files in one process")
    parser.add_argument("--whole", action="store_true", help="make test, whole, once")
    args = parser.parse_args(argv)
    _subreaper()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["BADUGI_SPIN_SECONDS"] = "0"
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    if args.whole:
        busy = _machine_busy()
        whole = measure("make test", ["make", "test"], env)
        machine = round(_machine_busy() - busy, 1)
        others = round(machine - whole.cpu_seconds, 1)
        print(json.dumps({**asdict(whole), "machine_cpu_seconds": machine, "others": others}))
        return whole.status
    costs: list[Cost] = []
    with tempfile.TemporaryDirectory(prefix="badugi-test-cost-") as scratch:
        site = args.site
        if site is None:
            site = Path(scratch) / "site"
            build = [
                str(BIN / "python"),
                "-c",
                f"from pathlib import Path; from tests.test_docs import build_site; "
                f"build_site(Path({str(site)!r}))",
            ]
            costs.append(measure("the shared site build (once per run)", build, env))
        env["BADUGI_TEST_SITE"] = str(site.resolve())
        chosen = parts(args.files)
        if args.together and args.files:
            chosen = [(" ".join(args.files), [*chosen[0][1][:-1], *args.files])]
        for part, command in chosen:
            costs.append(measure(part, command, env))
            row = costs[-1]
            print(f"{row.cpu_seconds:8.1f} cpu-s {row.wall_seconds:7.1f} s  {part}", flush=True)
    costs.sort(key=lambda c: c.cpu_seconds, reverse=True)
    total = sum(c.cpu_seconds for c in costs)
    print(f"\n{'cpu-s':>8} {'wall-s':>7}  part (status, leaked processes, last line)")
    print(f"{'':>17}  (browser tests in {_browser()})")
    for c in costs:
        flags = "" if c.status == 0 and not c.leaked else f" [status {c.status}, leaked {c.leaked}]"
        print(f"{c.cpu_seconds:8.1f} {c.wall_seconds:7.1f}  {c.part}{flags}  {c.summary}")
    print(f"{total:8.1f}          total ({total / 60:.1f} CPU-minutes)")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        rows = [asdict(c) for c in costs]
        args.json.write_text(
            json.dumps(
                {"total_cpu_seconds": round(total, 1), "browser": _browser(), "parts": rows},
                indent=1,
            )
            + "\n"
        )
    return 0 if all(c.status in (0, 5) and not c.leaked for c in costs) else 1


if __name__ == "__main__":
    sys.exit(main())
