"""The rows of one hand's table: who sits where, each section's heading (a betting round,
a draw) and what each row says (a blind, a bet, a draw, a refused action): the figures and
cards here, the words in `templates/hand/words.html`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from badugi_spec.cards import Card, cards_of
from badugi_spec.profiles import Profile
from badugi_spec.replays.words import ordinal
from badugi_spec.scenario.runner import TraceRow

from .hand_values import held_html
from .render import cardify, cards_html, text
from .templating import html


@dataclass(frozen=True)
class Seats:
    """The players dealt in, clockwise from left of the button (R8.2), and their profile."""

    profile: Profile
    dealer: str
    order: tuple[str, ...]

    @property
    def heads_up(self) -> bool:
        return len(self.order) == 2

    @property
    def small_blind(self) -> str:
        # Heads-up the button posts the small blind (R1.5, R8.3).
        return self.order[-1] if self.heads_up else self.order[0]

    @property
    def big_blind(self) -> str:
        return self.order[0] if self.heads_up else self.order[1]

    @property
    def opener(self) -> str:
        """The first to act before the draw: left of the big blind (R3.3, R8.5)."""
        return self.order[-1] if self.heads_up else self.order[2 % len(self.order)]


def seats_of(profile: Profile, dealer: str, state: dict[str, Any]) -> Seats:
    names = list(state["stacks"])
    at = names.index(dealer) if dealer in names else len(names) - 1
    clockwise = names[at + 1 :] + names[: at + 1]
    dealt = tuple(name for name in clockwise if state["hands"].get(name))
    return Seats(profile, dealer, dealt)


def refusal(step: dict[str, Any], row: TraceRow) -> dict[str, Any]:
    """A refused action: what the player tried (a refused draw's cards one by one: it may
    name one twice, R4.2), the rule cited and the engine's reason."""
    rule, _, reason = row.detail.partition(f" {step['code']}: ")
    if not reason:
        rule, reason = "", row.detail
    thrown = [Card.parse(c) for c in step.get("discards", [])]
    return {
        "say": "refused",
        "kind": step["action"],
        "amount": step.get("amount"),
        "thrown": html(cards_html(thrown)),
        "rule": rule,
        "reason": html(cardify(text(reason))),
    }


def _section(phase: str, seats: Seats) -> dict[str, Any]:
    """What heads a part of the hand: a betting round, a draw, or its end."""
    kind, _, number_text = phase.partition("-")
    number = int(number_text or 0)
    return {"kind": kind, "number": number, "seats": seats, "ordinal": ordinal(number - 1)}


@dataclass
class Table:
    """Rows of one hand's table (`templates/hand/hand.html`), with the chips in the round."""

    rows: list[dict[str, Any]]
    section: str = ""
    in_round: dict[str, int] | None = None
    betting: str = "fixed-limit"
    """The hand's structure: a raise to the pot in pot limit shows its sum."""

    def open(self, phase: str, seats: Seats) -> None:
        self.betting = seats.profile.betting
        if phase != self.section:
            self.section = phase
            self.rows.append({"section": _section(phase, seats)})
            if phase.startswith("bet-") and phase != "bet-1":
                self.in_round = {}

    def add(
        self,
        css: str,
        line: int | str,
        who: str,
        what: dict[str, Any],
        state: dict[str, Any] | None,
    ) -> None:
        self.rows.append(
            {
                "section": "",
                "css": css,
                "line": line,
                "who": who,
                "what": what,
                "pot": state.get("pot", "") if state else "",
                "stacks": list(state.get("stacks", {}).items()) if state else [],
            }
        )


def bet_what(
    step: dict[str, Any], before: dict[str, Any], after: dict[str, Any], table: Table
) -> dict[str, Any]:
    player = step["player"]
    added = before["stacks"][player] - after["stacks"][player]
    contributed = table.in_round if table.in_round is not None else {}
    had = contributed.get(player, 0)
    level = max(contributed.values(), default=0)
    total = had + added
    pot_sum = _pot_sum(table.betting, level=level, had=had, pot=before["pot"], total=total)
    contributed[player] = total
    table.in_round = contributed
    all_in = after["stacks"][player] == 0 and added
    said = {"say": step["action"], "added": added, "total": total, "all_in": all_in}
    return said | {"pot_sum": pot_sum}


def _pot_sum(betting: str, *, level: int, had: int, pot: int, total: int) -> dict[str, int] | None:
    """In pot limit, the sum behind a bet or raise of exactly the pot (R14.4): the call, the
    pot after it, the raise; only when the amount played is that sum, so the row never
    claims a limit the engine did not apply."""
    if betting != "pot-limit":
        return None
    call = level - had
    after = pot + call
    if total != level + after:
        return None
    return {"level": level, "pot": pot, "call": call, "after": after, "total": total}


def draw_what(
    step: dict[str, Any], before: dict[str, Any], after: dict[str, Any]
) -> dict[str, Any]:
    player = step["player"]
    held = html(held_html(cards_of(after["hands"][player])))
    thrown = cards_of(step.get("discards", []))
    if not thrown:
        return {"say": "pat", "held": held}
    old = set(before["hands"][player])
    came = cards_of([c for c in after["hands"][player] if c not in old])
    # Everyone declares first; the cards come after the last declaration (R8.16).
    return {
        "say": "drew" if came else "declared",
        "thrown": html(cards_html(thrown)),
        "count": len(thrown),
        "came": html(cards_html(came)),
        "held": held,
    }


def blind_rows(table: Table, state: dict[str, Any], before: dict[str, int], seats: Seats) -> None:
    profile = seats.profile
    pot = 0
    running = dict(before)
    table.in_round = {}
    if profile.ante:
        # Antes are dead money, not part of the first round's bet (R8.3).
        for name in seats.order:
            ante = min(profile.ante, running[name])
            pot += ante
            running[name] -= ante
            table.add(
                "blind", "", name, {"say": "ante", "ante": ante}, {"pot": pot, "stacks": running}
            )
    for name, blind in ((seats.small_blind, "small"), (seats.big_blind, "big")):
        posted = running[name] - state["stacks"][name]
        size = profile.small_blind if blind == "small" else profile.big_blind
        pot += posted
        running[name] -= posted
        table.in_round[name] = posted
        what = {
            "say": "blind",
            "blind": blind,
            "posted": posted,
            "short": posted < size,
            "name": name,
        }
        table.add("blind", "", name, what, {"pot": pot, "stacks": running})


def delivered(
    waiting: list[str],
    step: dict[str, Any],
    before: dict[str, Any],
    after: dict[str, Any],
    table: Table,
) -> list[str]:
    """A row for each player who declared earlier in this draw and is dealt now; who waits."""
    still = []
    for name in waiting:
        came = [c for c in after["hands"][name] if c not in set(before["hands"][name])]
        if came:
            held = html(held_html(cards_of(after["hands"][name])))
            what = {"say": "delivered", "came": html(cards_html(cards_of(came))), "held": held}
            table.add("act", "", name, what, None)
        else:
            still.append(name)
    player = step["player"]
    thrown = step.get("discards", [])
    if thrown and set(after["hands"][player]) == set(before["hands"][player]):
        still.append(player)
    return still
