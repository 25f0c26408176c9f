"""The rows of one hand's table: who sits where, the heading of each section (a betting
round with its bet size and cap, a draw with its burn), and what each row says: a blind
posted, a bet, a draw, an action the engine refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from badugi_spec.cards import Card, cards_of
from badugi_spec.profiles import Profile
from badugi_spec.scenario.runner import TraceRow

from .hand_values import held_html
from .render import cardify, cards_html, text
from .replayer_words import ordinal
from .templating import data, html


@dataclass(frozen=True)
class Seats:
    """Who sits where in one hand: the players dealt in, clockwise from the first seat left
    of the button (R8.2), and the profile they play under."""

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


WORDS: Final = data("hand")
"""The step table's headings (`data/hand.toml`)."""


def _sizes(profile: Profile, size: int) -> str:
    """The round's bet size, or how big a bet or raise may be in a big-bet or spread game
    (R14.2-R14.8), said in the round's row since there is no one size to give."""
    words: dict[str, str] = WORDS["sizes"]
    return words.get(profile.betting, words["spread-limit"]).format(
        kind="small" if size == min(profile.bet_sizes) else "big",
        size=size,
        least=profile.min_bet or profile.big_blind,
        low=profile.spread_min,
        high=profile.spread_max,
    )


def _limits(profile: Profile, number: int) -> str:
    words: dict[str, str] = WORDS["cap"]
    if profile.cap == 0:
        return words["none" if profile.betting == "fixed-limit" else "none_big_bet"]
    first = number == 1 and not profile.cap_counts_blind
    return words["first" if first else "rest"].format(cap=profile.cap, raises=profile.cap - 1)


def _section_title(phase: str, seats: Seats) -> str:
    words: dict[str, Any] = WORDS["section"]
    kind, _, number_text = phase.partition("-")
    if phase == "complete":
        return str(words["complete"])
    number, profile = int(number_text), seats.profile
    if kind == "bet":
        if number == 1:
            first = words["acts_first"].format(who=seats.opener)
        elif seats.heads_up:
            first = words["acts_first"].format(who=seats.big_blind)
        else:
            first = words["left_of_button_first"]
        blinded = number == 1 and profile.cap_counts_blind and profile.cap
        when = words["later_round"].format(ordinal=ordinal(number - 1))
        return str(words["bet"]).format(
            number=number,
            when=when if number > 1 else words["first_round"],
            sizes=_sizes(profile, profile.bet_sizes[number - 1]),
            limits=_limits(profile, number),
            blind=words["blind_is_a_bet"] if blinded else "",
            first=first,
        )
    burns = profile.burns_per_draw
    burned = words["burned"][min(burns, 2)].format(count=burns)
    delivery = profile.draw_delivery
    if seats.heads_up and delivery == "in-turn":
        key = "draw_heads_up"
    else:
        key = "draw_after_all_declare" if delivery == "after-all-declare" else "draw"
    return str(words[key]).format(
        number=number, burned=burned, big_blind=seats.big_blind, dealer=seats.dealer
    )


ROW: Final[dict[str, str]] = WORDS["row"]
TRIED: Final[dict[str, Any]] = WORDS["tried"]


def _tried(step: dict[str, Any]) -> str:
    """What a refused action tried, as a person would say it: 'to raise to 6'."""
    kind, amount = step["action"], step.get("amount")
    if kind == "draw":
        # Card by card: a refused draw may name one card twice (R4.2).
        thrown = [Card.parse(c) for c in step.get("discards", [])]
        return str(TRIED["draw"]).format(cards=cards_html(thrown)) if thrown else str(TRIED["pat"])
    verb = TRIED["verbs"].get(kind, kind)
    said = "plain" if amount is None else kind if kind in TRIED else "amount"
    return str(TRIED[said]).format(verb=verb, amount=amount)


def refusal(step: dict[str, Any], row: TraceRow) -> str:
    rule, _, reason = row.detail.partition(f" {step['code']}: ")
    if not reason:
        rule, reason = "", row.detail
    cited = f" ({text(rule)})" if rule else ""
    return str(TRIED["refusal"]).format(
        tried=_tried(step), cited=cited, reason=cardify(text(reason))
    )


@dataclass
class Table:
    """Rows of one hand's table (`templates/hand/hand.html` draws them), with the running
    count of chips in the round. A row's `what` may hold cards' spans; names are text."""

    rows: list[dict[str, Any]]
    section: str = ""
    in_round: dict[str, int] | None = None
    betting: str = "fixed-limit"
    """The hand's structure: a raise to the pot in pot limit shows its sum."""

    def open(self, phase: str, seats: Seats) -> None:
        self.betting = seats.profile.betting
        if phase != self.section:
            self.section = phase
            self.rows.append({"section": _section_title(phase, seats)})
            if phase.startswith("bet-") and phase != "bet-1":
                self.in_round = {}

    def add(
        self, css: str, line: int | str, who: str, what: str, state: dict[str, Any] | None
    ) -> None:
        self.rows.append(
            {
                "section": "",
                "css": css,
                "line": line,
                "who": who,
                "what": html(what),
                "pot": state.get("pot", "") if state else "",
                "stacks": list(state.get("stacks", {}).items()) if state else [],
            }
        )


def bet_what(
    step: dict[str, Any], before: dict[str, Any], after: dict[str, Any], table: Table
) -> str:
    player, kind = step["player"], step["action"]
    added = before["stacks"][player] - after["stacks"][player]
    contributed = table.in_round if table.in_round is not None else {}
    had = contributed.get(player, 0)
    level = max(contributed.values(), default=0)
    total = had + added
    pot_sum = _pot_sum(table.betting, level=level, had=had, pot=before["pot"], total=total)
    contributed[player] = total
    table.in_round = contributed
    all_in = ROW["all_in"] if after["stacks"][player] == 0 and added else ""
    making = ROW["making"].format(total=total) if total != added else ""
    return ROW[kind].format(added=added, total=total, all_in=all_in, pot_sum=pot_sum, making=making)


def _pot_sum(betting: str, *, level: int, had: int, pot: int, total: int) -> str:
    """In pot limit, the sum behind a bet or raise of exactly the pot (R14.4): the call
    first, then the pot after the call, then the raise. Shown only when the amount played
    is that sum, so the row never claims a limit the engine did not apply."""
    if betting != "pot-limit":
        return ""
    call = level - had
    after = pot + call
    if total != level + after:
        return ""
    said = "pot_open" if level == 0 else "pot_option" if call == 0 else "pot_raise"
    return ROW[said].format(level=level, pot=pot, call=call, after=after, total=total)


def draw_what(step: dict[str, Any], before: dict[str, Any], after: dict[str, Any]) -> str:
    player = step["player"]
    held = cards_of(after["hands"][player])
    thrown = cards_of(step.get("discards", []))
    if not thrown:
        return ROW["pat"].format(held=held_html(held))
    old = set(before["hands"][player])
    came = cards_of([c for c in after["hands"][player] if c not in old])
    count = f"{len(thrown)} card{'s' if len(thrown) > 1 else ''}"
    # Everyone declares first; the cards come after the last declaration (R8.16).
    said = "drew" if came else "declared"
    return ROW[said].format(
        thrown=cards_html(thrown), count=count, came=cards_html(came), held=held_html(held)
    )


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
                "blind", "", name, ROW["ante"].format(ante=ante), {"pot": pot, "stacks": running}
            )
    for name, blind in ((seats.small_blind, "small"), (seats.big_blind, "big")):
        posted = running[name] - state["stacks"][name]
        size = profile.small_blind if blind == "small" else profile.big_blind
        pot += posted
        running[name] -= posted
        table.in_round[name] = posted
        short = ROW["blind_short"].format(name=text(name)) if posted < size else ""
        what = ROW["blind"].format(blind=blind, posted=posted, short=short)
        table.add("blind", "", name, what, {"pot": pot, "stacks": running})


def delivered(
    waiting: list[str],
    step: dict[str, Any],
    before: dict[str, Any],
    after: dict[str, Any],
    table: Table,
) -> list[str]:
    """Players who declared earlier in this draw and whose cards have now been dealt get a
    row of their own; returns who is still waiting."""
    still = []
    for name in waiting:
        came = [c for c in after["hands"][name] if c not in set(before["hands"][name])]
        if came:
            held = cards_of(after["hands"][name])
            what = ROW["delivered"].format(came=cards_html(cards_of(came)), held=held_html(held))
            table.add("act", "", name, what, None)
        else:
            still.append(name)
    player = step["player"]
    thrown = step.get("discards", [])
    if thrown and set(after["hands"][player]) == set(before["hands"][player]):
        still.append(player)
    return still
