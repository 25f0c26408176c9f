"""The README's performance table: each target of `make bench`, met or not, with the machine
and the date, drawn from `benchmarks/results.json` and `benchmarks/make-test.json`.

`make bench` rewrites the block between the two markers of README.md, so the front door
never shows a figure older than the last run; `tests/test_readme.py` fails when the README's
block differs from what the committed results give. Rows of one group under one target
(the engine at 2, 6 and 8 seats), met alike, share a line, their figures as a range: the page
*Performance* of the site has every row.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
README = HERE.parent / "README.md"
BEGIN = "<!-- performance: written by make bench from benchmarks/results.json -->"
END = "<!-- performance: end -->"


def _figure(row: dict[str, Any]) -> float:
    """A row's figure as its target states it: a ratio where the target is one."""
    ratio = row["ratio"]
    if ratio is not None and "x" in row["target"]:
        return float(ratio)
    return float(row["ours"])


def _text(value: float, row: dict[str, Any]) -> str:
    if row["ratio"] is not None and "x" in row["target"]:
        return f"{value:.1f}x"
    figure = f"{value:,.0f}" if value >= 100 else f"{value:.2f}"
    return f"{figure} {row['unit']}".rstrip()


def _span(rows: list[dict[str, Any]]) -> str:
    values = sorted(_figure(row) for row in rows)
    low, high = _text(values[0], rows[0]), _text(values[-1], rows[0])
    return low if low == high else f"{low} to {high}"


def _what(rows: list[dict[str, Any]]) -> str:
    first = rows[0]["what"]
    return first if len(rows) == 1 else f"{first}, and {len(rows) - 1} more alike"


def block(results: dict[str, Any], make_test: dict[str, Any]) -> str:
    """The README's lines between the markers, markers included."""
    groups: dict[tuple[str, str, bool], list[dict[str, Any]]] = {}
    for row in results["rows"]:
        if row["met"] is not None:
            groups.setdefault((row["group"], row["target"], row["met"]), []).append(row)
    lines = [
        BEGIN,
        f"Last `make bench`: {results['date']}, on {results['machine']}.",
        "",
        "| group | what | figure | target | |",
        "| --- | --- | --- | --- | --- |",
    ]
    for (group, target, met_all), rows in groups.items():
        met = "met" if met_all else "**not met**"
        lines.append(f"| {group} | {_what(rows)} | {_span(rows)} | {target} | {met} |")
    run = make_test["runs"][-1]
    wall = make_test["wall_seconds"]["most"]
    lines.append(
        f"| tests | `make test`, {make_test['date']}, whole machine's CPU "
        f"| {wall} s, {run['machine_cpu_minutes']} CPU-min | <= 300 s, <= 5 CPU-min "
        f"| {'met' if wall <= 300 and run['machine_cpu_minutes'] <= 5 else '**not met**'} |"
    )
    lines.append(END)
    return "\n".join(lines)


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((HERE / name).read_text(encoding="utf-8"))
    return data


def expected() -> str:
    """The block the committed results give."""
    return block(_load("results.json"), _load("make-test.json"))


def current(readme: str) -> str:
    """The README's block as it stands (empty when the markers are missing)."""
    start, end = readme.find(BEGIN), readme.find(END)
    return "" if start < 0 or end < 0 else readme[start : end + len(END)]


def write() -> None:
    """Replace the README's block by the one the committed results give."""
    readme = README.read_text(encoding="utf-8")
    old = current(readme)
    if not old:
        raise SystemExit(f"{README}: the performance markers are missing ({BEGIN})")
    README.write_text(readme.replace(old, expected()), encoding="utf-8")


if __name__ == "__main__":
    write()
