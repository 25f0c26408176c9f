"""A small W3C WebDriver client over `urllib`, for the browser tests that click, type,
reload and take screenshots (Debian's `chromium-headless-shell`, or `chromium`, under
`chromium-driver`).

`--dump-dom` (tests/test_browser.py) reads a page once; a lesson's progress kept across a
reload, arrow keys in the replayer or a whole hand clicked through need a browser that
stays open. WebDriver is plain HTTP and JSON, so no client library is needed: this module
is the few calls the tests use. Without chromedriver, `browser()` skips the test with the
reason.

    with browser(width=390) as b:
        b.get(url)
        b.click("button.next")
        assert b.js("return document.title") == "..."
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import functools
import http.server
import json
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

FULL = next(
    (found for name in ("chromium", "chromium-browser") if (found := shutil.which(name))), None
)
"""The desktop Chromium, run with `--headless=new`."""
SHELL = shutil.which("chromium-headless-shell")
"""Debian's `chromium-headless-shell`: the same Blink and V8 as `chromium`, without the
desktop browser around them (Chromium's "old" headless mode, kept as its own program for
automation). The browser tests cost a quarter to a third less CPU in it: every
test_browser*.py file in one process, Chromium's processes counted, took 90 and 74
CPU-seconds in the shell against 119 and 109 in `chromium --headless=new` (2026-12-03, two
runs each on a shared machine). It starts for 0.2 CPU-seconds against 1.3, and waiting
on a blank page between tests it costs nothing, where the desktop one costs 0.02 a second
for the rest of the test process. chromedriver drives either."""
CHROMIUM = SHELL or FULL
"""The browser the tests start: the shell when it is installed, else the desktop one."""
CHROMEDRIVER = shutil.which("chromedriver")

# The flags a root, headless, offline machine needs (the env notes): without the
# background-networking ones Chromium keeps trying hosts this network refuses.
FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
)

ENTER = "\ue007"
LEFT = "\ue012"
RIGHT = "\ue014"
HOME = "\ue011"
END = "\ue010"

_ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Files of a folder as a static host serves them, with no line per request (it would
    bury the test's output).

    Each file may be kept for ten minutes (what GitHub Pages says): a page's scripts and
    styles then come from the browser's cache on the next page, as a reader's do, and are
    not asked for again thirty at a time (a third of a page load's CPU here). With
    `empty_search` the site's search index is served with no pages in it: Material's
    search worker fetches and indexes the whole index (about 1 MB) on every page load, a
    quarter of the browser tests' CPU, and only the search tests need it."""

    empty_search = False

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def do_GET(self) -> None:
        if self.empty_search and self.path.startswith("/search/search_index.json"):
            index = json.loads(Path(self.directory, "search", "search_index.json").read_bytes())
            body = json.dumps({"config": index["config"], "docs": []}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


StaticHost = QuietHandler
"""The name benchmarks/page_engine.py serves the site with."""


@contextlib.contextmanager
def served(
    site: Path, *, handler: type[QuietHandler] = QuietHandler, search: bool = False
) -> Iterator[str]:
    """`site` over HTTP on 127.0.0.1, for as long as the block runs: its base URL.

    Pages that fetch (folds, the search index, the engine's wheels) and keep
    `localStorage` need http, not file URLs. Python 3.11's own types table gives `.wasm`
    as `application/wasm`, which Pyodide's streaming compile requires. The search index
    is empty unless `search` (`QuietHandler`)."""
    chosen = type(handler.__name__, (handler,), {"empty_search": not search})
    files = functools.partial(chosen, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), files)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@contextlib.contextmanager
def engine_site(site: Path) -> Iterator[str]:
    """`site` served as a static host serves it, for the pages that run the engine; the
    test is skipped, with the build's own reason, when the build has no engine in it."""
    manifest = json.loads((site / "pyodide" / "manifest.json").read_text(encoding="utf-8"))
    if not manifest["enabled"]:
        pytest.skip(f"the site was built without the engine in the page: {manifest['reason']}")
    with served(site) as url:
        yield url


class WebDriverError(AssertionError):
    """A WebDriver command failed: the command and the driver's message, in one line."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Browser:
    """One Chromium window driven over WebDriver. Use `browser()` to get one."""

    def __init__(self, endpoint: str, session: str) -> None:
        self._base = f"{endpoint}/session/{session}"
        self.origins: set[str] = set()  # where it has been: cleared before the next user

    def cdp(self, command: str, **params: Any) -> Any:
        """A DevTools Protocol command (chromedriver passes it to Chromium)."""
        return self._call("POST", "/goog/cdp/execute", {"cmd": command, "params": params})

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self._base + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as reply:
                return json.loads(reply.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            detail = json.loads(error.read() or b"{}").get("value", {})
            message = str(detail.get("message", "")).splitlines()[0:1]
            raise WebDriverError(
                f"{method} {path}: {detail.get('error', error.code)} {' '.join(message)}"
            ) from None

    # ----- pages -------------------------------------------------------------------

    def get(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme in ("http", "https"):
            self.origins.add(f"{parts.scheme}://{parts.netloc}")
        self._call("POST", "/url", {"url": url})

    def reload(self) -> None:
        self._call("POST", "/refresh", {})

    @property
    def url(self) -> str:
        return str(self._call("GET", "/url"))

    def js(self, script: str, *args: Any) -> Any:
        """Run `script` as a function body in the page (`arguments[0]` ...); its return."""
        return self._call("POST", "/execute/sync", {"script": script, "args": list(args)})

    def js_async(self, script: str, *args: Any) -> Any:
        """Run `script` with a callback as its last argument; the value it is called with."""
        return self._call("POST", "/execute/async", {"script": script, "args": list(args)})

    def wait(self, script: str, *args: Any, timeout: float = 20.0, every: float = 0.05) -> Any:
        """Poll `script` until it returns something truthy; fail with the script if never.

        The pause grows from `every` to a quarter of a second: each poll is a round trip
        through chromedriver (about 10 ms of CPU), and an engine's start polled at 20 a
        second for tens of seconds cost seconds of CPU."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(script, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise WebDriverError(f"still false after {timeout:.0f} s: {script}")
            time.sleep(every)
            every = min(every * 1.25, max(every, 0.25))

    def size(self, width: int, height: int = 900) -> None:
        self._call("POST", "/window/rect", {"width": width, "height": height})

    # ----- elements ----------------------------------------------------------------

    def find(self, css: str) -> str:
        """The element id of the first match of `css`; fails if there is none."""
        found = self._call("POST", "/element", {"using": "css selector", "value": css})
        return str(found[_ELEMENT])

    def find_all(self, css: str) -> list[str]:
        found = self._call("POST", "/elements", {"using": "css selector", "value": css})
        return [str(e[_ELEMENT]) for e in found]

    def click(self, css: str) -> None:
        self._call("POST", f"/element/{self.find(css)}/click", {})

    def type(self, css: str, text: str) -> None:
        self._call("POST", f"/element/{self.find(css)}/value", {"text": text})

    def clear(self, css: str) -> None:
        self._call("POST", f"/element/{self.find(css)}/clear", {})

    def text(self, css: str) -> str:
        return str(self._call("GET", f"/element/{self.find(css)}/text"))

    def keys(self, text: str) -> None:
        """Key presses sent to whatever has focus (`LEFT`, `RIGHT`, ... or plain text)."""
        actions = []
        for char in text:
            actions += [{"type": "keyDown", "value": char}, {"type": "keyUp", "value": char}]
        self._call(
            "POST", "/actions", {"actions": [{"type": "key", "id": "keys", "actions": actions}]}
        )
        self._call("DELETE", "/actions")

    # ----- pictures and logs -------------------------------------------------------

    def screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(self._call("GET", "/screenshot")))
        return path

    def console_errors(self) -> list[str]:
        """The page's console errors since the last call (Chromium's browser log)."""
        entries = self._call("POST", "/se/log", {"type": "browser"}) or []
        return [str(e["message"]) for e in entries if e.get("level") == "SEVERE"]


SHARED_FLAGS = ("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",)
"""The shared Chromium resolves no host but 127.0.0.1 (the tests' own servers): a test
asking for this flag (`OFFLINE`) gets the shared one too."""

_shared: list[tuple[Browser, contextlib.ExitStack]] = []


@contextlib.contextmanager
def browser(
    *, width: int = 1280, height: int = 900, extra: tuple[str, ...] = ()
) -> Iterator[Browser]:
    """A headless Chromium with nothing kept from before (no storage, cookies or cache),
    its window `width` x `height`, under chromedriver.

    Starting Chromium costs seconds of CPU, so one is started per test process and lent
    to each caller in turn: before each loan its window is sized, its console log read
    away, and everything the last borrower left cleared (the storage, cookies and cache
    of every origin it opened, which is what a fresh profile has). `extra` Chromium flags
    (for example `--touch-events=enabled`) other than `SHARED_FLAGS` get a Chromium of
    their own, closed after."""
    if CHROMIUM is None or CHROMEDRIVER is None:
        pytest.skip(
            "no Chromium or chromedriver (Debian: apt-get install chromium-headless-shell"
            " chromium-driver)"
        )
    if not set(extra) <= set(SHARED_FLAGS):
        with _launched((*SHARED_FLAGS, *extra)) as window:
            window.size(width, height)
            yield window
        return
    if not _shared:
        stack = contextlib.ExitStack()
        _shared.append((stack.enter_context(_launched(SHARED_FLAGS)), stack))
        atexit.register(close_shared)
    window = _shared[0][0]
    window.size(width, height)
    window.console_errors()  # the last borrower's
    try:
        yield window
    finally:
        try:
            window.get("about:blank")
            for origin in sorted(window.origins):
                window.cdp("Storage.clearDataForOrigin", origin=origin, storageTypes="all")
            window.cdp("Network.clearBrowserCookies")
            window.cdp("Network.clearBrowserCache")
            window.origins.clear()
        except (OSError, WebDriverError):
            close_shared()  # left in a state it cannot be cleared from: the next gets a new one


def close_shared() -> None:
    """Close the shared Chromium (at the end of the test process)."""
    while _shared:
        _shared.pop()[1].close()


@contextlib.contextmanager
def _launched(flags: tuple[str, ...]) -> Iterator[Browser]:
    """A fresh headless Chromium (its own empty profile) under chromedriver, closed after."""
    assert CHROMEDRIVER is not None
    port = _free_port()
    driver = subprocess.Popen(
        [CHROMEDRIVER, f"--port={port}", "--log-level=OFF"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    endpoint = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(endpoint + "/status", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline or driver.poll() is not None:
                    pytest.fail("chromedriver did not start")
                time.sleep(0.05)
        with tempfile.TemporaryDirectory() as profile:
            shell = CHROMIUM == SHELL
            capabilities = {
                # chromedriver finds no page in the shell unless told which program it is.
                "browserName": "chrome-headless-shell" if shell else "chrome",
                "goog:chromeOptions": {
                    "binary": CHROMIUM,
                    "args": [
                        *(() if shell else ("--headless=new",)),
                        *FLAGS,
                        f"--user-data-dir={profile}",
                        *flags,
                    ],
                },
                "goog:loggingPrefs": {"browser": "ALL"},
            }
            request = urllib.request.Request(
                endpoint + "/session",
                data=json.dumps({"capabilities": {"alwaysMatch": capabilities}}).encode(),
                headers={"Content-Type": "application/json"},
            )
            with urllib.request.urlopen(request, timeout=120) as reply:
                session = json.loads(reply.read())["value"]["sessionId"]
            window = Browser(endpoint, session)
            try:
                yield window
            finally:
                with contextlib.suppress(OSError, WebDriverError):
                    window._call("DELETE", "")
    finally:
        driver.terminate()
        try:
            driver.wait(timeout=10)
        except subprocess.TimeoutExpired:
            driver.kill()
