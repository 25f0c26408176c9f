"""What the property checkers share: `Broken`, and a hand's events read round by round.

The checkers (`history_chips`, `history_cards`, `history_showdown`) each walk a hand's
events once; `properties` runs them all. The engine logs no event for a change of phase,
so `phased` works the round out: a draw event after a betting round opens its draw, and a
betting event after a draw opens the next betting round (R3.1, R8.16).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from badugi_spec.cards import Card
from badugi_spec.engine.actions import Event


@dataclass(frozen=True, slots=True)
class Broken:
    """One property of the rules that a hand's history breaks."""

    rule: str
    """The rule ID whose property broke, e.g. `R8.15`."""
    name: str
    """The property, a key of `properties.PROPERTIES`, e.g. `odd-chip`."""
    message: str
    """One line with the figures."""

    def __str__(self) -> str:
        return f"{self.rule} {self.name}: {self.message}"


BETTING: Final = frozenset({"check", "bet", "call", "raise", "all-in", "fold", "no-betting"})
"""Events of a betting round (a fold is one too: nobody folds during a draw)."""
DRAWING: Final = frozenset({"declare", "draw", "burn", "reshuffle"})
"""Events of a draw."""
PUTS_IN: Final = frozenset({"post", "check", "bet", "call", "raise", "all-in"})
"""Events whose `amount` is chips a seat puts in."""
RAISES: Final = frozenset({"bet", "raise", "all-in"})
"""Betting events that can raise the level to match."""


Step = tuple[bool, int, Event]
"""An event with (is it in a draw, the round's number), as `phased` gives it."""


def phased(events: Sequence[Event]) -> list[Step]:
    """Each event with (is it in a draw, the round's number): betting rounds 1.., draws 1.."""
    out = []
    drawing, number = False, 1
    for event in events:
        kind = event.kind
        if not drawing and kind in DRAWING:
            drawing = True
        elif drawing and kind in BETTING:
            drawing, number = False, number + 1
        out.append((drawing, number, event))
    return out


def cards(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards) or "nothing"


__all__ = ["BETTING", "DRAWING", "PUTS_IN", "RAISES", "Broken", "Step", "cards", "phased"]
