"""A shrink's edits of a trial's shape that keep the rest of its choices where they were.

A trial's first choices are its shape: the profile, the seats, how many hands, the rule
switch, a stack for each seat. Set one of them lower and every later choice is read by
another question: with three seats in place of six, the three stacks no longer drawn shift
the switch, the deal and every action onto other choices, and the trial that comes out has
nothing of the one before. So a six-seat trial rarely shrank to fewer seats at all, and a
shrunk file kept every player (issue 34).

Here each choice is told by the question that drew it: the line of the game that asked,
its *label* (`labelled`). An edit sets one shape choice lower and plays the trial again
(`aligned`), answering each later question with the next answer the old trial gave that
same question: the three stacks left keep theirs, the switch and each action keep theirs,
and questions the old trial never asked get 0 (their simplest answer). Optionally the
hands before the one that diverges are skipped over: their answers are not handed on, so
the first hand played is answered as the divergent hand was. Every candidate is a plain
stream (what the new trial drew) and is kept only if it still diverges the same way.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from badugi_spec.fuzz import choices as choices_module
from badugi_spec.fuzz.choices import Choices
from badugi_spec.fuzz.trial import FuzzError, Trial

Label = tuple[str, int]
"""The function and line that asked for a choice."""
Play = Callable[[Choices], Trial]
MOST_EDITS: Final = 24
"""Shape choices at most whose lowering is tried, from the first."""
_HERE: Final = choices_module.__file__


def _label() -> Label:
    """The first caller outside `choices` (whose `chance` and `forced` ask `below`)."""
    frame = sys._getframe(2)
    while frame.f_back is not None and frame.f_code.co_filename == _HERE:
        frame = frame.f_back
    return frame.f_code.co_qualname, frame.f_lineno


class _Labelled(Choices):
    """Replays a stream (then zeros), noting the label of every choice."""

    def __init__(self, prefix: Sequence[int]) -> None:
        super().__init__(None, prefix)
        self.labels: list[Label] = []

    def below(self, count: int, weights: Sequence[float] | None = None) -> int:
        self.labels.append(_label())
        return super().below(count, weights)


class _Answered(Choices):
    """Answers each question with the next unused answer its label had in the old trial;
    `fixed` holds the first choices as they are to be (the edit among them)."""

    def __init__(self, fixed: Sequence[int], answers: dict[Label, deque[int]]) -> None:
        super().__init__(None, ())
        self._fixed = tuple(fixed)
        self._answers = answers

    def below(self, count: int, weights: Sequence[float] | None = None) -> int:
        if count <= 1:
            return 0
        index = len(self.record)
        if index < len(self._fixed):
            value = self._fixed[index]
        else:
            kept = self._answers.get(_label())
            value = kept.popleft() if kept else 0
        value = min(max(value, 0), count - 1)
        self.record.append(value)
        return value


def labelled(stream: Sequence[int], play: Play) -> tuple[Trial, list[Label]] | None:
    """The trial of `stream` and the label of each of its choices (None if it fails)."""
    choices = _Labelled(stream)
    try:
        trial = play(choices)
    except FuzzError:
        return None
    return trial, choices.labels[: len(stream)]


def aligned(
    stream: Sequence[int],
    labels: Sequence[Label],
    play: Play,
    *,
    fixed: Sequence[int],
    skip: tuple[int, int] = (0, 0),
) -> tuple[list[int], Trial] | None:
    """The trial whose first choices are `fixed` (an edit of the first of `stream`) and
    whose later ones are answered as their labels were after those in `stream` (the
    choices in `skip`, a span of the old stream, handed on to none): the stream it drew
    and the trial, or None if it fails."""
    answers: dict[Label, deque[int]] = {}
    # A stream may hold more choices than its trial reads: those answer nothing.
    for index in range(len(fixed), min(len(stream), len(labels))):
        if not skip[0] <= index < skip[1]:
            answers.setdefault(labels[index], deque()).append(stream[index])
    choices = _Answered(fixed, answers)
    try:
        trial = play(choices)
    except FuzzError:
        return None
    return _trimmed(choices.record), trial


def _trimmed(stream: Sequence[int]) -> list[int]:
    """A stream that runs out reads as zeros: without its last zeros, the same trial."""
    out = list(stream)
    while out and out[-1] == 0:
        out.pop()
    return out


def reshaped(
    stream: Sequence[int], play: Play, *, shape: int, hands: tuple[int, int] = (0, 0)
) -> Iterator[list[int]]:
    """Candidates: where `hands` spans the choices of the hands before the divergent one,
    the stream with those skipped (the first hand answered as the divergent one was);
    then each of the first `shape` choices (the trial's shape, before its first
    statement) at 0, at half and one lower, the rest answered by label (`aligned`), and
    again with the earlier hands skipped. Only trials of fewer seats or fewer hands are
    given: each candidate costs a run against the implementation, and a choice lowered
    that changes neither is most often drawn either way, lowered alone by the shrink."""
    found = labelled(stream, play)
    if found is None:
        return
    trial, labels = found
    skips = [(0, 0)]
    if hands[1] > hands[0]:
        skips.append(hands)
        edit = aligned(stream, labels, play, fixed=stream[: hands[0]], skip=hands)
        if edit is not None:
            yield edit[0]
    edits = 0
    for at in range(min(shape, len(stream))):
        if not stream[at] or edits >= MOST_EDITS:
            continue
        edits += 1
        # 0 first, then halfway, then one lower: three seats of six, if not two.
        for value in sorted({0, stream[at] // 2, stream[at] - 1}):
            for skip in skips:
                edit = aligned(stream, labels, play, fixed=[*stream[:at], value], skip=skip)
                if edit is not None and _smaller(edit[1], trial):
                    yield edit[0]


def _smaller(edited: Trial, trial: Trial) -> bool:
    return len(edited.names) < len(trial.names) or edited.hands < trial.hands


__all__ = ["Label", "aligned", "labelled", "reshaped"]
