"""PokerStars text hand histories of fixed-limit Badugi, read one hand at a time.

A file holds many hands, each starting with a `PokerStars Game #...` line. The file is
read line by line and each hand is handed on as soon as it is complete, so a long file
never sits in memory. A hand that cannot be read becomes one `HistoryError` naming its
line; the reader then goes on with the next hand.

Only what the 2010 histories print is understood; any other line is an error, not a
guess. Chat (`said, "..."`, possibly over several lines) and table news (timing out,
sitting out, joining, leaving) are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Final

from badugi_spec.cards import Card, parse_cards
from badugi_spec.errors import CardError
from badugi_spec.interop.record import (
    Cards,
    HandRecord,
    HistoryError,
    Player,
    Pot,
    Recorded,
    Step,
    Verb,
)
from badugi_spec.scenario.model import Where

_HEADER: Final = re.compile(r"^PokerStars (?:Game|Hand) #(?P<id>\d+):\s*(?P<rest>.*)$")
_STAKES: Final = re.compile(r"Badugi Limit.*?\((?P<small>\$?[\d.,]+)/(?P<big>\$?[\d.,]+)")
_TABLE: Final = re.compile(
    r"^Table '(?P<table>[^']*)' (?P<max>\d+)-max Seat #(?P<button>\d+) is the button"
)
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?)"
    r" \((?P<stack>\$?[\d.,]+) in chips(?:, [^)]*)?\)(?P<note>.*)$"
)
_SECTION: Final = re.compile(r"^\*\*\* (?P<name>[A-Z ]+) \*\*\*")
_DRAWS: Final = {"FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3}
_ALL_IN: Final = " and is all-in"
_ACTION: Final = (
    ("post", re.compile(r"^posts (?P<blind>small blind|big blind|the ante) (?P<a>\$?[\d.,]+)$")),
    ("fold", re.compile(r"^folds$")),
    ("check", re.compile(r"^checks$")),
    ("call", re.compile(r"^calls (?P<a>\$?[\d.,]+)$")),
    ("bet", re.compile(r"^bets (?P<a>\$?[\d.,]+)$")),
    ("raise", re.compile(r"^raises (?P<by>\$?[\d.,]+) to (?P<a>\$?[\d.,]+)$")),
    ("pat", re.compile(r"^stands pat(?: on \[(?P<cards>[^\]]*)\])?$")),
    ("discard", re.compile(r"^discards (?P<n>\d) cards?(?: \[(?P<cards>[^\]]*)\])?$")),
    ("show", re.compile(r"^shows \[(?P<cards>[^\]]*)\](?: \(.*\))?$")),
    ("muck", re.compile(r"^mucks hand$")),
)
_QUIET: Final = re.compile(
    r"^(doesn't show hand|sits out|is sitting out|has timed out( while disconnected)?|"
    r"has returned|is connected|is disconnected|leaves the table|"
    r"joins the table at seat #\d+|will be allowed to play after the button|"
    r"finished the tournament.*|wins the tournament.*|re-buys.*|"
    r"was removed from the table.*)$"
)
_DEALT: Final = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?$")
_UNCALLED: Final = re.compile(r"^Uncalled bet \((?P<a>\$?[\d.,]+)\) returned to (?P<name>.+)$")
_COLLECTED: Final = re.compile(
    r"^(?P<name>.+?) collected (?P<a>\$?[\d.,]+) from (?P<pot>pot|main pot|side pot(?:-\d+)?)$"
)
_TOTAL: Final = re.compile(
    r"^Total pot (?P<a>\$?[\d.,]+)(?P<pots>.*?)\s*\| Rake (?P<rake>\$?[\d.,]+)"
)
_SIDE: Final = re.compile(r"(?P<pot>Main pot|Side pot(?:-\d+)?) (?P<a>\$?[\d.,]+)\.")
_MUCKED: Final = re.compile(r"\bmucked \[(?P<cards>[^\]]*)\]")
_SHOWED: Final = re.compile(r"\bshowed \[(?P<cards>[^\]]*)\]")


@dataclass
class _Draft:
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
    section: str = "HEADER"
    collected: list[tuple[str, int, str]] = field(default_factory=list)
    returned: dict[str, int] = field(default_factory=dict)
    total: int | None = None
    rake: int = 0
    pot_amounts: list[tuple[str, int]] = field(default_factory=list)
    revealed: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    summarised: set[str] = field(default_factory=set)
    has_summary: bool = False
    chat_open: bool = False

    def fail(self, line: int, message: str) -> HistoryError:
        return HistoryError(message, path=self.path, line=line, hand=self.hand_id)

    def names(self) -> list[str]:
        return [name for _, name, _, _ in self.seats]


def read(path: str | Path) -> Iterator[HandRecord | HistoryError]:
    """Every hand of a PokerStars text file, in order; a broken hand is a HistoryError."""
    shown = str(path)
    with open(path, "rb") as stream:
        yield from parse_lines(stream, path=shown)


def parse_lines(lines: Iterable[bytes], *, path: str) -> Iterator[HandRecord | HistoryError]:
    draft: _Draft | None = None
    broken: HistoryError | None = None
    stray: HistoryError | None = None
    number = 0
    for number, raw in enumerate(lines, start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            problem = HistoryError(
                f"not UTF-8 text: byte 0x{raw[error.start]:02x} at column {error.start + 1}",
                path=path,
                line=number,
                hand=draft.hand_id if draft else None,
            )
            if draft is None:
                stray = stray or problem
            else:
                broken = broken or problem
            continue
        text = text.removeprefix("\ufeff").rstrip("\r\n")
        header = _HEADER.match(text)
        if header:
            if stray is not None:
                yield stray
                stray = None
            if draft is not None:
                yield broken or _finish(draft, end=number - 1)
            draft, broken = _Draft(path, header["id"], number), None
            try:
                _read_header(draft, header["rest"], number)
            except HistoryError as error:
                broken = error
            continue
        if draft is None:
            if text.strip() and stray is None:
                stray = HistoryError(
                    f"not a PokerStars hand: {text.strip()[:60]!r}"
                    " (a hand starts with 'PokerStars Game #')",
                    path=path,
                    line=number,
                )
            continue
        if broken is not None or not text.strip():
            continue
        try:
            _read_line(draft, text, number)
        except HistoryError as error:
            broken = error
        except CardError as error:
            broken = draft.fail(number, str(error))
    if stray is not None:
        yield stray
    if draft is not None:
        yield broken or _finish(draft, end=number)


# ----- one line at a time ----------------------------------------------------------------


def _read_header(draft: _Draft, rest: str, line: int) -> None:
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


def _amount(draft: _Draft, text: str, line: int) -> int:
    try:
        value = Decimal(text.replace("$", "").replace(",", "")) * draft.scale
    except InvalidOperation:
        raise draft.fail(line, f"not an amount: {text!r}") from None
    if value != value.to_integral_value():
        raise draft.fail(line, f"{text} is not a whole number of chips")
    return int(value)


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def _read_line(draft: _Draft, text: str, line: int) -> None:
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


def _read_table_line(draft: _Draft, text: str, line: int) -> None:
    table = _TABLE.match(text)
    if table:
        draft.button = int(table["button"])
        return
    seat = _SEAT.match(text)
    if seat:
        stack = _amount(draft, seat["stack"], line)
        draft.seats.append((int(seat["seat"]), seat["name"], stack, seat["note"].strip()))
        return
    _read_action_line(draft, text, line)  # the posts come before the deal


def _speaker(draft: _Draft, text: str) -> tuple[str, str] | None:
    """(name, rest) for a line `Name: rest`, matching the longest seated name."""
    for name in sorted(draft.names(), key=len, reverse=True):
        if text.startswith(name + ": "):
            return name, text[len(name) + 2 :]
    return None


def _read_action_line(draft: _Draft, text: str, line: int) -> None:
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


def _known(draft: _Draft, name: str, line: int) -> str:
    if name not in draft.names():
        raise draft.fail(line, f"{name!r} is not seated at this table")
    return name


def _read_dealt(draft: _Draft, match: re.Match[str], text: str, line: int) -> None:
    name = _known(draft, match["name"], line)
    first = _cards(match["a"])
    if match["b"] is None:
        if name in draft.dealt:
            raise draft.fail(line, f"{name} is dealt a second hand")
        draft.dealt[name] = first
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
            fields["received"] = received
            fields["held"] = first + received
            return
    raise draft.fail(line, f"{name} is dealt new cards without having discarded")


def _add_action(
    draft: _Draft,
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
            posted = [f.get("blind") for _, _, v, _, f in draft.steps if v is Verb.POST]
            label = blind
            if blind == "big blind" and "big blind" in posted:
                label = "posted big blind"  # a second one: a new player's post (R8.3)
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
        fields |= {
            "count": count,
            "discards": thrown if thrown is not None else (None,) * count,
            "draw": _DRAWS[draft.section],
        }
        if kind == "pat" and match["cards"]:
            fields["held"] = _cards(match["cards"])
    elif kind == "show":
        verb = Verb.SHOW
        fields["cards"] = _cards(match["cards"])
    else:
        verb = Verb.MUCK
    draft.steps.append((line, text, verb, name, fields))


def _read_summary_line(draft: _Draft, text: str, line: int) -> None:
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


# ----- the finished hand -----------------------------------------------------------------


def _finish(draft: _Draft, *, end: int) -> HandRecord | HistoryError:
    if not draft.has_summary or draft.total is None:
        return draft.fail(end, "truncated: the hand ends before its summary (*** SUMMARY ***)")
    if draft.button is None:
        return draft.fail(draft.line, "no table line naming the button")
    acting = {who for _, _, _, who, _ in draft.steps if who is not None}
    seated = [
        (seat, name, stack)
        for seat, name, stack, note in draft.seats
        if not note.startswith("out of hand")
        and (name in draft.summarised or name in acting or not draft.summarised)
    ]
    if len(seated) < 2:
        return draft.fail(draft.line, "fewer than two players are dealt in")
    # Clockwise from the first seat left of the button; the button (or the nearest
    # dealt-in seat before it) last (R8.2).
    seated.sort()
    after = [s for s in seated if s[0] > draft.button] + [s for s in seated if s[0] <= draft.button]
    names = [name for _, name, _ in after]
    index = {name: i for i, name in enumerate(names)}
    players = tuple(Player(name, stack, seat) for seat, name, stack in after)
    steps: list[Step] = []
    for line, text, verb, who, fields in draft.steps:
        if who is not None and who not in index:
            return draft.fail(line, f"{who} acts but is not dealt in")
        steps.append(_step(len(steps) + 1, Where(draft.path, line), text, verb, who, index, fields))
    blinds = {step.blind: step for step in steps if step.verb is Verb.POST}
    small_blind = _blind(blinds.get("small blind"), draft.small_bet // 2)
    big_blind = _blind(blinds.get("big blind"), draft.small_bet)
    antes = [step.amount or 0 for step in steps if step.blind == "ante"]
    count = len(players)
    collected = [0] * count
    pots: dict[str, list[tuple[int, int]]] = {}
    for name, amount, pot in draft.collected:
        collected[index[name]] += amount
        pots.setdefault(pot, []).append((index[name], amount))
    amounts = dict(draft.pot_amounts) or {"pot": draft.total - draft.rake}
    order = list(amounts) + [p for p in pots if p not in amounts]
    recorded = Recorded(
        total_pot=draft.total,
        rake=draft.rake,
        pots=tuple(Pot(p, amounts.get(p), tuple(pots.get(p, ()))) for p in order),
        collected=tuple(collected),
        returned=tuple(draft.returned.get(name, 0) for name in names),
        net=_net(steps, count, collected, draft.returned, names),
    )
    dealt = tuple(
        tuple(draft.dealt[name]) if name in draft.dealt else (None,) * 4 for name in names
    )
    return HandRecord(
        format="pokerstars",
        where=Where(draft.path, draft.line),
        hand_id=draft.hand_id,
        players=players,
        small_blind=small_blind,
        big_blind=big_blind,
        small_bet=draft.small_bet,
        big_bet=draft.big_bet,
        ante=max(antes, default=0),
        dealt=dealt,
        steps=tuple(steps),
        recorded=recorded,
        revealed=tuple(draft.revealed.get(name) for name in names),
        scale=draft.scale,
        currency=draft.currency,
        venue="PokerStars",
        tournament=draft.tournament,
    )


def _blind(step: Step | None, default: int) -> int:
    # A blind posted all-in may be short of the level's blind; the level's is the rule.
    if step is None or step.all_in or step.amount is None:
        return default
    return step.amount


def _step(
    number: int,
    where: Where,
    text: str,
    verb: Verb,
    who: str | None,
    index: dict[str, int],
    fields: dict[str, object],
) -> Step:
    player = None if who is None else index[who]
    amount = fields.get("amount")
    discards = fields.get("discards", ())
    received = fields.get("received")
    cards = fields.get("cards", fields.get("held", ()))
    return Step(
        number=number,
        where=where,
        text=text,
        verb=verb,
        player=player,
        amount=amount if isinstance(amount, int) else None,
        all_in=bool(fields.get("all_in")) if verb is not Verb.CAPPED else None,
        discards=_as_cards(discards),
        received=None if received is None else _as_cards(received),
        cards=_as_cards(cards),
        blind=str(fields.get("blind", "")),
    )


def _as_cards(value: object) -> Cards:
    assert isinstance(value, tuple)
    return tuple(card if isinstance(card, Card) else None for card in value)


def _net(
    steps: list[Step],
    count: int,
    collected: list[int],
    returned: dict[str, int],
    names: list[str],
) -> tuple[int, ...]:
    """Each player's result by the history's own arithmetic: collected, plus uncalled
    chips returned, less everything put in."""
    put_in = [0] * count
    committed = [0] * count
    for step in steps:
        player = step.player
        if player is None:
            continue
        if step.verb is Verb.DRAW:
            committed = [0] * count  # a new betting round follows
        elif step.verb is Verb.POST and step.amount is not None:
            put_in[player] += step.amount
            if step.blind != "ante":
                committed[player] += step.amount
        elif step.verb in (Verb.CALL, Verb.BET) and step.amount is not None:
            put_in[player] += step.amount
            committed[player] += step.amount
        elif step.verb is Verb.RAISE and step.amount is not None:
            put_in[player] += step.amount - committed[player]
            committed[player] = step.amount
    return tuple(collected[i] + returned.get(names[i], 0) - put_in[i] for i in range(count))
