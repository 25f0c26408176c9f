"""An author's edit under `make serve`, timed from the outside: save a scenario, then wait
for the page that shows it to change.

`mkdocs serve` runs as a child process on a free local port. After its first build the
scenario file is rewritten with a new title; the page is fetched until the title shows,
and the server's log is read for how many rebuilds the one save set off (one, now that
the generated pages live in memory; before, the hook's writes into the watched `docs/`
folder set off a second full build). Used by the docs benchmark and by a test.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Final

REBUILD: Final = "Building documentation"
SERVING: Final = "Serving on"


@dataclass(frozen=True, slots=True)
class Edit:
    """What one save cost: seconds until the page showed it, and the rebuilds it set off."""

    seconds: float
    rebuilds: int
    first_build: float


class ServeError(RuntimeError):
    """The server did not start, or the page never showed the edit."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as reply:
            return str(reply.read().decode("utf-8", "replace"))
    except (urllib.error.URLError, OSError):
        return ""


def time_edit(
    root: Path,
    scenario: Path,
    page: str,
    *,
    scenarios: Path | None = None,
    timeout: float = 300.0,
    settle: float = 4.0,
) -> Edit:
    """Serve the site of `root` (its `mkdocs.yml`), retitle `scenario` once the first
    build is done, and time until `page` (a path under the site, such as
    `generated/03-betting/`) shows the new title. The file is put back as it was."""
    port = _free_port()
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    if scenarios is not None:
        env["BADUGI_DOCS_SCENARIOS"] = str(scenarios)
    command = [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"]
    log: list[tuple[float, str]] = []
    original = scenario.read_text(encoding="utf-8")
    started = time.monotonic()
    server = subprocess.Popen(
        command,
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )

    def read() -> None:
        assert server.stdout is not None
        for line in server.stdout:
            log.append((time.monotonic(), line.rstrip()))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        _wait(lambda: any(SERVING in line for _, line in log), timeout, server, log)
        first_build = time.monotonic() - started
        url = f"http://127.0.0.1:{port}/{page}"
        marker = f"Retitled {os.getpid()} {int(time.time() * 1000) % 10**9}"
        edited = _retitled(original, marker)
        saved = time.monotonic()
        scenario.write_text(edited, encoding="utf-8")
        _wait(lambda: marker in _fetch(url), timeout, server, log, poll=0.1)
        took = time.monotonic() - saved
        time.sleep(settle)  # a second rebuild, if the save set one off, starts by now
        rebuilds = sum(1 for at, line in log if at >= saved and REBUILD in line)
        return Edit(took, rebuilds, first_build)
    finally:
        scenario.write_text(original, encoding="utf-8")
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        reader.join(timeout=5)
        if server.stdout is not None:
            server.stdout.close()


def _retitled(source: str, marker: str) -> str:
    lines = source.splitlines(keepends=True)
    for index, line in enumerate(lines):
        if line.startswith("scenario "):
            name = line.split()[1]
            lines[index] = f'scenario {name} "{marker}"\n'
            return "".join(lines)
    raise ServeError("the scenario file has no `scenario` line to retitle")


def _wait(
    done: object,
    timeout: float,
    server: subprocess.Popen[str],
    log: list[tuple[float, str]],
    *,
    poll: float = 0.2,
) -> None:
    assert callable(done)
    deadline = time.monotonic() + timeout
    while not done():
        if server.poll() is not None:
            tail = "\n".join(line for _, line in log[-15:])
            raise ServeError(f"mkdocs serve stopped (exit {server.returncode}):\n{tail}")
        if time.monotonic() > deadline:
            tail = "\n".join(line for _, line in log[-15:])
            raise ServeError(f"nothing after {timeout:.0f} s; the server said:\n{tail}")
        time.sleep(poll)


__all__ = ["Edit", "ServeError", "time_edit"]
