"""The sums behind a raise in the big-bet and spread structures, worked out from the state
of a hand and then held against the engine's own legal range (R14.3-R14.8).

Each sum is computed the way a dealer says it (the call first, then the pot after the call,
then the raise), independently of `engine.betting`; `check` stops the build if the two ever
disagree, so the page cannot show a sum the engine does not play.
"""

from __future__ import annotations

from dataclasses import dataclass

from badugi_spec.engine import Action, Kind
from badugi_spec.errors import IllegalAction

from .play import Played


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a player stands when it is their turn to bet or raise."""

    who: str
    level: int
    """The bet to match this round."""
    committed: int
    """What the player has put in this round already."""
    pot: int
    """Every chip in the middle, this round's included."""
    increment: int
    """The last full bet or raise this round: the least a raise adds (R14.3)."""
    least: int
    most: int
    """The engine's range for a raise (or bet), as round totals."""

    @property
    def call(self) -> int:
        return self.level - self.committed

    @property
    def after_call(self) -> int:
        return self.pot + self.call


def spot(played: Played) -> Spot:
    hand = played.hand
    seat = hand.to_act
    assert seat is not None
    legal = played.legal()
    option = legal.get(Kind.RAISE) or legal[Kind.BET]
    return Spot(
        played.to_act,
        hand.bet_to_match,
        hand.committed[seat],
        hand.pot,
        played.increment(),
        option.to,
        option.most or option.to,
    )


def check(label: str, ours: int, engine: int) -> int:
    if ours != engine:
        raise ValueError(f"lesson sum for {label}: worked out {ours}, the engine says {engine}")
    return ours


def pot_limit_steps(s: Spot) -> list[str]:
    """The pot-size raise, step by step (R14.4)."""
    top = check("pot limit", s.level + s.after_call, s.most)
    return [
        f"**Call first.** {s.who} must match the bet of {s.level}; with {s.committed} in"
        f" already that is {s.level} − {s.committed} = **{s.call}**.",
        f"**The pot after the call.** {s.pot} in the middle + {s.call} = **{s.after_call}**.",
        f"**Raise by that pot.** The bet of {s.level} + {s.after_call} = **{top}**:"
        f" {s.who} may raise to {top} at most.",
    ]


def half_pot_steps(s: Spot, *, rounding: str) -> list[str]:
    """Half the pot after the call (R14.7), rounded as the profile says."""
    half, odd = divmod(s.after_call, 2)
    extra = half + (1 if odd and rounding == "up" else 0)
    top = check("half pot", s.level + extra, s.most)
    rounded = f" ({s.after_call} ÷ 2, rounded {rounding})" if odd else ""
    return [
        f"**Call first:** {s.level} − {s.committed} = **{s.call}**.",
        f"**The pot after the call:** {s.pot} + {s.call} = **{s.after_call}**.",
        f"**Half of it:** **{extra}**{rounded}.",
        f"**Raise by the half:** {s.level} + {extra} = **{top}** at most.",
    ]


def least_raise_steps(s: Spot) -> list[str]:
    """The smallest raise in no limit (and pot limit): the last full bet or raise again."""
    least = check("smallest raise", s.level + s.increment, s.least)
    return [
        f"**The last full bet or raise** this round added **{s.increment}**.",
        f"**A raise must add at least as much:** {s.level} + {s.increment} = **{least}**.",
    ]


def spread_steps(s: Spot, *, low: int, high: int) -> list[str]:
    """A spread-limit raise: by the spread's minimum (or the last raise) up to its maximum."""
    by_least = max(low, s.increment)
    least = check("spread least", s.level + by_least, s.least)
    most = check("spread most", s.level + high, s.most)
    return [
        f"**Raise by {low} to {high}**, and at least by the last raise ({s.increment}):"
        f" by {by_least} at least.",
        f"**So:** from {s.level} + {by_least} = **{least}** to {s.level} + {high} = **{most}**.",
    ]


def refused(played: Played, to: int) -> str:
    """What the engine says to a raise to `to` (the state is left as it was)."""
    hand = played.hand
    seat = hand.to_act
    assert seat is not None
    try:
        hand.apply(Action(seat, Kind.RAISE, to))
    except IllegalAction as error:
        return f"{error.rule} {error.code}: {error.message}"
    raise ValueError(f"the engine accepted a raise to {to}, which the lesson calls too big")


def steps_html(lines: list[str]) -> str:
    """An ordered list in Markdown (a blank line before it, so it is a list)."""
    return "\n" + "\n".join(f"{n}. {line}" for n, line in enumerate(lines, start=1)) + "\n"
