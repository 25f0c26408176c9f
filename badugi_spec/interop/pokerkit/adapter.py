"""A protocol server built on PokerKit: an independent implementation to check ours against.

Run as `python -m badugi_spec.interop.pokerkit.adapter` (needs the `pokerkit` extra).
Hand values come from PokerKit's `BadugiHand`, and in the rankings of chapter R9 from
`BadugiHand`, `StandardBadugiHand`, `StandardLowHand` and `RegularLowHand` (all four are
declared in `hello`); every hand is played by PokerKit's
`FixedLimitBadugi` for 2 to 8 players, set up only with what PokerKit lets a caller set:
the players and their stacks, the blinds, antes and the two bet sizes from the case's
profile, and `Mode.CASH_GAME` (a free fold accepted with a warning) when the profile allows
free folds. Everything else is PokerKit's own: its cap (four bets or raises on top of the
blind, R13.1), its reopening rule, its refills. So the `pokerkit` profile (chapter R13)
plays exactly, and the `house` profile shows its documented differences (the cap, R3.6;
uncovered chips returned as the round ends, R5.4; a deck that runs out is refilled, R4.6).

The adapter adds only glue that PokerKit has no notion of, each kept small and named:

- the session (R6, R8.23): stacks carried over, the button moved, the end of the session;
- error codes: PokerKit refuses with a `ValueError` message, so the adapter names the
  protocol's stable code from PokerKit's own state, in the precedence of R8.24;
- the cards: PokerKit is dealt every card by name from the case's deck, and when it refills
  an empty deck (from its burns, folded hands and discards, R13.4) the refill is dealt in
  the order R8.18 fixes for every implementation: the case's stated order, or the cards in
  the order they had in the hand's deck;
- the snapshot: while players declare their discards PokerKit holds the discards aside, so
  the snapshot shows them still held (or, in-turn, already replaced), as the rules count
  them (R4.3, R8.16); the pots, returns and winnings in the protocol's terms (R8.12-R8.14).
"""

from __future__ import annotations

import sys
import warnings
from collections import Counter, deque
from collections.abc import Callable, Iterable
from functools import partial
from importlib.metadata import version
from typing import Any, TypeVar

import pokerkit

from badugi_spec.cards import Card, Rank
from badugi_spec.errors import CardError
from badugi_spec.interop.pokerkit.bridge import AUTOMATIONS
from badugi_spec.profiles import HOUSE, Profile, ProfileError, from_json, get
from badugi_spec.scenario.engine_impl import Outcome, RequestError
from badugi_spec.scenario.runner import Skip

_T = TypeVar("_T")

PLAYS = ("house", "pokerkit")
"""The profiles this adapter plays (protocol 2 `hello`): PokerKit's own, and the house game
with its documented differences."""

SET_BY_THE_ADAPTER = frozenset(
    {
        "min_seats",
        "max_seats",
        "starting_stack",
        "small_blind",
        "big_blind",
        "ante",
        "bet_sizes",
        "fold_when_free",
        "hands_per_session",
        "session_ends",
        "button_moves",
    }
)
"""What a case may change: PokerKit's settings and the session glue. Every other parameter is
PokerKit's own behaviour and must be what the named profile says."""


def _pk(text: str) -> pokerkit.Card:
    try:
        return next(iter(pokerkit.Card.parse(str(Card.parse(text)))))
    except CardError as error:
        raise RequestError(str(error)) from None


def _ours(card: pokerkit.Card) -> str:
    return repr(card)


HAND_TYPES: dict[str, type[pokerkit.Hand]] = {
    "badugi": pokerkit.BadugiHand,
    "badugi-ace-high": pokerkit.StandardBadugiHand,
    "low-2-7": pokerkit.StandardLowHand,
    "low-a-5": pokerkit.RegularLowHand,
}
"""PokerKit's hand type for each ranking of chapter R9 (FAMILY-NOTES 3.2)."""
ACES_HIGH = frozenset({"badugi-ace-high", "low-2-7"})
CATEGORIES: dict[pokerkit.Label, str] = {
    pokerkit.Label.HIGH_CARD: "no pair",
    pokerkit.Label.ONE_PAIR: "pair",
    pokerkit.Label.TWO_PAIR: "two pair",
    pokerkit.Label.THREE_OF_A_KIND: "three of a kind",
    pokerkit.Label.STRAIGHT: "straight",
    pokerkit.Label.FLUSH: "flush",
    pokerkit.Label.FULL_HOUSE: "full house",
    pokerkit.Label.FOUR_OF_A_KIND: "four of a kind",
    pokerkit.Label.STRAIGHT_FLUSH: "straight flush",
}
"""PokerKit's label of a low -> the protocol's category (R9.4)."""


def _hand(cards: list[pokerkit.Card], ranking: str = "badugi") -> pokerkit.Hand:
    kind = HAND_TYPES[ranking]
    try:
        return kind.from_game(cards)
    except ValueError as error:
        raise Skip(f"PokerKit's {kind.__name__} refuses {len(cards)} cards: {error}") from None


def _value(cards: list[pokerkit.Card], ranking: str = "badugi") -> dict[str, Any]:
    """PokerKit's value of the cards in the protocol's form: the cards PokerKit plays, and
    for a low its label; only the order they are written in is ours (R9.4)."""
    hand = _hand(cards, ranking)
    ranks = [Card.parse(repr(c)).rank for c in hand.cards]
    counts = Counter(ranks)

    def height(rank: Rank) -> int:
        return 14 if ranking in ACES_HIGH and rank is Rank.ACE else rank.order

    ranks.sort(key=lambda rank: (-counts[rank], -height(rank)))
    value: dict[str, Any] = {"size": len(ranks), "ranks": [r.label for r in ranks]}
    if HAND_TYPES[ranking] in (pokerkit.StandardLowHand, pokerkit.RegularLowHand):
        value["category"] = CATEGORIES[hand.entry.label]
    return value


def playable(profile: Profile) -> Profile:
    """The profile if PokerKit plays it as this adapter sets PokerKit up, else `Skip`."""
    if profile.name not in PLAYS:
        raise Skip(f"the PokerKit adapter plays profiles {', '.join(PLAYS)}, not {profile.name}")
    shipped = get(profile.name)
    for name, value in profile.parameters().items():
        if name not in SET_BY_THE_ADAPTER and value != getattr(shipped, name):
            raise Skip(
                f"PokerKit's FixedLimitBadugi plays {name} = {getattr(shipped, name)!r}"
                f" under {profile.name}, not {value!r}"
            )
    small, big = profile.bet_sizes[0], profile.bet_sizes[-1]
    if profile.bet_sizes != (small, small, big, big):
        raise Skip(
            f"PokerKit's FixedLimitBadugi bets small, small, big, big: not {profile.bet_sizes}"
        )
    return profile


def _game(profile: Profile) -> pokerkit.FixedLimitBadugi:
    return pokerkit.FixedLimitBadugi(
        AUTOMATIONS,
        True,
        profile.ante,
        (profile.small_blind, profile.big_blind),
        profile.bet_sizes[0],
        profile.bet_sizes[-1],
        mode=pokerkit.Mode.CASH_GAME if profile.fold_when_free else pokerkit.Mode.TOURNAMENT,
    )


class _Refused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# PokerKit's warnings that are its way of doing what it does, not a failure of the glue.
_EXPECTED_WARNINGS = (
    "There is no reason for this player to fold.",
    "Returning reserved (mucked, etc.) cards as dealable.",
)


def _quietly(call: Callable[[], _T]) -> _T:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    unexpected = [str(w.message) for w in caught if str(w.message) not in _EXPECTED_WARNINGS]
    if unexpected:
        raise RuntimeError(f"PokerKit warned: {unexpected[0]}")
    return result


class PokerKitImplementation:
    name = "pokerkit"
    profiles = PLAYS
    rankings = tuple(HAND_TYPES)

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.profile: Profile = HOUSE
        self.names: list[str] = []
        self.stacks: list[int] = []
        self.dealer = 0
        self.hands = 0
        self.over: tuple[str | None, str] | None = None
        self.state: pokerkit.State | None = None
        self.order: tuple[int, ...] = ()
        """PokerKit player index -> our seat: clockwise from the first seat left of the
        button, the button last (R8.2); heads-up PokerKit's player 0 is the big blind."""
        self.deck: list[pokerkit.Card] = []
        self.stub: list[pokerkit.Card] = []
        self.stated: list[list[pokerkit.Card]] = []
        self.reshuffles = 0
        self.burns = 0
        self.start_stacks: list[int] = []
        self.put_in: list[int] = []
        self.returned: list[int] = []
        self.round_bets: list[int] = []
        self.pending: dict[int, list[pokerkit.Card]] = {}
        """Discards declared in this draw and not yet replaced, by PokerKit player index."""
        self.known: list[list[pokerkit.Card]] = []
        """The last cards seen in each hand: PokerKit mucks folded hands and kills hands."""
        self.final_pots: list[dict[str, Any]] = []
        self.shown_values: list[pokerkit.Hand | None] = []

    def capabilities(self) -> frozenset[str]:
        return frozenset({"evaluate", "compare", "play"})

    # ----- hand values ---------------------------------------------------------------------

    def evaluate(self, cards: list[str], ranking: str | None = None) -> dict[str, Any]:
        return _value([_pk(c) for c in cards], ranking or "badugi")

    def compare(self, hands: list[list[str]], ranking: str | None = None) -> list[int]:
        values = [_hand([_pk(c) for c in cards], ranking or "badugi") for cards in hands]
        best = max(values)
        return [i for i, v in enumerate(values) if v == best]

    # ----- the session (glue, R6 and R8.23) ------------------------------------------------

    def start(self, case: dict[str, Any]) -> Outcome:
        self._reset()
        try:
            profile = from_json(case["profile"]) if "profile" in case else HOUSE
        except ProfileError as error:
            raise RequestError(str(error)) from None
        self.profile = playable(profile)
        players = case.get("players")
        if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
            raise RequestError("'players' must be a list of {name, stack} objects")
        names = [p.get("name") for p in players]
        stacks = [p.get("stack") for p in players]
        if not profile.min_seats <= len(names) <= profile.max_seats:
            raise RequestError(
                f"profile {profile.name} needs {profile.min_seats} to {profile.max_seats} players"
            )
        if not all(isinstance(n, str) and n for n in names) or len(set(names)) != len(names):
            raise RequestError(f"players need different names, not {names!r:.80}")
        if not all(isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in stacks):
            raise RequestError(f"stacks must be positive numbers of chips, not {stacks!r:.80}")
        if case.get("first_dealer") not in names:
            raise RequestError(f"first_dealer must be one of {names}")
        self.names = [str(n) for n in names]
        self.stacks = [int(s) for s in stacks]
        self.dealer = self.names.index(str(case["first_dealer"]))
        return {"ok": True, "state": self.snapshot()}

    def _next_dealer(self) -> int:
        """The button moves one seat clockwise, skipping players without chips (R8.23)."""
        if not self.hands:
            return self.dealer
        count = len(self.stacks)
        for step in range(1, count + 1):
            seat = (self.dealer + step) % count
            if self.stacks[seat] > 0:
                return seat
        return (self.dealer + 1) % count

    def deal(self, hand: dict[str, Any]) -> Outcome:
        try:
            self._deal(
                [_pk(c) for c in hand["deck"]],
                [[_pk(c) for c in order] for order in hand.get("reshuffles", [])],
            )
        except _Refused as refused:
            return self._refused(refused)
        return {"ok": True, "state": self.snapshot()}

    def _deal(self, deck: list[pokerkit.Card], stated: list[list[pokerkit.Card]]) -> None:
        if self.over is not None:
            raise _Refused("session-over", "the session is over")
        if self.state is not None and self.state.status:
            raise _Refused("out-of-turn", "the current hand is still being played")
        if len(set(deck)) != len(deck):
            raise _Refused("deck-invalid", "the stated deck repeats a card")
        dealer = self._next_dealer()
        count = len(self.stacks)
        order = tuple(
            seat
            for seat in ((dealer + i) % count for i in range(1, count + 1))
            if self.stacks[seat] > 0
        )
        if len(deck) < 4 * len(order):
            raise _Refused("deck-short", f"the deal needs {4 * len(order)} cards")
        self.hands += 1
        self.dealer, self.order = dealer, order
        self.start_stacks = [self.stacks[seat] for seat in order]
        state = self.state = _game(self.profile)(tuple(self.start_stacks), len(order))
        self.deck, self.stub, self.stated = deck, list(deck), stated
        state.deck_cards = deque(self.stub)
        self.reshuffles = self.burns = 0
        self.pending, self.final_pots = {}, []
        self.put_in = [a - b for a, b in zip(self.start_stacks, state.stacks, strict=True)]
        self.returned = [0] * len(order)
        self.round_bets = list(state.bets)
        while state.can_deal_hole():
            card = self._take(1)[0]
            _quietly(partial(state.deal_hole, (card,)))
        self.known = [list(cards) for cards in state.hole_cards]
        if not any(state.bets):
            self._round_closed()  # nobody could act on the blinds (R5.5)
        self._after()

    # ----- the stub and PokerKit's refills (R8.18, R13.4) ----------------------------------

    def _take(self, count: int) -> list[pokerkit.Card]:
        """The next `count` cards, refilling the stub as PokerKit does when it runs out."""
        taken: list[pokerkit.Card] = []
        while len(taken) < count:
            if not self.stub:
                self.stub = self._refill_order(set(self._state.reserved_cards))
                self.reshuffles += 1
                for index, live in enumerate(self._state.statuses):
                    if not live:
                        self.known[index] = []  # folded hands go into the refill (R13.4)
                if not self.stub:
                    raise RuntimeError("PokerKit has no cards left to refill from")
            want = count - len(taken)
            taken += self.stub[:want]
            self.stub = self.stub[want:]
        return taken

    def _refill_order(self, gathered: set[pokerkit.Card]) -> list[pokerkit.Card]:
        if self.reshuffles < len(self.stated):
            return list(self.stated[self.reshuffles])
        place = {card: i for i, card in enumerate(self.deck)}
        return sorted(gathered, key=lambda c: place.get(c, len(place) + Card.parse(repr(c)).index))

    def _deliver(self, count: int, index: int | None) -> None:
        """Burn (index None) or deal `count` cards, a refill's cards apart from the stub's."""
        state = self._state
        while count:
            chunk = self._take(min(count, len(self.stub)) if self.stub else 1)
            count -= len(chunk)
            if index is None:
                _quietly(partial(state.burn_card, tuple(chunk)))
                self.burns += 1
            else:
                _quietly(partial(state.deal_hole, tuple(chunk), index))

    # ----- actions -------------------------------------------------------------------------

    @property
    def _state(self) -> pokerkit.State:
        assert self.state is not None
        return self.state

    def act(self, step: dict[str, Any]) -> Outcome:
        try:
            self._act(step)
        except _Refused as refused:
            return self._refused(refused)
        self._after()
        return {"ok": True, "state": self.snapshot()}

    def _refused(self, refused: _Refused) -> Outcome:
        return {
            "ok": False,
            "error": refused.code,
            "message": str(refused),
            "state": self.snapshot(),
        }

    def _act(self, step: dict[str, Any]) -> None:
        if step.get("player") not in self.names:
            raise RequestError(
                f"unknown player {step.get('player')!r}; the players are {self.names}"
            )
        action = step.get("action")
        if action not in ("check", "bet", "call", "raise", "fold", "all-in", "draw"):
            raise RequestError(f"unknown action {action!r}")
        amount = step.get("amount")
        if amount is not None and (not isinstance(amount, int) or isinstance(amount, bool)):
            raise RequestError(f"amount must be a whole number of chips, not {amount!r}")
        discards = [_pk(c) for c in step.get("discards", [])]
        if self.over is not None:
            raise _Refused("session-over", "the session is over")
        state = self.state
        if state is None:
            raise _Refused("out-of-turn", "no hand has been dealt yet")
        if not state.status:
            raise _Refused("hand-over", "the hand is over")
        drawing = state.stand_patter_or_discarder_index is not None
        if action == "draw" and not drawing:
            raise _Refused("not-draw-round", "a betting round is open")
        if action != "draw" and drawing:
            raise _Refused("not-betting-round", "the players are drawing")
        seat = self.names.index(step["player"])
        turn = state.stand_patter_or_discarder_index if drawing else state.actor_index
        if turn is None or self.order[turn] != seat:
            who = "nobody" if turn is None else self.names[self.order[turn]]
            raise _Refused("out-of-turn", f"it is {who}'s turn")
        if action == "draw":
            self._draw(turn, discards)
        else:
            self._bet(turn, action, amount)

    def _raise_refusal(self, index: int) -> str | None:
        """Why PokerKit allows no bet or raise here, as a code in R8.24's order, read from
        PokerKit's own state; None if it allows one."""
        state = self._state
        if state.can_complete_bet_or_raise_to():
            return None
        level = max(state.bets)
        to_call = level - state.bets[index]  # what a call would be with chips enough
        others = [
            i
            for i in state.player_indices
            if i != index and state.statuses[i] and state.stacks[i] + state.bets[i] > level
        ]
        street = state.street
        assert street is not None
        completion = state.completion_betting_or_raising_amount
        shorts = state.consecutive_short_all_in_amounts
        if not others:
            return "opponent-all-in"
        cap = street.max_completion_betting_or_raising_count
        if cap is not None and state.completion_betting_or_raising_count >= cap:
            return "raise-cap"
        if to_call < completion or (
            shorts and sum(shorts) < completion and index in state.acted_player_indices
        ):
            return "not-reopened"
        if state.stacks[index] <= to_call:
            return "short-stack"
        raise RuntimeError(f"PokerKit refuses a raise for a reason the glue does not know: {state}")

    def _bet(self, index: int, action: str, amount: int | None) -> None:
        state = self._state
        to_call = state.checking_or_calling_amount or 0
        stack = state.stacks[index]
        facing = max(state.bets) > 0
        refusal = self._raise_refusal(index)
        raise_to = None if refusal else state.min_completion_betting_or_raising_to_amount
        call_adds = min(to_call, stack)
        raise_adds = None if raise_to is None else raise_to - state.bets[index]
        all_in_adds = (
            call_adds
            if to_call and call_adds == stack
            else raise_adds
            if raise_adds == stack
            else None
        )
        # The kind of action first, in the order of R8.24, then its amount.
        if action == "check" and to_call:
            raise _Refused("check-facing-bet", f"{to_call} to call")
        if action == "fold" and not _quietly(state.can_fold):
            raise _Refused("fold-when-free", "PokerKit refuses a fold with nothing to call")
        if action == "call" and not to_call:
            raise _Refused("nothing-to-call", "nothing to call")
        if action == "all-in" and all_in_adds is None:
            raise _Refused("all-in-too-large", f"a stack of {stack} is more than the limit allows")
        if action == "bet" and facing:
            raise _Refused("bet-facing-bet", "there is a bet: raise")
        if action == "raise" and not facing:
            raise _Refused("raise-without-bet", "no bet to raise")
        if action in ("bet", "raise") and refusal is not None:
            raise _Refused(refusal, "PokerKit allows no bet or raise here")
        adds = {
            "check": 0,
            "fold": 0,
            "call": call_adds,
            "bet": raise_adds,
            "raise": raise_adds,
            "all-in": all_in_adds,
        }[action]
        assert adds is not None
        if action == "all-in" and amount is not None and amount < adds:
            raise _Refused("not-all-in", f"all-in is the whole stack of {adds}, not {amount}")
        expected = raise_to if action in ("bet", "raise") else adds
        if amount is not None and amount != expected:
            raise _Refused("wrong-amount", f"{action} {expected} here, not {amount}")
        bets = list(state.bets)
        if action == "fold":
            _quietly(state.fold)
        elif action in ("bet", "raise") or (action == "all-in" and adds == raise_adds):
            assert raise_to is not None
            state.complete_bet_or_raise_to(raise_to)
        else:
            state.check_or_call()
        self.put_in[index] += adds
        bets[index] += adds
        self.round_bets = bets
        if not any(state.bets) or not state.status:
            self._round_closed()

    def _round_closed(self) -> None:
        """PokerKit collected the bets: the part of the top bet no one matched went back
        (R8.12). Kept in the protocol's terms, since PokerKit folds it into the stacks."""
        bets = self.round_bets
        state = self._state
        won_by_fold = not state.status and sum(state.statuses) == 1
        if won_by_fold and self.profile.return_uncalled == "settlement":
            bets = []  # the house: the winner takes the pot, their own bet with it (R3.10)
        if any(bets):
            top = max(bets)
            ranked = sorted(bets)
            if top > ranked[-2]:
                self.returned[bets.index(top)] += top - ranked[-2]
        self.round_bets = [0] * len(self.round_bets)

    def _draw(self, index: int, discards: list[pokerkit.Card]) -> None:
        state = self._state
        held = list(state.hole_cards[index])
        if len(discards) > self.profile.max_discards:
            raise _Refused("too-many-discards", f"at most {self.profile.max_discards}")
        if len(set(discards)) != len(discards):
            raise _Refused("discard-repeated", "a card is discarded twice")
        if any(card not in held for card in discards):
            raise _Refused("discard-not-held", "not held")
        drawers = sum(state.standing_pat_or_discarding_statuses)
        if drawers == 1:
            self._check_supply(discards)
        _quietly(lambda: state.stand_pat_or_discard(tuple(discards)))
        self.pending[index] = discards
        if state.stand_patter_or_discarder_index is not None:
            return
        # Everyone has declared: the burn, then each player's cards in turn (R4.4, R8.16).
        self._deliver(1, None)
        for player, thrown in sorted(self.pending.items()):
            if thrown:
                self._deliver(len(thrown), player)
        self.pending = {}

    def _check_supply(self, discards: list[pokerkit.Card]) -> None:
        """Before the last declaration changes anything: a refill this draw will need must be
        of the cards a stated reshuffle names (R8.18); PokerKit refills from its burns,
        folded hands and every discard, this one's too (R13.4)."""
        need = 1 + sum(len(t) for t in self.pending.values()) + len(discards)
        if len(self.stub) >= need:
            return
        gathered = set(self._state.reserved_cards) | set(discards) | set(self.stub[:1])
        if len(self.stub) + len(gathered) - len(self.stub[:1]) < need:
            raise _Refused("deck-short", f"the draw needs {need} cards; PokerKit has fewer")
        if self.reshuffles < len(self.stated) and set(self.stated[self.reshuffles]) != gathered:
            raise _Refused(
                "reshuffle-mismatch",
                f"the stated reshuffle is not the {len(gathered)} cards PokerKit refills from",
            )

    def _after(self) -> None:
        state = self._state
        self.known = [list(c) or k for c, k in zip(state.hole_cards, self.known, strict=True)]
        if state.showdown_index is not None:
            # Before PokerKit kills the hands that cannot win and pushes the chips out.
            self.final_pots = self._pots()
            self.shown_values = [state.get_hand(i, 0, 0) for i in state.player_indices]
        while state.showdown_index is not None:
            state.show_or_muck_hole_cards(True)
        if state.status:
            return
        self.final_pots = self._settled_pots()
        for index, seat in enumerate(self.order):
            self.stacks[seat] = state.stacks[index]
        left = sum(1 for stack in self.stacks if stack > 0)
        bust = left < 2 or (min(self.stacks) == 0 and self.profile.session_ends == "any-bust")
        if bust or self.hands >= self.profile.hands_per_session:
            top = max(self.stacks)
            leaders = [self.names[s] for s in range(len(self.stacks)) if self.stacks[s] == top]
            self.over = (leaders[0] if len(leaders) == 1 else None, "bust" if bust else "hands")

    # ----- the snapshot --------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        names = self.names
        session = {
            "hand": self.hands,
            "dealer": names[self.dealer] if names else None,
            "over": self.over is not None,
            "winner": None if self.over is None else self.over[0],
            "reason": None if self.over is None else self.over[1],
        }
        state = self.state
        if state is None:
            return {"session": session, "stacks": dict(zip(names, self.stacks, strict=True))}
        holdings = self._holdings()
        hands: dict[str, list[str]] = {name: [] for name in names}
        stacks = dict(zip(names, self.stacks, strict=True))
        for index, seat in enumerate(self.order):
            hands[names[seat]] = [_ours(c) for c in holdings[index]]
            if state.status:
                stacks[names[seat]] = state.stacks[index]
        in_turn = self.pending and self.profile.draw_delivery == "in-turn"
        preview = 1 + sum(len(t) for t in self.pending.values()) if in_turn else 0
        return {
            "session": session,
            "phase": self._phase(),
            "to_act": self._to_act(),
            "legal": sorted(self._legal()),
            "pot": sum(self.put_in) - sum(self.returned),
            "stacks": stacks,
            "hands": hands,
            "values": {names[self.order[i]]: _value(h) for i, h in enumerate(holdings) if h},
            "burns": self.burns + (1 if in_turn else 0),
            "reshuffles": self.reshuffles,
            "stub": max(len(self.stub) - preview, 0),
            "pots": self.final_pots or self._pots(),
            "result": None if state.status else self._result(),
        }

    def _holdings(self) -> list[list[pokerkit.Card]]:
        state = self._state
        if not state.status:
            return self.known
        holdings = [list(cards) for cards in state.hole_cards]
        for index in range(len(holdings)):
            if not state.statuses[index]:
                holdings[index] = list(self.known[index])  # as it lies in the muck
        if self.profile.draw_delivery == "in-turn":
            # The rules' in-turn view: the burn, then each drawer's replacements (R4.3).
            start = 1
            for index, thrown in sorted(self.pending.items()):
                holdings[index] = holdings[index] + self.stub[start : start + len(thrown)]
                start += len(thrown)
        else:
            # Declared discards stay in the hand until everyone has declared (R8.16).
            for index, thrown in self.pending.items():
                holdings[index] = holdings[index] + thrown
        return holdings

    def _pots(self) -> list[dict[str, Any]]:
        """Main pot first, then side pots, from each player's chips in the middle (R8.13):
        PokerKit's rule, levels of every contribution, pots with the same players merged."""
        state = self._state
        contributions = [p - r for p, r in zip(self.put_in, self.returned, strict=True)]
        live = list(state.statuses) if state.status else [bool(k) for k in self._live_at_end()]
        pots: list[tuple[int, tuple[int, ...]]] = []
        below = 0
        for level in sorted(set(contributions)):
            amount = sum(min(c, level) - min(c, below) for c in contributions)
            eligible = tuple(i for i, c in enumerate(contributions) if live[i] and c >= level)
            if pots and pots[-1][1] == eligible:
                amount += pots.pop()[0]
            if amount:
                pots.append((amount, eligible))
            below = level
        return [
            {"amount": amount, "eligible": self._named(eligible), "winners": []}
            for amount, eligible in pots
        ]

    def _settled_pots(self) -> list[dict[str, Any]]:
        """The pots with their winners, once PokerKit has pushed the chips (R8.14). A hand
        won by a fold is one pot, to the last player in (R3.10)."""
        state = self._state
        if not any(isinstance(op, pokerkit.HoleCardsShowingOrMucking) for op in state.operations):
            live = self._live_at_end()
            winner = self._named(i for i in range(len(live)) if live[i])
            return [
                {
                    "amount": sum(self.put_in) - sum(self.returned),
                    "eligible": winner,
                    "winners": winner,
                }
            ]
        # PokerKit pushes each pot to the best of its hands; once it has killed the hands
        # that cannot win, its own pots merge, so the winners are read from its hand values.
        seat_of = {self.names[seat]: i for i, seat in enumerate(self.order)}
        settled = []
        for pot in self.final_pots:
            values = {name: self.shown_values[seat_of[name]] for name in pot["eligible"]}
            best = max(v for v in values.values() if v is not None)
            settled.append(pot | {"winners": [n for n, v in values.items() if v == best]})
        return settled

    def _live_at_end(self) -> list[bool]:
        folded = {
            op.player_index for op in self._state.operations if isinstance(op, pokerkit.Folding)
        }
        return [i not in folded for i in range(len(self.order))]

    def _named(self, indexes: Iterable[int]) -> list[str]:
        """Players by name, in seat order, as the protocol lists them."""
        return [self.names[seat] for seat in sorted({self.order[i] for i in indexes})]

    def _phase(self) -> str:
        state = self._state
        if not state.status:
            return "complete"
        street = state.street_index or 0
        if state.stand_patter_or_discarder_index is not None:
            return f"draw-{street}"
        return f"bet-{street + 1}"

    def _to_act(self) -> str | None:
        state = self._state
        index = state.stand_patter_or_discarder_index
        if index is None:
            index = state.actor_index
        return None if index is None else self.names[self.order[index]]

    def _legal(self) -> list[str]:
        state = self._state
        if not state.status:
            return []
        if state.stand_patter_or_discarder_index is not None:
            return [f"draw 0-{self.profile.max_discards}"]
        index = state.actor_index
        if index is None:
            return []
        stack = state.stacks[index]
        to_call = state.checking_or_calling_amount or 0
        options: list[tuple[str, int]] = []
        if to_call == 0:
            options.append(("check", 0))
            if _quietly(state.can_fold):
                options.append(("fold", 0))
        else:
            options.append(("fold", 0))
            adds = min(to_call, stack)
            options.append((f"call {adds}" + (" all-in" if adds == stack else ""), adds))
        if self._raise_refusal(index) is None:
            to = state.min_completion_betting_or_raising_to_amount
            assert to is not None
            adds = to - state.bets[index]
            word = "raise to" if max(state.bets) > 0 else "bet"
            options.append((f"{word} {to}" + (" all-in" if adds == stack else ""), adds))
        legal = [text for text, _ in options]
        all_in = [adds for text, adds in options if text.endswith(" all-in")]
        if all_in:
            legal.append(f"all-in {all_in[-1]}")
        return legal

    def _result(self) -> dict[str, Any]:
        state = self._state
        names = self.names
        shown_ops = [
            op for op in state.operations if isinstance(op, pokerkit.HoleCardsShowingOrMucking)
        ]
        live = self._live_at_end()
        won = [
            state.stacks[i] - self.start_stacks[i] + self.put_in[i] - self.returned[i]
            for i in range(len(self.order))
        ]
        results: dict[str, Any] = {
            "ended_by": "showdown" if shown_ops else "fold",
            "winners": [
                names[self.order[i]]
                for i in sorted(range(len(won)), key=self.order.__getitem__)
                if won[i] > 0
            ],
            "won": dict.fromkeys(names, 0),
            "returned": dict.fromkeys(names, 0),
            "shown": dict.fromkeys(names),
        }
        for i, seat in enumerate(self.order):
            results["won"][names[seat]] = won[i]
            results["returned"][names[seat]] = self.returned[i]
            if shown_ops and live[i]:
                results["shown"][names[seat]] = _value(self.known[i])
        return results


def main() -> int:
    from badugi_spec.protocol.server import serve

    return serve(PokerKitImplementation(), version=version("pokerkit"))


if __name__ == "__main__":
    sys.exit(main())
