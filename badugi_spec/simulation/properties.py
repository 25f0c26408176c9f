"""The rules as properties of a hand's history: what any hand our engine plays must satisfy.

This is the one place that says what a hand must satisfy, each property citing its rule;
`simulate` (through `watch`) and `fuzz` both run it on every hand our engine plays. No
second engine is needed: each property reads the hand's own events, start and result.

How to call it:

- `check_hand(hand) -> list[Broken]` on a finished hand, or on one stopped part way (an
  `unfinished` trial): every history property (`HISTORY`). An empty list is a pass.
- `refused(hand, action, error) -> Broken | None` when `hand.apply(action)` raised
  `IllegalAction`, called BEFORE anything else is applied: a Broken when `legal` had
  listed the action (`offer-refused`). A draw of one card or more refused `deck-short` is
  not one: `legal` lists up to the most discards, and R4.6 and R8.18 let the stub refuse
  what it cannot serve; the player then discards fewer. Standing pat is never refused.
- `stuck(hand) -> Broken | None` after every step: the hand is not over, yet nobody has an
  option to take (`no-action`).
- `endless(hand, steps) -> Broken` when a hand has taken more than `MAX_STEPS` steps
  (`hand-ends`): no hand of any profile needs that many.
- `offered(hand, action)`: whether `legal` lists `action` (the test `refused` applies).

A `Broken` names the rule whose property broke (`rule`), the property (`name`, a key of
`PROPERTIES`) and one line with the figures (`message`); `str(broken)` is all three.
"""

from __future__ import annotations

from typing import Final

from badugi_spec.engine.actions import Action, Event, Kind, Legal
from badugi_spec.engine.hand import Hand
from badugi_spec.errors import IllegalAction
from badugi_spec.simulation import history_cards, history_chips, history_showdown
from badugi_spec.simulation.history import Broken, phased

PROPERTIES: Final = {
    # name: (rule, what must hold)
    "chips-conserved": ("R5.8", "no chip is made or lost: stacks and pot always add up"),
    "settlement": ("R5.8", "each seat ends with its chips, less what it put in, plus what it won"),
    "pots-hold-the-chips": ("R8.13", "the pots hold every chip put in and not given back"),
    "pot-shares": ("R8.14", "each pot's shares add up to it, and only its winners get any"),
    "pot-to-best": ("R5.1", "each pot, or half, goes to the best hands among its eligible"),
    "odd-chip": ("R8.15", "odd chips go to the tied players first left of the button"),
    "halves": ("R8.29", "a split pot has one half per ranking, a chip apart at most"),
    "odd-chip-between-halves": ("R8.30", "an odd pot's extra chip goes to the half named"),
    "show-order": ("R8.22", "the last aggressor shows first, else as the profile's reading says"),
    "muck": ("R8.32", "a mucked hand wins nothing, and only where the profile allows a muck"),
    "cap": ("R3.6", "no betting round holds more bet levels than the profile's cap"),
    "deal": ("R1.7", "cards dealt one at a time from the top, first left of the button"),
    "one-place": ("R4.5", "every card is in one place: the stub, one hand, or a pile"),
    "deck-order": ("R1.6", "the cards taken are the deck's top cards, as many as the engine says"),
    "draw-from-top": ("R4.2", "replacements come off the top of the stub, in turn"),
    "burn": ("R4.4", "each draw burns the profile's cards off the top, before serving"),
    "draw-order": ("R4.3", "players draw in order from the first left of the button"),
    "draw-count": ("R4.2", "a player gets as many cards as they discard"),
    "declared": ("R8.16", "a declared draw is the one served"),
    "reshuffle-piles": ("R8.18", "a rebuilt stub holds only the piles the profile names"),
    "own-discards": ("R8.20", "nobody is dealt back their own discard while others remain"),
    "offer-refused": ("", "whatever `legal` lists is accepted (rule: the refusal's)"),
    "no-action": ("R3.3", "a hand not over always has a player with an option"),
    "hand-ends": ("R3.1", "every hand ends"),
}
"""Every property: its rule and what it says (`offer-refused` cites the refusal's rule)."""

MAX_STEPS: Final = 400
"""A hand that needs more steps than this is stuck: the longest takes far fewer."""


def check_hand(hand: Hand) -> list[Broken]:
    """Every history property of `hand`, finished or stopped part way; [] when all hold."""
    # The log's rows as events, the show rows' notes left unworded: `hand.events` words
    # every hand value, and the properties never read them (a third of their cost).
    steps = phased(list(map(Event._make, hand._rows)))
    broken = history_chips.check(hand, steps)
    broken += history_cards.check(hand, steps)
    if hand.result is not None and hand.result.ended_by == "showdown":
        broken += history_showdown.check(hand, steps)
    return broken


def offered(hand: Hand, action: Action) -> bool:
    """Whether `hand.legal_actions()` lists `action` for the player to act."""
    if action.seat != hand.to_act:
        return False
    return any(_lists(option, action, hand) for option in hand.legal_actions())


def _lists(option: Legal, action: Action, hand: Hand) -> bool:
    if option.kind is not action.kind:
        return False
    if action.kind is Kind.DRAW:
        held = {card.index for card in hand.holdings[action.seat]}
        thrown = [card.index for card in action.discards]
        return (
            len(thrown) <= option.adds
            and len(set(thrown)) == len(thrown) <= len(held)
            and (set(thrown) <= held)
        )
    amount = action.amount
    if amount is None or action.kind in (Kind.CHECK, Kind.FOLD):
        return True
    if action.kind in (Kind.BET, Kind.RAISE):
        return option.to <= amount <= max(option.to, option.most)
    return amount == option.adds


def refused(hand: Hand, action: Action, error: IllegalAction) -> Broken | None:
    """A Broken when `legal` listed `action`, which the engine then refused with `error`.

    Call it before the hand moves on (it reads the options as they were). A draw of cards
    the stub cannot serve is the one allowed refusal of a listed option (R4.6, R8.18).
    """
    if not offered(hand, action):
        return None
    if error.code == "deck-short" and action.kind is Kind.DRAW and action.discards:
        return None
    what = "stands pat" if action.kind is Kind.DRAW and not action.discards else _said(action)
    listed = ", ".join(option.describe() for option in hand.legal_actions())
    return Broken(
        error.rule or "R8.24",
        "offer-refused",
        f"seat {action.seat} {what} in {hand.phase}: listed by legal ({listed}),"
        f" refused {error.code}: {error.message}",
    )


def stuck(hand: Hand) -> Broken | None:
    """A Broken when the hand is not over and nobody has an option to take."""
    if hand.result is not None:
        return None
    if hand.to_act is not None and hand.legal_actions():
        return None
    return Broken(
        "R3.3",
        "no-action",
        f"the hand is not over ({hand.phase}) but nobody can act: to act {hand.to_act},"
        f" {len(hand.legal_actions())} options",
    )


def endless(hand: Hand, steps: int) -> Broken:
    """The Broken of a hand still going after `steps` steps."""
    return Broken("R3.1", "hand-ends", f"the hand did not end after {steps} steps ({hand.phase})")


def _said(action: Action) -> str:
    if action.kind is Kind.DRAW:
        return "discards " + " ".join(str(card) for card in action.discards)
    amount = "" if action.amount is None else f" {action.amount}"
    return f"{action.kind.value}{amount}"


__all__ = [
    "MAX_STEPS",
    "PROPERTIES",
    "Broken",
    "check_hand",
    "endless",
    "offered",
    "refused",
    "stuck",
]
