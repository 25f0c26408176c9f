"""Random legal play with the rules checked as it goes (`badugi-spec simulate`).

`play` plays one hand from its set-up, choosing every action at random
(`random_play.choose`) under the rules' properties (`properties`, through `watch.Watch`);
`replay(seed, number)` (with the same seats and profile) gives back the same hand, and
`play_hands` a run of them. `PlayedHand` is what comes out, for the PokerKit cross-check
(`interop.pokerkit.bridge`) and the PHH export to read; `Tally` sums a run up.

The hands' randomness lives in `random_play`, the properties in `properties`; this module
only plays, and uses the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from badugi_spec.cards import Card
from badugi_spec.engine.actions import Action
from badugi_spec.engine.hand import Hand, Result
from badugi_spec.errors import IllegalAction
from badugi_spec.profiles.model import HOUSE, Profile
from badugi_spec.simulation.properties import MAX_STEPS, endless
from badugi_spec.simulation.random_play import Setup, choose, deal, describe_action
from badugi_spec.simulation.watch import SimulationError, Watch


@dataclass(frozen=True, slots=True)
class PlayedHand:
    setup: Setup
    actions: tuple[Action, ...]
    result: Result
    stacks: tuple[int, ...]
    """Stacks after the hand."""
    all_in: bool
    """A player had no chips behind at some point before the hand was settled."""
    cards_used: int
    reshuffles: tuple[tuple[Card, ...], ...] = ()
    """Each rebuilt stub, top first, in the order the engine dealt it (R8.18)."""

    def transcript(self) -> list[str]:
        """The hand in plain notation, enough to rebuild it as a scenario."""
        setup = self.setup
        used = " ".join(str(card) for card in setup.deck[: self.cards_used])
        result = self.result
        lines = [
            f"profile {setup.profile.name}, button seat {setup.dealer},"
            f" stacks {','.join(map(str, setup.stacks))} (replay: {setup.replay_call()})",
            f"deck from the top: {used}",
        ]
        lines += [
            f"reshuffle {n}: {' '.join(map(str, cards))}"
            for n, cards in enumerate(self.reshuffles, start=1)
        ]
        return [
            *lines,
            "actions: " + "; ".join(describe_action(action) for action in self.actions),
            f"result: {result.ended_by}, winners {list(result.winners)}, won {list(result.won)},"
            f" returned {list(result.returned)}, final stacks {list(self.stacks)}",
        ]


def play(setup: Setup, rng: random.Random, *, structure: Profile | None = None) -> PlayedHand:
    """Play one hand with random legal actions under the rules' properties (`watch`)."""
    rules = setup.profile if structure is None else structure
    try:
        hand = Hand(deck=setup.deck, stacks=setup.stacks, dealer=setup.dealer, profile=rules)
    except IllegalAction as error:
        raise SimulationError(
            f"the engine refused the set-up: {error}", seed=setup.seed, number=setup.number
        ) from None
    watch = Watch(setup, hand, rules)
    while hand.result is None:
        if len(watch.actions) >= MAX_STEPS:
            raise watch.fail(endless(hand, len(watch.actions)))
        watch.apply(choose(hand, rng))
    watch.finish()
    return PlayedHand(
        setup=setup,
        actions=tuple(watch.actions),
        result=hand.result,
        stacks=tuple(hand.stacks),
        all_in=watch.all_in,
        cards_used=hand.deck.position,
        reshuffles=tuple(event.cards for event in hand.events if event.kind == "reshuffle"),
    )


def replay(
    seed: int,
    number: int,
    *,
    stacks: tuple[int, ...] | None = None,
    structure: Profile = HOUSE,
    seats: int | None = None,
) -> PlayedHand:
    """Hand `number` of the run with `seed` (and the same stack plan, seats and profile)."""
    setup, rng = deal(seed, number, stacks=stacks, structure=structure, seats=seats)
    return play(setup, rng)


def play_hands(
    *,
    count: int,
    seed: int,
    stacks: tuple[int, ...] | None = None,
    structure: Profile = HOUSE,
    seats: int | None = None,
    first: int = 1,
    broken: Callable[[SimulationError], None] | None = None,
) -> Iterator[PlayedHand]:
    """Hands first..first+count-1 of the run with `seed`; `stacks=None` is the mixed plan
    (see `deal`). A hand that breaks a property raises `SimulationError`, or, given
    `broken`, goes to it and the run plays on."""
    for number in range(first, first + count):
        try:
            yield replay(seed, number, stacks=stacks, structure=structure, seats=seats)
        except SimulationError as error:
            if broken is None:
                raise
            broken(error)


# ----- the summary -----------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    hands: int = 0
    showdowns: int = 0
    folds: int = 0
    splits: int = 0
    all_ins: int = 0

    def add(self, played: PlayedHand) -> None:
        self.hands += 1
        if played.result.ended_by == "showdown":
            self.showdowns += 1
            self.splits += len(played.result.winners) > 1
        else:
            self.folds += 1
        self.all_ins += played.all_in

    def line(self, *, seconds: float, differences: int | None = None) -> str:
        """E.g. `2000 hands: 1234 showdowns, 766 folds, 45 all-ins; 3,456 hands/s`."""
        rate = self.hands / seconds if seconds > 0 else float("inf")
        parts = [
            f"{self.hands} hands: {self.showdowns} showdowns ({self.splits} split),"
            f" {self.folds} folds, {self.all_ins} all-ins"
        ]
        if differences is not None:
            parts.append(f"{differences} differences from pokerkit")
        parts.append(f"{rate:,.0f} hands/s")
        return "; ".join(parts)


__all__ = [
    "PlayedHand",
    "Tally",
    "play",
    "play_hands",
    "replay",
]
