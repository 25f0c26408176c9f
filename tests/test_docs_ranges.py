"""The scenario-language page's section on ranges (R14.10): its example runs, and its words
cover every option a big-bet or spread game offers."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from badugi_spec import profiles
from badugi_spec.engine import Action, Hand
from badugi_spec.engine.deck import shuffled
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Runner

PAGE = Path(__file__).resolve().parent.parent / "docs" / "scenario-language.md"
TEXT = PAGE.read_text(encoding="utf-8")
SECTION = TEXT.split("## Ranges: big-bet and spread games", 1)[1].split("\n## ", 1)[0]


def test_the_ranges_example_runs_and_passes() -> None:
    block = re.findall(r"```badugi\n(.*?)```", SECTION, re.S)
    assert len(block) == 1
    case = compile_case(parse_scenario(block[0], "doc.badugi", set(load_rules())))
    result = Runner(EngineImplementation()).run(case)
    assert result.status == "passed", result.divergence


def _patterns() -> list[re.Pattern[str]]:
    general = TEXT.split("### The words of `legal`", 1)[1].split("\n## ", 1)[0]
    cells = re.findall(r"^\| (.+?) \| ", general + SECTION, re.M)
    words = [w.strip("`") for cell in cells if cell.startswith("`") for w in cell.split(", ")]
    return [re.compile("^" + re.sub(r"\d+(-\d+)?", r"\\d+(-\\d+)?", w) + "$") for w in words]


@pytest.mark.parametrize("name", ["pot-limit", "no-limit", "half-pot", "spread-2-5"])
def test_every_option_of_a_big_bet_game_is_documented(name: str) -> None:
    patterns = _patterns()
    seen: set[str] = set()
    for number in range(60):
        rng = random.Random(number)
        stacks = [rng.choice([3, 15, 40, 100]) for _ in range(rng.randint(2, 8))]
        hand = Hand(deck=shuffled(number), stacks=stacks, dealer=0, profile=profiles.get(name))
        while not hand.is_over:
            options = hand.legal_actions()
            seen.update(option.describe() for option in options)
            option = rng.choice(options)
            seat = hand.to_act
            assert seat is not None
            hand.apply(Action(seat, option.kind))  # the least of a range; a pat draw
    assert any(re.fullmatch(r"(bet|raise to) \d+-\d+", s) for s in seen)
    assert sorted(s for s in seen if not any(p.match(s) for p in patterns)) == []
