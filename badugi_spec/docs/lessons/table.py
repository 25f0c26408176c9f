"""Lessons 1 and 2: the six-seat table (button, blinds, who acts when) and side pots.

Both play a six-handed hand under `pokerstars-2010`, a real fixed-limit table for 2 to 8
players, and read the seats, the order and the pots back from the engine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from badugi_spec.engine import Kind

from ..learn import RuleLink
from ..render import text
from .model import Lesson, others
from .play import Played, play
from .quiz import ask
from .replay import Recording, replayer_html

PROFILE = "pokerstars-2010"
SIX = (
    "9♠ 8♥ 6♦ 4♣",
    "K♠ Q♥ 7♦ 3♣",
    "A♠ 2♥ 3♦ K♦",
    "J♠ 10♥ 8♦ 2♣",
    "5♠ 5♥ Q♦ J♣",
    "A♥ 4♥ 7♣ 9♦",
)
"""Six hands, Ann's (the button's) first; what they are matters little here."""


def roles(played: Played) -> dict[str, str]:
    hand = played.hand
    return {
        played.name(hand.dealer): "button",
        played.name(hand.small_blind): "small blind",
        played.name(hand.big_blind): "big blind",
    }


def table_svg(names: Sequence[str], labels: dict[str, str], order: Sequence[str]) -> str:
    """The seats round an oval table, clockwise on screen from the bottom: each seat's
    name, its role, and its place in `order` (who acts first before the draw)."""
    width, height, cx, cy = 360, 250, 180, 125
    parts = [
        f'<svg class="lesson-table" viewBox="0 0 {width} {height}" role="img"'
        f' aria-label="Six seats round the table: '
        + ", ".join(text(f"{n} ({labels[n]})" if n in labels else n) for n in names)
        + '">',
        f'<ellipse cx="{cx}" cy="{cy}" rx="120" ry="62" class="felt"/>',
    ]
    for seat, name in enumerate(names):
        # Clockwise on screen (y grows downwards), seat 0 at the bottom.
        angle = math.radians(90 + seat * 360 / len(names))
        x, y = cx + 150 * math.cos(angle), cy + 95 * math.sin(angle)
        role = labels.get(name, "")
        parts.append(f'<g class="seat{" " + role.split()[0] if role else ""}">')
        parts.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="24"/>')
        parts.append(f'<text x="{x:.0f}" y="{y - 2:.0f}" class="name">{text(name)}</text>')
        parts.append(
            f'<text x="{x:.0f}" y="{y + 12:.0f}" class="order">acts {order.index(name) + 1}</text>'
        )
        if role:
            tag = {"button": "D", "small blind": "SB", "big blind": "BB"}[role]
            bx, by = cx + 95 * math.cos(angle), cy + 40 * math.sin(angle)
            parts.append(
                f'<circle cx="{bx:.0f}" cy="{by:.0f}" r="12" class="chip"/>'
                f'<text x="{bx:.0f}" y="{by + 4:.0f}" class="tag">{tag}</text>'
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def _first_round(played: Played) -> list[str]:
    """Everyone calls or checks round the table; returns who acted, in order."""
    acted = []
    while played.hand.phase.kind == "bet":
        who = played.to_act
        kinds = played.legal()
        played.act(who, Kind.CHECK if Kind.CHECK in kinds else Kind.CALL)
        acted.append(who)
    return acted


def full_table(rule_link: RuleLink) -> Lesson:
    recording = Recording()
    played = play(PROFILE, hands=SIX, watch=recording)
    hand, profile = played.hand, played.hand.profile
    names = played.names
    labels = roles(played)
    first = played.to_act
    before = _first_round(played)
    drawing = [played.to_act]
    while hand.phase.kind == "draw":
        played.act(played.to_act, Kind.DRAW)
        drawing.append(played.to_act)
    after = drawing[:-1]
    next_hand = play(PROFILE, hands=SIX, dealer=(hand.dealer + 1) % len(names))
    rows = [
        "| Seat | Player | Role | Posts | Acts before the first draw | Acts after a draw |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    posts = {
        played.name(hand.small_blind): profile.small_blind,
        played.name(hand.big_blind): profile.big_blind,
    }
    for seat, name in enumerate(names):
        rows.append(
            f"| {seat + 1} | {name} | {labels.get(name, '–')} | {posts.get(name, '–')} |"
            f" {before.index(name) + 1} | {after.index(name) + 1} |"
        )
    body = f"""
Badugi is usually played by **six players** round one table. Two players is only the
smallest table; everything you learn heads-up still holds, but who acts when depends on a
small disc, the **button**.

{table_svg(names, labels, before)}

<p class="lesson-caption">"acts 1" to "acts {len(names)}": the order of play before the first
draw. D is the button, SB and BB the blinds.</p>

- The **button** (D) marks the dealer's seat: here {played.name(hand.dealer)}. It moves one
  seat to the left after every hand, so everyone gets it in turn ({rule_link("R8.2")}).
- The two seats to the left of the button post the **blinds** before any card is dealt:
  {played.name(hand.small_blind)} the small blind of {profile.small_blind} and
  {played.name(hand.big_blind)} the big blind of {profile.big_blind} ({rule_link("R8.3")}).
  They are forced bets, so there is always something to play for.
- Each player gets {profile.hand_size} cards, one at a time, starting left of the button
  ({rule_link("R8.4")}).
- **Before the first draw**, the first to act is {first}, the seat left of the big blind
  (players call it "under the gun"). The turn goes left round the table and the big blind
  acts last, because the blind is already a bet.
- **After every draw**, the first player still in to the left of the button acts first and
  the button acts last ({rule_link("R8.5")}). Acting last is an advantage: you have seen
  what everyone else did. That is why players speak of **position**.

Here everyone called (or checked) the first round, and everyone drew, in this order, as the
engine played it:

{chr(10).join(rows)}

Heads-up is the odd case: there the button posts the small blind and acts first before the
draw, last after it ({rule_link("R1.5")}).
"""
    others_first = [n for n in names if n != first]
    questions = (
        ask(
            f"The button is on {played.name(hand.dealer)}. Who posts the big blind?",
            right=played.name(hand.big_blind),
            wrong=others(
                played.name(hand.big_blind),
                played.name(hand.small_blind),
                played.name(hand.dealer),
                first,
            ),
            why=f"The big blind is the second seat left of the button:"
            f" {played.name(hand.small_blind)} posts the small blind,"
            f" {played.name(hand.big_blind)} the big blind.",
        ),
        ask(
            "Who acts first before the first draw?",
            right=first,
            wrong=others(
                first,
                played.name(hand.small_blind),
                played.name(hand.big_blind),
                played.name(hand.dealer),
                *others_first,
            ),
            why=f"The seat left of the big blind, {first}, acts first: the blinds have already"
            " put chips in, so they act last.",
        ),
        ask(
            "After the first draw, everyone is still in. Who acts last?",
            right=after[-1],
            wrong=others(after[-1], played.name(hand.big_blind), first, after[0]),
            why=f"After a draw the button acts last: {after[-1]}. The first player still in"
            f" to the left of the button, {after[0]}, acts first.",
        ),
        ask(
            f"Next hand the button moves to {next_hand.name(next_hand.hand.dealer)}."
            " Who acts first before the first draw?",
            right=next_hand.to_act,
            wrong=others(
                next_hand.to_act,
                first,
                next_hand.name(next_hand.hand.big_blind),
                next_hand.name(next_hand.hand.dealer),
            ),
            why=f"Everything moves one seat left with the button:"
            f" {next_hand.name(next_hand.hand.small_blind)} and"
            f" {next_hand.name(next_hand.hand.big_blind)} post the blinds, and"
            f" {next_hand.to_act} is first to act.",
        ),
    )
    return Lesson(
        "full-table",
        "Six at the table",
        "the button decides who posts the blinds and who acts first; it moves every hand.",
        body,
        questions,
        replayer=replayer_html(
            played, recording, label="Six at the table: the first round and the draw"
        ),
    )
