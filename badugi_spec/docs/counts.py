"""Counts that the hand-written pages show, filled in at build time so none goes stale.

A page writes `[[count:NAME]]` (say, `[[count:scenarios]]`) and the MkDocs hook puts the
figure there; a name this module does not know stops the build with the page and name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from badugi_spec import profiles
from badugi_spec.engine.codes import CODES
from badugi_spec.mutants import CATALOGUE

MARK: Final = re.compile(r"\[\[count:([a-z0-9-]+)\]\]")

# Mutants by the part of the rulebook they misread, as the implementers page groups them.
_MUTANT_GROUPS: Final = {
    "mutants-multiway": ("R8", "R11", "R12", "R13"),
    "mutants-big-bet": ("R14",),
    "mutants-rankings": ("R9",),
    "mutants-split": ("R21", "R22"),
}


def figures(*, scenarios: int, rules: int, chapters: int) -> dict[str, int]:
    """Every count a page may name; the suite's figures come from the build's own run."""
    chapter_of = [mutant.rule.split(".")[0] for mutant in CATALOGUE]
    found = {
        "scenarios": scenarios,
        "rules": rules,
        "chapters": chapters,
        "profiles": len(profiles.names()),
        "codes": len(CODES),
        "mutants": len(CATALOGUE),
    }
    for name, prefixes in _MUTANT_GROUPS.items():
        found[name] = sum(1 for chapter in chapter_of if chapter in prefixes)
    return found


class UnknownCount(ValueError):
    """A page names a count that `figures` does not give."""


def fill(markdown: str, known: Mapping[str, int], *, page: str) -> str:
    def figure(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in known:
            raise UnknownCount(
                f"{page}: [[count:{name}]] is no count the build knows"
                f" (known: {', '.join(sorted(known))})"
            )
        return f"{known[name]:,}"

    return MARK.sub(figure, markdown)
