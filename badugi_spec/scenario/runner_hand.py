"""What the runner checks of a hand as a whole, beside its expectations: that the stated
deal went where it should (the button, each player's cards, nobody left out who has chips)
and that the hand reached its result unless it says `unfinished`. Pure functions of the
case and the state; the runner turns a problem into the divergence it reports.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Problem:
    expected: str
    actual: str
    hint: str = ""
    step: dict[str, Any] | None = None
    """The step to report it at, when not the deal."""


def deal_problem(hand: dict[str, Any], state: dict[str, Any]) -> Problem | None:
    """The stated cards went where they were meant to: the deck was ordered from the
    button's left, so the button is checked first (R1.7, R8.4, R8.23)."""
    dealer = (state.get("session") or {}).get("dealer")
    number = hand["number"]
    if dealer != hand["dealer"]:
        return Problem(
            f"{hand['dealer']} deals hand {number} (the stated cards go round from the left)",
            f"{dealer} deals hand {number}",
            "say who deals this hand with 'expect button <Name>'",
        )
    held_by: dict[str, list[str]] = state.get("hands", {})
    for name, cards in hand["deal"].items():
        held = held_by.get(name, [])
        if sorted(held) != sorted(cards):
            return Problem(
                f"{name} is dealt {' '.join(cards)}", f"{name} is dealt {' '.join(held)}"
            )
    for name, held in held_by.items():
        if held and name not in hand["deal"]:
            return Problem(
                f"{name} is dealt nothing (left out of the deal: no chips, R8.23)",
                f"{name} is dealt {' '.join(held)}",
                f"{name} has chips, so is dealt in: give {name} cards on the deal line",
            )
    return None


def ending_problem(hand: dict[str, Any], state: dict[str, Any]) -> Problem | None:
    """A hand reaches its result, unless the scenario says it stops on purpose."""
    over = state.get("result") is not None
    unfinished = hand.get("unfinished")
    steps = hand["steps"]
    last = steps[-1] if steps else {"line": hand["line"], "source": f"hand {hand['number']}"}
    if unfinished is None and not over:
        to_act = state.get("to_act")
        return Problem(
            "the hand played to its result",
            f"the hand stops in {state.get('phase')}" + (f", {to_act} to act" if to_act else ""),
            "play the hand to its end, or add a line 'unfinished' after this one if it stops"
            " here on purpose",
            step=last,
        )
    if unfinished is not None and over:
        return Problem(
            "the hand still going on ('unfinished')",
            "the hand is over",
            "remove 'unfinished': the hand reached its result",
            step={"line": unfinished["line"], "source": "unfinished"},
        )
    return None


def reject_hint(step: dict[str, Any], code: object) -> str:
    """The fix when an action was refused: the `reject` line that shows the refusal."""
    line = f"reject {action_text(step)} with {code}"
    if step.get("op") == "reject":
        return f"if that refusal is the one to show, write: {line}"
    return f"if the refusal is what this line shows, write: {line}"


def action_text(step: dict[str, Any]) -> str:
    """An action as the scenario wrote it: the step's source, without a `reject` in front."""
    source = str(step.get("source", ""))
    if step.get("op") == "reject":
        source = source.removeprefix("reject ").rsplit(" with ", 1)[0]
    return source or f"{step.get('player')} {step.get('action')}"


def state_diff(before: dict[str, Any], after: dict[str, Any]) -> str:
    keys = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    return (
        "; ".join(f"{k}: {before.get(k)!r} -> {after.get(k)!r}" for k in keys)
        or "no visible change"
    )
