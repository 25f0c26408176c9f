"""Scenarios: the language (grammar.lark), parsing, compiling to cases, and the runner.

Loading: `suite` finds files, `parser` (with `transform`, `transform_expects`) reads one,
`assemble` (with `assemble_header` and `assemble_table`) checks it into a `model.Scenario`;
`compile` makes the language-neutral case. Running: `runner` drives an implementation
(`engine_impl` is ours), `runner_expect` checks each `expect` line and `runner_hand` each
hand as a whole (its stated deal, its end); `values`, `ranked_values` and `value_lines`
read hand-value answers; `report` and `coverage` tell the result; `pytest_plugin` runs the
suite as tests.

It may use the engine, profiles, rankings, rules, cards and errors.

The names below are imported on first use (PEP 562): `serve` runs scenarios' engine side
(`engine_impl`) and needs neither the suite's loader nor Lark, which importing `suite` here
with the package made it pay.
"""

from __future__ import annotations

TYPE_CHECKING = False  # as typing's, without importing typing (mypy reads it by its name)
if TYPE_CHECKING:
    from badugi_spec.scenario.model import Scenario
    from badugi_spec.scenario.suite import LoadError, Suite, load_suite, parse_scenario

_HOME = {
    "Scenario": "badugi_spec.scenario.model",
    "LoadError": "badugi_spec.scenario.suite",
    "Suite": "badugi_spec.scenario.suite",
    "load_suite": "badugi_spec.scenario.suite",
    "parse_scenario": "badugi_spec.scenario.suite",
}

if not TYPE_CHECKING:  # for mypy the names are the imports above, and no other name exists
    from badugi_spec.lazy import names as _names

    __getattr__, __dir__ = _names(__name__, _HOME)


__all__ = ["LoadError", "Scenario", "Suite", "load_suite", "parse_scenario"]
