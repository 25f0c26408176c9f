"""The engine in the page in Chromium: docs/play/ and docs/playground/ on the shared site.

Starting Pyodide costs seconds of CPU, so the whole walk is one test in one browser: a
hand played by clicking (its transcript checked against the same session in CPython), a
scenario edited to fail and fixed, a shared link opened in a fresh page, every request
kept on the site's own origin (Chromium resolves no other host), and the page's engine
shown to be the package's own wheel. Skipped when the site was built without Pyodide
(no `npm ci`), or without Chromium and chromedriver.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from badugi_spec import __version__
from badugi_spec.web import play, playground, pyodide_build
from badugi_spec.web.entry import fingerprint
from tests.test_docs import shared_site
from tests.webdriver import Browser, browser, served

OFFLINE = ("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",)
LOAD_SECONDS = 240.0
"""Pyodide's start on a loaded 2-core machine: 7 to 20 s measured; a wide margin."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built = shared_site(tmp_path_factory)
    manifest = json.loads((built / "pyodide" / "manifest.json").read_text(encoding="utf-8"))
    if not manifest["enabled"]:
        pytest.skip(f"the site was built without the engine in the page: {manifest['reason']}")
    return built


def without_engine(site: Path) -> None:
    """`without-engine/`: the same pages beside a manifest that says the build left
    Pyodide out, as `BADUGI_PYODIDE=0` writes it, with no second build."""
    folder = site / "without-engine"
    if folder.exists():
        return
    (folder / "pyodide").mkdir(parents=True)
    for name in ("play", "playground", "assets", "javascripts", "stylesheets"):
        (folder / name).symlink_to(site / name, target_is_directory=True)
    reason = f"{pyodide_build.ENV}=0 was set for this build"
    (folder / "pyodide" / "manifest.json").write_text(
        json.dumps({"enabled": False, "reason": reason}), encoding="utf-8"
    )


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    without_engine(site)
    with served(site) as url:
        yield url


def ready(b: Browser, box: str) -> float:
    """Wait for the engine in `#box`; the seconds from the page's start to its buttons."""
    state = b.wait(f"return document.getElementById('{box}').dataset.ready", timeout=LOAD_SECONDS)
    status = b.text(f"#{box} .engine-status")
    assert state == "true", status
    assert status.startswith("Engine ready in "), status
    return int(b.js(f"return document.getElementById('{box}').dataset.readyMs")) / 1000


def only_own_origin(b: Browser) -> list[str]:
    """Every resource the page fetched; fails on any that left its origin."""
    names: list[str] = b.js(
        "return performance.getEntriesByType('resource').map(e => e.name).concat([location.href])"
    )
    origin = b.js("return location.origin") + "/"
    outside = [name for name in names if not name.startswith(origin)]
    assert not outside, outside
    return names


def play_a_hand(b: Browser) -> list[str]:
    """Click through hand 1: call or check when betting, throw the first card once and
    stand pat after; the keys the page sent."""
    drew = False
    for _ in range(40):
        b.wait("return !document.querySelector('#badugi-play .play-table').hidden")
        # Hand 1 ends with the stacks line (R6.3); hand 2 is then dealt at once.
        if b.js(
            "return document.querySelector('#badugi-play .play-log').textContent.includes('Stacks:')"
        ):
            break
        keys = b.js(
            "return [...document.querySelectorAll('#badugi-play .play-action')]"
            ".map(x => x.dataset.key)"
        )
        before = int(b.js("return document.getElementById('badugi-play').dataset.keys"))
        if "d" in keys and not drew:
            b.click("#badugi-play .play-card[data-place='1']")
            assert (
                b.js(
                    "return document.querySelector('.play-card[data-place=\"1\"]').getAttribute('aria-pressed')"
                )
                == "true"
            )
            b.click("#badugi-play .play-action[data-key='d']")
            drew = True
        elif "d" in keys:
            b.click("#badugi-play .play-action[data-key='p']")
        else:
            key = next(k for k in ("k", "c") if k in keys)
            b.click(f"#badugi-play .play-action[data-key='{key}']")
        b.wait(
            "return Number(document.getElementById('badugi-play').dataset.keys) > arguments[0]",
            before,
        )
    else:
        pytest.fail("hand 1 did not end in 40 clicks")
    keys_sent: list[str] = b.js("return badugiPlay.state.inputs")
    return keys_sent


def test_the_engine_in_the_page(base_url: str, site: Path, tmp_path: Path) -> None:
    figures: dict[str, float] = {}
    with browser(width=1280, extra=OFFLINE) as b:
        # ----- a build without Pyodide: the pages say so --------------------------------
        for page in ("play", "playground"):
            b.get(f"{base_url}without-engine/{page}/")
            box = f"badugi-{page}"
            assert b.wait(f"return document.getElementById('{box}').dataset.ready") == "false"
            said = b.text(f"#{box} .engine-status")
            assert said.startswith("The engine in the page is not part of this build: "), said
            assert "BADUGI_PYODIDE=0" in said
        b.console_errors()  # the copy lacks the search index and the rest: not our errors
        # ----- play: a whole hand by clicking ------------------------------------------
        started = time.monotonic()
        b.get(base_url + "play/")
        # From the build's snapshot the engine may be ready before the page's load event
        # lets this look: the chooser drawn before it is what the page promises.
        status = b.text("#badugi-play .engine-status")
        assert status.startswith(("Loading the engine", "Engine ready in ")), status
        figures["play page interactive (s)"] = ready(b, "badugi-play")
        drawn = b.js(
            "const d = document.getElementById('badugi-play').dataset; return [+d.controlMs, +d.readyMs]"
        )
        assert drawn[0] < drawn[1], drawn
        figures["play load wall (s)"] = time.monotonic() - started
        b.js("document.querySelector('.play-setup [name=seed]').value = 7")
        b.click("#badugi-play [name=preset][value='heads-up-house']")  # six-max comes first
        b.click(".play-deal")
        keys = play_a_hand(b)
        shown = b.js(
            "return [...document.querySelectorAll('#badugi-play .play-log .line')]"
            ".map(x => x.textContent)"
        )
        same = play.play(profile="house", seats=2, seed=7, inputs=keys)
        assert [line or "\xa0" for line in same["lines"]] == shown
        assert "R4.2   You throw " in "\n".join(same["lines"])
        # The link holds the session: another session dealt, then the link resumes this one.
        hash_ = b.js("return location.hash")
        assert "seed=7" in hash_ and "keys=" in hash_
        b.js("badugiPlay.newSession({seed: 8})")
        assert b.js("return badugiPlay.state.inputs.length") == 0
        resumed = b.js("return badugiPlay.resume(arguments[0]).lines", hash_)
        assert resumed == same["lines"]
        assert b.js(
            "return document.querySelectorAll('#badugi-play .play-log .line').length"
        ) == len(shown)
        links = b.js(
            "return [...document.querySelectorAll('#badugi-play .play-log a.rule-link')]"
            ".map(a => a.getAttribute('href'))"
        )
        assert "../generated/01-cards-and-positions/#R1.5" in links, links[:5]
        assert b.js(
            "return document.querySelectorAll('#badugi-play .play-log .card.hearts').length"
        )
        # ----- the engine is the package's own wheel -----------------------------------
        engine = b.js(
            "const e = badugiPlay.engine;"
            "return {about: e.about, digests: e.digests, manifest: e.manifest,"
            " timings: e.timings, restored: e.restored}"
        )
        assert engine["about"]["version"] == __version__
        ours = next(w for w in engine["manifest"]["wheels"] if w.startswith("badugi_spec-"))
        wheel = site / "pyodide" / "wheels" / ours
        # Started from the build's snapshot when the build made one (Node was there);
        # else from the wheels. Either way every file fetched is the site's own.
        prepared = engine["manifest"]["snapshot"] is not None
        assert engine["restored"] == prepared, engine["timings"]
        fetched = (
            {"snapshot.bin.gz", "files.bin.gz"} if prepared else set(engine["manifest"]["wheels"])
        )
        assert set(engine["digests"]) == fetched
        for name, digest in engine["digests"].items():
            assert (
                digest
                == hashlib.sha256((site / "pyodide" / "wheels" / name).read_bytes()).hexdigest()
            )
        with tempfile.TemporaryDirectory() as unpacked:
            zipfile.ZipFile(wheel).extractall(unpacked)
            assert engine["about"]["fingerprint"] == fingerprint(Path(unpacked) / "badugi_spec")
        assert f"-{__version__}-" in ours
        only_own_origin(b)
        assert b.console_errors() == []
        # ----- playground: a suite scenario, failed, fixed, shared ---------------------
        b.get(base_url + "playground/#try=house-worked-example")
        b.wait("return document.getElementById('badugi-playground').dataset.opened")
        source = b.js("return document.querySelector('.playground-source').value")
        assert source.startswith("scenario house-worked-example ")
        figures["playground interactive (s)"] = ready(b, "badugi-playground")
        runs = 0

        def run(text: str | None = None) -> dict[str, Any]:
            nonlocal runs
            if text is not None:
                b.js("document.querySelector('.playground-source').value = arguments[0]", text)
            b.click(".playground-run")
            runs += 1
            b.wait(
                "return document.getElementById('badugi-playground').dataset.runs == arguments[0]",
                str(runs),
            )
            result: dict[str, Any] = b.js(
                "const box = document.getElementById('badugi-playground');"
                "return {status: box.dataset.status,"
                " verdict: box.querySelector('.playground-verdict').textContent,"
                " lines: box.querySelector('.playground-lines').textContent,"
                " tables: box.querySelectorAll('.playground-tables table').length,"
                " replayers: box.querySelectorAll('.playground-tables .replayer[data-ready]').length}"
            )
            return result

        passed = run()
        assert passed["status"] == "passed", passed
        assert passed["tables"] > 0
        assert passed["replayers"] > 0  # the replayer script drew the hand, as on its chapter
        # One run of this scenario in the page and in CPython, each the best of five.
        in_page = b.js(
            "return Math.min(...[1, 2, 3, 4, 5].map(() =>"
            " badugiPlayground.engine.call('run', {source: arguments[0]}).seconds))",
            source,
        )
        figures["scenario run in the page, best of 5 (ms)"] = float(in_page) * 1000
        in_cpython = min(playground.run(source)["seconds"] for _ in range(5))
        figures["the same run in CPython, best of 5 (ms)"] = float(in_cpython) * 1000
        failing = source.replace("expect Bob wins 12", "expect Bob wins 14", 1)
        assert failing != source
        failed = run(failing)
        line = 1 + failing.splitlines().index(
            next(row for row in failing.splitlines() if "Bob wins 14" in row)
        )
        assert failed["status"] == "failed"
        assert failed["verdict"].startswith(f"Failed at line {line}"), failed
        assert "expected: Bob wins 14" in failed["lines"], failed["lines"]
        broken = run(source.replace("players Ann", "players: Ann", 1))
        assert broken["status"] == "error"
        assert "^" in broken["lines"] and "playground.badugi:" in broken["lines"]
        assert run(source)["status"] == "passed"
        crash = b.js("return badugiPlayground.run({source: 5})")
        assert crash["status"] == "crash"
        assert "TypeError" in b.text(".playground-verdict")
        # A changed text, shared as a link and opened in a fresh page.
        edited = source.replace('"From a three-card', '"Shared: from a three-card', 1)
        b.js("document.querySelector('.playground-source').value = arguments[0]", edited)
        b.click(".playground-share")
        link = b.wait("return document.querySelector('.playground-link').value")
        assert "#s=" in link and "Shared" not in link
        only_own_origin(b)
        # Opened as a new page: the copy without the engine restores the text just the
        # same (the same playground.js), and spares a third start of Pyodide's seconds.
        b.get(link.replace(base_url, base_url + "without-engine/", 1))
        b.wait("return document.getElementById('badugi-playground').dataset.opened")
        assert b.js("return document.querySelector('.playground-source').value") == edited
        only_own_origin(b)
    print("\n" + json.dumps({**figures, "timings (ms)": engine["timings"]}, indent=1))
