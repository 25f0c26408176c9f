"""Executed scenarios as worked examples a person can follow: the story, the scenario's
own checks and line numbers (behind a toggle, for authors), every hand (`hand_table`), and
the source; as Markdown with one raw HTML block, or all raw HTML inside a rule's fold.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any, Final

from badugi_spec.cards import cards_of
from badugi_spec.profiles import Profile, from_json
from badugi_spec.scenario.model import Scenario

from . import fragments
from .cache import Memo
from .executed import Executed as Executed  # re-exported: the pages name it from here
from .hand_table import hand_html
from .hand_values import HALVES, held_html
from .render import RuleLink, inline_md, link_rules, narrative_md
from .replayer import hand_frames, hand_replayer, label, rule_links_html
from .subsets import subset_note
from .templating import Markup, html, render


def checks(executed: Executed) -> list[dict[str, Any]]:
    """The scenario's own checks: each hand valued, or two hands and which wins."""
    rows: list[dict[str, Any]] = []
    for step in executed.case["checks"]:
        named = step.get("ranking")
        hands = [step["cards"]] if step["op"] == "evaluate" else step["hands"]
        held = [html(held_html(cards_of(h), rivals=True, ranking=named)) for h in hands]
        verdict = "" if len(held) == 1 else "ties with" if step["winner"] == "tie" else "beats"
        rows.append(
            {"line": step["line"], "first": held[0], "verdict": verdict, "second": held[-1]}
        )
    return rows


EXAMPLE_HTML: Final = Memo("example-html", keep=4000)


def example_html(executed: Executed) -> str:
    """The example's body as one raw HTML block (toggle, checks, players, hands), drawn
    once per run (`Executed.key`)."""
    if not executed.key:
        return _example_html(executed)
    return EXAMPLE_HTML.get(executed.key, lambda: _example_html(executed))


def _example_html(executed: Executed) -> str:
    case, result = executed.case, executed.result
    players: list[dict[str, Any]] = []
    hands: list[Markup] = []
    if case["hands"]:
        players = [
            {"name": p["name"], "stack": p["stack"], "first": p["name"] == case["first_dealer"]}
            for p in case["players"]
        ]
        profile = from_json(case["profile"]) if "profile" in case else Profile()
        halves = HALVES.set(profile.halves)
        hand_rows = result.trace[len(case["checks"]) :]
        position = 0
        before = {p["name"]: int(p["stack"]) for p in case["players"]}
        replays = {record.number: record for record in executed.replays}
        made = hand_frames(executed) if replays else {}
        for hand in case["hands"]:
            count = 1 if hand.get("reject_deal") else 1 + len(hand["steps"])
            rows = hand_rows[position : position + count]
            record = replays.get(hand["number"])
            replayer = (
                hand_replayer(
                    record, label=label(executed, record.number), full=made[record.number]
                )
                if record is not None
                else ""
            )
            hands.append(html(hand_html(hand, rows, before, profile, replayer=replayer)))
            position += count
            last = next((r.state for r in reversed(rows) if r.state), None)
            if last is not None and last.get("stacks"):
                before = dict(last["stacks"])
        HALVES.reset(halves)
    return render(
        "example/example.html",
        id=executed.scenario.id,
        checks=checks(executed),
        players=players,
        hands=hands,
        subsets=html(subset_note(case)),  # code-made: its count from the example's own hands
    )


_SCENARIO_MENTION: Final = re.compile(r"`([a-z0-9][a-z0-9-]*[a-z0-9])`")
_SCENARIO_NAMED: Final = re.compile(r"(?<![\w`\[/#-])([a-z0-9]+(?:-[a-z0-9]+)+)(?= scenario\b)")


def link_scenarios(markdown: str, href: Callable[[str], str | None]) -> str:
    """Scenario ids in a story (as `code`, or "the too-many-discards scenario") linked to
    their example; unknown ids stay as they are."""

    def swap(match: re.Match[str]) -> str:
        target = href(match.group(1))
        return f"[{match.group(0)}]({target})" if target else match.group(0)

    return _SCENARIO_NAMED.sub(swap, _SCENARIO_MENTION.sub(swap, markdown))


def scenario_md(
    executed: Executed,
    *,
    rule_link: RuleLink,
    scenario_href: Callable[[str], str | None],
    level: int = 3,
) -> str:
    """The whole worked example as Markdown (with a raw HTML block for the tables)."""
    scenario = executed.scenario
    story = link_scenarios(narrative_md(scenario.text), scenario_href) if scenario.text else ""
    return render(
        "example/section.md",
        level=level,
        id=scenario.id,
        title=inline_md(scenario.title),
        story=link_rules(story, rule_link),
        slot=fragments.slot(scenario.id, rule_links_html(executed) + example_html(executed)),
        rules=", ".join(rule_link(rule_id) for rule_id in scenario.rules),
        source=fragments.source_fold(scenario.id, scenario.source, _file_name(scenario)),
    )


def _file_name(scenario: Scenario) -> str:
    return scenario.where.path.replace("\\", "/").rsplit("/", 1)[-1]


@cache
def _markdown() -> Any:
    """One converter for every folded story (made anew for each, it was most of its cost)."""
    import markdown  # type: ignore[import-untyped]  # MkDocs' own

    return markdown.Markdown(extensions=["attr_list"])


def folded_html(
    executed: Executed,
    *,
    rule_link: RuleLink,
    scenario_href: Callable[[str], str | None],
) -> str:
    """A further example of a rule, in its rule's fold: the title, story and rules in the
    page, the hand and the source in a fragment loaded when opened (`fragments`). One raw
    HTML block, so the links (`rule_link`, `scenario_href`) are the site's final URLs."""
    scenario = executed.scenario

    def md(source: str) -> str:
        return str(_markdown().reset().convert(source))

    parts = [render("example/heading.html", id=scenario.id, title=scenario.title)]
    if scenario.text:
        story = link_scenarios(narrative_md(scenario.text), scenario_href)
        parts.append(md(link_rules(story, rule_link)))
    rules = ", ".join(rule_link(rule_id) for rule_id in scenario.rules)
    parts.append(md(f"Shows {rules}.\n{{: .shows-rules }}"))
    path = f"{fragments.EXAMPLES}/{scenario.id}.html"
    source = fragments.source_fold(scenario.id, scenario.source, _file_name(scenario))
    fragments.add(path, rule_links_html(executed) + example_html(executed) + source)
    parts.append(fragments.lazy(path, "The hand step by step", css="hand-fragment"))
    # One block of raw HTML for Markdown: no blank line may end it early.
    return "\n".join(line for line in "\n".join(parts).splitlines() if line.strip())
