"""The "About these rules" page: where the rules come from and the house-note decisions
they cite ("(house notes, decision N)", each linked to its entry here).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from badugi_spec.rules import Rule

from .templating import data, render

ABOUT_PAGE: Final = "about.md"


@dataclass(frozen=True, slots=True)
class Decision:
    number: int
    title: str
    text: str


DECISIONS: Final = tuple(Decision(**entry) for entry in data("about")["decision"])
"""The house notes, in the project's own words (`data/about.toml`)."""
_CITATION: Final = re.compile(r"\(house notes, (decisions? [\d ,and]+)\)")
_NUMBER: Final = re.compile(r"\d+")
_HOUSE_TEXT: Final = re.compile(r"\b[Tt]he house text\b")
PROJECT_READING: Final = "(project reading; the house notes are silent)"


@dataclass(frozen=True, slots=True)
class Choice:
    """A point the family's sources settle differently, and the default the profiles take."""

    title: str
    rule: str
    parameter: str
    text: str


CHOICES: Final = tuple(Choice(**entry) for entry in data("about")["choice"])
"""The defaults of the wider game's profiles where the sources part, for the About page."""


def decision_anchor(number: int) -> str:
    return f"decision-{number}"


def cited_decisions(text: str) -> list[int]:
    return [int(n) for m in _CITATION.finditer(text) for n in _NUMBER.findall(m.group(1))]


def link_citations(markdown: str, about_href: str) -> str:
    """`(house notes, decision 4)` -> the same words, linking to decision 4."""

    def swap(match: re.Match[str]) -> str:
        words = match.group(1)
        linked = _NUMBER.sub(
            lambda n: f"[{n.group(0)}]({about_href}#{decision_anchor(int(n.group(0)))})", words
        )
        return f"([house notes]({about_href}#house-notes), {linked})"

    out = _CITATION.sub(swap, markdown)
    out = _HOUSE_TEXT.sub(lambda m: f"[{m.group(0)}]({about_href}#the-house-text)", out)
    return out.replace(
        PROJECT_READING,
        f"([project reading]({about_href}#project-readings); the house notes are silent)",
    )


def about_md(rules: Iterable[Rule], rule_link: Callable[[str], str]) -> str:
    cited: dict[int, list[str]] = {}
    readings: list[str] = []
    for rule in rules:
        for number in cited_decisions(rule.text):
            cited.setdefault(number, [])
            if rule.id not in cited[number]:
                cited[number].append(rule.id)
        if PROJECT_READING in rule.text:
            readings.append(rule.id)
    decisions = [
        {
            "number": decision.number,
            "title": decision.title,
            "anchor": decision_anchor(decision.number),
            "text": decision.text,
            "users": ", ".join(rule_link(r) for r in cited.get(decision.number, [])) or "none yet",
        }
        for decision in DECISIONS
    ]
    return render(
        "pages/about.md",
        r=rule_link,
        decisions=decisions,
        readings=", ".join(rule_link(r) for r in readings) or "none",
        choices=CHOICES,
    )
