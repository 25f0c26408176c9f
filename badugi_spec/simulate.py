"""Random legal play with the rules checked as it goes (`badugi-spec simulate`).

Each hand is reproducible from the run's seed and the hand's number alone: both pick a
private random stream that shuffles the deck, picks the dealer and the stacks, and then
chooses every action. A broken invariant raises `SimulationError` naming both numbers, so
`replay(seed, number)` gives back the same hand.

The invariants are the rules' own arithmetic: chips are conserved (R5.8), every card comes
from the top of the deck in order and is seen once (R1.6, R1.7, R4.4, R4.5), at most 35
cards are used (R4.6), a round holds at most one bet and three raises (R3.6), and a player
puts at most 48 chips into a hand (R3.6).

This module uses the engine only; the PokerKit cross-check lives in `pokerkit_bridge`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.actions import Action, Kind, Legal
from badugi_spec.engine.hand import SEATS, Hand, Result
from badugi_spec.errors import BadugiError, IllegalAction
from badugi_spec.hands import winners
from badugi_spec.structure import HOUSE, Structure

MAX_ACTIONS = 200
"""A hand that needs more actions than this is stuck: the most a hand can take is far less."""

SHORT_STACK_SHARE = 0.4
"""In the mixed stack plan, the share of hands where at least one player is short."""


class SimulationError(BadugiError):
    """An invariant broke, or the engine refused an action it had itself offered."""

    def __init__(
        self, message: str, *, seed: int, number: int, transcript: Sequence[str] = ()
    ) -> None:
        self.seed = seed
        self.number = number
        self.reason = message
        lines = [f"simulate seed {seed}, hand {number}: {message}"]
        lines.extend(f"    {line}" for line in transcript)
        super().__init__("\n".join(lines))


@dataclass(frozen=True, slots=True)
class Setup:
    """What a hand starts from: the deck order, who deals and the stacks."""

    seed: int
    number: int
    deck: tuple[Card, ...]
    dealer: int
    stacks: tuple[int, ...]
    plan: tuple[int, ...] | None = None
    """The run's stack plan: fixed stacks, or None for the mixed plan."""

    def replay_call(self) -> str:
        plan = "" if self.plan is None else f", stacks={self.plan}"
        return f"simulate.replay({self.seed}, {self.number}{plan})"


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

    def transcript(self) -> list[str]:
        """The hand in plain notation, enough to rebuild it as a scenario."""
        setup = self.setup
        used = " ".join(str(card) for card in setup.deck[: self.cards_used])
        result = self.result
        return [
            f"dealer seat {setup.dealer}, stacks {','.join(map(str, setup.stacks))}"
            f" (replay: {setup.replay_call()})",
            f"deck from the top: {used}",
            "actions: " + "; ".join(describe_action(action) for action in self.actions),
            f"result: {result.ended_by}, winners {list(result.winners)}, won {list(result.won)},"
            f" returned {list(result.returned)}, final stacks {list(self.stacks)}",
        ]


def describe_action(action: Action) -> str:
    head = f"seat {action.seat} {action.kind.value}"
    if action.kind is Kind.DRAW:
        if not action.discards:
            return f"seat {action.seat} stands pat"
        return f"{head} {' '.join(str(card) for card in action.discards)}"
    if action.kind in (Kind.BET, Kind.RAISE) and action.amount is not None:
        return f"{head} to {action.amount}"
    return head if action.amount is None else f"{head} {action.amount}"


# ----- setting hands up ------------------------------------------------------------------


def hand_random(seed: int, number: int) -> random.Random:
    """The private stream of hand `number`: independent of every other hand of the run."""
    return random.Random(f"badugi-simulate:{seed}:{number}")


def deal(
    seed: int,
    number: int,
    *,
    stacks: tuple[int, ...] | None = None,
    structure: Structure = HOUSE,
) -> tuple[Setup, random.Random]:
    """The set-up of hand `number`, and the stream that goes on to choose its actions.

    `stacks=None` is the mixed plan: most hands start at the house's stacks, the rest give
    one or both players a short stack so that all-ins happen (R5.4-R5.7).
    """
    rng = hand_random(seed, number)
    deck = list(DECK)
    rng.shuffle(deck)
    dealer = rng.randrange(SEATS)
    chosen = stacks if stacks is not None else _mixed_stacks(rng, structure)
    return Setup(seed, number, tuple(deck), dealer, tuple(chosen), stacks), rng


def _mixed_stacks(rng: random.Random, structure: Structure) -> tuple[int, ...]:
    full = structure.starting_stack
    if rng.random() >= SHORT_STACK_SHARE:
        return (full,) * SEATS
    most = structure.cap * sum(structure.bet_sizes)
    short = [rng.randint(1, most) for _ in range(SEATS)]
    which = rng.randrange(SEATS + 1)  # one seat short, or (== SEATS) every seat short
    return tuple(short[s] if which in (s, SEATS) else full for s in range(SEATS))


# ----- the random player -----------------------------------------------------------------


def choose(hand: Hand, rng: random.Random) -> Action:
    """A uniformly random legal action for the player to act.

    Betting: each distinct option is equally likely; an option that puts the player all-in
    is sent half the time as `all-in` instead, so both spellings are exercised. Drawing:
    0 to 4 discards, equally likely, chosen at random from the hand.
    """
    seat = hand.to_act
    assert seat is not None
    options = hand.legal_actions()
    if options[0].kind is Kind.DRAW:
        held = hand.holdings[seat]
        count = rng.randint(0, min(options[0].adds, len(held)))
        return Action(seat, Kind.DRAW, discards=tuple(rng.sample(held, count)))
    distinct = [o for o in options if o.kind is not Kind.ALL_IN] or list(options)
    option = rng.choice(distinct)
    kind = option.kind
    if option.all_in and any(o.kind is Kind.ALL_IN for o in options) and rng.random() < 0.5:
        kind = Kind.ALL_IN
    return Action(seat, kind, amount=_amount(kind, option))


def _amount(kind: Kind, option: Legal) -> int | None:
    if kind in (Kind.CHECK, Kind.FOLD):
        return None
    return option.to if kind in (Kind.BET, Kind.RAISE) else option.adds


# ----- playing one hand with its invariants ----------------------------------------------


class _Watch:
    """Checks one hand against the rules' arithmetic while it is played."""

    def __init__(self, setup: Setup, hand: Hand, structure: Structure) -> None:
        self.setup = setup
        self.hand = hand
        self.structure = structure
        self.chips = sum(setup.stacks)
        self.most_cards = structure.hand_size * SEATS + structure.draws * (
            structure.burns_per_draw + SEATS * structure.max_discards
        )
        self.most_per_hand = structure.cap * sum(structure.bet_sizes)
        self.put_in = [[0] * SEATS for _ in range(structure.betting_rounds)]
        self.put_in[0] = list(hand.total)
        self.aggressions = [0] * structure.betting_rounds
        # Before the first draw the big blind is the round's bet (R3.6).
        self.aggressions[0] = 1
        self.actions: list[Action] = []
        self.last_draw = ""
        self.all_in = False
        self._check_deal()
        self._check_chips()

    def fail(self, message: str) -> SimulationError:
        hand = self.hand
        actions = "; ".join(describe_action(a) for a in self.actions) or "(none)"
        return SimulationError(
            message,
            seed=self.setup.seed,
            number=self.setup.number,
            transcript=[
                f"dealer seat {self.setup.dealer}, stacks {list(self.setup.stacks)},"
                f" phase {hand.phase}, stacks now {list(hand.stacks)}, pot {hand.pot}"
                f" (replay: {self.setup.replay_call()})",
                f"actions: {actions}",
            ],
        )

    def apply(self, action: Action) -> None:
        hand = self.hand
        if action.kind is Kind.DRAW:
            first = str(hand.phase) != self.last_draw
            self.last_draw = str(hand.phase)
            before = _DrawBefore(list(hand.holdings[action.seat]), hand.deck.position, first)
            self._apply(action)
            self._check_draw(action, before)
        else:
            betting_round = hand.phase.number
            totals = list(hand.total)
            self._apply(action)
            self._check_bet(betting_round, totals)
        self._check_chips()
        self._check_cards()

    def _apply(self, action: Action) -> None:
        self.actions.append(action)
        try:
            self.hand.apply(action)
        except IllegalAction as error:
            raise self.fail(f"the engine refused an action it offered: {error}") from None

    def _check_deal(self) -> None:
        hand, deck = self.hand, self.setup.deck
        dealt = self.structure.hand_size * SEATS
        # One card at a time, big blind first (R1.7).
        for offset, seat in enumerate((hand.big_blind, hand.dealer)):
            expected = set(deck[offset:dealt:SEATS])
            if set(hand.holdings[seat]) != expected:
                raise self.fail(
                    f"R1.7 deal: seat {seat} holds {_cards(hand.holdings[seat])},"
                    f" the deck order gives {_cards(deck[offset:dealt:SEATS])}"
                )
        if hand.deck.position != dealt:
            raise self.fail(f"R1.7 deal: {hand.deck.position} cards used by the deal, not {dealt}")

    def _check_draw(self, action: Action, before: _DrawBefore) -> None:
        hand, s = self.hand, self.structure
        seat = action.seat
        position = hand.deck.position
        if before.first_in_draw and seat != hand.big_blind:
            raise self.fail(f"R4.3 draw order: seat {seat} drew before the big blind")
        taken = self.setup.deck[before.position : position]
        # Exactly one burn per draw, before the big blind's cards, even when nobody draws.
        first = s.burns_per_draw if before.first_in_draw else 0
        if len(taken) != first + len(action.discards):
            raise self.fail(
                f"R4.4 burn: {len(taken)} cards taken for {len(action.discards)} discards"
                f" and {first} burn"
            )
        if first and tuple(hand.burns[-first:]) != taken[:first]:
            raise self.fail(
                f"R4.4 burn: burned {_cards(hand.burns[-first:])}, the top was {_cards(taken)}"
            )
        kept = [c for c in before.held if c not in action.discards]
        received = [c for c in hand.holdings[seat] if c not in kept]
        if len(hand.holdings[seat]) != s.hand_size or set(received) != set(taken[first:]):
            raise self.fail(
                f"R4.2 draw: seat {seat} received {_cards(received)},"
                f" the top of the deck was {_cards(taken[first:])}"
            )

    def _check_bet(self, betting_round: int, totals: list[int]) -> None:
        hand, s = self.hand, self.structure
        index = betting_round - 1
        # Counted from the chips alone, not from the engine's own raise counter.
        level = max(self.put_in[index])
        for seat in range(SEATS):
            self.put_in[index][seat] += hand.total[seat] - totals[seat]
        if max(self.put_in[index]) > level:
            self.aggressions[index] += 1
        most = s.cap * s.bet_sizes[index]
        if self.aggressions[index] > s.cap or max(self.put_in[index]) > most:
            raise self.fail(
                f"R3.6 cap: betting round {betting_round} has {self.aggressions[index]} bets"
                f" and raises, {max(self.put_in[index])} chips from one player (most {most})"
            )
        if max(hand.total) > self.most_per_hand:
            raise self.fail(
                f"R3.6 cap: a player put {max(hand.total)} chips into the hand,"
                f" at most {self.most_per_hand} are possible"
            )

    def _check_chips(self) -> None:
        hand = self.hand
        if min(hand.stacks) < 0:
            raise self.fail(f"negative stack: {list(hand.stacks)}")
        if hand.result is None:
            if sum(hand.stacks) + hand.pot != self.chips:
                raise self.fail(
                    f"R5.8 chips: stacks {list(hand.stacks)} plus pot {hand.pot}"
                    f" is not the {self.chips} chips the hand started with"
                )
            if min(hand.stacks) == 0:
                self.all_in = True
            if hand.to_act is None or not hand.legal_actions():
                raise self.fail("the hand is not over but nobody can act")
            return
        result = hand.result
        if sum(hand.stacks) != self.chips or sum(result.won) + sum(result.returned) != hand.pot:
            raise self.fail(
                f"R5.8 chips: final stacks {list(hand.stacks)} from {self.chips} chips;"
                f" won {list(result.won)} + returned {list(result.returned)} vs pot {hand.pot}"
            )
        for seat in range(SEATS):
            expected = (
                self.setup.stacks[seat]
                - hand.total[seat]
                + result.won[seat]
                + result.returned[seat]
            )
            if hand.stacks[seat] != expected:
                raise self.fail(f"settlement: seat {seat} ends with {hand.stacks[seat]}")
        if result.ended_by == "showdown":
            best = winners([hand.value(seat) for seat in range(SEATS)])
            if tuple(result.winners) != best:
                raise self.fail(f"R5.1 showdown: winners {result.winners}, best hands {best}")

    def _check_cards(self) -> None:
        hand = self.hand
        seen = [*hand.burns]
        for seat in range(SEATS):
            seen.extend(hand.holdings[seat])
            seen.extend(hand.discards[seat])
        position = hand.deck.position
        if len(set(seen)) != len(seen):
            repeated = sorted({str(c) for c in seen if seen.count(c) > 1})
            raise self.fail(f"R4.5 dead cards: seen twice: {' '.join(repeated)}")
        if set(seen) != set(self.setup.deck[:position]):
            raise self.fail("R1.6 deck order: the cards in play are not the top of the deck")
        if position > self.most_cards:
            raise self.fail(f"R4.6 deck: {position} cards used, at most {self.most_cards}")


@dataclass(frozen=True, slots=True)
class _DrawBefore:
    held: list[Card]
    position: int
    first_in_draw: bool


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards) or "nothing"


def play(setup: Setup, rng: random.Random, *, structure: Structure = HOUSE) -> PlayedHand:
    """Play one hand with random legal actions, checking every invariant after each action."""
    try:
        hand = Hand(deck=setup.deck, stacks=setup.stacks, dealer=setup.dealer, structure=structure)
    except IllegalAction as error:
        raise SimulationError(
            f"the engine refused the set-up: {error}", seed=setup.seed, number=setup.number
        ) from None
    watch = _Watch(setup, hand, structure)
    while hand.result is None:
        if len(watch.actions) >= MAX_ACTIONS:
            raise watch.fail(f"the hand did not end after {MAX_ACTIONS} actions")
        watch.apply(choose(hand, rng))
    return PlayedHand(
        setup=setup,
        actions=tuple(watch.actions),
        result=hand.result,
        stacks=tuple(hand.stacks),
        all_in=watch.all_in,
        cards_used=hand.deck.position,
    )


def replay(
    seed: int,
    number: int,
    *,
    stacks: tuple[int, ...] | None = None,
    structure: Structure = HOUSE,
) -> PlayedHand:
    """Hand `number` of the run with `seed` (and the same stack plan), played again."""
    setup, rng = deal(seed, number, stacks=stacks, structure=structure)
    return play(setup, rng, structure=structure)


def play_hands(
    *,
    count: int,
    seed: int,
    stacks: tuple[int, ...] | None = None,
    structure: Structure = HOUSE,
) -> Iterator[PlayedHand]:
    """Hands 1..count of the run with `seed`; `stacks=None` is the mixed plan (see `deal`)."""
    for number in range(1, count + 1):
        yield replay(seed, number, stacks=stacks, structure=structure)


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
    "Setup",
    "SimulationError",
    "Tally",
    "choose",
    "deal",
    "describe_action",
    "play",
    "play_hands",
    "replay",
]
