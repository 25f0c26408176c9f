"""Counts that the hand-written pages show, filled in at build time so none goes stale: a
page writes `[[count:NAME]]` and the hook puts the figure there; an unknown name stops the
build with the page and name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from badugi_spec import profiles
from badugi_spec.engine.codes import CODES
from badugi_spec.mutants import CATALOGUE
from badugi_spec.protocol import REQUEST_TYPES
from badugi_spec.scenario.coverage import value_line_figures

MARK: Final = re.compile(
    r"\[\[count:([a-z0-9-]+)\]\]|<!--count:([a-z0-9-]+)-->[0-9,]*<!--/count-->"
)
"""`[[count:NAME]]`, or `<!--count:NAME-->347<!--/count-->`: the form for a page read raw
on the forge too (docs/implementers.md), where the comments hide and the figure written at
the last edit shows; the build puts the current figure in either."""

# Mutants by the part of the rulebook they misread, as the implementers page groups them.
_MUTANT_GROUPS: Final = {
    "mutants-multiway": ("R8", "R11", "R12", "R13"),
    "mutants-big-bet": ("R14",),
    "mutants-rankings": ("R9",),
    "mutants-split": ("R21", "R22"),
}


def figures(
    *,
    scenarios: int,
    rules: int,
    chapters: int,
    cases: Iterable[Mapping[str, Any]] = (),
) -> dict[str, int]:
    """Every count a page may name; the value lines are those of the suite's `cases`."""
    chapter_of = [mutant.rule.split(".")[0] for mutant in CATALOGUE]
    found = {
        "scenarios": scenarios,
        "rules": rules,
        "chapters": chapters,
        "profiles": len(profiles.names()),
        "codes": len(CODES),
        "mutants": len(CATALOGUE),
        "request-types": len(REQUEST_TYPES),
    }
    for name, prefixes in _MUTANT_GROUPS.items():
        found[name] = sum(1 for chapter in chapter_of if chapter in prefixes)
    found.update(value_line_figures(cases))
    return found


class UnknownCount(ValueError):
    """A page names a count that `figures` does not give."""


def fill(markdown: str, known: Mapping[str, int], *, page: str) -> str:
    def figure(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(2)
        if name not in known:
            raise UnknownCount(
                f"{page}: [[count:{name}]] is no count the build knows"
                f" (known: {', '.join(sorted(known))})"
            )
        return f"{known[name]:,}"

    return MARK.sub(figure, markdown)


RAW: Final = re.compile(r"(<!--count:([a-z0-9-]+)-->)([0-9,]*)(<!--/count-->)")
"""The raw form alone: the figure a reader of the unbuilt page sees."""


def stale(markdown: str, known: Mapping[str, int]) -> list[str]:
    """`name: written -> counted` for each raw figure that no longer holds."""
    return [
        f"{match[2]}: {match[3]} -> {known[match[2]]:,}"
        for match in RAW.finditer(markdown)
        if match[2] in known and match[3] != f"{known[match[2]]:,}"
    ]


def refresh(markdown: str, known: Mapping[str, int]) -> str:
    """`markdown` with every raw figure written anew (`make counts`)."""
    return RAW.sub(lambda m: f"{m[1]}{known[m[2]]:,}{m[4]}" if m[2] in known else m[0], markdown)
