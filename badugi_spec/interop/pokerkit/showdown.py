"""The end of a replayed hand compared: how it ended, the showdown, the pots and their
halves, the winners and the final stacks.

At the showdown both engines must agree on the order of showing, each hand's value in each
ranking and the pots (amounts and who may win each), and for a split-pot profile on each
half of each pot; at the end, on the winners, how the hand ended and the final stacks.
Kept apart from the replay (`bridge`), which compares the hand action by action: this is
read once a hand, and is where PokerKit's own way of killing hands and merging pots before
it pushes the chips is allowed for.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pokerkit

from badugi_spec.engine.pots import Pot
from badugi_spec.interop.pokerkit.game import FROM_PK
from badugi_spec.interop.pokerkit.lockstep import Lockstep


def compare_end(side: Lockstep) -> None:
    hand, state = side.hand, side.state
    result = hand.result
    if result is None:
        raise side.diverge("hand over", "not over", "-")
    if result.ended_by == "showdown":
        _showdown(side)
    if state.status:
        raise side.diverge("hand over", f"{result.ended_by}", "still waiting for an operation")
    shown = any(isinstance(op, pokerkit.HoleCardsShowingOrMucking) for op in state.operations)
    if shown != (result.ended_by == "showdown"):
        raise side.diverge("how the hand ended", result.ended_by, "showdown" if shown else "fold")
    paid = {
        side.seats[i]
        for op in state.operations
        if isinstance(op, pokerkit.ChipsPushing)
        for i, amount in enumerate(op.amounts)
        if amount > 0
    }
    if paid != set(result.winners):
        raise side.diverge("winners", str(sorted(result.winners)), str(sorted(paid)))
    ours = [hand.stacks[s] for s in side.seats]
    if ours != list(state.stacks):
        raise side.diverge("final stacks (players in order)", str(ours), str(list(state.stacks)))


def _showdown(side: Lockstep) -> None:
    hand, state = side.hand, side.state
    result = hand.result
    assert result is not None
    # PokerKit's pots before the showing are the pots as they stand (R8.13); the pots
    # a profile awards may have been formed again without the losing hands (R8.31).
    if side.profile.pots_without_losers:
        _compare_pots(side, hand._build_pots(hand._uncalled_back()[1]))
    else:
        _compare_pots(side, result.pots)
    # Each seat's value in each ranking, PokerKit's hand type of the same index (R8.29).
    theirs_values: dict[int, list[pokerkit.Hand]] = {}
    for seat in hand.live():
        theirs_values[seat] = []
        for half, ours in enumerate(hand.values(seat)):
            value = state.get_hand(side.index[seat], 0, half)
            if value is None:
                raise side.diverge(f"seat {seat}'s hand at showdown", str(ours), "none")
            playing = sorted((FROM_PK[c].rank.order for c in value.cards), reverse=True)
            if playing != sorted((card.rank.order for card in ours.cards), reverse=True):
                raise side.diverge(f"seat {seat}'s hand value", str(ours), str(value))
            theirs_values[seat].append(value)
    order = [row[1] for row in hand._rows if row[0] == "show"]
    shown: list[int] = []
    while state.showdown_index is not None:
        shown.append(side.seats[state.showdown_index])
        side.pk("show", lambda: state.show_or_muck_hole_cards(True))
    if shown != order:
        raise side.diverge("the order of showing", str(order), str(shown))
    if len(side.profile.halves) > 1:
        _compare_halves(side, result.pots, theirs_values)


def _compare_pots(side: Lockstep, pots: Sequence[Pot]) -> None:
    state = side.state
    eligible = [sorted(side.seats[i] for i in pot.player_indices) for pot in state.pots]
    theirs = [(pot.amount, seats) for pot, seats in zip(state.pots, eligible, strict=True)]
    ours = [(pot.amount, sorted(pot.eligible)) for pot in pots]
    if ours != theirs:
        raise side.diverge("pots (amount, eligible seats)", str(ours), str(theirs))


def _compare_halves(
    side: Lockstep, pots: Sequence[Pot], values: dict[int, list[pokerkit.Hand]]
) -> None:
    """Each pot's halves (R8.29): the chips in each, who has the best hand for it, and
    what each of them takes (odd chips: R8.15, R8.30).

    PokerKit kills the hands that win nothing before it pushes the chips, then counts
    its pots again among the hands left: pots next to each other with the same players
    left become one. It pushes each of those pots in halves, or whole when one hand is
    left. Ours are compared with its pots: their halves summed, whole ones as a scoop.
    """
    state = side.state
    pushed: dict[tuple[int, int | None], dict[int, int]] = {}
    for op in state.operations:
        if isinstance(op, pokerkit.ChipsPushing):
            shares = pushed.setdefault((op.pot_index, op.hand_type_index), {})
            for i, amount in enumerate(op.amounts):
                if amount:
                    shares[side.seats[i]] = shares.get(side.seats[i], 0) + amount
    left = {seat for seat in values if state.statuses[side.index[seat]]}
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
                raise side.diverge(
                    f"who takes the {label}",
                    _half(sum(p.amount for p in group), sorted(scoop), ours_whole),
                    f"one hand left: {_half(sum(whole.values()), sorted(whole), whole)}",
                )
            continue
        for half_index, ranking in enumerate(side.profile.halves):
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
                raise side.diverge(f"the {ranking} half of the {label}", ours, theirs)


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


__all__ = ["compare_end"]
