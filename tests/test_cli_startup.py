"""Issue 40 item 2: a command line that starts at once.

Each command imports its own module and what that needs, and nothing else: `--help` and
`hand` neither Lark nor the scenarios, the engine, the trainer, the docs or PokerKit. The
test names the modules each command may not import, in a fresh interpreter (a timing would
be at the machine's mercy; `make bench` has the start-up rows). The list of commands that
`--help` shows without importing them must say what the modules register.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

import badugi_spec
from badugi_spec import commands
from badugi_spec.cards import DECK
from badugi_spec.cli import build_parser
from badugi_spec.rankings import house

ROOT = Path(__file__).resolve().parent.parent
FOLD = str(ROOT / "tests" / "data" / "fold-at-once.badugi")

_IMPORTED = """
import json, sys
from badugi_spec.cli import main
status = main(sys.argv[1:])
sys.stdout.flush()
print("\\n" + json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""

HEAVY = (
    "lark",
    "pokerkit",
    "badugi_spec.docs",
    "badugi_spec.trainer",
    "badugi_spec.lsp",
    "badugi_spec.fuzz",
    "badugi_spec.interop",
    "badugi_spec.simulation",
)
"""What no command of these tests needs, `check` included."""


def _imported(*argv: str) -> set[str]:
    """The modules `badugi-spec ARGV` has imported when it is done, run in a new Python."""
    done = subprocess.run(
        [sys.executable, "-c", _IMPORTED, *argv],
        capture_output=True,
        text=True,
        check=True,
        stdin=subprocess.DEVNULL,
        cwd=ROOT,
    )
    answer = json.loads(done.stdout.splitlines()[-1])  # after what the command printed
    assert answer["status"] == 0, argv
    return set(answer["modules"])


def _under(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(f"{p}.") for p in packages))


def test_help_imports_no_command() -> None:
    modules = _imported("--help")
    assert _under(modules, HEAVY) == []
    found = _under(modules, ("badugi_spec",))
    assert found == [
        "badugi_spec",
        "badugi_spec.cli",
        "badugi_spec.commands",
        "badugi_spec.errors",
        "badugi_spec.lazy",  # the package's names on first use: it imports none of them
    ]


def test_hand_imports_the_evaluator_alone() -> None:
    modules = _imported("hand", "As", "2h", "3d", "Kd")
    assert "badugi_spec.commands.hand_cmds" in modules  # so the test sees the command ran
    assert "badugi_spec.rankings.house" in modules
    more = ("badugi_spec.scenario", "badugi_spec.engine", "badugi_spec.profiles")
    assert _under(modules, (*HEAVY, *more, "badugi_spec.rules", "badugi_spec.mutants")) == []
    others = {f"badugi_spec.commands.{name}" for name in commands.modules()} - {
        "badugi_spec.commands.hand_cmds"
    }
    assert modules.isdisjoint(others)


def test_check_imports_the_scenarios_and_not_the_rest() -> None:
    modules = _imported("check", "-q", FOLD)
    assert {"lark", "badugi_spec.scenario.parser", "badugi_spec.engine"} <= modules
    assert _under(modules, tuple(name for name in HEAVY if name != "lark")) == []


def test_serve_needs_no_grammar() -> None:
    # The tests, `verify` and `fuzz` start it again and again: it runs no scenario text.
    modules = _imported("serve")
    assert "badugi_spec.protocol.server" in modules
    assert _under(modules, (*HEAVY, "badugi_spec.scenario.suite", "importlib.metadata")) == []


def test_simulate_plays_without_the_scenario_language() -> None:
    modules = _imported("simulate", "--hands", "2", "--seed", "1")
    assert "badugi_spec.simulation.simulate" in modules
    assert _under(modules, ("lark", "pokerkit", "badugi_spec.docs", "badugi_spec.trainer")) == []


def test_the_version_served_is_the_installed_one() -> None:
    assert badugi_spec.__version__ == version("badugi-spec")


# ----- the list of commands `--help` shows without importing them -------------------------


def _subparsers(
    parser: argparse.ArgumentParser,
) -> argparse._SubParsersAction[argparse.ArgumentParser]:
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))


def test_the_list_says_what_each_module_registers() -> None:
    for module in commands.modules():
        sub = argparse.ArgumentParser().add_subparsers()
        commands.load(module).register(sub)
        listed = [
            (name, help_line) for name, home, help_line in commands.COMMANDS if home == module
        ]
        registered = [(action.dest, action.help) for action in sub._choices_actions]
        assert registered == listed, (
            f"update COMMANDS in badugi_spec/commands/__init__.py for {module}"
        )


def test_help_is_the_whole_parser_s() -> None:
    full = build_parser()
    assert build_parser("").format_help() == full.format_help()
    for name, child in _subparsers(full).choices.items():
        alone = _subparsers(build_parser(name)).choices[name]
        assert alone.format_help() == child.format_help(), name
        assert alone.get_default("run") is not None


# ----- a few hands need no table ------------------------------------------------------------


def test_the_first_hands_are_valued_without_building_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # `hand` and `check` of one file value a few hands; the table costs 0.1-0.3 s to build.
    table = house.strength_table()
    rng = random.Random(40)
    low_cards = DECK[:24]  # A to 6: many pairs and shared suits
    hands = [tuple(rng.sample(low_cards, rng.randint(1, 4))) for _ in range(400)]
    with_table = [house.evaluate(hand) for hand in hands]
    monkeypatch.setattr(house, "_STRENGTHS", {})
    monkeypatch.setattr(house, "_UNTABLED", [len(hands)])
    without = [house.evaluate(hand) for hand in hands]
    assert [(v.cards, v.strength) for v in without] == [(v.cards, v.strength) for v in with_table]
    assert house._STRENGTHS == {} and house._UNTABLED[0] == 0
    looked_up: list[int] = []

    def lookup(mask: int) -> int:
        looked_up.append(mask)
        return table[mask]

    monkeypatch.setattr(house, "strength_of_mask", lookup)
    assert house.evaluate(hands[0]) == with_table[0]
    assert looked_up == [house.mask_of(card.index for card in hands[0])]
