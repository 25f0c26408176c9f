"""The table the play page draws: the replayer's frames of the hands being played, with
what the player may not see put face down.

The trainer narrates in lines; the page also draws the seats, the stacks, the bets, the
pot and whose turn it is, and shows each bot's action at its seat as it happens. That is
what the replayer's frames hold (`docs.replayer_frames`), so the page's session records
its hands on the replayer's `Tape`, stepped after every action the trainer applies (the
narrator is told of each), and answers with the frames. The page then draws them with the
replayer's own script.

The frames are made for the replayer, where every card is face up. Here another seat's
cards are sent as `?` (a card back) until that seat shows them at the showdown, and the
sentences that name them (the deal, the draw) say only how many.
"""

from __future__ import annotations

import re
from typing import Any, Final

from badugi_spec.docs.replayer_frames import frames
from badugi_spec.docs.replayer_record import HandRecord, Tape
from badugi_spec.engine import Hand
from badugi_spec.engine.actions import Event
from badugi_spec.trainer.narrate import Narrator
from badugi_spec.trainer.wording import Line, Names

HIDDEN: Final = "?"
"""A card the player may not see, as the page's table gets it: drawn as a back."""

_WORDS: Final = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
_YOU_VERB: Final = re.compile(r"\bYou (is|has|goes|[a-z]+s)\b")
_SECOND: Final = {"is": "are", "has": "have", "goes": "go"}


def second_person(text: str) -> str:
    """The replayer's sentences name every seat in the third person ("You posts"): the
    player's seat is "You" here, so its verbs are put in the second ("You post")."""
    return _YOU_VERB.sub(lambda m: "You " + _SECOND.get(m[1], m[1][:-1]), text)


class TapedNarrator(Narrator):
    """The trainer's narrator, which also keeps a `Tape` of each hand numbered `first` or
    later: it is told of every applied action, which is when a tape takes a step."""

    def __init__(self, *, names: Names, first: int) -> None:
        super().__init__(names=names)
        self.first = first
        self.tapes: list[Tape] = []
        self._number = 0
        self._seen = 0

    def start(self, hand: Hand, *, number: int, of: int) -> list[Line]:
        self._number = number
        if number >= self.first > 0:
            self.tapes.append(Tape(hand, [self.names(s) for s in range(hand.seats)], number=number))
            self._seen = hand.event_count
        return super().start(hand, number=number, of=of)

    def update(self, hand: Hand) -> list[Line]:
        tape = self.tapes[-1] if self.tapes else None
        if tape is not None and tape.hand is hand and hand.event_count > self._seen:
            tape.step()
            self._seen = hand.event_count
        return super().update(hand)


def _count(n: int) -> str:
    return f"{_WORDS.get(n, str(n))} card{'' if n == 1 else 's'}"


def doing(event: Event, bets: list[int]) -> str:
    """What a seat did, in a few words, for the label at its place at the table."""
    seat = -1 if event.seat is None else event.seat
    match event.kind:
        case "post":
            return f"posts {event.amount}"
        case "check" | "fold":
            return f"{event.kind}s"
        case "bet" | "call":
            return f"{event.kind}s {event.amount}"
        case "raise":
            return f"raises to {bets[seat]}"
        case "all-in":
            return f"all-in {event.amount}"
        case "declare" | "draw":
            return f"draws {len(event.cards)}" if event.cards else "stands pat"
        case "show":
            return "shows"
        case "muck":
            return "mucks"
        case "win":
            return f"wins {event.amount}"
        case "return":
            return f"gets back {event.amount}"
        case _:
            return ""


def _hidden_sentence(event: Event, who: str, size: int) -> str | None:
    """The sentence of an event at another seat that would name cards the player cannot
    see; None if the replayer's own says nothing hidden."""
    match event.kind:
        case "deal":
            return f"{who} is dealt {_count(size)}, face down."
        case "declare":
            if not event.cards:
                return f"{who} stands pat."
            return f"{who} throws {_count(len(event.cards))}."
        case "draw":
            if not event.cards:
                return f"{who} stands pat: no cards thrown, none drawn."
            return f"{who} draws {len(event.received)}."
    return None


def hand_view(record: HandRecord, *, you: int, over: bool) -> dict[str, Any]:
    """One hand for the page: the seats, the button and blinds, and every frame, with the
    cards of the other seats face down until they show them (R5.2)."""
    made = frames(record)
    events = [event for step in record.steps for event in step.events]
    shown: set[int] = {you}
    out = []
    # The first frame is before the blinds; frame i + 1 follows events[i] (no refusals are
    # kept: the trainer says those in its narration and nothing changes).
    for number, frame in enumerate(made):
        event = events[number - 1] if number else None
        frame = dict(frame)
        if event is not None and event.seat is not None:
            if event.kind == "show":
                shown.add(event.seat)
            frame["w"] = doing(event, frame["b"])
            if event.seat not in shown:
                hidden = _hidden_sentence(event, record.names[event.seat], record.hand_size)
                if hidden is not None:
                    frame["t"] = hidden
        frame["t"] = second_person(frame["t"])
        frame["c"] = [
            held if seat in shown or not held else " ".join(HIDDEN for _ in held.split(" "))
            for seat, held in enumerate(frame["c"])
        ]
        if "o" in frame:
            frame["o"] = [off if seat in shown else "" for seat, off in enumerate(frame["o"])]
        out.append(frame)
    view: dict[str, Any] = {
        "number": record.number,
        "names": list(record.names),
        "you": you,
        "button": record.dealer,
        "blinds": [record.small_blind, record.big_blind],
        "frames": out,
        "over": over,
    }
    if over and out:
        # For the progress page: chips won or lost in the hand, and whether a pot (or a
        # share of one, R8.29) was awarded to the player.
        view["net"] = out[-1]["s"][you] - record.start_stacks[you]
        view["won"] = any(e.kind == "win" and e.seat == you for e in events)
    return view


def hands(narrator: TapedNarrator, *, you: int) -> list[dict[str, Any]]:
    """Every hand the narrator kept, for the page (the last may still be in play)."""
    return [hand_view(tape.record, you=you, over=tape.hand.is_over) for tape in narrator.tapes]


__all__ = ["HIDDEN", "TapedNarrator", "doing", "hand_view", "hands"]
