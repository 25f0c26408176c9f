"""Our engine's hand and PokerKit's state for one simulated hand, and how a step where the
two differ is reported (`Difference`).

`Lockstep` is what every part of the comparison works on: both engines set up from the
same deck, stacks and button, PokerKit's player order mapped to our seats, and `pk`, the
one way PokerKit is called, which turns a refusal, a crash or an unexpected warning into a
difference. Kept apart from the replay (`bridge`) and the end of the hand (`showdown`) so
that both read the same two engines without importing each other.
"""

from __future__ import annotations

import warnings
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import pokerkit

from badugi_spec.cards import Card
from badugi_spec.engine.hand import Hand
from badugi_spec.interop.pokerkit.game import TO_PK, Game
from badugi_spec.profiles.model import Profile
from badugi_spec.simulation.simulate import PlayedHand

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Difference:
    where: str
    what: str
    house: str
    """Our engine's side (named after the house game, where it began)."""
    pokerkit: str

    def describe(self) -> str:
        return f"{self.where}: {self.what}: ours {self.house}; pokerkit {self.pokerkit}"


class Diverged(Exception):
    def __init__(self, difference: Difference) -> None:
        super().__init__(difference.describe())
        self.difference = difference


def show(cards: Sequence[Card]) -> str:
    return " ".join(sorted(str(card) for card in cards)) or "nothing"


class Lockstep:
    def __init__(self, played: PlayedHand, game: Game, profile: Profile) -> None:
        setup = played.setup
        self.played = played
        self.profile = profile
        self.where = "at the set-up"
        self.caught: list[warnings.WarningMessage] = []
        self.hand = Hand(
            deck=setup.deck,
            stacks=setup.stacks,
            dealer=setup.dealer,
            profile=profile,
            reshuffles=played.reshuffles,
        )
        # PokerKit's player index -> our seat, and back (see `game`'s docstring).
        self.seats = self.hand.order
        self.index = {seat: i for i, seat in enumerate(self.seats)}
        starting = tuple(setup.stacks[seat] for seat in self.seats)
        self.state: pokerkit.State = self.pk(
            "start the hand", lambda: game(starting, len(self.seats))
        )
        self.state.deck_cards = deque(TO_PK[card] for card in setup.deck)

    def diverge(self, what: str, ours: str, theirs: str) -> Diverged:
        return Diverged(Difference(self.where, what, ours, theirs))

    def pk(self, what: str, call: Callable[[], _T], *, allowed: tuple[str, ...] = ()) -> _T:
        try:
            result = call()
        except ValueError as error:
            raise self.diverge(
                "PokerKit refused", what, f"{type(error).__name__}: {error}"
            ) from None
        except Exception as error:  # a crash in PokerKit is a difference too
            raise self.diverge(
                "PokerKit failed", what, f"{type(error).__name__}: {error}"
            ) from None
        self.judge_warnings(what, allowed)
        return result

    def judge_warnings(self, what: str, allowed: tuple[str, ...]) -> None:
        unexpected = [str(w.message) for w in self.caught if str(w.message) not in allowed]
        self.caught.clear()
        if unexpected:
            raise self.diverge("PokerKit warned", what, unexpected[0])


__all__ = ["Difference", "Diverged", "Lockstep", "show"]
