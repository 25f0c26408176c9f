"""How the chips of a showdown are shared: the pots as they formed, and in a split game
each pot's two halves, who takes which and why, the scoop and the odd chips.

The engine has already settled every pot (`Hand.result.pots`, with `halves` in a split
game); this module only says in words what it decided, citing the rule of each step, so
the narration can never disagree with the engine's numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_spec.cards import Card
from badugi_spec.engine import Hand
from badugi_spec.engine.pots import Half, Pot
from badugi_spec.profiles import Profile
from badugi_spec.rankings import RankedValue, ranking
from badugi_spec.trainer import values
from badugi_spec.trainer.wording import Line, Names

ODD_CHIP_WHY = {
    "by-position": "to the half won by the first winner left of the button",
    "low-half": "to the low half",
    "first-listed": "to the first half, the Badugi",
}


def pot_label(number: int) -> str:
    return "the main pot" if number == 0 else f"side pot {number}"


def together(names: Names, seats: Sequence[int]) -> str:
    said = [names.obj(seat) for seat in seats]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def pot_lines(hand: Hand, *, names: Names) -> list[Line]:
    """The pots of a settled showdown, and in a split game every half of each."""
    result = hand.result
    assert result is not None
    pots = result.pots
    lines: list[Line] = []
    if len(pots) > 1:
        parts = [
            f"{pot_label(n)} {pot.amount} between {together(names, pot.eligible)}"
            for n, pot in enumerate(pots)
        ]
        lines.append(
            Line(
                "R8.13",
                "The pots: " + "; ".join(parts) + ". A player can win only the pots their"
                " chips reached.",
            )
        )
    if values.is_split(hand.profile):
        for number, pot in enumerate(pots):
            lines += _halves(hand, pot, number, names=names)
    elif len(pots) > 1:
        for number, pot in enumerate(pots):
            lines.append(_whole(pot, number, names=names))
    return lines


def _whole(pot: Pot, number: int, *, names: Names) -> Line:
    """Who takes one of several pots: the best hand among the players in it (R8.14)."""
    label = pot_label(number)
    if len(pot.winners) == 1:
        who = f"to {names.obj(pot.winners[0])}"
    else:
        shares = ", ".join(
            f"{names.obj(s)} {n}" for s, n in zip(pot.winners, pot.shares, strict=True)
        )
        who = f"shared by equal hands ({shares})"
    among = "the only player in it" if len(pot.eligible) == 1 else "the best hand among"
    them = "" if len(pot.eligible) == 1 else f" {together(names, pot.eligible)}"
    return Line("R8.14", f"{label[0].upper()}{label[1:]}, {pot.amount}: {who}, {among}{them}.")


def _halves(hand: Hand, pot: Pot, number: int, *, names: Names) -> list[Line]:
    label = pot_label(number)
    first, second = pot.halves
    lines = [
        Line(
            "R8.29",
            f"{label[0].upper()}{label[1:]}, {pot.amount}, is split in halves:"
            f" {first.amount} for the {values.half_name(first.ranking)} and"
            f" {second.amount} for the {values.half_name(second.ranking)}.",
        )
    ]
    if pot.amount % 2:
        bigger = first if first.amount > second.amount else second
        rule = hand.profile.odd_chip_between_halves
        lines.append(
            Line(
                "R8.30",
                f"The odd chip goes {ODD_CHIP_WHY.get(rule, 'as the profile says')}"
                f" ({rule}): the {values.half_name(bigger.ranking)} gets it.",
            )
        )
    for half in pot.halves:
        lines.append(_half(hand, half, pot.eligible, names=names))
    if len(first.winners) == 1 and first.winners == second.winners:
        seat = first.winners[0]
        lines.append(
            Line(
                "R8.29",
                f"{names.does(seat, 'scoop')} {label}: the best hand in both halves,"
                f" {pot.amount} chips.",
            )
        )
    return lines


def _half(hand: Hand, half: Half, eligible: Sequence[int], *, names: Names) -> Line:
    chosen = ranking(half.ranking)
    valued = {seat: chosen.evaluate(hand.holdings[seat]) for seat in eligible}
    name = values.half_name(half.ranking)
    top = valued[half.winners[0]]
    if len(half.winners) > 1:
        shares = ", ".join(
            f"{names.obj(s)} {n}" for s, n in zip(half.winners, half.shares, strict=True)
        )
        odd = (
            "; the odd chip to the first of them left of the button (R8.15)"
            if half.amount % len(half.winners)
            else ""
        )
        return Line(
            "R8.15" if odd else chosen.rule,
            f"The {name}, {half.amount}: {together(names, half.winners)} tie with {top};"
            f" suits never break a tie, so it is shared ({shares}){odd}.",
        )
    seat = half.winners[0]
    losers = [v for s, v in valued.items() if s not in half.winners]
    why = _why(top, max(losers)) if losers else "nobody else is in this pot"
    return Line(
        chosen.rule,
        f"The {name}, {half.amount}: to {names.obj(seat)} with {top} ({why}).",
    )


def _why(winner: RankedValue, loser: RankedValue) -> str:
    return winner.reason_against(loser)


def drop_lines(profile: Profile, held: Sequence[Card]) -> list[Line]:
    """Why the cards that do not play in the Badugi half are left out of it."""
    value = values.values(profile, held)[0]
    assert isinstance(value, RankedValue)
    rule = value.ranking.rule
    return [
        Line(rule, "  " + text.strip()) for text in value.explain().lines[1:] if "dropped" in text
    ]
