"""What the player sees before each decision: the table, their cards and their keys.

Plain text, one block of short lines, the same on a terminal and in a pipe; the only
difference on a terminal is colour (the four-colour deck, bold headings).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from badugi_spec.engine import Hand, Kind, Legal
from badugi_spec.trainer import values
from badugi_spec.trainer.faces import Faces
from badugi_spec.trainer.wording import Line, Names, raises_left, role, round_name

KEYS: dict[Kind, str] = {
    Kind.CHECK: "k",
    Kind.BET: "b",
    Kind.CALL: "c",
    Kind.RAISE: "r",
    Kind.FOLD: "f",
    Kind.ALL_IN: "a",
}
"""The key for each betting action; draws are `p` (stand pat) and `d` with card numbers."""
_KEY_ORDER = (Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE, Kind.FOLD, Kind.ALL_IN, Kind.DRAW)


RULE_COLUMN = 7


_SPACING = frozenset("\t\n\r\x0b\x0c")
"""What `textwrap` turns into a space: a line holding none of it is kept as written."""


def wrap(text: str, *, width: int, indent: int) -> list[str]:
    """`text` cut to `width` columns, later lines indented; card faces are never split."""
    if len(text) <= max(width, 40) and text[-1:].strip() and _SPACING.isdisjoint(text):
        # A line that fits is itself (most narrated lines, and a session says 100,000 of
        # them): what textwrap would give, at a tenth of the cost.
        return [text]
    return textwrap.wrap(
        text,
        width=max(width, 40),
        subsequent_indent=" " * indent,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [""]


def narration(line: Line, faces: Faces, *, width: int) -> list[str]:
    """A narrated line: the rule ID in a column of its own, then the text, wrapped."""
    head = f"{line.rule:<{RULE_COLUMN - 1}} "
    rows = wrap(head + line.text, width=width, indent=RULE_COLUMN)
    if line.rule and rows[0].startswith(line.rule):
        rows[0] = faces.dim(line.rule) + rows[0][len(line.rule) :]
    return [faces.paint(row) for row in rows]


def table(hand: Hand, *, names: Names, faces: Faces, number: int, of: int) -> list[str]:
    you = names.you
    which = f"Hand {number} of {of}" if of else f"Hand {number}"  # of=0: no hand limit
    head = f"{which} · {hand.profile.name} · {round_name(hand)}"
    lines = [faces.strong(f"── {head} ──")]
    width = max(len(names(seat)) for seat in range(hand.seats))
    betting = hand.phase.kind == "bet"
    for seat in range(hand.seats):
        state = ""
        if hand.folded[seat]:
            state = "  folded"
        elif hand.stacks[seat] == 0:
            state = "  all-in"
        bet = f"   in this round {hand.committed[seat]:>3}" if betting else ""
        lines.append(
            f"  {names(seat):<{width}}  {role(hand, seat):<12} stack {hand.stacks[seat]:>4}"
            f"{bet}{state}"
        )
    pot = f"  Pot {hand.pot}"
    if hand.phase.kind == "bet":
        pot += f" · bets are {hand.bet_size} · {raises_left(hand)}"
    lines.append(pot)
    lines += hand_lines(hand, you=you, faces=faces)
    return lines


def hand_lines(hand: Hand, *, you: int, faces: Faces) -> list[str]:
    """Your cards as faces, and under each its number and a star if it plays (R2.1); in
    a split game the star marks the Badugi half, since every card plays in the low."""
    cards = hand.holdings[you]
    playing = values.badugi_cards(hand.profile, cards)
    faces_row, marks_row = [], []
    for number, card in enumerate(cards, start=1):
        face = f"[{card.pretty()}]"
        width = len(face)
        faces_row.append(face)
        mark = f"{number}{'*' if card in playing else ''}"
        marks_row.append(f"{mark:^{width}}")
    label = "Your cards"
    key = "(* plays, R2.1)"
    if values.is_split(hand.profile):
        key = f"(* plays in the Badugi half; all {len(cards)} play in the low half, R8.29)"
    return [
        f"  {label}  {' '.join(faces_row)}   {values.value_text(hand.profile, cards)}",
        f"  {' ' * len(label)}  {' '.join(marks_row)}   {key}",
    ]


def key_help(options: Sequence[Legal]) -> str:
    """The legal actions as short keys: `c call 1 · r raise to 4 · f fold`."""
    parts: list[str] = []
    for option in sorted(options, key=lambda o: _KEY_ORDER.index(o.kind)):
        if option.kind is Kind.DRAW:
            parts.append("p stand pat")
            parts.append("d 1 4 throw cards 1 and 4")
            parts.append("o 1 4 odds of that draw")
        else:
            parts.append(f"{KEYS[option.kind]} {option.describe()}")
    return "  Your move: " + " · ".join(parts) + "   (? help, s save, q quit)"


HELP = """\
Keys, then Enter:
  k check · b bet · c call · r raise · f fold · a all-in
  p stand pat · d 1 4 throw cards 1 and 4 (or name them: d K♦ 9♣)
  o 1 4 the exact odds of throwing cards 1 and 4 (o alone: the book's draw)
  s save the last finished hand as a scenario (badugi-spec check replays it)
  ? R3.6 read a rule · ? this help · q quit (the session ends with a summary)
Betting keys take no amount: in fixed limit every bet has one size (R3.2). An action
the rules forbid is refused with the rule it breaks, and nothing changes."""
