"""One hand of Badugi for 2 to 8 seats under any rule profile, as a state machine.

Every rule choice comes from the hand's `Profile` (chapter R8); the house game (heads-up
fixed-limit triple draw, chapters R1-R6) is the default profile, and heads-up is the
two-seat case of the same order rules, not a separate engine. Every action is validated
completely before anything changes, so an illegal action (`IllegalAction`, with a stable
code and rule ID) leaves the state exactly as it was.

`Hand` is the coordinator: it sets the table up, owns the turn and answers what the state
is; each phase is a part of its own module, with its own state (`table` says why they are
mixins): `posting`, `betting_round` (with `betting_options` and `reopening`),
`draw_round`, `stub`, `settlement` and `muck`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

from badugi_spec.cards import Card
from badugi_spec.engine import betting_round, draw_round, posting, stub
from badugi_spec.engine import choices as _choices
from badugi_spec.engine import split as _halves
from badugi_spec.engine.actions import DRAW, FOLD, MUCK, Action, Event, Legal
from badugi_spec.engine.betting_options import BettingOptions
from badugi_spec.engine.betting_round import BettingRound
from badugi_spec.engine.codes import illegal
from badugi_spec.engine.draw_round import DrawRound
from badugi_spec.engine.live import NO_LIVE, LiveTable
from badugi_spec.engine.muck import Mucking
from badugi_spec.engine.phase import Phase, Result
from badugi_spec.engine.phase import phase as _phase
from badugi_spec.engine.posting import Posting
from badugi_spec.engine.pots import Pot
from badugi_spec.engine.reopening import Reopening
from badugi_spec.engine.settlement import Settlement
from badugi_spec.engine.snapshot import snapshot
from badugi_spec.engine.stub import Stub
from badugi_spec.engine.table import TABLE, TURN
from badugi_spec.profiles.model import HOUSE, Profile
from badugi_spec.rankings import RankedValue
from badugi_spec.rankings.house import HandValue, evaluate

__all__ = ["SEATS", "Hand", "Phase", "Result"]

SEATS = 2
"""Seats at the house table (R1.3); other profiles seat up to `Profile.max_seats`."""

SLOTS: Final = (*TABLE, *TURN, *posting.STATE, *betting_round.STATE, *draw_round.STATE, *stub.STATE)
"""Every slot of a hand, by the part that owns it."""


@functools.lru_cache(maxsize=512)
def _rotations(order: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """For each seat of `order`, every seat after it clockwise, itself last: the turn
    passes along one of these after every action (shared by the hands with that order)."""
    return {seat: order[i + 1 :] + order[: i + 1] for i, seat in enumerate(order)}


def _placed_blinds(
    blinds: tuple[int, int], dealer: int, dealt_in: Sequence[bool]
) -> tuple[int, int]:
    """The blind seats a session placed (R8.23): the big blind's player has chips, and the
    small blind's seat, which may be empty, is the one just before it in seat order."""
    small, big = blinds
    seats = len(dealt_in)
    if not (0 <= big < seats and dealt_in[big]) or big == dealer:
        raise ValueError(f"seat {big} cannot post the big blind")
    if not 0 <= small < seats or small in (big, dealer):
        raise ValueError(f"seat {small} cannot post the small blind")
    return small, big


class Hand(Posting, BettingRound, BettingOptions, Reopening, DrawRound, Stub, Mucking, Settlement):
    # Slots, not an instance dict: a hand holds more attributes than Python 3.11 keeps in a
    # shared-key dict (30), and every action reads and writes dozens of them; slots make
    # the whole benchmark hand about 8% faster. A new attribute goes in its part's STATE.
    __slots__ = SLOTS

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
        blinds: tuple[int, int] | None = None,
        live: LiveTable = NO_LIVE,
    ) -> None:
        """`live` is what a live table adds before the deal: players sitting out, dead
        blinds, a kill or a straddle (chapter R19). `posts` are live big blinds posted out
        of turn, as (seat, chips): a player who joins a game between the blinds posts one
        before the deal (R8.3). `blinds` are the
        (small, big) blind seats when the session places them rather than the button, as a
        dead button does (R8.23): the small blind's seat may then be empty, and the
        button's too."""
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
        self.live_table = live
        if live.out:  # players sitting out keep their chips but are not dealt in (R19.1)
            dealt_in = [dealt and seat not in live.out for seat, dealt in enumerate(dealt_in)]
            if sum(dealt_in) < 2:
                raise ValueError("a hand needs at least two players present with chips (R19.1)")
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
        if blinds is not None and not heads_up:
            self.small_blind, self.big_blind = _placed_blinds(blinds, dealer, dealt_in)
        self.start_stacks = start
        self._set_up_stub(deck, reshuffles, dealt=rules.hand_size * len(self.order))
        self.stacks = list(start)
        self.total = [0] * seats
        self.folded = [not dealt for dealt in dealt_in]
        """Seats out of the hand: folded, or not dealt in for want of chips."""
        self.holdings: list[list[Card]] = [[] for _ in range(seats)]
        self.discards: list[list[Card]] = [[] for _ in range(seats)]
        self.returned = [0] * seats
        self._rows: list[tuple[Any, ...]] = []
        self.result: Result | None = None
        self.phase = _phase("bet", 1)
        self._drawing = False
        """`phase.kind == "draw"`, kept: reading a NamedTuple field is slow in Python 3.11, and
        every action asks."""
        self._big_bet = rules.betting != "fixed-limit"
        self.to_act: int | None = None
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
            self._draw_bound,
            self._round_end_returns,
            self._rounds,
            self._gathers_all,
            self._opening_increment,
            options_memo,
        ) = _choices.of(rules)
        # Only for the engine's own rules: a subclass (a mutant) may change the options.
        self._options_memo: dict[tuple[int | bool, ...], tuple[Legal, ...]] | None = (
            options_memo if type(self) is Hand and not self._big_bet else None
        )
        self._legal: tuple[Legal, ...] | None = None
        self._set_up_betting()
        self._set_up_draw()
        self._post_and_deal(posts, dealt_in)
        self._open_first_round()

    # ----- reading the state -------------------------------------------------------------

    @property
    def pot(self) -> int:
        """Every chip in the middle, before any uncovered part is returned (R5.8)."""
        return sum(self.total)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def bet_to_match(self) -> int:
        """The round's bet a player must match to stay in: the most anyone has put in this
        round, or the whole big blind over a short one where the profile says so (R8.26)."""
        return self._level

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

    @property
    def event_count(self) -> int:
        """How many events the log holds: a mark for reading later which events one step
        made, without building the whole log after every step."""
        return len(self._rows)

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
            # The profile's 0 to most, unless the deck may not serve that many (R8.33).
            options: tuple[Legal, ...] = self._draw_options
            if self._round_served or (
                self.deck.remaining > self._draw_bound + self._declared_cards and not self._skipping
            ):
                return options
            self._legal = legal = self._draw_choices(seat)
            return legal
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
        return snapshot(self)

    # ----- acting ------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply one action, or raise IllegalAction and change nothing.

        The checks run in the order of R8.24, so when an action breaks several rules the
        code reported is the same in every implementation.
        """
        seat, kind, _, discards = action  # at once: NamedTuple field reads are slow
        if self.result is not None:
            if kind is MUCK:  # the one action a finished hand takes (R8.32)
                self._muck_hand(seat)
                return
            raise illegal("hand-over", "the hand is over; no more actions")
        drawing = kind is DRAW  # every other kind is a betting action
        # The phase is a betting round or a draw: the hand is not over.
        if drawing and not self._drawing:
            raise illegal("not-draw-round", f"{self.phase} is a betting round, not a draw")
        if not drawing and (self._drawing or kind is MUCK):
            if kind is MUCK:
                raise illegal("no-showdown", f"{self.phase}: a muck waits for the showdown")
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
