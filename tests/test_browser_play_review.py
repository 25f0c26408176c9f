"""The review of a hand played on /play/, in Chromium (play-review.js, web/review.py).

One page load, one start of Pyodide: a six-max limit hand is clicked to its end (call,
throw all four at the first draw, then stand pat and call or check); its review is
opened; the player's decisions are marked; the odds of every keep at the first draw are
shown with the coaching line the same review gives in CPython; the saved scenario passes
`check`; the share link reopens the same review in a new page; a hand-edited link is
refused in one line; at 390 px the review is no wider than the screen. The bots act at
once here (`badugiPlay.pace = 0`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.cli import main
from badugi_spec.web import review
from tests.test_browser_pyodide import LOAD_SECONDS, OFFLINE
from tests.test_docs import shared_site
from tests.webdriver import Browser, browser, engine_site

BOX = "#badugi-play"
REVIEW = f"{BOX} .play-review"
SEED = 4
ODDS_READY = (
    f"const o = document.querySelector('{REVIEW} .play-odds[data-draw=\"0\"]');"
    " return o && o.dataset.ready"
)
"""A seed whose first hand, drawn to by throwing all four, gets a line of coaching."""


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with engine_site(shared_site(tmp_path_factory)) as url:
        yield url


def settled(b: Browser) -> None:
    b.js_async(
        "const done = arguments[arguments.length - 1]; badugiPlay.settled.then(() => done(1))"
    )


def click_key(b: Browser, key: str) -> None:
    before = len(b.js("return badugiPlay.state.inputs"))
    b.click(f"{BOX} .play-action[data-key='{key}']")
    b.wait("return badugiPlay.state.inputs.length > arguments[0]", before)
    settled(b)


def play_hand_one(b: Browser) -> list[str]:
    """Hand 1 clicked to its end: the keys typed."""
    threw = False
    for _ in range(30):
        b.wait(f"return badugiPlay.settled && document.querySelector('{BOX}').dataset.status")
        if b.js(f"return !!document.querySelector('{BOX} .play-review-open[data-hand=\"1\"]')"):
            return list(b.js("return badugiPlay.state.inputs"))
        keys = b.js(
            f"return [...document.querySelectorAll('{BOX} .play-action')].map(x => x.dataset.key)"
        )
        if "d" in keys and not threw:
            for place in (1, 2, 3, 4):
                b.click(f"{BOX} .play-card[data-place='{place}']")
            click_key(b, "d")
            threw = True
        elif "d" in keys:
            click_key(b, "p")
        else:
            click_key(b, next(k for k in ("k", "c") if k in keys))
    pytest.fail("hand 1 did not end in 30 clicks")


def shown_review(b: Browser) -> dict[str, Any]:
    return dict(
        b.js(
            f"const r = document.querySelector('{REVIEW}');"
            "return {hand: r.dataset.hand, decisions: [...r.querySelectorAll("
            "'.play-review-decisions .play-review-jump')].map(x => x.textContent),"
            " coach: [...r.querySelectorAll('.play-coach')].map(x => x.textContent),"
            " first: [...r.querySelectorAll('.play-odds[data-draw=\"0\"] .play-odds-all tbody tr')]"
            "   .map(tr => [...tr.cells].map(c => c.textContent)),"
            " link: (r.querySelector('.play-review-link') || {}).value}"
        )
    )


def test_a_played_hand_is_reviewed_saved_and_shared(base_url: str, tmp_path: Path) -> None:
    with browser(width=1280, extra=OFFLINE) as b:
        b.get(base_url + "play/")
        b.js("badugiPlay.pace = 0; window.badugiReviewNoScroll = true")
        b.js(f"document.querySelector('{BOX} [name=seed]').value = {SEED}")
        b.click(f"{BOX} .play-deal")
        state = b.wait(
            f"return document.querySelector('{BOX}').dataset.ready", timeout=LOAD_SECONDS
        )
        assert state == "true", b.text(f"{BOX} .engine-status")
        settled(b)
        inputs = play_hand_one(b)
        # The same review in CPython: the figures the page must show.
        want = review.review(profile="pokerstars-2010", seats=6, seed=SEED, inputs=inputs, hand=1)
        first = review.review(
            profile="pokerstars-2010", seats=6, seed=SEED, inputs=inputs, hand=1, draw=0
        )["odds"]
        assert want["status"] == "ok" and first["coach"], (want, first)
        # The hand counted on the progress page with its game, hands won and net chips.
        games = b.js("return BadugiProgress.load().hands.games")
        assert games == {
            "pokerstars-2010": {"played": 1, "won": int(want["won"]), "net": want["net"]}
        }
        # ----- the review: decisions marked, the odds of every keep, the coaching ------
        b.click(f"{BOX} .play-review-open[data-hand='1']")
        b.wait(ODDS_READY, timeout=60)
        seen = shown_review(b)
        assert seen["hand"] == "1"
        assert seen["decisions"] == ["★ " + d["did"] for d in want["decisions"]]
        assert any(d.startswith("★ You draw 4") for d in seen["decisions"])
        assert seen["coach"][0] == first["coach"]
        assert seen["coach"][0].startswith("Strategy, not a rule:")
        rows = seen["first"]
        assert len(rows) == 16 == len(first["keeps"])
        assert [r[2:] for r in rows] == [[c[0] for c in k["chances"]] for k in first["keeps"]]
        assert sum("← yours" in r[0] for r in rows) == 1
        # A decision's frame says so on the table.
        frame = want["decisions"][1]["frame"]
        b.click(f"{REVIEW} .play-review-decisions li[data-frame='{frame}'] .play-review-jump")
        assert b.js(f"return document.querySelector('{REVIEW}').dataset.frame") == str(frame)
        assert b.text(f"{REVIEW} .replayer-sentence").startswith("★ Your decision:")
        assert b.js(f"return document.querySelector('{REVIEW} li.seat.you') !== null")
        # ----- save as scenario: the download passes check -------------------------------
        name = b.js(f"return document.querySelector('{REVIEW} .play-review-save').download")
        text = b.js_async(
            "const done = arguments[arguments.length - 1];"
            f"fetch(document.querySelector('{REVIEW} .play-review-save').href)"
            ".then(r => r.text()).then(done)"
        )
        assert text == want["scenario"] and name == want["file"]
        saved = tmp_path / name
        saved.write_text(text, encoding="utf-8")
        assert main(["check", str(saved)]) == 0
        b.wait(f"return document.querySelector('{REVIEW}').dataset.ready === 'odds'", timeout=60)
        # ----- 390 px: the review fits the width ------------------------------------------
        b.size(390, 900)
        b.wait("return window.innerWidth <= 400")
        wide = b.js(
            "const w = document.documentElement.clientWidth;"
            f"const parts = [...document.querySelectorAll('{REVIEW}, {REVIEW} > *,"
            f" {REVIEW} li.seat')];"
            "return {page: document.documentElement.scrollWidth, width: w,"
            " over: parts.filter(p => p.getBoundingClientRect().right > w + 0.5)"
            "   .map(p => p.className)}"
        )
        assert wide["page"] <= wide["width"] and wide["over"] == [], wide
        assert b.console_errors() == []
        # ----- the share link opens the same review for someone else ---------------------
        link = str(seen["link"])
        assert "review=1" in link
        b.get("about:blank")
        b.get(link)
        b.wait(ODDS_READY, timeout=LOAD_SECONDS)
        again = shown_review(b)
        assert again["decisions"] == seen["decisions"] and again["coach"][0] == seen["coach"][0]
        # ----- a hand-edited link: one line, never a broken page --------------------------
        # (read by the same function a load of the link calls: no reload needed)
        fragment = link.split("#", 1)[1]
        b.js("badugiPlay.resume(arguments[0])", "#" + fragment.replace("review=1", "review=one"))
        settled(b)
        message = b.text(f"{BOX} .engine-message")
        assert message.startswith('This link\'s review "one" is not a hand number'), message
        assert b.js(f"return document.querySelector('{REVIEW}').hidden")
        b.js("badugiPlay.resume(arguments[0])", "#" + fragment.replace("review=1", "review=9"))
        error = b.wait(
            f"const r = document.querySelector('{REVIEW} .play-review-error');"
            "return r && r.textContent"
        )
        assert error.startswith("No review: hand 9 has not ended in this session"), error
        assert "\n" not in error
        assert b.console_errors() == []
