"""A progress line for long runs (`verify`, `fuzz`): one line on a terminal, redrawn in place.

`Progress` draws nothing unless it is enabled, and the commands enable it only when the
stream is a terminal and `-q` is not given (`wanted`), so a pipe, a file or CI logs never
see it. Each `update` replaces the line (at most ten times a second: a run of thousands of
cases a second must not spend its time drawing), and `finish` erases it before the report.
"""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable
from typing import TextIO

INTERVAL = 0.1
"""The least time between two drawings, in seconds."""
_ERASE = "\r\x1b[2K"
"""Back to the line's start and clear it (ANSI: carriage return, erase line)."""


def wanted(stream: TextIO, *, quiet: bool) -> bool:
    """Whether a command should show a progress line on `stream`: a terminal, and no `-q`."""
    if quiet:
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):  # a closed or detached stream
        return False


class Progress:
    """One line of progress on `stream` (stderr by default), redrawn in place."""

    def __init__(
        self,
        stream: TextIO | None = None,
        enabled: bool = True,
        *,
        interval: float = INTERVAL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self.interval = interval
        self._clock = clock
        self._last: float | None = None
        self._shown = False

    def update(self, text: str, *, force: bool = False) -> None:
        """Show `text` in place of the line before, unless the last drawing was less than
        `interval` ago (`force` draws anyway). Cut to the terminal's width: a line that
        wraps could not be erased."""
        if not self.enabled:
            return
        now = self._clock()
        if not force and self._last is not None and now - self._last < self.interval:
            return
        self._last = now
        width = shutil.get_terminal_size((80, 24)).columns
        self._write(_ERASE + text[: max(width - 1, 1)])
        self._shown = True

    def finish(self) -> None:
        """Erase the line, so that what is printed next starts on a clean one."""
        if self.enabled and self._shown:
            self._write(_ERASE)
        self._shown = False
        self._last = None

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a terminal that went away: the run goes on
            self.enabled = False


def rate_line(
    done: int,
    total: int | None,
    unit: str,
    seconds: float,
    *,
    failures: int = 0,
    failure_word: str = "failed",
    left: float | None = None,
) -> str:
    """The usual text of a progress line: `412/1,523 cases  61.3 cases/s  2 failed  38 s
    left`; without `total` just the count, and the time left only when there is a limit."""
    count = f"{done:,}/{total:,}" if total is not None else f"{done:,}"
    rate = done / seconds if seconds > 0 else 0.0
    parts = [f"{count} {unit}", f"{rate:,.1f} {unit}/s", f"{failures:,} {failure_word}"]
    if left is not None:
        parts.append(f"{max(left, 0.0):,.0f} s left")
    return "  ".join(parts)
