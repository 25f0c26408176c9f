"""The README is a front door (issue 37, item 6), the figures it held are on the site's
Performance page drawn from data, and the install page says where the source comes from.

The README's commands and example are checked against what they claim: the two make targets
exist and do what the README says, the scenario runs and passes where it says to save it,
and every link opens a file of the checkout.
"""

from __future__ import annotations

import html
import json
import re
import tomllib
from pathlib import Path

import pytest

from badugi_spec.docs.performance import (
    MAKE_TEST,
    RESULTS,
    PerformanceDataError,
    performance_md,
)
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Runner
from benchmarks import readme as bench_readme

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
MOST_LINES = 150


def _section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def _recipe(target: str) -> list[str]:
    """The command lines of a Makefile target."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    match = re.search(rf"^{re.escape(target)}:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert match, f"Makefile has no target {target}"
    return [line.strip() for line in match.group(1).splitlines()]


def test_the_readme_is_short() -> None:
    assert len(README.splitlines()) <= MOST_LINES


def test_the_quick_start_gives_the_two_commands_and_they_do_what_it_says() -> None:
    (block,) = re.findall(r"```sh\n(.*?)```", _section("Quick start"), re.S)
    commands = [line.split("#", 1)[0].strip() for line in block.splitlines()]
    assert commands == ["make run", "make test"]
    # make run: the suite against the engine, then the strict site build.
    run = _recipe("run")
    assert any("badugi-spec check scenarios" in line and "--coverage" in line for line in run)
    assert any("mkdocs build --strict" in line for line in run)
    # make test: lint, the layers and the types first, then pytest.
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^test: \$\(STAMP\) lint layers typecheck$", makefile, re.M)
    assert any("-m pytest" in line for line in _recipe("test"))
    assert "Python 3.11 and make" in _section("Quick start")


def test_the_authors_example_passes_where_the_readme_says_to_save_it() -> None:
    section = _section("For a scenario author")
    (scenario,) = re.findall(r"```badugi\n(.*?)```", section, re.S)
    (command,) = re.findall(r"badugi-spec check (\S+\.badugi)", section)
    path = Path(command)
    ident = re.match(r"scenario (\S+)", scenario)
    assert ident and path.stem == ident.group(1)
    chapter = re.search(r"^rules R(\d+)\.", scenario, re.M)
    assert chapter and path.parent.name.startswith(f"{int(chapter.group(1)):02d}-")
    assert (ROOT / path.parent).is_dir()  # the chapter's folder exists
    case = compile_case(parse_scenario(scenario, str(path), set(load_rules())))
    result = Runner(EngineImplementation()).run(case)
    assert result.status == "passed", result.divergence


def test_every_link_of_the_readme_opens_a_file_and_every_page_is_in_the_nav() -> None:
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README)
    assert links
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for link in links:
        assert (ROOT / link).is_file(), link
        if link.startswith("docs/"):
            assert f": {link.removeprefix('docs/')}" in nav, f"{link} is not in the nav"


def test_the_readme_keeps_no_measurements_but_the_table_make_bench_writes() -> None:
    # Timings and ratios belong on the Performance page, drawn from data; the README's one
    # table of them is written by `make bench` from the same files (issue 40).
    timing = re.compile(r"\b\d+(?:[.,]\d+)?\s?(?:CPU-)?(?:minutes?|seconds?|min|ms|µs|s)\b")
    ratio = re.compile(r"\b\d+(?:\.\d+)?x\b")
    rest = README.replace(bench_readme.current(README), "")
    assert timing.findall(rest) == [] and ratio.findall(rest) == []


def test_the_readme_performance_table_is_the_committed_results() -> None:
    block = bench_readme.current(README)
    assert block, "README.md has no performance table between its markers"
    assert block == bench_readme.expected(), "run `python -m benchmarks.readme` or make bench"
    results = json.loads(RESULTS.read_text(encoding="utf-8"))
    assert results["date"] in block and results["machine"] in block
    for row in results["rows"]:
        if row["met"] is not None:  # every target has a line, with its verdict
            lines = [x for x in block.splitlines() if row["target"] in x and row["group"] in x]
            assert any((" met |" in x) == row["met"] for x in lines), row["what"]


def test_the_readme_performance_table_groups_alike_rows_as_a_range() -> None:
    results = {
        "date": "2031-01-02",
        "machine": "m9",
        "rows": [_row("two", 12.0, True), _row("six", 11.0, True), _row("eight", 9.5, False)],
    }
    make_test = {
        "date": "2031-01-03",
        "runs": [{"machine_cpu_minutes": 4.5}],
        "wall_seconds": {"most": 250},
    }
    lines = bench_readme.block(results, make_test).splitlines()
    assert "| engine | two, and 1 more alike | 11.0x to 12.0x | >= 10x PokerKit | met |" in lines
    assert "| engine | eight | 9.5x | >= 10x PokerKit | **not met** |" in lines
    assert lines[-2].endswith("| 250 s, 4.5 CPU-min | <= 300 s, <= 5 CPU-min | met |")


# ----- the Performance page -----------------------------------------------------------


def _row(what: str, ratio: object, met: object) -> dict[str, object]:
    return {
        "group": "engine",
        "what": what,
        "ours": 1234.0,
        "theirs": 100.0,
        "unit": "hands/s",
        "ratio": ratio,
        "target": ">= 10x PokerKit",
        "met": met,
        "note": "a | b",
    }


def test_the_performance_page_shows_every_row_of_results_json(tmp_path: Path) -> None:
    results = tmp_path / "results.json"
    rows = [_row("six seats", 12.34, True), _row("eight seats", 9.5, False)]
    rows.append(_row("steady state", None, None))
    results.write_text(json.dumps({"date": "2031-01-02", "machine": "m9", "rows": rows}))
    page = performance_md(results, MAKE_TEST)
    assert "2031-01-02" in page and "m9" in page
    lines = {line.split(" | ", 1)[0].removeprefix("| "): line for line in page.splitlines()}
    assert "| 12.3x |" in lines["six seats"] and "| met |" in lines["six seats"]
    assert "| 9.5x |" in lines["eight seats"] and "**not met**" in lines["eight seats"]
    assert "| info |" in lines["steady state"]
    assert "a \\| b" in lines["six seats"]  # a pipe in a note does not split the cell
    assert "1 met; not met:" in page and "- eight seats: 9.5x" in page


def test_the_performance_page_follows_the_committed_results() -> None:
    data = json.loads(RESULTS.read_text(encoding="utf-8"))
    page = html.unescape(performance_md())  # Jinja escapes the `>` of ">= 50x"
    assert f"**Last run: {data['date']}**, on {data['machine']}" in page
    for row in data["rows"]:
        line = next(x for x in page.splitlines() if x.startswith(f"| {row['what']} |"))
        ratio = "–" if row["ratio"] is None else f"{row['ratio']:.1f}x"
        verdict = {None: "info", True: "met", False: "**not met**"}[row["met"]]
        assert f"| {ratio} |" in line and f"| {verdict} |" in line, line


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"tests": "5659"}, "make-test.json: $.tests: '5659' is not integer"),
        ({"runs": [{"machine_cpu_minutes": "14.9"}]}, "$.runs[0].machine_cpu_minutes: '14.9'"),
        ({"runs": [14.9]}, "make-test.json: $.runs[0]: 14.9 is not object"),
        ({"wall_seconds": {"least": 1, "most": "2"}}, "$.wall_seconds.most: '2' is not number"),
        ({"how": {"machine_cpu": 3, "reaped_cpu": "r"}}, "$.how.machine_cpu: 3 is not string"),
        ({"how": {"machine_cpu": "m"}}, "$.how: 'reaped_cpu' missing"),
        (
            {"ci_run": {"what": "w", "wall_seconds": "9", "machine_cpu_minutes": 1}},
            "$.ci_run.wall_seconds: '9' is not number",
        ),
    ],
)
def test_a_wrong_type_in_make_test_json_is_one_line_naming_it(
    tmp_path: Path, change: dict[str, object], says: str
) -> None:
    data = json.loads(MAKE_TEST.read_text(encoding="utf-8")) | change
    changed = tmp_path / "make-test.json"
    changed.write_text(json.dumps(data))
    with pytest.raises(PerformanceDataError) as raised:
        performance_md(RESULTS, changed)
    message = str(raised.value)
    assert message.startswith(str(changed)) and says in message and "\n" not in message


def test_the_make_test_figures_come_from_their_file(tmp_path: Path) -> None:
    data = json.loads(MAKE_TEST.read_text(encoding="utf-8"))
    data["runs"] = [{"machine_cpu_minutes": 4.25}, {"machine_cpu_minutes": 7.5}]
    data["tests"] = 9876
    changed = tmp_path / "make-test.json"
    changed.write_text(json.dumps(data))
    page = html.unescape(performance_md(RESULTS, changed))
    assert "9,876 tests, 2 runs" in page
    assert "| 1 | 4.25 | met |" in page and "| 2 | 7.5 | **not met** |" in page
    assert data["how"]["machine_cpu"] in page and data["how"]["reaped_cpu"] in page


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{", "results.json:1: not JSON"),
        ('{"date": "d", "machine": "m"}', "$: 'rows' missing"),
        ('{"date": "d", "machine": "m", "rows": [{"group": "g"}]}', "$.rows[0]: 'what' missing"),
        # A string where a number belongs: the file, the row and the key, not a traceback.
        (
            json.dumps({"date": "d", "machine": "m", "rows": [_row("w", "12.3", True)]}),
            "$.rows[0].ratio: '12.3' is not number or null",
        ),
        (
            json.dumps(
                {"date": "d", "machine": "m", "rows": [{**_row("w", 2.0, True), "ours": "9"}]}
            ),
            "$.rows[0].ours: '9' is not number or null",
        ),
        (
            json.dumps({"date": "d", "machine": "m", "rows": [_row("w", 2.0, "yes")]}),
            "$.rows[0].met: 'yes' is not boolean or null",
        ),
        (json.dumps({"date": "d", "machine": "m", "rows": ["x"]}), "$.rows[0]: 'x' is not object"),
    ],
)
def test_a_broken_results_file_is_one_line_naming_it(tmp_path: Path, text: str, says: str) -> None:
    results = tmp_path / "results.json"
    results.write_text(text)
    with pytest.raises(PerformanceDataError) as raised:
        performance_md(results, MAKE_TEST)
    message = str(raised.value)
    assert str(results) in message and says in message and "\n" not in message


# ----- the install page -----------------------------------------------------------------


def test_the_install_page_says_where_the_source_comes_from() -> None:
    page = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    needs = page.split("## What you need", 1)[1].split("\n## ", 1)[0]
    assert "](#getting-the-source)" in needs  # the bare "git clone" of issue 38 links on
    source = page.split("\n## Getting the source\n", 1)[1].split("\n## ", 1)[0]
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"].get("urls", {})
    if urls:  # a published address: the page must link it
        assert any(f"]({url})" in source for url in urls.values()), urls
    else:  # none yet: the page says how to get the folder, concretely
        assert "git clone" in source and "pyproject.toml" in source and "rules/" in source
