"""One hand of fixed-limit triple-draw Badugi for 2 to 8 seats, as a state machine.

Every rule choice comes from the hand's `Profile` (chapter R8); the house game is the
default profile, and heads-up is the two-seat case of the same order rules, not a
separate engine. Every action is validated completely before anything changes, so an
illegal action (`IllegalAction`, with a stable code and rule ID) leaves the state exactly
as it was.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple

from badugi_spec.cards import Card
from badugi_spec.engine import betting as _betting
from badugi_spec.engine import pots as _pots
from badugi_spec.engine import split as _halves
from badugi_spec.engine.actions import Action, Event, Kind, Legal
from badugi_spec.engine.codes import illegal
from badugi_spec.engine.deck import Deck
from badugi_spec.engine.pots import Half, Pot
from badugi_spec.profiles.model import HOUSE, Profile
from badugi_spec.rankings import RankedValue, Ranking
from badugi_spec.rankings.house import HandValue, evaluate, winners

SEATS = 2
"""Seats at the house table (R1.3); other profiles seat up to `Profile.max_seats`."""

# The kinds as plain names: reading an Enum member through its class costs about 45 ns in
# Python 3.11, and the betting code reads several on every action.
CHECK, BET, CALL, RAISE, FOLD, ALL_IN, DRAW = (
    Kind.CHECK,
    Kind.BET,
    Kind.CALL,
    Kind.RAISE,
    Kind.FOLD,
    Kind.ALL_IN,
    Kind.DRAW,
)

_FOLD: Final = Legal(FOLD)
_NAME_OF: Final = {kind: kind.value for kind in Kind}  # `.value` is a slow property


@functools.cache
def _draw_options(max_discards: int) -> tuple[Legal, ...]:
    return (Legal(DRAW, adds=max_discards),)


# Options repeat from hand to hand; sharing them saves building several per decision.
_option: Final = functools.lru_cache(maxsize=4096)(Legal)


# The rule each betting action carries out, for the event log (all-ins are refined below).
_RULE_OF_BET: Final = {
    CHECK: "R3.4",
    BET: "R3.2",
    CALL: "R3.5",
    RAISE: "R3.5",
    ALL_IN: "R5.6",
}

# Cards out of play, by the pile a reshuffle policy names (R8.18).
_DISCARD, _FOLDED, _BURN = "discards", "folded", "burns"


_CHOICES: dict[int, tuple[Profile, tuple[Any, ...]]] = {}


def _choices(rules: Profile) -> tuple[Any, ...]:
    """The profile's choices the engine reads on every action, worked out once per profile
    (profiles are immutable; keyed by identity, since hashing one reads every field)."""
    known = _CHOICES.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    choices: tuple[Any, ...] = (
        rules.short_all_in == "largest-raise",
        rules.covered_is_all_in,
        rules.keep_turn_when_others_all_in,
        rules.fold_when_free,
        rules.complete_short_all_in,
        rules.cap,
        rules.last_card == "dealt",
        rules.draw_delivery == "after-all-declare",
        _draw_options(rules.max_discards),
        rules.return_uncalled == "round-end",
        rules.betting_rounds,
        # A reshuffle can gather every card out of the live hands, with none held back.
        {"discards", "current-discards", "folded", "burns"} <= set(rules.reshuffle)
        and rules.last_card == "dealt"
        and not rules.burn_after_reshuffle,
        _betting.opening_increment(rules),
        {},  # the profile's fixed-limit options by spot, filled as spots come up (`legal_actions`)
    )
    if len(_CHOICES) > 256:  # overrides make profiles on the fly; keep the cache small
        _CHOICES.clear()
    _CHOICES[id(rules)] = (rules, choices)
    return choices


class Phase(NamedTuple):
    """`bet` rounds 1-4, `draw` 1-3, then `complete`. Made at every phase change, hence a
    NamedTuple rather than a frozen dataclass."""

    kind: str
    number: int = 0

    def __str__(self) -> str:
        return self.kind if self.kind == "complete" else f"{self.kind}-{self.number}"


_phase: Final = functools.cache(Phase)  # a handful of phases, shared by every hand


@functools.lru_cache(maxsize=512)
def _rotations(order: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """For each seat of `order`, every seat after it clockwise, itself last: the turn
    passes along one of these after every action (shared by the hands with that order)."""
    return {seat: order[i + 1 :] + order[: i + 1] for i, seat in enumerate(order)}


class Result(NamedTuple):
    """How a hand ended and who got what (one per hand, made on the hot path)."""

    ended_by: str
    """`fold` or `showdown`."""
    winners: tuple[int, ...]
    won: tuple[int, ...]
    """Chips each seat takes from the pots."""
    returned: tuple[int, ...]
    """Uncalled chips given back to the seat that put them in (R5.4, R5.5, R8.12)."""
    shown: tuple[HandValue | RankedValue | None, ...]
    """Each seat's value at the showdown in the profile's (first) ranking (R8.22)."""
    pot: int
    pots: tuple[Pot, ...] = ()
    """Main pot first, then the side pots, each with its winners and shares (R8.13), and
    in a split game each with its halves (R8.29)."""


def _half_json(half: Half) -> dict[str, Any]:
    return {
        "ranking": half.ranking,
        "amount": half.amount,
        "winners": list(half.winners),
        "shares": list(half.shares),
    }


class Hand:
    # Slots, not an instance dict: a hand holds more attributes than Python 3.11 keeps in a
    # shared-key dict (30), and every action reads and writes dozens of them; slots make
    # the whole benchmark hand about 8% faster. A new attribute must be listed here.
    __slots__ = (
        "_acted", "_after", "_after_all_declare", "_big_bet", "_blind_all_in", "_cap",
        "_complete", "_covered_is_all_in", "_declared", "_draw_burned", "_draw_options",
        "_drawing", "_drawn", "_due", "_epoch", "_fold_when_free", "_gathers_all",
        "_keep_turn", "_largest", "_largest_raise", "_last_card_dealt", "_legal", "_level",
        "_muck", "_opening_increment", "_options_memo", "_rankings", "_round_bet",
        "_round_drawers", "_round_end_returns", "_rounds", "_rows", "_shorts",
        "_stated_reshuffles",
        "big_blind", "burns", "committed", "dealer", "deck", "discards", "folded",
        "full_level", "holdings", "increment", "last_aggressor", "order", "phase",
        "profile", "raises", "reshuffles", "result", "returned", "seats", "small_blind",
        "stacks", "start_stacks", "structure", "to_act", "total", "uncapped",
    )  # fmt: skip

    def __init__(
        self,
        *,
        deck: Sequence[Card],
        stacks: Sequence[int] | None = None,
        dealer: int = 0,
        structure: Profile = HOUSE,
        profile: Profile | None = None,
        reshuffles: Sequence[Sequence[Card]] = (),
        posts: Sequence[tuple[int, int]] = (),
    ) -> None:
        """`posts` are live big blinds posted out of turn, as (seat, chips): a player who
        joins a game between the blinds posts one before the deal (R8.3)."""
        rules = profile if profile is not None else structure
        start = tuple(stacks) if stacks is not None else (rules.starting_stack,) * SEATS
        seats = len(start)
        if not rules.min_seats <= seats <= rules.max_seats:
            raise ValueError(
                f"profile {rules.name} seats {rules.min_seats} to {rules.max_seats} players,"
                f" not {seats}"
            )
        if not 0 <= dealer < seats:
            raise ValueError(f"the button must be one of seats 0 to {seats - 1}, not {dealer}")
        if not self._can_deal(start):
            raise ValueError(f"a hand needs at least two players with chips, got stacks {start}")
        self.structure = self.profile = rules
        self.seats = seats
        self._rankings = _halves.rankings_of(rules.ranking, rules.split_ranking, rules.hand_size)
        """The rankings hands are valued in; None on the house fast path (R8.22, R8.29)."""
        self.dealer = dealer
        dealt_in = self._dealt_in(start)
        # Clockwise from the first seat left of the button; the button is last (R8.2).
        clockwise = (*range(dealer + 1, seats), *range(dealer + 1))
        self.order: tuple[int, ...] = (
            clockwise if all(dealt_in) else tuple(seat for seat in clockwise if dealt_in[seat])
        )
        self._after = _rotations(self.order)
        heads_up = len(self.order) == 2
        # Heads-up the button posts the small blind and the other player the big (R1.5,
        # R8.3); with more players the two seats left of the button post them.
        self.small_blind = self.order[-1] if heads_up else self.order[0]
        self.big_blind = self.order[0] if heads_up else self.order[1]
        self.start_stacks = start
        self.deck = Deck(deck)
        if self.deck.remaining < rules.hand_size * len(self.order):
            self.deck.require(rules.hand_size * len(self.order), "the deal")
        self._stated_reshuffles = [tuple(cards) for cards in reshuffles] if reshuffles else []
        self.stacks = list(start)
        self.total = [0] * seats
        self.committed = [0] * seats
        self.folded = [not dealt for dealt in dealt_in]
        """Seats out of the hand: folded, or not dealt in for want of chips."""
        self.holdings: list[list[Card]] = [[] for _ in range(seats)]
        self.burns: list[Card] = []
        self.discards: list[list[Card]] = [[] for _ in range(seats)]
        self.returned = [0] * seats
        self.reshuffles = 0
        self._muck: list[tuple[tuple[Card, ...], str, int]] = []
        """Cards out of play that a reshuffle may use: (cards, pile, draw number), one entry
        per discard, fold or burn rather than per card, since only a reshuffle reads them."""
        self._rows: list[tuple[Any, ...]] = []
        self.result: Result | None = None
        self.phase = _phase("bet", 1)
        self._drawing = False
        """`phase.kind == "draw"`, kept: reading a NamedTuple field is slow in Python 3.11, and
        every action asks."""
        self._round_bet = rules.bet_sizes[0]
        """The fixed bet of the betting round under way, `bet_size` read once a round."""
        self.raises = 0
        self.full_level = 0
        self.increment = 0
        """Big-bet and spread games: the last full bet or raise, the least the next adds."""
        self._big_bet = rules.betting != "fixed-limit"
        self.last_aggressor: int | None = None
        self.to_act: int | None = None
        self._epoch = 0
        self._acted = [-1] * seats
        self._largest = 0
        """The largest bet or raise of the round, in chips over the bet before it (R8.8)."""
        self._shorts: list[int] = []
        """All-in raises in a row since the last reopening (`largest-raise`, R8.8)."""
        self._due: list[bool] = []
        """Who was due to act as the round began (R8.28)."""
        # Read once: these decide the hot paths of every action.
        (
            self._largest_raise,
            self._covered_is_all_in,
            self._keep_turn,
            self._fold_when_free,
            self._complete,
            self._cap,
            self._last_card_dealt,
            self._after_all_declare,
            self._draw_options,
            self._round_end_returns,
            self._rounds,
            self._gathers_all,
            self._opening_increment,
            options_memo,
        ) = _choices(rules)
        # Only for the engine's own rules: a subclass (a mutant) may change the options.
        self._options_memo: dict[tuple[int | bool, ...], tuple[Legal, ...]] | None = (
            options_memo if type(self) is Hand and not self._big_bet else None
        )
        self.uncapped = False
        self._legal: tuple[Legal, ...] | None = None
        self._drawn: list[int] = []
        self._round_drawers: list[int] = []
        self._declared: list[tuple[int, tuple[Card, ...]]] = []
        self._draw_burned = False
        self._blind_all_in = False
        if rules.ante:
            for seat in self.order:
                self._post(seat, rules.ante, "ante", "R8.3", commits=False)
        self._post(self.small_blind, rules.small_blind, "small blind", "R1.5")
        self._post(self.big_blind, rules.big_blind, "big blind", "R1.5")
        for seat, chips in posts:
            if not (0 <= seat < seats and dealt_in[seat]) or seat in (
                self.small_blind,
                self.big_blind,
            ):
                raise ValueError(f"seat {seat} cannot post a big blind out of turn")
            if not 0 < chips <= rules.big_blind:
                raise ValueError(f"a posted big blind is 1 to {rules.big_blind} chips, not {chips}")
            self._post(seat, chips, "posted big blind", "R8.3")
        self._deal()
        # The big blind is the round's opening bet (R3.6) but not an action, so its
        # option stands (R3.7). Whether it counts towards the cap is the profile's (R8.6).
        self.raises = 1 if rules.cap_counts_blind else 0
        # A raise goes over the full big blind, or over what was posted if it was short (R8.26).
        self._level = max(self.committed)
        """The bet to match this round, `max(committed)`, kept as the bets change: in
        Python 3.11 `max` parses keyword arguments on every call (about 150 ns), and the
        betting code needs the level several times per action."""
        self.full_level = self._level if rules.raise_over_posted_blind else rules.big_blind
        self.increment = self._opening_increment
        self.uncapped = self._lift_cap()
        self._due = self._due_to_act()
        self._continue_betting(self.big_blind)

    # ----- reading the state -------------------------------------------------------------

    @property
    def pot(self) -> int:
        """Every chip in the middle, before any uncovered part is returned (R5.8)."""
        return sum(self.total)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def bet_size(self) -> int:
        return self.profile.bet_sizes[self.phase.number - 1]

    @property
    def acted(self) -> list[bool]:
        """Who has acted since the betting was last reopened (R8.10)."""
        return [epoch == self._epoch for epoch in self._acted]

    @property
    def events(self) -> list[Event]:
        """The hand's log so far, oldest first."""
        # A showdown's note is kept as the hand value and worded only when read.
        return [Event._make((*row[:6], str(row[6]), *row[7:])) for row in self._rows]

    def live(self) -> list[int]:
        """Seats still in the hand, in order from the first seat left of the button."""
        folded = self.folded
        return [seat for seat in self.order if not folded[seat]]

    @property
    def named_rankings(self) -> bool:
        """Hands are valued by the profile's named rankings, not the house fast path."""
        return self._rankings is not None

    def value(self, seat: int) -> HandValue | RankedValue:
        """The seat's value in the profile's ranking, the first half's in a split game."""
        rankings = self._rankings
        if rankings is None:
            return evaluate(self.holdings[seat])
        return rankings[0].evaluate(self.holdings[seat])

    def values(self, seat: int) -> tuple[HandValue | RankedValue, ...]:
        """The seat's value in each ranking of `Profile.halves`, in that order (R8.29)."""
        rankings = self._rankings
        if rankings is None:
            return (self.value(seat),)
        held = self.holdings[seat]
        return (self.value(seat), *(r.evaluate(held) for r in rankings[1:]))

    def pots(self) -> tuple[Pot, ...]:
        """The pots as they stand: once the hand is over, with winners and shares."""
        if self.result is not None:
            return self.result.pots
        return self._build_pots(self.total)

    def legal_actions(self) -> tuple[Legal, ...]:
        legal = self._legal
        if legal is not None:
            # Asked once per decision, then again by `apply`: kept until the state moves.
            return legal
        seat = self.to_act
        if seat is None:
            return ()
        if self._drawing:
            options: tuple[Legal, ...] = self._draw_options
            return options
        memo = self._options_memo
        if memo is None:
            self._legal = legal = tuple(self._betting_options(seat).values())
            return legal
        # In fixed limit the options follow from these numbers alone (the raise's target
        # from the last two), and the same spots come up hand after hand: looked up, not
        # built, they cost a fraction.
        committed, level, stack = self.committed[seat], self._level, self.stacks[seat]
        raising = self._may_bet_or_raise(seat, level - committed, stack)
        key = (committed, level, stack, raising, self.full_level, self._round_bet)
        legal = memo.get(key)
        if legal is None:
            if len(memo) > 4096:  # stacks vary from session to session; keep it small
                memo.clear()
            legal = memo[key] = tuple(self._betting_options(seat).values())
        self._legal = legal
        return legal

    def snapshot(self) -> dict[str, Any]:
        """A canonical, JSON-ready view: what the protocol sends and scenarios compare."""
        result = self.result
        return {
            "phase": str(self.phase),
            "to_act": self.to_act,
            "legal": [legal.describe() for legal in self.legal_actions()],
            "pot": self.pot,
            "stacks": list(self.stacks),
            "committed": list(self.committed),
            "hands": [[str(c) for c in cards] for cards in self.holdings],
            "burns": len(self.burns),
            "reshuffles": self.reshuffles,
            "stub": self.deck.remaining,
            "pots": [
                {
                    "amount": pot.amount,
                    "eligible": list(pot.eligible),
                    "winners": list(pot.winners),
                    "shares": list(pot.shares),
                }
                | ({"halves": [_half_json(half) for half in pot.halves]} if pot.halves else {})
                for pot in self.pots()
            ],
            "result": None
            if result is None
            else {
                "ended_by": result.ended_by,
                "winners": list(result.winners),
                "won": list(result.won),
                "returned": list(result.returned),
                "shown": [None if v is None else str(v) for v in result.shown],
            }
            | ({"shown_in": self._shown_in()} if self._rankings is not None else {}),
        }

    def _shown_in(self) -> dict[str, list[str | None]]:
        """Ranking -> each seat's value shown in it, for a hand valued by named rankings."""
        result = self.result
        assert result is not None and self._rankings is not None
        shown = [None if result.shown[s] is None else self.values(s) for s in range(self.seats)]
        return {
            r.name: [None if vs is None else str(vs[i]) for vs in shown]
            for i, r in enumerate(self._rankings)
        }

    # ----- acting ------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply one action, or raise IllegalAction and change nothing.

        The checks run in the order of R8.24, so when an action breaks several rules the
        code reported is the same in every implementation.
        """
        if self.result is not None:
            raise illegal("hand-over", "the hand is over; no more actions")
        seat, kind, _, discards = action  # at once: NamedTuple field reads are slow
        drawing = kind is DRAW  # every other kind is a betting action
        # The phase is a betting round or a draw: the hand is not over.
        if drawing and not self._drawing:
            raise illegal("not-draw-round", f"{self.phase} is a betting round, not a draw")
        if not drawing and self._drawing:
            raise illegal("not-betting-round", f"{self.phase} is a draw, not a betting round")
        if seat != self.to_act:
            if kind is FOLD and self._may_fold_all_in(seat):
                self._fold_all_in(seat)
                self._legal = None
                return
            raise illegal("out-of-turn", self._whose_turn(self.to_act))
        if drawing:
            self._draw(seat, discards)
        else:
            self._bet(action)
        self._legal = None

    def _whose_turn(self, seat: int | None) -> str:
        if seat == self.big_blind:
            return f"it is the big blind's turn (seat {seat})"
        if seat == self.dealer:
            return f"it is the dealer's turn (seat {seat})"
        return f"it is seat {seat}'s turn"

    # ----- betting -----------------------------------------------------------------------

    def _opponent_all_in(self, seat: int) -> bool:
        """Nobody else could answer a bet: every other player still in is all-in (R5.7), or,
        if the profile says so, could not put in more than the current bet (R8.27)."""
        # A plain loop: this runs several times per action, and a generator costs more.
        stacks, folded = self.stacks, self.folded
        if self._covered_is_all_in:
            committed = self.committed
            level = self._level
            for other in self.order:
                if other != seat and not folded[other] and stacks[other] + committed[other] > level:
                    return False
            return True
        for other in self.order:
            if other != seat and not folded[other] and stacks[other] > 0:
                return False
        return True

    def _due_to_act(self) -> list[bool]:
        """Who must act in the round about to begin, if no one bets (R8.28): a player with
        chips facing another player still in who has more in front of them, counting their
        stack, than this player has bet."""
        if not self._keep_turn:
            return []
        stacks, committed, folded = self.stacks, self.committed, self.folded
        # The two largest totals of players still in: each player's "others" maximum is the
        # largest, unless that player holds it alone.
        first = second = -1
        holder = -1
        for seat in self.order:
            if not folded[seat]:
                total = committed[seat] + stacks[seat]
                if total > first:
                    first, second, holder = total, first, seat
                elif total > second:
                    second = total
        due = [False] * self.seats
        for seat in self.order:
            if not folded[seat] and stacks[seat]:
                due[seat] = (second if seat == holder else first) > committed[seat]
        return due

    def _may_raise_again(self, seat: int) -> bool:
        """The betting has been reopened for `seat` since they last acted (R8.10); under
        `largest-raise` also once all-ins in a row add up to the largest raise (R8.8)."""
        if self._big_bet and not self._faces_a_full_raise(seat):
            return False
        return self._acted[seat] != self._epoch or (self._largest_raise and not self._shorts)

    def _faces_a_full_raise(self, seat: int) -> bool:
        """Big bet: a player facing less than the round's largest bet or raise has called
        part of it already, so short all-ins that add up to a raise do not reopen the
        betting for them (R14.6); nor may anyone raise who faces less (PokerKit too)."""
        return max(self.committed) - self.committed[seat] >= self._largest

    def _capped(self) -> bool:
        cap = self._cap
        return cap > 0 and self.raises >= cap and not self.uncapped

    def _raise_target(self, level: int) -> int:
        """The round total a bet or raise goes to (R3.2, R8.8, R8.9)."""
        full = self.full_level
        bet = self._round_bet
        if level > full and self._complete:
            return full + bet
        # Below the full level only when a big blind was posted short (R5.5).
        return (level if level > full else full) + bet

    def _betting_options(self, seat: int) -> dict[Kind, Legal]:
        committed = self.committed[seat]
        level = self._level
        to_call = level - committed
        stack = self.stacks[seat]
        options: dict[Kind, Legal] = {}
        # Whether the whole stack is one of the options; it is then `stack` chips, whichever
        # action it completes, so only the fact is kept.
        all_in = False
        if to_call <= 0:
            options[CHECK] = _option(CHECK, 0, committed)
            if self._fold_when_free:
                options[FOLD] = _FOLD
        else:
            options[FOLD] = _FOLD
            adds = to_call if to_call < stack else stack
            options[CALL] = _option(CALL, adds, committed + adds, adds == stack)
            all_in = stack <= to_call
        if self._may_bet_or_raise(seat, to_call, stack):
            kind = BET if level == 0 else RAISE
            if self._big_bet:
                all_in = self._sized_options(options, kind, seat, level) is not None or all_in
            else:
                adds = self._raise_target(level) - committed
                if adds >= stack:  # `min`, written out: the builtin is slow in Python 3.11
                    adds = stack
                    all_in = True
                options[kind] = _option(kind, adds, committed + adds, adds == stack)
        if all_in:
            options[ALL_IN] = _option(ALL_IN, stack, committed + stack, True)
        return options

    def _may_bet_or_raise(self, seat: int, to_call: int, stack: int) -> bool:
        """Whether `seat` may put in more than a call: chips beyond it, the betting open to
        them (R8.10), the cap not reached (R8.6) and someone to answer (R5.7, R8.27)."""
        cap = self._cap
        return (
            stack > to_call
            and (self._acted[seat] != self._epoch or (self._largest_raise and not self._shorts))
            and (cap == 0 or self.raises < cap or self.uncapped)
            and not self._opponent_all_in(seat)
        )

    def _sized_options(
        self, options: dict[Kind, Legal], kind: Kind, seat: int, level: int
    ) -> Legal | None:
        """A big-bet or spread bet or raise as a range (R14.10); returns the all-in option
        when the whole stack is within the range or short of it."""
        committed = self.committed[seat]
        if level - committed < self._largest:  # `_faces_a_full_raise`, inlined: hot
            return None
        everything = committed + self.stacks[seat]
        low, high = self._range(seat, level)
        if everything <= low:
            # Not enough for the least raise: all-in for what there is (R14.6).
            return _option(ALL_IN, everything - committed, everything, True)
        most = min(high, everything)
        options[kind] = _option(kind, low - committed, low, False, most)
        if everything <= high:
            return _option(ALL_IN, everything - committed, everything, True)
        return None

    def _range(self, seat: int, level: int) -> tuple[int, int]:
        """(least, greatest) round total of a bet or raise, before the stack (R14.2-R14.8)."""
        return _betting.raise_range(
            self.profile,
            last_round=self.phase.number == self._rounds,
            level=level,
            committed=self.committed[seat],
            pot=sum(self.total),  # `pot`, without the property's call
            increment=self.increment,
        )

    def _refuse(self, seat: int, kind: Kind) -> None:
        """Raise the specific error for a betting action that is not among the options.

        The order of the checks is the precedence of R8.24.
        """
        to_call = max(self.committed) - self.committed[seat]
        stack = self.stacks[seat]
        if kind is CHECK:
            raise illegal("check-facing-bet", f"there are {to_call} to call: call, raise or fold")
        if kind is FOLD:
            raise illegal("fold-when-free", "nothing to call: check or bet instead of folding")
        if kind is CALL:
            raise illegal("nothing-to-call", "there is no bet to call: check or bet")
        if kind is ALL_IN:
            most = max((o.adds for o in self._betting_options(seat).values()), default=0)
            raise illegal(
                "all-in-too-large",
                f"a stack of {stack} is more than the {most} this spot allows",
            )
        if kind is BET and max(self.committed) > 0:
            raise illegal("bet-facing-bet", "there is already a bet this round: raise instead")
        if kind is RAISE and max(self.committed) == 0:
            raise illegal("raise-without-bet", "there is no bet to raise: bet instead")
        if self._opponent_all_in(seat):
            raise illegal("opponent-all-in", "every other player is all-in: no more betting")
        if self._capped():
            raise illegal(
                "raise-cap", f"the round is capped at one bet and {self.profile.cap - 1} raises"
            )
        if stack > to_call and not self._may_raise_again(seat):
            raise illegal(
                "not-reopened",
                "an all-in for less than a full raise did not reopen the betting: call or fold",
            )
        if self._big_bet and stack > to_call:
            raise illegal(
                "short-stack",
                f"a stack of {stack} is short of the least raise: go all-in, call or fold",
            )
        # The only way left to miss the option: the stack does not even cover the call.
        raise illegal(
            "short-stack",
            f"a stack of {stack} cannot raise over a call of {to_call}: call all-in or fold",
        )

    def _bet(self, action: Action) -> None:
        # Unpacked at once: each NamedTuple field read is a descriptor lookup in Python 3.11.
        seat, kind, amount, _ = action
        for option in self._legal or self.legal_actions():  # usually already asked for
            if option.kind is kind:
                break
        else:
            self._refuse(seat, kind)
            raise AssertionError("unreachable")  # pragma: no cover
        _, adds, to, all_in, most = option
        if kind is ALL_IN and amount is not None and amount < adds:
            raise illegal("not-all-in", f"all-in means the whole stack of {adds}, not {amount}")
        if most and kind is not ALL_IN:
            _, adds, to, all_in, most = self._sized(seat, option, amount)
        elif amount is not None:
            expected = to if kind in (BET, RAISE) else adds
            if amount != expected:
                what = f"{kind.value} to" if kind in (BET, RAISE) else kind.value
                raise illegal("wrong-amount", f"{what} {expected} here, not {amount}")
        if kind is FOLD:
            self._fold(seat)
            return
        committed = self.committed
        level = self._level
        self.stacks[seat] -= adds
        committed[seat] += adds
        self.total[seat] += adds
        now = committed[seat]
        if now > level:
            self._level = now
            self._raised(seat, level, now, all_in)
        self._acted[seat] = self._epoch
        rule = _RULE_OF_BET[kind]
        note = ""
        if self._big_bet and kind is not CALL and kind is not CHECK:
            rule = "R14.3" if kind is RAISE else "R14.2"
        if all_in:
            note = "all-in"
            over = now - level
            if over < 0:
                rule = "R5.4"  # a short call: the uncovered part goes back at the end
            elif self._big_bet and over > 0:
                rule = "R14.6"
            elif 0 < over < self._round_bet:
                rule = "R5.6"  # more than a call, less than a full bet or raise
            elif kind is ALL_IN:
                rule = "R3.5" if over == 0 or self.raises > 1 else "R3.2"
        # `_log`, inlined: the one event of nearly every action.
        self._rows.append(
            (_NAME_OF[kind], seat, rule, adds, (), (), note, sum(self.total), tuple(self.stacks))
        )
        self._continue_betting(seat)

    def _sized(self, seat: int, option: Legal, amount: int | None) -> Legal:
        """The bet or raise to `amount` within the option's range; none stated is the
        least (R14.10)."""
        if amount is None:
            return option
        what = "bet" if option.kind is BET else "raise to"
        # The range's ends are the rules' least and the stack's most: always allowed, even
        # when a stack of odd chips puts one off the chip unit (R14.9, R14.10).
        end = amount == option.to or amount == option.most
        if not option.to <= amount <= option.most or not (
            end or _betting.on_unit(self.profile, amount)
        ):
            unit = self.profile.chip_unit
            chips = f" in multiples of {unit}" if unit > 1 else ""
            raise illegal(
                "amount-out-of-range",
                f"{what} {option.to} to {option.most}{chips} here, not {amount}",
            )
        adds = amount - self.committed[seat]
        return _option(option.kind, adds, amount, adds == self.stacks[seat], option.most)

    def _raised(self, seat: int, level: int, now: int, all_in: bool) -> None:
        """Count a new bet level and reopen the betting as the profile says (R8.8-R8.10)."""
        self.last_aggressor = seat
        if self._big_bet:
            self._raised_big_bet(level, now, all_in)
            return
        if self._largest_raise:
            self._raised_largest(level, now, all_in)
            return
        bet = self._round_bet
        # Only an all-in can fall short of the target: ask for it only then.
        if not all_in or now >= self._raise_target(level):
            # A full bet or raise (completing a short all-in counts as one, R8.9).
            self.raises += 1
            self.full_level = now
            self._epoch += 1
            return
        levels = self.raises
        gained = now - self.full_level
        policy = self.profile.short_all_in
        if policy == "full-bet":
            if gained >= bet:  # short all-ins that add up to a full raise (R8.10)
                self.raises += 1
                self.full_level = now
                self._epoch += 1
        elif self._half_bet(gained):
            self._epoch += 1
            if policy == "half-bet-full-raise":
                # Treated as a full bet: the next raise is a full bet on top of it.
                self.raises += 1
                self.full_level = now
            else:
                # Completion: the next raise goes to the next level of the bet grid, and
                # the all-in is not a level of its own (PokerStars 2010, R11).
                while now >= self.full_level + bet:
                    self.full_level += bet
                    self.raises += 1
        if self.profile.cap_counts_short_all_in:
            self.raises = levels + 1  # every bet and raise is a level of the cap (R8.6)

    def _raised_largest(self, level: int, now: int, all_in: bool) -> None:
        """`largest-raise` (R8.8): a bet or raise reopens the betting when it raises by at
        least the largest bet or raise of the round before it (the blinds are none), and
        all-ins in a row reopen it once together they add up to that much."""
        self._reopened_by_largest(now - level, all_in)
        if not all_in or now >= self._raise_target(level):
            self.raises += 1
            self.full_level = now
        elif self.profile.cap_counts_short_all_in:
            self.raises += 1

    def _raised_big_bet(self, level: int, now: int, all_in: bool) -> None:
        """A full bet or raise sets the least next raise; an all-in short of one reopens
        the betting only if, with the short all-ins before it, it makes one (R14.3, R14.6).
        Under `largest-raise` the reopening is R8.8's, as PokerKit reads it (R13.2)."""
        increment = self.increment
        if self._largest_raise:
            self._reopened_by_largest(now - level, all_in)  # keeps `_largest`
            if now - level >= increment:
                self.increment = now - level
                self.raises += 1
                self.full_level = now
            return
        self._largest = max(self._largest, now - level)
        if now - level >= increment:
            self.increment = now - level
            self.raises += 1
            self.full_level = now
            self._epoch += 1
        elif now - self.full_level >= increment:
            # Short all-ins that add up to a full raise reopen, but the least raise stays
            # the last complete one (WSOP 2023, rule 96).
            self.raises += 1
            self.full_level = now
            self._epoch += 1

    def _reopened_by_largest(self, raised_by: int, all_in: bool) -> None:
        """R8.8's `largest-raise`, in any structure: the round's first bet or raise, even an
        all-in short of a full one, reopens the betting (the blinds are none), and so does
        one at least the largest before it, or all-ins in a row that add up to it."""
        if raised_by >= self._largest:
            self._epoch += 1
        if raised_by > self._largest:  # `max`, written out: the builtin is slow in 3.11
            self._largest = raised_by
        shorts = self._shorts
        if all_in:
            shorts.append(raised_by)
        else:
            shorts.clear()
        if sum(shorts) >= self._largest:
            shorts.clear()

    def _fold(self, seat: int) -> None:
        self.folded[seat] = True
        self._acted[seat] = self._epoch
        self._muck.append((tuple(self.holdings[seat]), _FOLDED, 0))
        self._rows.append(
            ("fold", seat, "R3.10", 0, (), (), "", sum(self.total), tuple(self.stacks))
        )
        if not self._hand_ended_by_fold():
            self._continue_betting(seat)

    def _hand_ended_by_fold(self) -> bool:
        """After a fold: settle the hand if one player is left, else see whether the cap
        comes off now that the action may be heads-up (R3.10, R8.7)."""
        # Seats not dealt in are marked folded too, so this counts the players still in.
        left = self.folded.count(False)
        if left == 1:
            self._end_round_returns()
            self._settle_fold(self.live()[0])
            return True
        if left == 2 and not self.uncapped:
            self.uncapped = self._lift_cap(now_heads_up=True)
        return False

    def _may_fold_all_in(self, seat: int) -> bool:
        """An all-in player still in the hand may give it up if the profile says so (R8.25)."""
        return (
            self.profile.all_in_may_fold
            and 0 <= seat < self.seats
            and not self.folded[seat]
            and self.stacks[seat] == 0
        )

    def _fold_all_in(self, seat: int) -> None:
        """The all-in player's chips stay in the pots; the turn stays where it was (R8.25)."""
        self.folded[seat] = True
        self._muck.append((tuple(self.holdings[seat]), _FOLDED, 0))
        self._log("fold", seat, "R8.25", note="all-in")
        if self._hand_ended_by_fold():
            return
        # The player to act may no longer need to (nobody left to bet against): look again
        # from their seat.
        order = self.order
        assert self.to_act is not None
        self._continue_betting(order[order.index(self.to_act) - 1])

    def _lift_cap(self, now_heads_up: bool = False) -> bool:
        """Whether the cap is off for two players (R8.7), at a round's start or when the
        action becomes heads-up."""
        # No keyword-only marker: Python 3.11 does not specialise a call to a function that
        # has keyword-only parameters, however it is called, and this runs every round.
        policy = self.profile.cap_heads_up
        if policy == "never" or len(self.live()) != 2:
            return False
        if policy == "round-begins-heads-up":
            return not now_heads_up
        return not self._capped()

    def _needs_action(self, seat: int, level: int) -> bool:
        """Whether `seat` must still act in this round, `level` being the bet to match."""
        if self.folded[seat] or self.stacks[seat] == 0:
            return False
        if self.committed[seat] < level:
            return True
        if self._acted[seat] != -1:
            return False
        if self._keep_turn:
            return self._due[seat]
        return not self._opponent_all_in(seat)

    def _continue_betting(self, after: int) -> None:
        """Pass the turn to the next player after `after` who must act, or end the round."""
        # `after` is positional: in Python 3.11 a call with a keyword argument is not
        # specialised and costs a few times a plain one, and this runs after every action.
        level = self._level
        committed, folded, stacks, acted = self.committed, self.folded, self.stacks, self._acted
        for seat in self._after[after]:
            # The quick cases of `_needs_action` first: this runs after every action.
            if folded[seat] or not stacks[seat]:
                continue
            if committed[seat] < level or (acted[seat] == -1 and self._needs_action(seat, level)):
                self.to_act = seat
                return
        self._end_betting_round()

    def _end_round_returns(self) -> None:
        """Uncalled chips go back when the round ends, if the profile says so (R8.12)."""
        # A largest bet that someone matched leaves nothing uncalled: the usual round's end,
        # told by one C-level count rather than `uncalled`'s scans.
        if not self._round_end_returns or self.committed.count(self._level) > 1:
            return
        seat, extra = _pots.uncalled(self.committed)
        if extra:
            self.committed[seat] -= extra
            self._level = self.committed[seat]  # the next largest, now the largest
            self.total[seat] -= extra
            self.stacks[seat] += extra
            self.returned[seat] += extra
            self._log("return", seat, "R8.12", amount=extra)

    def _end_betting_round(self) -> None:
        self.to_act = None
        self._end_round_returns()
        if self.phase.number == self._rounds:
            self._showdown()
        else:
            self._start_draw(self.phase.number)

    def _betting_is_over(self) -> bool:
        """With at most one player able to bet, nobody bets again; the draws are still
        played (R5.7, R8.16)."""
        folded, stacks = self.folded, self.stacks
        able = 0
        for seat in self.order:
            if not folded[seat] and stacks[seat] > 0:
                able += 1
                if able == 2:  # enough to know, at the start of every round
                    return False
        return True

    def _start_betting(self, number: int) -> None:
        self.phase = _phase("bet", number)
        self._drawing = False
        self._round_bet = self.profile.bet_sizes[number - 1]
        self.committed = [0] * self.seats
        self._level = 0
        self._acted = [-1] * self.seats
        self._epoch = 0
        self._largest = 0
        self._shorts = []
        self.raises = 0
        self.full_level = 0
        self.increment = self._opening_increment
        self.last_aggressor = None
        if self._betting_is_over():
            self._log("no-betting", None, "R5.7", note="a player is all-in")
            self._end_betting_round()
            return
        self.uncapped = self._lift_cap()
        self._due = self._due_to_act()
        self._continue_betting(self.dealer if self.dealer in self.order else self.order[-1])

    # ----- drawing -----------------------------------------------------------------------

    def _start_draw(self, number: int) -> None:
        self.phase = _phase("draw", number)
        self._drawing = True
        self._drawn = []
        self._declared = []
        self._draw_burned = False
        # Nobody folds during a draw, so the round's drawers are known from its start.
        self._round_drawers = self._drawers()
        self.to_act = self._first_drawer()

    # Hooks: one decision of the rules each, so a variant (or a mutant) overrides only that.

    def _can_deal(self, stacks: Sequence[int]) -> bool:
        """Enough players have chips to post a blind with (R6.4, R8.2). At the house table
        both must: a player with no chips ends the session."""
        # Written out rather than `min` and a generator: this runs for every hand.
        if len(stacks) == 2:
            return stacks[0] > 0 and stacks[1] > 0
        return len([stack for stack in stacks if stack > 0]) >= 2

    def _dealt_in(self, stacks: Sequence[int]) -> list[bool]:
        """A player with chips is dealt in; one without sits out (R8.2)."""
        return [stack > 0 for stack in stacks]

    def _build_pots(self, totals: Sequence[int]) -> tuple[Pot, ...]:
        """The main pot and the side pots from each seat's chips: dead money stays in
        every pot it reached, and only players still in may win (R8.13)."""
        return _pots.build(totals, [not f for f in self.folded])

    def _half_bet(self, gained: int) -> bool:
        """Whether a short all-in of `gained` chips over the last full level is at least
        half a bet, enough to reopen the betting under a half-bet rule (R8.8)."""
        return 2 * gained >= self.bet_size

    def _drawers(self) -> list[int]:
        """Everyone still in draws, all-in players too, clockwise from the button (R8.16)."""
        return self.live()

    def _first_drawer(self) -> int:
        """The first player still in left of the button: heads-up, the big blind (R4.3)."""
        return self._round_drawers[0]  # `_drawers()`, as the draw round began

    def _burn_count(self, discards: Sequence[Card]) -> int:
        """Cards burned before `discards` are replaced: once a draw, before its first
        replacement card (R4.4, R8.17). Without a burn when all stand pat, the burn waits
        for the first player who takes a card, who need not be the first to draw."""
        if self.profile.burn_when_all_pat:
            return 0 if self._drawn else self.profile.burns_per_draw
        return self.profile.burns_per_draw if discards and not self._draw_burned else 0

    def _check_discards(self, seat: int, discards: Sequence[Card]) -> None:
        held = self.holdings[seat]
        if len(discards) > self.profile.max_discards:
            raise illegal(
                "too-many-discards",
                f"{len(discards)} cards discarded; at most {self.profile.max_discards}",
            )
        if not discards:
            return  # standing pat
        # Card indexes, not Card objects: sets and membership of ints stay in C.
        thrown = {card.index for card in discards}
        if len(thrown) != len(discards):
            dup = next(c for c in discards if discards.count(c) > 1)
            raise illegal("discard-repeated", f"{dup.pretty()} is discarded twice")
        held_indexes = {card.index for card in held}
        if thrown <= held_indexes:
            return
        for card in discards:
            if card.index not in held_indexes:
                raise illegal("discard-not-held", f"{card.pretty()} is not in that player's hand")

    def _draw(self, seat: int, discards: Sequence[Card]) -> None:
        self._check_discards(seat, discards)
        drawers = self._round_drawers
        last = len(self._drawn) + 1 == len(drawers)
        if self._after_all_declare:
            if last:
                plan = [*self._declared, (seat, tuple(discards))]
                burn = self._burn_count_all(plan)
                self._supply(plan, burn)  # refuses `deck-short` before anything changes
                self._drawn.append(seat)
                self._declared = plan
                for who, thrown in plan:
                    self._throw(who, thrown)
                self._burn(burn)
                self._replace_all(plan)
            else:
                thrown = tuple(discards)
                self._declared.append((seat, thrown))
                self._drawn.append(seat)
                self._rows.append(
                    ("declare", seat, "R8.16", len(thrown), thrown, (), "", sum(self.total),
                     tuple(self.stacks))
                )  # fmt: skip
                self.to_act = drawers[len(self._drawn)]
                return
        else:
            burn = self._burn_count(discards)
            self._supply([(seat, tuple(discards))], burn)
            self._drawn.append(seat)
            self._throw(seat, discards)
            self._burn(burn)
            self._replace(seat, discards)
        if last:
            self.to_act = None
            self._start_betting(self.phase.number + 1)
        else:
            self.to_act = drawers[len(self._drawn)]

    def _burn_count_all(self, plan: Sequence[tuple[int, tuple[Card, ...]]]) -> int:
        if not self.profile.burn_when_all_pat and not any(thrown for _, thrown in plan):
            return 0
        return self.profile.burns_per_draw

    def _throw(self, seat: int, discards: Sequence[Card]) -> None:
        if not discards:
            return
        thrown = {card.index for card in discards}
        self.holdings[seat] = [c for c in self.holdings[seat] if c.index not in thrown]
        self.discards[seat].extend(discards)
        self._muck.append((tuple(discards), _DISCARD, self.phase.number))

    def _burn(self, count: int) -> None:
        if count:
            cards = self._take(count, None, False)  # never the round's last delivery
            self.burns.extend(cards)
            self._muck.append((cards, _BURN, 0))
            self._draw_burned = True
            self._rows.append(  # `_log`, inlined: a call with keywords is slow in 3.11
                ("burn", None, "R4.4", 0, cards, (), "", sum(self.total), tuple(self.stacks))
            )

    def _replace(self, seat: int, discards: Sequence[Card]) -> None:
        # Whether this is the round's last delivery matters only to the last-card rule.
        last = not self._last_card_dealt and self._is_last_delivery(seat)
        received = self._take(len(discards), seat, last)
        self.holdings[seat].extend(received)
        self._rows.append(
            ("draw", seat, "R4.2", len(discards), tuple(discards), received,
             "" if discards else "stands pat", sum(self.total), tuple(self.stacks))
        )  # fmt: skip

    def _replace_all(self, plan: Sequence[tuple[int, tuple[Card, ...]]]) -> None:
        """Every declared draw served in turn (R8.16): `_replace` for each, or, when the stub
        covers them all and no last card is held back, one take cut into the same shares."""
        deck = self.deck
        need = sum([len(thrown) for _, thrown in plan])
        if not self._last_card_dealt or deck.remaining < need:
            for who, thrown in plan:
                self._replace(who, thrown)
            return
        cards = deck.take(need)
        rows, holdings = self._rows, self.holdings
        pot, stacks = sum(self.total), tuple(self.stacks)
        at = 0
        for who, thrown in plan:
            received = cards[at : at + len(thrown)]
            at += len(thrown)
            holdings[who].extend(received)
            note = "" if thrown else "stands pat"
            rows.append(("draw", who, "R4.2", len(thrown), thrown, received, note, pot, stacks))

    def _is_last_delivery(self, seat: int) -> bool:
        """Whether `seat`'s replacements are the last cards this draw deals (R8.19). Once
        everyone has declared, that is the last player who takes any; dealing in turn, it
        is the last player to draw."""
        drawers = self._round_drawers
        if len(self._drawn) != len(drawers):
            return False
        takers = [who for who, thrown in self._declared if thrown]
        return seat == (takers[-1] if takers else self._drawn[-1])

    # ----- the stub and its reshuffles ---------------------------------------------------

    def _supply(self, plan: Sequence[tuple[int, tuple[Card, ...]]], burn: int) -> None:
        """Refuse `deck-short` unless every card this draw needs can be dealt (R4.6, R8.18).

        Usually the stub is enough; otherwise the draw is rehearsed on a copy, reshuffles
        and all, so that a refusal changes nothing.
        """
        need = burn
        for _, cards in plan:  # a plain loop: for a plan of one a generator costs more
            need += len(cards)
        remaining = self.deck.remaining
        if remaining > need or (remaining == need and self._last_card_dealt):
            return
        if not self.profile.reshuffle:
            self.deck.require(need, f"draw {self.phase.number}")
            # Nothing can rebuild the stub, so a last card the rule keeps back is short too.
            completes = len(self._drawn) + 1 == len(self._drawers())
            if self.deck.remaining - need < self._reserve(completes):
                raise illegal(
                    "deck-short",
                    f"draw {self.phase.number} needs {need} cards; the stub has"
                    f" {self.deck.remaining}, and its last card is not dealt (R8.19)",
                )
            return
        if self._gathers_all and self.reshuffles >= len(self._stated_reshuffles):
            # Every card not in a live hand can come back, and no stated order is left to
            # check: the draw can be dealt if the hand's deck holds enough such cards.
            held = sum(len(self.holdings[seat]) for seat in self.live())
            thrown = sum(len(cards) for _, cards in plan)
            if len(self.deck.order()) - held + thrown >= need:
                return
        available = self._available(plan, burn)
        if available < need:
            raise illegal(
                "deck-short",
                f"draw {self.phase.number} needs {need} cards; the stub and the piles the"
                f" profile reshuffles hold {available}",
            )

    def _available(self, plan: Sequence[tuple[int, tuple[Card, ...]]], burn: int) -> int:
        rehearsal = _Rehearsal(self)
        got = 0
        try:
            for _, thrown in plan:
                rehearsal.throw(thrown)
            if burn:
                got += len(rehearsal.burn_cards(burn))
            complete = len(self._drawn) + 1 == len(self._drawers())
            last_taker = max((i for i, (_, thrown) in enumerate(plan) if thrown), default=-1)
            for i, (seat, thrown) in enumerate(plan):
                last = complete and i == last_taker
                got += len(rehearsal.take(len(thrown), seat, last_of_round=last))
        except _Short as short:
            got += short.got
        return got

    def _take(self, count: int, seat: int | None, last_of_round: bool) -> tuple[Card, ...]:
        # Not keyword-only, so that the draw's calls can be positional: in Python 3.11 a
        # call with a keyword argument is not specialised and costs a few times a plain one.
        deck = self.deck
        reserve = 0 if self._last_card_dealt else self._reserve(last_of_round)
        if deck.remaining - count >= reserve:
            return deck.take(count)
        return self._take_with_reshuffle(count, seat, last_of_round=last_of_round)

    def _reserve(self, last_of_round: bool) -> int:
        """Stub cards that may not be dealt now (R8.19)."""
        rule = self.profile.last_card
        if rule == "never" or (rule == "completes-round" and not last_of_round):
            return 1
        return 0

    def _take_with_reshuffle(
        self, count: int, seat: int | None, *, last_of_round: bool
    ) -> tuple[Card, ...]:
        taken: list[Card] = []
        while len(taken) < count:
            deck = self.deck
            reserve = self._reserve(last_of_round)
            want = count - len(taken)
            if deck.remaining - want >= reserve:
                taken += deck.take(want)
                break
            piles = self.profile.reshuffle
            if not piles:
                deck.require(count, f"draw {self.phase.number}")
            if "stub" not in piles:
                taken += deck.take(max(deck.remaining - reserve, 0))
            before = deck.remaining
            self._reshuffle(seat)
            if deck.remaining <= max(before, self._reserve(last_of_round)):
                raise _Short(len(taken))  # nothing new came in: the piles are spent
            if self.profile.burn_after_reshuffle:
                card = deck.take(1)
                self.burns.extend(card)
                self._muck.append((card, _BURN, 0))  # a burn, for later reshuffles
                self._log("burn", None, "R8.21", cards=card)
        return tuple(taken)

    def _reshuffle(self, seat: int | None) -> None:
        """Rebuild the stub from the piles the profile names (R8.18, R8.20)."""
        piles = self.profile.reshuffle
        number = self.phase.number
        chosen: list[Card] = list(self.deck.stub())  # the stub's rest, reserved or mixed in
        kept: list[tuple[tuple[Card, ...], str, int]] = []
        for entry in self._muck:
            cards, pile, drawn_at = entry
            name = "current-discards" if pile == _DISCARD and drawn_at == number else pile
            if name in piles:
                chosen += cards
            else:
                kept.append(entry)
        self._muck = kept
        if "folded" in piles:
            # Card indexes: membership of ints stays in C (a Card compares field by field).
            gone = {card.index for card in chosen}
            for folded_seat in range(self.seats):
                if self.folded[folded_seat]:
                    self.holdings[folded_seat] = [
                        c for c in self.holdings[folded_seat] if c.index not in gone
                    ]
        stated = (
            self._stated_reshuffles[self.reshuffles]
            if self.reshuffles < len(self._stated_reshuffles)
            else None
        )
        if stated is not None:
            if sorted(c.index for c in stated) != sorted(c.index for c in chosen):
                raise illegal(
                    "reshuffle-mismatch",
                    f"the stated reshuffle {' '.join(c.pretty() for c in stated)} is not the"
                    f" {len(chosen)} cards the profile gathers",
                )
            order = list(stated)
        else:
            order = self.deck.canonical(chosen)
        if seat is not None and not self.profile.own_discards_back:
            # The player being served gets other cards first; their own go to the bottom.
            own = {c.index for c in self.discards[seat]}
            order = [c for c in order if c.index not in own] + [c for c in order if c.index in own]
        self.deck.rebuild(order)
        self.reshuffles += 1
        self._log("reshuffle", None, "R8.18", cards=tuple(order), amount=len(order))

    # ----- dealing and settling ----------------------------------------------------------

    def _post(self, seat: int, blind: int, name: str, rule: str, commits: bool = True) -> None:
        # No keyword-only marker, as for `_lift_cap`: this runs for every hand.
        stacks = self.stacks
        posted = blind if blind < stacks[seat] else stacks[seat]
        stacks[seat] -= posted
        self.total[seat] += posted
        if commits:
            self.committed[seat] += posted
        # A blind that takes the whole stack, short or exact, is the all-in of R5.5.
        all_in = stacks[seat] == 0
        if all_in:
            self._blind_all_in = True
        note = name + " all-in" if all_in else name
        self._rows.append(
            ("post", seat, "R5.5" if all_in else rule, posted, (), (), note, sum(self.total),
             tuple(self.stacks))
        )  # fmt: skip

    def _deal(self) -> None:
        # One at a time, clockwise from the first seat left of the button (R1.7, R8.4):
        # heads-up that is the big blind, who gets cards 1, 3, 5, 7 from the top.
        order = self.order
        count = len(order)
        dealt = self.deck.take(self.profile.hand_size * count)
        rows, holdings = self._rows, self.holdings
        pot, stacks = sum(self.total), tuple(self.stacks)
        for position, seat in enumerate(order):
            cards = dealt[position::count]
            holdings[seat].extend(cards)
            rows.append(("deal", seat, "R1.7", 0, cards, (), "", pot, stacks))

    def _settle_fold(self, winner: int) -> None:
        seats, amount = self.seats, sum(self.total)
        won = [0] * seats
        won[winner] = amount
        pot = Pot(amount, (winner,), (winner,), (amount,))
        self._finish("fold", (winner,), tuple(won), (0,) * seats, (None,) * seats, pot)

    def _showdown(self) -> None:
        if self._rankings is not None:
            self._ranked_showdown(self._rankings)
            return
        live = self.live()
        values: list[HandValue | RankedValue | None] = [None] * self.seats
        for seat in live:
            values[seat] = self.value(seat)
        returned, totals = self._uncalled_back()
        settled: list[Pot] = []
        won = [0] * self.seats

        def best_of(pot: Pot) -> tuple[int, ...]:
            best = winners([values[s] for s in pot.eligible])  # type: ignore[misc]
            return tuple(pot.eligible[i] for i in best)

        for pot in self._settlement_pots(totals, best_of):
            tied = best_of(pot)
            shares = self._split(pot.amount, tied)
            for s, share in zip(tied, shares, strict=True):
                won[s] += share
            settled.append(pot._replace(winners=tied, shares=shares))
        overall = tuple(s for s in range(self.seats) if won[s])
        self._finish("showdown", overall, tuple(won), tuple(returned), tuple(values), *settled)

    def _settlement_pots(
        self, totals: Sequence[int], best_of: Callable[[Pot], Sequence[int]]
    ) -> tuple[Pot, ...]:
        """The pots to award: as they stand (R8.13), or, under `pots_without_losers`, made
        again among the hands that win a share of some pot, so that pots next to each other
        left with the same players become one (R8.31). `best_of` gives a pot's winners."""
        pots = self._build_pots(totals)
        if not self.profile.pots_without_losers or len(pots) < 2:
            return pots
        keep = [False] * self.seats
        for pot in pots:
            for seat in best_of(pot):
                keep[seat] = True
        return _pots.build(totals, keep)

    def _uncalled_back(self) -> tuple[list[int], list[int]]:
        """(returned, totals): chips a player put in beyond what anyone else matched go
        back (R5.4, R5.5); the rest are the contributions the pots are built from."""
        returned = [0] * self.seats
        seat, extra = _pots.uncalled(self.total)
        if extra:
            returned[seat] = extra
        return returned, [t - r for t, r in zip(self.total, returned, strict=True)]

    def _ranked_showdown(self, rankings: tuple[Ranking, ...]) -> None:
        """A showdown in the profile's rankings: every pot, side pots too, awarded half by
        half when the game is split (R8.29), else whole (R8.14)."""
        live = self.live()
        strengths = {
            seat: [r.strength([card.index for card in self.holdings[seat]]) for r in rankings]
            for seat in live
        }
        returned, totals = self._uncalled_back()
        won = [0] * self.seats
        settled = []

        def best_of(pot: Pot) -> tuple[int, ...]:
            return tuple(
                seat
                for half in range(len(rankings))
                for seat in _halves.best(strengths, pot.eligible, half)
            )

        for pot in self._settlement_pots(totals, best_of):
            done = self._settle_pot(pot, strengths, rankings)
            for s, share in zip(done.winners, done.shares, strict=True):
                won[s] += share
            settled.append(done)
        values = [self.values(seat) if seat in strengths else None for seat in range(self.seats)]
        notes = [
            "; ".join(f"{r.name} {v}" for r, v in zip(rankings, vs, strict=True)) if vs else ""
            for vs in values
        ]
        overall = tuple(s for s in range(self.seats) if won[s])
        shown = tuple(None if vs is None else vs[0] for vs in values)
        self._finish(
            "showdown", overall, tuple(won), tuple(returned), shown, *settled, show_notes=notes
        )

    def _settle_pot(
        self, pot: Pot, strengths: dict[int, list[int]], rankings: tuple[Ranking, ...]
    ) -> Pot:
        """One pot settled by the rankings: whole, or half by half (R8.29, R8.30)."""
        return _halves.settle(
            pot, strengths, rankings, odd_to_first=self._odd_chip_to_first, split=self._split
        )

    def _odd_chip_to_first(self, winners: Sequence[tuple[int, ...]]) -> bool:
        """Whether a split pot's first half takes its odd chip, from each half's winners."""
        return _halves.odd_chip_to_first(self.profile.odd_chip_between_halves, winners, self.order)

    def _split(self, amount: int, tied: tuple[int, ...]) -> tuple[int, ...]:
        """Shares of a pot among tied hands; odd chips by position (R5.3, R8.15)."""
        if len(tied) == 1:
            return (amount,)
        if self.profile.odd_chip == "all-to-first-left-of-button":
            share, odd = divmod(amount, len(tied))
            first = min(tied, key=self.order.index)
            return tuple(share + (odd if seat == first else 0) for seat in tied)
        return _pots.split(amount, tied, self.order)

    def _finish(
        self,
        ended_by: str,
        best: tuple[int, ...],
        won: tuple[int, ...],
        returned: tuple[int, ...],
        shown: tuple[HandValue | RankedValue | None, ...],
        *pots: Pot,
        show_notes: Sequence[str] | None = None,
    ) -> None:
        pot = self.pot
        for seat in range(self.seats):
            if returned[seat]:
                # Uncovered chips go back: a blind that was not covered (R5.5) or a bet (R5.4).
                rule = "R5.5" if self._blind_all_in else "R5.4"
                self._log("return", seat, rule, amount=returned[seat])
        if ended_by == "showdown":
            for seat in self._show_order():
                self._rows.append(
                    ("show", seat, "R5.1", 0, tuple(self.holdings[seat]), (),
                     shown[seat] if show_notes is None else show_notes[seat],
                     sum(self.total), tuple(self.stacks))
                )  # fmt: skip
        stacks, rows, pot_now = self.stacks, self._rows, sum(self.total)
        rule = "R3.10" if ended_by == "fold" else ("R5.2" if len(best) > 1 else "R5.1")
        if len(pots) > 1:
            rule = "R8.14"
        split = bool(pots and pots[0].halves)
        if split:
            rule = "R8.29"  # each pot in halves; the note says which halves each seat won
        for seat in range(self.seats):
            stacks[seat] += won[seat] + returned[seat]
            self.returned[seat] += returned[seat]
            if won[seat]:
                note = _halves.describe_halves(pots, seat) if split else ""
                rows.append(("win", seat, rule, won[seat], (), (), note, pot_now, tuple(stacks)))
        self.phase = _phase("complete", 0)
        self.to_act = None
        self.result = Result(ended_by, best, won, tuple(self.returned), shown, pot, pots)

    def _show_order(self) -> list[int]:
        """The last aggressor of the final round shows first, else the first player left of
        the button; then clockwise (R8.22)."""
        live = self.live()
        first = self.last_aggressor if self.last_aggressor in live else live[0]
        start = live.index(first)
        return live[start:] + live[:start]

    def _log(
        self,
        kind: str,
        seat: int | None,
        rule: str,
        *,
        amount: int = 0,
        cards: tuple[Card, ...] = (),
        received: tuple[Card, ...] = (),
        note: str = "",
    ) -> None:
        # A plain tuple: several events per action, and `events` types them when read.
        row = (kind, seat, rule, amount, cards, received, note, sum(self.total), tuple(self.stacks))
        self._rows.append(row)


class _Short(Exception):
    """A rehearsed draw ran out of cards after `got` of them."""

    def __init__(self, got: int) -> None:
        self.got = got


class _Rehearsal(Hand):
    """A throwaway copy of a hand's stub and piles, to see whether a draw can be dealt."""

    def __init__(self, hand: Hand) -> None:
        self.profile = self.structure = hand.profile
        self._last_card_dealt = hand._last_card_dealt
        self.phase = hand.phase
        self.seats = hand.seats
        self.order = hand.order
        self.folded = list(hand.folded)
        self.holdings = [list(cards) for cards in hand.holdings]
        self.discards = [list(cards) for cards in hand.discards]
        self.burns = list(hand.burns)
        self._muck = list(hand._muck)
        self._stated_reshuffles = hand._stated_reshuffles
        self.reshuffles = hand.reshuffles
        self._rows = []
        self.total = list(hand.total)
        self.stacks = list(hand.stacks)
        deck = Deck.__new__(Deck)
        deck._cards, deck._next = hand.deck._cards, hand.deck._next
        deck._original, deck.used = hand.deck._original, hand.deck.used
        self.deck = deck

    def throw(self, discards: Sequence[Card]) -> None:
        self._muck.append((tuple(discards), _DISCARD, self.phase.number))

    def take(self, count: int, seat: int | None, *, last_of_round: bool) -> tuple[Card, ...]:
        return self._take(count, seat, last_of_round=last_of_round)

    def burn_cards(self, count: int) -> tuple[Card, ...]:
        # Into the burns pile, as `_burn` does: a reshuffle later in this draw gathers them.
        cards = self._take(count, None, last_of_round=False)
        self._muck.append((cards, _BURN, 0))
        return cards
