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
  played here, kept in the books of `table`;
- error codes: PokerKit refuses with a `ValueError` message, so the adapter names the
  protocol's stable code from PokerKit's own state, in the precedence of R8.24 (`refusals`);
- the cards: PokerKit is dealt every card by name from the case's deck, and when it refills
  an empty deck (from its burns, folded hands and discards, R13.4) the refill is dealt in
  the order R8.18 fixes for every implementation: the case's stated order, or the cards in
  the order they had in the hand's deck (here; card texts and hand values: `hand_values`);
- the snapshot: the discards held aside while players declare, the pots, returns and
  winnings, all in the protocol's terms (`snapshot`).
"""

from __future__ import annotations

import sys
from collections import deque
from functools import partial
from importlib.metadata import version
from typing import Any

import pokerkit

from badugi_spec.cards import Card
from badugi_spec.interop.pokerkit.game import AUTOMATIONS
from badugi_spec.interop.pokerkit.hand_values import HAND_TYPES, hand_value, pk_card, pk_hand
from badugi_spec.interop.pokerkit.refusals import Refused, check_bet, check_draw, check_turn
from badugi_spec.interop.pokerkit.snapshot import pots, settled_pots, snapshot_of
from badugi_spec.interop.pokerkit.table import Table, quietly
from badugi_spec.profiles import HOUSE, Profile, ProfileError, from_json, get
from badugi_spec.scenario.engine_impl import Outcome, RequestError
from badugi_spec.scenario.runner import Skip

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
    if profile.button_moves != "every-hand":
        raise Skip("the PokerKit adapter's session moves the button one seat every hand (R8.23)")
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


class PokerKitImplementation(Table):
    name = "pokerkit"
    profiles = PLAYS
    rankings = tuple(HAND_TYPES)

    def capabilities(self) -> frozenset[str]:
        return frozenset({"evaluate", "compare", "play"})

    # ----- hand values ---------------------------------------------------------------------

    def evaluate(self, cards: list[str], ranking: str | None = None) -> dict[str, Any]:
        return hand_value([pk_card(c) for c in cards], ranking or "badugi")

    def compare(self, hands: list[list[str]], ranking: str | None = None) -> list[int]:
        values = [pk_hand([pk_card(c) for c in cards], ranking or "badugi") for cards in hands]
        best = max(values)
        return [i for i, v in enumerate(values) if v == best]

    # ----- the session (glue, R6 and R8.23) ------------------------------------------------

    def start(self, case: dict[str, Any]) -> Outcome:
        self.reset()
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
        if hand.get("posts"):
            # PokerKit posts its blinds only, in place: a live big blind posted out of turn
            # (R8.3) cannot be set up, so the case is not-supported, not played without it.
            raise Skip("PokerKit has no live big blind posted out of turn (R8.3)")
        if hand.get("seating"):
            # PokerKit has no player sitting out, returning or straddling by choice (R19).
            raise Skip("PokerKit has no seat that sits out, returns or straddles (R19)")
        seated = sum(1 for stack in self.stacks if stack > 0)
        if seated == 2 and self.profile.small_blind == self.profile.big_blind:
            # Heads-up PokerKit finds the first to act from the larger blind; with the two
            # equal it starts with the big blind, not the button (R1.7).
            raise Skip("PokerKit heads-up with equal blinds starts with the big blind (R1.7)")
        try:
            self._deal(
                [pk_card(c) for c in hand["deck"]],
                [[pk_card(c) for c in order] for order in hand.get("reshuffles", [])],
            )
        except Refused as refused:
            return self._refused(refused)
        return {"ok": True, "state": self.snapshot()}

    def _deal(self, deck: list[pokerkit.Card], stated: list[list[pokerkit.Card]]) -> None:
        if self.over is not None:
            raise Refused("session-over", "the session is over")
        if self.state is not None and self.state.status:
            raise Refused("out-of-turn", "the current hand is still being played")
        if len(set(deck)) != len(deck):
            raise Refused("deck-invalid", "the stated deck repeats a card")
        dealer = self._next_dealer()
        count = len(self.stacks)
        order = tuple(
            seat
            for seat in ((dealer + i) % count for i in range(1, count + 1))
            if self.stacks[seat] > 0
        )
        if len(deck) < 4 * len(order):
            raise Refused("deck-short", f"the deal needs {4 * len(order)} cards")
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
            quietly(partial(state.deal_hole, (card,)))
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
                self.stub = self._refill_order(set(self.hand_state.reserved_cards))
                self.reshuffles += 1
                for index, live in enumerate(self.hand_state.statuses):
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
        state = self.hand_state
        while count:
            chunk = self._take(min(count, len(self.stub)) if self.stub else 1)
            count -= len(chunk)
            if index is None:
                quietly(partial(state.burn_card, tuple(chunk)))
                self.burns += 1
            else:
                quietly(partial(state.deal_hole, tuple(chunk), index))

    # ----- actions -------------------------------------------------------------------------

    def act(self, step: dict[str, Any]) -> Outcome:
        try:
            self._act(step)
        except Refused as refused:
            return self._refused(refused)
        self._after()
        return {"ok": True, "state": self.snapshot()}

    def _refused(self, refused: Refused) -> Outcome:
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
        if action == "muck":
            # The adapter lets PokerKit show every hand itself (R8.32, R13.8).
            raise Skip("the PokerKit adapter does not play a muck at the showdown (R8.32)")
        if action not in ("check", "bet", "call", "raise", "fold", "all-in", "draw"):
            raise RequestError(f"unknown action {action!r}")
        amount = step.get("amount")
        if amount is not None and (not isinstance(amount, int) or isinstance(amount, bool)):
            raise RequestError(f"amount must be a whole number of chips, not {amount!r}")
        discards = [pk_card(c) for c in step.get("discards", [])]
        turn = check_turn(self, action=action, player=step["player"])
        if action == "draw":
            self._draw(turn, discards)
        else:
            self._bet(turn, action, amount)

    def _bet(self, index: int, action: str, amount: int | None) -> None:
        state = self.hand_state
        adds, raise_to = check_bet(state, index, action=action, amount=amount)
        bets = list(state.bets)
        if action == "fold":
            others = [i for i in range(len(state.stacks)) if i != index and state.statuses[i]]
            if not state.checking_or_calling_amount and all(not state.stacks[i] for i in others):
                # A free fold with everyone else still in all-in: PokerKit 0.7.7 cannot
                # settle it (an AssertionError, or chips burned), R13.5.
                raise Skip("PokerKit cannot settle a free fold against players all-in (R13.5)")
            quietly(state.fold)
        elif raise_to is not None:
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
        state = self.hand_state
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
        state = self.hand_state
        check_draw(self, index, discards=discards)
        quietly(lambda: state.stand_pat_or_discard(tuple(discards)))
        self.pending[index] = discards
        if state.stand_patter_or_discarder_index is not None:
            return
        # Everyone has declared: the burn, then each player's cards in turn (R4.4, R8.16).
        self._deliver(1, None)
        for player, thrown in sorted(self.pending.items()):
            if thrown:
                self._deliver(len(thrown), player)
        self.pending = {}

    def _after(self) -> None:
        state = self.hand_state
        self.known = [list(c) or k for c, k in zip(state.hole_cards, self.known, strict=True)]
        if state.showdown_index is not None:
            # Before PokerKit kills the hands that cannot win and pushes the chips out.
            self.final_pots = pots(self)
            self.shown_values = [state.get_hand(i, 0, 0) for i in state.player_indices]
        while state.showdown_index is not None:
            state.show_or_muck_hole_cards(True)
        if state.status:
            return
        self.final_pots = settled_pots(self)
        for index, seat in enumerate(self.order):
            self.stacks[seat] = state.stacks[index]
        left = sum(1 for stack in self.stacks if stack > 0)
        bust = left < 2 or (min(self.stacks) == 0 and self.profile.session_ends == "any-bust")
        limit = self.profile.hands_per_session  # 0: no hand limit (R8.23)
        if bust or (limit and self.hands >= limit):
            top = max(self.stacks)
            leaders = [self.names[s] for s in range(len(self.stacks)) if self.stacks[s] == top]
            self.over = (leaders[0] if len(leaders) == 1 else None, "bust" if bust else "hands")

    # ----- the snapshot --------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        return snapshot_of(self)


def main() -> int:
    from badugi_spec.protocol.server import serve

    return serve(PokerKitImplementation(), version=version("pokerkit"))


if __name__ == "__main__":
    sys.exit(main())
