"""The site's JavaScript evaluator (docs/javascripts/badugi.js) agrees with Python.

Run under node, it values all 270,725 four-card hands; each value must be the Python
evaluator's. The quiz's verdicts and the card parser are checked the same way. Skipped
when node is not installed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from itertools import combinations
from pathlib import Path

import pytest

from badugi_spec.cards import DECK, parse_cards
from badugi_spec.rankings.house import compare, evaluate, mask_of, strength_of_mask

SCRIPT = Path(__file__).resolve().parent.parent / "docs" / "javascripts" / "badugi.js"
NODE = shutil.which("node") or shutil.which("nodejs")
pytestmark = pytest.mark.skipif(NODE is None, reason="no node on PATH (Debian: nodejs)")

ALL_HANDS = """
const B = require(process.argv[1]);
const deck = B.deck();
const out = [];
for (let a = 0; a < 52; a++) for (let b = a + 1; b < 52; b++)
  for (let c = b + 1; c < 52; c++) for (let d = c + 1; d < 52; d++)
    out.push(B.evaluate([deck[a], deck[b], deck[c], deck[d]]).name);
process.stdout.write(out.join("\\n"));
"""

QUIZ = """
const B = require(process.argv[1]);
const out = [];
for (let seed = 0; seed < 300; seed++) {
  const q = B.quizQuestion(seed);
  const v = B.compare(q.first, q.second);
  out.push({first: q.first.map(B.pretty), second: q.second.map(B.pretty), result: v.result, why: v.why});
}
const parsed = ["As2h3dKd", "A♠ 2♥ 3♦ K♦", "10h tc", "kD, 3c"].map(t => B.parseCards(t).map(B.pretty));
const errors = ["As As", "Zs", "A"].map(t => { try { B.parseCards(t); return null; } catch (e) { return e.message; } });
process.stdout.write(JSON.stringify({quiz: out, parsed: parsed, errors: errors}));
"""


def node(program: str) -> str:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "-e", program, str(SCRIPT)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_every_hand_has_the_python_value() -> None:
    names = node(ALL_HANDS).split("\n")
    assert len(names) == 270_725
    # The deck orders match: index = rank * 4 + suit, clubs diamonds hearts spades.
    assert [str(c) for c in DECK[:5]] == ["Ac", "Ad", "Ah", "As", "2c"]
    table: dict[int, str] = {}
    wrong = []
    for name, hand in zip(names, combinations(range(52), 4), strict=True):
        strength = strength_of_mask(mask_of(hand))
        if strength not in table:
            table[strength] = str(evaluate([DECK[i] for i in hand]))
        if table[strength] != name:
            wrong.append((" ".join(DECK[i].pretty() for i in hand), name, table[strength]))
            if len(wrong) > 5:
                break
    assert wrong == []
    assert len(table) == 1092


def test_quiz_verdicts_and_parsing_match_python() -> None:
    answer = json.loads(node(QUIZ))
    sizes_equal = 0
    for question in answer["quiz"]:
        first, second = (parse_cards(" ".join(h)) for h in (question["first"], question["second"]))
        assert question["result"] == compare(first, second), question
        assert question["why"]
        sizes_equal += evaluate(first).size == evaluate(second).size
    assert sizes_equal > 150  # most questions are decided by the ranks
    assert answer["parsed"] == [
        ["A♠", "2♥", "3♦", "K♦"],
        ["A♠", "2♥", "3♦", "K♦"],
        ["10♥", "10♣"],
        ["K♦", "3♣"],
    ]
    assert all(answer["errors"]), answer["errors"]
