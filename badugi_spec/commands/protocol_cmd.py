"""`serve`, `verify`, `cases` and `mutants`: checking another implementation (docs/implementers.md).

`serve` puts our engine (or, with `--mutant NAME`, one mutant of the catalogue) behind the
protocol; `verify --impl "CMD ARGS"` runs the suite against any program that speaks it,
with `--variants` its metamorphic forms too and `--deadline S` a limit on the whole run;
`cases --out DIR` writes the compiled suite as JSON; `mutants` runs the suite against
deliberately wrong implementations.
"""

from __future__ import annotations

import argparse
import difflib
import json
import shlex
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from badugi_spec.commands import arguments
from badugi_spec.commands.progress import Progress, rate_line, wanted
from badugi_spec.errors import BadugiError
from badugi_spec.mutants import BY_NAME, CATALOGUE, Mutant, MutantImplementation
from badugi_spec.outputs import OutputError, check_outputs, write
from badugi_spec.protocol import MAX_LINE_BYTES
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.runner import CaseResult

# The suite's loader and reports (and with them Lark) are imported in the commands that use
# them: `serve`, which the tests and `verify` start again and again, needs neither.
if TYPE_CHECKING:
    from badugi_spec.scenario.suite import Deadline, Planned, Suite

DEFAULT_PATHS = ["scenarios"]


def mutant_name(text: str) -> str:
    """A mutant of the catalogue, by name; an unknown one is a usage error with the names
    nearest to it (the catalogue has too many to list)."""
    if text in BY_NAME:
        return text
    near = difflib.get_close_matches(text, BY_NAME, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(near)}?" if near else ""
    raise argparse.ArgumentTypeError(
        f"no mutant named {text[:60]!r}{hint} (`badugi-spec mutants` lists all {len(BY_NAME)})"
    )


def register(sub: Any) -> None:
    serve = sub.add_parser("serve", help="serve our engine over the protocol (stdin/stdout)")
    serve.add_argument(
        "--mutant",
        type=mutant_name,
        metavar="NAME",
        help="serve one mutant of the catalogue instead: our engine with one rule misread",
    )
    serve.set_defaults(run=run_serve)

    verify = sub.add_parser("verify", help="run scenarios against another implementation")
    verify.add_argument("paths", nargs="*", default=DEFAULT_PATHS, help="files or folders")
    verify.add_argument(
        "--impl", required=True, metavar="CMD", help='the command to start, e.g. "./engine --serve"'
    )
    verify.add_argument(
        "--timeout", type=arguments.seconds, default=10.0, metavar="S", help="seconds per request"
    )
    verify.add_argument(
        "--deadline",
        type=arguments.seconds,
        metavar="S",
        help="stop sending cases after S seconds in all: the rest are reported skipped, and"
        " the exit status is 1 when the deadline cut the run short",
    )
    verify.add_argument(
        "--variants",
        action="store_true",
        help="also run each case in forms whose results follow from it: the players"
        " rotated, the suits permuted, each hand's cards in another order",
    )
    verify.add_argument("--json", metavar="FILE", help="write a machine-readable report")
    verify.add_argument("--junit", metavar="FILE", help="write JUnit XML")
    arguments.force_option(verify, "a report")
    verify.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print only failures and the summary, and no progress line",
    )
    verify.set_defaults(run=run_verify)

    cases = sub.add_parser("cases", help="write the compiled scenarios as JSON cases")
    cases.add_argument("paths", nargs="*", default=DEFAULT_PATHS, help="files or folders")
    cases.add_argument("--out", required=True, metavar="DIR", help="folder for the .json files")
    arguments.force_option(cases, "case files")
    cases.set_defaults(run=run_cases)

    mutants = sub.add_parser("mutants", help="run the suite against deliberately wrong engines")
    mutants.add_argument("paths", nargs="*", default=DEFAULT_PATHS, help="files or folders")
    mutants.add_argument(
        "--only", action="append", choices=sorted(BY_NAME), metavar="NAME", help="one mutant"
    )
    mutants.add_argument("--json", metavar="FILE", help="write the kill table as JSON")
    mutants.set_defaults(run=run_mutants)


def run_serve(args: argparse.Namespace) -> int:
    if args.mutant is not None:
        from badugi_spec.mutants import catalogue

        return catalogue.main([args.mutant])
    from badugi_spec.protocol.server import main

    return main()


def run_verify(args: argparse.Namespace) -> int:
    from badugi_spec.scenario.report import (
        chapter_table,
        check_lines,
        check_report_paths,
        counts,
        nothing_compared,
        print_results,
        safe,
        summary_line,
        unsent_lines,
        write_reports,
    )
    from badugi_spec.scenario.suite import Deadline, load_suite, plan, run_planned, scenario_files

    # The deadline counts from here, as the user waits: the suite's loading included.
    deadline = Deadline.after(args.deadline) if args.deadline is not None else None
    try:
        argv = shlex.split(args.impl)
    except ValueError as bad:
        raise BadugiError(f"--impl: {bad}") from None
    if not argv:
        raise BadugiError("--impl names no command")
    check_report_paths(
        {"--json": args.json, "--junit": args.junit},
        inputs=[Path(p) for p in args.paths],
        files=scenario_files(args.paths),
        force=args.force,
    )
    suite = load_suite(args.paths)
    planned = plan(suite, with_variants=args.variants)
    progress = Progress(sys.stderr, enabled=wanted(sys.stderr, quiet=args.quiet))
    impl = ProcessImplementation(argv, timeout=args.timeout, max_line=MAX_LINE_BYTES)
    try:
        results = run_planned(
            impl,
            planned,
            on_result=_progress_of(progress, len(planned), deadline),
            deadline=deadline,
        )
    finally:
        progress.finish()
        impl.close()
    name = f"{impl.name} {impl.version}".strip()
    print_results(results, suite.errors, quiet=args.quiet)
    tally = counts(results, suite.errors)
    write_reports(
        results,
        suite.errors,
        json_path=args.json,
        junit_path=args.junit,
        implementation=name,
        suite_name=f"verify {name}",
    )
    print(safe(f"implementation: {name}"))
    print("\n".join(check_lines(results)))
    print("\n".join(chapter_table(results)))
    for line in unsent_lines(results):
        print(line)
    if args.variants:
        print(variant_line(planned))
    cut = deadline.cut(results) if deadline is not None else 0
    if deadline is not None and cut:
        print(f"{deadline.reason}: {cut} of {len(planned)} cases not sent")
    if nothing_compared(tally):
        # A run that showed nothing right or wrong must not be green in CI.
        print("nothing was compared: every case was skipped or errored")
    print(summary_line(tally, full=True))
    failed = tally["failed"] or tally["errored"]
    return 1 if failed or cut or nothing_compared(tally) else 0


def variant_line(planned: Sequence[Planned]) -> str:
    """How many cases a run with variants made: `314 cases and 1,436 variants (769
    rotated, 345 suits, 322 card-order)`."""
    kinds = Counter(
        "rotated" if item.variant.startswith("rotated") else item.variant
        for item in planned
        if item.variant and item.variant != "variants"
    )
    written = sum(1 for item in planned if not item.variant)
    made = sum(kinds.values())
    detail = ", ".join(f"{count:,} {kind}" for kind, count in kinds.items())
    return f"{written:,} cases and {made:,} variants" + (f" ({detail})" if detail else "")


def _progress_of(
    progress: Progress, total: int, deadline: Deadline | None
) -> Callable[[CaseResult], None]:
    """The callback that draws `verify`'s progress line after each case."""
    started = time.monotonic()
    seen = Counter[str]()

    def on_result(result: CaseResult) -> None:
        seen[result.status] += 1
        now = time.monotonic()
        done = seen.total()
        text = rate_line(
            done,
            total,
            "cases",
            now - started,
            failures=seen["failed"] + seen["errored"],
            left=None if deadline is None else deadline.at - now,
        )
        progress.update(text, force=done == total)

    return on_result


def run_cases(args: argparse.Namespace) -> int:
    from badugi_spec.scenario.report import load_error_lines
    from badugi_spec.scenario.suite import load_suite

    # Before the suite is read: a file where the folder should be is one line, not a
    # traceback after the work.
    check_outputs({"--out": args.out}, inputs=[Path(p) for p in args.paths], folders={"--out"})
    suite = load_suite(args.paths)
    for error in suite.errors:
        print("\n".join(load_error_lines(error)))
    out = Path(args.out)
    # Before any case is written: one that exists stops the run unless --force.
    existing = [out / f"{s.id}.json" for s in suite.scenarios if (out / f"{s.id}.json").exists()]
    if existing and not args.force:
        raise OutputError(
            f"--out {out}: {len(existing)} case files exist ({existing[0].name} ...);"
            " --force replaces them"
        )
    written = write_cases(suite, out)
    print(f"{len(written)} cases written to {args.out}")
    return 1 if suite.errors else 0


def write_cases(suite: Suite, out: Path) -> list[Path]:
    """Each scenario's compiled case as `<id>.json` (the `case` schema)."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for scenario in suite.scenarios:
        path = out / f"{scenario.id}.json"
        case = compile_case(scenario)
        write(path, json.dumps(case, indent=2, ensure_ascii=False) + "\n")
        written.append(path)
    return written


def against(mutant: Mutant, suite: Suite) -> list[CaseResult]:
    """The suite against `mutant`, with its variants for a mutant that needs them."""
    from badugi_spec.scenario.suite import run_suite

    return run_suite(MutantImplementation(mutant), suite, with_variants=mutant.needs == "variants")


def kills(mutant: Mutant, suite: Suite) -> list[CaseResult]:
    """The cases that kill `mutant`: those where it diverges from the expected state.

    A case that errors does not count: a mutant that crashes has not been caught by a rule.
    """
    return [r for r in against(mutant, suite) if r.status == "failed"]


def mutant_table(mutants: Sequence[Mutant], suite: Suite) -> tuple[list[str], list[dict[str, Any]]]:
    lines = [f"{'mutant':<28} {'rule':<6} {'verdict':<10} killed by"]
    rows = []
    for mutant in mutants:
        results = against(mutant, suite)
        killers = [r.id for r in results if r.status == "failed"]
        # A case that errors is no kill, and a mutant should never crash: say which did.
        errored = [f"{r.id}: {r.message}" for r in results if r.status == "errored"]
        if mutant.equivalent:
            verdict = "equivalent" if not killers else "KILLED?!"
        else:
            verdict = "killed" if killers else "SURVIVED"
        shown = ", ".join(killers[:4]) + (f" (+{len(killers) - 4})" if len(killers) > 4 else "")
        lines.append(f"{mutant.name:<28} {mutant.rule:<6} {verdict:<10} {shown or '-'}")
        lines += [f"  ERRORED {mutant.name}: {line}" for line in errored]
        rows.append(
            {
                "mutant": mutant.name,
                "rule": mutant.rule,
                "verdict": verdict,
                "killed_by": killers,
                "errored": errored,
            }
        )
    return lines, rows


def run_mutants(args: argparse.Namespace) -> int:
    from badugi_spec.scenario.report import load_error_lines, write_json
    from badugi_spec.scenario.suite import load_suite

    suite = load_suite(args.paths)
    for error in suite.errors:
        print("\n".join(load_error_lines(error)))
    chosen = [BY_NAME[n] for n in args.only] if args.only else list(CATALOGUE)
    lines, rows = mutant_table(chosen, suite)
    print("\n".join(lines))
    for mutant in chosen:
        if mutant.equivalent:
            print(f"equivalent {mutant.name}: {mutant.equivalent}")
    tally = Counter(row["verdict"] for row in rows)
    if args.json:
        write_json(args.json, {"mutants": rows, "summary": dict(tally)})
    survivors = [row for row in rows if row["verdict"] in ("SURVIVED", "KILLED?!")]
    for row in survivors:
        print(f"SURVIVED {row['mutant']}: {BY_NAME[row['mutant']].summary} ({row['rule']})")
    print(
        f"{tally['killed']} killed, {tally['SURVIVED']} survived,"
        f" {tally['equivalent']} equivalent of {len(rows)} mutants"
    )
    crashed = [row for row in rows if row["errored"]]
    if crashed:
        print(f"{len(crashed)} mutants errored on some case: a crash is not a kill")
    return 1 if survivors or crashed or suite.errors else 0
