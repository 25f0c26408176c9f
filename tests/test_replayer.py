"""The replayer's frames against the engine: after every step of a hand the frame is the
state the runner read back (stacks, pot, cards, whose turn, burns, the deck, side pots),
between steps every frame has the event's own stacks and pot, no chip is made or lost, a
refused action changes nothing, and a burned card's face is never in a page.

A sample of scenarios that, between them, make every kind of event the engine logs (the
test says if the sample stops doing so), so it stays cheap; the browser side is
tests/test_browser_replayer.py.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.cards import Card
from badugi_spec.docs.chapters import place_rules
from badugi_spec.docs.examples import Executed, example_html
from badugi_spec.docs.replayer import replayer_html, rule_links_html
from badugi_spec.engine import Action, Hand, Kind
from badugi_spec.errors import IllegalAction
from badugi_spec.replays.frames import compact, expand, frames
from badugi_spec.replays.record import HandRecord, Recorder, Step, Tape
from badugi_spec.rules import load, load_chapters
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.runner import Runner
from badugi_spec.scenario.suite import load_suite

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
SAMPLE = (
    "03-betting/a-whole-hand.badugi",
    "03-betting/wrong-bet-size.badugi",  # refused actions
    "16-profile-no-limit/three-uneven-all-ins.badugi",  # a main pot and two side pots
    "08-profiles-and-tables/reshuffles/last-card-never-dealt.badugi",
    "08-profiles-and-tables/reshuffles/burn-after-the-reshuffle.badugi",
    "05-showdown-and-short-stacks/short-call-busts-the-caller.badugi",  # R5.4 return
    "05-showdown-and-short-stacks/short-blind-dealer-one-chip.badugi",  # R5.5 return
    "05-showdown-and-short-stacks/split-pot.badugi",
    "14-big-bet-and-spread/min-bet.badugi",  # declared draws, R8.12 returns
    "21-profile-badeucy/draw-all-five.badugi",  # five cards, pots in halves
    "06-session/stacks-carry-over.badugi",  # two hands
    "real-hands/real-52591477382.badugi",  # no betting once all-in
    "real-hands/real-52589452703.badugi",  # a fold facing all-ins
)
EVERY_KIND = {
    "post", "deal", "check", "bet", "call", "raise", "all-in", "fold", "no-betting",
    "declare", "burn", "draw", "reshuffle", "return", "show", "win",
}  # fmt: skip


@cache
def _played() -> tuple[tuple[Executed, ...], ...]:
    suite = load_suite([ROOT / path for path in SAMPLE])
    assert not suite.errors, suite.errors
    out = []
    for scenario in suite.scenarios:
        case = compile_case(scenario)
        recorder = Recorder()
        result = Runner(recorder).run(case)
        assert result.status == "passed", (scenario.id, result.message, result.divergence)
        out.append((Executed(scenario, case, result, "", tuple(recorder.hands)),))
    return tuple(out)


def played() -> list[Executed]:
    return [item for (item,) in _played()]


def _step_frames(record: HandRecord) -> list[tuple[Step, list[dict[str, Any]]]]:
    """Each step with the frames it made (the first frame, before the blinds, is no step's)."""
    made = frames(record)[1:]
    out = []
    for step in record.steps:
        count = 1 if step.refused else len(step.events)
        out.append((step, made[:count]))
        made = made[count:]
    assert made == []
    return out


def _states(executed: Executed) -> list[list[dict[str, Any]]]:
    """The runner's own reading of the state after the deal and each action, per hand:
    `state_of`, by names, a path to the engine that the frames do not take."""
    rows = executed.result.trace[len(executed.case["checks"]) :]
    out: list[list[dict[str, Any]]] = []
    for row in rows:
        if row.op == "deal":
            out.append([] if not row.ok else [row.state or {}])
        elif row.op in ("act", "reject"):
            out[-1].append(row.state or {})
    return [states for states in out if states]


def test_the_sample_makes_every_kind_of_event() -> None:
    kinds = {e.kind for x in played() for r in x.replays for s in r.steps for e in s.events}
    refused = any(s.refused for x in played() for r in x.replays for s in r.steps)
    assert kinds == EVERY_KIND and refused, EVERY_KIND ^ kinds


def test_each_step_ends_on_the_state_the_runner_read() -> None:
    checked = greyed = 0
    for executed in played():
        states = _states(executed)
        assert len(states) == len(executed.replays), executed.scenario.id
        for record, hand_states in zip(executed.replays, states, strict=True):
            names = record.names
            pairs = _step_frames(record)
            assert len(pairs) == len(hand_states), executed.scenario.id
            for (step, made), state in zip(pairs, hand_states, strict=True):
                frame = made[-1]
                where = (executed.scenario.id, record.number, frame["t"])
                assert frame["s"] == [state["stacks"][n] for n in names], where
                assert frame["c"] == [" ".join(state["hands"][n]) for n in names], where
                turn = state["to_act"]
                assert frame["n"] == (-1 if turn is None else names.index(turn)), where
                assert frame["u"] == state["burns"] and frame["k"] == state["stub"], where
                if state["result"] is None:
                    assert frame["p"] == state["pot"], where
                else:  # paid out: nothing left in the middle
                    assert frame["p"] == 0, where
                shared = [p["amount"] for p in state["pots"] if len(p["eligible"]) > 1]
                if "q" in frame:
                    assert [amount for amount, _ in frame["q"]] == shared, where
                point = step.checkpoint
                if point.phase.startswith("bet-"):
                    assert frame["b"] == list(point.committed), where
                assert frame["f"] == [s for s, out in enumerate(point.folded) if out], where
                if point.playing is not None:  # one ranking: the cards that play, greyed
                    off = frame.get("o", [""] * len(names))
                    for name, held, out in zip(names, frame["c"], off, strict=True):
                        plays = [c for c in held.split() if c not in out.split()]
                        ranks = state["values"].get(name, {"ranks": []})["ranks"]
                        assert sorted(Card.parse(c).rank.label for c in plays) == sorted(ranks), (
                            where,
                            name,
                        )
                        greyed += bool(out)
                checked += 1
    assert checked > 150 and greyed > 50


def test_every_frame_keeps_the_chips_and_the_events_numbers() -> None:
    for executed in played():
        for record in executed.replays:
            total = sum(record.start_stacks)
            for step, made in _step_frames(record):
                for frame in made:
                    assert sum(frame["s"]) + frame["p"] == total, frame
                    assert sum(frame["b"]) <= frame["p"], frame
                if step.refused:
                    continue  # no event: the next test holds it to the frame before
                settling = step.checkpoint.over
                for event, frame in zip(step.events, made, strict=True):
                    if settling and event.kind in ("show", "win", "return"):
                        continue  # the engine pays after logging these; counted in the frames
                    assert frame["s"] == list(event.stacks), (event, frame)
                    assert frame["p"] == event.pot, (event, frame)
                    actor = -1 if event.seat is None else event.seat
                    assert frame["r"] == event.rule and frame["a"] == actor, (event, frame)


def test_a_refused_action_changes_nothing_and_says_why() -> None:
    seen = 0
    for executed in played():
        for record in executed.replays:
            full = frames(record)
            for number, frame in enumerate(full):
                if not frame.get("x"):
                    continue
                before = full[number - 1]
                same = {k: v for k, v in frame.items() if k not in "trnax"}
                assert same == {k: v for k, v in before.items() if k not in "trnax"}
                assert " tries to " in frame["t"] and "not allowed" in frame["t"], frame
                assert re.fullmatch(r"R\d+\.\d+", frame["r"]), frame
                seen += 1
    assert seen >= 2


def test_sentences_and_rules_are_told_for_every_frame() -> None:
    rules = load()
    for executed in played():
        for record in executed.replays:
            for frame in frames(record):
                assert frame["t"].endswith(".") and "None" not in frame["t"], frame
                assert frame["r"] in rules, frame
                assert frame["h"], frame


def test_a_raise_says_the_total_the_engine_holds() -> None:
    raises = 0
    for executed in played():
        for record in executed.replays:
            for step, made in _step_frames(record):
                for event, frame in zip(step.events, made, strict=False):
                    if event.kind != "raise":
                        continue
                    to = int(re.search(r"raises to (\d+)", frame["t"]).group(1))  # type: ignore[union-attr]
                    assert to == frame["b"][event.seat], frame
                    raises += 1
    assert raises > 3


def test_a_burned_card_is_never_in_the_page() -> None:
    burns = 0
    for executed in played():
        for record in executed.replays:
            events = [e for s in record.steps for e in s.events]
            if any(e.kind == "reshuffle" for e in events):
                continue  # burns go back into the deck there, and may be dealt later
            # A refusal quotes the engine, which may name the deck's cards to say what a
            # stated order lacks; every other frame is the table as a player sees it.
            told = [f for f in frames(record) if not f.get("x")]
            page = json.dumps(told, ensure_ascii=False)
            for event in events:
                if event.kind != "burn":
                    continue
                for card in event.cards:
                    # Neither its face in a sentence nor its code among anyone's cards.
                    assert card.pretty() not in page, (executed.scenario.id, card)
                    held = {code for f in told for h in f["c"] for code in h.split()}
                    assert str(card) not in held, (executed.scenario.id, card)
                    burns += 1
    assert burns > 10


def test_compact_frames_come_back_whole_and_smaller() -> None:
    for executed in played():
        for record in executed.replays:
            full = frames(record)
            small = compact(full)
            assert expand(small) == full
            assert len(json.dumps(small)) < len(json.dumps(full)) * 0.7


def test_the_html_carries_the_frames_hidden_until_drawn() -> None:
    executed = next(x for x in played() if x.scenario.id == "stacks-carry-over")
    html = replayer_html(executed)
    boxes = re.findall(
        r'<div class="replayer" hidden role="group" aria-label="([^"]+)">'
        r'<script type="application/json" class="replayer-data">(.*?)</script></div>',
        html,
    )
    assert len(boxes) == len(executed.replays) > 1
    for (label, data), record in zip(boxes, executed.replays, strict=True):
        assert label.endswith(f"hand {record.number}, step by step")
        loaded = json.loads(data)
        assert loaded["names"] == list(record.names)
        assert expand(loaded["frames"]) == frames(record)
    second = replayer_html(executed, hand=2)
    assert second.count('class="replayer"') == 1 and second in html
    with pytest.raises(KeyError, match="no hand 99"):
        replayer_html(executed, hand=99)


def test_rule_links_point_at_each_rules_page() -> None:
    place_rules(load_chapters())
    executed = next(x for x in played() if x.scenario.id == "a-whole-hand")
    html = rule_links_html(executed)
    links = json.loads(re.fullmatch(r"<script[^>]*>(.*)</script>", html).group(1))  # type: ignore[union-attr]
    assert set(links) == {f["r"] for r in executed.replays for f in frames(r)}
    assert links["R3.5"] == "../03-betting/#R3.5"
    assert rule_links_html(executed, href=lambda rule: None) == ""


def test_a_worked_example_shows_the_replayer_and_keeps_the_table_open_without_scripts() -> None:
    executed = next(x for x in played() if x.scenario.id == "a-whole-hand")
    html = example_html(executed)
    replayer, _, rest = html.partition('<div class="replayer" hidden')[2].partition("</div>")
    assert "replayer-data" in replayer
    # The table follows at once, open, so a page read without scripts still has the hand.
    assert rest.startswith('<details class="badugi-trace" open><summary>')
    assert 'class="badugi-steps"' in rest.partition("</details>")[0]
    plain = Executed(executed.scenario, executed.case, executed.result)
    assert 'class="replayer"' not in example_html(plain)


def test_cards_in_frames_are_card_codes() -> None:
    for executed in played()[:3]:
        for record in executed.replays:
            for frame in frames(record):
                for held in frame["c"]:
                    for code in held.split():
                        assert str(Card.parse(code)) == code


def test_a_tape_of_a_hand_played_directly_gives_the_same_frames() -> None:
    """What a lesson does (an engine `Hand` of its own, taped) against the docs build's
    run of the same scenario."""
    executed = next(x for x in played() if x.scenario.id == "wrong-bet-size")
    hand_case = executed.case["hands"][0]
    names = [p["name"] for p in executed.case["players"]]
    hand = Hand(
        deck=[Card.parse(c) for c in hand_case["deck"]],
        stacks=[p["stack"] for p in executed.case["players"]],
        dealer=names.index(executed.case["first_dealer"]),
    )
    tape = Tape(hand, names)
    for step in hand_case["steps"]:
        if step["op"] not in ("act", "reject"):
            continue
        action = Action(
            seat=names.index(step["player"]),
            kind=Kind(step["action"]),
            amount=step.get("amount"),
            discards=tuple(Card.parse(c) for c in step.get("discards", [])),
        )
        try:
            hand.apply(action)
        except IllegalAction as error:
            assert step["op"] == "reject"
            what = {"amount": step["amount"]} if "amount" in step else {}
            tape.refused(str(error), player=step["player"], action=step["action"], **what)
        else:
            tape.step()
    taped, run = frames(tape.record), frames(executed.replays[0])
    assert len(taped) == len(run) > 20
    # The same frames; a refusal's words come from the engine, which names seats by
    # number when asked directly and by name through the runner.
    assert [{**f, "t": ""} for f in taped] == [{**f, "t": ""} for f in run]
    assert [f["t"] for f in taped if not f.get("x")] == [f["t"] for f in run if not f.get("x")]
