"""The Performance page: what `make bench` measured and what `make test` costs, from data.

Two committed files in the checkout hold the figures: `benchmarks/results.json`, written
whole by `make bench` (each row a figure of ours, a peer measured in the same run, their
ratio, the target and whether it is met), and `benchmarks/make-test.json`, the last
measurement of `make test` (it needs an idle machine, so no command rewrites it). The page
only formats them: a new `make bench` is a new page, with no prose to update by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from badugi_spec.errors import BadugiError
from badugi_spec.protocol import conforms

from .templating import data, render

BENCHMARKS: Final = Path(__file__).resolve().parents[2] / "benchmarks"
RESULTS: Final = BENCHMARKS / "results.json"
MAKE_TEST: Final = BENCHMARKS / "make-test.json"
PAGE: Final = "performance.md"
_RATES: Final = frozenset({"hands/s", "trials/s", "scen/s"})
SHAPES: Final = data("performance")
"""What each file must hold, field by field (`data/performance.toml`)."""
GROUP_TITLES: Final[dict[str, str]] = data("site")["performance"]["group_titles"]
"""A heading per group of `make bench` rows; a group not named here shows its own name."""


class PerformanceDataError(BadugiError):
    """A figures file the page cannot read, or one off its shape: one line naming the file
    and the field."""


def _read(path: Path, shape: str) -> dict[str, Any]:
    """The file's JSON, held to its shape (`data/performance.toml`)."""
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise PerformanceDataError(f"{path}: cannot read it ({error.strerror})") from None
    except json.JSONDecodeError as error:
        raise PerformanceDataError(f"{path}:{error.lineno}: not JSON ({error.msg})") from None
    problems = conforms(loaded, SHAPES[shape])
    if problems:
        raise PerformanceDataError(f"{path}: {problems[0]}")
    result: dict[str, Any] = loaded
    return result


def figure(value: float | None, unit: str) -> str:
    """A measured value to three significant figures, a rate in k or M, with its unit."""
    if value is None:
        return "–"
    scaled, prefix = value, ""
    if unit in _RATES and value >= 1e6:
        scaled, prefix = value / 1e6, " M"
    elif unit in _RATES and value >= 1e4:
        scaled, prefix = value / 1e3, " k"
    text = f"{scaled:,.0f}" if scaled >= 100 else f"{scaled:.3g}"
    return f"{text}{prefix} {unit}".rstrip() if unit or prefix else text


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def verdict(met: bool | None) -> str:
    return "info" if met is None else ("met" if met else "**not met**")


def by_group(results: dict[str, Any]) -> list[tuple[str, list[dict[str, str]]]]:
    """`make bench`'s rows formatted for the tables, in its order, one list per group."""
    groups: dict[str, list[dict[str, str]]] = {}
    for row in results["rows"]:
        unit, ratio = row["unit"], row.get("ratio")
        groups.setdefault(_cell(row["group"]), []).append(
            {
                "what": _cell(row["what"]),
                "ours": _cell(figure(row.get("ours"), unit)),
                "peer": _cell(figure(row.get("theirs"), unit)),
                "ratio": "–" if ratio is None else f"{ratio:.1f}x",
                "target": _cell((row.get("target") or "–").replace("(info)", "–")),
                "verdict": verdict(row.get("met")),
                "note": _cell(row.get("note") or ""),
            }
        )
    return [(GROUP_TITLES.get(name, name), rows) for name, rows in groups.items()]


def _minutes(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60} s"


def make_test_view(data: dict[str, Any]) -> dict[str, Any]:
    """`make-test.json` formatted: each run against the CPU budget."""
    budget, wall, reaped, ci = (
        data[key] for key in ("budget", "wall_seconds", "reaped_cpu_minutes", "ci_run")
    )
    runs = [
        {"number": number, "cpu": f"{cpu:g}", "verdict": verdict(cpu <= budget["cpu_minutes"])}
        for number, cpu in enumerate((run["machine_cpu_minutes"] for run in data["runs"]), 1)
    ]
    return {
        **{key: data[key] for key in ("date", "code", "machine", "setup", "how")},
        "tests": f"{data['tests']:,}",
        "cpu_budget": f"{budget['cpu_minutes']:g}",
        "wall_budget": f"{budget['wall_minutes']:g}",
        "runs": runs,
        "wall": f"{_minutes(wall['least'])} to {_minutes(wall['most'])}",
        "wall_verdict": verdict(wall["most"] <= budget["wall_minutes"] * 60),
        "reaped": f"{reaped['least']:.1f} to {reaped['most']:.1f}",
        "ci": {
            "what": ci["what"],
            "wall": _minutes(ci["wall_seconds"]),
            "cpu": f"{ci['machine_cpu_minutes']:.1f}",
        },
    }


def performance_md(results: Path = RESULTS, make_test: Path = MAKE_TEST) -> str:
    """The page, from the two files (a missing or malformed one stops the build)."""
    bench = _read(results, "results")
    groups = by_group(bench)
    rows = [row for _, group in groups for row in group]
    return render(
        "performance/page.md",
        date=bench["date"],
        machine=bench["machine"],
        groups=groups,
        targets=sum(row["verdict"] != "info" for row in rows),
        unmet=[row for row in rows if row["verdict"] == verdict(False)],
        test=make_test_view(_read(make_test, "make_test")),
    )
