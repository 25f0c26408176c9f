"""`check` runs scenarios against the engine; `coverage` prints the rule x scenario matrix."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from badugi_spec.commands import arguments
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario.coverage import coverage, exempt_summary, matrix_lines
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.report import (
    check_report_paths,
    counts,
    load_error_lines,
    nothing_compared,
    print_results,
    summary_line,
    write_reports,
)
from badugi_spec.scenario.suite import load_suite, run_suite, scenario_files

DEFAULT_PATHS = ["scenarios"]


def register(sub: Any) -> None:
    check = sub.add_parser("check", help="run scenarios against the engine")
    check.add_argument("paths", nargs="*", default=DEFAULT_PATHS, help="files or folders")
    check.add_argument("--json", metavar="FILE", help="write a machine-readable report")
    check.add_argument("--junit", metavar="FILE", help="write JUnit XML")
    arguments.force_option(check, "a report")
    check.add_argument(
        "--coverage",
        action="store_true",
        help="also fail when a rule that needs a scenario has none",
    )
    check.add_argument(
        "-q", "--quiet", action="store_true", help="print only failures and the summary"
    )
    check.set_defaults(run=run_check)

    cov = sub.add_parser("coverage", help="print the rule x scenario matrix")
    cov.add_argument("paths", nargs="*", default=DEFAULT_PATHS, help="files or folders")
    cov.set_defaults(run=run_coverage)


def run_check(args: argparse.Namespace) -> int:
    check_report_paths(
        {"--json": args.json, "--junit": args.junit},
        inputs=[Path(p) for p in args.paths],
        files=scenario_files(args.paths),
        force=args.force,
    )
    suite = load_suite(args.paths)
    results = run_suite(EngineImplementation(), suite)
    print_results(results, suite.errors, quiet=args.quiet)
    tally = counts(results, suite.errors)
    uncovered = []
    if args.coverage:
        rules = load_rules()
        uncovered = coverage(rules, suite.scenarios).uncovered
        for rule in uncovered:
            print(f"UNCOVERED {rule.id} {rule.title}: no scenario cites it")
    write_reports(
        results,
        suite.errors,
        json_path=args.json,
        junit_path=args.junit,
        implementation="badugi-spec",
        suite_name="badugi-spec check",
    )
    if nothing_compared(tally):
        print("nothing was compared: no scenario ran")
    print(summary_line(tally, full=False))
    failed = tally["failed"] + tally["errored"] + len(uncovered)
    return 1 if failed or nothing_compared(tally) else 0


def run_coverage(args: argparse.Namespace) -> int:
    rules = load_rules()
    suite = load_suite(args.paths)
    for error in suite.errors:
        print("\n".join(load_error_lines(error)), file=sys.stderr)
    cov = coverage(rules, suite.scenarios)
    print("\n".join(matrix_lines(rules, cov)))
    needed = sum(1 for r in rules.values() if r.needs_scenario)
    print(f"{needed - len(cov.uncovered)} of {needed} rules covered; {exempt_summary(cov)}")
    return 1 if cov.uncovered or suite.errors else 0
