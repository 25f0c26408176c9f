"""The protocol's stable refusal codes for the PokerKit adapter, named from PokerKit's own
state in the precedence of R8.24.

PokerKit refuses an operation with a `ValueError` message and no code, so the adapter asks
PokerKit's state the questions R8.24 asks, in its order: the session and the hand, whose
turn, the kind of betting action, why no bet or raise is allowed (`raise_refusal`), the
amount; for a draw the discards, then whether the cards a refill needs are there. Kept
apart from the play glue (`adapter`), which only acts once these have passed, and used by
the snapshot too (`raise_refusal` decides whether a bet or raise is legal).
"""

from __future__ import annotations

import pokerkit

from badugi_spec.interop.pokerkit.table import Table, quietly


class Refused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


Bet = tuple[int, int | None]
"""The chips a betting action puts in, and the total it raises to (None: it does not raise)."""


def check_turn(table: Table, *, action: str, player: str) -> int:
    """The PokerKit player index of `player`, whose turn it must be to `action`, or the
    refusal that comes first (R8.24); the request itself has been read already."""
    if table.over is not None:
        raise Refused("session-over", "the session is over")
    state = table.state
    if state is None:
        raise Refused("out-of-turn", "no hand has been dealt yet")
    if not state.status:
        raise Refused("hand-over", "the hand is over")
    drawing = state.stand_patter_or_discarder_index is not None
    if action == "draw" and not drawing:
        raise Refused("not-draw-round", "a betting round is open")
    if action != "draw" and drawing:
        raise Refused("not-betting-round", "the players are drawing")
    seat = table.names.index(player)
    turn = state.stand_patter_or_discarder_index if drawing else state.actor_index
    if turn is None or table.order[turn] != seat:
        who = "nobody" if turn is None else table.names[table.order[turn]]
        raise Refused("out-of-turn", f"it is {who}'s turn")
    return turn


def check_bet(state: pokerkit.State, index: int, *, action: str, amount: int | None) -> Bet:
    """What player `index`'s betting `action` puts in, and the total it raises to (None:
    it does not raise), or the refusal that comes first: the kind of action in R8.24's
    order, then its amount."""
    to_call = state.checking_or_calling_amount or 0
    stack = state.stacks[index]
    facing = max(state.bets) > 0
    refusal = raise_refusal(state, index)
    raise_to = None if refusal else state.min_completion_betting_or_raising_to_amount
    call_adds = min(to_call, stack)
    raise_adds = None if raise_to is None else raise_to - state.bets[index]
    all_in_adds = (
        call_adds if to_call and call_adds == stack else raise_adds if raise_adds == stack else None
    )
    if action == "check" and to_call:
        raise Refused("check-facing-bet", f"{to_call} to call")
    if action == "fold" and not quietly(state.can_fold):
        raise Refused("fold-when-free", "PokerKit refuses a fold with nothing to call")
    if action == "call" and not to_call:
        raise Refused("nothing-to-call", "nothing to call")
    if action == "all-in" and all_in_adds is None:
        raise Refused("all-in-too-large", f"a stack of {stack} is more than the limit allows")
    if action == "bet" and facing:
        raise Refused("bet-facing-bet", "there is a bet: raise")
    if action == "raise" and not facing:
        raise Refused("raise-without-bet", "no bet to raise")
    if action in ("bet", "raise") and refusal is not None:
        raise Refused(refusal, "PokerKit allows no bet or raise here")
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
        raise Refused("not-all-in", f"all-in is the whole stack of {adds}, not {amount}")
    expected = raise_to if action in ("bet", "raise") else adds
    if amount is not None and amount != expected:
        raise Refused("wrong-amount", f"{action} {expected} here, not {amount}")
    raises = action in ("bet", "raise") or (action == "all-in" and adds == raise_adds)
    if raises:
        assert raise_to is not None
    return adds, raise_to if raises else None


def raise_refusal(state: pokerkit.State, index: int) -> str | None:
    """Why PokerKit allows no bet or raise here, as a code in R8.24's order, read from
    PokerKit's own state; None if it allows one."""
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


def check_draw(table: Table, index: int, *, discards: list[pokerkit.Card]) -> None:
    """Refuse player `index`'s draw of `discards` with the code that comes first (R8.24)."""
    state = table.hand_state
    held = list(state.hole_cards[index])
    if len(discards) > table.profile.max_discards:
        raise Refused("too-many-discards", f"at most {table.profile.max_discards}")
    if len(set(discards)) != len(discards):
        raise Refused("discard-repeated", "a card is discarded twice")
    if any(card not in held for card in discards):
        raise Refused("discard-not-held", "not held")
    drawers = sum(state.standing_pat_or_discarding_statuses)
    if drawers == 1:
        _check_supply(table, discards)


def _check_supply(table: Table, discards: list[pokerkit.Card]) -> None:
    """Before the last declaration changes anything: a refill this draw will need must be
    of the cards a stated reshuffle names (R8.18); PokerKit refills from its burns,
    folded hands and every discard, this one's too (R13.4)."""
    need = 1 + sum(len(t) for t in table.pending.values()) + len(discards)
    if len(table.stub) >= need:
        return
    gathered = set(table.hand_state.reserved_cards) | set(discards) | set(table.stub[:1])
    if len(table.stub) + len(gathered) - len(table.stub[:1]) < need:
        raise Refused("deck-short", f"the draw needs {need} cards; PokerKit has fewer")
    if table.reshuffles < len(table.stated) and set(table.stated[table.reshuffles]) != gathered:
        raise Refused(
            "reshuffle-mismatch",
            f"the stated reshuffle is not the {len(gathered)} cards PokerKit refills from",
        )


__all__ = ["Bet", "Refused", "check_bet", "check_draw", "check_turn", "raise_refusal"]
