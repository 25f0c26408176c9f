"""The practice and progress pages in headless Chromium (tests/webdriver.py), at 390 px.

A practice exercise missed, tried again, missed again, queued, and offered again a few
exercises later, then answered right and gone from the queue; today's deal, the same
seeds as the date gives; the streak and the scores kept across a reload; the progress
page showing lessons passed apart from tried, practice, drill, quiz and hands played
(recorded through `BadugiProgress.record`, as /play/ will), exported and imported again
through its file input, a bad file refused in one line. Skipped without Chromium.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.test_docs import shared_site
from tests.webdriver import Browser, browser, served


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = shared_site(tmp_path_factory)
    with served(site) as url:
        yield url


@pytest.fixture(scope="module")
def window() -> Iterator[Browser]:
    with browser(width=390, height=844) as b:
        yield b


def _fits(b: Browser) -> bool:
    return bool(b.js("return document.documentElement.scrollWidth <= window.innerWidth"))


def _item(b: Browser) -> dict[str, object]:
    """The exercise on show, made again in the page from its theme and seed."""
    made = b.js(
        "const box = document.getElementById('badugi-practice');"
        "const it = BadugiPractice.make(box.dataset.theme, Number(box.dataset.seed));"
        "return {theme: it.theme, seed: it.seed, answer: it.answer, n: it.choices.length,"
        " right: it.choices[it.answer], why: it.why}"
    )
    assert isinstance(made, dict)
    return made


def _wrong(item: dict[str, object], k: int) -> int:
    answer = item["answer"]
    assert isinstance(answer, int)
    return [n for n in range(int(str(item["n"]))) if n != answer][k]


def _click(b: Browser, css: str) -> None:
    """Clicked in the middle of the screen, clear of the theme's sticky header."""
    b.js("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", css)
    b.click(css)


def _ready(b: Browser) -> None:
    b.wait("return document.querySelector('#badugi-practice[data-ready] .practice-choice')")


def test_missed_retried_queued_offered_again_and_daily(base_url: str, window: Browser) -> None:
    b = window
    b.get(base_url + "practice/?theme=wins&seed=5")
    _ready(b)
    b.js("localStorage.clear()")
    b.reload()
    _ready(b)
    assert _fits(b)
    _click(b, ".practice-queue-on")
    item = _item(b)
    assert (item["theme"], item["seed"]) == ("wins", 5)
    # First wrong answer: a second try, the answer and its reason still hidden.
    _click(b, f'.practice-choice[data-choice="{_wrong(item, 0)}"]')
    assert b.text(".practice-verdict").startswith("Not quite. Try once more")
    assert b.js("return document.querySelectorAll('.practice-choice.is-right').length") == 0
    assert b.js("return document.querySelector('.practice-why').hidden") is True
    # Second wrong answer: now the answer and why show, and it joins the queue.
    _click(b, f'.practice-choice[data-choice="{_wrong(item, 1)}"]')
    assert b.text(".practice-verdict") == f"Not quite: the answer is {item['right']}."
    assert b.text(".practice-choice.is-right") == item["right"]
    assert b.text(".practice-why") == item["why"]
    assert b.js("return BadugiProgress.queue()") == [{"theme": "wins", "seed": 5}]
    assert "(1 waiting)" in b.text(".practice-queue-count")

    # The queue survives a reload; it comes back after three new exercises' worth of Next.
    b.reload()
    _ready(b)
    assert b.js("return document.querySelector('.practice-queue-on').checked") is True
    offered = []
    for _ in range(3):
        _click(b, ".practice-next")
        offered.append((_item(b)["theme"], _item(b)["seed"], b.text(".practice-head")))
    assert [o[2].startswith("Again, one you missed") for o in offered] == [False, False, True]
    assert offered[2][:2] == ("wins", 5)
    item = _item(b)
    _click(b, f'.practice-choice[data-choice="{item["answer"]}"]')
    assert b.text(".practice-verdict") == "Right."
    assert b.js("return BadugiProgress.queue()") == []
    assert b.text(".practice-streak").startswith("Streak: 1 right first time")

    # Today's deal: the date's seeds, one per theme, the same as dailySeeds gives.
    _click(b, ".practice-daily-start")
    seeds = b.js("return BadugiPractice.dailySeeds(new Date().toISOString().slice(0, 10))")
    for n, expected in enumerate(seeds):
        item = _item(b)
        assert (item["theme"], item["seed"]) == (expected["theme"], expected["seed"])
        assert b.text(".practice-head").startswith("Today's deal (")
        assert f"{n + 1} of 6" in b.text(".practice-head")
        _click(b, f'.practice-choice[data-choice="{item["answer"]}"]')
        assert b.text(".practice-verdict") == "Right."
        assert _fits(b), expected
        _click(b, ".practice-next")
    assert b.text(".practice-head").startswith("Today's deal done: 6 of 6 right first time")
    kept = b.js("return BadugiProgress.load()")
    assert kept["streak"] == {"now": 7, "best": 7}
    assert kept["practice"]["wins"]["tried"] == 3 and kept["practice"]["wins"]["first"] == 2
    assert len(kept["daily"]) == 1
    assert b.console_errors() == []


def test_progress_page_after_a_reload_export_and_import(
    base_url: str, window: Browser, tmp_path: Path
) -> None:
    b = window
    b.get(base_url + "progress/")
    b.wait("return document.querySelector('#badugi-progress[data-lessons-read]')")
    slugs = b.js(
        "return [...document.querySelectorAll('.progress-lesson-table a')].map(a => a.href)"
    )
    assert len(slugs) >= 8
    # Two lessons answered: one all right first time, one all wrong (tried, not passed);
    # a hand played, the drill and the quiz, all through the shared API.
    b.js(
        "localStorage.setItem('badugi-spec.lessons.v1', JSON.stringify({"
        " 'full-table': {1: true, 2: true, 3: true, 4: true},"
        " 'side-pots': {1: false, 2: false, 3: false, 4: false}}));"
        "BadugiProgress.record('hand', {game: 'six-max-limit', won: true, net: 12});"
        "BadugiProgress.record('hand', {game: 'six-max-limit', won: false, net: -4});"
        "BadugiProgress.record('drill', {hand: 2, best: true});"
        "BadugiProgress.record('drill', {hand: 2, best: false});"
        "BadugiProgress.record('quiz', {mode: 'badugi:4', right: true});"
    )
    b.reload()
    b.wait("return document.querySelector('#badugi-progress[data-lessons-read]')")
    assert _fits(b)
    assert b.text(".progress-lesson-summary .passed") == "1"
    assert b.text(".progress-lesson-summary .tried") == "2"
    rows = b.js(
        "return [...document.querySelectorAll('.progress-lesson-table tbody tr')]"
        ".map(r => [...r.cells].map(c => c.textContent))"
    )
    states = {r[0]: r[1] for r in rows}
    assert sorted(states.values()).count("passed") == 1
    assert sorted(states.values()).count("tried, not passed") == 1
    assert "best choice first time on 1 of 1 hands" in b.text(".progress-drill")
    assert "badugi:4 1 of 1" in b.text(".progress-quiz")
    assert b.text(".progress-played").startswith("2 hands played in the page, 1 won, net +8")
    games = "return [...document.querySelectorAll('.progress-games li')].map(x => x.textContent)"
    assert b.js(games) == ["six-max-limit: 2 hands, 1 won, net +8 chips"]
    assert b.text(".progress-last").startswith("Continue: Practice: ")
    with pytest.raises(AssertionError):
        b.js("BadugiProgress.record('hands', {})")  # a typo in a kind is an error, not lost

    saved = b.js("return BadugiProgress.exportText()")
    good = tmp_path / "progress.json"
    good.write_text(saved, encoding="utf-8")
    bad = tmp_path / "notes.json"
    bad.write_text(json.dumps({"hello": 1}), encoding="utf-8")
    # A hand-edited record of hands (more won than played) is refused whole, in one line.
    edited = json.loads(saved)
    edited["badugi-spec.progress.v1"]["hands"]["games"]["six-max-limit"]["won"] = 5
    cooked = tmp_path / "cooked.json"
    cooked.write_text(json.dumps(edited), encoding="utf-8")
    _click(b, ".progress-forget")
    assert b.text(".progress-lesson-summary .passed") == "0"
    b.type(".progress-import", str(bad))
    b.wait("return document.querySelector('.progress-error')")
    assert b.text(".progress-message").startswith("notes.json: not a progress file")
    b.type(".progress-import", str(cooked))
    b.wait("return document.querySelector('.progress-message').textContent.startsWith('cooked')")
    assert b.text(".progress-message") == (
        "cooked.json: the progress file's badugi-spec.progress.v1.hands.games"
        '["six-max-limit"].won is not a whole number from 0 to played (2)'
    )
    assert b.text(".progress-lesson-summary .passed") == "0"  # nothing was replaced
    b.type(".progress-import", str(good))
    b.wait("return document.querySelector('.progress-message').textContent.startsWith('Imported')")
    assert b.text(".progress-lesson-summary .passed") == "1"
    assert b.text(".progress-played").startswith("2 hands played")
    assert b.js(games) == ["six-max-limit: 2 hands, 1 won, net +8 chips"]
    assert b.console_errors() == []
