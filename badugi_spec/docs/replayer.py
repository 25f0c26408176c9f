"""A hand you can step through: the table drawn event by event, with buttons and the arrow
keys, each event told in a sentence with its rule.

The engine writes the frames at build time (`replays.record` keeps its events while the
docs build runs each worked example, `replays.frames` turns them into frames), and the
page carries them as compact JSON: a `<script type="application/json">` inside an empty
`.replayer` box, so a page grows by a few kilobytes per hand and by no elements. The
table itself is built by `javascripts/replayer.js` when the page is read; it only shows
frames and plays nothing. Without scripts the box stays hidden and the hand's step table
(`hand_table`), open by default, is the example; the script folds that table away under
its summary once the replayer is drawn.

Another page (a lesson) shows a worked example's hands with `replayer_html(executed,
hand=N)` and, once per page after the rules are placed, `rule_links_html(executed)`; a
page that plays an engine `Hand` itself keeps a `replays.record.Tape` of it and draws
`hand_replayer(tape.record, label=...)`. The step table stays the page's job: without it
a reader without scripts sees nothing of the hand.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
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


def replay_data(record: HandRecord, full: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    """One hand as the script reads it: the seats, the button and blinds, the frames."""
    return {
        "names": list(record.names),
        "button": record.dealer,
        "blinds": [record.small_blind, record.big_blind],
        "frames": compact(frames(record) if full is None else full),
    }


def _json(data: object) -> str:
    # Inside <script>, only "</" could end the element early.
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def hand_replayer(
    record: HandRecord, *, label: str, full: Sequence[dict[str, Any]] | None = None
) -> str:
    """The box one hand's replayer is drawn in, with its frames (`full`, if made already)."""
    data = html(_json(replay_data(record, full)))
    return render("replayer/box.html", label=label, data=data)


def replayer_html(executed: Executed, *, hand: int | None = None) -> str:
    """A replayer for each hand of a worked example (or only hand number `hand`)."""
    kept = {record.number: record for record in executed.replays}
    chosen = [kept[hand]] if hand is not None and hand in kept else list(kept.values())
    if hand is not None and hand not in kept:
        raise KeyError(f"{executed.scenario.id} has no hand {hand} the engine dealt")
    made = hand_frames(executed)
    return "".join(
        hand_replayer(record, label=label(executed, record.number), full=made[record.number])
        for record in chosen
    )


def label(executed: Executed, number: int) -> str:
    """What a screen reader calls one hand's replayer."""
    return f"{executed.scenario.title}: hand {number}, step by step"


def cited(source: Executed | HandRecord) -> list[str]:
    """The rules the frames of an example (or of one recorded hand) cite, each once."""
    made = [frames(source)] if isinstance(source, HandRecord) else hand_frames(source).values()
    seen: dict[str, None] = {}
    for hand in made:
        for frame in hand:
            if frame["r"]:
                seen.setdefault(frame["r"], None)
    return list(seen)


def rule_links_html(
    source: Executed | HandRecord | Iterable[Executed | HandRecord],
    *,
    href: Callable[[str], str | None] = site_rule_href,
) -> str:
    """Where each rule the frames cite is on the site: the script reads every such map on
    the page (and in every fragment it loads) for the frames' rule links. Drawn after the
    rules are placed on their pages, unlike the frames themselves."""
    items = (
        [source] if isinstance(source, HandRecord) or not isinstance(source, Iterable) else source
    )
    links: dict[str, str] = {}
    for item in items:
        for rule_id in cited(item):
            target = href(rule_id)
            if target is not None:
                links[rule_id] = target
    if not links:
        return ""
    return render("replayer/links.html", links=html(_json(links)))
