"""Random legal play with the rules checked as it goes (`badugi-spec simulate`).

Each hand is reproducible from the run's seed and the hand's number alone: both pick a
private random stream that shuffles the deck, picks the button and the stacks, and then
chooses every action. A broken invariant raises `SimulationError` naming both numbers, so
`replay(seed, number)` (with the same seats and profile) gives back the same hand.

The invariants are the rules' own arithmetic, for any profile and 2 to 8 seats: chips are
conserved (R5.8), every card is dealt from the stub in order and is in one place at a
time (R1.6, R1.7, R4.4, R4.5, R8.18), a round holds at most the profile's bet levels
(R3.6, R8.6), every pot goes to the best hand among the players eligible for it (R8.14).

This module uses the engine only; the PokerKit cross-check lives in `pokerkit_bridge`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.actions import Action, Kind, Legal
from badugi_spec.engine.hand import SEATS, Hand, Result
from badugi_spec.engine.pots import Half, Pot
from badugi_spec.errors import BadugiError, IllegalAction
from badugi_spec.profiles.model import HOUSE, Profile

MAX_ACTIONS = 400
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
    """What a hand starts from: the deck order, the button, the stacks and the rules."""

    seed: int
    number: int
    deck: tuple[Card, ...]
    dealer: int
    stacks: tuple[int, ...]
    plan: tuple[int, ...] | None = None
    """The run's stack plan: fixed stacks, or None for the mixed plan."""
    profile: Profile = HOUSE

    @property
    def seats(self) -> int:
        return len(self.stacks)

    def replay_call(self) -> str:
        extra = "" if self.plan is None else f", stacks={self.plan}"
        if self.plan is None and self.seats != SEATS:
            extra += f", seats={self.seats}"
        if self.profile != HOUSE:
            extra += f", structure=profiles.get({self.profile.name!r})"
        return f"simulate.replay({self.seed}, {self.number}{extra})"


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
    structure: Profile = HOUSE,
    seats: int | None = None,
) -> tuple[Setup, random.Random]:
    """The set-up of hand `number`, and the stream that goes on to choose its actions.

    `stacks=None` is the mixed plan: most hands start at the profile's stacks, the rest give
    some players a short stack so that all-ins and side pots happen (R5.4-R5.7, R8.13).
    `seats` defaults to the number of fixed stacks, else two.
    """
    count = seats if seats is not None else len(stacks) if stacks is not None else SEATS
    if stacks is not None and len(stacks) != count:
        raise ValueError(f"{len(stacks)} stacks for {count} seats")
    rng = hand_random(seed, number)
    deck = list(DECK)
    rng.shuffle(deck)
    dealer = rng.randrange(count)
    chosen = stacks if stacks is not None else _mixed_stacks(rng, structure, count)
    return Setup(seed, number, tuple(deck), dealer, tuple(chosen), stacks, structure), rng


def most_per_hand(structure: Profile) -> int:
    """The most chips one player can put into a hand when no all-in cuts it short."""
    if structure.cap == 0:
        return structure.starting_stack
    blind = 0 if structure.cap_counts_blind else structure.big_blind
    return structure.ante + blind + structure.cap * sum(structure.bet_sizes)


def _mixed_stacks(rng: random.Random, structure: Profile, seats: int) -> tuple[int, ...]:
    full = structure.starting_stack
    if rng.random() >= SHORT_STACK_SHARE:
        return (full,) * seats
    most = most_per_hand(structure)
    short = [rng.randint(1, most) for _ in range(seats)]
    if seats == SEATS:
        which = rng.randrange(SEATS + 1)  # one seat short, or (== SEATS) every seat short
        return tuple(short[s] if which in (s, SEATS) else full for s in range(SEATS))
    # Multi-way: each seat short or not, at least one short, so that side pots have
    # several all-in levels (R8.13).
    chosen = [rng.random() < 0.5 for _ in range(seats)]
    chosen[rng.randrange(seats)] = True
    return tuple(short[s] if chosen[s] else full for s in range(seats))


# ----- the random player -----------------------------------------------------------------


FREE_FOLD_SHARE = 0.1
"""How often a fold is chosen when checking is free and the profile allows it (R8.11)."""


def choose(hand: Hand, rng: random.Random) -> Action:
    """A uniformly random legal action for the player to act.

    Betting: each distinct option is equally likely, except a fold when checking is free
    (R8.11), which is taken only `FREE_FOLD_SHARE` of the time so that hands still reach
    the draws and the showdown, and never when everyone else still in is all-in; an option
    that puts the player all-in is sent half the time as `all-in` instead, so both
    spellings are exercised. A big-bet or spread bet or raise is a range: its amount is
    the least or the most a quarter of the time each, else any amount in between (see
    `_sized`); an all-in short of the least raise is an option of its own. Drawing: 0 to
    the profile's most discards (4, or 5 in a five-card game), equally likely, chosen at
    random from the hand.
    """
    seat = hand.to_act
    assert seat is not None
    options = hand.legal_actions()
    if options[0].kind is Kind.DRAW:
        held = hand.holdings[seat]
        count = rng.randint(0, min(options[0].adds, len(held)))
        return Action(seat, Kind.DRAW, discards=tuple(rng.sample(held, count)))
    distinct = [o for o in options if o.kind is not Kind.ALL_IN or _own_option(o, options)]
    kinds = {o.kind for o in distinct}
    if Kind.FOLD in kinds and Kind.CHECK in kinds:
        if rng.random() < FREE_FOLD_SHARE and not _others_all_in(hand, seat):
            return Action(seat, Kind.FOLD)
        distinct = [o for o in distinct if o.kind is not Kind.FOLD]
    option = rng.choice(distinct)
    if option.most > option.to:
        return _sized(seat, option, options, rng, unit=hand.profile.chip_unit)
    kind = option.kind
    if option.all_in and any(o.kind is Kind.ALL_IN for o in options) and rng.random() < 0.5:
        kind = Kind.ALL_IN
    return Action(seat, kind, amount=_amount(kind, option))


def _own_option(all_in: Legal, options: Sequence[Legal]) -> bool:
    """An all-in that no other option reaches: in a big-bet game, one short of the least
    raise but more than a call (R14.6). In fixed limit the all-in is always also a call,
    bet or raise, so the fixed-limit stream of choices is unchanged."""
    return not any(
        o.kind is not Kind.ALL_IN and o.to <= all_in.to <= max(o.to, o.most) for o in options
    )


RANGE_END_SHARE = 0.25
"""How often a big-bet or spread amount is the least of its range, and as often the most;
the rest are uniform over the whole range (R14.10)."""


def _sized(
    seat: int, option: Legal, options: Sequence[Legal], rng: random.Random, *, unit: int
) -> Action:
    """A bet or raise to an amount anywhere in the option's range, the ends included; the
    top of a range that is the whole stack is sent as `all-in` half the time."""
    low, high = option.to, option.most
    draw = rng.random()
    if draw < RANGE_END_SHARE:
        amount = low
    elif draw < 2 * RANGE_END_SHARE:
        amount = high
    else:
        # Within the range only whole chip units are allowed; the ends always are (R14.9).
        first, last = -(-low // unit), high // unit
        amount = unit * rng.randint(first, last) if first <= last else low
    all_in = next((o for o in options if o.kind is Kind.ALL_IN), None)
    if all_in is not None and amount == all_in.to and rng.random() < 0.5:
        return Action(seat, Kind.ALL_IN, amount=all_in.adds)
    return Action(seat, option.kind, amount=amount)


def _others_all_in(hand: Hand, seat: int) -> bool:
    """Everyone else still in is all-in: a free fold here only gives the pot away, and
    PokerKit cannot settle it (R13.5), so the policy never makes one."""
    return all(hand.stacks[other] == 0 for other in hand.live() if other != seat)


def _amount(kind: Kind, option: Legal) -> int | None:
    if kind in (Kind.CHECK, Kind.FOLD):
        return None
    return option.to if kind in (Kind.BET, Kind.RAISE) else option.adds


# ----- playing one hand with its invariants ----------------------------------------------


class _Watch:
    """Checks one hand against the rules' arithmetic while it is played."""

    def __init__(self, setup: Setup, hand: Hand, structure: Profile) -> None:
        self.setup = setup
        self.hand = hand
        self.structure = structure
        self.seats = setup.seats
        self.chips = sum(setup.stacks)
        dealt_in = [stack > 0 for stack in setup.stacks]
        # Clockwise from the first seat left of the button, the button last (R8.2).
        self.order = [
            seat
            for seat in ((setup.dealer + i) % self.seats for i in range(1, self.seats + 1))
            if dealt_in[seat]
        ]
        self.most_cards = structure.hand_size * len(self.order) + structure.draws * (
            structure.burns_per_draw + len(self.order) * structure.max_discards
        )
        self.put_in = [[0] * self.seats for _ in range(structure.betting_rounds)]
        self.put_in[0] = [
            hand.total[s] - (structure.ante if dealt_in[s] else 0) for s in range(self.seats)
        ]
        # The blinds' uncovered part may already be back if no one could act (R8.12).
        self.gross = [total + back for total, back in zip(hand.total, hand.returned, strict=True)]
        """Every chip each seat has put in, before anything was given back."""
        self.levels = [0] * structure.betting_rounds
        """Full bets and raises per round, counted from the chips (R3.6, R8.6)."""
        # Before the first draw the big blind may be the round's first level (R3.6, R8.6).
        self.levels[0] = 1 if structure.cap_counts_blind else 0
        self.actions: list[Action] = []
        self.declared: dict[int, tuple[Card, ...]] = {}
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
                f"button seat {self.setup.dealer}, stacks {list(self.setup.stacks)},"
                f" phase {hand.phase}, stacks now {list(hand.stacks)}, pot {hand.pot}"
                f" (replay: {self.setup.replay_call()})",
                f"actions: {actions}",
            ],
        )

    def apply(self, action: Action) -> None:
        hand = self.hand
        if action.kind is Kind.DRAW:
            first = str(hand.phase) != self.last_draw
            if first:
                self.declared = {}
            self.last_draw = str(hand.phase)
            before = _DrawBefore(
                [list(cards) for cards in hand.holdings],
                hand.deck.position,
                hand.deck.stub(),
                first,
                len(hand.burns),
                hand.reshuffles,
            )
            action = self._apply(action)
            self._check_draw(action, before)
        else:
            betting_round = hand.phase.number
            totals = list(hand.total)
            committed = hand.committed[action.seat]
            option = next(o for o in hand.legal_actions() if o.kind is action.kind)
            self._apply(action)
            adds = option.adds
            if option.most and action.kind is not Kind.ALL_IN and action.amount is not None:
                adds = action.amount - committed  # a big-bet amount over the least (R14.10)
            self.gross[action.seat] += adds
            self._check_bet(betting_round, totals, option)
        self._check_chips()
        self._check_cards()

    def _apply(self, action: Action) -> Action:
        """Apply `action`, or a draw of fewer cards when the stub and the piles a reshuffle
        may use cannot supply it (R4.6, R8.18: with five cards a seat, and the current
        draw's discards kept out, as under R12.4, that happens); returns what was applied."""
        while True:
            try:
                self.hand.apply(action)
            except IllegalAction as error:
                if error.code == "deck-short" and action.discards:
                    action = Action(action.seat, Kind.DRAW, discards=action.discards[:-1])
                    continue
                self.actions.append(action)
                raise self.fail(f"the engine refused an action it offered: {error}") from None
            self.actions.append(action)
            return action

    def _check_deal(self) -> None:
        hand, deck = self.hand, self.setup.deck
        count = len(self.order)
        dealt = self.structure.hand_size * count
        # One card at a time, clockwise from the first seat left of the button (R1.7, R8.4).
        for offset, seat in enumerate(self.order):
            expected = set(deck[offset:dealt:count])
            if set(hand.holdings[seat]) != expected:
                raise self.fail(
                    f"R1.7 deal: seat {seat} holds {_cards(hand.holdings[seat])},"
                    f" the deck order gives {_cards(deck[offset:dealt:count])}"
                )
        if hand.deck.position != dealt:
            raise self.fail(f"R1.7 deal: {hand.deck.position} cards used by the deal, not {dealt}")

    def _check_draw(self, action: Action, before: _DrawBefore) -> None:
        hand, s = self.hand, self.structure
        seat = action.seat
        live = [x for x in self.order if not hand.folded[x]]
        if before.first_in_draw and seat != live[0]:
            raise self.fail(
                f"R4.3 draw order: seat {seat} drew before seat {live[0]},"
                " the first player left of the button"
            )
        self.declared[seat] = action.discards
        # Who was served now: the drawer (R4.3), or everyone once all have declared (R8.16).
        done = hand.is_over or str(hand.phase) != self.last_draw
        if s.draw_delivery == "in-turn":
            served = [seat]
        else:
            served = [x for x in live if x in self.declared] if done else []
        received: dict[int, list[Card]] = {}
        for other in live:
            if other not in served:
                if hand.holdings[other] != before.held[other]:
                    raise self.fail(
                        f"R4.3 draw: seat {other}'s cards changed at seat {seat}'s draw"
                    )
                continue
            thrown = self.declared[other]
            kept = [c for c in before.held[other] if c not in thrown]
            new = [c for c in hand.holdings[other] if c not in kept]
            if len(new) != len(thrown) or any(c not in hand.holdings[other] for c in kept):
                raise self.fail(
                    f"R4.2 draw: seat {other} holds {_cards(hand.holdings[other])} after"
                    f" discarding {_cards(thrown)} from {_cards(before.held[other])}"
                )
            received[other] = new
        burned = len(hand.burns) - before.burns
        late_burn = burned and not before.first_in_draw and s.draw_delivery == "in-turn"
        if burned not in (0, s.burns_per_draw) or late_burn:
            raise self.fail(f"R4.4 burn: {burned} cards burned at seat {seat}'s draw")
        if hand.reshuffles != before.reshuffles:
            return  # cards from a rebuilt stub: `_check_cards` checks where each card is
        taken = before.stub[: hand.deck.position - before.position]
        # The burn comes first, then each player's cards in the order they draw (R4.4).
        if tuple(hand.burns[len(hand.burns) - burned :]) != taken[:burned]:
            raise self.fail(
                f"R4.4 burn: burned {_cards(hand.burns[before.burns :])},"
                f" the top was {_cards(taken)}"
            )
        dealt = [card for other in live for card in received.get(other, [])]
        if len(taken) != burned + len(dealt) or set(dealt) != set(taken[burned:]):
            raise self.fail(
                f"R4.2 draw: seats received {_cards(dealt)},"
                f" the top of the deck was {_cards(taken[burned:])}"
            )

    def _check_bet(self, betting_round: int, totals: list[int], option: Legal) -> None:
        hand, s = self.hand, self.structure
        index = betting_round - 1
        level = max(self.put_in[index])
        for seat in range(self.seats):
            self.put_in[index][seat] += hand.total[seat] - totals[seat]
        now = max(self.put_in[index])
        bet = s.bet_sizes[index]
        # Counted from the chips alone, not from the engine's own counter: a raise of a
        # full bet (or an all-in reaching the next full level) is a level (R8.6, R8.8).
        if now > level and (not option.all_in or now - level >= bet):
            self.levels[index] += 1
        capped = s.cap > 0 and s.cap_heads_up == "never"
        if capped and self.levels[index] > s.cap:
            raise self.fail(
                f"R3.6 cap: betting round {betting_round} has {self.levels[index]} bet levels,"
                f" the profile allows {s.cap}"
            )
        if capped and s.short_all_in == "full-bet" and not self.all_in:
            most = (s.cap + (0 if index or s.cap_counts_blind else 1)) * bet
            if now > most:
                raise self.fail(
                    f"R3.6 cap: {now} chips from one player in betting round {betting_round},"
                    f" at most {most}"
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
            if min(hand.stacks[x] for x in self.order) == 0:
                self.all_in = True
            if hand.to_act is None or not hand.legal_actions():
                raise self.fail("the hand is not over but nobody can act")
            return
        result = hand.result
        if sum(hand.stacks) != self.chips or sum(result.won) + sum(result.returned) != sum(
            self.gross
        ):
            raise self.fail(
                f"R5.8 chips: final stacks {list(hand.stacks)} from {self.chips} chips;"
                f" won {list(result.won)} + returned {list(result.returned)} vs"
                f" {sum(self.gross)} put in"
            )
        for seat in range(self.seats):
            expected = (
                self.setup.stacks[seat]
                - self.gross[seat]
                + result.won[seat]
                + result.returned[seat]
            )
            if hand.stacks[seat] != expected:
                raise self.fail(f"settlement: seat {seat} ends with {hand.stacks[seat]}")
        if result.ended_by == "showdown":
            for number, pot in enumerate(result.pots):
                self._check_pot(number, pot)

    def _check_pot(self, number: int, pot: Pot) -> None:
        """Each pot, or each half of a split pot, to the best hands among its eligible
        players in its ranking, and its chips all given out (R5.1, R8.14, R8.29)."""
        hand = self.hand
        values = {seat: [v.strength for v in hand.values(seat)] for seat in pot.eligible}
        parts = pot.halves or (Half("", pot.amount, pot.winners, pot.shares),)
        if len(parts) != len(self.structure.halves):
            raise self.fail(f"R8.29 halves: pot {number} has {len(parts)} parts")
        for i, part in enumerate(parts):
            top = max(strengths[i] for strengths in values.values())
            best = [seat for seat in pot.eligible if values[seat][i] == top]
            if list(part.winners) != best:
                raise self.fail(
                    f"R5.1 showdown: pot {number} part {i} to {list(part.winners)}, best hands"
                    f" among {list(pot.eligible)} are {best}"
                )
            if sum(part.shares) != part.amount:
                raise self.fail(f"R8.14 pots: pot {number} part {i} shares {part.shares}")
        amounts = [part.amount for part in parts]
        if sum(amounts) != pot.amount or max(amounts) - min(amounts) > 1:
            raise self.fail(f"R8.29 halves: pot {number} of {pot.amount} split {amounts}")
        if sum(pot.shares) != pot.amount:
            raise self.fail(f"R8.14 pots: pot {number} shares {pot.shares}")

    def _check_cards(self) -> None:
        hand = self.hand
        live = [x for x in self.order if not hand.folded[x]]
        in_play = [card for x in live for card in hand.holdings[x]]
        stub = hand.deck.stub()
        places = in_play + list(stub)
        if len(set(places)) != len(places):
            repeated = sorted({str(c) for c in places if places.count(c) > 1})
            raise self.fail(f"R4.5 dead cards: held twice or held and in the stub: {repeated}")
        if any(len(hand.holdings[x]) != self.structure.hand_size for x in live):
            raise self.fail("R4.2 draw: a player holds the wrong number of cards")
        if hand.reshuffles:
            return
        seen = [*hand.burns]
        for seat in range(self.seats):
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
    held: list[list[Card]]
    position: int
    stub: tuple[Card, ...]
    first_in_draw: bool
    burns: int
    reshuffles: int


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards) or "nothing"


def play(setup: Setup, rng: random.Random, *, structure: Profile | None = None) -> PlayedHand:
    """Play one hand with random legal actions, checking every invariant after each action."""
    rules = setup.profile if structure is None else structure
    try:
        hand = Hand(deck=setup.deck, stacks=setup.stacks, dealer=setup.dealer, profile=rules)
    except IllegalAction as error:
        raise SimulationError(
            f"the engine refused the set-up: {error}", seed=setup.seed, number=setup.number
        ) from None
    watch = _Watch(setup, hand, rules)
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
) -> Iterator[PlayedHand]:
    """Hands 1..count of the run with `seed`; `stacks=None` is the mixed plan (see `deal`)."""
    for number in range(1, count + 1):
        yield replay(seed, number, stacks=stacks, structure=structure, seats=seats)


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
