"""The coverage command's words for the rules that need no scenario.

Chapter F was once a list of future profiles; it is now an overview of the family whose
games the profile chapters state and check (rules.FUTURE_MARK, "Now played as:"). The
`coverage` command says so as the site's coverage page does, and counts the exempt
rules by kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_spec.cli import main
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario.coverage import (
    FAMILY_OVERVIEW,
    Coverage,
    coverage,
    exempt_reason,
    exempt_summary,
)

ONE_SCENARIO = """scenario one "A hand"
rules R3.7
players Ann 100 dealer, Bob 100
shuffle seed 5
Ann calls 1
unfinished
"""


def test_chapter_f_is_a_family_overview_in_the_matrix_and_the_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # One scenario is enough: the matrix lists every rule of the rulebook (and fails, as
    # most are not covered), without parsing the whole suite.
    (tmp_path / "one.badugi").write_text(ONE_SCENARIO, encoding="utf-8")
    assert main(["coverage", str(tmp_path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    rules = load_rules()
    family = [r for r in rules.values() if r.chapter == "F"]
    assert family
    for rule in family:
        row = next(line for line in lines if line.startswith(f"{rule.id} "))
        assert row.endswith(f"  {FAMILY_OVERVIEW}"), row
    assert not any("future" in line.lower() for line in lines)
    # The summary counts each kind of exemption from the rulebook, not a fixed list.
    heads_up = sum(1 for r in rules.values() if r.not_heads_up is not None and r.chapter != "F")
    summary = lines[-1]
    assert summary.endswith(f"{len(family)} {FAMILY_OVERVIEW}"), summary
    assert f"{len(family) + heads_up} exempt: " in summary, summary
    assert (f"{heads_up} not shown heads-up" in summary) == (heads_up > 0), summary


def test_every_exempt_rule_has_a_reason_and_only_those() -> None:
    rules = load_rules()
    for rule in rules.values():
        assert (exempt_reason(rule) is None) == rule.needs_scenario, rule.id
    assert exempt_reason(rules["F1"]) == FAMILY_OVERVIEW
    assert exempt_reason(rules["R3.6"]) is None


def test_exempt_summary_counts_by_kind_in_the_rulebooks_order() -> None:
    rules = load_rules()
    family = [rules["F1"], rules["F2"]]
    heads_up = [r for r in rules.values() if r.not_heads_up is not None][:1]
    assert heads_up, "the rulebook has a rule not shown heads-up"
    cov = Coverage(by_rule={}, uncovered=[], exempt=[*heads_up, *family])
    assert exempt_summary(cov) == f"3 exempt: 1 not shown heads-up, 2 {FAMILY_OVERVIEW}"
    assert exempt_summary(coverage({}, [])) == "0 exempt"
