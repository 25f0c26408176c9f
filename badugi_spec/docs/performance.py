"""The Performance page: what `make bench` measured and what `make test` costs, from data.

Two committed files hold the figures: `benchmarks/results.json`, written whole by
`make bench` (each row a figure of ours, a peer measured in the same run, their ratio, the
target and whether it is met), and `benchmarks/make-test.json`, the last measurement of
`make test` itself (whole-machine CPU and reaped CPU, and how each was taken), which no
command can rewrite because it needs an otherwise idle machine. The page only formats
them: a new `make bench` is a new page, with no prose to bring up to date by hand. The
markup is `templates/performance/page.md`.

Both files live in the checkout beside the package, as `pyproject.toml` does for the
architecture page: the site is built from a checkout.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from badugi_spec.errors import BadugiError

from .templating import render

BENCHMARKS: Final = Path(__file__).resolve().parents[2] / "benchmarks"
RESULTS: Final = BENCHMARKS / "results.json"
MAKE_TEST: Final = BENCHMARKS / "make-test.json"
PAGE: Final = "performance.md"
_RATES: Final = frozenset({"hands/s", "trials/s", "scen/s"})
GROUP_TITLES: Final = {
    "evaluator": "The house evaluator",
    "rankings": "The four hand rankings (R9)",
    "engine": "The engine",
    "suite": "The suite through the protocol",
    "fuzz": "Fuzzing",
    "startup": "Start-up of the command line",
    "docs": "The site",
    "page engine": "The engine in the page (/play/)",
}
"""A heading per group of `make bench` rows; a group not named here shows its own name."""


class PerformanceDataError(BadugiError):
    """A figures file the page cannot read: one line naming the file and the field."""


@dataclass(frozen=True, slots=True)
class BenchRow:
    """One row of `make bench`, formatted for the table."""

    group: str
    what: str
    ours: str
    peer: str
    ratio: str
    target: str
    verdict: str
    note: str


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise PerformanceDataError(f"{path}: cannot read it ({error.strerror})") from None
    except json.JSONDecodeError as error:
        raise PerformanceDataError(f"{path}:{error.lineno}: not JSON ({error.msg})") from None
    if not isinstance(data, dict):
        raise PerformanceDataError(f"{path}: an object expected at the top")
    return data


def _field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    value = data.get(key)
    # A JSON true is an int to Python: never a figure, a date or a list.
    if not isinstance(value, kind) or isinstance(value, bool):
        raise PerformanceDataError(f"{where}: field {key!r} missing or of the wrong type")
    return value


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


def bench_rows(results: dict[str, Any], where: str) -> list[BenchRow]:
    rows = _field(results, "rows", list, where)
    out: list[BenchRow] = []
    for number, row in enumerate(rows, start=1):
        at = f"{where}: rows[{number - 1}]"
        if not isinstance(row, dict):
            raise PerformanceDataError(f"{at}: an object expected")
        unit = _field(row, "unit", str, at)
        ratio = row.get("ratio")
        met = row.get("met")
        if met is not None and not isinstance(met, bool):
            raise PerformanceDataError(f"{at}: field 'met' must be true, false or null")
        out.append(
            BenchRow(
                group=_cell(_field(row, "group", str, at)),
                what=_cell(_field(row, "what", str, at)),
                ours=_cell(figure(row.get("ours"), unit)),
                peer=_cell(figure(row.get("theirs"), unit)),
                ratio="–" if ratio is None else f"{ratio:.1f}x",
                target=_cell(str(row.get("target") or "–").replace("(info)", "–")),
                verdict=verdict(met),
                note=_cell(str(row.get("note") or "")),
            )
        )
    return out


def by_group(rows: list[BenchRow]) -> list[tuple[str, list[BenchRow]]]:
    """The rows in `make bench`'s order, one list per group."""
    groups: dict[str, list[BenchRow]] = {}
    for row in rows:
        groups.setdefault(row.group, []).append(row)
    return [(GROUP_TITLES.get(name, name), rows) for name, rows in groups.items()]


def _minutes(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60} s"


def make_test_view(data: dict[str, Any], where: str) -> dict[str, Any]:
    """`make-test.json` checked and formatted: each run against the CPU budget."""
    budget = _field(data, "budget", dict, where)
    cpu_budget = float(_field(budget, "cpu_minutes", (int, float), f"{where}: budget"))
    wall_budget = float(_field(budget, "wall_minutes", (int, float), f"{where}: budget"))
    wall = _field(data, "wall_seconds", dict, where)
    reaped = _field(data, "reaped_cpu_minutes", dict, where)
    runs = []
    for number, run in enumerate(_field(data, "runs", list, where), start=1):
        cpu = float(_field(run, "machine_cpu_minutes", (int, float), f"{where}: runs"))
        runs.append({"number": number, "cpu": f"{cpu:g}", "verdict": verdict(cpu <= cpu_budget)})
    ci = _field(data, "ci_run", dict, where)
    most_wall = float(_field(wall, "most", (int, float), f"{where}: wall_seconds"))
    return {
        "date": _field(data, "date", str, where),
        "code": _field(data, "code", str, where),
        "machine": _field(data, "machine", str, where),
        "setup": _field(data, "setup", str, where),
        "tests": f"{_field(data, 'tests', int, where):,}",
        "cpu_budget": f"{cpu_budget:g}",
        "wall_budget": f"{wall_budget:g}",
        "runs": runs,
        "wall": f"{_minutes(_field(wall, 'least', (int, float), where))} to {_minutes(most_wall)}",
        "wall_verdict": verdict(most_wall <= wall_budget * 60),
        "reaped": f"{_field(reaped, 'least', (int, float), where):.1f} to "
        f"{_field(reaped, 'most', (int, float), where):.1f}",
        "how": _field(data, "how", dict, where),
        "ci": {
            "what": _field(ci, "what", str, f"{where}: ci_run"),
            "wall": _minutes(_field(ci, "wall_seconds", (int, float), f"{where}: ci_run")),
            "cpu": f"{_field(ci, 'machine_cpu_minutes', (int, float), where):.1f}",
        },
    }


def performance_md(results: Path = RESULTS, make_test: Path = MAKE_TEST) -> str:
    """The page, from the two files (a missing or malformed one stops the build)."""
    bench = _read(results)
    rows = bench_rows(bench, str(results))
    return render(
        "performance/page.md",
        date=_field(bench, "date", str, str(results)),
        machine=_field(bench, "machine", str, str(results)),
        groups=by_group(rows),
        targets=sum(row.verdict != "info" for row in rows),
        unmet=[row for row in rows if row.verdict == verdict(False)],
        test=make_test_view(_read(make_test), str(make_test)),
    )
