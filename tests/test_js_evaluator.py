"""The site's JavaScript evaluator (docs/javascripts/badugi.js) agrees with Python.

Run under node, it values all 270,725 four-card hands; each value must be the Python
evaluator's. The quiz's verdicts and the card parser are checked the same way. Skipped
when node is not installed.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from array import array
from itertools import combinations, combinations_with_replacement, product
from pathlib import Path
from typing import Any, Final

import pytest

from badugi_spec.cards import DECK, parse_cards
from badugi_spec.rankings import RANKINGS, category, ranking
from badugi_spec.rankings import compare as compare_in
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


# ----- five cards, in the four rankings of chapter R9 ------------------------------------

FIVE_CARD_RANKINGS = tuple(RANKINGS)


def class_sample() -> list[tuple[int, ...]]:
    """At least one five-card hand of every class, as deck indexes (rank * 4 + suit).

    A class is a hand up to renaming its suits and reordering its cards. Any hand can be
    brought into this sample so: list its cards by rank, and rename the suits in the order
    they first appear (the first card's suit becomes clubs, the next new suit diamonds, and
    so on), so that the suits read as a *restricted growth string*: each entry at most one
    more than the largest before it. Where ranks repeat, list the cards whose suits were
    already renamed first, by their new names, then the others: within a run of one rank
    the new names then rise. So the sample is every rank multiset (6,175: no rank five
    times) with every such string that rises within each run of one rank: 160,537 hands
    for the 134,459 classes (a few classes are met twice).
    """
    patterns = [p for p in product(range(4), repeat=5) if _grows(p)]
    hands = []
    for ranks in combinations_with_replacement(range(13), 5):
        if ranks.count(ranks[0]) == 5:
            continue
        for suits in patterns:
            if any(ranks[i] == ranks[i + 1] and suits[i] >= suits[i + 1] for i in range(4)):
                continue  # not rising within a run of one rank (or one card twice)
            hands.append(tuple(rank * 4 + suit for rank, suit in zip(ranks, suits, strict=True)))
    return hands


def _grows(pattern: tuple[int, ...]) -> bool:
    top = -1
    for entry in pattern:
        if entry > top + 1:
            return False
        top = max(top, entry)
    return True


CLASSES = """
const B = require(process.argv[1]);
const fs = require("fs");
const hands = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const deck = B.deck();
const out = {};
for (const name of Object.keys(B.RANKINGS)) {
  const strengths = [];
  const names = {};
  for (const hand of hands) {
    const v = B.evaluate(hand.map(i => deck[i]), name);
    strengths.push(v.strength);
    names[v.strength] = v.name;
  }
  out[name] = {strengths: strengths, names: names};
}
process.stdout.write(JSON.stringify(out));
"""


def node_with(program: str, data: object, tmp_path: Path) -> Any:
    """Run `program` with `data` as a JSON file (argv[2]); its output read as JSON."""
    assert NODE is not None
    path = tmp_path / "input.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run(
        [NODE, "-e", program, str(SCRIPT), str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_every_five_card_class_has_the_python_value_in_every_ranking(tmp_path: Path) -> None:
    """Agreement on `class_sample()` is agreement on all 2,598,960 five-card hands, because:

    1. Both evaluators value a *set* of cards: the Python strengths read masks and rank
       multisets, and the JavaScript one tries every group (Badugi) or sorts (lows), so the
       order the cards come in never matters.
    2. Both give the same value to a hand and to its copy with the suits renamed: the rules
       speak of suits only as "the same" or "different" (a group has no suit twice, R2.1; a
       flush is five of one suit, R9.5), and badugi.js only ever asks whether suits are
       the same (`===`, or a suit's bit in a set of suits). For Python,
       tests/test_rankings_exhaustive.py finds one strength for every hand of such a group
       over all 2,598,960 hands (under make exhaustive; make test samples); for the JavaScript,
       `test_renamed_suits_and_shuffled_cards_keep_their_value` checks it on hands from
       the whole deck.
    3. Every hand is such a renamed, reordered copy of a hand in the sample (its docstring).

    So for any hand h with sample member s: JS(h) = JS(s) = Python(s) = Python(h). The
    strengths compared are the same integers (badugi.js packs them as the Python rankings
    do), so the order of any two hands, and every quiz verdict, agrees too; the names are
    the Python `describe` texts. `make js-exhaustive` checks every hand directly.
    """
    hands = class_sample()
    assert len(hands) == 160_537
    answer = node_with(CLASSES, hands, tmp_path)
    for name in FIVE_CARD_RANKINGS:
        chosen = ranking(name)
        strength = chosen.strength
        theirs = answer[name]["strengths"]
        assert len(theirs) == len(hands)
        wrong = [
            (" ".join(DECK[i].pretty() for i in hand), got, strength(hand))
            for hand, got in zip(hands, theirs, strict=True)
            if got != strength(hand)
        ]
        assert wrong[:5] == [], name
        names = {int(s): text for s, text in answer[name]["names"].items()}
        assert {s: chosen.describe(s) for s in names} == names, name
        # Every value a ranking has on five cards is met, so no value was left untried.
        assert len(names) == FIVE_CARD_VALUES[name], name


FIVE_CARD_VALUES: Final = {
    # Distinct values over all five-card hands, as the reference figures page counts them
    # (tests/test_rankings_figures.py): every value occurs in some class, so the sample has
    # all. Five cards cannot make a one-card 10, J, Q or K (five of one suit hold a 9 or lower).
    "badugi": 1_088,
    "badugi-ace-high": 1_088,
    "low-2-7": 7_462,
    "low-a-5": 6_175,
}


RENAMED = """
const B = require(process.argv[1]);
const fs = require("fs");
const cases = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const deck = B.deck();
const out = [];
for (const c of cases) {
  const row = {};
  for (const name of Object.keys(B.RANKINGS)) {
    row[name] = [B.evaluate(c.hand.map(i => deck[i]), name).strength,
                 B.evaluate(c.renamed.map(i => deck[i]), name).strength];
  }
  out.push(row);
}
process.stdout.write(JSON.stringify(out));
"""


def test_renamed_suits_and_shuffled_cards_keep_their_value(tmp_path: Path) -> None:
    """Premise 2 of the class argument, for the JavaScript: 3,000 hands dealt from the whole
    deck, each valued as dealt and again with its suits renamed and its cards shuffled. Both
    must give the same strength, and it must be Python's (these hands are mostly not in
    the sample, so this also checks hands the sample only stands for)."""
    rng = random.Random(26)
    cases = []
    for _ in range(3_000):
        hand = rng.sample(range(52), 5)
        names = rng.sample(range(4), 4)
        renamed = [index - index % 4 + names[index % 4] for index in hand]
        rng.shuffle(renamed)
        cases.append({"hand": hand, "renamed": renamed})
    answer = node_with(RENAMED, cases, tmp_path)
    renamings = 0
    for case, row in zip(cases, answer, strict=True):
        renamings += case["hand"] != sorted(case["renamed"])
        for name in FIVE_CARD_RANKINGS:
            python = ranking(name).strength(case["hand"])
            assert row[name] == [python, python], (name, case)
    assert renamings > 2_800  # the renaming moved most hands to other cards


FIVE_QUIZ = """
const B = require(process.argv[1]);
const modes = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
const out = [];
for (const [name, size] of modes) {
  for (let seed = 0; seed < 150; seed++) {
    const q = B.quizQuestion(seed, name, size);
    const v = B.compare(q.first, q.second, name);
    const one = B.explain(q.first, name);
    out.push({name: name, size: q.first.length, first: q.first.map(B.pretty),
      second: q.second.map(B.pretty), result: v.result, why: v.why,
      lines: one.reasons.map(r => r.text).concat(one.notes)});
  }
}
process.stdout.write(JSON.stringify(out));
"""


def test_five_card_quiz_verdicts_match_python(tmp_path: Path) -> None:
    modes = [["badugi", 5], ["badugi-ace-high", 5], ["low-2-7", 5], ["low-a-5", 5]]
    answer = node_with(FIVE_QUIZ, modes, tmp_path)
    assert len(answer) == 600
    alike = dict.fromkeys(FIVE_CARD_RANKINGS, 0)
    for question in answer:
        name = question["name"]
        first, second = (parse_cards(" ".join(h)) for h in (question["first"], question["second"]))
        assert question["size"] == 5
        assert question["result"] == compare_in(first, second, ranking=name), question
        rule = r"R9\.[1-6]" if name.startswith("low") else r"R(2\.[34]|9\.[13])"
        assert question["result"] == 0 or re.search(rule, question["why"]), question
        assert question["lines"] or name.startswith("badugi"), question
        one, two = (ranking(name).evaluate(h) for h in (first, second))
        if name.startswith("low"):
            alike[name] += category(one) is category(two)
        else:
            alike[name] += one.strength >> 16 == two.strength >> 16
    # Most questions are between hands of one size or one category, where ranks decide.
    assert all(count > 75 for count in alike.values()), alike


EXHAUSTIVE = """
const B = require(process.argv[1]);
const fs = require("fs");
const deck = B.deck();
const names = Object.keys(B.RANKINGS);
const out = names.map(() => new Int32Array(2598960));
let n = 0;
for (let a = 0; a < 52; a++) for (let b = a + 1; b < 52; b++) for (let c = b + 1; c < 52; c++)
  for (let d = c + 1; d < 52; d++) for (let e = d + 1; e < 52; e++) {
    const hand = [deck[a], deck[b], deck[c], deck[d], deck[e]];
    for (let k = 0; k < names.length; k++) out[k][n] = B.evaluate(hand, names[k]).strength;
    n++;
  }
names.forEach((name, k) => fs.writeFileSync(process.argv[2] + "." + name, Buffer.from(out[k].buffer)));
process.stdout.write(JSON.stringify(names));
"""


@pytest.mark.skipif(
    os.environ.get("BADUGI_JS_EXHAUSTIVE") != "1", reason="make js-exhaustive runs every hand"
)
def test_every_five_card_hand_in_every_ranking(tmp_path: Path) -> None:
    """All 2,598,960 five-card hands in the four rankings, JavaScript against Python, with
    no argument needed: `make js-exhaustive` (30 to 33 CPU-seconds; the class sample above
    is what `make test` runs)."""
    assert NODE is not None
    stem = tmp_path / "strengths"
    done = subprocess.run(
        [NODE, "-e", EXHAUSTIVE, str(SCRIPT), str(stem)],
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == list(FIVE_CARD_RANKINGS)
    for name in FIVE_CARD_RANKINGS:
        theirs = array("i")
        theirs.frombytes((tmp_path / f"strengths.{name}").read_bytes())
        strength = ranking(name).strength
        wrong = [
            hand
            for hand, got in zip(combinations(range(52), 5), theirs, strict=True)
            if got != strength(hand)
        ]
        assert wrong[:5] == [], name


GROUPS_NOTE = """
const B = require(process.argv[1]);
const fs = require("fs");
const cases = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const deck = B.deck();
process.stdout.write(JSON.stringify(cases.map(c => B.groupsNote(c.hand.map(i => deck[i]), c.ranking))));
"""

_NOTE: Final = re.compile(
    r"All (\d+) groups of these (\d) cards were tried; (\d+) (?:has|have) no repeated rank"
    r" or suit, and the best of the largest is kept \(R2\.5\)\.$"
)


def test_the_groups_sentence_counts_from_the_hand_and_the_ranking(tmp_path: Path) -> None:
    # The sentence under a valued hand (try.md's evaluator) once said "all 31 groups" for
    # a 2-7 or A-5 low, where all five cards play: the counts must be the hand's own.
    from badugi_spec.docs.subsets import groups

    pick = random.Random(26)
    cases: list[tuple[list[int], str]] = [
        (pick.sample(range(52), size), name)
        for name in ("badugi", "badugi-ace-high")
        for size in (2, 3, 4, 5)
        for _ in range(25)
    ]
    cases += [(pick.sample(range(52), 5), name) for name in ("low-2-7", "low-a-5")]
    notes = node_with(GROUPS_NOTE, [{"hand": h, "ranking": r} for h, r in cases], tmp_path)
    assert len(notes) == len(cases)
    for (hand, name), note in zip(cases, notes, strict=True):
        cards = [DECK[i] for i in hand]
        if name.startswith("low"):
            # One group, the whole hand: no count of groups to choose among.
            assert note.startswith("In ") and "all 5 cards play" in note, note
            assert "only group" in note and "groups" not in note, note
            continue
        match = _NOTE.match(note)
        assert match, note
        rainbow = sum(
            1
            for n in range(1, len(cards) + 1)
            for group in combinations(cards, n)
            if len({c.rank for c in group}) == n == len({c.suit for c in group})
        )
        assert match.groups() == (str(groups(len(cards))), str(len(cards)), str(rainbow)), note
