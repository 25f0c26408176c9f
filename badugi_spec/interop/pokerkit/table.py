"""What the PokerKit adapter keeps of a session and its hand (`Table`), and the one way it
calls PokerKit when PokerKit may warn (`quietly`).

PokerKit's `State` plays one hand and knows nothing of the session, so the adapter keeps
beside it the players, stacks and button across hands (R6, R8.23), the deck and stub it
deals from (R8.18, R13.4), and the chips in the protocol's terms (put in, returned,
R8.12-R8.14). Kept apart so that the play glue (`adapter`), the refusals (`refusals`) and
the snapshot (`snapshot`) each read the same books without importing one another.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any, TypeVar

import pokerkit

from badugi_spec.profiles import HOUSE, Profile

_T = TypeVar("_T")

# PokerKit's warnings that are its way of doing what it does, not a failure of the glue.
_EXPECTED_WARNINGS = (
    "There is no reason for this player to fold.",
    "Returning reserved (mucked, etc.) cards as dealable.",
)


def quietly(call: Callable[[], _T]) -> _T:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    unexpected = [str(w.message) for w in caught if str(w.message) not in _EXPECTED_WARNINGS]
    if unexpected:
        raise RuntimeError(f"PokerKit warned: {unexpected[0]}")
    return result


class Table:
    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.profile: Profile = HOUSE
        self.names: list[str] = []
        self.stacks: list[int] = []
        self.dealer = 0
        self.hands = 0
        self.over: tuple[str | None, str] | None = None
        self.state: pokerkit.State | None = None
        self.order: tuple[int, ...] = ()
        """PokerKit player index -> our seat: clockwise from the first seat left of the
        button, the button last (R8.2); heads-up PokerKit's player 0 is the big blind."""
        self.deck: list[pokerkit.Card] = []
        self.stub: list[pokerkit.Card] = []
        self.stated: list[list[pokerkit.Card]] = []
        self.reshuffles = 0
        self.burns = 0
        self.start_stacks: list[int] = []
        self.put_in: list[int] = []
        self.returned: list[int] = []
        self.round_bets: list[int] = []
        self.pending: dict[int, list[pokerkit.Card]] = {}
        """Discards declared in this draw and not yet replaced, by PokerKit player index."""
        self.known: list[list[pokerkit.Card]] = []
        """The last cards seen in each hand: PokerKit mucks folded hands and kills hands."""
        self.final_pots: list[dict[str, Any]] = []
        self.shown_values: list[pokerkit.Hand | None] = []

    @property
    def hand_state(self) -> pokerkit.State:
        """PokerKit's state of the hand dealt; only asked for once there is one."""
        assert self.state is not None
        return self.state


__all__ = ["Table", "quietly"]
