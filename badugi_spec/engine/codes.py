"""The stable codes of illegal actions: a public contract (scenarios and other engines use them).

Each code names the rule it enforces. Never rename or reuse a code; add new ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from badugi_spec.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    rule: str
    summary: str


CODES: Final = {
    c.code: c
    for c in (
        Code("out-of-turn", "R3.3", "a player acted when it was the other player's turn"),
        Code("hand-over", "R5.1", "an action after the hand has ended"),
        Code("session-over", "R6.4", "an action after the session has ended"),
        Code("not-betting-round", "R3.1", "a betting action while the players are drawing"),
        Code("not-draw-round", "R4.1", "a draw while a betting round is open"),
        Code("check-facing-bet", "R3.5", "a check when there is a bet to call"),
        Code("fold-when-free", "R3.4", "a fold when checking costs nothing"),
        Code("nothing-to-call", "R3.4", "a call when there is no bet to call"),
        Code("bet-facing-bet", "R3.5", "a bet when there is already a bet: that is a raise"),
        Code("raise-without-bet", "R3.4", "a raise when there is no bet: that is a bet"),
        Code("raise-cap", "R3.6", "a bet or raise beyond one bet and three raises"),
        Code("wrong-amount", "R3.2", "an amount other than the fixed one the action puts in"),
        Code("opponent-all-in", "R5.7", "a bet or raise when the opponent is all-in"),
        Code("not-all-in", "R5.6", "an all-in that puts in less than the player's whole stack"),
        Code("all-in-too-large", "R3.2", "an all-in for more than the fixed limit allows"),
        Code("short-stack", "R5.4", "a raise by a player whose chips do not cover the call"),
        Code("too-many-discards", "R4.2", "more than four cards discarded"),
        Code("discard-repeated", "R4.2", "the same card discarded twice"),
        Code("discard-not-held", "R4.2", "a discarded card the player does not hold"),
        Code("deck-short", "R4.6", "too few cards for the deal, or a draw the deck cannot serve"),
        Code("deck-invalid", "R1.1", "the stated deck repeats a card"),
        Code(
            "not-reopened",
            "R8.10",
            "a raise by a player whose turn came back only through an all-in that did not"
            " reopen the betting",
        ),
        Code(
            "amount-out-of-range",
            "R14.10",
            "a big-bet or spread bet or raise outside the range the structure allows",
        ),
        # The live table's (chapter R19).
        Code(
            "seating-refused",
            "R19.3",
            "a choice before the deal the table does not allow: a return without the missed"
            " blinds, a post where the player must wait, a straddle out of place",
        ),
        Code(
            "reshuffle-mismatch",
            "R8.18",
            "a stated reshuffle order that is not the cards the profile gathers",
        ),
        # The muck at the showdown (R8.32): its own block.
        Code("no-showdown", "R8.32", "a muck when the hand has not been shown down, or by a"
             " player who is not in the showdown"),
        Code("muck-not-allowed", "R8.32", "a muck where the profile has every hand shown"),
        Code("muck-would-win", "R8.32", "a muck of a hand that wins a pot or a share of one"),
        Code("must-show", "R8.32", "a muck by the first to show, or of a hand no shown hand"
             " beats where the profile asks for that"),
    )
}  # fmt: skip


def illegal(code: str, message: str) -> IllegalAction:
    """The error for `code`, citing its rule. Unknown codes are a bug, so they fail loudly."""
    return IllegalAction(code, CODES[code].rule, message)
