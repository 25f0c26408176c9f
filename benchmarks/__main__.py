"""Entry point for `make bench`: print the table and write benchmarks/results.json."""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
import platform
import sys
from pathlib import Path

from benchmarks import (
    big_bet,
    docs,
    engine,
    evaluator,
    fuzz,
    page_engine,
    rankings,
    readme,
    startup,
    suite,
)
from benchmarks.timing import Row

RESULTS = Path(__file__).resolve().parent / "results.json"


def _figure(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


def _met(row: Row) -> str:
    return "" if row.met is None else ("met" if row.met else "NOT met")


def table(rows: list[Row]) -> str:
    header = ("what", "ours", "peer", "ratio", "target", "", "note")
    lines = [header]
    for row in rows:
        ratio = "-" if row.ratio is None else f"{row.ratio:.1f}x"
        lines.append(
            (
                f"{row.group}: {row.what}",
                _figure(row.ours),
                _figure(row.theirs),
                ratio,
                row.target,
                _met(row),
                row.note,
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
        for line in lines
    )


MODULES = (evaluator, rankings, engine, big_bet, suite, fuzz, startup, docs, page_engine)


def main() -> int:
    rows: list[Row] = []
    # `python -m benchmarks fuzz`: only the rows named, printed, results.json left as it is.
    chosen = [m for m in MODULES if m.__name__.removeprefix("benchmarks.") in sys.argv[1:]]
    for module in chosen or MODULES:
        rows.extend(module.run())
        print(f"... {module.__name__} done", file=sys.stderr)
    print(table(rows))
    if chosen:
        return 0
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    RESULTS.write_text(
        json.dumps(
            {
                "date": datetime.date.today().isoformat(),
                "machine": machine,
                "rows": [dataclasses.asdict(row) for row in rows],
            },
            indent=2,
        )
        + "\n",
        encoding="utf-8",
    )
    readme.write()
    print(f"\n{machine}; written to {RESULTS} and README.md's performance table")
    return 0


sys.exit(main())
