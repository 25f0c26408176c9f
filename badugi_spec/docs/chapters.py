"""The rule chapter pages and the rules on one page, and where every rule and worked
example lives on them: the links that all the generated pages use.

A chapter page shows each rule with its leading worked example, the others folded away
under it. Which page a rule or an example is on is recorded once per build
(`place_rules`, `place_scenarios`) before any page is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from badugi_spec.rules import Chapter, Rule

from .about import ABOUT_PAGE, link_citations
from .examples import Executed, scenario_html, scenario_md
from .render import inline_md, link_rules, md_cardify


def chapter_page(chapter: Chapter) -> str:
    """`rules/03-betting.md` -> `03-betting.md`: stable as long as the file keeps its name."""
    return Path(chapter.path).name


def rule_anchor(rule_id: str) -> str:
    """The anchor of a rule on its chapter page is the rule ID itself: `#R3.6`."""
    return rule_id


# Module state rather than arguments: the pages take their links as plain `rule_link`
# callables, and every page of one build must see the same places.
_PAGE_OF_RULE: dict[str, str] = {}
_SCENARIO_HREF: dict[str, str] = {}


def place_rules(chapters: Sequence[Chapter]) -> None:
    """Record which chapter page each rule is on, for every link to a rule."""
    _PAGE_OF_RULE.clear()
    for chapter in chapters:
        for rule in chapter.rules:
            _PAGE_OF_RULE[rule.id] = chapter_page(chapter)


def place_scenarios(executed: Sequence[Executed]) -> None:
    """Record where each worked example is shown: under the first rule it cites."""
    _SCENARIO_HREF.clear()
    _SCENARIO_HREF.update({e.scenario.id: scenario_href(e) for e in executed})


def rule_href(rule_id: str) -> str:
    return f"{_PAGE_OF_RULE[rule_id]}#{rule_anchor(rule_id)}"


def rule_link(rule_id: str) -> str:
    if rule_id not in _PAGE_OF_RULE:
        return rule_id
    return f"[{rule_id}]({rule_href(rule_id)})"


def scenario_href(executed: Executed) -> str:
    return f"{_PAGE_OF_RULE[executed.scenario.rules[0]]}#{executed.scenario.id}"


def scenario_href_by_id(scenario_id: str) -> str | None:
    return _SCENARIO_HREF.get(scenario_id)


def _site_url(page: str, anchor: str) -> str:
    """A link from one generated page to another, as the built site spells it (raw HTML
    gets no link rewriting from MkDocs): `03-betting.md` -> `../03-betting/`."""
    return f"../{Path(page).stem}/#{anchor}"


def _site_rule_link(rule_id: str) -> str:
    if rule_id not in _PAGE_OF_RULE:
        return rule_id
    return f"[{rule_id}]({_site_url(_PAGE_OF_RULE[rule_id], rule_anchor(rule_id))})"


def _site_scenario(scenario_id: str) -> str | None:
    href = _SCENARIO_HREF.get(scenario_id)
    if href is None:
        return None
    page, _, anchor = href.partition("#")
    return _site_url(page, anchor)


def _rule_text_md(text: str) -> str:
    return link_citations(link_rules(md_cardify(text), rule_link), ABOUT_PAGE)


def example_order(executed: Executed, chapter_stem: str) -> tuple[int, int, str]:
    """How a rule's examples without `order` follow one another: those filed in the rule's
    own chapter folder (or a sub-folder of it, such as `08-profiles-and-tables/side-pots/`)
    first, then by path. (`order` is a place, see `ordered_examples`.)"""
    scenario = executed.scenario
    folders = Path(scenario.where.path).parent.parts
    order = scenario.order if scenario.order is not None else 1_000_000
    return (order, 0 if chapter_stem in folders else 1, scenario.where.path)


def ordered_examples(examples: Sequence[Executed], chapter_stem: str) -> list[Executed]:
    """A rule's examples in the order shown, the featured one first.

    `order N` is a place: the example is the N-th shown (`order 1` is the featured one), and
    the examples without `order` fill the other places in `example_order`'s order. So
    `order 5` puts an example fifth, never before the four it follows; past the end it
    comes last. Two examples asking for one place take it and the next, by path."""
    placed = sorted((e for e in examples if e.scenario.order is not None), key=_by_place)
    rest = sorted(
        (e for e in examples if e.scenario.order is None),
        key=lambda e: example_order(e, chapter_stem),
    )
    out: list[Executed] = []
    while placed or rest:
        place = len(out) + 1
        wanted = placed[0].scenario.order if placed else None
        if placed and (not rest or (wanted is not None and wanted <= place)):
            out.append(placed.pop(0))
        else:
            out.append(rest.pop(0))
    return out


def _by_place(executed: Executed) -> tuple[int, str]:
    scenario = executed.scenario
    return (scenario.order or 0, scenario.where.path)


def _rule_md(rule: Rule, executed: Sequence[Executed], chapter_stem: str) -> list[str]:
    lines = [f"## {rule.id} {inline_md(rule.title)} {{#{rule_anchor(rule.id)}}}", ""]
    lines += [_rule_text_md(rule.text), ""]
    if rule.not_heads_up is not None:
        lines += ['!!! note "No worked example"', "", "    This rule cannot be shown heads-up.", ""]
    shown_here = ordered_examples(
        [e for e in executed if e.scenario.rules[0] == rule.id], chapter_stem
    )
    cited = [e for e in executed if rule.id in e.scenario.rules[1:]]
    if shown_here:
        featured, *others = shown_here
        lines += [
            f'<p class="examples-head">Worked example for {rule.id}</p>',
            "",
            scenario_md(featured, rule_link=rule_link, scenario_href=scenario_href_by_id),
            "",
        ]
        if others:
            count = len(others)
            # Raw <details> with md_in_html: inside a `???` block the tables' raw HTML
            # would be read as a paragraph of Markdown.
            folded = [
                f'<details class="more-examples"><summary>{count} more'
                f" example{'s' if count > 1 else ''} for {rule.id}</summary>",
            ]
            for item in others:
                folded.append(
                    scenario_html(item, rule_link=_site_rule_link, scenario_href=_site_scenario)
                )
            lines += ["\n".join([*folded, "</details>"]), ""]
    if cited:
        links = ", ".join(f"[{inline_md(e.scenario.title)}]({scenario_href(e)})" for e in cited)
        lines += [f"Also shown in: {links}.", "{: .also-shown }", ""]
    return lines


def chapter_md(chapter: Chapter, executed: Sequence[Executed]) -> str:
    stem = Path(chapter.path).stem
    lines = [f"# {chapter.id} {inline_md(chapter.title)}", ""]
    if chapter.intro:
        lines += [_rule_text_md(chapter.intro), ""]
    lines += [
        '!!! tip "Reading this page"',
        "",
        "    Each rule comes first, then one worked example that the engine ran while this"
        " site was built; more examples are folded away under it. The"
        " [rules on one page](rulebook.md) shows the rule text alone.",
        "",
    ]
    for rule in chapter.rules:
        lines += _rule_md(rule, executed, stem)
    return "\n".join(lines)


def rulebook_md(chapters: Sequence[Chapter]) -> str:
    """Every rule's text, with no examples: the rules-only view."""
    lines = [
        "# The rules on one page",
        "",
        "Every rule of the house game, without examples. Each heading links to its chapter,"
        " where the worked examples are.",
        "",
    ]
    for chapter in chapters:
        page = chapter_page(chapter)
        lines += [f"## [{chapter.id} {inline_md(chapter.title)}]({page}) {{#{chapter.id}}}", ""]
        for rule in chapter.rules:
            lines += [
                f"### {rule.id} {inline_md(rule.title)} {{#rules-{rule.id}}}",
                "",
                _rule_text_md(rule.text),
                "",
            ]
    return "\n".join(lines)
