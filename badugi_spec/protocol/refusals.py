"""Which code a refusal carries when one action breaks several rules: part of the protocol.

Checks go from the outside in: the session, the hand, the phase, whose turn it is, then the
action against the bet to call, what the spot allows, and the amount last; a draw's
discards, then the deck. An implementation answers with the first code in this order that
the action breaks, so two correct implementations never disagree on a refused action.

A request that cannot be carried out as asked (`bad-request`: an unknown player, a field of
the wrong type) is refused before any rule is looked at. `docs/implementers.md` and the
generated codes page show this table; tests hold our engine and the PokerKit adapter to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

PRECEDENCE: Final[tuple[tuple[tuple[str, ...], str], ...]] = (
    (("session-over",), "the session has ended: nothing else is looked at"),
    (("hand-over",), "the hand has ended"),
    (
        ("not-draw-round", "not-betting-round", "no-showdown"),
        "the kind of action does not fit the phase (a muck: there is no showdown to muck at)",
    ),
    (
        ("out-of-turn",),
        "it is not this player's turn (also a deal while a hand is being played,"
        " or an action before the first deal)",
    ),
    (
        (
            "check-facing-bet",
            "fold-when-free",
            "nothing-to-call",
            "bet-facing-bet",
            "raise-without-bet",
            "all-in-too-large",
        ),
        "the action does not fit the bet to call (one action can break only one of these)",
    ),
    (("opponent-all-in",), "a bet or raise against an all-in player"),
    (("raise-cap",), "a bet or raise in a capped round"),
    (
        ("not-reopened",),
        "a raise by a player whose turn came back through an all-in that did not reopen",
    ),
    (("short-stack",), "a raise by a player whose chips do not cover the call"),
    (
        ("not-all-in", "wrong-amount", "amount-out-of-range"),
        "the amount, once the action itself is allowed",
    ),
    (("too-many-discards",), "more than four discards"),
    (("discard-repeated",), "a card discarded twice"),
    (("discard-not-held",), "a discarded card not held"),
    (("seating-refused",), "a choice before the deal the table does not allow (R19)"),
    (("deck-invalid",), "a stated deck that repeats a card"),
    (("deck-short",), "a deck too short for the deal, or a draw it cannot serve (R8.33)"),
    (("reshuffle-mismatch",), "a stated rebuilt stub that is not the cards the profile gathers"),
    # The muck at the showdown (R8.32), after its `no-showdown` and `out-of-turn` above.
    (("muck-not-allowed",), "a muck where the profile, or an all-in, has every hand shown"),
    (("muck-would-win",), "a muck of a hand that wins a pot or a share"),
    (("must-show",), "a muck by the first to show, or of a hand no shown hand beats"),
)

ORDER: Final = {code: tier for tier, (codes, _) in enumerate(PRECEDENCE) for code in codes}


def winning_code(broken: Iterable[str]) -> str:
    """The code to answer with when an action breaks every rule in `broken`."""
    return min(broken, key=ORDER.__getitem__)


__all__ = ["ORDER", "PRECEDENCE", "winning_code"]
