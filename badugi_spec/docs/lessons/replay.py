"""A lesson's hand as a replayer (`docs/replayer.py`): the same frames the worked examples
get, made from the hand the lesson plays rather than from a scenario's run.

`Recording` is the `watch` of `play.play`: it keeps, after the deal and after every action,
the events the engine logged and a checkpoint of the live hand, which is what the docs
build's `Recorder` keeps for a scenario. The frames and the box are the replayer's own.
"""

from __future__ import annotations

import json
from typing import Any

from badugi_spec.engine import Event, Hand

from ..replayer import hand_replayer, site_rule_href
from ..replayer_frames import frames
from ..replayer_record import HandRecord, Step, checkpoint
from .play import Played


class Recording:
    """The steps of one lesson hand, as the engine played them."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def __call__(self, hand: Hand, events: tuple[Event, ...], tried: dict[str, Any]) -> None:
        self.steps.append(Step(events, checkpoint(hand), "", dict(tried)))

    def record(self, played: Played) -> HandRecord:
        hand = played.hand
        return HandRecord(
            number=1,
            names=played.names,
            start_stacks=tuple(hand.start_stacks),
            dealer=hand.dealer,
            small_blind=hand.small_blind,
            big_blind=hand.big_blind,
            hand_size=hand.profile.hand_size,
            steps=tuple(self.steps),
        )


def replayer_html(played: Played, recording: Recording, *, label: str) -> str:
    """The replayer box for the hand so far, and where each rule its frames cite is."""
    record = recording.record(played)
    made = frames(record)
    links: dict[str, str] = {}
    for frame in made:
        rule = frame.get("r")
        if rule and rule not in links and (href := site_rule_href(rule)) is not None:
            links[rule] = href
    # Inside <script>, only "</" could end the element early.
    mapped = json.dumps(links, separators=(",", ":")).replace("</", "<\\/")
    return (
        hand_replayer(record, label=label, full=made)
        + f'<script type="application/json" class="replayer-links">{mapped}</script>'
    )
