"""A trial cut to start at one of its hands: the players seated with the chips they had
then, the hand's deck, and the statements from that hand on.

Shrinking edits a trial's stream of choices, and a choice early in the stream shapes all
that follows: a divergence in the twelfth hand of a session keeps the eleven hands before
it. Cut at the divergent hand, the trial keeps only what can matter to it, and the shrink
tries that as a last candidate (`Campaign._shrunk`); like every candidate, it is kept only
if it still diverges the same way, and written only if our engine passes it. A session's
history (a dead button, a hand limit already counted, a kill) can make the cut differ from
the whole: then it does not diverge the same way, or our engine fails it, and it is not
kept. At the live table (chapter R19) the players sitting out are seated sitting out; a
history of returns and straddles, whose blinds are carried over, is not cut.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Final

from badugi_spec.fuzz.trial import Statement, Trial

_HANDS: Final = re.compile(r"^hands (\d+)$")
_LIMIT: Final = "hands_per_session="


def from_hand(trial: Trial, first: int) -> Trial | None:
    """`trial` as if it began at hand `first`, or None when it cannot be seated so."""
    if first <= 1 or first not in trial.starts:
        return None
    chips, dealer = trial.starts[first]
    names = tuple(name for name in trial.names if chips.get(name, 0) > 0)
    profile = trial.profile
    if dealer not in names or len(names) < max(2, profile.min_seats):
        return None
    away = _away(trial, first)
    if away is None:
        return None  # one who comes and goes at the live table: carried over (R19)
    overrides = tuple(_later_limit(o, first) for o in trial.overrides)
    if profile.hands_per_session:
        left = profile.hands_per_session - (first - 1)
        profile = profile.replace(hands_per_session=left)
        if not any(o.startswith(_LIMIT) for o in overrides):
            overrides = (*overrides, f"{_LIMIT}{left}")
    cut = Trial(
        trial.seed,
        trial.number,
        profile,
        overrides,
        names,
        tuple(chips[name] for name in names),
        names.index(dealer),
    )
    cut.decks = list(trial.decks[first - 1 :])
    cut.first_posts = [f"{name} sits out" for name in away if name in names]
    moved: dict[int, int] = {}
    for index, statement in enumerate(trial.statements):
        if statement.hand < first:
            continue
        if statement.kind == "hand" and statement.hand == first:
            if "posts a live big blind" in statement.text or _live_table(statement.text):
                cut.first_posts.append(statement.text)
            continue  # `hand N` and its deck: the cut's own players and deck lines say it
        moved[index] = len(cut.statements)
        cut.statements.append(_seated(_renumbered(statement, first), names))
    # A hand over as it is dealt ended at its `hand` line, which the cut leaves out.
    cut.ends = {
        hand - first + 1: moved.get(end, -1) for hand, end in trial.ends.items() if hand >= first
    }
    cut.rules = list(trial.rules)
    cut.stop = trial.stop
    if _names_the_unseated(cut, frozenset(trial.names) - frozenset(names)):
        return None
    return cut


def _names_the_unseated(cut: Trial, dropped: frozenset[str]) -> bool:
    """Whether a line of the cut names a player it does not seat: a button on the seat of
    one who busted (a dead button, R8.23), a player without chips who sits out (R19.1).
    A scenario knows only the players it seats, so such a cut would not even load."""
    if not dropped:
        return False
    texts = [*cut.first_posts, *(s.text for s in cut.statements)]
    return any(word.strip(",;:") in dropped for text in texts for word in text.split())


_LIVE_TABLE: Final = (" sits out", " returns", " straddles")
"""The live table's lines before a deal (chapter R19)."""


def _live_table(text: str) -> bool:
    return any(word in text for word in _LIVE_TABLE)


def _away(trial: Trial, first: int) -> list[str] | None:
    """The players sitting out as hand `first` begins, for the cut to seat so (R19.1):
    whoever sat out in a hand before and has not come back. None when that is not all a
    cut can carry over: a straddle or a return before, or one coming and going at hand
    `first` itself (who owes which blinds, who waits for the big blind, R19.2, R19.3).
    A kill (R19.4) is not carried over either: a cut that played its first hand killed
    where the whole did not is not the same divergence, or our engine fails it, and it
    is not kept."""
    away: list[str] = []
    for hand, text in _seating(trial):
        if hand > first:
            break
        if hand == first and any(text.startswith(f"{name} ") for name in away):
            return None
        if text.endswith(" sits out") and hand < first:
            away.append(text.removesuffix(" sits out"))
        elif hand < first:
            return None  # a return or a straddle: its blinds are carried over
    return away


def _seating(trial: Trial) -> list[tuple[int, str]]:
    """The live-table lines, with their hands (chapter R19)."""
    lines = [(1, text) for text in trial.first_posts if _live_table(text)]
    return lines + [
        (s.hand, s.text) for s in trial.statements if s.kind == "hand" and _live_table(s.text)
    ]


def _seated(statement: Statement, names: tuple[str, ...]) -> Statement:
    """A `stacks` statement names only the players the cut seats: the others had no chips
    left, and a scenario knows only the players it seats."""
    if statement.kind != "expect" or not statement.text.startswith("stacks "):
        return statement
    pairs = [pair.split() for pair in statement.text.removeprefix("stacks ").split(", ")]
    text = "stacks " + ", ".join(f"{name} {chips}" for name, chips in pairs if name in names)
    return dataclasses.replace(statement, text=text)


def _later_limit(override: str, first: int) -> str:
    if not override.startswith(_LIMIT):
        return override
    return f"{_LIMIT}{int(override[len(_LIMIT) :]) - (first - 1)}"


def _renumbered(statement: Statement, first: int) -> Statement:
    """The statement with hand numbers counted from the cut: `hand 12` is `hand 2` when
    the cut starts at hand 11, and so is the session's `hands 12`."""
    hand = statement.hand - first + 1
    text = statement.text
    if statement.kind == "hand" and text.startswith("hand "):
        text = f"hand {int(text.split()[1]) - first + 1}"
    elif (found := _HANDS.match(text)) is not None:
        text = f"hands {int(found.group(1)) - first + 1}"
    return dataclasses.replace(statement, text=text, hand=hand)


__all__ = ["from_hand"]
