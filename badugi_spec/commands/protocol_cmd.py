"""`serve`, `cases` and `mutants`: checking another implementation (docs/implementers.md).

`serve` puts our engine (or, with `--mutant NAME`, one mutant of the catalogue) behind the
protocol (`verify`, in `verify_cmd`, runs the suite against any program that speaks it);
`cases --out DIR` writes the compiled suite as JSON; `mutants` runs the suite against
deliberately wrong implementations. With no path, both read the installed suite.
"""

from __future__ import annotations

import argparse
import difflib
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from badugi_spec.commands import arguments
from badugi_spec.mutants import BY_NAME, CATALOGUE, Mutant, MutantImplementation
from badugi_spec.outputs import OutputError, check_outputs, write
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.runner import CaseResult

# The suite's loader and reports (and with them Lark) are imported in the commands that use
# them: `serve`, which the tests and `verify` start again and again, needs neither.
if TYPE_CHECKING:
    from badugi_spec.scenario.suite import Suite
    from badugi_spec.scenario.versions import SuiteVersion

PATHS_HELP = "scenario files or folders (default: the suite installed with badugi-spec)"


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

    cases = sub.add_parser("cases", help="write the compiled scenarios as JSON cases")
    cases.add_argument("paths", nargs="*", help=PATHS_HELP)
    cases.add_argument("--out", required=True, metavar="DIR", help="folder for the .json files")
    arguments.force_option(cases, "case files")
    cases.set_defaults(run=run_cases)

    mutants = sub.add_parser("mutants", help="run the suite against deliberately wrong engines")
    mutants.add_argument("paths", nargs="*", help=PATHS_HELP)
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


def run_cases(args: argparse.Namespace) -> int:
    from badugi_spec.scenario import versions
    from badugi_spec.scenario.report import load_error_lines
    from badugi_spec.scenario.suite import load_suite, suite_paths

    args.paths = suite_paths(args.paths)

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
    written = write_cases(suite, out, versions.find(args.paths))
    print(f"{len(written)} cases written to {args.out}")
    return 1 if suite.errors else 0


def write_cases(suite: Suite, out: Path, found: SuiteVersion | None = None) -> list[Path]:
    """Each scenario's compiled case as `<id>.json` (the `case` schema), with the suite
    version that last changed it (`since`) and its `digest` when the suite is versioned."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for scenario in suite.scenarios:
        path = out / f"{scenario.id}.json"
        case = compile_case(scenario)
        if found is not None:
            from badugi_spec.scenario.versions import digest

            case["since"] = found.since(scenario.id)
            case["digest"] = digest(scenario)
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
    from badugi_spec.scenario.suite import load_suite, suite_paths

    args.paths = suite_paths(args.paths)

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
