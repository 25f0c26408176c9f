"""Scenarios: the language (grammar.lark), parsing, compiling to cases, and the runner.

Loading: `suite` finds files, `parser` (with `transform`, `transform_expects`) reads one,
`assemble` (with `assemble_header`) checks it into a `model.Scenario`; `compile` makes the
language-neutral case. Running: `runner` drives an implementation (`engine_impl` is ours),
`runner_expect` checks each `expect` line and `runner_hand` each hand as a whole (its
stated deal, its end); `values`, `ranked_values` and `value_lines` read hand-value
answers; `report` and `coverage` tell the result; `pytest_plugin` runs the suite as tests.

It may use the engine, profiles, rankings, rules, cards and errors.
"""

from badugi_spec.scenario.model import Scenario
from badugi_spec.scenario.suite import LoadError, Suite, load_suite, parse_scenario

__all__ = ["LoadError", "Scenario", "Suite", "load_suite", "parse_scenario"]
