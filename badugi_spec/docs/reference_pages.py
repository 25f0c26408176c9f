"""The reference pages: the evaluator's figures, rule coverage and the illegal-action codes."""

from __future__ import annotations

from collections.abc import Sequence

from badugi_spec.cards import parse_cards
from badugi_spec.engine.codes import CODES
from badugi_spec.protocol.refusals import PRECEDENCE
from badugi_spec.rankings.census import house_ladder, low_categories, ranking_figures
from badugi_spec.rankings.odds import draw_odds, percent
from badugi_spec.rules import Rule
from badugi_spec.scenario.coverage import coverage
from badugi_spec.scenario.model import Reject

from .chapters import rule_href, rule_link, scenario_href
from .examples import Executed
from .render import inline_md, md_cardify
from .templating import render


def figures_page() -> str:
    odds = draw_odds(parse_cards("A♠ 2♥ 3♦"), thrown=parse_cards("K♦"))
    ladder = house_ladder()
    return render(
        "pages/figures.md",
        href=rule_href,
        by_size=ladder.by_size(),
        values_by_size=ladder.by_size(distinct=True),
        total=ladder.total,
        odds=odds,
        kept=md_cardify(" ".join(card.pretty() for card in odds.kept)),
        thrown=md_cardify("K♦"),
        percent=percent,
        rankings=(figures := ranking_figures()),
        lows=low_categories(figures),
    )


def coverage_md(rules: dict[str, Rule], executed: Sequence[Executed]) -> str:
    cov = coverage(rules, [e.scenario for e in executed])
    by_id = {e.scenario.id: e for e in executed}
    rows = []
    for rule in rules.values():
        ids = cov.by_rule[rule.id]
        rows.append(
            {
                "link": rule_link(rule.id),
                "title": inline_md(rule.title),
                "scenarios": ", ".join(f"[`{i}`]({scenario_href(by_id[i])})" for i in ids),
                "future": rule.is_future,
                "not_heads_up": rule.not_heads_up and inline_md(rule.not_heads_up),
                "no_scenario_yet": rule.no_scenario_yet and inline_md(rule.no_scenario_yet),
            }
        )
    examples = [
        {
            "id": item.scenario.id,
            "href": scenario_href(item),
            "title": inline_md(item.scenario.title),
            "rules": " ".join(rule_link(r) for r in item.scenario.rules),
            "tags": " ".join(f"`{t}`" for t in item.scenario.tags),
        }
        for item in sorted(executed, key=lambda e: e.scenario.id)
    ]
    return render(
        "pages/coverage.md",
        scenarios=len(executed),
        uncovered=len(cov.uncovered),
        exempt=len(cov.exempt),
        rules=rows,
        examples=examples,
    )


def codes_md(executed: Sequence[Executed]) -> str:
    """The stable illegal-action codes, each with its rule and the scenarios that show it,
    then which code wins when one action breaks several rules."""
    shown: dict[str, list[Executed]] = {code: [] for code in CODES}
    for item in executed:
        codes = {hand.reject_deal for hand in item.scenario.hands if hand.reject_deal}
        for hand in item.scenario.hands:
            codes |= {step.code for step in hand.steps if isinstance(step, Reject)}
        for code in codes:
            shown.setdefault(code, []).append(item)
    entries = [
        {
            "name": code,
            "rule": rule_link(entry.rule),
            "summary": inline_md(entry.summary),
            "shown": ", ".join(
                f"[{inline_md(e.scenario.title)}]({scenario_href(e)})" for e in shown[code]
            ),
        }
        for code, entry in CODES.items()
    ]
    precedence = [
        (" ".join(f"`{code}`" for code in codes), inline_md(why)) for codes, why in PRECEDENCE
    ]
    return render("pages/codes.md", codes=entries, precedence=precedence)
