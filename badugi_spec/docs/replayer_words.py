"""The words of the replayer: each engine event, a refused action and the start of a hand
told in a sentence, and each phase of the hand named as a reader says it. The sentences
are `data/replayer.toml`; this module works out what fills them.

Only what the event holds and the table as `replayer_frames` keeps it: the amount a
player put in, the total it makes for the round ("raises to 6"), the cards thrown and
drawn. A burn is told without its card.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from badugi_spec.cards import Card
from badugi_spec.engine.actions import Event

from .replayer_record import HandRecord, Step
from .templating import data

WORDS: Final = data("replayer")
_EVENT: Final[dict[str, str]] = WORDS["event"]
_PART: Final[dict[str, str]] = WORDS["part"]


def _pretty(cards: Iterable[Card | str]) -> str:
    return " ".join(Card.parse(str(card)).pretty() for card in cards)


def number_word(count: int) -> str:
    """`3` as a sentence says it: 'three' (past five, the figure)."""
    numbers: list[str] = WORDS["words"]["numbers"]
    return numbers[count] if count < len(numbers) else str(count)


def ordinal(number: int) -> str:
    ordinals: list[str] = WORDS["words"]["ordinals"]
    return ordinals[number] if 0 < number < len(ordinals) else str(number)


def _cards(count: int) -> str:
    return f"{number_word(count)} card{'' if count == 1 else 's'}"


def phase_label(phase: str) -> str:
    """`bet-2` as a reader says it: 'Betting round 2'."""
    words: dict[str, str] = WORDS["phase"]
    kind, _, number = phase.partition("-")
    if phase in words:
        return words[phase]
    if kind == "draw":
        return words["draw"].format(ordinal=ordinal(int(number)))
    return words["bet"].format(number=number) if kind == "bet" else words["complete"]


def _key(event: Event) -> str:
    """Which sentence tells `event`."""
    if event.kind == "post":
        return "ante" if event.note.startswith("ante") else "blind"
    if event.kind == "burn":
        return "burn" if len(event.cards) == 1 else "burns"
    if event.kind in ("draw", "declare") and not event.cards:
        return f"{event.kind}_pat"
    return event.kind


def sentence(
    event: Event, *, names: tuple[str, ...], stacks: list[int], bets: list[int], size: int
) -> str:
    """One event as a sentence; `stacks` and `bets` are the table's after it."""
    who = names[event.seat] if event.seat is not None else ""
    seat = -1 if event.seat is None else event.seat
    key = _key(event)
    if key not in _EVENT:
        return f"{who} {event.kind} {event.amount}".strip() + "."
    total = bets[seat]
    return _EVENT[key].format(
        who=who,
        amount=event.amount,
        total=total,
        all_in=" and is all-in" if who and stacks[seat] == 0 and event.amount else "",
        cards=_pretty(event.cards),
        came=_pretty(event.received),
        size=_cards(size),
        count=_cards(len(event.received)) if key == "draw" else len(event.cards),
        blind=event.note.removesuffix(" all-in"),
        short=_PART["blind_all_in"] if event.note.endswith("all-in") else "",
        making=_PART["making"].format(total=total) if total != event.amount else "",
        note=event.note,
        split=f" ({event.note})" if event.note else "",
        how=_PART["win_folded"] if event.rule == "R3.10" else "",
    )


def tried(step: Step) -> str:
    """A refused action: what the player tried, then the engine's reason for refusing."""
    asked = step.tried
    who, kind, amount = asked.get("player", "?"), asked.get("action", "?"), asked.get("amount")
    if kind == "draw":
        thrown = asked.get("discards", [])
        what = f"throw {_pretty(thrown)}" if thrown else "stand pat"
    elif kind == "raise" and amount is not None:
        what = f"raise to {amount}"
    elif amount is not None:
        what = f"{kind} {amount}"
    else:
        what = str(kind)
    reason = step.refused.split(": ", 1)[-1]
    return f"{who} tries to {what}: not allowed. {reason[:1].upper()}{reason[1:]}".rstrip(".") + "."


def opening(record: HandRecord) -> tuple[str, str]:
    """The first frame's sentence and rule: who has the button and who posts the blinds."""
    dealer, small, big = (
        record.names[s] for s in (record.dealer, record.small_blind, record.big_blind)
    )
    heads_up = record.small_blind == record.dealer
    said = WORDS["opening"]["heads_up" if heads_up else "table"]
    return said.format(number=record.number, dealer=dealer, small=small, big=big), (
        "R1.5" if heads_up else "R8.2"
    )
