"""The play page's table in Chromium (docs/play/, play.js drawing with replayer.js).

One page load, one start of Pyodide (seconds of CPU): the chooser works before the engine,
a Deal clicked then deals when it is ready; a whole six-max limit hand is clicked through
on the table and its last frame checked against the same session in CPython; a pot-limit
raise out of range is refused beside the controls; Badeucy's cards carry each half's mark;
every preset deals its game; at 390 px nothing is wider than the screen. The bots act at
once here (`badugiPlay.pace = 0`): watching them is for people.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from badugi_spec.web import play
from tests.test_browser_pyodide import LOAD_SECONDS, OFFLINE
from tests.test_docs import shared_site
from tests.webdriver import Browser, browser, engine_site

BOX = "#badugi-play"
PRESETS = [
    ("six-max-limit", "pokerstars-2010", 6),
    ("six-max-pot-limit", "pot-limit", 6),
    ("six-max-no-limit", "no-limit", 6),
    ("heads-up-house", "house", 2),
    ("badeucy-six-max", "badeucy", 6),
    ("badacy-six-max", "badacy", 6),
]


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with engine_site(shared_site(tmp_path_factory)) as url:
        yield url


def settled(b: Browser) -> None:
    """Wait until the page has drawn its last answer (the bots' frames, then controls)."""
    b.js_async(
        "const done = arguments[arguments.length - 1]; badugiPlay.settled.then(() => done(1))"
    )
    b.wait(f"return !document.querySelector('{BOX} .play-table').hidden")


def deal(b: Browser, preset: str, seed: int) -> None:
    b.js(
        "const c = document.querySelector('.play-chooser'); c.open = true; c.scrollIntoView({block: 'center'})"
    )
    b.js(f"document.querySelector('{BOX} [name=seed]').value = arguments[0]", seed)
    b.click(f"{BOX} [name=preset][value='{preset}']")
    b.click(f"{BOX} .play-deal")
    settled(b)


def keys_now(b: Browser) -> list[str]:
    found: list[str] = b.js(
        f"return [...document.querySelectorAll('{BOX} .play-action')].map(x => x.dataset.key)"
    )
    return found


def click_key(b: Browser, key: str) -> None:
    before = len(b.js("return badugiPlay.state.inputs"))
    b.click(f"{BOX} .play-action[data-key='{key}']")
    b.wait("return badugiPlay.state.inputs.length > arguments[0]", before)
    settled(b)


def board(b: Browser) -> dict[str, Any]:
    """The table as drawn: each seat's name, stack, bet, words, cards face up and down."""
    seen: dict[str, Any] = b.js(
        f"const seats = [...document.querySelectorAll('{BOX} .play-board li.seat')];"
        "return {pot: document.querySelector('.play-board .replayer-pot').textContent,"
        " seats: seats.map(s => ({name: s.querySelector('.seat-name').textContent,"
        "  roles: [...s.querySelectorAll('.seat-role')].map(r => r.textContent),"
        "  stack: s.querySelector('.seat-stack').textContent,"
        "  bet: s.querySelector('.seat-bet').textContent,"
        "  said: s.querySelector('.seat-said').textContent,"
        "  turn: s.classList.contains('turn'),"
        "  up: [...s.querySelectorAll('.seat-cards .card:not(.card-back)')].map(c => c.textContent),"
        "  down: s.querySelectorAll('.seat-cards .card-back').length}))}"
    )
    return seen


def test_the_table_on_the_play_page(base_url: str) -> None:
    with browser(width=1280, extra=OFFLINE) as b:
        b.get(base_url + "play/")
        # ----- the chooser before the engine: six-max limit first and chosen ----------
        # Drawn before the engine is ready (which, from the build's snapshot, it may be by
        # the time the page's load event lets this look).
        times = b.js(
            f"const d = document.querySelector('{BOX}').dataset; return [d.controlMs, d.readyMs]"
        )
        assert times[0] and (times[1] is None or int(times[0]) < int(times[1])), times
        names = b.js(
            f"return [...document.querySelectorAll('{BOX} [name=preset]')].map(r => r.value)"
        )
        assert names == [preset for preset, _, _ in PRESETS]
        assert b.js(f"return document.querySelector('{BOX} [name=preset]:checked').value") == (
            "six-max-limit"
        )
        lines = b.js(
            f"return [...document.querySelectorAll('{BOX} .play-preset')].map(l => l.textContent)"
        )
        assert lines[0].startswith("Six-max limit") and "six seats" in lines[0]
        assert not b.js(f"return document.querySelector('{BOX} .play-more').open")  # seed: more
        # A Deal clicked before the engine is ready deals as soon as it is.
        b.js("badugiPlay.pace = 0")
        b.js(f"document.querySelector('{BOX} [name=seed]').value = 11")
        b.click(f"{BOX} .play-deal")
        state = b.wait(
            f"return document.querySelector('{BOX}').dataset.ready", timeout=LOAD_SECONDS
        )
        assert state == "true", b.text(f"{BOX} .engine-status")
        settled(b)
        # Defect 1: the table is what shows; the narration is a panel, closed until opened.
        assert b.js(f"return document.querySelector('{BOX} details.play-narration').open") is False
        # ----- a whole six-max limit hand, clicked on the table -----------------------
        drawn = board(b)
        assert [s["name"] for s in drawn["seats"]] == ["You"] + [f"Bot {i}" for i in range(1, 6)]
        roles = [r for s in drawn["seats"] for r in s["roles"]]
        assert sorted(roles) == ["BB", "D", "SB"]
        assert len(drawn["seats"][0]["up"]) == 4 and drawn["seats"][0]["turn"]
        assert all(s["down"] == 4 and not s["up"] for s in drawn["seats"][1:])
        said: set[str] = set()
        threw = False
        for _ in range(40):
            said |= {s["said"] for s in board(b)["seats"]}
            if "Stacks:" in b.js(f"return document.querySelector('{BOX} .play-log').textContent"):
                break
            keys = keys_now(b)
            if "d" in keys and not threw:
                b.click(f"{BOX} .play-card[data-place='1']")
                click_key(b, "d")
                threw = True
            elif "d" in keys:
                click_key(b, "p")
            else:
                click_key(b, next(k for k in ("k", "c") if k in keys))
        else:
            pytest.fail("hand 1 did not end in 40 clicks")
        inputs = b.js("return badugiPlay.state.inputs")
        same = play.play(profile="pokerstars-2010", seats=6, seed=11, inputs=inputs, table_from=1)
        assert [line or "\xa0" for line in same["lines"]] == b.js(
            f"return [...document.querySelectorAll('{BOX} .play-log .line')].map(x => x.textContent)"
        )
        assert any(word.startswith(("draws ", "stands pat")) for word in said), said
        # The hand watched to its end counts once on the progress page, by its game.
        settled(b)
        hands = b.js("return window.BadugiProgress.load().hands")
        ended = same["hands"][0]
        game = {"played": 1, "won": int(ended["won"]), "net": ended["net"]}
        assert (hands["played"], hands["games"]) == (1, {"pokerstars-2010": game})
        # The table now is the engine's last frame: hand 2 dealt, your turn (or the end).
        last = same["hands"][-1]["frames"][-1]
        drawn = board(b)
        assert [s["stack"] for s in drawn["seats"]] == [f"Stack {n}" for n in last["s"]]
        assert [s["bet"] for s in drawn["seats"]] == [f"Bet {n}" if n else "" for n in last["b"]]
        assert drawn["pot"].startswith(f"Pot {last['p']}")
        # ----- pot limit: a raise out of range is refused beside the controls ---------
        deal(b, "six-max-pot-limit", 3)
        raise_ = f"{BOX} .play-amount input[data-kind='raise']"
        most = int(b.js(f'return document.querySelector("{raise_}").max'))
        sizes = b.js(
            f"return [...document.querySelectorAll('{BOX} .play-size')]"
            ".map(x => [x.textContent, Number(x.dataset.amount)])"
        )
        assert ["Pot", most] in sizes and sizes[0][0] == "Min"
        b.clear(raise_)
        b.type(raise_, "999")
        click_key(b, "r")
        refused = b.text(f"{BOX} .play-table .play-refusal")
        assert refused.startswith("Refused") and "not 999" in refused, refused
        assert "R14.10" in refused
        assert b.js(f'return document.querySelector("{raise_}").value') == "999"
        b.click(f"{BOX} .play-size[data-amount='{most}']")
        assert b.js(f'return document.querySelector("{raise_}").value') == str(most)
        click_key(b, "r")
        assert not b.js(f"return document.querySelector('{BOX} .play-refusal').textContent")
        # ----- Badeucy: each half's cards marked apart --------------------------------
        deal(b, "badeucy-six-max", 3)
        cards = b.js(
            f"return [...document.querySelectorAll('{BOX} .play-card')].map(c =>"
            " ({off: c.classList.contains('off'), title: c.title,"
            "  halves: [...c.querySelectorAll('.play-half')].map(h => h.textContent)}))"
        )
        turn = play.play(profile="badeucy", seats=6, seed=3, inputs=[])["table"]
        assert len(cards) == 5
        for place, card in enumerate(cards, 1):
            want = [
                "2-7" if "2-7" in half["name"] else "Badugi"
                for half in turn["halves"]
                if place in half["plays"]
            ]
            assert card["halves"] == want, (place, card)
            assert card["off"] == (not want), card  # a 2-7 card is never "does not play"
        assert any(len(card["halves"]) == 2 for card in cards)
        # ----- every preset deals its game --------------------------------------------
        for preset, profile, seats in PRESETS:
            deal(b, preset, 5)
            assert b.js("return [badugiPlay.state.profile, badugiPlay.state.seats]") == [
                profile,
                seats,
            ]
            assert b.js(
                f"return document.querySelectorAll('{BOX} .play-board li.seat').length"
            ) == (seats)
        # A new game dealt while the bots of the last one are still acting replaces it.
        b.js("badugiPlay.pace = 300")
        b.js("document.querySelector('.play-chooser').open = true")
        b.click(f"{BOX} [name=preset][value='six-max-limit']")
        b.click(f"{BOX} .play-deal")
        deal(b, "heads-up-house", 5)
        assert [s["name"] for s in board(b)["seats"]] == ["You", "Bot"]
        b.js("badugiPlay.pace = 0")
        # ----- 390 px: the table fits the width --------------------------------------
        deal(b, "six-max-limit", 11)
        b.size(390, 900)
        b.wait("return window.innerWidth <= 400")
        wide = b.js(
            "const w = document.documentElement.clientWidth;"
            f"const parts = [...document.querySelectorAll('{BOX} .play-board, {BOX} li.seat,"
            f" {BOX} .play-table, {BOX} .play-cards, {BOX} .play-actions')];"
            "return {page: document.documentElement.scrollWidth, width: w,"
            " over: parts.filter(p => p.getBoundingClientRect().right > w + 0.5).map(p => p.className),"
            " scrolls: [...document.querySelectorAll('.play-board .replayer-scroll')]"
            "   .map(s => s.scrollWidth - s.clientWidth)}"
        )
        assert wide["page"] <= wide["width"], wide
        assert wide["over"] == [] and wide["scrolls"] == [0], wide
        assert b.console_errors() == []
        # ----- another page of the engine loads the runtime from the browser's cache ----
        b.get(base_url + "playground/")
        wasm = "return performance.getEntriesByType('resource').filter(e =>"
        wasm += " e.name.endsWith('/pyodide/pyodide.asm.wasm')).map(e => e.transferSize)"
        # 0 bytes over the network. The page compiles the WebAssembly early and Pyodide's
        # loader still asks for it once more (its compile is handed the early one), so
        # there may be two entries: every one must come from the cache.
        sizes = b.wait(wasm, timeout=LOAD_SECONDS)
        assert sizes and set(sizes) == {0}, sizes
        # And it starts from the build's snapshot of the engine, also from the cache.
        assert b.wait("return document.getElementById('badugi-playground').dataset.ready") == "true"
        assert b.js("return badugiPlayground.engine.restored") is True
        assert "started from the snapshot this build keeps" in b.text(
            "#badugi-playground .engine-status"
        )
        ran = b.js("return badugiPlayground.engine.call('play', arguments[0]).status", {
            "profile": "house", "seats": 2, "seed": 1, "inputs": []})  # fmt: skip
        assert ran == "turn"
