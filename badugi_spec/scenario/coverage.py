"""What the suite covers: the rule x scenario matrix, the rules no scenario demonstrates,
and its hand-value lines by ranking (the implementers page counts them)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from badugi_spec.rankings import RANKINGS
from badugi_spec.rules import Rule
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import Implementation
from badugi_spec.scenario.model import Scenario
from badugi_spec.scenario.runner import ranking_skip
from badugi_spec.scenario.suite import load_suite


@dataclass(frozen=True, slots=True)
class Coverage:
    by_rule: dict[str, list[str]]
    """Rule ID -> scenario ids citing it, for every rule of the rulebook."""
    uncovered: list[Rule]
    """Rules that need a scenario and have none."""
    exempt: list[Rule]
    """Rules that need no scenario: chapter F's overview of the family (its games are
    stated and checked in the profile chapters), and rules that cannot be shown heads-up
    or in the scenario language yet."""


FAMILY_OVERVIEW = "family overview (chapter F)"
"""Why a rule of chapter F needs no scenario; the coverage page says the same."""


def exempt_reason(rule: Rule) -> str | None:
    """Why `rule` needs no scenario, in a few words (the kind, not the rule's own note),
    or None if it needs one."""
    if rule.is_future:
        return FAMILY_OVERVIEW
    if rule.not_heads_up is not None:
        return "not shown heads-up"
    if rule.no_scenario_yet is not None:
        return "no scenario yet"
    return None


def coverage(rules: dict[str, Rule], scenarios: Sequence[Scenario]) -> Coverage:
    by_rule: dict[str, list[str]] = {rule_id: [] for rule_id in rules}
    for scenario in scenarios:
        for rule_id in scenario.rules:
            by_rule.setdefault(rule_id, []).append(scenario.id)
    uncovered = [rule for rule in rules.values() if rule.needs_scenario and not by_rule[rule.id]]
    exempt = [rule for rule in rules.values() if not rule.needs_scenario]
    return Coverage(by_rule=by_rule, uncovered=uncovered, exempt=exempt)


def matrix_lines(rules: dict[str, Rule], cov: Coverage) -> list[str]:
    lines = []
    for rule in rules.values():
        ids = cov.by_rule[rule.id]
        if rule.is_future:
            status = FAMILY_OVERVIEW
        elif rule.not_heads_up is not None:
            status = f"not shown heads-up: {rule.not_heads_up}"
        elif rule.no_scenario_yet is not None:
            status = f"no scenario yet: {rule.no_scenario_yet}"
        else:
            status = f"{len(ids)} scenario{'s' if len(ids) != 1 else ''}" if ids else "NOT COVERED"
        # Two spaces at least, so that a title longer than its column stays apart.
        lines.append(f"{rule.id:<6} {rule.title:<34}  {status}")
        if ids and not rule.is_future:
            lines.append(f"       {', '.join(ids)}")
    return lines


def exempt_summary(cov: Coverage) -> str:
    """How many rules are exempt and why, by kind in the rulebook's order:
    `6 exempt: 1 not shown heads-up, 5 family overview (chapter F)`."""
    kinds: dict[str, int] = {}
    for rule in cov.exempt:
        reason = exempt_reason(rule)
        if reason is not None:  # always: the exempt are the rules that need no scenario
            kinds[reason] = kinds.get(reason, 0) + 1
    if not kinds:
        return "0 exempt"
    return f"{len(cov.exempt)} exempt: {', '.join(f'{n} {kind}' for kind, n in kinds.items())}"


class _DeclaresNoRankings:
    """Stands for an implementation whose `hello` lists no rankings (R9.1)."""

    rankings = None


def value_line_figures(cases: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """The suite's hand-value lines (`evaluate`, `compare`): in all, in each case, without
    a ranking (the house Badugi), in each named ranking, and how many of them the runner
    puts to an implementation that declares no rankings (`runner.ranking_skip`)."""
    held = [list(case["checks"]) for case in cases]
    lines = [step for steps in held for step in steps]
    undeclared = cast(Implementation, _DeclaresNoRankings())
    found = {
        "value-lines": len(lines),
        "value-line-cases": sum(1 for steps in held if steps),
        "value-lines-house": sum(1 for step in lines if step.get("ranking") is None),
        "value-lines-undeclared": sum(
            1 for step in lines if ranking_skip(undeclared, step) is None
        ),
    }
    for name in RANKINGS:
        found[f"value-lines-{name}"] = sum(1 for step in lines if step.get("ranking") == name)
    return found


def suite_figures(scenarios_dir: Path) -> dict[str, int]:
    """`value_line_figures` of the suite in `scenarios_dir`, compiled as `verify` sends it."""
    suite = load_suite([scenarios_dir])
    return value_line_figures(compile_case(scenario) for scenario in suite.scenarios)
