"""Hands played through the engine for the lessons: a stacked deck, a script of actions by
name, and what the engine says at each step.

A lesson never types a pot, a raise size or a winner: it plays the hand here and reads
them back from `Hand`, so a change to a profile or to the engine changes the lesson.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from badugi_spec import profiles
from badugi_spec.cards import DECK, Card, parse_cards
from badugi_spec.engine import Action, Event, Hand, Kind, Legal
from badugi_spec.profiles.model import Profile

Watch = Callable[[Hand, tuple[Event, ...], dict[str, Any]], None]
"""Told of the deal and of every action with the events it made and what was tried: the
lesson's replayer keeps the hand this way (`replay`)."""

NAMES: Final = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
"""Seat 0 first; six of them sit at the lessons' normal table."""


def stacked_deck(
    profile: Profile, *, dealer: int, hands: Sequence[str], then: Sequence[str] = ()
) -> tuple[Card, ...]:
    """A deck that deals `hands[seat]` to each seat (one card at a time, clockwise from
    the seat left of the button, R1.7), then `then` off the top, then the rest in order."""
    seats = len(hands)
    held = [parse_cards(text, count=profile.hand_size) for text in hands]
    clockwise = [*range(dealer + 1, seats), *range(dealer + 1)]
    order = [held[seat][i] for i in range(profile.hand_size) for seat in clockwise]
    order += parse_cards(" ".join(then)) if then else ()
    used = set(order)
    if len(used) != len(order):
        raise ValueError("a card is dealt twice in a lesson's deck")
    return (*order, *(card for card in DECK if card not in used))


@dataclass
class Played:
    """A hand as the lesson plays it: the engine's hand and each step's note."""

    hand: Hand
    names: tuple[str, ...]
    steps: list[Step] = field(default_factory=list)
    watch: Watch | None = None

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.names[seat]

    @property
    def to_act(self) -> str:
        return self.name(self.hand.to_act)

    def legal(self) -> dict[Kind, Legal]:
        return {option.kind: option for option in self.hand.legal_actions()}

    def act(self, who: str, kind: Kind, to: int | None = None, *, throw: str = "") -> Step:
        """`who` does `kind` (a raise or bet `to` a round total); refused if it is not
        `who`'s turn, so a script that drifts from the engine stops the build."""
        seat = self.names.index(who)
        if self.hand.to_act != seat:
            raise ValueError(f"the lesson's script has {who} act, but it is {self.to_act}'s turn")
        before, pot, stack = self.hand.event_count, self.hand.pot, self.hand.stacks[seat]
        phase, level = str(self.hand.phase), self.hand.bet_to_match
        legal = self.legal()
        discards = parse_cards(throw) if throw else ()
        self.hand.apply(Action(seat, kind, to, discards))
        events = tuple(self.hand.events[before:])
        step = Step(
            who=who,
            kind=kind,
            legal=legal,
            pot_before=pot,
            events=events,
            adds=stack - self.hand.stacks[seat],
            pot_after=self.hand.pot,
            phase=phase,
            level_before=level,
            level_after=self.hand.bet_to_match if str(self.hand.phase) == phase else level,
        )
        self.steps.append(step)
        if self.watch is not None:
            tried = {"player": who, "action": kind.value, "amount": to}
            self.watch(self.hand, events, tried | {"discards": [str(c) for c in discards]})
        return step

    def increment(self) -> int:
        """The largest bet or raise of the round under way, by its size (the big blind
        if there is none yet): what the next raise must add at least (R14.3)."""
        now = str(self.hand.phase)
        sizes = [
            s.level_after - s.level_before
            for s in self.steps
            if s.phase == now and s.kind in (Kind.BET, Kind.RAISE)
        ]
        return max([self.hand.profile.big_blind, *sizes])

    def check_down(self) -> None:
        """Everyone left stands pat and checks to the showdown."""
        while not self.hand.is_over:
            seat = self.hand.to_act
            assert seat is not None
            kinds = {option.kind for option in self.hand.legal_actions()}
            kind = Kind.CHECK if Kind.CHECK in kinds else Kind.DRAW
            if kind not in kinds:
                kind = Kind.CALL
            self.act(self.names[seat], kind)


@dataclass
class Step:
    """One action: who, what, the options they had and the events it made."""

    who: str
    kind: Kind
    legal: dict[Kind, Legal]
    pot_before: int
    events: tuple[Event, ...]
    adds: int
    """Chips this action put in, read from the stack (a returned chip not counted)."""
    pot_after: int
    phase: str
    level_before: int
    level_after: int
    """The bet to match before and after it (`level_after` is the round's, not the next's)."""


def play(
    profile_name: str,
    *,
    hands: Sequence[str],
    stacks: Sequence[int] | None = None,
    dealer: int = 0,
    then: Sequence[str] = (),
    watch: Watch | None = None,
) -> Played:
    """A hand dealt `hands` under the named profile, ready for the lesson's script;
    `watch` is told of the deal and of every action after it."""
    profile = profiles.get(profile_name)
    deck = stacked_deck(profile, dealer=dealer, hands=hands, then=then)
    chips = tuple(stacks) if stacks is not None else (profile.starting_stack,) * len(hands)
    hand = Hand(deck=deck, stacks=chips, dealer=dealer, profile=profile)
    if watch is not None:
        watch(hand, tuple(hand.events), {})
    return Played(hand, NAMES[: len(hands)], watch=watch)
