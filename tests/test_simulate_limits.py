"""Issue 23 items 12 and 5: `simulate`'s limits, its Ctrl-C, its `--phh` target, and the
bound on betting rounds.

`--stacks` took stacks above the profiles' 10^12 limit; Ctrl-C printed no tally; `--phh
a.badugi` overwrote the scenario with status 0; 20,000 `bet_sizes` were accepted and one
hand took 80,000 actions.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.commands import simulate_cmd
from badugi_spec.errors import ScenarioError
from badugi_spec.interop import phh
from badugi_spec.interop.record import HandRecord
from badugi_spec.profiles import HOUSE, ProfileError
from badugi_spec.scenario import parse_scenario
from badugi_spec.simulation.simulate import play_hands
from tests.support import Capsys, one_line_error, run_cli

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("stack", [10**12 + 1, 10**13, 10**40])
def test_a_stack_above_the_profile_limit_is_refused(stack: int, capsys: Capsys) -> None:
    line = one_line_error(*run_cli(["simulate", "--stacks", f"100,{stack}"], capsys))
    assert "argument --stacks: a stack is at most 10^12 chips, as in a profile (R1.4)" in line


def test_a_stack_at_the_limit_plays(capsys: Capsys) -> None:
    status, out, err = run_cli(["simulate", "--hands", "2", "--stacks", f"100,{10**12}"], capsys)
    assert (status, err) == (0, "") and "2 hands:" in out


def test_ctrl_c_prints_the_tally_so_far_and_keeps_whole_hands(
    tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = play_hands

    def interrupted(**kwargs: Any) -> Iterator[Any]:
        for number, played in enumerate(real(**kwargs), start=1):
            if number == 3:  # Ctrl-C while hand 3 is being played
                os.kill(os.getpid(), signal.SIGINT)
            yield played

    monkeypatch.setattr(simulate_cmd, "play_hands", interrupted)
    target = tmp_path / "run.phhs"
    argv = ["simulate", "--hands", "1000000", "--seed", "2", "--phh", str(target)]
    status, out, err = run_cli(argv, capsys)
    assert status == 130 and err == ""
    lines = out.splitlines()
    assert lines[0] == "interrupted after 3 of 1000000 hands; the tally so far:"
    assert f"wrote 3 hands as PHH to {target}" in lines
    assert lines[-1].startswith("3 hands: ")
    hands = phh.read_text(target.read_text("utf-8"), path=str(target))
    assert len(hands) == 3 and all(isinstance(hand, HandRecord) for hand in hands)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back


def test_the_phh_file_never_overwrites_a_scenario(tmp_path: Path, capsys: Capsys) -> None:
    scenario = tmp_path / "a.badugi"
    text = (ROOT / "tests" / "data" / "two-steps.badugi").read_text("utf-8")
    scenario.write_text(text, "utf-8")
    line = one_line_error(*run_cli(["simulate", "--hands", "2", "--phh", str(scenario)], capsys))
    assert f"--phh {scenario}: a .badugi file is a scenario" in line
    assert scenario.read_text("utf-8") == text
    fresh = tmp_path / "new.badugi"  # not there yet: still a scenario's name
    one_line_error(*run_cli(["simulate", "--hands", "2", "--phh", str(fresh)], capsys))
    assert not fresh.exists()
    line = one_line_error(*run_cli(["simulate", "--hands", "2", "--phh", str(tmp_path)], capsys))
    assert "is a folder, not a file" in line


@pytest.mark.parametrize("rounds", [9, 20_000])
def test_betting_rounds_are_bounded(rounds: int) -> None:
    sizes = ",".join(["2"] * rounds)
    with pytest.raises(ProfileError, match=rf"bet_sizes has {rounds} items; at most 8 \(R3\.2\)"):
        HOUSE.replace(bet_sizes=(2,) * rounds)
    source = (
        'scenario rounds "Rounds"\nrules R3.2\n'
        f"profile house bet_sizes={sizes}\nplayers Ann 100 dealer, Bob 100\n"
    )
    with pytest.raises(ScenarioError) as info:
        parse_scenario(source, "r.badugi")
    assert info.value.line == 3 and "at most 8 (R3.2)" in info.value.message


def test_eight_betting_rounds_still_play() -> None:
    assert HOUSE.replace(bet_sizes=(2,) * 8).draws == 7
