"""The page's engine: how soon `/play/` can be used, in Chromium, from a cold and a warm cache.

For each width (1280 and 390 px) a fresh Chromium profile (an empty cache) opens the play
page and clicks Deal as soon as the page has loaded, as a player who does not wait would;
then the same browser opens a blank page and the play page again (the warm cache: a
second visit), and last the playground (another page sharing the same load). The page
stamps its own times, in milliseconds from the start of the navigation (play.js):

- first usable control: the game chooser and its Deal button drawn (`controlMs`);
- engine ready: Pyodide started and the package imported (`readyMs`);
- first hand dealt: the engine's first answer, from which the table is drawn (`dealtMs`).

Every visit starts the engine from the memory snapshot the build made
(badugi_spec/web/pyodide_start.py): the cold one fetches it with the runtime, the warm one
and the playground take both from the browser's HTTP cache.

The site is built here (the docs cache makes a second build quick), or taken from
`BADUGI_BENCH_SITE` (a folder `mkdocs build` wrote). It is served as a static host
serves it, with `Cache-Control: max-age=600` (what GitHub Pages sends). Without Chromium
and chromedriver, or a build without Pyodide, the rows say so.

    python -m benchmarks.page_engine      # these rows alone
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks.timing import Row

ROOT = Path(__file__).resolve().parent.parent
GROUP = "page engine"
TARGETS = {"control": 1.0, "cold": 5.0, "warm": 2.0}
"""First usable control under 1 s; first hand dealt under 5 s cold and under 2 s warm."""


@contextlib.contextmanager
def built_site() -> Iterator[Path]:
    given = os.environ.get("BADUGI_BENCH_SITE")
    if given:
        yield Path(given)
        return
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)]
        env = os.environ | {"NO_MKDOCS_2_WARNING": "1"}
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["?"])[-1]
            raise RuntimeError(f"mkdocs build failed: {last[:80]}")
        yield site


def _stamps(b: Any, box: str, wanted: tuple[str, ...], timeout: float) -> dict[str, float]:
    """The page's own times (s from the navigation's start), waited for."""
    names = ", ".join(f"{n}: d.{n}" for n in wanted)
    script = (
        f"const d = document.getElementById('{box}').dataset;"
        f"if (d.ready === 'false') return 'failed';"
        f"return {' && '.join('d.' + n for n in wanted)} ? {{{names}}} : null"
    )
    got = b.wait(script, timeout=timeout)
    if got == "failed":
        raise RuntimeError(b.text(f"#{box} .engine-status"))
    return {name: int(value) / 1000 for name, value in got.items()}


def visit(b: Any, url: str) -> dict[str, float]:
    """Open the play page, deal at once; its three times."""
    b.get("about:blank")
    b.get(url + "play/")
    b.click("#badugi-play .play-deal")
    times = _stamps(b, "badugi-play", ("controlMs", "readyMs", "dealtMs"), 300.0)
    if not b.js("return badugiPlay.engine.restored"):
        # Timed all the same, but said: the figures are then Python's own start.
        print("... the page started Python itself, not from the build's snapshot", file=sys.stderr)
    return times


def measure(url: str, width: int) -> dict[str, dict[str, float]]:
    from tests.webdriver import browser

    with browser(
        width=width, extra=("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",)
    ) as b:
        cold = visit(b, url)
        warm = visit(b, url)
        b.get(url + "playground/")
        playground = _stamps(b, "badugi-playground", ("readyMs",), 300.0)
    return {"cold": cold, "warm": warm, "playground": playground}


def rows_for(width: int, found: dict[str, dict[str, float]]) -> list[Row]:
    out = []
    for cache in ("cold", "warm"):
        times = found[cache]
        dealt = TARGETS[cache]
        for key, what, most in (
            ("controlMs", "first usable control", TARGETS["control"]),
            ("readyMs", "engine ready", None),
            ("dealtMs", "first hand dealt", dealt),
        ):
            ours = times[key]
            target = "" if most is None else f"< {most:g}"
            met = None if most is None else ours < most
            out.append(
                Row(
                    GROUP,
                    f"/play/ {width} px, {cache} cache: {what} (s)",
                    ours,
                    None,
                    "s",
                    None,
                    target,
                    met,
                )
            )
    out.append(
        Row(
            GROUP,
            f"/playground/ {width} px after /play/: engine ready (s)",
            found["playground"]["readyMs"],
            None,
            "s",
            None,
            "",
            None,
            "the runtime and the build's snapshot from the cache",
        )
    )
    return out


def _unmeasured(why: str) -> list[Row]:
    """The one row that says why the page engine was not timed (its note cut to 90)."""
    return [Row(GROUP, "/play/ first hand dealt", None, None, "s", None, "", None, why[:90])]


def run() -> list[Row]:
    from tests.webdriver import CHROMEDRIVER, CHROMIUM, StaticHost, served

    if CHROMIUM is None or CHROMEDRIVER is None:
        return _unmeasured("n/a (no chromium and chromedriver)")

    try:
        with built_site() as site:
            written = site / "pyodide" / "manifest.json"
            if not written.is_file():
                # BADUGI_BENCH_SITE may name a folder that is no built site, or an old one.
                return _unmeasured("n/a (no pyodide/manifest.json there: not a built site)")
            manifest = json.loads(written.read_text("utf-8"))
            if not manifest.get("enabled"):
                reason = f"n/a (no engine in this build: {manifest.get('reason')})"
                return _unmeasured(reason)
            rows: list[Row] = []
            with served(site, handler=StaticHost, search=True) as url:
                for width in (1280, 390):
                    started = time.monotonic()
                    found = measure(url, width)
                    rows += rows_for(width, found)
                    print(f"... {width} px in {time.monotonic() - started:.0f} s", file=sys.stderr)
            return rows
    except RuntimeError as error:
        return _unmeasured(f"FAILED: {error}")


if __name__ == "__main__":
    for row in run():
        figure = "-" if row.ours is None else f"{row.ours:.2f}"
        verdict = "" if row.met is None else "met" if row.met else "NOT met"
        print(f"{row.group}: {row.what:58} {figure:>6} {row.target:6} {verdict:8} {row.note}")
