"""Reports of a run: text for people, JSON and JUnit XML for machines.

Whatever an implementation answered ends up in these reports, so every text is made safe to
print and to encode first (a lone surrogate in an answer must not cost the report), and
report files are written whole or not at all.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final
from xml.etree import ElementTree as ET

from badugi_spec.outputs import check_outputs, write
from badugi_spec.rules import chapter_of
from badugi_spec.scenario.runner import CaseResult

if TYPE_CHECKING:  # only named: importing the suite's loader would bring Lark to `simulate`
    from badugi_spec.scenario.suite import LoadError

STEPS_SHOWN = 8
STATUSES: Final = ("passed", "failed", "errored", "skipped")
# Characters XML 1.0 cannot hold at all, even escaped.
_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def safe(text: str) -> str:
    """`text` with lone surrogates written as `\\udXXX`: printable and encodable as UTF-8."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _xml_safe(text: str) -> str:
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", safe(text))


def describe_failure(result: CaseResult) -> list[str]:
    """The scenario, its place and rules, the first divergence and the steps before it."""
    rules = " ".join(result.rules)
    lines = [f"{result.status.upper()} {result.id}  ({result.file}:{result.line})  rules {rules}"]
    d = result.divergence
    if d is not None:
        place = f"{result.file}:{d.line}" + (f":{d.column}" if d.column else "")
        lines += [
            f"  at {place}: {d.source}",
            f"    expected: {d.expected}",
            f"    actual:   {d.actual}",
        ]
        if d.rules:
            lines.append(f"    rules:    {' '.join(d.rules)}")
        if d.hint:
            lines.append(f"    fix:      {d.hint}")
        before = [row for row in result.trace if row.op != "note"][-STEPS_SHOWN:]
        if before:
            lines.append("  steps before it:")
            lines += [f"    line {row.line}: {row.source}" for row in before]
    if result.message:
        lines += [f"  {line}" for line in result.message.splitlines()]
    return [safe(line) for line in lines]


def print_results(
    results: Sequence[CaseResult],
    errors: Sequence[LoadError],
    *,
    quiet: bool,
    verbose: bool = True,
) -> None:
    """Load errors and failures in full, expected failures and unexpected passes in a line;
    passes unless `quiet`, and skips (with why) when `verbose` too."""
    for error in errors:
        print("\n".join(load_error_lines(error)))
    for result in results:
        if result.status in ("failed", "errored"):
            print("\n".join(describe_failure(result)))
        elif result.status == "xfailed":
            print(safe(f"XFAIL {result.id}  (expected: {result.expected})"))
        elif result.status == "xpassed":
            print(
                safe(
                    f"XPASS {result.id}  (listed as expected to fail: {result.expected});"
                    " it passes now: remove its entry"
                )
            )
        elif result.status == "skipped" and not verbose:
            continue
        elif not quiet:
            reason = f"  ({result.message})" if result.message else ""
            print(safe(f"{'ok  ' if result.status == 'passed' else 'skip'} {result.id}{reason}"))


def write_reports(
    results: Sequence[CaseResult],
    errors: Sequence[LoadError],
    *,
    json_path: str | None,
    junit_path: str | None,
    implementation: str,
    suite_name: str,
    suite: dict[str, Any] | None = None,
) -> None:
    if json_path:
        payload = to_json(results, errors, implementation=implementation)
        if suite is not None:
            payload = {"implementation": implementation, "suite": suite} | payload
        write_json(json_path, payload)
    if junit_path:
        write_junit(junit_path, results, errors, name=suite_name)


def load_error_lines(error: LoadError) -> list[str]:
    lines = [f"ERROR {error.path}", *(f"  {line}" for line in error.error.render().splitlines())]
    return [safe(line) for line in lines]


def counts(results: Sequence[CaseResult], errors: Sequence[LoadError]) -> Counter[str]:
    """Cases by status, every status present; a file that does not load is `errored`."""
    tally = Counter({status: 0 for status in STATUSES})
    tally.update(result.status for result in results)
    tally["errored"] += len(errors)
    return tally


def summary_line(tally: Counter[str], *, full: bool) -> str:
    """The last line of a run. `check`'s short form names errors only when there are some
    (a scenario that does not load is one), so a clean run reads `105 passed, 0 failed`."""
    if not full:
        errored = f", {tally['errored']} errored" if tally["errored"] else ""
        return f"{tally['passed']} passed, {tally['failed']} failed{errored}"
    expected = [
        f"{tally[key]} {words}"
        for key, words in (("xfailed", "expected failures"), ("xpassed", "unexpected passes"))
        if tally[key]
    ]
    return (
        f"{tally['passed']} passed, {tally['failed']} failed, {tally['errored']} errored,"
        f" {tally['skipped']} skipped" + "".join(f", {part}" for part in expected)
    )


def nothing_compared(tally: Counter[str]) -> bool:
    """No case passed or failed: every one was skipped or errored, so nothing was shown right."""
    return tally["passed"] + tally["failed"] + tally["xfailed"] + tally["xpassed"] == 0


def total_checks(results: Iterable[CaseResult]) -> Counter[str]:
    total: Counter[str] = Counter()
    for result in results:
        total.update(result.checks)
    return total


def check_lines(results: Sequence[CaseResult]) -> list[str]:
    """What each capability was asked, for `verify`: lines run, card orders, shapes, skips."""
    t = total_checks(results)

    def how(direct: int, derived: int, direct_word: str, derived_word: str) -> str:
        parts = [f"{direct} by {direct_word}"] if direct else []
        parts += [f"{derived} {derived_word}"] if derived else []
        return ", ".join(parts) or "-"

    rows = [
        (
            "evaluate",
            t["evaluate"] + t["evaluate-by-compare"],
            t["evaluate-orders"],
            how(
                t["evaluate"],
                t["evaluate-by-compare"],
                "evaluate",
                "by compare with a hand of that value",
            ),
        ),
        (
            "compare",
            t["compare"] + t["compare-by-evaluate"],
            t["compare-orders"],
            how(t["compare"], t["compare-by-evaluate"], "compare", "from the evaluate answers"),
        ),
        (
            "play",
            t["play"],
            "-",
            f"{t['play-skipped']} steps skipped" if t["play-skipped"] else "-",
        ),
    ]
    lines = [f"{'checks':<9} {'run':>6} {'reordered':>10}  how"]
    lines += [f"{name:<9} {run:>6} {orders:>10}  {note}" for name, run, orders, note in rows]
    skipped = f"; {t['value-skipped']} value lines skipped" if t["value-skipped"] else ""
    lines.append(f"{t['shapes']} answers checked for shape{skipped}")
    return lines


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


_NO_DISJOINT_HAND: Final = re.compile(r"^no hand of .+ shares no card with it$")


def _general(reason: str) -> str:
    """A reason as it is grouped: one for every value no disjoint hand can show."""
    if _NO_DISJOINT_HAND.match(reason):
        return (
            "no hand of the expected value shares no card with the line's hand, so compare"
            " alone cannot check it"
        )
    return reason


@dataclass(frozen=True, slots=True)
class Unsent:
    """The lines of a run left unsent for one reason: how many, and in how many cases."""

    reason: str
    value_lines: int
    play_steps: int
    cases: int


def unsent(results: Sequence[CaseResult]) -> list[Unsent]:
    """The value lines and play steps not sent, grouped by why, most first.

    Each case lists its reasons once (`CaseResult.skip_reasons`) and counts what it left out
    by kind (`checks["value-skipped"]`, `checks["play-skipped"]`). The value lines are
    skipped first and the play steps after them, for one reason at most, so the last reason
    is the play steps' when any were skipped; the value lines of a case with several
    reasons are grouped under them together."""
    lines: dict[str, Counter[str]] = {}

    def add(reason: str, kind: str, count: int) -> None:
        tally = lines.setdefault(reason, Counter())
        tally[kind] += count

    for result in results:
        value, play = result.checks["value-skipped"], result.checks["play-skipped"]
        reasons = list(dict.fromkeys(_general(r) for r in result.skip_reasons))
        if not (value or play) or not reasons:
            continue
        if len(reasons) == 1:
            played, valued = reasons[0], reasons
        else:
            played = reasons[-1] if play else ""
            valued = reasons[:-1] if play else reasons
        if play:
            add(played, "play", play)
            add(played, "cases", 1)
        if value:
            key = "; ".join(valued)
            add(key, "value", value)
            if key != played or not play:
                add(key, "cases", 1)
    groups = [
        Unsent(reason, tally["value"], tally["play"], tally["cases"])
        for reason, tally in lines.items()
    ]
    return sorted(groups, key=lambda g: (-(g.value_lines + g.play_steps), g.reason))


def unsent_lines(results: Sequence[CaseResult]) -> list[str]:
    """`unsent` for people: nothing when every line was sent."""
    groups = unsent(results)
    if not groups:
        return []
    out = ["not sent, by reason:"]
    for group in groups:
        what = [
            f"{count} {word}{'' if count == 1 else 's'}"
            for count, word in ((group.value_lines, "value line"), (group.play_steps, "play step"))
            if count
        ]
        cases = f"{group.cases} case{'' if group.cases == 1 else 's'}"
        out.append(safe(f"  {' and '.join(what)} in {cases}: {group.reason}"))
    return out


def to_json(
    results: Sequence[CaseResult], errors: Sequence[LoadError], *, implementation: str
) -> dict[str, Any]:
    tally = counts(results, errors)
    return {
        "implementation": implementation,
        "summary": {status: tally[status] for status in STATUSES}
        | {"load_errors": len(errors)}
        # Only in a run with expected failures (`verify --expect`): `check`'s stays as it was.
        | (
            {"expected_failures": tally["xfailed"], "unexpected_passes": tally["xpassed"]}
            if any(r.expected for r in results)
            else {}
        ),
        "checks": dict(sorted(total_checks(results).items())),
        "not_sent": [
            {
                "reason": g.reason,
                "value_lines": g.value_lines,
                "play_steps": g.play_steps,
                "cases": g.cases,
            }
            for g in unsent(results)
        ],
        "cases": [
            {
                "id": r.id,
                "file": r.file,
                "line": r.line,
                "rules": r.rules,
                "status": r.status,
                "expected_failure": None
                if not r.expected
                else {"reason": r.expected, "link": r.expected_link or None},
                "message": r.message,
                "checks": dict(sorted(r.checks.items())),
                "notes": r.notes,
                "divergence": None
                if r.divergence is None
                else {
                    "line": r.divergence.line,
                    "column": r.divergence.column,
                    "source": r.divergence.source,
                    "expected": r.divergence.expected,
                    "actual": r.divergence.actual,
                    "fix": r.divergence.hint,
                    "rules": list(r.divergence.rules),
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


def check_report_paths(
    reports: dict[str, str | None],
    *,
    inputs: Sequence[Path],
    files: Sequence[Path],
    force: bool = False,
) -> None:
    """Refuse, before a run, report paths that are inputs, collide, are folders, exist
    (without `force`) or cannot be written: `badugi_spec.outputs`, the one guard."""
    check_outputs(reports, inputs=inputs, files=files, force=force)


def _write_atomic(path: str, data: bytes) -> None:
    """The whole file or none of it: a run that breaks off never leaves an empty report."""
    write(path, data)


def write_json(path: str, payload: dict[str, Any]) -> None:
    text = json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
    # A lone surrogate becomes its JSON escape (`\\ud800`), so the file stays valid JSON.
    _write_atomic(path, text.encode("utf-8", "backslashreplace"))


def write_junit(
    path: str, results: Sequence[CaseResult], errors: Sequence[LoadError], *, name: str
) -> None:
    tally = counts(results, errors)
    suite = ET.Element(
        "testsuite",
        name=_xml_safe(name),
        tests=str(len(results) + len(errors)),
        failures=str(tally["failed"] + tally["xpassed"]),
        errors=str(tally["errored"]),
        skipped=str(tally["skipped"] + tally["xfailed"]),
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
        text = _xml_safe("\n".join(describe_failure(r)))
        if r.status == "failed":
            message = r.divergence.expected if r.divergence else "failed"
            ET.SubElement(case, "failure", message=_xml_safe(message)).text = text
        elif r.status == "errored":
            message = r.message.splitlines()[0] if r.message else "error"
            ET.SubElement(case, "error", message=_xml_safe(message)).text = text
        elif r.status == "skipped":
            ET.SubElement(case, "skipped", message=_xml_safe(r.message))
        elif r.status == "xfailed":
            # As pytest writes an xfail: skipped, with the reason, so CI stays green.
            message = f"expected failure: {r.expected}"
            ET.SubElement(case, "skipped", type="xfail", message=_xml_safe(message)).text = text
        elif r.status == "xpassed":
            message = f"unexpected pass: listed as expected to fail ({r.expected})"
            ET.SubElement(case, "failure", type="xpass", message=_xml_safe(message))
        elif r.message:
            ET.SubElement(case, "system-out").text = _xml_safe(r.message)
    for e in errors:
        case = ET.SubElement(
            suite,
            "testcase",
            classname="load",
            name=_xml_safe(e.path),
            file=_xml_safe(e.path),
            line=str(e.error.line),
        )
        error = ET.SubElement(case, "error", message=_xml_safe(e.error.message))
        error.text = _xml_safe(e.error.render())
    _write_atomic(path, ET.tostring(suite, encoding="utf-8", xml_declaration=True))
