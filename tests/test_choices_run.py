"""Issue 23 item 6: every choice a command offers runs, or is not offered.

`play --help` offered badeucy and badacy, and both failed at the first deal with "a Badugi
hand has 1 to 4 cards, got 5", after the choice had been accepted. Here every `choices`
list of every command's parser is found by walking the parser, and each choice is run
far enough to reach the command's real work; a choices list this file does not know how
to run fails the test, so a new one cannot slip past.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from badugi_spec import profiles
from badugi_spec.cli import build_parser
from tests.support import Capsys, run_cli

ROOT = Path(__file__).resolve().parent.parent
FOLD = str(ROOT / "tests" / "data" / "fold-at-once.badugi")  # a hand played to its end
HANDS = {4: ("A♠ 2♥ 3♦ K♦", "5♠ 6♥ 7♦ 8♣"), 5: ("A♠ 2♥ 3♦ 4♣ 9♠", "5♠ 6♥ 7♦ 8♣ K♣")}


def _choice_actions() -> list[tuple[str, argparse.Action]]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [
        (command, action)
        for command, child in sub.choices.items()
        for action in child._actions
        if action.choices is not None and not isinstance(action, argparse._SubParsersAction)
    ]


def _ranking(command: str) -> Callable[[str], list[str]]:
    def argv(choice: str) -> list[str]:
        from badugi_spec.rankings import ranking

        hands = HANDS[max(ranking(choice).hand_sizes)]
        return [command, "--ranking", choice, *(hands[:1] if command == "hand" else hands)]

    return argv


RUNS: dict[tuple[str, str], Callable[[str], list[str]]] = {
    ("hand", "--ranking"): _ranking("hand"),
    ("compare", "--ranking"): _ranking("compare"),
    ("simulate", "--against"): lambda choice: ["simulate", "--hands", "2", "--against", choice],
    ("mutants", "--only"): lambda choice: ["mutants", "--only", choice, FOLD],
    # stdin (below) answers a few turns, so the bots act before the input ends.
    ("play", "--bot"): lambda choice: ["play", "--bot", choice, "--seed", "1", "--plain"],
    ("bot-sessions", "--bot"): lambda choice: [
        *("bot-sessions", "--bot", choice, "--sessions", "2", "--profile", "badacy", "-q")
    ],
}
"""How to run each choice of each choices list: the command line that reaches the work."""


def test_every_choices_list_is_known_here() -> None:
    found = {(command, action.option_strings[-1]) for command, action in _choice_actions()}
    assert found == set(RUNS), "say how to run each choice of a new choices list in RUNS"


CHOICES = [
    pytest.param(command, action.option_strings[-1], choice, id=f"{command}-{choice}")
    for command, action in _choice_actions()
    for choice in action.choices  # type: ignore[union-attr]
]


@pytest.mark.parametrize(("command", "option", "choice"), CHOICES)
def test_every_choice_reaches_the_work(
    command: str, option: str, choice: str, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    if (command, option) == ("simulate", "--against"):
        pytest.importorskip(choice)
    monkeypatch.setattr(sys, "stdin", io.StringIO("c\nk\np\n" * 6))
    status, out, err = run_cli(RUNS[command, option](choice), capsys)
    # 0, or 1 for a finding (a mutant that survives): never 2, a refusal after the choice.
    assert status in (0, 1), err
    assert "error" not in err and "Traceback" not in err, err
    assert out.strip()


def test_play_offers_no_list_and_refuses_what_it_cannot_play_up_front(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`play` takes any profile by name: each shipped one starts a session (here at once
    ended by `q`), or is refused in one line naming why, before anything is shown."""
    assert ("play", "--profile") not in {(c, a.option_strings[-1]) for c, a in _choice_actions()}
    refused = []
    for name in profiles.names():
        monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
        status, out, err = run_cli(["play", "--profile", name, "--seed", "1", "--plain"], capsys)
        if status == 0:
            assert "Session stopped (quit)" in out, name
            continue
        assert status == 2 and out == "", (name, out)
        (line,) = err.splitlines()
        assert line.startswith(f"badugi-spec: error: play: profile {name} "), line
        assert "R8.29" in line
        refused.append(name)
    assert refused == []  # every shipped profile plays, the split games too (R8.29)
