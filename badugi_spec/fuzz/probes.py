"""A shrink's edit that drops a trial's refusal probes: its `reject` lines, all at once.

Now and then a fuzzed player first tries an action the rules refuse (`policy.attempt`), and
the trial says so in a `reject ... with CODE` line. A refused action changes nothing
(R8.24), and the attempt draws the same choices whether it is made or not, so the choices
that made one `reject` line, set to 0, drop that line and leave the rest of the trial as it
was. A trial shrunk one choice at a time spent a candidate on each probe, and a campaign's
time ran out first: a shrunk file kept dozens of `reject ... with out-of-turn` lines its
divergence did not need (issue 34). Here they go together, in one candidate, then by halves.

What follows a line is not a probe, so it is left alone: a draw cut short by a stub too
short for it (`deck-short`, R4.6) is the draw's own answer, and the divergent statement is
what the trial is kept for.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from badugi_spec.fuzz.trial import Trial

KEPT: Final = ("with deck-short",)
"""Ends of `reject` lines that are not probes: the refusal is the action's own answer."""
_PLAYS: Final = ("act", "reject")
"""A line played from the same choices as a `reject` before it (the mucks after a
showdown are drawn together, R8.32): those choices made more than the probe."""
HALVINGS: Final = 2
"""Rounds of halving after the whole set fails: halves, then quarters."""


def probes(trial: Trial, before: int) -> list[tuple[int, int]]:
    """The stream's spans, (start, end), of the choices that made each probe of `trial`
    before statement `before`: from the statement before it to the probe itself."""
    spans: list[tuple[int, int]] = []
    statements = trial.statements
    for index in range(1, min(before, len(statements))):
        statement = statements[index]
        if statement.kind != "reject" or statement.text.endswith(KEPT):
            continue
        start, end = statements[index - 1].drawn, statement.drawn
        later = statements[index + 1 :]
        if start < end and not any(s.drawn == end and s.kind in _PLAYS for s in later[:8]):
            spans.append((start, end))
    return spans


def unprobed(stream: Sequence[int], trial: Trial, before: int) -> Iterator[list[int]]:
    """Candidates: `stream` with every probe before statement `before` dropped; then with
    each half of them dropped, then each quarter (`HALVINGS`)."""
    found = [(start, end) for start, end in probes(trial, before) if any(stream[start:end])]
    groups = [found] if found else []
    for _ in range(HALVINGS + 1):
        halves: list[list[tuple[int, int]]] = []
        for group in groups:
            yield _zeroed(stream, group)
            if len(group) > 1:
                middle = len(group) // 2
                halves += [group[:middle], group[middle:]]
        groups = halves


def _zeroed(stream: Sequence[int], spans: list[tuple[int, int]]) -> list[int]:
    out = list(stream)
    for start, end in spans:
        out[start:end] = [0] * len(out[start:end])
    return out


__all__ = ["probes", "unprobed"]
