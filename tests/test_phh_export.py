"""Engine hands written as PHH, read back by PokerKit and by our own replay (round trips)."""

from __future__ import annotations

import random
import tomllib
import warnings
from pathlib import Path

import pytest

from badugi_spec import profiles
from badugi_spec.engine import Hand
from badugi_spec.engine.deck import shuffled
from badugi_spec.interop import export, phh
from badugi_spec.interop.record import HandRecord
from badugi_spec.interop.replay import EXACT, replay
from badugi_spec.simulation.random_play import choose
from tests.support import Capsys, run_cli

pokerkit = pytest.importorskip("pokerkit")


def _final_state(history: object) -> object:
    """PokerKit's last state of a hand history (it raises ValueError if it cannot play it)."""
    with warnings.catch_warnings():
        # PokerKit warns about folds when checking is free (R8.11): allowed here.
        warnings.simplefilter("ignore")
        states = list(history)  # type: ignore[call-overload]
    return states[-1]


def _pokerkit_stacks(path: Path) -> list[tuple[list[int], list[int]]]:
    """(PokerKit's final stacks, the file's finishing_stacks) for every hand of a file."""
    out = []
    with open(path, "rb") as stream:
        for history in pokerkit.HandHistory.load_all(stream):
            state = _final_state(history)
            out.append(([int(s) for s in state.stacks], list(history.finishing_stacks)))  # type: ignore[attr-defined]
    return out


def _replays_exact(path: Path) -> int:
    hands = list(phh.read(path))
    assert all(isinstance(h, HandRecord) for h in hands), hands
    results = [replay(h) for h in hands if isinstance(h, HandRecord)]
    assert [r.describe() for r in results if r.status != EXACT] == []
    return len(results)


def test_simulate_writes_phh_that_pokerkit_replays_to_the_same_stacks(
    tmp_path: Path, capsys: Capsys
) -> None:
    target = tmp_path / "sim.phhs"
    status, out, _ = run_cli(
        ["simulate", "--hands", "150", "--seed", "3", "--phh", str(target)], capsys
    )
    assert status == 0 and f"wrote 150 hands as PHH to {target}" in out
    stacks = _pokerkit_stacks(target)
    assert len(stacks) == 150
    assert [i for i, (ours, theirs) in enumerate(stacks) if ours != theirs] == []
    assert _replays_exact(target) == 150
    first = tomllib.loads(target.read_text(encoding="utf-8"))["1"]
    assert first["_profile"] == "house" and first["variant"] == "FB"
    assert "# badugi-spec extensions, not PHH" in target.read_text(encoding="utf-8")


def _random_hand(name: str, seats: int, seed: int) -> Hand:
    rng = random.Random(seed)
    hand = Hand(
        deck=shuffled(seed),
        stacks=[100] * seats,
        dealer=rng.randrange(seats),
        profile=profiles.get(name),
    )
    while not hand.is_over:
        hand.apply(choose(hand, rng))
    return hand


@pytest.mark.parametrize("name", ["pokerkit", "pokerstars-2010"])
def test_multi_way_hands_round_trip_through_pokerkit(name: str, tmp_path: Path) -> None:
    # Deep stacks: with short ones PokerKit's own rules differ from the profiles (the cap
    # counts short all-ins; a short big blind is completed), which is not the export's.
    hands = [_random_hand(name, 3 + seed % 6, seed) for seed in range(60)]
    target = tmp_path / f"{name}.phhs"
    export.write(target, (export.hand_fields(h, hand_id=str(i)) for i, h in enumerate(hands)))
    stacks = _pokerkit_stacks(target)
    assert [ours for ours, _ in stacks] == [[h.stacks[s] for s in h.order] for h in hands]
    assert all(ours == theirs for ours, theirs in stacks)
    assert _replays_exact(target) == 60
    fields = tomllib.loads(target.read_text(encoding="utf-8"))["1"]
    assert ("_profile" in fields) == (name != "pokerkit"), "FB itself is PokerKit's rules"


def test_scenarios_export_to_phh_that_pokerkit_replays(tmp_path: Path, capsys: Capsys) -> None:
    target = tmp_path / "suite.phhs"
    status, out, _ = run_cli(
        ["export", "scenarios/03-betting", "scenarios/real-hands", "--phh", str(target)], capsys
    )
    assert status == 0
    written = int(out.splitlines()[-1].split()[1])
    assert written > 40
    assert _replays_exact(target) == written
    real = tomllib.loads(target.read_text(encoding="utf-8"))
    assert any(
        h.get("_profile") == "pokerstars-2010" and len(h["players"]) == 8 for h in real.values()
    )
    # PokerKit plays the house hands and the real hands its rules allow the same way.
    stacks = _pokerkit_stacks_allowing_failures(target)
    assert stacks["same"] >= written - 5 and stacks["different"] == 0


def _pokerkit_stacks_allowing_failures(path: Path) -> dict[str, int]:
    counts = {"same": 0, "different": 0, "refused": 0}
    with open(path, "rb") as stream:
        for history in pokerkit.HandHistory.load_all(stream):
            try:
                state = _final_state(history)
            except ValueError:
                counts["refused"] += 1  # a real hand PokerKit's rules refuse (R13.2)
                continue
            same = list(state.stacks) == list(history.finishing_stacks)  # type: ignore[attr-defined]
            counts["same" if same else "different"] += 1
    return counts


def test_a_profile_phh_cannot_express_is_refused() -> None:
    hand = _random_hand("house", 2, 1)
    hand.profile = hand.profile.replace(bet_sizes=(2, 4, 4, 8))
    with pytest.raises(export.ExportError, match="has no PHH variant"):
        export.hand_fields(hand)


def test_profile_overrides_are_written_and_read_back(tmp_path: Path) -> None:
    hand = _random_hand("pokerstars-2010", 4, 5)
    hand.profile = hand.profile.replace(cap=5)
    fields = export.hand_fields(hand)
    assert fields["_profile"] == "pokerstars-2010" and fields["_profile_overrides"] == ["cap=5"]
    record = phh.read_text("[1]\n" + phh.dumps(fields))[0]
    assert isinstance(record, HandRecord)
    assert record.profile == "pokerstars-2010" and record.overrides == ("cap=5",)
