"""Replay a simulated hand through PokerKit's `FixedLimitBadugi` and report the first difference.

PokerKit (PyPI `pokerkit`, an optional extra) is an independent implementation of the game.
It is set up from the hand's profile, with only the settings PokerKit itself offers:

- Players in PokerKit's order, which is ours (R8.2): clockwise from the first seat left
  of the button, the button last. Heads-up PokerKit reverses the blinds, so its player 0
  is the big blind, which is also the first seat left of the button.
- Blinds, antes and the two bet sizes from the profile; `Mode.CASH_GAME` when the profile
  allows a fold with nothing to call (PokerKit then accepts it with a warning, R8.11),
  else `Mode.TOURNAMENT`, which refuses it.
- The cap. PokerKit counts bets and raises, not the blind:
  `max_completion_betting_or_raising_count` per street. A profile that counts the blind
  (the house, R3.6) gets one fewer before the draw. PokerKit's own value, 4 on every
  street, is the `pokerkit` profile's (R13.1).
- Every card comes from our engine: PokerKit's deck is set to the hand's deck order and
  each burn and replacement our engine deals is dealt to PokerKit by name. When our engine
  rebuilds the stub (R8.18), PokerKit must be refilling its own at that very card, from
  the same cards: its burns, folded hands and discards (R13.4). A card PokerKit does not
  think it can deal, or a rebuilt stub of other cards, is a difference.

At every decision both must agree on whose turn it is and on the options (fold or not, the
amount to check or call, the one raise size or none), PokerKit must accept the action, and
it must put in the same chips. After every deal and draw the hands must be the same; at the
showdown the order of showing, the hand values and the pots (amounts and who may win each);
at the end the winners, how the hand ended and the final stacks.

Known difference under the house profile, allowed for and counted: chips that no one else
can cover (R5.4, R5.5). PokerKit hands them back when it collects the bets at the end of
the betting round; the house gives them back when the hand is settled. Stacks during the
hand are compared after adding back what the house still owes; final stacks must agree.
"""

from __future__ import annotations

import dataclasses
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

import pokerkit

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.actions import Action, Kind
from badugi_spec.engine.betting import opening_increment
from badugi_spec.engine.hand import Hand
from badugi_spec.engine.pots import Pot
from badugi_spec.errors import IllegalAction
from badugi_spec.interop.pokerkit.rankings_check import POKERKIT_CLASSES
from badugi_spec.profiles.model import HOUSE, Profile
from badugi_spec.simulation.simulate import PlayedHand

_T = TypeVar("_T")

AUTOMATIONS: tuple[pokerkit.Automation, ...] = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)
"""Bookkeeping only. Dealing, burning, drawing and showing are done by hand, card by card."""

TO_PK: dict[Card, pokerkit.Card] = {card: next(pokerkit.Card.parse(str(card))) for card in DECK}
FROM_PK: dict[pokerkit.Card, Card] = {pk: card for card, pk in TO_PK.items()}

KNOWN_DIFFERENCE = (
    "PokerKit gives uncovered chips back when the betting round ends,"
    " the house when the hand is settled (R5.4, R5.5); final stacks agree"
)

# PokerKit's warnings that are its way of doing what the profile says, not a difference.
FREE_FOLD_WARNING = "There is no reason for this player to fold."
REFILL_WARNING = "Returning reserved (mucked, etc.) cards as dealable."

REFILL_PILES = ("discards", "current-discards", "folded", "burns")
"""What PokerKit refills an empty deck from (R13.4), in our pile names (R8.18)."""


REOPENINGS = ("full-bet", "largest-raise")
"""The readings of R8.8 PokerKit can play: heads-up both are its own."""

HAND_TYPES: dict[str, type[pokerkit.Hand]] = {
    name: getattr(pokerkit, class_name) for name, class_name in POKERKIT_CLASSES.items()
}
"""PokerKit's hand type for each of our rankings (R9), checked hand by hand in
`badugi_spec.interop.pokerkit.rankings_check`."""


POKERKIT_BETTING: dict[str, object] = {
    "short_all_in": "largest-raise",
    "complete_short_all_in": False,
    "cap_counts_short_all_in": True,
    "raise_over_posted_blind": True,
    "covered_is_all_in": True,
    "keep_turn_when_others_all_in": True,
    "odd_chip": "all-to-first-left-of-button",
}
"""How PokerKit bets and splits (R13). With two players every other value of these plays
the same: after a short all-in, a short blind or a fold, nobody is left to raise against."""


STRUCTURES: dict[str, pokerkit.BettingStructure] = {
    "fixed-limit": pokerkit.BettingStructure.FIXED_LIMIT,
    "pot-limit": pokerkit.BettingStructure.POT_LIMIT,
    "no-limit": pokerkit.BettingStructure.NO_LIMIT,
}
"""PokerKit's betting structures, by our names (R14.1); half-pot and spread have none."""

Game = Callable[[tuple[int, ...], int], pokerkit.State]
"""Makes PokerKit's state for (starting stacks, players): a FixedLimitBadugi, or the
same game with another betting structure."""


POKERKIT_BIG_BET: dict[str, object] = {
    name: POKERKIT_BETTING[name]
    for name in (
        "short_all_in",
        "raise_over_posted_blind",
        "covered_is_all_in",
        "keep_turn_when_others_all_in",
        "odd_chip",
    )
}
"""PokerKit's readings that a pot-limit or no-limit game shows too with more than two
players: its reopening (R13.2) and its multi-way edges (R13.5). The others are about the
limit cap, which an uncapped big-bet game does not have."""


POKERKIT_DRAWS: dict[str, object] = {
    "draw_delivery": "after-all-declare",
    "reshuffle": REFILL_PILES,
    "last_card": "dealt",
    "own_discards_back": True,
    "burn_after_reshuffle": False,
}
"""How PokerKit draws and refills its deck (R13.4), at any table size."""

POKERKIT_HALVES: dict[str, object] = {
    "odd_chip_between_halves": "first-listed",
    "pots_without_losers": True,
}
"""PokerKit gives the odd chip between a pot's halves to the hand type listed first
(R8.30, R13.6), and halves its pots after the hands that win nothing are out (R8.31)."""

READING_RULES: dict[str, str] = {
    "short_all_in": "R13.2",
    "complete_short_all_in": "R13.2",
    "cap_counts_short_all_in": "R13.1",
    **dict.fromkeys(POKERKIT_DRAWS, "R13.4"),
    **dict.fromkeys(
        ("raise_over_posted_blind", "covered_is_all_in", "keep_turn_when_others_all_in"),
        "R13.5",
    ),
    "odd_chip": "R13.5",
    "odd_chip_between_halves": "R13.6",
    "pots_without_losers": "R13.6",
}
"""The rule of chapter R13 that says how PokerKit reads each parameter."""


def pokerkit_readings(profile: Profile, *, seats: int) -> dict[str, object]:
    """What a pot-limit, no-limit or split-pot profile must take from PokerKit to be
    compared with it at `seats` players, where they differ (empty: none).

    These are rules PokerKit reads its own way in any game, each a parameter of its own
    (R8.8, R8.15, R8.18, R8.26-R8.28, R8.30); `--profile pokerkit` checks them in plain
    fixed-limit Badugi. A big-bet cross-check takes PokerKit's reopening (R13.2) and
    multi-way edges (R13.5) at 3+ seats, and compares what is new in chapter R14: the
    ranges, the pot and the all-ins. A split-pot cross-check (R21, R22) takes PokerKit's
    draws and refills (R13.4), its odd chip between the halves (R13.6) and, in fixed
    limit, its reopening and multi-way edges (R13.2, R13.5), and compares what is new:
    five cards, draws of up to five, the two rankings and each pot's halves. Other
    fixed-limit profiles are left alone: `unplayable` says why PokerKit cannot play them.
    """
    wanted: dict[str, object] = {}
    big_bet = profile.betting in ("pot-limit", "no-limit")
    if big_bet and seats > 2:
        wanted |= POKERKIT_BIG_BET
    if len(profile.halves) > 1:
        wanted |= POKERKIT_DRAWS | POKERKIT_HALVES
        if not big_bet and seats > 2:
            wanted |= POKERKIT_BETTING
        elif not big_bet and profile.short_all_in not in REOPENINGS:
            # Heads-up both readings play the same (see POKERKIT_BETTING).
            wanted["short_all_in"] = POKERKIT_BETTING["short_all_in"]
    return {name: value for name, value in wanted.items() if getattr(profile, name) != value}


def reading_rules(readings: dict[str, object]) -> list[str]:
    """The rules of chapter R13 behind `readings`, in rulebook order."""
    rules = {READING_RULES[name] for name in readings}
    return sorted(rules, key=lambda rule: int(rule.rsplit(".", 1)[1]))


def unplayable(profile: Profile, *, seats: int | None = None) -> list[str]:
    """Why PokerKit cannot play `profile` at `seats` players (default: its most) (empty:
    it can), with `FixedLimitBadugi` or its pot-limit or no-limit `State` (`game_maker`).

    PokerKit fixes these choices itself; the bridge sets only blinds, antes, bet sizes or
    the least bet, the cap, the betting structure and the fold mode.
    """
    reasons: list[str] = []
    players = profile.max_seats if seats is None else seats
    if profile.betting not in STRUCTURES:
        reasons.append(
            f"betting {profile.betting}: PokerKit has fixed limit, pot limit and no limit only"
        )
    if profile.all_in_may_fold:
        reasons.append("PokerKit never asks an all-in player to act")
    small, big = profile.bet_sizes[0], profile.bet_sizes[-1]
    if profile.betting == "fixed-limit" and profile.bet_sizes != (small, small, big, big):
        reasons.append(
            f"bet_sizes {list(profile.bet_sizes)}: PokerKit plays small, small, big, big"
        )
    if profile.betting_rounds != 4:
        reasons.append("PokerKit's triple draw has four betting rounds")
    if profile.betting in ("pot-limit", "no-limit"):
        reasons += _big_bet_unplayable(profile)
    if profile.max_discards != profile.hand_size:
        reasons.append(
            f"max_discards {profile.max_discards}: PokerKit lets a player discard every card"
        )
    reasons += [
        f"ranking {name}: PokerKit has no hand type for it"
        for name in profile.halves
        if name not in HAND_TYPES
    ]
    if len(profile.halves) > 1 and profile.odd_chip_between_halves != "first-listed":
        reasons.append(
            "PokerKit gives the odd chip between the halves to the first ranking"
            ' (odd_chip_between_halves = "first-listed", R13.6)'
        )
    if profile.burns_per_draw != 1 or not profile.burn_when_all_pat:
        reasons.append("PokerKit burns one card at every draw")
    if profile.cap_heads_up != "never":
        reasons.append("PokerKit never lifts the cap")
    if players > 2:
        readings = POKERKIT_BETTING if profile.betting == "fixed-limit" else POKERKIT_BIG_BET
        reasons += [
            f"PokerKit plays {name} = {value!r} with more than two players"
            for name, value in readings.items()
            if getattr(profile, name) != value
        ]
    elif profile.betting == "fixed-limit" and profile.short_all_in not in (
        "full-bet",
        "largest-raise",
    ):
        reasons.append("PokerKit reopens the betting only on a full bet")
    if profile.reshuffle and sorted(profile.reshuffle) != sorted(REFILL_PILES):
        reasons.append(f"PokerKit refills from {', '.join(REFILL_PILES)}")
    if profile.reshuffle and profile.draw_delivery != "after-all-declare":
        reasons.append("PokerKit deals replacements once everyone has declared")
    if profile.last_card != "dealt" or not profile.own_discards_back:
        reasons.append("PokerKit deals every card and may give back one's own discards")
    if profile.burn_after_reshuffle:
        reasons.append("PokerKit does not burn after a refill")
    if profile.return_uncalled == "settlement" and players > 2:
        reasons.append("uncalled chips at the settlement are compared heads-up only")
    return reasons


def _big_bet_unplayable(profile: Profile) -> list[str]:
    """What a pot-limit or no-limit profile asks of PokerKit's `State` that it lacks."""
    reasons: list[str] = []
    if profile.cap:
        # PokerKit counts every bet and raise, short all-ins too; R14 counts full ones.
        reasons.append("PokerKit's big-bet games have no cap on the raises")
    if profile.chip_unit != 1:
        reasons.append("PokerKit has no chip unit: every amount is a whole chip")
    if profile.short_all_in not in REOPENINGS:
        reasons.append("PokerKit has no limit-poker reopening in a big-bet game (R14.6)")
    return reasons


def _mode(profile: Profile) -> pokerkit.Mode:
    return pokerkit.Mode.CASH_GAME if profile.fold_when_free else pokerkit.Mode.TOURNAMENT


def game_maker(
    profile: Profile,
    *,
    seats: int | None = None,
    automations: tuple[pokerkit.Automation, ...] = AUTOMATIONS,
) -> Game:
    """What makes PokerKit's state for `profile`: its `FixedLimitBadugi` (see `game_for`)
    for plain four-card Badugi in fixed limit, else a `State` built the way
    `FixedLimitBadugi` builds its own.

    PokerKit has no pot-limit or no-limit Badugi and no Badeucy or Badacy. Its state here
    has the same deck and streets as `FixedLimitBadugi` (the deal, then three draws, each
    betting round opened by position), with the profile's hand size, a hand type per
    ranking of `Profile.halves` (PokerKit splits each pot between them, R8.29), the
    structure's `BettingStructure`, and per street the bet size and cap of `game_for`, or
    in a big-bet game the least bet (R14.2) and no cap (R14.4).
    """
    reasons = unplayable(profile, seats=seats)
    if reasons:
        raise ValueError(f"PokerKit cannot play {profile.name}: {reasons[0]}")
    if profile.betting == "fixed-limit" and _plain(profile):
        game = game_for(profile, seats=seats)
        game.automations = automations
        return game
    limit = pokerkit.FixedLimitBadugi
    first, *later = limit(automations, True, 0, (1, 2), 1, 2).streets
    dealt = dataclasses.replace(first, hole_dealing_statuses=(False,) * profile.hand_size)
    streets = tuple(
        dataclasses.replace(
            street,
            min_completion_betting_or_raising_amount=amount,
            max_completion_betting_or_raising_count=count,
        )
        for street, (amount, count) in zip((dealt, *later), _limits(profile), strict=True)
    )
    return partial(
        pokerkit.State,
        automations,
        limit.deck,
        tuple(HAND_TYPES[name] for name in profile.halves),
        streets,
        STRUCTURES[profile.betting],
        True,
        profile.ante,
        (profile.small_blind, profile.big_blind),
        0,
        mode=_mode(profile),
    )


def _plain(profile: Profile) -> bool:
    """The game of `FixedLimitBadugi`: four cards, one Badugi ranking, aces low."""
    return profile.hand_size == 4 and profile.halves == ("badugi",)


def _limits(profile: Profile) -> list[tuple[int, int | None]]:
    """Per street, PokerKit's least bet or raise and its most bets and raises."""
    if profile.betting != "fixed-limit":
        return [(opening_increment(profile), None)] * 4
    # PokerKit's count excludes the blinds; a profile may count the big blind as a level.
    cap = profile.cap if profile.cap else 10**6
    counts = [cap - profile.cap_counts_blind, cap, cap, cap]
    return list(zip(profile.bet_sizes, counts, strict=True))


def game_for(profile: Profile, *, seats: int | None = None) -> pokerkit.FixedLimitBadugi:
    """PokerKit's FixedLimitBadugi with the profile's blinds, antes, bet sizes and cap."""
    reasons = unplayable(profile, seats=seats)
    if profile.betting != "fixed-limit" or not _plain(profile):
        reasons.insert(0, f"{profile.name} is not plain fixed-limit Badugi (see game_maker)")
    if reasons:
        raise ValueError(f"PokerKit's FixedLimitBadugi cannot play {profile.name}: {reasons[0]}")
    small, big = profile.bet_sizes[0], profile.bet_sizes[-1]
    game = pokerkit.FixedLimitBadugi(
        AUTOMATIONS,
        True,
        profile.ante,
        (profile.small_blind, profile.big_blind),
        small,
        big,
        mode=_mode(profile),
    )
    game.streets = tuple(
        dataclasses.replace(street, max_completion_betting_or_raising_count=count)
        for street, (_, count) in zip(game.streets, _limits(profile), strict=True)
    )
    return game


def house_game(structure: Profile = HOUSE) -> pokerkit.FixedLimitBadugi:
    """PokerKit's FixedLimitBadugi set to the house cap (kept for existing callers)."""
    return game_for(structure)


@dataclass(frozen=True, slots=True)
class Difference:
    where: str
    what: str
    house: str
    """Our engine's side (named after the house game, where it began)."""
    pokerkit: str

    def describe(self) -> str:
        return f"{self.where}: {self.what}: ours {self.house}; pokerkit {self.pokerkit}"


@dataclass(frozen=True, slots=True)
class Comparison:
    played: PlayedHand
    difference: Difference | None
    returned_uncovered: bool
    """PokerKit gave uncovered chips back before the settlement (the house's known difference)."""
    refills: int = 0
    """Times both engines rebuilt the stub in this hand."""

    @property
    def agrees(self) -> bool:
        return self.difference is None


def compare(
    played: PlayedHand,
    *,
    game: Game | None = None,
    structure: Profile | None = None,
) -> Comparison:
    """Replay `played` through the engine and PokerKit side by side; stop at the first difference.

    `structure` defaults to the profile the hand was played under, `game` to
    `game_for(structure)`; a test may pass PokerKit's defaults to show that the comparison
    notices the difference in the cap.
    """
    profile = played.setup.profile if structure is None else structure
    if game is None:
        game = game_maker(profile, seats=played.setup.seats)
    replay = _Replay(played, game, profile)
    with warnings.catch_warnings(record=True) as caught:
        # PokerKit warns (rather than refuses) about some doubtful operations, such as dealing
        # a card it does not think it can deal: each one is judged after each call.
        warnings.simplefilter("always")
        replay.caught = caught
        try:
            replay.run()
        except _Diverged as diverged:
            return Comparison(
                played, diverged.difference, replay.returned_uncovered, replay.refills
            )
    return Comparison(played, None, replay.returned_uncovered, replay.refills)


class _Diverged(Exception):
    def __init__(self, difference: Difference) -> None:
        super().__init__(difference.describe())
        self.difference = difference


Options = tuple[bool, int | None, tuple[int, int] | None]
"""Fold or not, the amount to check (0) or call (None: neither), the least and greatest
round total of a bet or raise (None: none)."""


def _options(fold: bool, call: int | None, raise_to: tuple[int, int] | None) -> str:
    parts = ["fold"] if fold else []
    if call is not None:
        parts.append("check" if call == 0 else f"call {call}")
    if raise_to is not None:
        low, high = raise_to
        parts.append(f"bet/raise to {low}" + (f"-{high}" if high != low else ""))
    return "[" + ", ".join(parts) + "]"


def _show(cards: Sequence[Card]) -> str:
    return " ".join(sorted(str(card) for card in cards)) or "nothing"


class _Replay:
    def __init__(self, played: PlayedHand, game: Game, profile: Profile) -> None:
        setup = played.setup
        self.played = played
        self.profile = profile
        self.where = "at the set-up"
        self.returned_uncovered = False
        self.refills = 0
        self.caught: list[warnings.WarningMessage] = []
        self.hand = Hand(
            deck=setup.deck,
            stacks=setup.stacks,
            dealer=setup.dealer,
            profile=profile,
            reshuffles=played.reshuffles,
        )
        # PokerKit's player index -> our seat, and back (see the module docstring).
        self.seats = self.hand.order
        self.index = {seat: i for i, seat in enumerate(self.seats)}
        starting = tuple(setup.stacks[seat] for seat in self.seats)
        self.state: pokerkit.State = self._pk(
            "start the hand", lambda: game(starting, len(self.seats))
        )
        self.state.deck_cards = deque(TO_PK[card] for card in setup.deck)
        self.events_seen = 0
        self.pending: list[Any] = []
        """Our engine's burns, reshuffles and deliveries not yet dealt to PokerKit."""
        self.rebuilt: list[tuple[Card, ...]] = []

    # ----- helpers ------------------------------------------------------------------------

    def _diverge(self, what: str, ours: str, theirs: str) -> _Diverged:
        return _Diverged(Difference(self.where, what, ours, theirs))

    def _pk(self, what: str, call: Callable[[], _T], *, allowed: tuple[str, ...] = ()) -> _T:
        try:
            result = call()
        except ValueError as error:
            raise self._diverge(
                "PokerKit refused", what, f"{type(error).__name__}: {error}"
            ) from None
        except Exception as error:  # a crash in PokerKit is a difference too
            raise self._diverge(
                "PokerKit failed", what, f"{type(error).__name__}: {error}"
            ) from None
        self._judge_warnings(what, allowed)
        return result

    def _judge_warnings(self, what: str, allowed: tuple[str, ...]) -> None:
        unexpected = [str(w.message) for w in self.caught if str(w.message) not in allowed]
        self.caught.clear()
        if unexpected:
            raise self._diverge("PokerKit warned", what, unexpected[0])

    def _pk_cards(self, index: int) -> list[Card]:
        return [FROM_PK[card] for card in self.state.hole_cards[index]]

    def _new_events(self) -> list[Any]:
        rows = self.hand._rows
        new = rows[self.events_seen :]
        self.events_seen = len(rows)
        return new

    # ----- the replay ---------------------------------------------------------------------

    def run(self) -> None:
        self._deal()
        self._compare_chips()
        for number, action in enumerate(self.played.actions, start=1):
            self.where = f"action {number} ({self.hand.phase}, seat {action.seat})"
            self._compare_turn()
            if action.kind is Kind.DRAW:
                self._draw(action)
            else:
                self._bet(action)
            self._compare_chips()
        self.where = "at the end"
        self._finish()

    def _deal(self) -> None:
        self.where = "at the deal"
        count = len(self.seats)
        deck = self.played.setup.deck
        for position in range(self.profile.hand_size * count):
            # One card at a time, clockwise from the first seat left of the button (R8.4).
            expected = position % count
            if self.state.hole_dealee_index != expected:
                raise self._diverge(
                    f"who gets card {position + 1}",
                    f"seat {self.seats[expected]}",
                    f"player {self.state.hole_dealee_index}",
                )
            card = TO_PK[deck[position]]
            self._pk(f"deal {card!r}", partial(self.state.deal_hole, (card,)))
        self._new_events()
        self._compare_holdings()

    def _compare_holdings(self) -> None:
        for index, seat in enumerate(self.seats):
            if self.hand.folded[seat]:
                continue
            ours, theirs = self.hand.holdings[seat], self._pk_cards(index)
            if set(ours) != set(theirs):
                raise self._diverge(f"seat {seat}'s cards", _show(ours), _show(theirs))

    def _compare_turn(self) -> None:
        hand, state = self.hand, self.state
        betting = hand.phase.kind == "bet"
        theirs = state.actor_index if betting else state.stand_patter_or_discarder_index
        other = state.stand_patter_or_discarder_index if betting else state.actor_index
        if theirs is None or other is not None or self.seats[theirs] != hand.to_act:
            raise self._diverge(
                "whose turn",
                f"seat {hand.to_act} to {'bet' if betting else 'draw'}",
                f"actor {state.actor_index}, drawer {state.stand_patter_or_discarder_index}"
                f" (players in order: seats {list(self.seats)})",
            )
        if betting:
            ours_options = self._our_options()
            theirs_options = self._pk_options()
            if ours_options != theirs_options:
                raise self._diverge(
                    "legal options", _options(*ours_options), _options(*theirs_options)
                )

    def _our_options(self) -> Options:
        options = {o.kind: o for o in self.hand.legal_actions()}
        call: int | None = None
        if Kind.CHECK in options:
            call = 0
        elif Kind.CALL in options:
            call = options[Kind.CALL].adds
        raise_to: tuple[int, int] | None = None
        sized = next((options[k] for k in (Kind.BET, Kind.RAISE) if k in options), None)
        if sized is not None:
            raise_to = sized.to, max(sized.to, sized.most)
        elif Kind.ALL_IN in options and options[Kind.ALL_IN].to > max(self.hand.committed):
            # All-in short of the least big-bet raise (R14.6): PokerKit's range is that one
            # amount.
            raise_to = options[Kind.ALL_IN].to, options[Kind.ALL_IN].to
        return Kind.FOLD in options, call, raise_to

    def _pk_options(self) -> Options:
        state = self.state
        raise_to: tuple[int, int] | None = None
        fold = state.can_fold()
        if state.can_complete_bet_or_raise_to():
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            assert low is not None and high is not None
            raise_to = low, high
        self._judge_warnings("the options", (FREE_FOLD_WARNING,))
        return fold, state.checking_or_calling_amount, raise_to

    def _bet(self, action: Action) -> None:
        hand, state = self.hand, self.state
        option = next((o for o in hand.legal_actions() if o.kind is action.kind), None)
        if option is None:
            raise self._diverge("the recorded action", "not offered on replay", "-")
        level = max(hand.committed)
        free = level == hand.committed[action.seat]
        before = hand.committed[action.seat]
        returned = hand.returned[action.seat]
        self._apply(action)
        # A big-bet amount is the action's own, within the option's range (R14.10). An
        # action that ends the round may bring its own seat's uncalled chips back (R8.12);
        # PokerKit gives them back as it collects the bets, so they are not part of it.
        to = hand.committed[action.seat] + hand.returned[action.seat] - returned
        if option.kind is Kind.FOLD:
            self._pk("fold", state.fold, allowed=(FREE_FOLD_WARNING,) if free else ())
        elif to > level:
            done = self._pk(f"raise to {to}", lambda: state.complete_bet_or_raise_to(to))
            if done.amount != to:
                raise self._diverge("raised to", str(to), str(done.amount))
        else:
            called = self._pk("check or call", state.check_or_call)
            if called.amount != to - before:
                raise self._diverge("chips put in", str(to - before), str(called.amount))

    def _apply(self, action: Action) -> None:
        try:
            self.hand.apply(action)
        except IllegalAction as error:
            raise self._diverge("the recorded action", f"refused on replay: {error}", "-") from None

    def _draw(self, action: Action) -> None:
        state = self.state
        self._apply(action)
        discards = tuple(TO_PK[card] for card in action.discards)
        self._pk(f"discard {len(discards)}", lambda: state.stand_pat_or_discard(discards))
        self.pending += [row for row in self._new_events() if row[0] in _CARD_EVENTS]
        if state.stand_patter_or_discarder_index is not None:
            return
        # PokerKit burns and deals once everyone has declared. Our engine may already have
        # served some players (in-turn delivery, R4.3); either way the cards come in the
        # same order: the burn, then each player's replacements clockwise (R4.4, R8.16).
        pending, self.pending = self.pending, []
        for kind, seat, *_, cards, received, _note, _pot, _stacks in pending:
            if kind == "reshuffle":
                self.rebuilt.append(cards)
            elif kind == "burn":
                for card in cards:
                    self._feed((card,), None)
            elif received:
                self._feed(received, self.index[seat])
        if self.rebuilt:
            raise self._diverge(
                "the stub rebuilt", "from the discards, folded hands and burns", "not refilled"
            )
        self._compare_holdings()

    def _feed(self, cards: Sequence[Card], index: int | None) -> None:
        """Deal `cards` to player `index` (None: burn them), as our engine dealt them; where
        our engine rebuilt the stub, PokerKit must refill its deck with the same cards."""
        state = self.state
        rest = list(cards)
        while rest:
            in_deck = len(state.deck_cards)
            allowed: tuple[str, ...] = ()
            if in_deck:
                chunk, rest = rest[:in_deck], rest[in_deck:]
            else:
                self._check_refill()
                allowed = (REFILL_WARNING,)
                chunk, rest = rest, []
            pk = tuple(TO_PK[card] for card in chunk)
            if index is None:
                self._pk(f"burn {_show(chunk)}", partial(state.burn_card, pk), allowed=allowed)
            else:
                self._pk(
                    f"deal {_show(chunk)} to seat {self.seats[index]}",
                    partial(state.deal_hole, pk, index),
                    allowed=allowed,
                )

    def _check_refill(self) -> None:
        """PokerKit refills an empty deck from every burn, folded hand and discard (R13.4)."""
        theirs = {FROM_PK[card] for card in self.state.reserved_cards}
        if not self.rebuilt:
            raise self._diverge(
                "the stub rebuilt", "not yet: cards left in the stub", f"{len(theirs)} cards"
            )
        ours = self.rebuilt.pop(0)
        if set(ours) != theirs:
            raise self._diverge(
                "the cards of the rebuilt stub",
                f"{_show(ours)} ({len(ours)})",
                f"{_show(sorted(theirs, key=DECK.index))} ({len(theirs)})",
            )
        self.refills += 1

    def _compare_chips(self) -> None:
        hand, state = self.hand, self.state
        if hand.is_over:
            return
        betting = hand.phase.kind == "bet"
        bets = [hand.committed[s] if betting else 0 for s in self.seats]
        theirs_bets = list(state.bets)
        # The house still owes back what PokerKit returned when each round closed (R5.4).
        owed = [0] * len(self.seats)
        if self.profile.return_uncalled == "settlement":
            earlier = [hand.total[s] - (hand.committed[s] if betting else 0) for s in self.seats]
            owed = [e - min(earlier) for e in earlier]
            self.returned_uncovered |= any(owed)
        ours = [hand.stacks[s] + owed[i] for i, s in enumerate(self.seats)]
        if ours != list(state.stacks) or bets != theirs_bets:
            raise self._diverge(
                "stacks and bets (players in order)",
                f"stacks {ours}{f' (incl. {owed} owed back)' if any(owed) else ''}, bets {bets}",
                f"stacks {list(state.stacks)}, bets {theirs_bets}",
            )

    def _finish(self) -> None:
        hand, state = self.hand, self.state
        result = hand.result
        if result is None:
            raise self._diverge("hand over", "not over", "-")
        if result.ended_by == "showdown":
            self._showdown()
        if state.status:
            raise self._diverge("hand over", f"{result.ended_by}", "still waiting for an operation")
        shown = any(isinstance(op, pokerkit.HoleCardsShowingOrMucking) for op in state.operations)
        if shown != (result.ended_by == "showdown"):
            raise self._diverge(
                "how the hand ended", result.ended_by, "showdown" if shown else "fold"
            )
        paid = {
            self.seats[i]
            for op in state.operations
            if isinstance(op, pokerkit.ChipsPushing)
            for i, amount in enumerate(op.amounts)
            if amount > 0
        }
        if paid != set(result.winners):
            raise self._diverge("winners", str(sorted(result.winners)), str(sorted(paid)))
        ours = [hand.stacks[s] for s in self.seats]
        if ours != list(state.stacks):
            raise self._diverge(
                "final stacks (players in order)", str(ours), str(list(state.stacks))
            )

    def _showdown(self) -> None:
        hand, state = self.hand, self.state
        result = hand.result
        assert result is not None
        # PokerKit's pots before the showing are the pots as they stand (R8.13); the pots
        # a profile awards may have been formed again without the losing hands (R8.31).
        if self.profile.pots_without_losers:
            self._compare_pots(hand._build_pots(hand._uncalled_back()[1]))
        else:
            self._compare_pots(result.pots)
        # Each seat's value in each ranking, PokerKit's hand type of the same index (R8.29).
        theirs_values: dict[int, list[pokerkit.Hand]] = {}
        for seat in hand.live():
            theirs_values[seat] = []
            for half, ours in enumerate(hand.values(seat)):
                value = state.get_hand(self.index[seat], 0, half)
                if value is None:
                    raise self._diverge(f"seat {seat}'s hand at showdown", str(ours), "none")
                playing = sorted((FROM_PK[c].rank.order for c in value.cards), reverse=True)
                if playing != sorted((card.rank.order for card in ours.cards), reverse=True):
                    raise self._diverge(f"seat {seat}'s hand value", str(ours), str(value))
                theirs_values[seat].append(value)
        order = [row[1] for row in hand._rows if row[0] == "show"]
        shown: list[int] = []
        while state.showdown_index is not None:
            shown.append(self.seats[state.showdown_index])
            self._pk("show", lambda: state.show_or_muck_hole_cards(True))
        if shown != order:
            raise self._diverge("the order of showing", str(order), str(shown))
        if len(self.profile.halves) > 1:
            self._compare_halves(result.pots, theirs_values)

    def _compare_pots(self, pots: Sequence[Pot]) -> None:
        state = self.state
        eligible = [sorted(self.seats[i] for i in pot.player_indices) for pot in state.pots]
        theirs = [(pot.amount, seats) for pot, seats in zip(state.pots, eligible, strict=True)]
        ours = [(pot.amount, sorted(pot.eligible)) for pot in pots]
        if ours != theirs:
            raise self._diverge("pots (amount, eligible seats)", str(ours), str(theirs))

    def _compare_halves(self, pots: Sequence[Pot], values: dict[int, list[pokerkit.Hand]]) -> None:
        """Each pot's halves (R8.29): the chips in each, who has the best hand for it, and
        what each of them takes (odd chips: R8.15, R8.30).

        PokerKit kills the hands that win nothing before it pushes the chips, then counts
        its pots again among the hands left: pots next to each other with the same players
        left become one. It pushes each of those pots in halves, or whole when one hand is
        left. Ours are compared with its pots: their halves summed, whole ones as a scoop.
        """
        state = self.state
        pushed: dict[tuple[int, int | None], dict[int, int]] = {}
        for op in state.operations:
            if isinstance(op, pokerkit.ChipsPushing):
                shares = pushed.setdefault((op.pot_index, op.hand_type_index), {})
                for i, amount in enumerate(op.amounts):
                    if amount:
                        shares[self.seats[i]] = shares.get(self.seats[i], 0) + amount
        left = {seat for seat in values if state.statuses[self.index[seat]]}
        groups: list[tuple[list[int], list[int]]] = []  # (seats left, our pot numbers)
        for number, pot in enumerate(pots):
            seats = sorted(set(pot.eligible) & left)
            if groups and groups[-1][0] == seats:
                groups[-1][1].append(number)
            else:
                groups.append((seats, [number]))
        for index, (seats, numbers) in enumerate(groups):
            label = " and ".join("main pot" if n == 0 else f"side pot {n}" for n in numbers)
            group = [pots[n] for n in numbers]
            whole = pushed.get((index, None))
            if whole is not None:
                ours_whole = _sum_shares((pot.winners, pot.shares) for pot in group)
                scoop = {s for pot in group for half in pot.halves for s in half.winners}
                if ours_whole != whole or len(scoop) != 1:
                    raise self._diverge(
                        f"who takes the {label}",
                        _half(sum(p.amount for p in group), sorted(scoop), ours_whole),
                        f"one hand left: {_half(sum(whole.values()), sorted(whole), whole)}",
                    )
                continue
            for half_index, ranking in enumerate(self.profile.halves):
                halves = [pot.halves[half_index] for pot in group]
                top = max(values[seat][half_index] for seat in seats)
                ours = _half(
                    sum(half.amount for half in halves),
                    sorted({s for half in halves for s in half.winners}),
                    _sum_shares((half.winners, half.shares) for half in halves),
                )
                shares = pushed.get((index, half_index), {})
                theirs = _half(
                    sum(shares.values()),
                    [seat for seat in seats if values[seat][half_index] == top],
                    shares,
                )
                if ours != theirs:
                    raise self._diverge(f"the {ranking} half of the {label}", ours, theirs)


def _sum_shares(parts: Iterable[tuple[Sequence[int], Sequence[int]]]) -> dict[int, int]:
    """Seat -> chips, over (winners, shares) pairs; seats that take nothing left out."""
    totals: dict[int, int] = {}
    for winners, shares in parts:
        for seat, share in zip(winners, shares, strict=True):
            if share:
                totals[seat] = totals.get(seat, 0) + share
    return totals


def _half(amount: int, winners: Sequence[int], shares: dict[int, int]) -> str:
    taken = ", ".join(f"seat {seat} {shares[seat]}" for seat in sorted(shares))
    return f"{amount} chips, best hand seats {list(winners)}, taken: {taken or 'none'}"


_CARD_EVENTS = frozenset({"burn", "reshuffle", "draw"})


__all__ = [
    "KNOWN_DIFFERENCE",
    "Comparison",
    "Difference",
    "compare",
    "game_for",
    "game_maker",
    "house_game",
    "pokerkit_readings",
    "unplayable",
]
