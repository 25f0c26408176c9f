"""The header half of assembling a scenario: `profile`, `rules`, `tags`, `order` and the
narrative, with the hints their errors give (the nearest profile, rule ID or parameter,
a parameter's range).

Kept apart from `assemble`, which checks the table and the hands: a header statement
never depends on the cards or the steps.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Final

from badugi_spec.errors import ScenarioError, clip
from badugi_spec.profiles import (
    HOUSE,
    PARAMETERS,
    Param,
    Profile,
    ProfileError,
    get,
    names,
    override_value,
)
from badugi_spec.scenario.model import Where

_MOST_SHOWN: Final = 40
"""A value's characters an error echoes at most."""


class Header:
    """The callbacks of the header statements; `_Assembler` adds the table and hands."""

    path: str
    known_rules: set[str] | None
    header: dict[str, Any]
    seats: list[Any]
    profile: Profile
    overrides: list[tuple[str, str]]
    profile_where: Where | None

    def fail(self, where: Where, message: str) -> ScenarioError:  # pragma: no cover
        raise NotImplementedError

    def on_profile(self, where: Where, name: str, pairs: list[tuple[str, str, Where]]) -> None:
        if self.profile_where is not None:
            raise self.fail(
                where, f"the profile is already named at line {self.profile_where.line}"
            )
        if self.seats:
            raise self.fail(where, "the profile line comes before the players (R8.1)")
        try:
            profile = get(name)
        except ProfileError as error:
            raise self.fail(where, _unknown_profile(name, str(error))) from None
        changes: dict[str, object] = {}
        for key, value, place in pairs:
            if key not in PARAMETERS:
                raise self.fail(place, f"{name} has no parameter {key!r}{_close_to(key)}")
            if key in changes:
                raise self.fail(place, f"{key} is overridden twice")
            try:
                changes[key] = override_value(key, value)
            except ProfileError as error:
                # The value is at fault, not the key: point at what follows the `=`.
                at = Where(place.path, place.line, place.column + len(key) + 1)
                raise self.fail(at, _bad_value(PARAMETERS[key], value, str(error))) from None
            self.overrides.append((key, value))
        if changes:
            try:
                # Checked together, so `small_blind=10 big_blind=25` works in either order.
                profile = profile.replace(**changes)
            except ProfileError as error:
                problem = str(error).split(": ", 1)[-1]
                raise self.fail(pairs[0][2], f"{name} with these overrides: {problem}") from None
        self.profile = profile
        self.profile_where = where

    def on_rules(self, where: Where, tokens: list[Any]) -> None:
        for token in tokens:
            rule = str(token)
            if self.known_rules is not None and rule not in self.known_rules:
                place = Where(self.path, int(token.line), int(token.column))
                raise self.fail(place, unknown_rule(rule, self.known_rules))
        self.header.setdefault("rules", []).extend(str(t) for t in tokens)

    def on_tags(self, where: Where, tags: list[str]) -> None:
        self.header.setdefault("tags", []).extend(tags)

    def on_order(self, where: Where, number: int) -> None:
        if "order" in self.header:
            raise self.fail(where, "the scenario already has its 'order'")
        if number < 1:
            raise self.fail(where, "order counts from 1: 'order 1' is the rule's featured example")
        self.header["order"] = number

    def on_text(self, where: Where, text: str) -> None:
        previous = self.header.get("text", "")
        self.header["text"] = f"{previous}\n\n{text}" if previous else text

    def deal_rule(self) -> str:
        """The rule that says how many cards this scenario's profile deals: the house's
        four (R1.7), a five-card game's own chapter (R21.1, R22.1), else R8.4."""
        profile = self.profile
        overridden = any(key == "hand_size" for key, _ in self.overrides)
        if not overridden and profile.hand_size != HOUSE.hand_size:
            own = f"{profile.chapter}.1"
            if self.known_rules is None or own in self.known_rules:
                return own
        if profile.name == HOUSE.name and not overridden:
            return "R1.7"
        return "R8.4"


def _rule_key(rule: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", rule))


def unknown_rule(rule: str, known: set[str]) -> str:
    """'unknown rule ID R5.11', with the chapter's rules or the nearest IDs as the fix."""
    chapter = rule.split(".", 1)[0]
    same = sorted((r for r in known if r.split(".", 1)[0] == chapter), key=_rule_key)
    # Within the chapter when it exists: R5.11 is a slip in R5 more often than R8.11.
    close = difflib.get_close_matches(rule, same or sorted(known), n=1, cutoff=0.6)
    hint = f"did you mean {close[0]}? " if close else ""
    if same:
        hint += f"chapter {chapter} has {same[0]} to {same[-1]}; "
    return f"unknown rule ID {rule}: not in the rulebook; {hint}`badugi-spec rules` lists them all"


def _unknown_profile(name: str, message: str) -> str:
    close = difflib.get_close_matches(name, names(), n=1, cutoff=0.5)
    if not close and name:
        # A profile named by its first word: `pokerstars` for `pokerstars-2010`.
        close = [known for known in names() if known.startswith(name)][:1]
    if not close:
        return message
    known = message.split("; ", 1)[-1]
    return f"unknown profile {name!r:.60}: did you mean {close[0]!r}? ({known})"


def _bad_value(param: Param, text: str, message: str) -> str:
    """A value the parameter cannot take, with what it can take and its rule."""
    allowed = _allowed(param)
    given = clip(text, most=_MOST_SHOWN)
    if not allowed:
        return f"{param.name}={given}: {message}"
    return f"{param.name}={given}: {param.name} is {allowed}, not {given!r} ({param.rule})"


def _allowed(param: Param) -> str:
    if param.kind is int:
        low, high = param.low, param.high
        if low is not None and high is not None:
            span = f"a whole number from {low} to {high}"
        elif low is not None:
            # No parameter's own bound: the chips' one (MAX_CHIPS) is the top.
            span = f"a whole number from {low} to 10^12"
        else:
            return ""
        note = re.search(r"\(([^)]*)\)", param.summary)
        return span + (f" ({note.group(1)})" if note else "")
    return ""


def _close_to(key: str) -> str:
    """A hint for a misspelt parameter: the known one it is closest to, if any."""
    found = difflib.get_close_matches(key, PARAMETERS, n=1)
    return f" (did you mean {found[0]}?)" if found else "; see `badugi-spec profiles show`"
