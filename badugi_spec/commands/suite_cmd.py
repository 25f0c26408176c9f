"""`suite-lock`: record the suite's version per case and write its changelog.

Run after adding or changing scenarios (`make suite-lock`); `--check` (the test suite's)
only says whether the record is current.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from badugi_spec.errors import BadugiError
from badugi_spec.outputs import write
from badugi_spec.scenario import versions
from badugi_spec.scenario.report import load_error_lines
from badugi_spec.scenario.suite import installed_suite, load_suite


def register(sub: Any) -> None:
    lock = sub.add_parser(
        "suite-lock", help="record each case's suite version and digest; write the changelog"
    )
    lock.add_argument("folder", nargs="?", help="the suite folder (default: the installed suite)")
    lock.add_argument(
        "--check", action="store_true", help="write nothing; fail if the record is not current"
    )
    lock.set_defaults(run=run_lock)


def run_lock(args: argparse.Namespace) -> int:
    root = Path(args.folder) if args.folder else installed_suite()
    if not (root / versions.VERSION_FILE).is_file():
        raise BadugiError(f"{root}: no {versions.VERSION_FILE}; the suite's version is set there")
    current = versions.read(root)
    suite = load_suite([root])
    for error in suite.errors:
        print("\n".join(load_error_lines(error)))
    if suite.errors:
        return 1
    made = versions.relock(current, suite.scenarios)
    texts = {
        root / versions.LOCK_FILE: versions.lock_text(made),
        root / versions.CHANGELOG: versions.changelog_text(made),
    }
    stale = [path for path, text in texts.items() if _read(path) != text]
    if args.check:
        for path in stale:
            print(f"{path}: not current; run {versions.REGENERATE}")
        return 1 if stale else 0
    for path in stale:
        write(path, texts[path])
    added = sum(1 for e in made.cases.values() if e.added == made.version)
    changed = sum(1 for e in made.cases.values() if e.since == made.version) - added
    print(
        f"suite {made.version}: {len(made.cases)} cases ({added} added, {changed} changed in"
        f" {made.version}); {len(stale)} files written"
    )
    return 0


def _read(path: Path) -> str | None:
    try:
        return path.read_text("utf-8")
    except OSError:
        return None
