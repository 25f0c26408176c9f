"""The rules that decide each expectation of a case (`rules` on every step of the cases
JSON, and on every failure), so a runner in any language can report "fails R8.15".

A scenario's `rules` line is the case's summary. Each expectation gets those of its rules
whose chapter decides that kind of expectation in the house game (a `pot` by the betting
chapter R3, a `holds` by the hand values of R2, ...), together with every rule of the
profile chapters (R8 on), which restate the house rules for their games. A refusal adds
the rule of its code (`badugi_spec.engine.CODES`). When none of the case's rules falls in
those chapters the step keeps them all: a narrower answer would be a guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from badugi_spec.engine import CODES
from badugi_spec.rules import chapter_of

_VALUES: Final = frozenset({"R2", "R9", "R21", "R22"})
DECIDED_BY: Final[dict[str, frozenset[str]]] = {
    "holds": _VALUES,
    "holds-in": _VALUES,
    "evaluate": _VALUES,
    "compare": _VALUES,
    "wins": frozenset({"R2", "R5"}),
    "shows": frozenset({"R5"}),
    "shows-in": frozenset({"R5", "R9"}),
    "show-order": frozenset({"R5"}),
    "half": frozenset({"R5", "R9"}),
    "split": frozenset({"R5"}),
    "pots": frozenset({"R5"}),
    "returned": frozenset({"R3", "R5"}),
    "turn": frozenset({"R1", "R3", "R4"}),
    "legal": frozenset({"R3"}),
    "stacks": frozenset({"R1", "R3", "R5"}),
    "pot": frozenset({"R3"}),
    "pot-detail": frozenset({"R3", "R5"}),
    "posts": frozenset({"R1", "R3"}),
    "phase": frozenset({"R3", "R4", "R5"}),
    "burns": frozenset({"R4"}),
    "cards": frozenset({"R4"}),
    "stub": frozenset({"R4"}),
    "reshuffles": frozenset({"R4"}),
    "hands": frozenset({"R6"}),
    "button": frozenset({"R1", "R6"}),
    "session-continues": frozenset({"R6"}),
    "session-over": frozenset({"R6"}),
    "session-reason": frozenset({"R6"}),
    "reject": frozenset({"R3", "R4", "R5", "R6"}),
}
FIRST_PROFILE_CHAPTER: Final = 8


def _profile_chapter(chapter: str) -> bool:
    return chapter == "F" or int(chapter[1:]) >= FIRST_PROFILE_CHAPTER


def step_rules(step: dict[str, Any], case_rules: Sequence[str]) -> list[str]:
    """The rule IDs that decide `step`, most specific first."""
    kind = step.get("what") or step["op"]
    chapters = DECIDED_BY.get(kind)
    own: list[str] = []
    if step["op"] == "reject" and step.get("code") in CODES:
        own.append(CODES[step["code"]].rule)
    if chapters is None:
        return list(dict.fromkeys([*own, *case_rules]))
    chosen = [
        rule
        for rule in case_rules
        if chapter_of(rule) in chapters or _profile_chapter(chapter_of(rule))
    ]
    return list(dict.fromkeys([*own, *(chosen or case_rules)]))


def annotate(case: dict[str, Any]) -> dict[str, Any]:
    """`case` with `rules` on each of its checks and each expectation and refusal of its
    hands (a plain action decides nothing and gets none)."""
    for step in case["checks"]:
        step["rules"] = step_rules(step, case["rules"])
    for hand in case["hands"]:
        for step in hand["steps"]:
            if step["op"] in ("expect", "reject"):
                step["rules"] = step_rules(step, case["rules"])
    return case
