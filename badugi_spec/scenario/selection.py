"""Which cases of a suite a run sends: `verify -k EXPR --rule R8 --tag T --profile P`.

Each filter narrows the run; a case left out keeps the first reason that left it out, so
`verify --list` can say why every other case is not run. `-k` reads like pytest's: words
matched (case-insensitively) in the id or the title, joined by `and`, `or`, `not` and
parentheses.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from badugi_spec.errors import BadugiError
from badugi_spec.rules import chapter_of
from badugi_spec.scenario.model import Scenario

_TOKEN: Final = re.compile(r"\s*(\(|\)|[^\s()]+)")
_RULE_SPEC: Final = re.compile(r"^(R\d+|F)(?:\.(\d+))?(?:-(?:(R\d+)\.)?(\d+))?$")
Match = Callable[[str], bool]


class SelectionError(BadugiError):
    """A filter that cannot be read: one line naming the option."""


def keyword(expression: str) -> Match:
    """`-k EXPR` as a test of `id title` (lower-cased)."""
    tokens = _TOKEN.findall(expression)
    if not tokens:
        raise SelectionError("-k: an empty expression")
    at = 0

    def peek() -> str | None:
        return str(tokens[at]) if at < len(tokens) else None

    def take() -> str:
        nonlocal at
        at += 1
        return str(tokens[at - 1])

    def either() -> Match:
        left = both()
        while peek() == "or":
            take()
            left = _any_of(left, both())
        return left

    def both() -> Match:
        left = negated()
        while peek() == "and":
            take()
            left = _all_of(left, negated())
        return left

    def negated() -> Match:
        if peek() == "not":
            take()
            inner = negated()
            return lambda text: not inner(text)
        return atom()

    def atom() -> Match:
        token = peek()
        if token is None or token in (")", "and", "or"):
            where = f"at {token!r}" if token else "at its end"
            raise SelectionError(f"-k {expression!r}: a word or ( expected {where}")
        take()
        if token == "(":
            inner = either()
            if peek() != ")":
                raise SelectionError(f"-k {expression!r}: a ( with no )")
            take()
            return inner
        word = token.lower()
        return lambda text: word in text

    found = either()
    if peek() is not None:
        raise SelectionError(f"-k {expression!r}: unexpected {peek()!r}")
    return found


def _any_of(a: Match, b: Match) -> Match:
    return lambda text: a(text) or b(text)


def _all_of(a: Match, b: Match) -> Match:
    return lambda text: a(text) and b(text)


def rule_matcher(spec: str) -> Match:
    """`--rule`: `R8.15`, a chapter `R8`, or a range `R8.10-R8.15` (or `R8.10-15`)."""
    found = _RULE_SPEC.match(spec.strip())
    if found is None:
        raise SelectionError(
            f"--rule {spec!r}: expected a rule (R8.15), a chapter (R8) or a range (R8.10-R8.15)"
        )
    chapter, low, other, high = found.groups()
    if other is not None and other != chapter:
        raise SelectionError(f"--rule {spec!r}: a range stays in one chapter")
    if low is None:
        if high is not None:
            raise SelectionError(f"--rule {spec!r}: a range runs from a rule to a rule")
        return lambda rule: chapter_of(rule) == chapter
    first, last = int(low), int(high if high is not None else low)
    if last < first:
        raise SelectionError(f"--rule {spec!r}: the range ends before it starts")

    def matches(rule: str) -> bool:
        head, _, number = rule.partition(".")
        return head == chapter and number.isdigit() and first <= int(number) <= last

    return matches


@dataclass(frozen=True, slots=True)
class Selection:
    """The filters of one run; empty ones select everything."""

    keyword: str | None = None
    rules: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    profiles: tuple[str, ...] = ()

    @property
    def active(self) -> bool:
        return bool(self.keyword or self.rules or self.tags or self.profiles)

    def split(self, scenarios: Sequence[Scenario]) -> tuple[list[Scenario], dict[str, str]]:
        """The scenarios selected, and the reason each other one (by id) is left out."""
        by_keyword = keyword(self.keyword) if self.keyword else None
        rule_tests = [rule_matcher(part) for spec in self.rules for part in spec.split(",")]
        chosen: list[Scenario] = []
        left_out: dict[str, str] = {}
        for scenario in scenarios:
            reason = self._reason(scenario, by_keyword, rule_tests)
            if reason is None:
                chosen.append(scenario)
            else:
                left_out[scenario.id] = reason
        return chosen, left_out

    def _reason(
        self, scenario: Scenario, by_keyword: Match | None, rule_tests: list[Match]
    ) -> str | None:
        if by_keyword and not by_keyword(f"{scenario.id} {scenario.title}".lower()):
            return f"not matched by -k {self.keyword}"
        if rule_tests and not any(test(rule) for rule in scenario.rules for test in rule_tests):
            return f"cites none of --rule {', '.join(self.rules)}"
        if self.tags and not set(self.tags) & set(scenario.tags):
            return f"has none of --tag {', '.join(self.tags)}"
        if self.profiles and scenario.profile.name not in self.profiles:
            return f"profile {scenario.profile.name}, not --profile {', '.join(self.profiles)}"
        return None
