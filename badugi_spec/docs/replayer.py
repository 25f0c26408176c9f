"""A hand you can step through: the table drawn event by event, with buttons and the arrow
keys, each event told in a sentence with its rule.

The engine's events of each hand, kept while the build runs it (`replays.record`), become
frames (`replays.frames`) that the page carries as compact JSON in an empty `.replayer`
box: a few kilobytes per hand and no elements. `javascripts/replayer.js` draws the table
from them when the page is read; it plays nothing. Without scripts the box stays hidden
and the hand's step table (`hand_table`), open by default, is the example; the script
folds it away once the replayer is drawn, so a page showing a replayer shows the table too.
The rules the frames cite are linked by a map drawn once the rules are placed
(`rule_links_html`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

from badugi_spec.replays.frames import compact, frames
from badugi_spec.replays.record import HandRecord

from .cache import Memo
from .executed import Executed
from .places import site_rule_href
from .templating import html, render

FRAMES: Final = Memo("replayer-frames", keep=4000)


def hand_frames(executed: Executed) -> dict[int, list[dict[str, Any]]]:
    """Each hand's frames by its number, made once per run (`Executed.key`)."""

    def make() -> dict[int, list[dict[str, Any]]]:
        return {record.number: frames(record) for record in executed.replays}

    return FRAMES.get(executed.key, make) if executed.key else make()


def _json(data: object) -> str:
    # Inside <script>, only "</" could end the element early.
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def hand_replayer(record: HandRecord, *, label: str, full: list[dict[str, Any]]) -> str:
    """The box one hand's replayer is drawn in, with its frames (`full`): the seats, the
    button and blinds, the frames."""
    data = {
        "names": list(record.names),
        "button": record.dealer,
        "blinds": [record.small_blind, record.big_blind],
        "frames": compact(full),
    }
    return render("replayer/box.html", label=label, data=html(_json(data)))


def replayer_html(executed: Executed, *, hand: int | None = None) -> str:
    """A replayer for each hand of a worked example (or only hand number `hand`)."""
    kept = {record.number: record for record in executed.replays}
    if hand is not None and hand not in kept:
        raise KeyError(f"{executed.scenario.id} has no hand {hand} the engine dealt")
    made = hand_frames(executed)
    return "".join(
        hand_replayer(record, label=label(executed, number), full=made[number])
        for number, record in kept.items()
        if hand in (None, number)
    )


def label(executed: Executed, number: int) -> str:
    """What a screen reader calls one hand's replayer."""
    return f"{executed.scenario.title}: hand {number}, step by step"


def rule_links_html(
    executed: Executed, *, href: Callable[[str], str | None] = site_rule_href
) -> str:
    """Where each rule the frames cite is on the site: the script reads every such map on
    the page (and in every fragment it loads) for the frames' rule links."""
    links: dict[str, str] = {}
    for hand in hand_frames(executed).values():
        for frame in hand:
            if frame["r"] and (target := href(frame["r"])) is not None:
                links.setdefault(frame["r"], target)
    return render("replayer/links.html", links=html(_json(links))) if links else ""
