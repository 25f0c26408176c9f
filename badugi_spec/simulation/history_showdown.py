"""The showdown's properties: who shows first, who wins each pot, and where odd chips go.

Each pot, or each half of a split pot, goes to the best hands among the players eligible
for it (R5.1, R8.14, R8.29), valued by the profile's rankings; tied hands share it with the
odd chips given by position from the first seat left of the button (R8.15), and an odd
pot's extra chip goes to the half the profile names (R8.30). The last player to bet or
raise in the final betting round shows first, else the first player still in left of the
button, then clockwise (R8.22). Who won is the engine's evaluator's word; how the chips
are shared among them and who shows when are checked from the history alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_spec.engine.hand import Hand
from badugi_spec.engine.pots import Half, Pot
from badugi_spec.simulation.history import PUTS_IN, Broken, Step


def check(hand: Hand, steps: Sequence[Step]) -> list[Broken]:
    result = hand.result
    assert result is not None
    broken = _show_order(hand, steps) + _mucks(hand, steps)
    values = {seat: [v.strength for v in hand.values(seat)] for seat in hand.live()}
    for number, pot in enumerate(result.pots):
        broken += _pot(hand, number, pot, values)
    return broken


def _show_order(hand: Hand, steps: Sequence[Step]) -> list[Broken]:
    rounds = hand.profile.betting_rounds
    committed = [0] * hand.seats
    put = [0] * hand.seats
    aggressor: int | None = None
    shown: list[int] = []
    for drawing, number, event in steps:
        kind, seat = event.kind, event.seat
        if kind in ("show", "muck"):  # a muck takes the place its hand was shown in
            shown.append(seat)  # type: ignore[arg-type]
        elif kind == "return":
            put[seat] -= event.amount  # type: ignore[index]
        elif kind in PUTS_IN:
            put[seat] += event.amount  # type: ignore[index]
            if not drawing and number == rounds:
                level = max(committed)
                committed[seat] += event.amount  # type: ignore[index]
                if committed[seat] > level and kind != "post":  # type: ignore[index]
                    aggressor = seat  # a blind is no bet (R8.22)
    expected = _expected_order(hand, aggressor, put)
    if shown == expected:
        return []
    who = "nobody bet" if aggressor is None else f"seat {aggressor} bet or raised last"
    return [
        Broken(
            "R8.22",
            "show-order",
            f"hands shown by seats {shown}; {who} in betting round {rounds}, under"
            f" {hand.profile.show_order}: {expected}",
        )
    ]


def _mucks(hand: Hand, steps: Sequence[Step]) -> list[Broken]:
    """A muck takes a hand that wins nothing out of the showdown, where the profile lets
    a player muck at all (R8.32): it never moves a chip."""
    result = hand.result
    assert result is not None
    for _, _, event in steps:
        seat = event.seat
        if event.kind != "muck" or seat is None:
            continue
        if hand.profile.muck == "never" or result.won[seat]:
            return [
                Broken(
                    "R8.32",
                    "muck",
                    f"seat {seat} mucked under muck = {hand.profile.muck},"
                    f" winning {result.won[seat]}",
                )
            ]
    return []


def _expected_order(hand: Hand, aggressor: int | None, put: Sequence[int]) -> list[int]:
    """The show order of R8.22 under the profile's reading. All-in is no chips behind once
    uncalled chips are back: what a seat ends with, less what it won."""
    live = hand.live()
    result = hand.result
    assert result is not None
    reading = hand.profile.show_order
    all_in = {seat for seat in live if hand.stacks[seat] - result.won[seat] == 0}
    if reading == "face-up-if-all-in" and all_in:
        return live
    first = aggressor if aggressor in live else live[0]
    if aggressor not in live and reading == "first-to-act":
        first = next((seat for seat in live if seat not in all_in), first)
    start = live.index(first)
    order = live[start:] + live[:start]
    if aggressor not in live and reading == "all-in-first":
        order.sort(key=lambda seat: seat not in all_in)
    if reading == "side-pots-first":
        # A player's tier is the last pot they are in (a pot at each level a player still
        # in reached, R8.13): the later side pots show first, in order within each.
        levels = sorted({put[seat] for seat in live if put[seat] > 0})
        tier = {seat: sum(1 for level in levels if level <= put[seat]) for seat in live}
        order.sort(key=lambda seat: -tier[seat])
    return order


def _pot(hand: Hand, number: int, pot: Pot, values: dict[int, list[int]]) -> list[Broken]:
    halves = hand.profile.halves
    parts = pot.halves or (Half("", pot.amount, pot.winners, pot.shares),)
    if len(parts) != len(halves):
        return [
            Broken("R8.29", "halves", f"pot {number} has {len(parts)} parts, not {len(halves)}")
        ]
    broken: list[Broken] = []
    for i, part in enumerate(parts):
        top = max(values[seat][i] for seat in pot.eligible)
        best = [seat for seat in pot.eligible if values[seat][i] == top]
        if sorted(part.winners) != sorted(best):
            what = f"pot {number}" + (f" half {i + 1}" if len(parts) > 1 else "")
            broken.append(
                Broken(
                    "R5.1",
                    "pot-to-best",
                    f"{what} to seats {list(part.winners)}; the best among"
                    f" {list(pot.eligible)} are {best}",
                )
            )
            continue
        broken += _odd_chip(hand, number, i, part)
    if len(parts) == 2:
        broken += _between_halves(hand, number, pot, parts)
    return broken


def _odd_chip(hand: Hand, number: int, index: int, part: Half) -> list[Broken]:
    """Tied hands share; the odd chips go by position from the button's left (R8.15)."""
    tied = part.winners
    share, odd = divmod(part.amount, len(tied))
    by_position = sorted(tied, key=hand.order.index)
    if hand.profile.odd_chip == "all-to-first-left-of-button":
        expected = [share + (odd if seat == by_position[0] else 0) for seat in tied]
    else:
        expected = [share + (by_position.index(seat) < odd) for seat in tied]
    if list(part.shares) == expected:
        return []
    what = f"pot {number}" + (f" half {index + 1}" if hand.profile.split_ranking else "")
    return [
        Broken(
            "R8.15",
            "odd-chip",
            f"{what} of {part.amount} among seats {list(tied)} shared {list(part.shares)};"
            f" from the first left of the button (button seat {hand.dealer}): {expected}",
        )
    ]


def _between_halves(hand: Hand, number: int, pot: Pot, parts: Sequence[Half]) -> list[Broken]:
    amounts = [part.amount for part in parts]
    if sum(amounts) != pot.amount or abs(amounts[0] - amounts[1]) > 1:
        return [Broken("R8.29", "halves", f"pot {number} of {pot.amount} halved {amounts}")]
    if pot.amount % 2 == 0:
        return []
    rule = hand.profile.odd_chip_between_halves
    if rule == "first-listed":
        first = True
    elif rule == "low-half":
        first = False
    else:
        # By position: the half of the winner first left of the button; the first half
        # when that player has a share of both (R8.30's interpretation).
        seats = [seat for part in parts for seat in part.winners]
        leader = min(seats, key=hand.order.index)
        first = leader in parts[0].winners
    if (amounts[0] > amounts[1]) == first:
        return []
    bigger = "first" if first else "second"
    return [
        Broken(
            "R8.30",
            "odd-chip-between-halves",
            f"pot {number} of {pot.amount} halved {amounts}; under {rule} the {bigger} half"
            " takes the odd chip",
        )
    ]


__all__ = ["check"]
