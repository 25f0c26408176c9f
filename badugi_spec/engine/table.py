"""What every part of a hand shares: the table, the turn, and the parts' calls on each other.

`Hand` is put together from one part per phase (posting, betting round, draw round, stub,
settlement), each a mixin class in its own module. They are mixins rather than objects
the hand holds because every action runs through several of them: one slot read of
`self.stacks` costs what it does today, where a part holding the hand would pay an extra
attribute read on every access of the hot loops (the engine benchmark guards this). Each
part owns the slots it lists in its `STATE`: only that part rebinds them (a test checks
this). The slots below are the hand's own, set up by `Hand.__init__`; the parts read them,
change the lists in place (chips move, cards change hands), and rebind only the turn.

This class holds one method, the event log every part writes to; the rest tells the type
checker what a part may use of the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from badugi_spec.cards import Card
from badugi_spec.engine.actions import Kind, Legal
from badugi_spec.engine.deck import Deck
from badugi_spec.engine.live import LiveTable
from badugi_spec.profiles.model import Profile

if TYPE_CHECKING:
    from badugi_spec.engine.phase import Phase, Result
    from badugi_spec.engine.pots import Pot
    from badugi_spec.rankings import RankedValue, Ranking
    from badugi_spec.rankings.house import HandValue

TABLE: Final = (
    "profile", "structure", "seats", "dealer", "order", "_after", "small_blind",
    "big_blind", "start_stacks", "stacks", "total", "folded", "holdings", "discards",
    "returned", "_rows", "_rankings", "_big_bet", "_options_memo",
    # The profile's choices, read once per hand (`choices.of`): the hot paths test them.
    "_largest_raise", "_covered_is_all_in", "_keep_turn", "_fold_when_free", "_complete",
    "_cap", "_last_card_dealt", "_after_all_declare", "_draw_options", "_draw_bound",
    "_round_end_returns", "_rounds", "_gathers_all", "_opening_increment",
    "live_table",
)  # fmt: skip
"""The hand's own slots: set up once, then read by every part."""

TURN: Final = ("phase", "_drawing", "to_act", "result", "_legal")
"""The hand's slots any part may rebind: the phase moves and the turn passes."""


class Table:
    if not TYPE_CHECKING:
        # No slots of its own, so a hand holds just `Hand.__slots__`. Hidden from the type
        # checker, which would otherwise hold each part to its empty `__slots__` and refuse
        # every slot the part sets (they are declared once, on `Hand`).
        __slots__ = ()

    if TYPE_CHECKING:
        # --- the table ------------------------------------------------------------------
        profile: Profile
        structure: Profile
        seats: int
        dealer: int
        order: tuple[int, ...]
        _after: dict[int, tuple[int, ...]]
        small_blind: int
        big_blind: int
        start_stacks: tuple[int, ...]
        stacks: list[int]
        total: list[int]
        folded: list[bool]
        holdings: list[list[Card]]
        discards: list[list[Card]]
        returned: list[int]
        _rows: list[tuple[Any, ...]]
        _rankings: tuple[Ranking, ...] | None
        _big_bet: bool
        _options_memo: dict[tuple[int | bool, ...], tuple[Legal, ...]] | None
        _largest_raise: bool
        _covered_is_all_in: bool
        _keep_turn: bool
        _fold_when_free: bool
        _complete: bool
        _cap: int
        _last_card_dealt: bool
        _after_all_declare: bool
        _draw_options: tuple[Legal, ...]
        _draw_bound: int
        _round_end_returns: bool
        _rounds: int
        _gathers_all: bool
        _opening_increment: int
        live_table: LiveTable
        # --- the turn -------------------------------------------------------------------
        phase: Phase
        _drawing: bool
        to_act: int | None
        result: Result | None
        _legal: tuple[Legal, ...] | None
        # --- the betting round's state (`betting_round.STATE`) -----------------------------
        committed: list[int]
        _level: int
        raises: int
        full_level: int
        increment: int
        last_aggressor: int | None
        _epoch: int
        _acted: list[int]
        _largest: int
        _shorts: list[int]
        _due: list[bool]
        uncapped: bool
        _round_bet: int
        # --- the draw round's (`draw_round.STATE`) ------------------------------------------
        _drawn: list[int]
        _round_drawers: list[int]
        _declared: list[tuple[int, tuple[Card, ...]]]
        _declared_cards: int
        _draw_burned: bool
        _round_served: bool
        # --- the stub's (`stub.STATE`) ------------------------------------------------------
        deck: Deck
        burns: list[Card]
        _muck: list[tuple[tuple[Card, ...], str, int]]
        reshuffles: int
        _skipping: bool
        _stated_reshuffles: list[tuple[Card, ...]]
        # --- posting's (`posting.STATE`) ----------------------------------------------------
        _blind_all_in: bool

        # --- what the parts call on each other ----------------------------------------------
        @property
        def pot(self) -> int: ...
        @property
        def bet_size(self) -> int: ...
        def live(self) -> list[int]: ...
        def legal_actions(self) -> tuple[Legal, ...]: ...
        def value(self, seat: int) -> HandValue | RankedValue: ...
        def values(self, seat: int) -> tuple[HandValue | RankedValue, ...]: ...
        def pots(self) -> tuple[Pot, ...]: ...
        # posting
        def _can_deal(self, stacks: Sequence[int]) -> bool: ...
        def _dealt_in(self, stacks: Sequence[int]) -> list[bool]: ...
        # betting
        def _start_betting(self, number: int) -> None: ...
        def _continue_betting(self, after: int) -> None: ...
        def _betting_options(self, seat: int) -> dict[Kind, Legal]: ...
        def _may_bet_or_raise(self, seat: int, to_call: int, stack: int) -> bool: ...
        def _opponent_all_in(self, seat: int) -> bool: ...
        def _may_raise_again(self, seat: int) -> bool: ...
        def _capped(self) -> bool: ...
        def _raise_target(self, level: int) -> int: ...
        def _refuse(self, seat: int, kind: Kind) -> None: ...
        def _sized(self, seat: int, option: Legal, amount: int | None) -> Legal: ...
        def _raised(self, seat: int, level: int, now: int, all_in: bool) -> None: ...
        def _lift_cap(self, now_heads_up: bool = False) -> bool: ...
        def _due_to_act(self) -> list[bool]: ...
        def _hand_ended_by_fold(self) -> bool: ...
        def _end_round_returns(self) -> None: ...
        # the draw
        def _start_draw(self, number: int) -> None: ...
        def _drawers(self) -> list[int]: ...
        def _draw_choices(self, seat: int) -> tuple[Legal, ...]: ...
        # the stub
        def _supply(
            self, plan: Sequence[tuple[int, tuple[Card, ...]]], burn: int, partial: bool = False
        ) -> None: ...
        def _take(self, count: int, seat: int | None, last_of_round: bool) -> tuple[Card, ...]: ...
        def _reserve(self, last_of_round: bool) -> int: ...
        # settlement
        def _build_pots(self, totals: Sequence[int]) -> tuple[Pot, ...]: ...
        def _settle_fold(self, winner: int) -> None: ...
        def _showdown(self) -> None: ...

    # The one method here: the hand's event log, which every part writes to.
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
        # A plain tuple: several events per action, and `Hand.events` types them when read.
        row = (kind, seat, rule, amount, cards, received, note, sum(self.total), tuple(self.stacks))
        self._rows.append(row)
