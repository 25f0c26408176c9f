"""The reference pages: figures computed by the evaluator, rule coverage (every rule
against the scenarios that show it) and the illegal-action codes with their precedence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from badugi_spec.cards import parse_cards
from badugi_spec.engine.codes import CODES
from badugi_spec.protocol.refusals import PRECEDENCE
from badugi_spec.rankings.odds import draw_odds, percent
from badugi_spec.rules import Rule
from badugi_spec.scenario.coverage import coverage
from badugi_spec.scenario.model import Reject

from .chapters import rule_href, rule_link, scenario_href
from .examples import Executed
from .rankings_figures import ranking_figures_md
from .rankings_odds import ladder
from .render import inline_md, md_cardify


@dataclass(frozen=True, slots=True)
class HandCounts:
    by_size: dict[int, int]
    """Number of 4-card hands (of 270,725) whose best playable set has this many cards."""
    values_by_size: dict[int, int]
    """Distinct hand values of each size."""

    @property
    def total(self) -> int:
        return sum(self.by_size.values())

    @property
    def distinct_values(self) -> int:
        return sum(self.values_by_size.values())


def hand_counts() -> HandCounts:
    """Evaluate every one of the C(52, 4) hands with the project's evaluator."""
    by_size: Counter[int] = Counter()
    values_by_size: Counter[int] = Counter()
    for strength, hands in ladder().values:
        by_size[strength >> 16] += hands  # the size is the top field of a strength
        values_by_size[strength >> 16] += 1
    return HandCounts(dict(sorted(by_size.items())), dict(sorted(values_by_size.items())))


def figures_page() -> str:
    counts = hand_counts()
    lines = [
        "# Reference figures",
        "",
        "Computed when the site is built, by the project's own evaluator"
        " (`badugi_spec.rankings.house`): nothing on this page is typed in.",
        "",
        "## How often each hand size comes up {#hand-frequencies}",
        "",
        f"All {counts.total:,} four-card hands, counted by how many of their cards play"
        f" ([R2.1]({rule_href('R2.1')})).",
        "",
        "| Playable cards | Hands | Share | Distinct values |",
        "| --- | ---: | ---: | ---: |",
    ]
    for size in sorted(counts.by_size, reverse=True):
        hands = counts.by_size[size]
        name = "4 (badugi)" if size == 4 else str(size)
        lines.append(
            f"| {name} | {hands:,} | {hands / counts.total:.2%} | {counts.values_by_size[size]:,} |"
        )
    lines += [
        f"| **all** | **{counts.total:,}** | 100.00% | **{counts.distinct_values:,}** |",
        "",
        f"There are {counts.distinct_values:,} distinct hand values: two hands with the same"
        f" value tie, whatever their suits ([R2.7]({rule_href('R2.7')})).",
        "",
        "## Drawing one card to a badugi {#draw-odds}",
        "",
    ]
    odds = draw_odds(parse_cards("A♠ 2♥ 3♦"), thrown=parse_cards("K♦"))
    kept = md_cardify(" ".join(card.pretty() for card in odds.kept))
    lines += [
        f"Holding {kept} and throwing the {md_cardify('K♦')}, "
        f"{odds.outs} of the {odds.unseen} unseen cards complete a badugi: "
        "the clubs the hand does not pair. Drawing one card at each draw"
        f" ([R4.2]({rule_href('R4.2')})) and throwing a miss again"
        " (from `badugi_spec.rankings.odds`; more on the [drawing odds](odds.md) page):",
        "",
        "| Draws left | Chance of a badugi | Exactly |",
        "| ---: | ---: | ---: |",
    ]
    for number, chance in enumerate(odds.badugi, start=1):
        lines.append(f"| {number} | {percent(chance)} | {chance} |")
    lines += [
        "",
        "The opponent's cards and the burns are as unknown to us as the stub, so they count"
        " among the unseen cards.",
        "",
    ]
    lines += ranking_figures_md(rule_href)
    return "\n".join(lines)


def coverage_md(rules: dict[str, Rule], executed: Sequence[Executed]) -> str:
    cov = coverage(rules, [e.scenario for e in executed])
    by_id = {e.scenario.id: e for e in executed}
    lines = [
        "# Rule coverage",
        "",
        "Every rule of the rulebook against the scenarios that demonstrate it. A rule"
        " that cannot be shown with two players, or is part of chapter F's overview of the"
        " family (whose games the profile chapters state and check), is exempt; the reason"
        " is given.",
        "",
        f"{len(executed)} scenarios; {len(cov.uncovered)} rule(s) that need a scenario"
        f" have none; {len(cov.exempt)} exempt.",
        "",
        "| Rule | Title | Scenarios | Status |",
        "| --- | --- | --- | --- |",
    ]
    for rule in rules.values():
        ids = cov.by_rule[rule.id]
        links = ", ".join(f"[`{i}`]({scenario_href(by_id[i])})" for i in ids) or "—"
        if rule.is_future:
            status = "exempt: family overview (chapter F)"
        elif rule.not_heads_up is not None:
            status = f"exempt: {inline_md(rule.not_heads_up)}"
        elif rule.no_scenario_yet is not None:
            status = f"no scenario yet: {inline_md(rule.no_scenario_yet)}"
        elif ids:
            status = "covered"
        else:
            status = "**not covered**"
        lines.append(f"| {rule_link(rule.id)} | {inline_md(rule.title)} | {links} | {status} |")
    lines += [
        "",
        "## All worked examples {#all-examples}",
        "",
        "| Scenario | Title | Rules | Tags |",
        "| --- | --- | --- | --- |",
    ]
    for item in sorted(executed, key=lambda e: e.scenario.id):
        rule_links = " ".join(rule_link(r) for r in item.scenario.rules)
        tags = " ".join(f"`{t}`" for t in item.scenario.tags)
        lines.append(
            f"| [`{item.scenario.id}`]({scenario_href(item)}) |"
            f" {inline_md(item.scenario.title)} | {rule_links} | {tags} |"
        )
    return "\n".join([*lines, ""])


def codes_md(executed: Sequence[Executed]) -> str:
    """The stable illegal-action codes, each with its rule and the scenarios that show it.

    A list, not a table: every entry wraps on a phone, and no code breaks mid-word."""
    shown: dict[str, list[Executed]] = {code: [] for code in CODES}
    for item in executed:
        codes = {hand.reject_deal for hand in item.scenario.hands if hand.reject_deal}
        for hand in item.scenario.hands:
            codes |= {step.code for step in hand.steps if isinstance(step, Reject)}
        for code in codes:
            shown.setdefault(code, []).append(item)
    lines = [
        "# Illegal-action codes",
        "",
        "An illegal action is refused with a stable code and the rule it breaks, and the"
        " state stays exactly as it was. Scenarios expect a refusal with"
        " `reject <action> with <code>`; other implementations answer with the same codes"
        " (see [Checking your implementation](../implementers.md)).",
        "",
    ]
    for code, entry in CODES.items():
        links = ", ".join(
            f"[{inline_md(e.scenario.title)}]({scenario_href(e)})" for e in shown[code]
        )
        lines += [
            f'- <code class="refusal">{code}</code> ({rule_link(entry.rule)}):'
            f" {inline_md(entry.summary)}. Shown in: {links or '—'}.",
        ]
    return "\n".join([*lines, *_precedence_md(), ""])


def _precedence_md() -> list[str]:
    """The refusal-code contract: which code wins when one action breaks several rules."""
    lines = [
        "",
        "## When an action breaks two rules {#precedence}",
        "",
        "The refusal carries the first code of this order that the action breaks; codes in"
        " one row cannot meet in one action. A request that cannot be carried out as asked"
        " (`bad-request`) is refused before any of them.",
        "",
        "| Order | Codes | What is checked |",
        "| --- | --- | --- |",
    ]
    for number, (codes, why) in enumerate(PRECEDENCE, start=1):
        shown = " ".join(f"`{code}`" for code in codes)
        lines.append(f"| {number} | {shown} | {inline_md(why)} |")
    return lines
