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
from collections import Counter
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote

from badugi_spec.commands.verify_cmd import PATHS_HELP, impl_argv
from badugi_spec.errors import BadugiError
from badugi_spec.outputs import check_outputs, write
from badugi_spec.protocol import MAX_LINE_BYTES
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.rules import chapter_of
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
        "--timeout", type=float, default=10.0, metavar="S", help="seconds per request"
    )
    board.add_argument("--date", metavar="YYYY-MM-DD", help="the date shown (default: today)")
    board.set_defaults(run=run_board)


def _entry(text: str) -> tuple[str, list[str]]:
    name, sep, command = text.partition("=")
    if not sep or not _NAME.match(name):
        raise BadugiError(f"--impl {text!r}: expected NAME=CMD, NAME of letters, digits, . _ -")
    return name, impl_argv(command)


def run_board(args: argparse.Namespace) -> int:
    entries = [_entry(text) for text in args.impl]
    names = [name for name, _ in entries]
    if len(set(names)) != len(names):
        raise BadugiError("--impl: each implementation needs a name of its own")
    paths = suite_paths(args.paths)
    check_outputs({"--out": args.out}, inputs=[Path(p) for p in paths], folders={"--out"})
    suite = load_suite(paths)
    found = versions.find(paths)
    rows = [_row(name, argv, suite, args.timeout) for name, argv in entries]
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


def _row(name: str, argv: list[str], suite: Suite, timeout: float) -> dict[str, Any]:
    impl = ProcessImplementation(argv, timeout=timeout, max_line=MAX_LINE_BYTES)
    try:
        results = run_planned(impl, plan(suite))
    finally:
        impl.close()
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
        "failed": sorted(r.id for r in results if r.status in ("failed", "errored")),
    }


def _chapter_key(item: tuple[str, Any]) -> tuple[int, str]:
    return (len(item[0]), item[0])


def _tally(t: Counter[str]) -> dict[str, int]:
    run = t["passed"] + t["failed"] + t["errored"]
    return {"passed": t["passed"], "run": run, "skipped": t["skipped"]}


def _cell(t: dict[str, int] | None) -> str:
    if not t or not t["run"]:
        return "–"
    mark = "" if t["passed"] == t["run"] else " ✗"
    return f"{t['passed']}/{t['run']}{mark}"


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
    return {
        "schemaVersion": 1,
        "label": label,
        "message": f"{t['passed']}/{t['run']}",
        "color": color,
    }
