"""The words of the replayer: each engine event, a refused action and the start of a hand
told in a sentence, and each phase of the hand named as a reader says it.

Only what the event holds and the table as `replayer_frames` keeps it: the amount a
player put in, the total it makes for the round ("raises to 6"), the cards thrown and
drawn. A burn is told without its card.
"""

from __future__ import annotations

from typing import Final

from badugi_spec.cards import Card
from badugi_spec.engine.actions import Event

from .replayer_record import HandRecord, Step

_WORDS: Final = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
_ORDINAL: Final = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def _pretty(codes: tuple[str, ...] | list[str]) -> str:
    return " ".join(Card.parse(code).pretty() for code in codes)


def _cards(count: int) -> str:
    return f"{_WORDS.get(count, str(count))} card{'' if count == 1 else 's'}"


def phase_label(phase: str) -> str:
    """`bet-2` as a reader says it: 'Betting round 2'."""
    kind, _, number = phase.partition("-")
    if kind == "bet":
        return "Betting before the first draw" if number == "1" else f"Betting round {number}"
    if kind == "draw":
        return f"The {_ORDINAL.get(int(number), number)} draw"
    if phase == "deal":
        return "Before the deal"
    if phase == "blinds":
        return "The blinds and the deal"
    return "The showdown" if phase == "showdown" else "The hand is over"


def sentence(
    event: Event, *, names: tuple[str, ...], stacks: list[int], bets: list[int], size: int
) -> str:
    """One event as a sentence; `stacks` and `bets` are the table's after it."""
    who = names[event.seat] if event.seat is not None else ""
    seat = -1 if event.seat is None else event.seat
    all_in = " and is all-in" if who and stacks[seat] == 0 and event.amount else ""
    match event.kind:
        case "post":
            blind = event.note.removesuffix(" all-in")
            if blind == "ante":
                return f"{who} antes {event.amount}{all_in}."
            short = " That is all of their chips: all-in." if event.note.endswith("all-in") else ""
            return f"{who} posts the {blind}: {event.amount}.{short}"
        case "deal":
            return f"{who} is dealt {_cards(size)}, one at a time: {_pretty(_codes(event.cards))}."
        case "check":
            return f"{who} checks."
        case "bet":
            return f"{who} bets {event.amount}{all_in}."
        case "call":
            return f"{who} calls {event.amount}{all_in}."
        case "raise":
            return f"{who} raises to {bets[seat]}, putting in {event.amount} more{all_in}."
        case "all-in":
            total = bets[seat]
            making = f", {total} in this round" if total != event.amount else ""
            return f"{who} goes all-in for {event.amount}{making}."
        case "fold":
            return f"{who} folds and is out of the hand."
        case "no-betting":
            return "No betting this round: a player is all-in, so nobody can bet against them."
        case "declare":
            thrown = _codes(event.cards)
            what = f"throws {_pretty(thrown)}" if thrown else "stands pat"
            return f"{who} {what}; new cards are dealt once every player still in has said."
        case "burn":
            count = len(event.cards)
            if count == 1:
                return "The top card is burned: put aside face down, and nobody sees it."
            return f"The top {count} cards are burned: put aside face down, unseen."
        case "draw":
            if not event.cards:
                return f"{who} stands pat: no cards thrown, none drawn."
            thrown, came = _codes(event.cards), _codes(event.received)
            return f"{who} throws {_pretty(thrown)} and draws {_cards(len(came))}: {_pretty(came)}."
        case "reshuffle":
            return (
                f"The deck is out of cards: the discards are shuffled into a new deck of"
                f" {event.amount}."
            )
        case "return":
            return f"{who} gets back {event.amount} that nobody called."
        case "show":
            return f"{who} shows {_pretty(_codes(event.cards))}: {event.note}."
        case "muck":
            return f"{who} mucks: the hand goes into the muck face down, unseen, and loses."
        case "win":
            how = ": everyone else folded" if event.rule == "R3.10" else ""
            split = f" ({event.note})" if event.note else ""
            return f"{who} wins {event.amount}{split}{how}."
        case _:
            return f"{who} {event.kind} {event.amount}".strip() + "."


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def tried(step: Step) -> str:
    """A refused action: what the player tried, then the engine's reason for refusing."""
    asked = step.tried
    who, kind, amount = asked.get("player", "?"), asked.get("action", "?"), asked.get("amount")
    if kind == "draw":
        thrown = [str(c) for c in asked.get("discards", [])]
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
    names = record.names
    dealer, small, big = (names[s] for s in (record.dealer, record.small_blind, record.big_blind))
    if record.small_blind == record.dealer:
        return (
            f"Hand {record.number}: {dealer} has the button and posts the small blind;"
            f" {big} posts the big blind.",
            "R1.5",
        )
    return (
        f"Hand {record.number}: {dealer} has the button; {small}, on the button's left, posts"
        f" the small blind and {big} the big blind.",
        "R8.2",
    )


__all__ = ["opening", "phase_label", "sentence", "tried"]
