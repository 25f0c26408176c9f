"""A hand you can step through: the table drawn event by event, with buttons and the arrow
keys, each event told in a sentence with its rule.

The engine writes the frames at build time (`replayer_record` keeps its events while the
docs build runs each worked example, `replayer_frames` turns them into frames), and the
page carries them as compact JSON: a `<script type="application/json">` inside an empty
`.replayer` box, so a page grows by a few kilobytes per hand and by no elements. The
table itself is built by `javascripts/replayer.js` when the page is read; it only shows
frames and plays nothing. Without scripts the box stays hidden and the hand's step table
(`hand_table`), open by default, is the example; the script folds that table away under
its summary once the replayer is drawn.

Another page (a lesson) shows a worked example's hands with `replayer_html(executed,
hand=N)` and, once per page after the rules are placed, `rule_links_html(executed)`; a
page that plays an engine `Hand` itself keeps a `replayer_record.Tape` of it and draws
`hand_replayer(tape.record, label=...)`. The step table stays the page's job: without it
a reader without scripts sees nothing of the hand.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from .cache import Memo
from .executed import Executed
from .places import site_rule_href
from .replayer_frames import frames
from .replayer_record import HandRecord
from .templating import html, render

FRAMES: Final = Memo("replayer-frames", keep=4000)


def compact(full: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each frame as only what changed since the one before: the script fills in the
    rest (`expand`), so a hand's JSON is about half the size."""
    out: list[dict[str, Any]] = []
    before: dict[str, Any] = {}
    for frame in full:
        delta = {k: v for k, v in frame.items() if before.get(k) != v}
        # Keys a frame may lack (side pots, a refusal) are said to be gone, not kept.
        delta |= {k: None for k in before if k not in frame}
        out.append(delta)
        before = frame
    return out


def expand(deltas: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The frames again from `compact` (as `replayer.js` does): for tests."""
    out: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    for delta in deltas:
        current = {k: v for k, v in (current | delta).items() if v is not None}
        out.append(current)
    return out


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


def records(executed: Executed) -> dict[int, HandRecord]:
    """The executed example's hands by number, as the engine played them."""
    return {record.number: record for record in executed.replays}


def replayer_html(executed: Executed, *, hand: int | None = None) -> str:
    """A replayer for each hand of a worked example (or only hand number `hand`)."""
    kept = records(executed)
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
