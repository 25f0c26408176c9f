"""The rule chapter pages and the rules on one page, and where every rule and worked
example is on them: the links every generated page uses, recorded once a build before any
page is drawn (`place_rules`, `place_scenarios`).

A chapter page shows each rule with its leading worked example, the others folded under
it. A chapter too large for one page (a phone parses 2 MB for seconds) is cut between rules
into parts of about `PART_BUDGET` each (`plan_parts`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from badugi_spec.rules import Chapter, Rule

from . import fragments
from .about import ABOUT_PAGE, link_citations
from .cache import digest
from .examples import Executed, example_html, folded_html, scenario_md
from .places import _PAGE_OF_RULE, _SCENARIO_HREF, PLACES_KEY, site_rule_href, site_url
from .render import inline_md, link_rules, md_cardify
from .templating import render

PART_BUDGET: Final = 200_000
"""Characters of Markdown and raw HTML per part: a built page under 400 kB of HTML and
10,000 elements (checked on the strict build)."""
FOLDED_WEIGHT: Final = 800
"""A folded example in the page: its title, story links and the fold, its hand not drawn."""


def chapter_page(chapter: Chapter, part: int = 1) -> str:
    """`rules/03-betting.md` -> `03-betting.md` (its second part `03-betting-2.md`)."""
    stem = Path(chapter.path).stem
    return f"{stem}.md" if part == 1 else f"{stem}-{part}.md"


Parts = dict[str, tuple[tuple[Rule, ...], ...]]
"""Each chapter's rules, page by page: one tuple for a chapter on one page."""


def _weight(rule: Rule, examples: Sequence[Executed], chapter_stem: str) -> int:
    if not examples:
        return len(rule.text)
    featured = ordered_examples(examples, chapter_stem)[0]
    story = len(featured.scenario.text) + len(featured.scenario.title)
    return len(rule.text) + story + len(example_html(featured)) + FOLDED_WEIGHT * len(examples)


def plan_parts(chapters: Sequence[Chapter], executed: Sequence[Executed]) -> Parts:
    """Each chapter cut between rules into parts of at most `PART_BUDGET` (a rule heavier
    than that is a part of its own), in rulebook order."""
    by_rule: dict[str, list[Executed]] = {}  # each rule's examples: those citing it first
    for item in executed:
        by_rule.setdefault(item.scenario.rules[0], []).append(item)
    parts: Parts = {}
    for chapter in chapters:
        stem = Path(chapter.path).stem
        cut: list[list[Rule]] = [[]]
        load = 0
        for rule in chapter.rules:
            weight = _weight(rule, by_rule.get(rule.id, []), stem)
            if cut[-1] and load + weight > PART_BUDGET:
                cut.append([])
                load = 0
            cut[-1].append(rule)
            load += weight
        parts[chapter.id] = tuple(tuple(rules) for rules in cut)
    return parts


def place_rules(chapters: Sequence[Chapter], parts: Parts | None = None) -> None:
    """Record which page each rule is on, for every link to a rule."""
    _PAGE_OF_RULE.clear()
    for chapter in chapters:
        pages = (parts or {}).get(chapter.id) or (chapter.rules,)
        for number, rules in enumerate(pages, start=1):
            for rule in rules:
                _PAGE_OF_RULE[rule.id] = chapter_page(chapter, number)


def place_scenarios(executed: Sequence[Executed]) -> None:
    """Record where each worked example is shown: under the first rule it cites."""
    _SCENARIO_HREF.clear()
    _SCENARIO_HREF.update({e.scenario.id: scenario_href(e) for e in executed})
    places = [*sorted(_PAGE_OF_RULE.items()), *sorted(_SCENARIO_HREF.items())]
    PLACES_KEY[:] = [digest(*(f"{name}={page}" for name, page in places))]


def _drawn(kind: str, executed: Executed, draw: Callable[[], str]) -> str:
    if not executed.key:
        return draw()
    return fragments.drawn(digest(kind, executed.key, PLACES_KEY[0]), draw)


def rule_href(rule_id: str) -> str:
    """`03-betting.md#R3.6`: a rule's anchor is its ID."""
    return f"{_PAGE_OF_RULE[rule_id]}#{rule_id}"


def rule_link(rule_id: str) -> str:
    if rule_id not in _PAGE_OF_RULE:
        return rule_id
    return f"[{rule_id}]({rule_href(rule_id)})"


def scenario_href(executed: Executed) -> str:
    return f"{_PAGE_OF_RULE[executed.scenario.rules[0]]}#{executed.scenario.id}"


def scenario_href_by_id(scenario_id: str) -> str | None:
    return _SCENARIO_HREF.get(scenario_id)


def _site_rule_link(rule_id: str) -> str:
    href = site_rule_href(rule_id)
    return f"[{rule_id}]({href})" if href else rule_id


def _site_scenario(scenario_id: str) -> str | None:
    page, _, anchor = _SCENARIO_HREF.get(scenario_id, "").partition("#")
    return site_url(page, anchor) if page else None


def _rule_text_md(text: str) -> str:
    return link_citations(link_rules(md_cardify(text), rule_link), ABOUT_PAGE)


def example_order(executed: Executed, chapter_stem: str) -> tuple[int, int, str]:
    """How a rule's examples without `order` follow one another: those filed in the rule's
    own chapter folder (or a sub-folder of it) first, then by path."""
    scenario = executed.scenario
    folders = Path(scenario.where.path).parent.parts
    order = scenario.order if scenario.order is not None else 1_000_000
    return (order, 0 if chapter_stem in folders else 1, scenario.where.path)


def ordered_examples(examples: Sequence[Executed], chapter_stem: str) -> list[Executed]:
    """A rule's examples in the order shown, the featured one first. `order N` is a place:
    the N-th shown (past the end, the last); the others fill the other places in
    `example_order`'s order. Two asking for one place take it and the next, by path."""
    placed = sorted(
        (e for e in examples if e.scenario.order is not None),
        key=lambda e: (e.scenario.order or 0, e.scenario.where.path),
    )
    rest = sorted(
        (e for e in examples if e.scenario.order is None),
        key=lambda e: example_order(e, chapter_stem),
    )
    out: list[Executed] = []
    while placed or rest:
        if placed and (not rest or (placed[0].scenario.order or 0) <= len(out) + 1):
            out.append(placed.pop(0))
        else:
            out.append(rest.pop(0))
    return out


def _rule_data(rule: Rule, executed: Sequence[Executed], chapter_stem: str) -> dict[str, Any]:
    """A rule as its chapter page shows it: its text, its examples drawn (`_drawn`)."""
    shown_here = ordered_examples(
        [e for e in executed if e.scenario.rules[0] == rule.id], chapter_stem
    )
    featured, others = (shown_here[0], shown_here[1:]) if shown_here else (None, [])
    return {
        "id": rule.id,
        "title": inline_md(rule.title),
        "text": _rule_text_md(rule.text),
        "not_heads_up": rule.not_heads_up is not None,
        "featured": featured and _featured(featured),
        "folded": [
            _drawn(
                "folded",
                item,
                lambda item=item: folded_html(  # type: ignore[misc]
                    item, rule_link=_site_rule_link, scenario_href=_site_scenario
                ),
            )
            for item in others
        ],
        "also": [
            f"[{inline_md(e.scenario.title)}]({scenario_href(e)})"
            for e in executed
            if rule.id in e.scenario.rules[1:]
        ],
    }


def _featured(featured: Executed) -> str:
    return _drawn(
        "featured",
        featured,
        lambda: scenario_md(featured, rule_link=rule_link, scenario_href=scenario_href_by_id),
    )


ALSO_SHOWN_INLINE: Final = 3
"""How many examples citing a rule are named in its line; the rest (R8.13 is cited by
dozens) wait in a fold."""


def chapter_pages(
    chapter: Chapter, executed: Sequence[Executed], parts: Sequence[Sequence[Rule]] = ()
) -> dict[str, str]:
    """The chapter's page, or its parts, by page name."""
    stem = Path(chapter.path).stem
    pages = list(parts) or [chapter.rules]
    return {
        chapter_page(chapter, number): render(
            "chapter/page.md",
            chapter=chapter,
            title=inline_md(chapter.title),
            number=number,
            parts=part_spans(chapter, pages),
            intro=_rule_text_md(chapter.intro) if chapter.intro and number == 1 else "",
            first=number == 1,
            rules=[_rule_data(rule, executed, stem) for rule in rules],
            inline=ALSO_SHOWN_INLINE,
        )
        for number, rules in enumerate(pages, start=1)
    }


def part_spans(chapter: Chapter, pages: Sequence[Sequence[Rule]]) -> list[tuple[str, str]]:
    """Each part of a chapter by the rules it holds, and its page."""
    return [
        (
            rules[0].id if len(rules) == 1 else f"{rules[0].id} to {rules[-1].id}",
            chapter_page(chapter, n),
        )
        for n, rules in enumerate(pages, start=1)
    ]


def nav_chapters(chapters: Sequence[Chapter], parts: Parts) -> list[dict[str, Any]]:
    """The rule chapters for the site navigation, in rulebook order; a chapter cut into
    parts is a section with a page per part."""
    nav: list[dict[str, Any]] = []
    for chapter in chapters:
        title = f"{chapter.id} {chapter.title}"
        pages = parts.get(chapter.id) or (chapter.rules,)
        if len(pages) == 1:
            nav.append({title: f"generated/{chapter_page(chapter)}"})
        else:
            spans = part_spans(chapter, pages)
            nav.append({title: [{span: f"generated/{page}"} for span, page in spans]})
    return nav


def rulebook_md(chapters: Sequence[Chapter]) -> str:
    """Every rule's text, with no examples: the rules-only view."""
    shown = [
        {
            "id": chapter.id,
            "title": inline_md(chapter.title),
            "page": chapter_page(chapter),
            "rules": [
                {"id": r.id, "title": inline_md(r.title), "text": _rule_text_md(r.text)}
                for r in chapter.rules
            ],
        }
        for chapter in chapters
    ]
    return render("pages/rulebook.md", chapters=shown)
