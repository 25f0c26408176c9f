"""Rule coverage, read from our engine: which rules and waypoints a trial reached.

Our engine cites a rule in every event it logs (`Event.rule`), every refusal has a code
with its rule (`engine.codes`) and every value line a ranking's rule: the rules a trial
reached are read from there, with no instrumentation of the implementation under test.
*Waypoints* (`waypoints`) are situations random play reaches thinly (a capped round, a tie
in a side pot, an odd chip, a reshuffle, the stub's last card, a bust to heads-up, every
refusal code); each names the rule it exercises, and reaching one counts for that rule too.

A profile's own chapter (R10 to R22) is reached by a trial under that profile where a
rule of the chapter cites a rule the trial reached, or cites none (it states the profile's
readings, which every trial under it plays). `Coverage` tallies hits per rule and per
waypoint over a campaign and names the rulebook's rules it never reached.
"""

from __future__ import annotations

import difflib
import functools
from collections import Counter
from collections.abc import Iterable
from typing import Any, Final

from badugi_spec import rules as rulebook
from badugi_spec.fuzz.trial import Trial
from badugi_spec.fuzz.waypoints import WAYPOINTS, waypoint_names, waypoint_rule, waypoints
from badugi_spec.profiles.model import PARAMETERS
from badugi_spec.rankings import RANKINGS

_BETTING: Final = {
    "pot-limit": ("R14.1", "R14.4"),
    "no-limit": ("R14.1", "R14.5"),
    "half-pot": ("R14.1", "R14.4", "R14.7"),
    "spread": ("R14.1", "R14.8"),
}
"""The rules a betting structure is played by, beyond those its events cite."""
_HOUSE_SHAPES: Final = {
    "any": ("R2.1", "R2.3"),
    "badugi": ("R2.2", "R2.4"),
    "one suit": ("R2.5", "R2.6"),
    "pair": ("R2.5",),
    "two pair": ("R2.5",),
    "trips": ("R2.5",),
    "quads": ("R2.5",),
}
"""The house Badugi's rules a value line of each shape shows (its `topic`)."""


def reached(trial: Trial) -> tuple[frozenset[str], frozenset[str]]:
    """The rules and the waypoints `trial` reached, as our engine played it."""
    points = waypoints(trial)
    found = {s.rule for s in trial.statements if s.rule} | set(trial.rules)
    found |= {waypoint_rule(point) for point in points}
    for statement in trial.statements:
        if statement.topic:
            found |= _value_rules(statement.topic, statement.text)
    if trial.names:
        found |= _play_rules(trial, points)
        found |= _chapter_rules(trial.profile.chapter, found)
    found.discard("")
    return frozenset(found), frozenset(points)


def _value_rules(topic: str, text: str) -> set[str]:
    ranking, _, shape = topic.partition(" ")
    shape = shape.split(" against ")[0]
    if ranking != "house":
        lows = {"R9.4"} if ranking.startswith("low") else set()
        return {"R9.1", RANKINGS[ranking].rule, *lows} if ranking in RANKINGS else set()
    shown = set(_HOUSE_SHAPES.get(shape, ()))
    if text.startswith("compare"):
        shown |= {"R2.7", "R2.8"}
    else:
        shown.add("R1.2")
    return shown


def _play_rules(trial: Trial, points: set[str]) -> set[str]:
    profile = trial.profile
    found = {"R1.1", "R1.6", "R1.7", "R6.1", "R8.1", "R8.2", "R1.5", "R3.1", "R3.9"}
    found |= {"R1.3"} if len(trial.names) == 2 else {"R8.4", "R8.5"}
    found |= set(_BETTING.get(profile.betting, ()))
    if profile.chapter == "R10":
        found |= {"R5.8"} | ({"R5.3"} if "odd-chip" in points else set())
    if profile.starting_stack in trial.stacks:
        found.add("R1.4")
    if trial.hands > 1:
        found |= {"R6.2", "R6.3"}
    for override in trial.overrides:
        param = PARAMETERS.get(override.split("=")[0])
        if param is not None:
            found.add(param.rule)
    if "showdown" in points:
        for name in (profile.ranking, profile.split_ranking):
            if name and name in RANKINGS:
                found.add(RANKINGS[name].rule)
        if profile.ranking == "badugi" and not profile.split_ranking:
            found |= {"R2.1", "R2.8", "R5.1"}
    return found


@functools.cache
def _chapters() -> dict[str, list[tuple[str, frozenset[str]]]]:
    """Chapter -> its rules, each with the rules its text cites."""
    out: dict[str, list[tuple[str, frozenset[str]]]] = {}
    for rule in rulebook.load().values():
        cited = frozenset(rulebook.RULE_ID.findall(rule.text)) - {rule.id}
        out.setdefault(rule.chapter, []).append((rule.id, cited))
    return out


def _chapter_rules(chapter: str, found: set[str]) -> set[str]:
    return {rule for rule, cited in _chapters().get(chapter, []) if not cited or cited & found}


class TargetError(ValueError):
    """A `--target` that names no rule or waypoint."""


def targets(texts: Iterable[str]) -> frozenset[str]:
    """`--target` values as the features they aim at: rules (`R8.15`), ranges within a
    chapter (`R8.8-R8.10`) and waypoint names (`tied-side-pot`, `refused:deck-short`). A
    rule brings its waypoints along: they are how it is reached."""
    rules = every_rule()
    points = waypoint_names()
    wanted: set[str] = set()
    for text in texts:
        first, dash, last = text.partition("-") if text[:1] == "R" else (text, "", "")
        if first in rules and (not dash or last in rules):
            if dash:
                low, high = rules.index(first), rules.index(last)
                if high < low or first.split(".")[0] != last.split(".")[0]:
                    raise TargetError(f"{text}: a range runs up within one chapter (R8.8-R8.10)")
                wanted |= set(rules[low : high + 1])
            else:
                wanted.add(first)
        elif text in points:
            wanted.add(text)
        else:
            near = difflib.get_close_matches(text, [*rules, *points], n=3)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise TargetError(f"{text}: no such rule or waypoint{hint}")
    wanted |= {point for point in points if waypoint_rule(point) in wanted}
    return frozenset(wanted)


def every_rule() -> list[str]:
    """The rulebook's rules a campaign can reach (chapter F, the wider family, aside)."""
    return [rule for rule in rulebook.load() if not rule.startswith("F")]


class Coverage:
    """Hits per rule and per waypoint over a campaign: trials that reached each."""

    def __init__(self) -> None:
        self.rules: Counter[str] = Counter()
        self.waypoints: Counter[str] = Counter()
        self.trials = 0

    def add(self, found: tuple[frozenset[str], frozenset[str]]) -> None:
        self.trials += 1
        self.rules.update(found[0])
        self.waypoints.update(found[1])

    def merge(self, data: dict[str, Any]) -> None:
        self.trials += int(data.get("trials", 0))
        self.rules.update(data.get("rules", {}))
        self.waypoints.update(data.get("waypoints", {}))

    def never(self) -> list[str]:
        return [rule for rule in every_rule() if not self.rules[rule]]

    def as_json(self) -> dict[str, Any]:
        order = {rule: index for index, rule in enumerate(every_rule())}
        return {
            "trials": self.trials,
            "rules": {
                r: self.rules[r] for r in sorted(self.rules, key=lambda r: order.get(r, 999))
            },
            "waypoints": {w: self.waypoints[w] for w in waypoint_names() if self.waypoints[w]},
            "never": self.never(),
            "waypoints_never": [w for w in WAYPOINTS if not self.waypoints[w]],
        }


def table(data: dict[str, Any]) -> list[str]:
    """The `--coverage` table: hits per rule and per waypoint, and what was never reached."""
    trials = max(1, int(data.get("trials", 0)))
    lines = [f"rule coverage over {data.get('trials', 0)} trials (trials that reached each):"]
    cells = [
        f"{rule:<7}{hits:>6} {100 * hits / trials:3.0f}%" for rule, hits in data["rules"].items()
    ]
    lines += ["  " + "   ".join(cells[i : i + 4]) for i in range(0, len(cells), 4)]
    lines.append("waypoints:")
    for name, hits in data["waypoints"].items():
        rule = waypoint_rule(name)
        lines.append(f"  {name:<28} {rule:<7}{hits:>6} {100 * hits / trials:3.0f}%")
    never = data.get("never", [])
    lines.append(f"rules never reached ({len(never)}): {' '.join(never) or 'none'}")
    missed = data.get("waypoints_never", [])
    lines.append(f"waypoints never reached ({len(missed)}): {' '.join(missed) or 'none'}")
    return lines


__all__ = [
    "WAYPOINTS", "Coverage", "TargetError", "every_rule", "reached", "table", "targets",
    "waypoint_names",
]  # fmt: skip
