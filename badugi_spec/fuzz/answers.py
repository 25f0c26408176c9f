"""Properties of the implementation's own answer, where it diverged: a rule it breaks by
itself, whatever our engine says.

A divergence's field names the rule that decides it (`label`); but an answer can also be
wrong in a way no second engine is needed to see, and then that property's rule is the
one broken: a pot whose shares do not add up to it (R8.14), a hand that ends with more or
fewer chips on the table than it began with (R5.8). Each property here reads only the
answered line and what the trial itself fixes (the chips at the table), so it holds for
any implementation, and it cites its rule as `simulation.properties` does for our engine.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Final

from badugi_spec.fuzz.trial import Trial

_POT: Final = re.compile(r"^(?:main pot|side pot \d+) (\d+) .*\((.+)\)$")
"""A pot with its shares, as the runner writes an answer: `main pot 5 between A, B to A,
B (A 3, B 2)`."""
_HALF: Final = re.compile(r"^half \S+ of (?:main pot|side pot \d+) (\d+) to (.+)$")
_PAIR: Final = re.compile(r"^(\S+) (\d+)$")


def _shares(text: str) -> list[int] | None:
    """`Ann 4, Bob 3` -> [4, 3]; None where a part is not a name and chips."""
    chips = []
    for part in text.split(", "):
        found = _PAIR.match(part.strip())
        if found is None:
            return None
        chips.append(int(found.group(2)))
    return chips


def pot_shares(trial: Trial, index: int, actual: str) -> str:
    """A pot (or a half of one) settled with shares that do not add up to its amount: the
    chips of a pot are all paid out, to its winners (R8.14)."""
    paid, _, also = actual.partition("; also ")  # shares paid to others than the winners
    found = _POT.match(paid) or _HALF.match(paid)
    if found is None:
        return ""
    shares = _shares(found.group(2))
    others = _shares(also) if also else []
    if shares is None or others is None:
        return ""
    return "R8.14" if sum(shares) + sum(others) != int(found.group(1)) else ""


def chips_conserved(trial: Trial, index: int, actual: str) -> str:
    """After a hand is over the pot is empty: the stacks hold every chip the hand began
    with. An answer with more or fewer made or lost a chip (R5.8)."""
    statement = trial.statements[index]
    start = trial.starts.get(statement.hand)
    over = trial.ends.get(statement.hand)
    if not actual.startswith("stacks ") or start is None or over is None or index <= over:
        return ""
    chips = _shares(actual.removeprefix("stacks "))
    return "R5.8" if chips is not None and sum(chips) != sum(start[0].values()) else ""


def chips_across_answers(trial: Trial, states: Iterable[object]) -> str:
    """Every answer of a session holds every chip its players sat down with: in the
    stacks, and while a hand is played in its pot too (R5.8: the pot is every chip put in
    this hand). An answer with more or fewer made or lost a chip, wherever in the hand it
    came: "R5.8", or "" where every answer holds them (or one says too little to tell).

    Read from the states the implementation answered (the runner's trace), in order, not
    from one answer: a wrong amount mid-hand is seen as chips made there even where the
    first line to differ is another (a `pot`, a `legal`)."""
    total = sum(trial.stacks)
    for state in states:
        if not isinstance(state, dict):
            continue
        stacks, pot = state.get("stacks"), state.get("pot", 0)
        if not isinstance(stacks, dict) or not isinstance(pot, int):
            continue
        chips = list(stacks.values())
        if not all(isinstance(c, int) for c in chips):
            continue
        held = sum(chips) + (0 if state.get("phase") == "complete" else pot)
        if held != total:
            return "R5.8"
    return ""


PROPERTIES: Final[tuple[Callable[[Trial, int, str], str], ...]] = (pot_shares, chips_conserved)
"""Each property of an answer: the rule it breaks, or "" where it holds (or cannot say)."""


ACROSS: Final[tuple[Callable[[Trial, Iterable[object]], str], ...]] = (chips_across_answers,)
"""Each property of all the answers of a trial, read in order: the rule it breaks, or ""."""


def broken_across(trial: Trial, states: Iterable[object]) -> str:
    """The rule of the first property the implementation's answers (every state it
    answered, in order) break together, or ""."""
    answered = list(states)
    for check in ACROSS:
        rule = check(trial, answered)
        if rule:
            return rule
    return ""


def broken(trial: Trial, index: int, actual: str) -> str:
    """The rule of the first property the answer at statement `index` breaks, or ""."""
    for check in PROPERTIES:
        rule = check(trial, index, actual)
        if rule:
            return rule
    return ""


__all__ = [
    "ACROSS",
    "PROPERTIES",
    "broken",
    "broken_across",
    "chips_across_answers",
    "chips_conserved",
    "pot_shares",
]
