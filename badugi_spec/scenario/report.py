"""Reports of a run: text for people, JSON and JUnit XML for machines."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from badugi_spec.rules import chapter_of
from badugi_spec.scenario.runner import CaseResult
from badugi_spec.scenario.suite import LoadError

STEPS_SHOWN = 8


def describe_failure(result: CaseResult) -> list[str]:
    """The scenario, its place and rules, the first divergence and the steps before it."""
    rules = " ".join(result.rules)
    lines = [f"{result.status.upper()} {result.id}  ({result.file}:{result.line})  rules {rules}"]
    d = result.divergence
    if d is not None:
        lines += [
            f"  at {result.file}:{d.line}: {d.source}",
            f"    expected: {d.expected}",
            f"    actual:   {d.actual}",
        ]
        before = [row for row in result.trace if row.op != "note"][-STEPS_SHOWN:]
        if before:
            lines.append("  steps before it:")
            lines += [f"    line {row.line}: {row.source}" for row in before]
    if result.message:
        lines += [f"  {line}" for line in result.message.splitlines()]
    return lines


def print_results(
    results: Sequence[CaseResult], errors: Sequence[LoadError], *, quiet: bool
) -> None:
    """Load errors and failures in full; passes (and skips, with why) unless `quiet`."""
    for error in errors:
        print("\n".join(load_error_lines(error)))
    for result in results:
        if result.status in ("failed", "errored"):
            print("\n".join(describe_failure(result)))
        elif not quiet:
            reason = f"  ({result.message})" if result.message else ""
            print(f"{'ok  ' if result.status == 'passed' else 'skip'} {result.id}{reason}")


def write_reports(
    results: Sequence[CaseResult],
    errors: Sequence[LoadError],
    *,
    json_path: str | None,
    junit_path: str | None,
    implementation: str,
    suite_name: str,
) -> None:
    if json_path:
        write_json(json_path, to_json(results, errors, implementation=implementation))
    if junit_path:
        write_junit(junit_path, results, errors, name=suite_name)


def load_error_lines(error: LoadError) -> list[str]:
    return [f"ERROR {error.path}", *(f"  {line}" for line in error.error.render().splitlines())]


def counts(results: Sequence[CaseResult], errors: Sequence[LoadError]) -> Counter[str]:
    tally = Counter(result.status for result in results)
    tally["errored"] += len(errors)
    return tally


def summary_line(tally: Counter[str], *, full: bool) -> str:
    # A load error counts as a failure for `check`: a broken scenario is a broken suite.
    if not full:
        return f"{tally['passed']} passed, {tally['failed'] + tally['errored']} failed"
    return (
        f"{tally['passed']} passed, {tally['failed']} failed, {tally['errored']} errored,"
        f" {tally['skipped']} skipped"
    )


def chapter_table(results: Sequence[CaseResult]) -> list[str]:
    """Compliance per rule chapter: how the scenarios citing each chapter fared."""
    table: dict[str, Counter[str]] = {}
    for result in results:
        for chapter in sorted({chapter_of(rule) for rule in result.rules}):
            table.setdefault(chapter, Counter())[result.status] += 1
    lines = [f"{'chapter':<8} {'passed':>7} {'failed':>7} {'errored':>8} {'skipped':>8}"]
    for chapter in sorted(table, key=lambda c: (len(c), c)):
        t = table[chapter]
        lines.append(
            f"{chapter:<8} {t['passed']:>7} {t['failed']:>7} {t['errored']:>8} {t['skipped']:>8}"
        )
    return lines


def to_json(
    results: Sequence[CaseResult], errors: Sequence[LoadError], *, implementation: str
) -> dict[str, Any]:
    return {
        "implementation": implementation,
        "summary": dict(counts(results, errors)),
        "cases": [
            {
                "id": r.id,
                "file": r.file,
                "line": r.line,
                "rules": r.rules,
                "status": r.status,
                "message": r.message,
                "divergence": None
                if r.divergence is None
                else {
                    "line": r.divergence.line,
                    "source": r.divergence.source,
                    "expected": r.divergence.expected,
                    "actual": r.divergence.actual,
                },
            }
            for r in results
        ],
        "load_errors": [
            {
                "file": e.path,
                "line": e.error.line,
                "column": e.error.column,
                "message": e.error.message,
            }
            for e in errors
        ],
    }


def ensure_writable(*paths: str | None) -> None:
    """Fail before a run, not after it, when a report cannot be written (OSError)."""
    for path in paths:
        if path:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            Path(path).open("a", encoding="utf-8").close()


def write_json(path: str, payload: dict[str, Any]) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(
        json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def write_junit(
    path: str, results: Sequence[CaseResult], errors: Sequence[LoadError], *, name: str
) -> None:
    tally = counts(results, errors)
    suite = ET.Element(
        "testsuite",
        name=name,
        tests=str(len(results) + len(errors)),
        failures=str(tally["failed"]),
        errors=str(tally["errored"]),
        skipped=str(tally["skipped"]),
    )
    for r in results:
        case = ET.SubElement(
            suite,
            "testcase",
            classname=Path(r.file).parent.name,
            name=r.id,
            file=r.file,
            line=str(r.line),
        )
        text = "\n".join(describe_failure(r))
        if r.status == "failed":
            ET.SubElement(
                case, "failure", message=r.divergence.expected if r.divergence else "failed"
            ).text = text
        elif r.status == "errored":
            ET.SubElement(
                case, "error", message=r.message.splitlines()[0] if r.message else "error"
            ).text = text
        elif r.status == "skipped":
            ET.SubElement(case, "skipped", message=r.message)
    for e in errors:
        case = ET.SubElement(
            suite, "testcase", classname="load", name=e.path, file=e.path, line=str(e.error.line)
        )
        ET.SubElement(case, "error", message=e.error.message).text = e.error.render()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)
