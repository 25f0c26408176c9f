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

from .templating import data, render

BENCHMARKS: Final = Path(__file__).resolve().parents[2] / "benchmarks"
RESULTS: Final = BENCHMARKS / "results.json"
MAKE_TEST: Final = BENCHMARKS / "make-test.json"
PAGE: Final = "performance.md"
_RATES: Final = frozenset({"hands/s", "trials/s", "scen/s"})
GROUP_TITLES: Final[dict[str, str]] = data("site")["performance"]["group_titles"]
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
    return _object(data, str(path))


Number: Final = (int, float)
_JSON: Final[dict[type, str]] = {
    bool: "true or false",  # before int: a JSON true is an int to Python
    str: "a string",
    int: "a number",
    float: "a number",
    list: "a list",
    dict: "an object",
}


def _json_type(value: object) -> str:
    """What a JSON value is, as the file's author would say it."""
    return next((name for kind, name in _JSON.items() if isinstance(value, kind)), "null")


def _field(
    data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str, *, null: bool = False
) -> Any:
    """`data[key]` if it is of `kind` (a JSON true is never a number), else one line that
    names the file, the place in it and the field."""
    value = data.get(key)
    if value is None and null:
        return None
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, kinds) and (bool in kinds or not isinstance(value, bool)):
        return value
    wanted = " or ".join(dict.fromkeys(_json_type(k()) for k in kinds))
    found = "missing" if key not in data else f"is {_json_type(value)}"
    null_too = " or null" if null else ""
    raise PerformanceDataError(f"{where}: field {key!r} {found}; {wanted}{null_too} expected")


def _object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise PerformanceDataError(f"{where}: an object expected, not {_json_type(value)}")
    return value


def _objects(data: dict[str, Any], key: str, where: str) -> list[tuple[dict[str, Any], str]]:
    """The objects of the list `data[key]`, each with where it is (`rows[2]`)."""
    items = _field(data, key, list, where)
    return [
        (_object(item, f"{where}: {key}[{n}]"), f"{where}: {key}[{n}]")
        for n, item in enumerate(items)
    ]


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
    out: list[BenchRow] = []
    for row, at in _objects(results, "rows", where):
        unit = _field(row, "unit", str, at)
        ratio = _field(row, "ratio", Number, at, null=True)
        out.append(
            BenchRow(
                group=_cell(_field(row, "group", str, at)),
                what=_cell(_field(row, "what", str, at)),
                ours=_cell(figure(_field(row, "ours", Number, at, null=True), unit)),
                peer=_cell(figure(_field(row, "theirs", Number, at, null=True), unit)),
                ratio="–" if ratio is None else f"{ratio:.1f}x",
                target=_cell(
                    (_field(row, "target", str, at, null=True) or "–").replace("(info)", "–")
                ),
                verdict=verdict(_field(row, "met", bool, at, null=True)),
                note=_cell(_field(row, "note", str, at, null=True) or ""),
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

    def part(key: str) -> tuple[dict[str, Any], str]:
        return _field(data, key, dict, where), f"{where}: {key}"

    (budget, at_budget), (wall, at_wall) = part("budget"), part("wall_seconds")
    (reaped, at_reaped), (ci, at_ci), (how, at_how) = (
        part("reaped_cpu_minutes"),
        part("ci_run"),
        part("how"),
    )
    cpu_budget = float(_field(budget, "cpu_minutes", Number, at_budget))
    wall_budget = float(_field(budget, "wall_minutes", Number, at_budget))
    runs = []
    for number, (run, at) in enumerate(_objects(data, "runs", where), start=1):
        cpu = float(_field(run, "machine_cpu_minutes", Number, at))
        runs.append({"number": number, "cpu": f"{cpu:g}", "verdict": verdict(cpu <= cpu_budget)})
    least, most = (float(_field(wall, key, Number, at_wall)) for key in ("least", "most"))
    return {
        **{key: _field(data, key, str, where) for key in ("date", "code", "machine", "setup")},
        "tests": f"{_field(data, 'tests', int, where):,}",
        "cpu_budget": f"{cpu_budget:g}",
        "wall_budget": f"{wall_budget:g}",
        "runs": runs,
        "wall": f"{_minutes(least)} to {_minutes(most)}",
        "wall_verdict": verdict(most <= wall_budget * 60),
        "reaped": " to ".join(
            f"{_field(reaped, k, Number, at_reaped):.1f}" for k in ("least", "most")
        ),
        "how": {key: _field(how, key, str, at_how) for key in ("machine_cpu", "reaped_cpu")},
        "ci": {
            "what": _field(ci, "what", str, at_ci),
            "wall": _minutes(_field(ci, "wall_seconds", Number, at_ci)),
            "cpu": f"{_field(ci, 'machine_cpu_minutes', Number, at_ci):.1f}",
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
