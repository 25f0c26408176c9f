"""The practice page's exercises (docs/javascripts/practice-items.js) agree with the engine.

Node makes a few hundred exercises from seeds, as the page does; each answer is found
again here by another route: who acts next and the pot-limit maximum by playing the same
actions on the engine's `Hand`, side pots by the engine's pot builder, the best draw by the
odds module, hands and halves by the Python rankings. Skipped without node.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.cards import DECK, Card, parse_cards
from badugi_spec.engine import Action, Hand, Kind
from badugi_spec.engine.pots import build
from badugi_spec.profiles import get
from badugi_spec.rankings import compare as compare_in
from badugi_spec.rankings.house import evaluate
from badugi_spec.rankings.odds import discard_odds

HERE = Path(__file__).resolve().parent.parent / "docs" / "javascripts"
ITEMS = HERE / "practice-items.js"
NODE = shutil.which("node") or shutil.which("nodejs")
pytestmark = pytest.mark.skipif(NODE is None, reason="no node on PATH (Debian: nodejs)")

COUNT = {"order": 150, "pot": 150, "side": 150, "wins": 100, "halves": 80, "draw": 20}

MAKE = """
const P = require(process.argv[1]);
const count = JSON.parse(process.argv[2]);
const out = {};
for (const theme of Object.keys(count)) {
  out[theme] = [];
  for (let seed = 0; seed < count[theme]; seed++) out[theme].push(P.make(theme, seed * 7919 + 1));
}
out.daily = [P.dailySeeds("2026-12-02"), P.dailySeeds("2026-12-02"), P.dailySeeds("2026-12-03")];
out.drill = [3, 4, 77].map(seed => P.drillHand(seed));
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def items() -> dict[str, Any]:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "-e", MAKE, str(ITEMS), json.dumps(COUNT)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    made: dict[str, Any] = json.loads(done.stdout)
    return made


def _shape(item: dict[str, Any]) -> None:
    """Every exercise: a prompt, two to four distinct choices, the answer among them."""
    assert item["prompt"] and item["why"]
    assert 2 <= len(item["choices"]) <= 4
    assert len(set(item["choices"])) == len(item["choices"])
    assert 0 <= item["answer"] < len(item["choices"])


def _played(check: dict[str, Any]) -> Hand:
    """The engine's hand after the exercise's actions, pot limit, blinds 1 and 2."""
    seats = check["seats"]
    hand = Hand(deck=DECK, stacks=[1000] * seats, dealer=check["button"], profile=get("pot-limit"))
    for a in check["actions"]:
        kind = Kind(a["kind"])
        hand.apply(Action(a["seat"], kind, a.get("amount") if kind is Kind.RAISE else None))
    return hand


NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def test_who_acts_next_is_the_engines_turn(items: dict[str, Any]) -> None:
    seen_sizes = set()
    for item in items["order"]:
        _shape(item)
        check = item["check"]
        hand = _played(check)
        assert not hand.is_over
        assert hand.to_act == check["next"], item["prompt"]
        assert item["choices"][item["answer"]] == NAMES[check["next"]]
        seen_sizes.add(check["seats"])
    assert seen_sizes == {2, 3, 4, 5, 6}  # heads-up's own order is among them


def test_pot_limit_maximum_is_the_engines_range(items: dict[str, Any]) -> None:
    raised = 0
    for item in items["pot"]:
        _shape(item)
        check = item["check"]
        hand = _played(check)
        assert hand.to_act == check["seat"]
        options = {o.kind: o for o in hand.legal_actions()}
        assert options[Kind.RAISE].most == check["most"], item["prompt"]
        assert item["choices"][item["answer"]] == str(check["most"])
        raised += any(a["kind"] == "raise" for a in check["actions"])
    assert raised > 20  # not only the blinds: raises before the question too


def test_side_pots_are_the_engines(items: dict[str, Any]) -> None:
    for item in items["side"]:
        _shape(item)
        check = item["check"]
        pots = build(check["totals"], check["live"])
        assert [(p.amount, list(p.eligible)) for p in pots] == [
            (p["amount"], p["eligible"]) for p in check["pots"]
        ]
        chosen = pots[check["which"]]
        names = [NAMES[s] for s in chosen.eligible]
        said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        assert item["choices"][item["answer"]] == f"{chosen.amount}: {said}"


def _cards(text: list[str]) -> tuple[Card, ...]:
    return parse_cards(" ".join(text))


def test_which_hand_wins_and_halves_match_python(items: dict[str, Any]) -> None:
    for item in items["wins"]:
        _shape(item)
        check = item["check"]
        got = compare_in(_cards(check["first"]), _cards(check["second"]), ranking=check["ranking"])
        assert (got > 0) - (got < 0) == check["result"], item
        assert (
            item["choices"][item["answer"]]
            == {1: "Hand 1", -1: "Hand 2", 0: "They tie"}[check["result"]]
        )
    scoops = 0
    for item in items["halves"]:
        _shape(item)
        check = item["check"]
        results = []
        for name in check["rankings"]:
            got = compare_in(_cards(check["first"]), _cards(check["second"]), ranking=name)
            results.append((got > 0) - (got < 0))
        assert results == check["results"], item
        winners = ["Ann" if r == 1 else "Bob" for r in results]
        right = item["choices"][item["answer"]]
        if winners[0] == winners[1]:
            scoops += 1
            assert right == f"{winners[0]} scoops: both halves"
        else:
            assert right.startswith(f"{winners[0]} takes the Badugi half, {winners[1]}")
    assert 0 < scoops < len(items["halves"])


def test_best_draw_is_the_odds_modules(items: dict[str, Any]) -> None:
    for item in items["draw"]:
        _shape(item)
        check = item["check"]
        hand = " ".join(check["hand"])
        top = None if check["top"] == 13 else DECK[(check["top"] - 1) * 4].rank
        chances = []
        for shown in check["shown"]:
            odds = discard_odds(hand, " ".join(shown["thrown"]), draws=1, top=top)
            assert odds.badugi[0] == Fraction(shown["good"], shown["total"]), (hand, shown)
            chances.append(odds.badugi[0])
        # The answer is the best of all sixteen discards, counted again here.
        every = []
        cards = parse_cards(hand)
        for bits in range(16):
            thrown = " ".join(str(c) for i, c in enumerate(cards) if bits >> i & 1)
            every.append(discard_odds(hand, thrown, draws=1, top=top).badugi[0])
        assert chances[0] == max(every)
        assert all(c < chances[0] for c in chances[1:])
        assert check["best"] == every.count(max(every))


def test_the_daily_deal_is_the_same_all_day(items: dict[str, Any]) -> None:
    today, again, tomorrow = items["daily"]
    assert today == again
    assert today != tomorrow
    assert [d["theme"] for d in today] == ["order", "pot", "side", "wins", "halves", "draw"]


def test_the_drills_extra_hands_are_the_odds_modules(items: dict[str, Any]) -> None:
    """The strategy page's drill deals last-draw hands after its built ones: each of the
    sixteen discards' two chances is discard_odds', the idle cards the evaluator's."""
    for data in items["drill"]:
        hand = " ".join(data["hand"])
        cards = parse_cards(hand)
        top = None if data["top"] == "K" else parse_cards(data["top"] + "c")[0].rank
        assert len(data["choices"]) == 16 and data["draws"] == 1
        for choice in data["choices"]:
            thrown = [cards[i] for i in choice["throw"]]
            target = discard_odds(hand, thrown, draws=1, top=top).badugi[0]
            anything = discard_odds(hand, thrown, draws=1).badugi[0]
            assert choice["exact"] == [str(target), str(anything)], (hand, choice)
            assert choice["target"] == f"{float(target) * 100:.2f}"
            kept = [c for i, c in enumerate(cards) if i not in choice["throw"]]
            playing = evaluate(kept).cards if kept else ()
            assert sorted(choice["idle"]) == sorted(
                cards.index(c) for c in kept if c not in playing
            )
        targets = [Fraction(c["exact"][0]) for c in data["choices"]]
        assert data["best"] == [i for i, t in enumerate(targets) if t == max(targets)]


PROGRESS_CHECK = r"""
const store = {};
global.window = {
  localStorage: { getItem: (k) => store[k] ?? null, setItem: (k, v) => { store[k] = v; },
                  removeItem: (k) => { delete store[k]; } },
  location: { pathname: "/practice/", search: "" },
};
require(process.argv[1]);
const G = window.BadugiProgress;
const bad = { "badugi-spec-progress": 1, [G.LESSONS]: {}, [G.KEY]: {
  last: { url: "javascript:alert(1)" },
  quiz: { a: null, b: 3, c: { tried: 1, right: 1 } },
  practice: { x: "s" },
  missed: [null, { theme: "pot", seed: 3 }, { theme: 1, seed: 2 }],
} };
const kept = G.importText(JSON.stringify(bad));
G.record("quiz", { mode: "b", right: true });  // a record after the import still works
console.log(JSON.stringify({ kept, after: G.load() }));
"""


def test_an_imported_progress_file_keeps_only_what_the_pages_can_read() -> None:
    """A progress file passes from hand to hand: a `javascript:` "continue" link, a null or
    numeric quiz entry and a malformed queued item are dropped on import, not stored to break
    the progress page and every later record."""
    assert NODE is not None
    script = Path(__file__).resolve().parents[1] / "docs" / "javascripts" / "progress.js"
    done = subprocess.run(
        [NODE, "-e", PROGRESS_CHECK, str(script)],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    seen = json.loads(done.stdout)
    kept, after = seen["kept"], seen["after"]
    assert kept["last"] is None
    assert sorted(kept["quiz"]) == ["c"] and kept["practice"] == {}
    assert kept["missed"] == [{"theme": "pot", "seed": 3}]
    assert after["quiz"]["b"] == {"tried": 1, "right": 1}
