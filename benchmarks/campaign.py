"""Figures at scale (issue 39, item 5): what one fuzz worker plays, and a sharded campaign.

    python -m benchmarks.campaign [--trials 150] [--campaign 320] [--out reports/campaign]

Every campaign is the command line's own default one (seed 1, every shipped profile, 2 to
8 seats, values one trial in four, variants, guidance) against `badugi-spec serve`:

- one worker through the protocol, and `--jobs 2`: hands a second of wall time, and per
  CPU-second (the fuzzer and the server together, from the children's rusage), which a
  loaded machine changes less;
- one worker in-process (our engine as the implementation, no pipe, no second process):
  what the protocol costs;
- a campaign of `--campaign` trials as 16 shards, two at a time through the GNU parallel
  recipe (docs/recipes/fuzz-parallel.sh), merged, against the same campaign unsharded: the
  merged report must equal the unsharded one (same trials, findings, coverage, manifest,
  files), or this exits 1.

The figures go to `OUT/figures.json`; docs/implementers.md ("Scale") cites them.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

BIN = Path(sys.executable).parent
RECIPE = Path(__file__).resolve().parent.parent / "docs" / "recipes" / "fuzz-parallel.sh"
SERVE = f"{BIN / 'badugi-spec'} serve"


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _timed(argv: list[str], **kw: Any) -> tuple[float, float]:
    """Wall and CPU seconds of a command and everything it waited for."""
    cpu, started = _cpu(), time.monotonic()
    subprocess.run(argv, check=False, stdout=subprocess.DEVNULL, **kw)
    return time.monotonic() - started, _cpu() - cpu


def _rate(name: str, argv: list[str], report: Path) -> dict[str, Any]:
    wall, cpu = _timed(argv)
    tally = json.loads(report.read_text("utf-8"))["tally"]
    row = {
        "run": name, "trials": tally["trials"], "hands": tally["hands"],
        "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
        "hands_per_s": round(tally["hands"] / wall, 2),
        "hands_per_cpu_s": round(tally["hands"] / cpu, 2),
        "trials_per_s": round(tally["trials"] / wall, 2),
        "hands_per_trial_s": round(tally["hands"] / tally["seconds"], 2),
    }  # fmt: skip
    print(json.dumps(row), flush=True)
    return row


def _fuzz(trials: int, json_path: Path, *extra: str) -> list[str]:
    return [str(BIN / "badugi-spec"), "fuzz", "--hands", str(trials), "--seed", "1", "-q",
            "--json", str(json_path), "--force", *extra]  # fmt: skip


def comparable(report: dict[str, Any]) -> dict[str, Any]:
    """A report without what only the clock decides, and the files by name."""
    out: dict[str, Any] = json.loads(json.dumps(report))
    out["tally"].pop("seconds")
    for finding in out["findings"]:
        finding.pop("found_after", None)
        finding["file"] = Path(finding["file"]).name
    return out


def _sharded(trials: int, out: Path) -> dict[str, Any]:
    shards = out / "shards"
    shutil.rmtree(shards, ignore_errors=True)
    shards.mkdir(parents=True)
    env = {**os.environ, "PATH": f"{BIN}:{os.environ['PATH']}", "IMPL": SERVE,
           "SHARDS": "16", "JOBS": "2", "HANDS": str(trials), "SEED": "1"}  # fmt: skip
    wall, cpu = _timed(["sh", str(RECIPE)], cwd=shards, env=env, stderr=subprocess.DEVNULL)
    whole_out = out / "whole-found"
    shutil.rmtree(whole_out, ignore_errors=True)
    whole = _rate("unsharded", _fuzz(trials, out / "whole.json", "--impl", SERVE,
                                     "--out", str(whole_out)), out / "whole.json")  # fmt: skip
    merged = json.loads((shards / "fuzz.json").read_text("utf-8"))
    unsharded = json.loads((out / "whole.json").read_text("utf-8"))
    found = shards / "fuzz-found"
    names = sorted(p.name for p in found.iterdir()) if found.is_dir() else []
    whole_names = sorted(p.name for p in whole_out.iterdir()) if whole_out.is_dir() else []
    row = {
        "run": "16 shards, 2 at a time (GNU parallel recipe)",
        "trials": merged["tally"]["trials"], "hands": merged["tally"]["hands"],
        "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
        "hands_per_s": round(merged["tally"]["hands"] / wall, 2),
        "merged_equals_unsharded": comparable(merged) == comparable(unsharded)
        and names == whole_names,
        "findings": len(merged["findings"]), "unsharded_wall_s": whole["wall_s"],
    }  # fmt: skip
    print(json.dumps(row), flush=True)
    return row


def _inproc(trials: int, json_path: str) -> None:
    """`fuzz` with our engine in-process as the implementation (same hello as `serve`)."""
    import badugi_spec
    from badugi_spec.cli import main
    from badugi_spec.commands import fuzz_cmd, fuzz_lines
    from badugi_spec.scenario.engine_impl import EngineImplementation

    class Engine(EngineImplementation):
        _pending = None
        _given_up = None
        version = badugi_spec.__version__
        protocol = 2

        def close(self) -> None:
            pass

    def factory(argv: list[str], timeout: float = 10.0) -> Engine:
        return Engine()

    for module in (fuzz_cmd, fuzz_lines):
        setattr(module, "ProcessImplementation", factory)  # noqa: B010 - as the tests do
    main(_fuzz(trials, Path(json_path), "--impl", "engine", "--out", "")[1:])


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.campaign")
    parser.add_argument("--trials", type=int, default=150)
    parser.add_argument("--campaign", type=int, default=320)
    parser.add_argument("--out", default="reports/campaign")
    parser.add_argument("--inproc", nargs=2, metavar=("TRIALS", "JSON"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inproc:
        _inproc(int(args.inproc[0]), args.inproc[1])
        return 0
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    load = os.getloadavg()
    rows = [
        _rate("protocol, 1 worker", _fuzz(args.trials, out / "p1.json", "--impl", SERVE,
                                          "--out", ""), out / "p1.json"),
        _rate("in-process, 1 worker",
              [sys.executable, "-m", "benchmarks.campaign", "--inproc", str(args.trials),
               str(out / "i1.json")], out / "i1.json"),
        _rate("protocol, --jobs 2", _fuzz(args.trials, out / "p2.json", "--impl", SERVE,
                                          "--out", "", "--jobs", "2"), out / "p2.json"),
        _sharded(args.campaign, out),
    ]  # fmt: skip
    figures = {
        "date": time.strftime("%Y-%m-%d %H:%M"), "cores": os.cpu_count(),
        "load_before": [round(x, 2) for x in load],
        "load_after": [round(x, 2) for x in os.getloadavg()], "rows": rows,
    }  # fmt: skip
    (out / "figures.json").write_text(json.dumps(figures, indent=2) + "\n", "utf-8")
    return 0 if rows[-1]["merged_equals_unsharded"] else 1


if __name__ == "__main__":
    sys.exit(main())
