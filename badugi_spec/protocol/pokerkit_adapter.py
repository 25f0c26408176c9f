"""A protocol server built on PokerKit: an independent implementation to check ours against.

Run as `python -m badugi_spec.protocol.pokerkit_adapter` (needs the `pokerkit` extra).
Hand values come from PokerKit's `BadugiHand`; every hand is played by PokerKit's
`FixedLimitBadugi`, set up as `badugi_spec.pokerkit_bridge` sets it up (house blinds and
bet sizes, bookkeeping automated, every card dealt and burned by hand from the stated deck)
EXCEPT the raise cap: PokerKit's own default is left in place, so the house difference
(R3.6: the big blind plus three raises before the draw; PokerKit allows four) shows.

The adapter adds only glue that PokerKit has no notion of, each kept small and named:

- the session (R6): stacks carried over, the button moved, the end after 12 hands or a bust;
- error codes: PokerKit refuses with a `ValueError` message, so the adapter names the
  protocol's stable code from PokerKit's own state (whose turn, the amount to call, ...);
- the house draws the big blind's replacements before the dealer declares; PokerKit deals
  once both have declared. Between the two declarations the snapshot shows the cards the
  deck will give (burn first), which is the order PokerKit then deals them in.
"""

from __future__ import annotations

import sys
from importlib.metadata import version
from typing import Any

import pokerkit

from badugi_spec.cards import Card
from badugi_spec.pokerkit_bridge import AUTOMATIONS
from badugi_spec.scenario.engine_impl import Outcome
from badugi_spec.scenario.runner import Skip
from badugi_spec.structure import HOUSE

HANDS_PER_SESSION = 12


def _pk(text: str) -> pokerkit.Card:
    return next(iter(pokerkit.Card.parse(str(Card.parse(text)))))


def _ours(card: pokerkit.Card) -> str:
    return repr(card)


def _value(cards: list[pokerkit.Card]) -> dict[str, Any]:
    try:
        hand = pokerkit.BadugiHand.from_game(cards)
    except ValueError as error:
        raise Skip(f"PokerKit's BadugiHand refuses {len(cards)} cards: {error}") from None
    ranks = sorted((Card.parse(repr(c)).rank for c in hand.cards), key=lambda r: -r.order)
    return {"size": len(ranks), "ranks": [r.label for r in ranks]}


def _game() -> pokerkit.FixedLimitBadugi:
    small, big = HOUSE.bet_sizes[0], HOUSE.bet_sizes[-1]
    return pokerkit.FixedLimitBadugi(
        AUTOMATIONS,
        True,
        0,
        (HOUSE.small_blind, HOUSE.big_blind),
        small,
        big,
        mode=pokerkit.Mode.TOURNAMENT,
    )


class _Refused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class PokerKitImplementation:
    name = "pokerkit"
    profiles = ("house",)
    """Heads-up only so far: cases of the multi-way profiles are skipped, not crashed on."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.names: list[str] = []
        self.stacks: list[int] = []
        self.first_dealer = 0
        self.hands = 0
        self.over: tuple[str | None, str] | None = None
        self.state: pokerkit.State | None = None
        self.order: tuple[int, int] = (0, 1)
        """PokerKit player index -> our seat: heads-up its player 0 is the big blind."""
        self.deck: list[pokerkit.Card] = []
        self.position = 0
        self.start_stacks: list[int] = []
        self.put_in = [0, 0]
        self.pending: dict[int, int] = {}
        self.known: list[list[pokerkit.Card]] = [[], []]
        """The last cards seen in each hand: PokerKit mucks (kills) hands at the end."""

    def capabilities(self) -> frozenset[str]:
        return frozenset({"evaluate", "compare", "play"})

    # ----- hand values ---------------------------------------------------------------------

    def evaluate(self, cards: list[str]) -> dict[str, Any]:
        return _value([_pk(c) for c in cards])

    def compare(self, hands: list[list[str]]) -> list[int]:
        values = []
        for cards in hands:
            try:
                values.append(pokerkit.BadugiHand.from_game([_pk(c) for c in cards]))
            except ValueError as error:
                raise Skip(f"PokerKit's BadugiHand refuses {cards}: {error}") from None
        best = max(values)
        return [i for i, v in enumerate(values) if v == best]

    # ----- the session (glue) --------------------------------------------------------------

    @property
    def dealer(self) -> int:
        return (self.first_dealer + max(self.hands - 1, 0)) % 2

    def start(self, case: dict[str, Any]) -> Outcome:
        self._reset()
        self.names = [p["name"] for p in case["players"]]
        self.stacks = [p["stack"] for p in case["players"]]
        self.first_dealer = self.names.index(case["first_dealer"])
        return {"ok": True, "state": self.snapshot()}

    def deal(self, hand: dict[str, Any]) -> Outcome:
        try:
            self._deal([_pk(c) for c in hand["deck"]])
        except _Refused as refused:
            return self._refused(refused)
        return {"ok": True, "state": self.snapshot()}

    def _deal(self, deck: list[pokerkit.Card]) -> None:
        if self.over is not None:
            raise _Refused("session-over", "the session is over")
        if self.state is not None and self.state.status:
            raise _Refused("out-of-turn", "the current hand is still being played")
        if len(set(deck)) != len(deck):
            raise _Refused("deck-invalid", "the stated deck repeats a card")
        if len(deck) < 8:
            raise _Refused("deck-short", "the deal needs 8 cards")
        self.hands += 1
        big_blind = 1 - self.dealer
        self.order = (big_blind, self.dealer)
        self.start_stacks = [self.stacks[seat] for seat in self.order]
        self.state = _game()(tuple(self.start_stacks), 2)
        self.deck, self.position, self.pending = deck, 0, {}
        while self.state.can_deal_hole():
            self.state.deal_hole((self.deck[self.position],))
            self.position += 1
        self.known = [list(cards) for cards in self.state.hole_cards]
        self.put_in = [a - b for a, b in zip(self.start_stacks, self.state.stacks, strict=True)]

    # ----- actions -------------------------------------------------------------------------

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
        state = self.state
        if self.over is not None:
            raise _Refused("session-over", "the session is over")
        if state is None:
            raise _Refused("out-of-turn", "no hand has been dealt yet")
        if not state.status:
            raise _Refused("hand-over", "the hand is over")
        index = self.order.index(self.names.index(step["player"]))
        action = step["action"]
        drawing = state.stand_patter_or_discarder_index is not None
        if action == "draw" and not drawing:
            raise _Refused("not-draw-round", "a betting round is open")
        if action != "draw" and drawing:
            raise _Refused("not-betting-round", "the players are drawing")
        turn = state.stand_patter_or_discarder_index if drawing else state.actor_index
        if turn != index:
            raise _Refused("out-of-turn", f"it is player {turn}'s turn")
        if action == "draw":
            self._draw(index, [_pk(c) for c in step.get("discards", [])])
        else:
            self._bet(index, action, step.get("amount"))

    def _bet(self, index: int, action: str, amount: int | None) -> None:
        state = self.state
        assert state is not None
        to_call = state.checking_or_calling_amount or 0
        facing = max(state.bets) > 0
        can_raise = state.can_complete_bet_or_raise_to()
        raise_to = state.min_completion_betting_or_raising_to_amount if can_raise else None
        stack = state.stacks[index]
        if action == "check" and to_call:
            raise _Refused("check-facing-bet", f"{to_call} to call")
        if action == "call" and not to_call:
            raise _Refused("nothing-to-call", "nothing to call")
        if action == "fold" and not state.can_fold():
            raise _Refused("fold-when-free", "PokerKit refuses a fold with nothing to call")
        if action == "bet" and facing:
            raise _Refused("bet-facing-bet", "there is a bet: raise")
        if action == "raise" and not facing:
            raise _Refused("raise-without-bet", "no bet to raise")
        if action in ("bet", "raise") and raise_to is None:
            street = state.street
            cap = None if street is None else street.max_completion_betting_or_raising_count
            capped = cap is not None and state.completion_betting_or_raising_count >= cap
            # The protocol's order (badugi_spec.protocol.refusals): who is all-in, then
            # the cap, then the chips.
            if state.stacks[1 - index] == 0:
                code = "opponent-all-in"
            elif capped or stack > to_call:
                code = "raise-cap"
            else:
                code = "short-stack"
            raise _Refused(code, "PokerKit allows no more bets or raises here")
        added: int
        if action in ("check", "call"):
            added = min(to_call, stack)
            if amount is not None and amount != added:
                raise _Refused("wrong-amount", f"{action} {added}, not {amount}")
            state.check_or_call()
        elif action == "fold":
            if amount:
                raise _Refused("wrong-amount", f"a fold puts in nothing, not {amount}")
            added = 0
            state.fold()
        elif action in ("bet", "raise"):
            assert raise_to is not None
            if amount is not None and amount != raise_to:
                raise _Refused("wrong-amount", f"{action} to {raise_to}, not {amount}")
            added = raise_to - state.bets[index]
            state.complete_bet_or_raise_to(raise_to)
        else:  # all-in: first whether it is allowed at all, then its amount
            most = state.bets[index] + stack
            calls = to_call >= stack
            raises = (
                raise_to is not None and state.max_completion_betting_or_raising_to_amount == most
            )
            if not calls and not raises:
                raise _Refused("all-in-too-large", "the stack is more than the limit allows")
            if amount is not None and amount != stack:
                # The protocol's all-in amount is the chips added: all of them (R5.6).
                code = "not-all-in" if amount < stack else "wrong-amount"
                raise _Refused(code, f"all-in is the whole stack of {stack}, not {amount}")
            added = stack
            if calls:
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(most)
        self.put_in[index] += added

    def _draw(self, index: int, discards: list[pokerkit.Card]) -> None:
        state = self.state
        assert state is not None
        held = list(state.hole_cards[index])
        if len(discards) > 4:
            raise _Refused("too-many-discards", "at most four")
        if len(set(discards)) != len(discards):
            raise _Refused("discard-repeated", "a card is discarded twice")
        if any(card not in held for card in discards):
            raise _Refused("discard-not-held", "not held")
        try:
            state.stand_pat_or_discard(tuple(discards))
        except ValueError as error:
            raise Skip(f"PokerKit refused a draw the house allows: {error}") from None
        self.pending[index] = len(discards)
        if state.stand_patter_or_discarder_index is not None:
            return
        state.burn_card((self.deck[self.position],))
        self.position += 1
        while state.can_deal_hole():
            state.deal_hole((self.deck[self.position],))
            self.position += 1
        self.pending = {}

    def _after(self) -> None:
        state = self.state
        assert state is not None
        self.known = [list(c) or k for c, k in zip(state.hole_cards, self.known, strict=True)]
        while state.showdown_index is not None:
            state.show_or_muck_hole_cards(True)
        if state.status:
            return
        for index, seat in enumerate(self.order):
            self.stacks[seat] = state.stacks[index]
        if min(self.stacks) == 0 or self.hands >= HANDS_PER_SESSION:
            top = max(self.stacks)
            leaders = [self.names[s] for s in range(2) if self.stacks[s] == top]
            winner = leaders[0] if len(leaders) == 1 else None
            self.over = (winner, "bust" if min(self.stacks) == 0 else "hands")

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
        seat_name = [names[seat] for seat in self.order]
        holdings = self._holdings()
        return {
            "session": session,
            "phase": self._phase(),
            "to_act": self._to_act(),
            "legal": sorted(self._legal()),
            "pot": sum(self.put_in),
            "stacks": {seat_name[i]: state.stacks[i] for i in (0, 1)},
            "hands": {seat_name[i]: [_ours(c) for c in holdings[i]] for i in (0, 1)},
            "values": {seat_name[i]: _value(holdings[i]) for i in (0, 1)},
            "burns": len(state.burn_cards) + (1 if self.pending else 0),
            "result": None if state.status else self._result(seat_name),
        }

    def _holdings(self) -> list[list[pokerkit.Card]]:
        state = self.state
        assert state is not None
        if not state.status:
            return self.known
        holdings = [list(cards) for cards in state.hole_cards]
        if self.pending:
            # The glue's preview: the burn, then the first drawer's replacements.
            start = self.position + 1
            for index, count in self.pending.items():
                # PokerKit has taken the discards out already.
                holdings[index] = holdings[index] + self.deck[start : start + count]
                start += count
        return holdings

    def _phase(self) -> str:
        state = self.state
        assert state is not None
        if not state.status:
            return "complete"
        street = state.street_index or 0
        if state.stand_patter_or_discarder_index is not None:
            return f"draw-{street}"
        return f"bet-{street + 1}"

    def _to_act(self) -> str | None:
        state = self.state
        assert state is not None
        index = state.stand_patter_or_discarder_index
        if index is None:
            index = state.actor_index
        return None if index is None else self.names[self.order[index]]

    def _legal(self) -> list[str]:
        state = self.state
        assert state is not None
        if not state.status:
            return []
        if state.stand_patter_or_discarder_index is not None:
            return ["draw 0-4"]
        index = state.actor_index
        if index is None:
            return []
        stack = state.stacks[index]
        to_call = state.checking_or_calling_amount or 0
        options: list[tuple[str, int, bool]] = []
        if to_call == 0:
            options.append(("check", 0, False))
        else:
            options.append(("fold", 0, False))
            options.append((f"call {to_call}", to_call, to_call == stack))
        if state.can_complete_bet_or_raise_to():
            to = state.min_completion_betting_or_raising_to_amount
            assert to is not None
            adds = to - state.bets[index]
            word = "raise to" if max(state.bets) > 0 else "bet"
            options.append((f"{word} {to}", adds, adds == stack))
        legal = [text + (" all-in" if all_in else "") for text, _, all_in in options]
        all_in = [adds for _, adds, flag in options if flag]
        if all_in:
            legal.append(f"all-in {all_in[-1]}")
        return legal

    def _result(self, seat_name: list[str]) -> dict[str, Any]:
        state = self.state
        assert state is not None
        folded = any(isinstance(op, pokerkit.Folding) for op in state.operations)
        # The house settles the hand in one go: uncovered chips go back (R5.4), the winner
        # takes the rest. PokerKit's final stacks are the measurement; this splits them.
        matched = min(self.put_in)
        returned = [0, 0] if folded else [p - matched for p in self.put_in]
        won = [
            state.stacks[i] - self.start_stacks[i] + self.put_in[i] - returned[i] for i in (0, 1)
        ]
        shown: dict[str, Any] = {}
        for i in (0, 1):
            shown[seat_name[i]] = None if folded else _value(self.known[i])
        return {
            "ended_by": "fold" if folded else "showdown",
            "winners": [seat_name[i] for i in (0, 1) if won[i] > 0],
            "won": {seat_name[i]: won[i] for i in (0, 1)},
            "returned": {seat_name[i]: returned[i] for i in (0, 1)},
            "shown": shown,
        }


def main() -> int:
    from badugi_spec.protocol.server import serve

    return serve(PokerKitImplementation(), version=version("pokerkit"))


if __name__ == "__main__":
    sys.exit(main())
