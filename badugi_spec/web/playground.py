"""A scenario text run in the page as `badugi-spec check` runs a file, drawn as the site
draws a worked example.

A text that does not parse gives the parser's own located error (file:line:column, the
line and a caret); one that runs and fails gives `check`'s first divergence and the steps
before it; one that passes gives the same step tables as its chapter page, from the same
`example_html`. Only a bug of ours is reported as one, with its type and message: the
page shows every answer as a message, never a blank area.
"""

from __future__ import annotations

import time
from typing import Any, Final

from badugi_spec import __version__
from badugi_spec.docs.examples import Executed, example_html
from badugi_spec.errors import ScenarioError
from badugi_spec.replays.record import Recorder
from badugi_spec.rules import load
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.report import describe_failure
from badugi_spec.scenario.runner import Runner
from badugi_spec.scenario.suite import parse_scenario

FILE_NAME: Final = "playground.badugi"
"""The name errors give the text: it is no file, but `check`'s messages name one."""
MOST_CHARS: Final = 256_000
"""Longer than any scenario of the suite by far; the page says so rather than hang on it."""


def run(source: str, *, name: str = FILE_NAME) -> dict[str, Any]:
    """Parse, compile and run `source` against our engine.

    `status` is `error` (it does not parse: `line`, `column` and `lines`), `failed` or
    `errored` (`lines` as `check` prints them, `line` where it diverged), or `passed`
    (`html`, the worked example's tables). `seconds` is the run's own time."""
    started = time.perf_counter()
    answer = _run(source, name)
    answer["seconds"] = round(time.perf_counter() - started, 4)
    answer["version"] = __version__
    return answer


def _run(source: str, name: str) -> dict[str, Any]:
    if len(source) > MOST_CHARS:
        return {
            "status": "error",
            "line": 0,
            "column": 0,
            "lines": [f"{name}: {len(source):,} characters; a scenario has at most {MOST_CHARS:,}"],
        }
    try:
        # A text that parses can still be refused as it compiles (a profile override out
        # of range, a deal that repeats a card): both are a located error, shown alike.
        scenario = parse_scenario(source, name, set(load()))
        case = compile_case(scenario)
    except ScenarioError as error:
        return {
            "status": "error",
            "line": error.line,
            "column": error.column,
            "lines": error.render().splitlines(),
        }
    # As the docs build runs an example: our engine, keeping each hand for the replayer.
    recorder = Recorder()
    result = Runner(recorder).run(case)
    head = {"id": scenario.id, "title": scenario.title, "rules": list(scenario.rules)}
    if result.status != "passed":
        divergence = result.divergence
        return {
            **head,
            "status": result.status,
            "line": divergence.line if divergence else scenario.where.line,
            "column": divergence.column if divergence else 0,
            "lines": describe_failure(result),
        }
    return {
        **head,
        "status": "passed",
        "lines": [f"ok   {scenario.id}"],
        "html": example_html(Executed(scenario, case, result, replays=tuple(recorder.hands))),
    }
