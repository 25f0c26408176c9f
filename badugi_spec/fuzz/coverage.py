"""Rule coverage, read from our engine: which rules and waypoints a trial reached.

Our engine cites a rule in every event it logs (`Event.rule`), every refusal has a code
with its rule (`engine.codes`) and every value line a ranking's rule: the rules a trial
reached are read from there, with no instrumentation of the implementation under test.
*Waypoints* are situations random play reaches thinly (a capped round, a tie in a side
pot, an odd chip, a reshuffle, the stub's last card, a bust to heads-up, every refusal
code); each names the rule it exercises, and reaching one counts for that rule too.

A profile's own chapter (R10 to R22) is reached by a trial under that profile where a
rule of the chapter cites a rule the trial reached, or cites none (it states the profile's
readings, which every trial under it plays). `Coverage` tallies hits per rule and per
waypoint over a campaign and names the rulebook's rules it never reached.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any, Final

from badugi_spec import rules as rulebook
from badugi_spec.engine.codes import CODES
from badugi_spec.fuzz.trial import Trial
from badugi_spec.profiles.model import PARAMETERS
from badugi_spec.rankings import RANKINGS

WAYPOINTS: Final = {
    "cap": ("R3.6", "a betting round capped: a call, and no raise left"),
    "cap-heads-up": ("R8.7", "a round capped at a table of two"),
    "stub-short": ("R4.6", "a draw the stub could not serve in full"),
    "reshuffle": ("R8.18", "the discards reshuffled into a new stub"),
    "burn-after-reshuffle": ("R8.21", "a reshuffle under a profile that burns after it"),
    "last-card": ("R8.19", "a draw that ran the stub to its last card"),
    "short-all-in": ("R8.8", "an all-in for less than a full bet or raise"),
    "side-pot": ("R8.13", "a side pot"),
    "tied-pot": ("R5.2", "a pot shared by tied hands"),
    "odd-chip": ("R8.15", "a tied pot whose chips do not divide evenly"),
    "tied-side-pot": ("R8.15", "a tie in a side pot"),
    "split-pot": ("R8.29", "a pot split between two rankings"),
    "odd-chip-between-halves": ("R8.30", "a split pot with an odd chip between its halves"),
    "bust": ("R6.4", "a player out of chips"),
    "bust-to-heads-up": ("R8.23", "a session down to two players with chips"),
    "session-over": ("R6.4", "a session played to its end"),
    "session-tie": ("R6.5", "a session that ends in a tie"),
    "live-post": ("R8.3", "a live big blind posted before the deal"),
    "showdown": ("R8.22", "hands shown"),
    "returned": ("R8.12", "uncalled chips given back"),
}
"""Each waypoint's rule and what it is; `refused:CODE` waypoints come from `CODES`."""
REFUSED: Final = "refused:"
_WINNERS: Final = re.compile(r"^(main pot|side pot \d+) (\d+) between .*? to (.+)$")
_HALF: Final = re.compile(r"^half \S+ of (main pot|side pot \d+) (\d+)")
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


def waypoint_rule(name: str) -> str:
    if name.startswith(REFUSED):
        known = CODES.get(name[len(REFUSED) :])
        return known.rule if known is not None else ""
    return WAYPOINTS[name][0] if name in WAYPOINTS else ""


def waypoint_names() -> list[str]:
    return [*WAYPOINTS, *(REFUSED + code for code in CODES)]


def reached(trial: Trial) -> tuple[frozenset[str], frozenset[str]]:
    """The rules and the waypoints `trial` reached, as our engine played it."""
    points = _waypoints(trial)
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


def _waypoints(trial: Trial) -> set[str]:
    points: set[str] = set()
    names = len(trial.names)
    if trial.first_posts:
        points.add("live-post")
    capped = trial.profile.cap is not None and trial.profile.cap > 0
    for index, statement in enumerate(trial.statements):
        text, kind = statement.text, statement.kind
        if kind == "expect" and text.startswith("stacks "):
            if index > trial.ends.get(statement.hand, len(trial.statements)):
                points |= _busts(text, names)
            continue
        if kind == "reject":
            code = text.rsplit(" with ", 1)[-1]
            points.add(REFUSED + code)
            if code == "deck-short":
                points.add("stub-short")
        elif kind == "hand" and "posts a live big blind" in text:
            points.add("live-post")
        elif kind == "act" and "goes all-in" in text and statement.rule in ("R5.6", "R8.8"):
            points.add("short-all-in")
        elif kind == "expect":
            points |= _expected(text, capped=capped, names=names)
    if split_halves(s.text for s in trial.statements if s.kind == "expect"):
        points.add("odd-chip-between-halves")
    if "reshuffle" in points and trial.profile.burn_after_reshuffle:
        points.add("burn-after-reshuffle")
    if "R5.6" in trial.rules or "R14.6" in trial.rules:
        points.add("short-all-in")
    if "cap" in points and names == 2:
        points.add("cap-heads-up")
    return points


def _expected(text: str, *, capped: bool, names: int) -> set[str]:
    points: set[str] = set()
    words = text.split()
    if words[0] == "legal" and capped and "call" in words and not {"raise", "all-in"} & set(words):
        points.add("cap")
    elif words[0] == "reshuffles" and words[1] != "0":
        points.add("reshuffle")
    elif words[0] == "stub" and words[1] == "0":
        points.add("last-card")
    elif words[0] == "session" and words[1] == "over":
        points.add("session-over")
        if words[-2] == "tie" or " tie " in text:
            points.add("session-tie")
    elif len(words) > 1 and words[1] == "shows":
        points.add("showdown")
    elif len(words) > 2 and words[1:3] == ["gets", "back"]:
        points.add("returned")
    elif words[0] == "half":
        points.add("split-pot")
    found = _WINNERS.match(text)
    if found is not None:
        label, amount, shares = found.groups()
        if label.startswith("side"):
            points.add("side-pot")
        winners = shares.split(", ")
        if len(winners) > 1:
            points.add("tied-pot")
            if label.startswith("side"):
                points.add("tied-side-pot")
            if int(amount) % len(winners):
                points.add("odd-chip")
    return points


def _busts(text: str, names: int) -> set[str]:
    """A hand's last `stacks`: a player out of chips, and the table down to two."""
    chips = [int(w.strip(",")) for w in text.split()[2::2] if w.strip(",").isdigit()]
    if 0 not in chips:
        return set()
    left = sum(1 for c in chips if c)
    return {"bust", "bust-to-heads-up"} if names > 2 and left == 2 else {"bust"}


def split_halves(texts: Iterable[str]) -> bool:
    """Whether two `half` lines of one pot differ in amount: an odd chip between them."""
    seen: dict[str, set[int]] = {}
    for text in texts:
        found = _HALF.match(text)
        if found is not None:
            seen.setdefault(found.group(1), set()).add(int(found.group(2)))
    return any(len(amounts) > 1 for amounts in seen.values())


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
