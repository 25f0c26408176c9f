"""PokerStars history lines, one at a time, into the draft of the hand they belong to.

The patterns are those the 2010 histories print; each line is matched by the section it
is in (the table before the deal, the actions, the summary) and adds to a `Draft`, which
keeps names, not seat indexes, until the whole hand is read. A line that matches nothing
is a `HistoryError` at that line; chat and table news are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Final

from badugi_spec.cards import Card, parse_cards
from badugi_spec.interop.record import MAX_SEATS, HistoryError, Verb

_STAKES: Final = re.compile(r"Badugi Limit.*?\((?P<small>\$?[0-9.,]+)/(?P<big>\$?[0-9.,]+)")
_TABLE: Final = re.compile(
    r"^Table '(?P<table>[^']*)' (?P<max>[0-9]{1,2})-max Seat #(?P<button>[0-9]{1,2}) is the button"
)
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>[0-9]{1,2}): (?P<name>.+?)"
    r" \((?P<stack>\$?[0-9.,]+) in chips(?:, [^)]*)?\)(?P<note>.*)$"
)
_SECTION: Final = re.compile(r"^\*\*\* (?P<name>[A-Z ]+) \*\*\*")
_DRAWS: Final = {"FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3}
_ALL_IN: Final = " and is all-in"
_ACTION: Final = (
    ("post", re.compile(r"^posts (?P<blind>small blind|big blind|the ante) (?P<a>\$?[0-9.,]+)$")),
    ("fold", re.compile(r"^folds$")),
    ("check", re.compile(r"^checks$")),
    ("call", re.compile(r"^calls (?P<a>\$?[0-9.,]+)$")),
    ("bet", re.compile(r"^bets (?P<a>\$?[0-9.,]+)$")),
    ("raise", re.compile(r"^raises (?P<by>\$?[0-9.,]+) to (?P<a>\$?[0-9.,]+)$")),
    ("pat", re.compile(r"^stands pat(?: on \[(?P<cards>[^\]]*)\])?$")),
    ("discard", re.compile(r"^discards (?P<n>[0-9]) cards?(?: \[(?P<cards>[^\]]*)\])?$")),
    ("show", re.compile(r"^shows \[(?P<cards>[^\]]*)\](?: \(.*\))?$")),
    ("muck", re.compile(r"^mucks hand$")),
)
_QUIET: Final = re.compile(
    r"^(doesn't show hand|sits out|is sitting out|has timed out( while disconnected)?|"
    r"has returned|is connected|is disconnected|leaves the table|"
    r"joins the table at seat #[0-9]+|will be allowed to play after the button|"
    r"finished the tournament.*|wins the tournament.*|re-buys.*|"
    r"was removed from the table.*)$"
)
_DEALT: Final = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?$")
_UNCALLED: Final = re.compile(r"^Uncalled bet \((?P<a>\$?[0-9.,]+)\) returned to (?P<name>.+)$")
_COLLECTED: Final = re.compile(
    r"^(?P<name>.+?) collected (?P<a>\$?[0-9.,]+) from (?P<pot>pot|main pot|side pot(?:-[0-9]+)?)$"
)
_TOTAL: Final = re.compile(
    r"^Total pot (?P<a>\$?[0-9.,]+)(?P<pots>.*?)\s*\| Rake (?P<rake>\$?[0-9.,]+)"
)
_SIDE: Final = re.compile(r"(?P<pot>Main pot|Side pot(?:-[0-9]+)?) (?P<a>\$?[0-9.,]+)\.")
_MUCKED: Final = re.compile(r"\bmucked \[(?P<cards>[^\]]*)\]")
_SHOWED: Final = re.compile(r"\bshowed \[(?P<cards>[^\]]*)\]")


@dataclass
class Draft:
    """A hand being read: names, not indexes, until every seat is known."""

    path: str
    hand_id: str
    line: int
    scale: int = 1
    tournament: bool = False
    currency: str = ""
    small_bet: int = 0
    big_bet: int = 0
    button: int | None = None
    seats: list[tuple[int, str, int, str]] = field(default_factory=list)
    """(seat number, name, stack, note)"""
    steps: list[tuple[int, str, Verb, str | None, dict[str, object]]] = field(default_factory=list)
    """(line, text, verb, player name, fields)"""
    dealt: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    holding: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    """The hand each player whose cards are shown (the hero) holds now."""
    section: str = "HEADER"
    collected: list[tuple[str, int, str]] = field(default_factory=list)
    returned: dict[str, int] = field(default_factory=dict)
    total: int | None = None
    rake: int = 0
    pot_amounts: list[tuple[str, int]] = field(default_factory=list)
    revealed: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    summarised: set[str] = field(default_factory=set)
    has_summary: bool = False
    big_blind_posted: bool = False
    chat_open: bool = False

    def fail(self, line: int, message: str) -> HistoryError:
        return HistoryError(message, path=self.path, line=line, hand=self.hand_id)

    def names(self) -> list[str]:
        return [name for _, name, _, _ in self.seats]


def read_header(draft: Draft, rest: str, line: int) -> None:
    stakes = _STAKES.search(rest)
    if "Badugi Limit" not in rest or stakes is None:
        game = rest.split(" - ")[0].strip() or rest
        raise draft.fail(line, f"not a fixed-limit Badugi hand: {game[:60]!r}")
    draft.tournament = rest.startswith("Tournament #")
    if "$" in stakes["small"] and not draft.tournament:
        draft.scale = 100
        draft.currency = "USD" if "USD" in rest else ""
    draft.small_bet = _amount(draft, stakes["small"], line)
    draft.big_bet = _amount(draft, stakes["big"], line)


def _amount(draft: Draft, text: str, line: int) -> int:
    try:
        value = Decimal(text.replace("$", "").replace(",", "")) * draft.scale
    except InvalidOperation:
        raise draft.fail(line, f"not an amount: {text!r}") from None
    if value != value.to_integral_value():
        raise draft.fail(line, f"{text} is not a whole number of chips")
    return int(value)


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def read_line(draft: Draft, text: str, line: int) -> None:
    if draft.chat_open:
        draft.chat_open = not text.rstrip().endswith('"')
        return
    section = _SECTION.match(text)
    if section:
        name = section["name"].strip()
        if name in ("DEALING HANDS", "HOLE CARDS") and not draft.seats:
            raise draft.fail(line, "no seats listed before the deal")
        draft.section = name
        if name == "SUMMARY":
            draft.has_summary = True
        return
    if draft.section == "HEADER":
        _read_table_line(draft, text, line)
    elif draft.section == "SUMMARY":
        _read_summary_line(draft, text, line)
    else:
        _read_action_line(draft, text, line)


def _read_table_line(draft: Draft, text: str, line: int) -> None:
    table = _TABLE.match(text)
    if table:
        draft.button = int(table["button"])
        return
    seat = _SEAT.match(text)
    if seat:
        stack = _amount(draft, seat["stack"], line)
        number, name = int(seat["seat"]), seat["name"]
        if len(draft.seats) == MAX_SEATS:
            raise draft.fail(line, f"more than {MAX_SEATS} seats listed")
        if any(number == taken for taken, _, _, _ in draft.seats):
            raise draft.fail(line, f"seat {number} is listed twice")
        if name in draft.names():
            raise draft.fail(line, f"{name} is listed in two seats")
        draft.seats.append((number, name, stack, seat["note"].strip()))
        return
    _read_action_line(draft, text, line)  # the posts come before the deal


def _speaker(draft: Draft, text: str) -> tuple[str, str] | None:
    """(name, rest) for a line `Name: rest`, matching the longest seated name."""
    for name in sorted(draft.names(), key=len, reverse=True):
        if text.startswith(name + ": "):
            return name, text[len(name) + 2 :]
    return None


def _read_action_line(draft: Draft, text: str, line: int) -> None:
    if text == "Betting is capped":
        draft.steps.append((line, text, Verb.CAPPED, None, {}))
        return
    if ' said, "' in text:
        draft.chat_open = not text.rstrip().endswith('"') or text.rstrip().endswith(', "')
        return
    dealt = _DEALT.match(text)
    if dealt:
        _read_dealt(draft, dealt, text, line)
        return
    uncalled = _UNCALLED.match(text)
    if uncalled:
        name = _known(draft, uncalled["name"], line)
        draft.returned[name] = draft.returned.get(name, 0) + _amount(draft, uncalled["a"], line)
        return
    collected = _COLLECTED.match(text)
    if collected:
        name = _known(draft, collected["name"], line)
        draft.collected.append((name, _amount(draft, collected["a"], line), collected["pot"]))
        return
    spoken = _speaker(draft, text)
    if spoken is None:
        unknown = text.split(": ", 1)
        if len(unknown) == 2 and _QUIET.match(unknown[1]):
            return  # someone not seated in this hand (sitting out, joining)
        if len(unknown) == 2 and any(p.match(unknown[1].removesuffix(_ALL_IN)) for _, p in _ACTION):
            raise draft.fail(line, f"{unknown[0]!r} acts but is not seated at this table")
        for name in draft.names():
            if text.startswith(name + " ") and _QUIET.match(text[len(name) + 1 :]):
                return
        if _QUIET.match(text.split(" ", 1)[-1]):
            return
        raise draft.fail(line, f"unrecognised line: {text[:70]!r}")
    name, rest = spoken
    if _QUIET.match(rest):
        return
    all_in = rest.endswith(_ALL_IN)
    body = rest.removesuffix(_ALL_IN)
    for kind, pattern in _ACTION:
        match = pattern.match(body)
        if match:
            _add_action(draft, kind, match, name, text, line, all_in)
            return
    raise draft.fail(line, f"unrecognised action: {text[:70]!r}")


def _known(draft: Draft, name: str, line: int) -> str:
    if name not in draft.names():
        raise draft.fail(line, f"{name!r} is not seated at this table")
    return name


HAND_SIZE: Final = 4
"""Cards in a Badugi hand: every `Dealt to` line shows four, kept and new together."""


def _read_dealt(draft: Draft, match: re.Match[str], text: str, line: int) -> None:
    name = _known(draft, match["name"], line)
    first = _cards(match["a"])
    if match["b"] is None:
        if name in draft.dealt:
            raise draft.fail(line, f"{name} is dealt a second hand")
        if len(first) != HAND_SIZE:
            raise draft.fail(
                line, f"{name} is dealt {len(first)} cards; a Badugi hand has {HAND_SIZE}"
            )
        draft.dealt[name] = draft.holding[name] = first
        return
    # After a draw: the cards kept, then the new ones; they belong to the player's draw.
    for index in range(len(draft.steps) - 1, -1, -1):
        _, _, verb, who, fields = draft.steps[index]
        if verb is Verb.DRAW and who == name:
            received = _cards(match["b"])
            if len(received) != fields["count"]:
                raise draft.fail(
                    line, f"{name} discarded {fields['count']} cards but is dealt {len(received)}"
                )
            _check_kept(draft, name, first, received, fields, line)
            fields["received"] = received
            fields["held"] = draft.holding[name] = first + received
            return
    raise draft.fail(line, f"{name} is dealt new cards without having discarded")


def _check_kept(
    draft: Draft,
    name: str,
    kept: tuple[Card, ...],
    received: tuple[Card, ...],
    fields: dict[str, object],
    line: int,
) -> None:
    """The kept cards of a `Dealt to` line after a draw are the hand before it less the
    cards thrown: anything else is a history that contradicts itself, which no deck can
    replay, so it is refused here, at its line."""
    if len(kept) + len(received) != HAND_SIZE:
        raise draft.fail(
            line,
            f"{name} holds {len(kept)} + {len(received)} cards after the draw;"
            f" a Badugi hand has {HAND_SIZE}",
        )
    both = [card for card in received if card in kept]
    if both:
        raise draft.fail(line, f"{name} is dealt {both[0]} but already holds it")
    before = draft.holding.get(name)
    if before is None:
        return
    thrown = fields.get("discards", ())
    assert isinstance(thrown, tuple)
    stray = [card for card in kept if card not in before or card in thrown]
    if stray:
        raise draft.fail(
            line, f"{name} keeps {stray[0]}, not in the hand {_text(before)} less the cards thrown"
        )


def _text(cards: tuple[Card, ...]) -> str:
    return "[" + " ".join(str(card) for card in cards) + "]"


def _add_action(
    draft: Draft,
    kind: str,
    match: re.Match[str],
    name: str,
    text: str,
    line: int,
    all_in: bool,
) -> None:
    fields: dict[str, object] = {"all_in": all_in}
    verb: Verb
    if kind == "post":
        blind = match["blind"]
        if blind == "the ante":
            fields |= {"amount": _amount(draft, match["a"], line), "blind": "ante"}
        else:
            label = blind
            if blind == "big blind" and draft.big_blind_posted:
                label = "posted big blind"  # a second one: a new player's post (R8.3)
            draft.big_blind_posted |= blind == "big blind"
            fields |= {"amount": _amount(draft, match["a"], line), "blind": label}
        verb = Verb.POST
    elif kind in ("fold", "check"):
        verb = Verb.FOLD if kind == "fold" else Verb.CHECK
    elif kind in ("call", "bet", "raise"):
        verb = {"call": Verb.CALL, "bet": Verb.BET, "raise": Verb.RAISE}[kind]
        fields["amount"] = _amount(draft, match["a"], line)
    elif kind in ("pat", "discard"):
        if draft.section not in _DRAWS:
            raise draft.fail(line, f"a draw outside the draws: {text[:60]!r}")
        verb = Verb.DRAW
        count = int(match["n"]) if kind == "discard" else 0
        thrown = _cards(match["cards"]) if match["cards"] and kind == "discard" else None
        if thrown is not None and len(thrown) != count:
            raise draft.fail(line, f"{name} discards {count} cards but shows {len(thrown)}")
        if count > HAND_SIZE:
            raise draft.fail(line, f"{name} discards {count} cards of {HAND_SIZE}")
        held = draft.holding.get(name)
        if held is not None and thrown is not None:
            stray = [card for card in thrown if card not in held]
            if stray:
                raise draft.fail(line, f"{name} discards {stray[0]}, not in the hand {_text(held)}")
        fields |= {
            "count": count,
            "discards": thrown if thrown is not None else (None,) * count,
            "draw": _DRAWS[draft.section],
        }
        if kind == "pat" and match["cards"]:
            fields["held"] = pat = _cards(match["cards"])
            if held is not None and sorted(c.index for c in pat) != sorted(c.index for c in held):
                raise draft.fail(line, f"{name} stands pat on {_text(pat)} but holds {_text(held)}")
    elif kind == "show":
        verb = Verb.SHOW
        fields["cards"] = _cards(match["cards"])
    else:
        verb = Verb.MUCK
    draft.steps.append((line, text, verb, name, fields))


def _read_summary_line(draft: Draft, text: str, line: int) -> None:
    total = _TOTAL.match(text)
    if total:
        draft.total = _amount(draft, total["a"], line)
        draft.rake = _amount(draft, total["rake"], line)
        for side in _SIDE.finditer(total["pots"]):
            draft.pot_amounts.append((side["pot"].lower(), _amount(draft, side["a"], line)))
        return
    if text.startswith("Seat "):
        for name in sorted(draft.names(), key=len, reverse=True):
            head = text.split(": ", 1)[-1]
            if head.startswith(name + " ") or head == name:
                draft.summarised.add(name)
                shown = _MUCKED.search(head) or _SHOWED.search(head)
                if shown:
                    draft.revealed[name] = _cards(shown["cards"])
                return
        raise draft.fail(line, f"a summary seat nobody sat in: {text[:60]!r}")
    if text.startswith(("Board", "Hand was run")):
        raise draft.fail(line, f"not a Badugi summary line: {text[:60]!r}")
    # Anything else in the summary (tournament notes) says nothing about the hand.
