"""A real hand told as the trainer tells a played one (`replay --explain`).

The hand must replay exactly (`interop.replay.replica`): its deck, posts and actions are
played again on the engine, and the trainer's `Narrator` tells every event with its rule,
the draws, the pots as they form and who wins what and why. Nobody at that table is
"you": the narration names every player and shows cards only when the history's players
showed them, at the showdown.
"""

from __future__ import annotations

from badugi_spec.engine import Hand
from badugi_spec.interop.record import HandRecord
from badugi_spec.interop.replay import replica
from badugi_spec.trainer.narrate import Narrator
from badugi_spec.trainer.wording import Line, Names

NOBODY = -1
"""The seat of "you" in a told hand: none, so no hand is shown before the showdown."""


class TableNames(Names):
    """The players by the names the history gives them."""

    def __init__(self, names: list[str]) -> None:
        self.you = NOBODY
        self._names = dict(enumerate(names))

    def obj(self, seat: int) -> str:
        return self._names[seat]

    def poss(self, seat: int) -> str:
        return f"{self._names[seat]}'s"

    def does(self, seat: int, verb: str) -> str:
        first, _, rest = verb.partition(" ")
        third = {"go": "goes", "have": "has", "do": "does"}.get(first, first + "s")
        return f"{self._names[seat]} {third}{' ' + rest if rest else ''}"


def explain_hand(record: HandRecord, *, profile: str | None = None) -> tuple[Hand, list[Line]]:
    """The replayed hand and its narration; NotExact if it does not replay exactly."""
    copy = replica(record, profile=profile)
    hand = copy.hand()
    names = TableNames([player.name for player in record.players])
    narrator = Narrator(names=names)
    stacks = ", ".join(f"{p.name} {p.stack}" for p in record.players)
    lines = [
        Line(
            "",
            f"Hand {record.hand_id} under {copy.profile.name} ({copy.profile.chapter}),"
            f" {len(record.players)} players: {stacks}.",
        )
    ]
    # The narrator's first line is about a session's button; a told hand has the
    # button where the history put it.
    lines.append(
        Line(
            "R8.2",
            f"{names.obj(hand.dealer)} has the button, as the history records: play goes"
            " clockwise from the next seat.",
        )
    )
    lines += narrator.start(hand, number=1, of=0)[1:]
    for action in copy.actions:
        hand.apply(action)
        lines += narrator.update(hand)
    result = hand.result
    assert result is not None
    won = ", ".join(f"{names.obj(s)} {n}" for s, n in enumerate(result.won) if n)
    ends = ", ".join(f"{names.obj(s)} {n}" for s, n in enumerate(hand.stacks))
    lines.append(Line("R8.14", f"In all: {won} won; the stacks end {ends}."))
    return hand, lines
