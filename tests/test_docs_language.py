"""The scenario-language page's examples run, and its words for legal actions are complete."""

from __future__ import annotations

import re
from pathlib import Path

from badugi_spec.engine import Hand
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Runner
from badugi_spec.simulation.random_play import choose, deal

PAGE = Path(__file__).resolve().parent.parent / "docs" / "scenario-language.md"
TEXT = PAGE.read_text(encoding="utf-8")
BLOCKS = re.findall(r"```badugi\n(.*?)```", TEXT, re.S)
RULES = set(load_rules())


def run(text: str) -> str:
    case = compile_case(parse_scenario(text, "doc.badugi", RULES))
    result = Runner(EngineImplementation()).run(case)
    return result.status + (f": {result.divergence}" if result.divergence else "")


def test_the_complete_example_runs_and_passes() -> None:
    assert BLOCKS and BLOCKS[0].startswith("scenario ")
    assert run(BLOCKS[0]) == "passed"


def test_the_hand_value_examples_run_and_pass() -> None:
    checks = [b for b in BLOCKS if b.startswith(("evaluate", "compare"))]
    assert len(checks) >= 2
    for block in checks:
        assert run('scenario doc "t"\nrules R2.1\n' + block) == "passed", block


def _documented_patterns() -> list[re.Pattern[str]]:
    section = TEXT.split("### The words of `legal`", 1)[1].split("\n## ", 1)[0]
    words = re.findall(r"^\| (.+?) \| ", section, re.M)[2:]  # skip the header rows
    examples = [w.strip("`") for cell in words for w in cell.split(", ")]
    return [re.compile("^" + re.sub(r"\d+(-\d+)?", r"\\d+(-\\d+)?", e) + "$") for e in examples]


def test_every_legal_action_the_engine_offers_is_documented() -> None:
    patterns = _documented_patterns()
    seen: set[str] = set()
    for number in range(400):  # the simulator's mixed stacks include many all-ins
        setup, rng = deal(7, number)
        hand = Hand(deck=setup.deck, stacks=setup.stacks, dealer=setup.dealer)
        while not hand.is_over:
            seen.update(option.describe() for option in hand.legal_actions())
            hand.apply(choose(hand, rng))
    assert {"check", "fold", "draw 0-4"} <= seen and any("all-in" in s for s in seen)
    undocumented = sorted(s for s in seen if not any(p.match(s) for p in patterns))
    assert undocumented == []


def test_every_complete_example_runs_and_passes() -> None:
    complete = [b for b in BLOCKS if b.startswith("scenario ") and "\nplayers " in b]
    assert len(complete) >= 2, "the heads-up example and the multi-way one"
    for block in complete:
        assert run(block) == "passed", block.splitlines()[0]


def test_the_profile_examples_are_valid_profile_lines() -> None:
    lines = [b.strip() for b in BLOCKS if b.startswith("profile ")]
    assert len(lines) >= 2
    for line in lines:
        text = f'scenario doc "t"\n{line}\nrules R8.1\nplayers Ann 100 dealer, Bob 100\n'
        scenario = parse_scenario(text + "deal Ann A♠ 2♥ 3♦ 4♣ / Bob A♥ 2♣ 3♠ 4♦\n", "doc", RULES)
        assert scenario.overrides, line


def test_every_expectation_of_the_table_is_written_in_an_example() -> None:
    """Each row of the expectations table has its words in some example block, so no
    expectation is documented without being shown."""
    section = TEXT.split("## Expectations", 1)[1].split("### The words of `legal`", 1)[0]
    rows = re.findall(r"^\| `([^`|]+)`", section, re.M)
    shown = "\n".join(BLOCKS)
    missing = [row for row in rows if row.split()[0] not in shown]
    assert missing == []


def test_the_add_a_scenario_walkthrough_passes() -> None:
    # The walk-through moved from the README to the site's "Working on badugi-spec" page.
    develop = (PAGE.parent / "develop.md").read_text(encoding="utf-8")
    section = develop.split("## Add a scenario", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```badugi\n(.*?)```", section, re.S)
    text = "\n".join(line.removeprefix("    ") for line in block.splitlines())
    assert run(text) == "passed"
