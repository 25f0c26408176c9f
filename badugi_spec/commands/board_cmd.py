"""`board`: a compliance board of several implementations against the suite.

`badugi-spec board --impl NAME=CMD ... --out DIR` runs the suite (the installed one, or the
paths given) against each implementation and writes, for the site and for READMEs:

- `board.md`: implementations against chapters and profiles, cases passed of those run;
- `board.json`: the same figures, with the suite version and the date;
- `badges/NAME.json`: a shields.io endpoint badge per implementation
  (`https://img.shields.io/endpoint?url=...`).

A case skipped (a capability or profile not declared) is not "run": the board says what
each implementation passes of what it claims.
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import shlex
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote

from badugi_spec.commands import arguments
from badugi_spec.commands.arguments import impl_argv
from badugi_spec.commands.verify_cmd import PATHS_HELP
from badugi_spec.errors import BadugiError
from badugi_spec.outputs import check_outputs, write
from badugi_spec.protocol import MAX_LINE_BYTES
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.rules import chapter_of
from badugi_spec.scenario import expected as expectations
from badugi_spec.scenario import versions
from badugi_spec.scenario.suite import Suite, load_suite, plan, run_planned, suite_paths

_NAME: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,40}$")


def register(sub: Any) -> None:
    board = sub.add_parser("board", help="a compliance board of implementations against the suite")
    board.add_argument("paths", nargs="*", help=PATHS_HELP)
    board.add_argument(
        "--impl",
        action="append",
        required=True,
        metavar="NAME=CMD",
        help="an implementation: its name on the board, then its command"
        ' ("serve=badugi-spec serve")',
    )
    board.add_argument("--out", required=True, metavar="DIR", help="folder for the board")
    board.add_argument(
        "--timeout", type=arguments.seconds, default=10.0, metavar="S", help="seconds per request"
    )
    board.add_argument("--date", metavar="YYYY-MM-DD", help="the date shown (default: today)")
    board.add_argument(
        "--expect",
        action="append",
        default=[],
        metavar="NAME=FILE",
        help="an implementation's expected failures (verify --expect), shown apart",
    )
    board.add_argument(
        "--fuzz-seconds",
        type=arguments.seconds,
        metavar="S",
        help="also fuzz each implementation for S seconds (seed 1): findings per 100,000 hands",
    )
    board.set_defaults(run=run_board)


def _entry(text: str) -> tuple[str, list[str]]:
    name, sep, command = text.partition("=")
    if not sep or not _NAME.match(name):
        raise BadugiError(f"--impl {text!r}: expected NAME=CMD, NAME of letters, digits, . _ -")
    return name, impl_argv(command)


def _expect_entry(text: str, names: list[str]) -> tuple[str, str]:
    name, sep, path = text.partition("=")
    if not sep or name not in names:
        raise BadugiError(f"--expect {text!r}: expected NAME=FILE, NAME one of --impl's")
    return name, path


def fuzz(argv: list[str], seconds: float, timeout: float) -> dict[str, Any]:
    """A short seeded fuzz of one implementation (`badugi-spec fuzz`, in a process of its
    own): hands played or valued, findings, and findings per 100,000 of those hands."""
    with tempfile.TemporaryDirectory(prefix="badugi-board-") as folder:
        report = Path(folder) / "fuzz.json"
        command = [sys.executable, "-m", "badugi_spec", "fuzz", "--impl", shlex.join(argv)]
        command += ["--seconds", f"{seconds:g}", "--seed", "1", "--timeout", f"{timeout:g}"]
        command += ["--json", str(report), "--out", str(Path(folder) / "found"), "-q"]
        subprocess.run(command, capture_output=True, check=False)
        if not report.is_file():
            return {"seconds": seconds, "hands": 0, "findings": None, "per_100k": None}
        data = json.loads(report.read_text("utf-8"))
    # Hands played and hands valued (an evaluator's trials value hands and play none).
    tally = data["tally"]
    hands = tally["hands"] + tally.get("kinds", {}).get("values", 0)
    found = len(data["findings"])
    per = round(found * 100_000 / hands, 1) if hands else None
    return {"seconds": seconds, "hands": hands, "findings": found, "per_100k": per}


def run_board(args: argparse.Namespace) -> int:
    entries = [_entry(text) for text in args.impl]
    names = [name for name, _ in entries]
    if len(set(names)) != len(names):
        raise BadugiError("--impl: each implementation needs a name of its own")
    paths = suite_paths(args.paths)
    check_outputs({"--out": args.out}, inputs=[Path(p) for p in paths], folders={"--out"})
    suite = load_suite(paths)
    found = versions.find(paths)
    expected = dict(_expect_entry(text, names) for text in args.expect)
    known = [s.id for s in suite.scenarios]
    rows = []
    for name, argv in entries:
        listed = expectations.load(Path(expected[name]), known) if name in expected else []
        row = _row(name, argv, suite, args.timeout, listed)
        if args.fuzz_seconds:
            row["fuzz"] = fuzz(argv, args.fuzz_seconds, args.timeout)
        rows.append(row)
    version = found.version if found else None
    board: dict[str, Any] = {
        "suite": version,
        "cases": len(suite.scenarios),
        "date": args.date or datetime.date.today().isoformat(),
        "implementations": rows,
    }
    out = Path(args.out)
    write(out / "board.json", json.dumps(board, indent=1, ensure_ascii=False) + "\n")
    write(out / "board.md", board_markdown(board))
    for row in rows:
        write(out / "badges" / f"{row['name']}.json", json.dumps(badge(row, version)) + "\n")
    for row in rows:
        t = row["summary"]
        print(f"{row['name']}: {t['passed']} of {t['run']} run passed, {t['skipped']} skipped")
    print(f"board written to {out} (suite {board['suite']}, {board['date']})")
    return 1 if suite.errors else 0


def _row(
    name: str,
    argv: list[str],
    suite: Suite,
    timeout: float,
    listed: list[expectations.Expected],
) -> dict[str, Any]:
    impl = ProcessImplementation(argv, timeout=timeout, max_line=MAX_LINE_BYTES)
    try:
        results = run_planned(impl, plan(suite))
    finally:
        impl.close()
    expectations.apply(results, listed)
    profile_of = {s.id: s.profile.name for s in suite.scenarios}
    chapters: dict[str, Counter[str]] = {}
    profiles: dict[str, Counter[str]] = {}
    for result in results:
        for chapter in {chapter_of(rule) for rule in result.rules}:
            chapters.setdefault(chapter, Counter())[result.status] += 1
        profiles.setdefault(profile_of.get(result.id, "house"), Counter())[result.status] += 1
    total = Counter(r.status for r in results)
    return {
        "name": name,
        "implementation": f"{impl.name} {impl.version}".strip(),
        "summary": _tally(total),
        "chapters": {c: _tally(t) for c, t in sorted(chapters.items(), key=_chapter_key)},
        "profiles": {p: _tally(t) for p, t in sorted(profiles.items())},
        "failed": sorted(r.id for r in results if r.status in ("failed", "errored", "xpassed")),
        "expected_failures": sorted(r.id for r in results if r.status == "xfailed"),
    }


def _chapter_key(item: tuple[str, Any]) -> tuple[int, str]:
    return (len(item[0]), item[0])


def _tally(t: Counter[str]) -> dict[str, int]:
    # An expected failure is run and not passed, but counted apart: it is known, not news.
    run = t["passed"] + t["failed"] + t["errored"] + t["xfailed"] + t["xpassed"]
    found = {"passed": t["passed"], "run": run, "skipped": t["skipped"]}
    return found | ({"expected_failures": t["xfailed"]} if t["xfailed"] else {})


def _cell(t: dict[str, int] | None) -> str:
    if not t or not t["run"]:
        return "–"
    known = t.get("expected_failures", 0)
    mark = "" if t["passed"] + known == t["run"] else " ✗"
    apart = f" ({known} expected)" if known else ""
    return f"{t['passed']}/{t['run']}{apart}{mark}"


def board_markdown(board: dict[str, Any]) -> str:
    rows = board["implementations"]
    chapters = sorted({c for r in rows for c in r["chapters"]}, key=lambda c: (len(c), c))
    profiles = sorted({p for r in rows for p in r["profiles"]})
    lines = [
        f"Suite {board['suite']} ({board['cases']} cases), run on {board['date']}. A cell is the"
        " cases passed of those run; a case the implementation does not claim (a capability"
        " or profile it does not declare) is not run, shown –.",
        "",
        "| implementation | badge | passed | " + " | ".join(chapters) + " |",
        "| --- | --- | --- | " + " | ".join("---" for _ in chapters) + " |",
    ]
    for r in rows:
        cells = [_cell(r["chapters"].get(c)) for c in chapters]
        head = f"**{r['name']}** ({r['implementation']})"
        shown = f"![{r['name']}]({static_badge(badge(r, board['suite']))})"
        lines.append(f"| {head} | {shown} | {_cell(r['summary'])} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "| implementation | " + " | ".join(profiles) + " |",
        "| --- | " + " | ".join("---" for _ in profiles) + " |",
    ]
    for r in rows:
        cells = [_cell(r["profiles"].get(p)) for p in profiles]
        lines.append(f"| **{r['name']}** | " + " | ".join(cells) + " |")
    fuzzed = [r for r in rows if "fuzz" in r]
    if fuzzed:
        lines += ["", "| implementation | fuzzed hands | findings | per 100,000 hands |"]
        lines.append("| --- | --- | --- | --- |")
        for r in fuzzed:
            f = r["fuzz"]
            per = "–" if f["per_100k"] is None else f"{f['per_100k']:g}"
            lines.append(f"| **{r['name']}** | {f['hands']:,} | {f['findings']} | {per} |")
    failing = [r for r in rows if r["failed"]]
    if failing:
        lines += ["", "Cases failed or errored:", ""]
        for r in failing:
            shown = ", ".join(f"`{case}`" for case in r["failed"][:12])
            more = f" and {len(r['failed']) - 12} more" if len(r["failed"]) > 12 else ""
            lines.append(f"- **{r['name']}**: {shown}{more}")
    return "\n".join(lines) + "\n"


def static_badge(endpoint: dict[str, Any]) -> str:
    """The endpoint badge as a shields.io static badge URL, for a page that shows it."""

    def part(text: str) -> str:
        return quote(text.replace("-", "--").replace("_", "__"), safe="")

    label, message = part(endpoint["label"]), part(endpoint["message"])
    return f"https://img.shields.io/badge/{label}-{message}-{endpoint['color']}"


def badge(row: dict[str, Any], suite: str | None) -> dict[str, Any]:
    """A shields.io endpoint badge: `badugi-spec 1.0 | 340/348`."""
    t = row["summary"]
    share = t["passed"] / t["run"] if t["run"] else 0.0
    color = "brightgreen" if share == 1 else "yellow" if share >= 0.9 else "red"
    label = f"badugi-spec {suite}" if suite else "badugi-spec"
    known = t.get("expected_failures", 0)
    return {
        "schemaVersion": 1,
        "label": label,
        "message": f"{t['passed']}/{t['run']}" + (f" ({known} expected)" if known else ""),
        "color": color,
    }
