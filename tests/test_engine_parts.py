"""The engine's parts on their own: each phase's mixin run without the rest of a hand.

`Hand` is a coordinator over five parts (posting, betting round, draw round, stub,
settlement). Each test here builds a bare table holding one part's methods and nothing
else, so a part that reached into another's methods would fail with an AttributeError,
and a call that crosses to another part is recorded instead of run. The layout tests
check the ownership rule of `engine/table.py`: only a slot's part rebinds it.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.cards import Card, parse_cards
from badugi_spec.engine import betting_round, draw_round, hand, posting, stub
from badugi_spec.engine import choices as _choices
from badugi_spec.engine.actions import ALL_IN, BET, CALL, CHECK, FOLD, RAISE, Action, Legal
from badugi_spec.engine.betting_options import BettingOptions
from badugi_spec.engine.betting_round import BettingRound
from badugi_spec.engine.deck import Deck
from badugi_spec.engine.draw_round import DrawRound
from badugi_spec.engine.live import NO_LIVE
from badugi_spec.engine.phase import phase
from badugi_spec.engine.posting import Posting
from badugi_spec.engine.reopening import Reopening
from badugi_spec.engine.settlement import Settlement
from badugi_spec.engine.stub import Stub
from badugi_spec.engine.table import TABLE, TURN
from badugi_spec.errors import IllegalAction
from badugi_spec.profiles import get
from badugi_spec.profiles.model import HOUSE, Profile
from badugi_spec.rankings.house import HandValue, evaluate

ENGINE = Path(hand.__file__).parent

# Each part's module(s), and the slots that part owns.
PARTS: dict[str, tuple[tuple[type, ...], tuple[str, ...]]] = {
    "posting": ((Posting,), posting.STATE),
    "betting round": ((BettingRound, BettingOptions, Reopening), betting_round.STATE),
    "draw round": ((DrawRound,), draw_round.STATE),
    "stub": ((Stub,), stub.STATE),
    "settlement": ((Settlement,), ()),
}


def _cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def bare(
    *bases: type,
    profile: Profile = HOUSE,
    stacks: Sequence[int] = (100, 100),
    dealer: int = 0,
    deck: str = "",
    crossing: Sequence[str] = (),
) -> Any:
    """An empty table of len(stacks) seats holding only `bases`' methods: nothing posted
    or dealt, the first round's state set. A call to one of `crossing` (another part's
    method) is recorded in `calls` rather than run."""
    namespace: dict[str, Any] = {"__slots__": (*hand.SLOTS, "calls")}

    def recorder(name: str) -> Any:
        def record(self: Any, *args: Any) -> None:
            self.calls.append((name, args))

        return record

    namespace |= {name: recorder(name) for name in crossing}
    cls: Any = type("Bare", bases, namespace)
    t: Any = object.__new__(cls)
    seats = len(stacks)
    t.calls = []
    t.profile = t.structure = profile
    t.seats, t.dealer = seats, dealer
    t.order = (*range(dealer + 1, seats), *range(dealer + 1))
    t._after = {s: t.order[i + 1 :] + t.order[: i + 1] for i, s in enumerate(t.order)}
    heads_up = seats == 2
    t.small_blind = t.order[-1] if heads_up else t.order[0]
    t.big_blind = t.order[0] if heads_up else t.order[1]
    t.start_stacks = tuple(stacks)
    t.stacks = list(stacks)
    t.total = [0] * seats
    t.folded = [False] * seats
    t.holdings = [[] for _ in range(seats)]
    t.discards = [[] for _ in range(seats)]
    t.returned = [0] * seats
    t._rows = []
    t._rankings = None
    t._big_bet = profile.betting != "fixed-limit"
    t._options_memo = None
    (
        t._largest_raise, t._covered_is_all_in, t._keep_turn, t._fold_when_free, t._complete,
        t._cap, t._last_card_dealt, t._after_all_declare, t._draw_options, t._draw_bound,
        t._round_end_returns, t._rounds, t._gathers_all, t._opening_increment, _,
    ) = _choices.of(profile)  # fmt: skip
    t.phase, t._drawing, t.to_act, t.result, t._legal = phase("bet", 1), False, None, None, None
    t.committed = [0] * seats
    t._level = t.raises = t.full_level = t._epoch = t._largest = 0
    t.increment = t._opening_increment
    t.last_aggressor = None
    t._acted = [-1] * seats
    t._shorts, t._due, t.uncapped = [], [], False
    t._round_bet = profile.bet_sizes[0]
    t._drawn, t._round_drawers, t._declared, t._draw_burned = [], [], [], False
    t._declared_cards, t._round_served = 0, False
    t.deck = Deck(_cards(deck)) if deck else Deck(_cards("As 2h 3d 4c"))
    t.burns, t._muck, t.reshuffles, t._stated_reshuffles = [], [], 0, []
    t._skipping = False
    t._blind_all_in = False
    t.live_table = NO_LIVE  # nobody sitting out, no straddle or kill (R19)
    return t


def _live(self: Any) -> list[int]:
    return [s for s in self.order if not self.folded[s]]


class _Reads:
    """The coordinator's few readers a part may call (they are `Hand`'s, not a part's)."""

    __slots__ = ()
    live = _live

    def legal_actions(self) -> tuple[Legal, ...]:
        return tuple(self._betting_options(self.to_act).values())  # type: ignore[attr-defined]

    @property
    def pot(self) -> int:
        return sum(self.total)  # type: ignore[attr-defined]

    @property
    def bet_size(self) -> int:
        return self.profile.bet_sizes[self.phase.number - 1]  # type: ignore[attr-defined,no-any-return]


# --- the layout --------------------------------------------------------------------------


def test_every_slot_belongs_to_exactly_one_owner() -> None:
    owners = [TABLE, TURN, *(state for _, state in PARTS.values())]
    every = [slot for state in owners for slot in state]
    assert len(every) == len(set(every)), "a slot listed by two owners"
    assert sorted(hand.Hand.__slots__) == sorted(every)


def test_a_hand_has_no_instance_dict() -> None:
    assert not hasattr(hand.Hand(deck=_cards("As 2h 3d 4c 5s 6h 7d 8c")), "__dict__")


def rebinds(source: str) -> set[str]:
    """Every `self.NAME` that a class's methods assign or augment (not items of it)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            for element in target.elts if isinstance(target, ast.Tuple) else [target]:
                if (
                    isinstance(element, ast.Attribute)
                    and isinstance(element.value, ast.Name)
                    and element.value.id == "self"
                ):
                    found.add(element.attr)
    return found


def test_rebinds_sees_plain_augmented_and_tuple_targets_but_not_items() -> None:
    source = (
        "class P:\n"
        "    def f(self):\n"
        "        self.a = 1\n"
        "        self.b += 1\n"
        "        self.c, self.d = 1, 2\n"
        "        self.e[0] = 1\n"
        "        self.f.append(1)\n"
    )
    assert rebinds(source) == {"a", "b", "c", "d"}


@pytest.mark.parametrize("part", sorted(PARTS))
def test_a_part_rebinds_only_its_own_state_and_the_turn(part: str) -> None:
    classes, state = PARTS[part]
    for cls in classes:
        written = rebinds(inspect.getsource(cls))
        strays = written - set(state) - set(TURN)
        assert not strays, f"{cls.__name__} rebinds {sorted(strays)}, owned elsewhere"


@pytest.mark.parametrize(
    ("method", "state"),
    [
        (BettingRound._set_up_betting, betting_round.STATE),
        (DrawRound._set_up_draw, draw_round.STATE),
        (Stub._set_up_stub, stub.STATE),
        (Posting._post_and_deal, posting.STATE),
    ],
    ids=lambda v: getattr(v, "__name__", ""),
)
def test_each_part_sets_up_all_of_its_own_state(method: Any, state: tuple[str, ...]) -> None:
    assert rebinds(textwrap.dedent(inspect.getsource(method))) == set(state)


def test_the_coordinator_stays_short() -> None:
    assert len((ENGINE / "hand.py").read_text(encoding="utf-8").splitlines()) <= 400


# --- posting and dealing -----------------------------------------------------------------


def test_a_short_big_blind_is_all_in_and_cites_r5_5() -> None:
    t = bare(Posting, _Reads, stacks=(100, 1))
    t._post(t.big_blind, 2, "big blind", "R1.5")
    assert (t.stacks, t.committed, t._blind_all_in) == ([100, 0], [0, 1], True)
    assert t._rows[-1][:4] == ("post", 1, "R5.5", 1)


def test_an_ante_is_dead_money_not_a_bet_of_the_round() -> None:
    t = bare(Posting, _Reads)
    t._post(0, 1, "ante", "R8.3", commits=False)
    assert (t.total, t.committed) == ([1, 0], [0, 0])


def test_the_deal_goes_one_card_at_a_time_from_left_of_the_button() -> None:
    # Three seats, button on seat 0: seat 1 gets cards 1, 4, 7, 10, seat 2 cards 2, 5, ...
    deck = "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs"
    t = bare(Posting, _Reads, stacks=(10, 10, 10), deck=deck)
    t._deal()
    assert t.holdings[1] == _cards("As 4s 7s Ts")
    assert t.holdings[2] == _cards("2s 5s 8s Js")
    assert t.holdings[0] == _cards("3s 6s 9s Qs")


# --- the betting round -------------------------------------------------------------------

BETTING = (BettingRound, BettingOptions, Reopening, _Reads)
ENDS = ("_start_draw", "_showdown", "_settle_fold")


def opened(*, profile: Profile = HOUSE, stacks: Sequence[int] = (100, 100)) -> Any:
    """Blinds in (1 and 2 by hand, as posting would), the first round opened."""
    t = bare(*BETTING, profile=profile, stacks=stacks, crossing=ENDS)
    for seat, chips in ((t.small_blind, profile.small_blind), (t.big_blind, profile.big_blind)):
        t.stacks[seat] -= chips
        t.committed[seat] += chips
        t.total[seat] += chips
    t._open_first_round()
    return t


def kinds(t: Any) -> list[str]:
    return [o.describe() for o in t._betting_options(t.to_act).values()]


def test_the_button_acts_first_heads_up_facing_the_big_blind() -> None:
    t = opened()
    # Heads-up the button (seat 0) posts the small blind and acts first before the draw.
    assert t.to_act == 0
    assert kinds(t) == ["fold", "call 1", "raise to 4"]


def test_a_matched_bet_ends_the_round_and_hands_on_to_the_draw() -> None:
    t = opened()
    t._bet(Action(0, CALL))
    t._bet(Action(1, CHECK))  # the big blind's option (R3.7), then the round is over
    assert t.calls == [("_start_draw", (1,))]
    assert t.to_act is None


def test_the_cap_stops_the_raises_and_the_refusal_names_it() -> None:
    t = opened()
    t._bet(Action(0, RAISE))  # 4: the blind and this raise are two of the four levels
    t._bet(Action(1, RAISE))  # 6
    t._bet(Action(0, RAISE))  # 8: capped (R3.6, R8.6)
    assert [o.kind for o in t._betting_options(1).values()] == [FOLD, CALL]
    with pytest.raises(IllegalAction) as refused:
        t._refuse(1, RAISE)
    assert refused.value.code == "raise-cap"


def test_a_short_all_in_does_not_reopen_the_betting_under_full_bet() -> None:
    # Three seats: seat 1 small blind, seat 2 big blind, seat 0 (button) has 3 chips.
    t = opened(stacks=(3, 100, 100))
    t._bet(Action(0, ALL_IN))  # to 3: one over the big blind, short of a raise (R8.8)
    t._bet(Action(1, CALL))
    t._bet(Action(2, CALL))
    assert t.calls == [("_start_draw", (1,))]
    assert t.raises == 1  # the blind alone: the all-in was no level of its own


def test_a_fold_to_one_player_settles_the_hand() -> None:
    t = opened()
    t._bet(Action(0, FOLD))
    assert t.calls == [("_settle_fold", (1,))]


def test_bets_and_raises_are_refused_for_what_they_are() -> None:
    t = opened()
    with pytest.raises(IllegalAction) as bet:
        t._refuse(0, BET)
    with pytest.raises(IllegalAction) as check:
        t._refuse(0, CHECK)
    assert (bet.value.code, check.value.code) == ("bet-facing-bet", "check-facing-bet")


def test_pot_limit_raises_are_a_range_up_to_the_pot() -> None:
    # Blinds 1 and 2 in; the button may call 1, then raise by the pot of 4: to 6 (R14.3).
    t = opened(profile=get("pot-limit"))
    (raise_option,) = [o for o in t._betting_options(0).values() if o.kind is RAISE]
    assert (raise_option.to, raise_option.most) == (4, 6)


# --- the draw round ----------------------------------------------------------------------

DRAWING = (DrawRound, Stub, _Reads)


def drawing(deck: str, *, profile: Profile = HOUSE) -> Any:
    """Heads-up, button on seat 0: the big blind (seat 1) holds a three-card badugi."""
    t = bare(*DRAWING, profile=profile, deck=deck, crossing=("_start_betting",))
    t.holdings = [_cards("Kc Kh Qc Qd"), _cards("As 2h 3d Kd")]
    t._start_draw(1)
    return t


def test_heads_up_the_big_blind_draws_first() -> None:
    t = drawing("5s 6s 7s")
    assert (t._round_drawers, t.to_act) == ([1, 0], 1)


def test_a_draw_burns_once_then_replaces_and_the_last_drawer_ends_the_round() -> None:
    t = drawing("8h 4c 9s")
    t._draw(1, _cards("Kd"))  # burn the 8h (R4.4), then the 4c comes
    assert (t.burns, t.holdings[1][-1], t.to_act) == (_cards("8h"), _cards("4c")[0], 0)
    t._draw(0, ())  # standing pat ends the draw
    assert t.calls == [("_start_betting", (2,))]
    assert [row[0] for row in t._rows] == ["burn", "draw", "draw"]


def test_after_all_declare_no_card_is_dealt_until_the_last_declaration() -> None:
    t = drawing("8h 4c 9s 5d", profile=HOUSE.replace(draw_delivery="after-all-declare"))
    t._draw(1, _cards("Kd"))
    assert (t.holdings[1], t.deck.remaining) == (_cards("As 2h 3d Kd"), 4)
    t._draw(0, _cards("Kc"))
    assert (t.holdings[1][-1], t.holdings[0][-1]) == (_cards("4c")[0], _cards("9s")[0])


def test_discards_are_checked_before_anything_moves() -> None:
    t = drawing("8h 4c 9s")
    for thrown, code in (
        (_cards("Kd") * 2, "discard-repeated"),
        (_cards("5c"), "discard-not-held"),
        (_cards("As 2h 3d Kd 5c"), "too-many-discards"),
    ):
        with pytest.raises(IllegalAction) as refused:
            t._check_discards(1, thrown)
        assert refused.value.code == code
    assert t.holdings[1] == _cards("As 2h 3d Kd")


def test_the_burn_waits_for_a_taker_when_all_pat_burns_nothing() -> None:
    t = bare(*DRAWING, profile=HOUSE.replace(burn_when_all_pat=False))
    assert t._burn_count(()) == 0  # standing pat: no burn yet
    assert t._burn_count(_cards("As")) == 1  # the first taker's cards come after a burn


# --- the stub ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "last_of_round", "held_back"),
    [("dealt", False, 0), ("never", True, 1), ("completes-round", False, 1),
     ("completes-round", True, 0)],
)  # fmt: skip
def test_the_last_card_rule_holds_back_what_r8_19_says(
    rule: str, last_of_round: bool, held_back: int
) -> None:
    t = bare(Stub, _Reads, profile=HOUSE.replace(last_card=rule))
    assert t._reserve(last_of_round) == held_back


def test_a_short_stub_is_rebuilt_from_the_discards_in_deck_order() -> None:
    profile = HOUSE.replace(reshuffle=("discards",))
    t = bare(Stub, _Reads, profile=profile, deck="As 2h 3d 4c 5s 6h")
    t.deck.take(5)  # the 6h is the stub's last card
    t.phase = phase("draw", 2)
    t._muck.append((tuple(_cards("3d 2h")), stub.DISCARD, 1))  # thrown in the first draw
    got = t._take(3, 1, False)
    # The stub's 6h, then the first draw's discards in the order the deck held them (R8.18).
    assert got == tuple(_cards("6h 2h 3d"))
    assert t.reshuffles == 1 and t._rows[-1][0] == "reshuffle"


def test_a_draw_the_stub_cannot_cover_is_refused_with_nothing_changed() -> None:
    t = bare(Stub, DrawRound, _Reads, deck="As 2h 3d 4c 5s 6h")
    t._round_drawers = [1, 0]
    t.deck.take(5)
    before = (t.deck.remaining, list(t._muck))
    with pytest.raises(IllegalAction) as refused:
        t._supply([(1, tuple(_cards("Kd Qd")))], 0)
    assert refused.value.code == "deck-short"
    assert (t.deck.remaining, t._muck) == before


# --- settlement --------------------------------------------------------------------------


class _Values(_Reads):
    """The coordinator's house-game value, which the fast-path showdown asks for."""

    __slots__ = ()

    def value(self, seat: int) -> HandValue:
        return evaluate(self.holdings[seat])  # type: ignore[attr-defined]


def settling(stacks: Sequence[int] = (100, 100, 100)) -> Any:
    return bare(Settlement, _Values, stacks=stacks)


def test_a_tied_pots_odd_chip_goes_to_the_first_seat_left_of_the_button() -> None:
    t = settling()
    # Button on seat 0: seat 1 is first left of it (R5.3, R8.15).
    assert t._split(5, (0, 1)) == (2, 3)


def test_the_last_aggressor_shows_first_then_clockwise() -> None:
    t = settling()
    t.last_aggressor = 2
    assert t._show_order() == [2, 0, 1]
    t.last_aggressor = None
    assert t._show_order() == [1, 2, 0]


def test_side_pots_are_open_only_to_those_who_put_in_enough() -> None:
    t = settling()
    pots = t._build_pots([10, 30, 30])
    assert [(p.amount, p.eligible) for p in pots] == [(30, (0, 1, 2)), (40, (1, 2))]


def test_a_showdown_pays_each_pot_to_its_best_hand() -> None:
    t = settling((0, 0, 0))
    t.total = [10, 30, 30]
    t.holdings = [_cards("As 2h 3d 4c"), _cards("5s 6h 7d 8c"), _cards("Kc Kh Qc Qd")]
    t._showdown()
    # Seat 0's 4-3-2-A takes the main 30; seat 1's 8-7-6-5 the side pot of 40 (R8.14).
    assert t.result.won == (30, 40, 0)
    assert t.stacks == [30, 40, 0]


def test_a_rebuild_that_brings_only_its_own_burn_is_spent() -> None:
    # Only the burns are reshuffled and every rebuild burns a card: the burn came back
    # at each rebuild and the draw never ended. Now the draw is refused (R4.6, R8.21).
    from badugi_spec.cards import DECK
    from badugi_spec.engine import Action, Hand, Kind

    rules = get("wsop-2023").replace(
        reshuffle=("burns",), burn_after_reshuffle=True, draw_delivery="in-turn"
    )
    hand = Hand(deck=list(DECK), stacks=(100,) * 8, dealer=0, profile=rules)
    while hand.phase.kind == "bet":
        seat = hand.to_act
        assert seat is not None
        kinds = {o.kind for o in hand.legal_actions()}
        hand.apply(Action(seat, Kind.CALL if Kind.CALL in kinds else Kind.CHECK))
    with pytest.raises(IllegalAction, match="deck-short"):
        for _ in range(8):
            seat = hand.to_act
            assert seat is not None
            hand.apply(Action(seat, Kind.DRAW, discards=tuple(hand.holdings[seat])))


def test_heads_up_a_short_big_blind_is_matched_not_called_in_full() -> None:
    # Alone against the all-in big blind, nobody can contest a chip over it (R8.26).
    from badugi_spec.cards import DECK
    from badugi_spec.engine import Hand

    hand = Hand(deck=DECK, stacks=(100, 1), dealer=0, profile=get("wsop-2023"))
    # The button's small blind of 1 already matches it: no betting, the draws are played.
    assert (str(hand.phase), hand.stacks) == ("draw-1", [99, 0])
