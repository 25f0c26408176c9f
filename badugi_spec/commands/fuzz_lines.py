"""`fuzz`'s ending: the findings written to `--out`, each run once more by `verify`'s
runner for its located diff, the report files, and the summary and exit status.

A finding that cannot be written (a folder by its name, an existing different file without
`--force`) is one line on its summary row, and the rest goes on: the report holds its
scenario all the same. A run that compared nothing (no trial in the shard, or every trial
skipped as not supported) exits 1, as `verify` does: a green run means something passed.
"""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path
from typing import Any

from badugi_spec.fuzz import coverage
from badugi_spec.fuzz.finding import write
from badugi_spec.outputs import OutputError
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.scenario.report import print_results, safe, write_json, write_junit
from badugi_spec.scenario.runner import CaseResult
from badugi_spec.scenario.suite import load_suite, run_suite


def finish(report: dict[str, Any], args: argparse.Namespace, *, impl: str) -> int:
    findings = report["findings"]
    if args.json:
        write_json(args.json, report)  # first: a scenario that cannot be written loses nothing
    if args.out:
        for finding in findings:
            if finding["verified"] and not finding["file"] and not finding.get("unwritten"):
                _write(Path(args.out), finding, force=args.force)
        if args.json and any(f["file"] or f.get("unwritten") for f in findings):
            write_json(args.json, report)
    results = _located(findings, impl, timeout=args.timeout)
    print_results(results, [], quiet=True)
    for finding in findings:
        why = finding.get("unwritten")
        where = finding["file"] or (f"(not written: {why})" if why else "(not written)")
        what = f"{finding['kind']} at {finding['rule']}" if finding["rule"] else finding["kind"]
        shrunk = (
            f", shrunk from {finding['original_lines']} to {finding['lines']} lines"
            if finding["verified"]
            else ""
        )
        print(
            safe(
                f"{finding['status']} {where}: {what}, trial {report['seed']}:{finding['trial']}"
                f"{shrunk} (+{finding['repeats']} more trials alike)"
            )
        )
        if finding["message"]:
            print(safe(f"  {finding['message']}"))
    if getattr(args, "coverage", False):
        for line in coverage.table(report["coverage"]):
            print(safe(line))
    if args.junit:
        write_junit(
            args.junit,
            results + _errored(findings, results),
            [],
            name=f"fuzz {report['implementation']}",
        )
    tally = report["tally"]
    statuses = tally["statuses"]
    if not getattr(args, "coverage", False):
        never = report["coverage"].get("never", [])
        print(safe(f"rules never reached ({len(never)}): {' '.join(never) or 'none'}"))
    print(safe(f"implementation: {report['implementation']}"))
    print(
        f"{tally['trials']} trials ({tally['hands']} hands, {tally['kinds'].get('values', 0)}"
        f" of hand values) in {tally['seconds']:.1f} s: {statuses.get('passed', 0)} passed,"
        f" {statuses.get('diverged', 0)} diverged, {statuses.get('errored', 0)} errored,"
        f" {statuses.get('skipped', 0)} skipped, {statuses.get('engine', 0)} broke our engine;"
        f" {len(findings)} findings" + (" (interrupted)" if report.get("interrupted") else "")
    )
    if report.get("interrupted"):
        return 130 if not findings else 1
    if findings or statuses.get("errored") or statuses.get("engine"):
        return 1
    if not any(statuses.get(s) for s in ("passed", "diverged")):
        print(safe(f"nothing was compared: {_why_nothing(report, args)}; exit 1, as verify's"))
        return 1
    return 0


def _why_nothing(report: dict[str, Any], args: argparse.Namespace) -> str:
    if not report["tally"]["trials"]:
        return f"no trial in shard {report['shard']} (--hands {args.hands or 'default'})"
    return "every trial was skipped (not supported by the implementation)"


def _write(out: Path, finding: dict[str, Any], *, force: bool) -> None:
    """Write a finding a worker held (`--jobs`); why not, on its row, if it cannot be."""
    try:
        finding["file"] = str(
            write(out, finding["seed"], finding["trial"], finding["scenario"], force=force)
        )
    except OutputError as error:
        finding["unwritten"] = str(error)


def _errored(findings: list[dict[str, Any]], located: list[CaseResult]) -> list[CaseResult]:
    """The findings that no file run again shows (no file, our engine's own, an error the
    implementation gives only after a longer run), as JUnit cases."""
    shown = {result.file for result in located}
    return [
        CaseResult(
            f"fuzz-{f['seed']}-{f['trial']}", f["file"] or "fuzz", 0, [],
            "failed" if f["status"] == "failed" else "errored",
            message=f["message"] or f"{f['kind']}: {f['expected']} / {f['actual']}",
        )
        for f in findings
        if not f["file"] or f["file"] not in shown
    ]  # fmt: skip


def _located(findings: list[dict[str, Any]], impl: str, *, timeout: float) -> list[Any]:
    """Each written scenario run once more, by `verify`'s own loader and runner: the
    located diff printed is the one `verify` prints for that file (with its variants for a
    divergence a variant showed)."""
    results: list[Any] = []
    for variants in (False, True):
        paths = [f["file"] for f in findings if f["file"] and ("[" in f["kind"]) == variants]
        if not paths:
            continue
        runner = ProcessImplementation(shlex.split(impl), timeout=timeout)
        try:
            ran = run_suite(runner, load_suite(paths), with_variants=variants)
        finally:
            runner.close()
        results += [r for r in ran if r.status != "passed"]
    return results


__all__ = ["finish"]
