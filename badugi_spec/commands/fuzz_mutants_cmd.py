"""`fuzz-mutants`: is every mutant of the catalogue found by `fuzz` alone?

For each mutant: `fuzz --impl "badugi-spec serve --mutant NAME" --seconds S --seed 1 --first`,
then the shrunk scenario it wrote is checked as an implementer would use it: at most
`MOST_LINES` lines, failing under `verify` against that mutant and passing against our
own engine. `--seeds 1-3` runs each mutant's campaign under each seed: a mutant found by
seed 1 alone may be found by luck. `make fuzz-mutants` runs them all; a test runs a sample.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import difflib
import json
import shlex
import sys
from functools import partial
from pathlib import Path
from typing import Any, Final

from badugi_spec.commands import arguments, fuzz_cmd
from badugi_spec.errors import BadugiError
from badugi_spec.mutants import BY_NAME, CATALOGUE
from badugi_spec.outputs import check_outputs
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.scenario.report import write_json
from badugi_spec.scenario.runner import CaseResult
from badugi_spec.scenario.suite import Suite, load_suite, run_suite

MOST_LINES: Final = 25
"""The longest shrunk scenario a mutant may give, comment lines not counted; a mutant's
`allowance` may raise it for one kind of finding that no shorter scenario shows."""


def most_lines(name: str, kind: str) -> int:
    """The longest shrunk scenario mutant `name` may give for a finding of `kind` (the
    field it differs in): `MOST_LINES`, or the mutant's allowance for that kind."""
    allowance = BY_NAME[name].allowance
    if allowance is not None and allowance.kind == kind:
        return allowance.lines
    return MOST_LINES


def register(sub: Any) -> None:
    command = sub.add_parser("fuzz-mutants", help="fuzz every mutant of the catalogue")
    # Not `choices`: each choice would be a whole campaign to run for the test that runs
    # every choice a command offers; the names are checked below with the nearest named.
    command.add_argument("--only", action="append", metavar="NAME", help="one mutant (repeatable)")
    command.add_argument("--seconds", type=arguments.seconds, default=60.0)
    command.add_argument("--seed", type=arguments.seed, default=1)
    command.add_argument(
        "--seeds", type=seed_range, metavar="A-B",
        help="each mutant fuzzed once per seed from A to B (instead of --seed): is it found"
        " by any campaign, or only by one?",
    )  # fmt: skip
    command.add_argument("--json", metavar="FILE", help="write the table as JSON")
    command.add_argument("--out", default="fuzz-mutants", metavar="DIR",
                         help="where each mutant's scenarios go, a folder each")  # fmt: skip
    command.add_argument("--jobs", type=fuzz_cmd.jobs, default=1, metavar="N",
                         help="mutants fuzzed at once, each in a process of its own"
                         f" (at most {fuzz_cmd.MOST_JOBS})")  # fmt: skip
    command.add_argument(
        "--before", metavar="FILE",
        help="an earlier run's --json: end with a Markdown table of both, mutant by mutant",
    )  # fmt: skip
    arguments.force_option(command, "the --json table or a scenario in --out")
    command.set_defaults(run=run_fuzz_mutants)


MOST_SEEDS: Final = 10
"""Seeds at most in one `--seeds` range: each is a campaign per mutant."""


def seed_range(text: str) -> list[int]:
    """`--seeds A-B` (or one seed `A`): the seeds from A to B, at most `MOST_SEEDS`."""
    first, dash, last = text.partition("-")
    try:
        low = arguments.seed(first)
        high = arguments.seed(last) if dash else low
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"expected seeds as A-B (such as 1-3), not {text[:40]!r}"
        ) from None
    if not low <= high < low + MOST_SEEDS:
        raise argparse.ArgumentTypeError(
            f"expected A-B with A <= B and at most {MOST_SEEDS} seeds, not {text[:40]!r}"
        )
    return list(range(low, high + 1))


def serve_mutant(name: str) -> str:
    """The command line that serves mutant `name` over the protocol."""
    return f"{sys.executable} -m badugi_spec serve --mutant {name}"


def fuzz_one(
    name: str, *, seconds: float, seed: int, out: Path, force: bool = False
) -> dict[str, Any]:
    """Fuzz one mutant until its first divergence, and check the scenario written."""
    args = fuzz_cmd.fuzz_arguments(
        ["--impl", serve_mutant(name), "--seconds", str(seconds), "--seed", str(seed),
         "--first", "--out", str(out), "-q", *(["--force"] if force else [])]
    )  # fmt: skip
    report = fuzz_cmd.campaign_report(args, (1, 1))
    row: dict[str, Any] = {"mutant": name, "rule": BY_NAME[name].rule, "seed": seed, "found": False}
    failed = [f for f in report["findings"] if f["status"] == "failed"]
    row["trials"] = report["tally"]["trials"]
    if not failed:
        errors = [f["message"] for f in report["findings"] if f["status"] == "errored"]
        own = sum(1 for f in report["findings"] if f["status"] == "engine")
        row["why"] = errors[0] if errors else "no divergence"
        if own:
            row["why"] += f" (and {own} finding(s) against our own engine)"
        return row
    finding = failed[0]
    path = finding["file"]
    if not path:
        row["why"] = f"found, not written: {finding.get('unwritten') or 'not verified'}"
        return row
    lines = sum(
        1 for line in Path(path).read_text("utf-8").splitlines() if not line.startswith("#")
    )
    suite = load_suite([path])
    # As an implementer would: `verify` against the mutant's server and against ours; a
    # divergence a variant showed (`kind [rotated]`) under `--variants`.
    both = "[" in finding["kind"]
    theirs = _verify(serve_mutant(name), suite, variants=both)
    ours = _verify(f"{sys.executable} -m badugi_spec serve", suite, variants=both)
    row.update(
        found=True,
        trial=finding["trial"],
        after=finding["found_after"],
        kind=f"{finding['kind']} at {finding['rule']}",
        lines=lines,
        most=most_lines(name, finding["kind"]),
        file=path,
        verify_fails=any(result.status == "failed" for result in theirs),
        check_passes=bool(ours) and all(result.status == "passed" for result in ours),
    )
    return row


def _fuzz_in(
    name_and_seed: tuple[str, int], *, seconds: float, folder: str, force: bool
) -> dict[str, Any]:
    """`fuzz_one` in a worker: each mutant's scenarios in a folder of its own (their
    names hold the seed). A failure is that mutant's row, not the end of the run (and it
    must cross back as text)."""
    name, seed = name_and_seed
    try:
        return fuzz_one(name, seconds=seconds, seed=seed, out=Path(folder) / name, force=force)
    except Exception as error:  # a bug of ours: say which mutant, keep the others going
        why = f"fuzz failed: {type(error).__name__}: {error}"
        return {"mutant": name, "rule": BY_NAME[name].rule, "seed": seed, "found": False,
                "trials": 0, "why": " ".join(why.split())[:300]}  # fmt: skip


def _verify(command: str, suite: Suite, *, variants: bool) -> list[CaseResult]:
    impl = ProcessImplementation(shlex.split(command))
    try:
        return run_suite(impl, suite, with_variants=variants)
    finally:
        impl.close()


def good(row: dict[str, Any]) -> bool:
    return bool(
        row["found"]
        and row["lines"] <= row.get("most", MOST_LINES)
        and row["verify_fails"]
        and row["check_passes"]
    )


_allowed: Final = " (or the mutant's own allowance, `mutants.catalogue.Allowance`)"


def run_fuzz_mutants(args: argparse.Namespace) -> int:
    for name in args.only or ():
        if name not in BY_NAME:
            near = difflib.get_close_matches(name, BY_NAME, n=3)
            hint = f"; did you mean {', '.join(near)}?" if near else "; see badugi-spec mutants"
            raise BadugiError(f"--only {name}: no such mutant{hint}")
    # Before any mutant: --out a folder, --json a new file (or --force), never --before.
    check_outputs(
        {"--json": args.json, "--out": args.out},
        inputs=[Path(args.before)] if args.before else [], force=args.force, folders={"--out"},
    )  # fmt: skip
    before = _rows_of(args.before) if args.before else None
    chosen = [BY_NAME[n] for n in args.only] if args.only else list(CATALOGUE)
    rows = []
    seeds = args.seeds or [args.seed]
    runs = [(m.name, seed) for m in chosen if not m.equivalent for seed in seeds]
    with concurrent.futures.ProcessPoolExecutor(max(1, min(args.jobs, len(runs)))) as pool:
        one = partial(_fuzz_in, seconds=args.seconds, folder=args.out, force=args.force)
        for row in pool.map(one, runs):
            rows.append(row)
            seeded = f" (seed {row['seed']})" if len(seeds) > 1 else ""
            if row["found"]:
                verdict = "found" if good(row) else "FOUND, BUT"
                print(
                    f"{verdict:<10} {row['mutant'] + seeded:<36} trial {row['trial']:>4} after"
                    f" {row['after']:5.1f} s, {row['lines']:>2} lines, {row['kind']}"
                    + (f" (allowed {row['most']})" if row["most"] != MOST_LINES else "")
                    + ("" if row["verify_fails"] else "; verify does not fail it")
                    + ("" if row["check_passes"] else "; check does not pass it")
                )
            else:
                print(
                    f"{'MISSED':<10} {row['mutant'] + seeded:<36} {row['trials']} trials:"
                    f" {row['why']}"
                )
            sys.stdout.flush()
    found = sum(1 for row in rows if good(row))
    if len(seeds) > 1:
        every = {row["mutant"] for row in rows} - {row["mutant"] for row in rows if not good(row)}
        print(
            f"{found} of {len(rows)} campaigns found their mutant; {len(every)} of"
            f" {len(rows) // len(seeds)} mutants found under each of the {len(seeds)} seeds,"
            f" each in at most {MOST_LINES} lines{_allowed}"
        )
    else:
        print(f"{found} of {len(rows)} mutants found, each in at most {MOST_LINES} lines{_allowed}")
    if args.json:
        write_json(
            args.json,
            {"seconds": args.seconds, "seed": seeds[0], "seeds": seeds, "mutants": rows},
        )
    if before is not None:
        for line in compared(before, rows):
            print(line)
    return 0 if found == len(rows) else 1


def _rows_of(path: str) -> list[dict[str, Any]]:
    try:
        data = json.loads(Path(path).read_text("utf-8"))
        rows = data["mutants"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise BadugiError(f"--before {path}: not a fuzz-mutants --json report ({error})") from None
    # A row of a run of one seed, before `--seeds`, has its seed in the file's head.
    seed = data.get("seed", 1) if isinstance(data, dict) else 1
    return [{"seed": seed, **row} for row in rows if isinstance(row, dict) and "mutant" in row]


def _cell(row: dict[str, Any] | None) -> str:
    if row is None:
        return "-"
    if not row.get("found"):
        return f"missed ({row.get('trials', 0)} trials)"
    return f"{row['trial'] + 1} / {row['after']:.1f} s"


def compared(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[str]:
    """A Markdown table: per mutant, trials and seconds to its first finding, before and
    after (`--before`), and what the finding was labelled after."""
    old = {(row["mutant"], row.get("seed", 1)): row for row in before}
    several = len({row.get("seed", 1) for row in after}) > 1
    lines = [
        "| mutant | rule | before: trials / s | after: trials / s | labelled after |",
        "| --- | --- | --- | --- | --- |",
    ]
    for row in after:
        kind = row.get("kind", "") if row.get("found") else ""
        seed = row.get("seed", 1)
        name = f"`{row['mutant']}`" + (f" (seed {seed})" if several else "")
        lines.append(
            f"| {name} | {row['rule']} | {_cell(old.get((row['mutant'], seed)))}"
            f" | {_cell(row)} | {kind} |"
        )
    return lines


__all__ = [
    "MOST_LINES",
    "compared",
    "fuzz_one",
    "most_lines",
    "register",
    "run_fuzz_mutants",
    "seed_range",
    "serve_mutant",
]  # fmt: skip
