"""What the pipe to another implementation is made of (`transport`): its width, the batches
of requests written ahead, and how a stray line is shown in a message."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from dataclasses import dataclass, field
from typing import Final


@dataclass(eq=False, slots=True)
class Posted:
    """A batch of request lines written ahead (`ProcessTransport.post`): how many, where
    its bytes end in everything written, and its replies as they are read."""

    count: int
    end: int
    alone: bool
    """No batch was still being answered when it was posted: the time its replies took
    is the implementation's pace (`per_line`)."""
    replies: list[bytes] = field(default_factory=list)
    written: float = 0.0
    """When its last byte was written (`time.monotonic`), 0 until then."""


PIPE_BYTES: Final = 1 << 20
"""The pipes to and from the implementation are widened to this where the platform allows
(Linux: `F_SETPIPE_SZ`, up to `/proc/sys/fs/pipe-max-size`, 1 MiB by default; 64 KiB
otherwise). A six-seat trial's replies come to about 100 KB: in a narrower pipe the
implementation would stop part way through answering until the client, busy with its own
work meanwhile (`exchange_many`'s `idle`), came back to read."""


def widened(*fds: int) -> None:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not a POSIX platform
        return
    setting = getattr(fcntl, "F_SETPIPE_SZ", None)
    if setting is None:  # pragma: no cover - not Linux: the pipes stay as they are
        return
    for fd in fds:
        with contextlib.suppress(OSError):  # over the system's limit: as it is
            fcntl.fcntl(fd, setting, PIPE_BYTES)


def shown(data: bytes) -> str:
    first = data.strip().split(b"\n", 1)[0]
    return repr(first[:200].decode("utf-8", "replace"))


def kill_group(process: subprocess.Popen[bytes]) -> None:
    """End the process's whole group: a child it forked may still hold the pipes open."""
    killpg = getattr(os, "killpg", None)
    if killpg is None:  # pragma: no cover - no process groups on this platform
        with contextlib.suppress(OSError):
            process.kill()
        return
    # The group's id is the leader's pid, kept while any member lives.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        killpg(process.pid, signal.SIGKILL)
