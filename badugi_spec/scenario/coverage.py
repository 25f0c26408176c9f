"""The rule x scenario matrix, and the rules no scenario demonstrates."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from badugi_spec.rules import Rule
from badugi_spec.scenario.model import Scenario


@dataclass(frozen=True, slots=True)
class Coverage:
    by_rule: dict[str, list[str]]
    """Rule ID -> scenario ids citing it, for every rule of the rulebook."""
    uncovered: list[Rule]
    """Rules that need a scenario and have none."""
    exempt: list[Rule]
    """Rules that cannot be shown heads-up, cannot be shown yet, or belong to future profiles."""


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
            status = "future profile"
        elif rule.not_heads_up is not None:
            status = f"not shown heads-up: {rule.not_heads_up}"
        elif rule.no_scenario_yet is not None:
            status = f"no scenario yet: {rule.no_scenario_yet}"
        else:
            status = f"{len(ids)} scenario{'s' if len(ids) != 1 else ''}" if ids else "NOT COVERED"
        lines.append(f"{rule.id:<6} {rule.title:<34} {status}")
        if ids and not rule.is_future:
            lines.append(f"       {', '.join(ids)}")
    return lines
