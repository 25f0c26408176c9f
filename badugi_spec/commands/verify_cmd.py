"""`verify`: the conformance suite against another implementation (docs/implementers.md).

With no path it runs the suite installed with badugi-spec. Filters narrow the run (`-k`,
`--rule`, `--tag`, `--profile`), `--first` stops at the first failure, `--list` says what
would run and why each other case would not, `--expect FILE` names the cases an engine is
known to fail (`--update-expect` writes it), `--suite-version V` runs the suite as it was
at V.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from badugi_spec.commands import arguments
from badugi_spec.commands.progress import Progress, rate_line, wanted
from badugi_spec.commands.verify_lines import list_run, skipped_summary, variant_line
from badugi_spec.errors import BadugiError
from badugi_spec.outputs import check_outputs
from badugi_spec.protocol import MAX_LINE_BYTES
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.scenario import expected as expectations
from badugi_spec.scenario import versions
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
from badugi_spec.scenario.runner import CaseResult
from badugi_spec.scenario.selection import Selection
from badugi_spec.scenario.suite import (
    Deadline,
    Suite,
    load_suite,
    not_sent,
    plan,
    run_planned,
    scenario_files,
    suite_paths,
)

PATHS_HELP: Final = "scenario files or folders (default: the suite installed with badugi-spec)"


def register(sub: Any) -> None:
    verify = sub.add_parser("verify", help="run the conformance suite against an implementation")
    verify.add_argument("paths", nargs="*", help=PATHS_HELP)
    verify.add_argument(
        "--impl", metavar="CMD", help='the command to start, e.g. "./engine --serve"'
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
    pick = verify.add_argument_group("which cases")
    pick.add_argument("-k", metavar="EXPR", help="words of the id or title: `raise and not cap`")
    pick.add_argument(
        "--rule", action="append", default=[], metavar="R", help="R8.15, a chapter R8, R8.10-R8.15"
    )
    pick.add_argument("--tag", action="append", default=[], metavar="TAG", help="a scenario tag")
    pick.add_argument("--profile", action="append", default=[], metavar="NAME", help="a profile")
    pick.add_argument("--first", action="store_true", help="stop at the first failure")
    pick.add_argument(
        "--list", action="store_true", help="say what would run, and why each other case not"
    )
    pick.add_argument(
        "--suite-version",
        metavar="V",
        help="run the suite as it was at V: the cases added or changed later are left out",
    )
    known = verify.add_argument_group("expected failures")
    known.add_argument("--expect", metavar="FILE", help="TOML list of cases known to fail")
    known.add_argument(
        "--update-expect",
        action="store_true",
        help="write the --expect file from this run's failures, keeping the reasons written",
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
    verify.add_argument(
        "-v", "--verbose", action="store_true", help="also list each skipped case, with why"
    )
    verify.set_defaults(run=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    # The deadline counts from here, as the user waits: the suite's loading included.
    deadline = Deadline.after(args.deadline) if args.deadline is not None else None
    args.paths = suite_paths(args.paths)
    if args.impl is None and not args.list:
        raise BadugiError("verify: --impl CMD is required (but for --list)")
    if args.update_expect and not args.expect:
        raise BadugiError("--update-expect: name the file with --expect FILE")
    argv = arguments.impl_argv(args.impl) if args.impl is not None else []
    check_report_paths(
        {"--json": args.json, "--junit": args.junit},
        inputs=[Path(p) for p in args.paths],
        files=scenario_files(args.paths),
        force=args.force,
    )
    if args.update_expect:
        check_outputs({"--expect": args.expect}, inputs=[Path(p) for p in args.paths], force=True)
    suite = load_suite(args.paths)
    selection = Selection(args.k, tuple(args.rule), tuple(args.tag), tuple(args.profile))
    chosen, left_out = selection.split(suite.scenarios)
    pinned = versions.find(args.paths)
    about = suite_line(pinned, suite, args.suite_version)
    if args.suite_version:
        if pinned is None:
            raise BadugiError("--suite-version: these scenarios have no suite.toml (no version)")
        later = pinned.left_out_at(chosen, args.suite_version)
    else:
        later = {}
    # The cases of a later suite are reported skipped, with the version that brought them.
    pinned_out = [s for s in chosen if s.id in later]
    chosen = [s for s in chosen if s.id not in later]
    listed: list[expectations.Expected] = []
    if args.expect and (Path(args.expect).exists() or not args.update_expect):
        listed = expectations.load(Path(args.expect), (s.id for s in suite.scenarios))
    planned = plan(Suite(chosen, suite.errors), with_variants=args.variants)
    impl = (
        ProcessImplementation(argv, timeout=args.timeout, max_line=MAX_LINE_BYTES) if argv else None
    )
    if args.list:
        try:
            print(about)
            return list_run(planned, left_out | later, impl)
        finally:
            if impl is not None:
                impl.close()
    assert impl is not None
    progress = Progress(sys.stderr, enabled=wanted(sys.stderr, quiet=args.quiet))
    try:
        results = run_planned(
            impl,
            planned,
            on_result=_progress_of(progress, len(planned), deadline),
            deadline=deadline,
            first=args.first,
        )
    finally:
        progress.finish()
        impl.close()
    results += [
        not_sent(item, later[item.scenario.id])
        for item in plan(Suite(pinned_out, []))
        if item.case is not None
    ]
    expectations.apply(results, listed)
    for result in results:
        # `fix:` tells a scenario's author how to make it show what happened (`check`);
        # under verify the suite is the reference, so the implementer is not told to edit it.
        if result.divergence is not None and result.divergence.hint:
            result.divergence = dataclasses.replace(result.divergence, hint="")
    name = f"{impl.name} {impl.version}".strip()
    print_results(results, suite.errors, quiet=args.quiet, verbose=args.verbose)
    tally = counts(results, suite.errors)
    write_reports(
        results,
        suite.errors,
        json_path=args.json,
        junit_path=args.junit,
        implementation=name,
        suite_name=f"verify {name}",
        suite=suite_json(pinned, args.suite_version),
    )
    print(safe(f"implementation: {name}"))
    print(about)
    print("\n".join(check_lines(results)))
    print("\n".join(chapter_table(results)))
    for line in unsent_lines(results):
        print(line)
    if args.variants:
        print(variant_line(planned))
    if left_out:
        print(
            f"selected {len(chosen)} of {len(suite.scenarios)} cases;"
            " `--list` says why not the others"
        )
    skip_line = skipped_summary(results, verbose=args.verbose)
    if skip_line:
        print(skip_line)
    cut = deadline.cut(results) if deadline is not None else 0
    if deadline is not None and cut:
        print(f"{deadline.reason}: {cut} of {len(planned)} cases not sent")
    if nothing_compared(tally):
        # A run that showed nothing right or wrong must not be green in CI.
        print("nothing was compared: every case was skipped or errored")
    if args.update_expect:
        entries = expectations.updated(results, listed)
        expectations.save(Path(args.expect), entries)
        print(f"{args.expect}: {len(entries)} expected failures written")
    version = "" if pinned is None else f" (suite {args.suite_version or pinned.version})"
    print(summary_line(tally, full=True) + version)
    if args.update_expect:
        return 1 if suite.errors else 0
    failed = tally["failed"] or tally["errored"] or tally["xpassed"]
    return 1 if failed or cut or nothing_compared(tally) else 0


def suite_line(found: versions.SuiteVersion | None, suite: Suite, pinned: str | None) -> str:
    """`suite: 1.0 (347 cases, sha256:...)`: the version run, and whether the files still
    match their record (a checkout with changes not yet locked)."""
    if found is None:
        return f"suite: unversioned ({len(suite.scenarios)} cases; no suite.toml above them)"
    made = versions.relock(found, suite.scenarios)
    moved = "" if made.cases == found.cases else ", changed since its lock"
    as_of = f" as of {pinned}" if pinned else ""
    digest = versions.suite_digest(made)
    return f"suite: {found.version}{as_of} ({len(suite.scenarios)} cases, {digest}{moved})"


def suite_json(found: versions.SuiteVersion | None, pinned: str | None) -> dict[str, Any] | None:
    if found is None:
        return None
    return {"version": found.version, "pinned": pinned}


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
