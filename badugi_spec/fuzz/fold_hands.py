"""A shrink's edits that know where a trial's hands are in its stream of choices.

Editing one number of a stream keeps what comes before it and scrambles what comes after:
a hand of a session that plays one action fewer hands its spare choices to the next hand,
which then plays differently, and so on to the end. So a divergence in a session's fourth
hand (a player coming back after missing a blind, R19.3) kept the three hands before it
whole, action by action: the shrunk file ran to 35 to 98 lines.

`folded` replaces one earlier hand's actions at once with the fewest choices that fold it
round (a 0 folds where a check is not free, `policy`), so the hands after it read the very
choices they read before: the same deck seeds, the same players sitting out and coming
back. Like every candidate it is kept only if it still diverges the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from badugi_spec.fuzz.trial import FuzzError, Trial

Replay = Callable[[list[int]], Trial]

MOST_HANDS: Final = 16
"""Hands at most whose folding is tried, from the first."""


def spans(trial: Trial, until: int | None = None) -> dict[int, tuple[int, int]]:
    """Hand number -> the part of the stream its actions drew, (start, end): from its
    deal to its last statement, for the hands before hand `until` (the one that holds
    the divergence; by default the trial's last). A trial cut after its divergence plays
    on, on zeros, to its last hand: those hands are no part of it."""
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for statement in trial.statements:
        hand = statement.hand
        if hand < 1:
            continue
        if statement.kind == "hand" or hand not in first:
            # A later hand's `hand` lines are said after its deck and seating choices: its
            # actions start there. The first hand has none: its first check is the deal.
            first[hand] = statement.drawn
        last[hand] = statement.drawn
    final = max(first, default=0) if until is None else until
    return {hand: (first[hand], last[hand]) for hand in sorted(first) if hand < final}


def folded(stream: list[int], replay: Replay, until: int | None = None) -> Iterator[list[int]]:
    """Candidates: `stream` with every hand before hand `until` (the divergent one; by
    default the last) folded round (and the deal no longer mirrored, whose tied pair never
    folds, `Trial.mirrored`); then with one hand between the first and that one left out,
    the latest first; then with one earlier hand folded round at a time, the first first."""
    try:
        trial = replay(stream)
    except FuzzError:
        return
    known = spans(trial, until)
    every = list(stream)
    if trial.mirrored:
        every = _unmirrored(every, replay, known)
    for hand in list(known)[:MOST_HANDS]:
        every = _fold(every, hand, replay) or every
    yield every
    hands = list(known)[:MOST_HANDS]
    # A hand between the first and the divergent one left out whole: its deck seed, its
    # seating and its actions (a hand's choices start where the one before it ended).
    # The button then moves one seat less, which may or may not matter. The session is
    # then a hand short: first the trial that plays one hand fewer (the divergent hand
    # still its last, where a muck is tried, R8.32), then the one that plays on.
    last = max(known, default=0) + 1
    for hand in reversed(hands[1:]):
        out = stream[: known[hand - 1][1]] + stream[known[hand][1] :]
        shorter = _one_hand_fewer(out, replay, trial, last, shape=known[hands[0]][0])
        if shorter is not None:
            yield shorter
        yield out
    for hand in hands:
        one = _fold(stream, hand, replay)
        if one is not None:
            yield one


def _fold(stream: list[int], hand: int, replay: Replay) -> list[int] | None:
    """`stream` with hand `hand` folded round, or None if it is already (or cannot be)."""
    try:
        known = spans(replay(stream))
        if hand not in known:
            return None
        start, end = known[hand]
        if not any(stream[start:end]):
            return None  # folded round already
        quiet = spans(replay(stream[:start]))  # zeros from `start` on
    except FuzzError:
        return None
    if hand not in quiet or quiet[hand][0] != start:
        return None  # the zeros changed what came before the actions: not this hand
    return stream[:start] + [0] * (quiet[hand][1] - start) + stream[end:]


SHAPE_TRIES: Final = 6
"""Choices of a trial's shape at most tried one lower for a session a hand shorter."""


def _one_hand_fewer(
    stream: list[int], replay: Replay, trial: Trial, last: int, *, shape: int
) -> list[int] | None:
    """`stream` (a hand left out of `trial`) with the one choice of its shape lowered by
    one that makes its session a hand shorter, at the same table: the first such of the
    first `SHAPE_TRIES` choices, or None. The divergent hand is then its last (`last - 1`)
    as it was (`last`)."""
    tries = 0
    for at in range(min(shape, len(stream))):
        if not stream[at]:
            continue
        if tries >= SHAPE_TRIES:
            break
        tries += 1
        lowered = [*stream[:at], stream[at] - 1, *stream[at + 1 :]]
        try:
            shorter = replay(lowered)
        except FuzzError:
            continue
        same = (shorter.names, shorter.profile) == (trial.names, trial.profile)
        if same and shorter.hands == trial.hands - 1:
            return lowered
    return None


def _unmirrored(stream: list[int], replay: Replay, known: dict[int, tuple[int, int]]) -> list[int]:
    """`stream` with the choice that mirrors the deal at 0: found by a binary search for
    the shortest prefix whose trial (zeros after it) is mirrored, before the first deal."""
    low, high = 0, known.get(1, (len(stream), 0))[0]
    try:
        if not replay(stream[:high]).mirrored:
            return stream
        while high - low > 1:  # the prefix of `low` is not mirrored, that of `high` is
            middle = (low + high) // 2
            if replay(stream[:middle]).mirrored:
                high = middle
            else:
                low = middle
    except FuzzError:
        return stream
    return [*stream[: high - 1], 0, *stream[high:]]


__all__ = ["folded", "spans"]
