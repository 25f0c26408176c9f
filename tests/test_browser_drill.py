"""The strategy page's drill and the five-card evaluator, in headless Chromium.

One browser for the module, at 390 px (a phone), on the shared site build served over
HTTP. The drill is driven from the keyboard and by clicks, through draws of one to four
cards and a stand pat that keeps a pair; every chance it shows must be the odds
module's, counted again here in Python. The evaluator on *Try a hand* and
`window.Badugi` are run on a sample of hands in all four rankings and must give the Python
values. Skipped without Chromium and chromedriver.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from fractions import Fraction

import pytest

from badugi_spec.cards import DECK, parse_cards
from badugi_spec.docs.drill import QUESTIONS, question_data
from badugi_spec.rankings import RANKINGS, ranking
from badugi_spec.rankings import compare as compare_in
from badugi_spec.rankings.odds import discard_odds, draw_odds
from tests.test_docs import shared_site
from tests.webdriver import ENTER, Browser, browser, served

WIDTH = 390


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = shared_site(tmp_path_factory)
    with served(site) as url:
        yield url


@pytest.fixture(scope="module")
def window() -> Iterator[Browser]:
    with browser(width=WIDTH, height=844) as b:
        yield b


def _fits(b: Browser) -> bool:
    """Nothing pushes the page wider than the window (a table scrolls in its own box)."""
    return bool(b.js("return document.documentElement.scrollWidth <= window.innerWidth"))


def test_drill_pick_a_discard_see_the_odds(base_url: str, window: Browser) -> None:
    b = window
    b.get(base_url + "generated/strategy/?drill=2")
    b.wait("return document.querySelector('.drill .drill-card') !== null")
    # The page carries what Python counted, for every hand of the drill.
    shown = json.loads(b.js("return document.querySelector('.drill').dataset.questions"))
    assert len(shown) == len(QUESTIONS)
    second = question_data(QUESTIONS[1])  # A♠ 2♥ K♦ K♣, two draws left, an 8 or better wins
    assert shown[1] == second
    assert b.text(".drill-count") == f"Hand 2 of {len(QUESTIONS)}"
    assert "8 or better wins" in b.text(".drill-story")

    # From the keyboard: focus the drill, 4 marks the K♣, Enter draws one.
    b.js("document.querySelector('.drill').focus()")
    b.keys("4")
    assert b.text(".drill-go") == "Draw 1"
    pressed = "return document.querySelector('.drill-card[data-index=\"3\"]').ariaPressed"
    assert b.js(pressed) == "true"
    b.keys(ENTER)
    b.wait("return document.querySelector('.drill-result table') !== null")
    verdict = b.text(".drill-result p")
    keep_king = draw_odds("A♠ 2♥ K♦", draws=2, thrown="K♣", top=parse_cards("8c")[0].rank)
    assert verdict.startswith("Not the best: 0.00 %"), verdict
    break_two = draw_odds("A♠ 2♥", draws=2, thrown="K♦ K♣", top=parse_cards("8c")[0].rank)
    assert keep_king.badugi[-1] == 0
    assert f"{float(break_two.badugi[-1]) * 100:.2f} %" in verdict
    rows = b.js(
        "return [...document.querySelectorAll('.drill-table tbody tr')].map(r =>"
        " ({css: r.className, cells: [...r.cells].map(c => c.textContent),"
        " exact: [...r.cells].slice(2).map(c => c.title)}))"
    )
    assert len(rows) == len(second["choices"])
    # Best first, each chance as the odds module counts it (the exact fraction on hover).
    assert "best" in rows[0]["css"] and rows[0]["cells"][0].startswith("K♦ K♣")
    any_badugi = draw_odds("A♠ 2♥", draws=2, thrown="K♦ K♣").badugi[-1]
    assert rows[0]["exact"] == [f"exactly {break_two.badugi[-1]}", f"exactly {any_badugi}"]
    picked = [r for r in rows if "picked" in r["css"]]
    assert len(picked) == 1 and picked[0]["cells"][0] == "K♣ (yours)"
    targets = [Fraction(r["exact"][0].removeprefix("exactly ")) for r in rows]
    assert targets == sorted(targets, reverse=True)

    # A click marks the K♦ too: drawing two is the best choice. The score counts first tries.
    b.click('.drill-card[data-index="2"]')
    b.click(".drill-go")
    assert b.text(".drill-result p").startswith("Best choice")
    assert b.text(".drill-score") == "Best first time: 0 of 1"
    assert _fits(b), "the drill pushes the page sideways at 390 px"

    # Breaking to one card, then drawing four: every discard has its odds.
    eight = parse_cards("8c")[0].rank
    for index, kept, label in ((0, "2♥", "Draw 3"), (1, "", "Draw 4")):
        b.click(f'.drill-card[data-index="{index}"]')
        assert b.text(".drill-go") == label
        b.click(".drill-go")
        thrown = [c for c in parse_cards("A♠ 2♥ K♦ K♣") if c.pretty() not in kept.split()]
        odds = discard_odds("A♠ 2♥ K♦ K♣", thrown, draws=2, top=eight)
        verdict = b.text(".drill-result p")
        assert verdict.startswith("Not the best: "), verdict
        assert f"{float(odds.badugi[-1]) * 100:.2f} %" in verdict
        picked = b.js(
            "return document.querySelector('.drill-table tr.picked td:nth-child(3)').title"
        )
        assert picked == f"exactly {odds.badugi[-1]}"
    b.js("document.querySelector('.drill').focus()")
    b.keys("n")
    assert b.text(".drill-count") == f"Hand 3 of {len(QUESTIONS)}"

    # A♠ 2♥ 3♦ 3♣ at the first draw: standing pat keeps both 3s, one of them dead weight.
    b.get(base_url + "generated/strategy/?drill=1")
    b.wait("return document.querySelector('.drill .drill-go') !== null")
    b.click(".drill-go")
    first = question_data(QUESTIONS[0])
    pat = next(c for c in first["choices"] if c["throw"] == [])
    idle = first["hand"][pat["idle"][0]]
    assert f"{idle} does not play with the other cards you keep (R2.1)" in b.text(".drill-idle")
    assert f"{pat['target']} %" in b.text(".drill-result p")
    greyed = b.js(
        "return [...document.querySelectorAll('.drill-table tr.picked td:nth-child(2) .off')]"
        ".map(c => c.textContent)"
    )
    assert greyed == [idle]
    assert _fits(b), "sixteen rows of odds push the page sideways at 390 px"
    assert b.console_errors() == []


def _random_hands(count: int) -> list[list[int]]:
    rng = random.Random(2626)
    return [rng.sample(range(52), 5) for _ in range(count)]


def test_five_card_evaluator_agrees_with_python(base_url: str, window: Browser) -> None:
    b = window
    b.get(base_url + "try/")
    b.wait("return window.Badugi && document.querySelector('.try-output .value') !== null")
    # The page's form: type a hand, choose a ranking, read the value it shows.
    typed = [
        "2s 3h 4d 5c 7s",
        "Ah 2h 3h 4h 5h",
        "As 2h 3d 4c 9s",
        "2s 2h 3d 4c 8s",
        "Th Jh Qh Kh Ah",
        "Ks Kh Kd Kc As",
        *(" ".join(str(DECK[i]) for i in hand) for hand in _random_hands(6)),
    ]
    seen = b.js(
        """
        const [hands, names] = arguments;
        const input = document.getElementById('try-hand');
        const select = document.getElementById('try-ranking');
        const out = [];
        for (const hand of hands) for (const name of names) {
          select.value = name;
          select.dispatchEvent(new Event('change'));
          input.value = hand;
          input.dispatchEvent(new Event('input'));
          const box = document.querySelector('.try-output');
          out.push([hand, name, box.querySelector('.value').textContent, box.dataset.strength]);
        }
        return out;
        """,
        typed,
        list(RANKINGS),
    )
    assert len(seen) == len(typed) * len(RANKINGS)
    for hand, name, value, strength in seen:
        python = ranking(name).evaluate(hand)
        assert (value, int(strength)) == (str(python), python.strength), (hand, name)
    assert _fits(b), "the evaluator pushes the page sideways at 390 px"

    # The script as served, on 400 hands dealt at random, in every ranking at once.
    hands = _random_hands(400)
    strengths = b.js(
        """
        const deck = Badugi.deck();
        return arguments[0].map(h => Object.keys(Badugi.RANKINGS).map(
          name => Badugi.evaluate(h.map(i => deck[i]), name).strength));
        """,
        hands,
    )
    for hand, row in zip(hands, strengths, strict=True):
        assert row == [r.strength(hand) for r in RANKINGS.values()], hand

    # A five-card quiz question, answered: the verdict is Python's.
    for mode in ("low-2-7", "badugi-ace-high"):
        b.get(base_url + f"try/?quiz=7&ranking={mode}&cards=5&pick=1")
        b.wait("return document.querySelector('.quiz-answer[data-truth]') !== null")
        faces = "return [...document.querySelectorAll('.quiz-hand')].map(h =>"
        faces += " [...h.querySelectorAll('.card')].map(c => c.textContent).join(' '))"
        first, second = (parse_cards(hand) for hand in b.js(faces))
        assert len(first) == len(second) == 5
        truth = {1: "1", -1: "2", 0: "tie"}[compare_in(first, second, ranking=mode)]
        assert b.js("return document.querySelector('.quiz-answer').dataset.truth") == truth
        assert b.js("return document.getElementById('quiz-ranking').value") == f"{mode}:5"
    assert b.console_errors() == []
