"""`replay --explain`: twenty real hands told event by event, checked against the replay.

Each hand is replayed on its own here (the replica's actions on a fresh engine hand) and
the narration must say the same numbers: every pot with the players in it, who wins each,
what each winner takes and the stacks at the end; every narrated line cites a rule.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from badugi_spec.engine import Hand
from badugi_spec.interop import sources
from badugi_spec.interop.record import HandRecord
from badugi_spec.interop.replay import NotExact, replica
from badugi_spec.rules import load
from badugi_spec.trainer.explain_hand import explain_hand
from badugi_spec.trainer.narrate_showdown import pot_label
from tests.support import Capsys, one_line_error, run_cli

REALHANDS = Path(__file__).resolve().parents[1].parent / "shared" / "realhands"
FILES = sorted((REALHANDS / "pokerstars").glob("*.txt")) + sorted(
    (REALHANDS / "phh").glob("*.phhs")
)
pytestmark = pytest.mark.skipif(not FILES, reason=f"the real hands are not at {REALHANDS}")
COUNT = 20


@functools.cache
def twenty() -> tuple[HandRecord, ...]:
    """Ten hands of each format, multi-way showdowns and side pots among them: read once
    per process, not again by each test that wants them."""
    out: list[HandRecord] = []
    for kind in ("pokerstars", "phh"):
        taken = 0
        for path in (p for p in FILES if p.parent.name == kind):
            if taken == COUNT // 2:
                break  # the rest of the files are not read
            for record in sources.hands(path):
                if taken == COUNT // 2:
                    break
                if isinstance(record, HandRecord):
                    try:
                        replica(record)
                    except NotExact:
                        continue
                    out.append(record)
                    taken += 1
    return tuple(out)


def replayed(record: HandRecord) -> Hand:
    copy = replica(record)
    hand = copy.hand()
    for action in copy.actions:
        hand.apply(action)
    return hand


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


# By number, not by the records: so the hands are read and replayed by the worker that runs
# these tests, not at collection by every worker (a second of CPU each).
@pytest.mark.parametrize("number", range(COUNT))
def test_a_told_hand_says_the_replays_numbers(number: int) -> None:
    record = twenty()[number]
    _, lines = explain_hand(record)
    text = flat("\n".join(line.text for line in lines))
    assert {line.rule for line in lines if line.rule} <= set(load())
    hand = replayed(record)
    result = hand.result
    assert result is not None
    name = [player.name for player in record.players]
    for seat, won in enumerate(result.won):
        if won:
            assert f"{name[seat]} wins {won}:" in text
    if len(result.pots) > 1:
        for number, pot in enumerate(result.pots):
            label = pot_label(number)
            assert f"{label} {pot.amount} between" in text
            heading = f"{label[0].upper()}{label[1:]}, {pot.amount}: "
            if len(pot.winners) == 1:
                assert heading + f"to {name[pot.winners[0]]}," in text
            else:
                assert heading + "shared by equal hands" in text
    ends = ", ".join(f"{name[s]} {n}" for s, n in enumerate(hand.stacks))
    assert f"the stacks end {ends}." in text
    if result.ended_by == "showdown":
        assert text.count("Showdown: ") == len(hand.live())


def test_the_twenty_include_side_pots_and_showdowns() -> None:
    hands = [replayed(r) for r in twenty()]
    assert len(hands) == COUNT
    assert any(h.result is not None and len(h.result.pots) > 1 for h in hands)
    assert sum(h.result is not None and h.result.ended_by == "showdown" for h in hands) >= 5


def test_the_command_tells_one_hand(capsys: Capsys) -> None:
    record = twenty()[0]
    status, out, err = run_cli(
        ["replay", "--explain", record.where.path, "--hand", record.hand_id], capsys
    )
    assert status == 0, err
    assert out.count(f"Hand {record.hand_id} under ") == 1
    assert "R8.2   " in out and "R3.2   " in out
    line = one_line_error(
        *run_cli(["replay", "--explain", record.where.path, "--hand", "x"], capsys)
    )
    assert "no hand x in" in line
