"""The PokerKit adapter's snapshot: the session and its hand in the protocol's terms.

While players declare their discards PokerKit holds the discards aside, so the snapshot
shows them still held (or, in-turn, already replaced), as the rules count them (R4.3,
R8.16); the pots, returns and winnings are given in the protocol's terms (R8.12-R8.14),
which PokerKit folds into its stacks. Kept apart from the play glue (`adapter`): it only
reads the books (`Table`) and PokerKit's state, and changes neither.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pokerkit

from badugi_spec.interop.pokerkit.hand_values import card_text, hand_value
from badugi_spec.interop.pokerkit.refusals import raise_refusal
from badugi_spec.interop.pokerkit.table import Table, quietly


def snapshot_of(table: Table) -> dict[str, Any]:
    names = table.names
    session = {
        "hand": table.hands,
        "dealer": names[table.dealer] if names else None,
        "over": table.over is not None,
        "winner": None if table.over is None else table.over[0],
        "reason": None if table.over is None else table.over[1],
    }
    state = table.state
    if state is None:
        return {"session": session, "stacks": dict(zip(names, table.stacks, strict=True))}
    holdings = _holdings(table)
    hands: dict[str, list[str]] = {name: [] for name in names}
    stacks = dict(zip(names, table.stacks, strict=True))
    for index, seat in enumerate(table.order):
        hands[names[seat]] = [card_text(c) for c in holdings[index]]
        if state.status:
            stacks[names[seat]] = state.stacks[index]
    in_turn = table.pending and table.profile.draw_delivery == "in-turn"
    preview = 1 + sum(len(t) for t in table.pending.values()) if in_turn else 0
    return {
        "session": session,
        "phase": _phase(table),
        "to_act": _to_act(table),
        "legal": sorted(_legal(table)),
        "pot": sum(table.put_in) - sum(table.returned),
        "stacks": stacks,
        "hands": hands,
        "values": {names[table.order[i]]: hand_value(h) for i, h in enumerate(holdings) if h},
        "burns": table.burns + (1 if in_turn else 0),
        "reshuffles": table.reshuffles,
        "stub": max(len(table.stub) - preview, 0),
        "pots": table.final_pots or pots(table),
        "result": None if state.status else _result(table),
    }


def _holdings(table: Table) -> list[list[pokerkit.Card]]:
    state = table.hand_state
    if not state.status:
        return table.known
    holdings = [list(cards) for cards in state.hole_cards]
    for index in range(len(holdings)):
        if not state.statuses[index]:
            holdings[index] = list(table.known[index])  # as it lies in the muck
    if table.profile.draw_delivery == "in-turn":
        # The rules' in-turn view: the burn, then each drawer's replacements (R4.3).
        start = 1
        for index, thrown in sorted(table.pending.items()):
            holdings[index] = holdings[index] + table.stub[start : start + len(thrown)]
            start += len(thrown)
    else:
        # Declared discards stay in the hand until everyone has declared (R8.16).
        for index, thrown in table.pending.items():
            holdings[index] = holdings[index] + thrown
    return holdings


def pots(table: Table) -> list[dict[str, Any]]:
    """Main pot first, then side pots, from each player's chips in the middle (R8.13):
    PokerKit's rule, levels of every contribution, pots with the same players merged."""
    state = table.hand_state
    live = list(state.statuses) if state.status else [bool(k) for k in _live_at_end(table)]
    return _levels(table, live)


def _levels(table: Table, live: list[bool]) -> list[dict[str, Any]]:
    """The pots of every contribution level, each open to the `live` hands that reach
    it; pots next to each other with the same hands are one (R8.13)."""
    contributions = [p - r for p, r in zip(table.put_in, table.returned, strict=True)]
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
        {"amount": amount, "eligible": _named(table, eligible), "winners": []}
        for amount, eligible in pots
    ]


def settled_pots(table: Table) -> list[dict[str, Any]]:
    """The pots with their winners, once PokerKit has pushed the chips (R8.14). A hand
    won by a fold is one pot, to the last player in (R3.10)."""
    state = table.hand_state
    if not any(isinstance(op, pokerkit.HoleCardsShowingOrMucking) for op in state.operations):
        live = _live_at_end(table)
        winner = _named(table, (i for i in range(len(live)) if live[i]))
        return [
            {
                "amount": sum(table.put_in) - sum(table.returned),
                "eligible": winner,
                "winners": winner,
            }
        ]
    # PokerKit pushes each pot to the best of its hands; once it has killed the hands
    # that cannot win, its own pots merge, so the winners are read from its hand values.
    settled = _with_winners(table, table.final_pots)
    if table.profile.pots_without_losers and len(settled) > 1:
        # PokerKit kills every hand that wins no pot and only then counts its pots: the
        # pots it pushes are those formed again among the hands left (R8.31, R13.6). One
        # pot is the same chips either way, and is told as it stands.
        winning = {name for pot in settled for name in pot["winners"]}
        left = [table.names[seat] in winning for seat in table.order]
        settled = _with_winners(table, _levels(table, left))
    return settled


def _with_winners(table: Table, pots: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each pot with its best hands among those it is open to, by PokerKit's values."""
    seat_of = {table.names[seat]: i for i, seat in enumerate(table.order)}
    settled = []
    for pot in pots:
        values = {name: table.shown_values[seat_of[name]] for name in pot["eligible"]}
        best = max(v for v in values.values() if v is not None)
        settled.append(pot | {"winners": [n for n, v in values.items() if v == best]})
    return settled


def _live_at_end(table: Table) -> list[bool]:
    folded = {
        op.player_index for op in table.hand_state.operations if isinstance(op, pokerkit.Folding)
    }
    return [i not in folded for i in range(len(table.order))]


def _named(table: Table, indexes: Iterable[int]) -> list[str]:
    """Players by name, in seat order, as the protocol lists them."""
    return [table.names[seat] for seat in sorted({table.order[i] for i in indexes})]


def _phase(table: Table) -> str:
    state = table.hand_state
    if not state.status:
        return "complete"
    street = state.street_index or 0
    if state.stand_patter_or_discarder_index is not None:
        return f"draw-{street}"
    return f"bet-{street + 1}"


def _to_act(table: Table) -> str | None:
    state = table.hand_state
    index = state.stand_patter_or_discarder_index
    if index is None:
        index = state.actor_index
    return None if index is None else table.names[table.order[index]]


def _legal(table: Table) -> list[str]:
    state = table.hand_state
    if not state.status:
        return []
    if state.stand_patter_or_discarder_index is not None:
        return [f"draw 0-{table.profile.max_discards}"]
    index = state.actor_index
    if index is None:
        return []
    stack = state.stacks[index]
    to_call = state.checking_or_calling_amount or 0
    options: list[tuple[str, int]] = []
    if to_call == 0:
        options.append(("check", 0))
        if quietly(state.can_fold):
            options.append(("fold", 0))
    else:
        options.append(("fold", 0))
        adds = min(to_call, stack)
        options.append((f"call {adds}" + (" all-in" if adds == stack else ""), adds))
    if raise_refusal(state, index) is None:
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


def _result(table: Table) -> dict[str, Any]:
    state = table.hand_state
    names = table.names
    shown_ops = [
        op for op in state.operations if isinstance(op, pokerkit.HoleCardsShowingOrMucking)
    ]
    live = _live_at_end(table)
    won = [
        state.stacks[i] - table.start_stacks[i] + table.put_in[i] - table.returned[i]
        for i in range(len(table.order))
    ]
    results: dict[str, Any] = {
        "ended_by": "showdown" if shown_ops else "fold",
        "winners": [
            names[table.order[i]]
            for i in sorted(range(len(won)), key=table.order.__getitem__)
            if won[i] > 0
        ],
        "won": dict.fromkeys(names, 0),
        "returned": dict.fromkeys(names, 0),
        "shown": dict.fromkeys(names),
    }
    for i, seat in enumerate(table.order):
        results["won"][names[seat]] = won[i]
        results["returned"][names[seat]] = table.returned[i]
        if shown_ops and live[i]:
            results["shown"][names[seat]] = hand_value(table.known[i])
    return results


__all__ = ["pots", "settled_pots", "snapshot_of"]
