"""The pipe to another implementation: one request line out, one reply line back.

`ProcessTransport` starts the implementation from an argument list (never through a shell),
in a process group of its own, and reads its stdout and stderr without blocking, from one
thread, with a deadline: a forked child that keeps a pipe open can neither hang a read nor
a close, and stopping the implementation ends its whole group. A reply is the one line
written for one request: anything written without a request is an error, never the answer
to the next one.
"""

from __future__ import annotations

import collections
import contextlib
import math
import os
import selectors
import subprocess
import time
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from badugi_spec.protocol import MAX_LINE_BYTES, SPIN_LINES, SPIN_SECONDS
from badugi_spec.protocol.pipes import Posted, kill_group, shown, widened

STDERR_TAIL_LINES: Final = 20
STDERR_LINE_CHARS: Final = 500
"""Longer stderr lines are cut: the tail is for people, and a flood must not fill memory."""
EXIT_GRACE: Final = 0.5
"""Seconds a process gets to exit by itself once its stdin is closed."""
DRAIN_GRACE: Final = 0.2
"""Seconds spent reading the last of stderr after the process group is killed."""


class TransportError(Exception):
    """The line could not be exchanged; the message says why (exit, timeout, size)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.replies: list[str] = []
        """Of requests sent at once (`exchange_many`), the replies read before the one
        that did not come: which request it was, and what came before it."""


class TransportTimeout(TransportError):
    """No reply (or the request not read) within the deadline."""


class Transport(Protocol):
    def exchange(self, line: str, *, timeout: float) -> str:
        """Send one line (without newline) and return the reply line (without newline)."""
        ...

    def stderr_tail(self) -> str: ...
    def close(self) -> None: ...


class ProcessTransport:
    """A child process speaking JSON Lines on its stdin/stdout; stderr is kept as a tail.

    Both output pipes are read without blocking, from this thread only, with one selector:
    nothing can wait for ever on a pipe that a forked child of the implementation keeps
    open, and closing never races a reader.
    """

    takes_idle = True
    """`exchange_many` runs the caller's work while the implementation answers (`idle`)."""
    per_line = 0.0
    """Seconds a reply took, of requests sent at once, when the client waited for them:
    a moving average (0: none measured yet)."""

    def __init__(self, argv: Sequence[str], *, max_line: int = MAX_LINE_BYTES) -> None:
        self.argv = list(argv)
        self.max_line = max_line
        try:
            self.process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                # Its own process group, so that stopping it also stops its children.
                start_new_session=True,
            )
        except OSError as error:
            raise TransportError(f"cannot start {self.argv[0]!r}: {error}") from None
        assert self.process.stdin and self.process.stdout and self.process.stderr
        self._stdin = self.process.stdin.fileno()
        self._stdout = self.process.stdout.fileno()
        self._stderr = self.process.stderr.fileno()
        for fd in (self._stdin, self._stdout, self._stderr):
            os.set_blocking(fd, False)
        widened(self._stdin, self._stdout)
        # One selector for the process's life: making one per request costs syscalls on
        # every step of every case.
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._stdout, selectors.EVENT_READ)
        self._selector.register(self._stderr, selectors.EVENT_READ)
        self._writer = selectors.DefaultSelector()
        self._writer.register(self._stdin, selectors.EVENT_WRITE)
        # Its exit, as an event where the platform has one: a child it forked may keep
        # stdout open, so the end of its output cannot tell that it is gone.
        self._pidfd = -1
        with contextlib.suppress(AttributeError, OSError):
            self._pidfd = os.pidfd_open(self.process.pid)
            self._selector.register(self._pidfd, selectors.EVENT_READ)
        self._leader_exited = False
        self._buffer = b""
        self._stdout_eof = False
        self._stderr_partial = b""
        self._tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL_LINES)
        self._closed = False
        self._posted: collections.deque[Posted] = collections.deque()
        """The batches posted whose replies are not all read, oldest first."""
        self._unwritten = bytearray()
        self._offset = 0
        """Bytes written to its stdin so far."""
        self._proven = False  # a batch answered whole, alone in the pipe (`_room`)
        self.posted_timeout = 10.0
        """The timeout of the last batch posted: a read that must first take the replies
        to the batches posted (`stray`) waits for them as long."""

    # ----- reading -----------------------------------------------------------------------

    def _pump(self, timeout: float) -> None:
        """Wait up to `timeout` for output and take what there is from both pipes."""
        for key, _ in self._selector.select(timeout):
            if key.fd == self._stderr:
                self._read_stderr()
            elif key.fd == self._pidfd:
                self._leader_exited = True
                self._selector.unregister(self._pidfd)
            else:
                self._read_stdout()

    def _gone(self) -> bool:
        """Whether the process has exited (its children may live on)."""
        if self._pidfd < 0 and not self._leader_exited:
            self._leader_exited = self.process.poll() is not None
        return self._leader_exited

    def _read_stdout(self) -> None:
        try:
            chunk = os.read(self._stdout, 65536)
        except BlockingIOError:
            return
        if not chunk:
            self._stdout_eof = True
            self._selector.unregister(self._stdout)
        self._buffer += chunk

    def _spin(self, until: float) -> None:
        """Read stdout without sleeping until a line is in or `until` (perf_counter) passes."""
        while not self._stdout_eof and b"\n" not in self._buffer:
            self._read_stdout()
            if time.perf_counter() >= until:
                return

    def _read_stderr(self) -> None:
        try:
            chunk = os.read(self._stderr, 65536)
        except BlockingIOError:
            return
        if not chunk:
            self._selector.unregister(self._stderr)
            self._stderr = -1
            if self._stderr_partial:
                self._keep(self._stderr_partial)
            return
        *lines, self._stderr_partial = (self._stderr_partial + chunk).split(b"\n")
        for raw in lines:
            self._keep(raw)
        if len(self._stderr_partial) > STDERR_LINE_CHARS * 4:
            self._keep(self._stderr_partial)
            self._stderr_partial = b""

    def _keep(self, raw: bytes) -> None:
        line = raw.decode("utf-8", "replace").rstrip("\r")
        if len(line) > STDERR_LINE_CHARS:
            line = line[:STDERR_LINE_CHARS] + " [...]"
        self._tail.append(line)

    def stderr_tail(self) -> str:
        if not self._closed and self._stderr >= 0:
            self._pump(0)
        return "\n".join(self._tail)

    # ----- one exchange ------------------------------------------------------------------

    def exchange(self, line: str, *, timeout: float) -> str:
        self.drain(timeout=timeout)  # the replies to the batches posted come first
        deadline = time.monotonic() + timeout
        # Anything already written is a line nobody asked for: taking it as the answer to
        # this request would shift every later answer by one.
        self._pump(0)
        if self._buffer.strip():
            raise TransportError(f"a line nobody asked for: {shown(self._buffer)}")
        self._buffer = b""
        self._write(line.encode("utf-8") + b"\n", deadline, timeout)
        self._spin(time.perf_counter() + SPIN_SECONDS)
        while b"\n" not in self._buffer:
            if len(self._buffer) > self.max_line:
                raise TransportError(f"reply longer than {self.max_line} bytes")
            if self._stdout_eof:
                raise TransportError(self._exited("without replying"))
            if self._gone():
                self._pump(0)  # what it wrote before it went
                if b"\n" in self._buffer:
                    break
                raise TransportError(self._exited("without replying"))
            left = deadline - time.monotonic()
            if left <= 0:
                raise TransportTimeout(f"no reply within {timeout:g} s")
            # Without an exit event, look at the process now and then.
            self._pump(left if self._pidfd >= 0 else min(left, 0.1))
        reply, _, rest = self._buffer.partition(b"\n")
        self._buffer = rest
        if len(reply) > self.max_line:
            raise TransportError(f"reply longer than {self.max_line} bytes")
        if rest.strip():
            raise TransportError(f"more than one line for one request; then {shown(rest)}")
        try:
            return reply.decode("utf-8")
        except UnicodeDecodeError:
            raise TransportError("reply is not UTF-8") from None

    def exchange_many(
        self, lines: list[str], *, timeout: float, idle: Callable[[float], bool] | None = None
    ) -> list[str]:
        """Send every line, then read one reply for each, in order: pipelined, with no
        round trip per request (`post`, then `collect`). Replies are read while the lines
        are still being written, so neither side can block on a full pipe. The deadline
        runs from the last reply (or the last request taken in): `timeout` per request, as
        for `exchange`.

        `idle`: the caller's own work, a piece a call, done while the implementation
        answers: called once every line is written (even if every reply is in by then:
        what the first piece does is needed), and again only while replies are missing
        and it returns True (it has more), so it never holds up the replies long. It is
        given the time (`time.monotonic`) the replies are likely in by, at the pace the
        implementation has answered at so far (`per_line`; infinity while unknown). The two
        processes then work at once rather than in turn. The deadline starts again after
        it, so the implementation is never charged with the caller's time. An error the
        exchange meets before it comes means `idle` did not run; one `idle` raises is
        raised once every reply is read, so the pipe stays in step."""
        return self.collect(self.post(lines, timeout=timeout), timeout=timeout, idle=idle)

    @property
    def posted(self) -> int:
        """Batches posted whose replies are not all read yet."""
        return len(self._posted)

    def post(self, lines: list[str], *, timeout: float) -> Posted:
        """Write `lines` now, as far as the pipe takes them (the rest as the replies to
        earlier batches are read: `_room`), and return at once: their replies are read in turn,
        after those of every batch posted before (`collect`). So the implementation can
        be given its next work before this side has read, or even needs, the replies
        to the last (`fuzz`: the next trial sent while this one is judged)."""
        if not self._posted:
            self._pump(0)
            if self._buffer.strip():
                raise TransportError(f"a line nobody asked for: {shown(self._buffer)}")
            self._buffer = b""
        self._unwritten += "".join(f"{line}\n" for line in lines).encode("utf-8")
        batch = Posted(len(lines), self._offset + len(self._unwritten), alone=not self._posted)
        if lines:  # (no lines: answered at once)
            self._posted.append(batch)
        self.posted_timeout = timeout
        self._push()
        return batch

    def before(self, batch: Posted) -> bool:
        """Whether batches posted before `batch` are still being answered."""
        return batch in self._posted and self._posted[0] is not batch

    def drain(self, *, timeout: float) -> None:
        """Read the replies of every batch posted (kept in each), so that the next line
        read answers the next request."""
        while self._posted:
            self.collect(self._posted[-1], timeout=timeout)

    def collect(
        self, batch: Posted, *, timeout: float, idle: Callable[[float], bool] | None = None
    ) -> list[str]:
        """The replies to `batch` (`post`), read after those of the batches posted before
        it (kept in theirs), as `exchange_many` reads them, `idle` included."""
        fault: Exception | None = None
        heard = time.monotonic()
        waited = False
        while True:
            if self._push():
                heard = time.monotonic()  # the implementation is taking requests in
            written = self._offset >= batch.end
            if written and idle is not None:
                # When the replies should be in, by the implementation's pace so far; no
                # end while batches posted after this one keep it busy: the caller's work
                # then holds up only its own reading of these replies.
                wanted = self._missing(batch)
                busy = not self.per_line or (
                    batch in self._posted and self._posted[-1] is not batch
                )
                until = math.inf if busy else time.monotonic() + self.per_line * wanted
                fault, idle = self._meanwhile(idle, wanted, until), None
                heard = time.monotonic()
            elif written and batch.count <= SPIN_LINES:
                self._spin(time.perf_counter() + SPIN_SECONDS)
            if self._absorb():
                heard = time.monotonic()
                self._push()  # the next batch's turn: it is answered while this is judged
            if batch not in self._posted:
                if waited and batch.alone:  # the implementation's pace, from a wait for it
                    pace = (time.monotonic() - batch.written) / max(batch.count, 1)
                    self.per_line = 0.8 * self.per_line + 0.2 * pace if self.per_line else pace
                break
            waited = written and idle is None
            try:
                left = timeout - (time.monotonic() - heard)
                self._waiting(left, timeout, writing=not written and self._room() > 0)
            except TransportError as silent:  # the replies before it name the request unanswered
                silent.replies = [reply.decode("utf-8", "replace") for reply in batch.replies]
                raise
        replies = batch.replies
        if any(len(reply) > self.max_line for reply in replies):
            raise TransportError(f"reply longer than {self.max_line} bytes")
        # A line left over is this batch's only if nothing was posted after it (else the
        # batch collected last meets it).
        last = batch.end == self._offset + len(self._unwritten)
        if last and not self._posted and self._buffer.strip():
            raise TransportError(f"more than one line for one request; then {shown(self._buffer)}")
        try:
            decoded = [reply.decode("utf-8") for reply in replies]
        except UnicodeDecodeError:
            raise TransportError("reply is not UTF-8") from None
        if fault is not None:
            raise fault
        return decoded

    def _room(self) -> int:
        """Bytes of the lines posted that may be written now: all, once the process has
        answered a batch whole; until then up to the end of the oldest batch unanswered, so
        one that holds each reply until it reads the next request hangs, as asked alone.
        (One batch at a time throughout cost about a fifth of `fuzz`'s rate.)"""
        first = self._posted[0].end if self._posted and not self._proven else math.inf
        return int(min(first, self._offset + len(self._unwritten)) - self._offset)

    def _push(self) -> bool:
        """Write what the pipe takes of the lines posted, up to `_room`; whether any."""
        was = self._offset
        while (room := self._room()) > 0:
            try:
                took = os.write(self._stdin, self._unwritten[:room])
            except BlockingIOError:
                break
            except OSError:
                why = self._exited("before reading the request", "input")
                if self.process.returncode is None:  # (`_exited` waited) alive: input closed
                    raise TransportError(why) from None
                # Dead: what it wrote before it went is read first; only a reply missing is
                # an error ("without replying", as the runner meets it), not what it never read.
                self._unwritten.clear()
                break
            del self._unwritten[:took]
            self._offset += took
        if self._offset == was:
            return False
        now = time.monotonic()
        for batch in self._posted:
            if not batch.written and batch.end <= self._offset:
                batch.written = now
        return True

    def _absorb(self) -> bool:
        """Give the whole lines read to the batches posted, oldest first; whether any."""
        given = False
        while self._posted and b"\n" in self._buffer:
            # Split once: many replies come in together, and taking them one at a time
            # copied the rest of the buffer each time.
            head = self._posted[0]
            *whole, rest = self._buffer.split(b"\n")
            wanted = head.count - len(head.replies)
            head.replies += whole[:wanted]
            self._buffer = b"\n".join([*whole[wanted:], rest])
            given = True
            if len(head.replies) < head.count:
                break
            self._posted.popleft()
            self._proven = True
        return given

    def _missing(self, batch: Posted) -> int:
        """Replies still to come up to `batch`'s last, those of earlier batches included."""
        if batch not in self._posted:
            return 0
        missing = 0
        for each in self._posted:
            missing += each.count - len(each.replies)
            if each is batch:
                break
        return missing

    def _meanwhile(
        self, idle: Callable[[float], bool], wanted: int, until: float
    ) -> Exception | None:
        """`idle` called until it has no more or `wanted` replies are in; what it raised."""
        try:
            while idle(until):
                self._pump(0)
                if self._buffer.count(b"\n") >= wanted:
                    break  # every reply in: the rest of the work can wait
        except Exception as failed:  # raised once the replies are in: in step
            return failed
        finally:
            self._pump(0)  # what came meanwhile
        return None

    def _waiting(self, left: float, timeout: float, *, writing: bool) -> None:
        """No complete reply yet: fail as `exchange` would, or wait for output (and, while
        requests are still to be written, for room in the implementation's input)."""
        if len(self._buffer) > self.max_line:
            raise TransportError(f"reply longer than {self.max_line} bytes")
        if self._stdout_eof:
            raise TransportError(self._exited("without replying"))
        if self._gone():
            self._pump(0)  # what it wrote before it went
            if b"\n" not in self._buffer:
                raise TransportError(self._exited("without replying"))
            return
        if left <= 0:
            raise TransportTimeout(f"no reply within {timeout:g} s")
        if writing:
            self._writer.select(min(left, 0.002))
            self._pump(0)
        else:
            self._pump(left if self._pidfd >= 0 else min(left, 0.1))

    def lost_on_oldest(self) -> bool:
        """Whether the process is gone with nothing written after the oldest batch unanswered:
        it died on that one, not on later requests while holding these replies (as it may)."""
        if not (self._stdout_eof or self._gone()):
            return False
        return not self._posted or self._offset <= self._posted[0].end

    def stray(self, grace: float) -> str | None:
        """A line written without a request, within `grace` seconds, or None."""
        self.drain(timeout=self.posted_timeout)
        deadline = time.monotonic() + grace
        while not self._buffer.strip() and not self._stdout_eof:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            self._pump(left)
        return shown(self._buffer) if self._buffer.strip() else None

    def _write(self, data: bytes, deadline: float, timeout: float) -> None:
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self._stdin, view) :]
            except BlockingIOError:
                # Its stdin is full: it is not reading. Keep its output moving meanwhile.
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TransportTimeout(f"request not read within {timeout:g} s") from None
                self._writer.select(min(left, 0.05))
                self._pump(0)
            except OSError:
                raise TransportError(self._exited("before reading the request", "input")) from None

    def _exited(self, when: str, pipe: str = "output") -> str:
        try:
            status = self.process.wait(timeout=2.0)
        except subprocess.TimeoutExpired:  # alive: it closed the pipe that failed
            return f"closed its {pipe} {when}"
        return f"exited with status {status} {when}"

    # ----- the end -----------------------------------------------------------------------

    def close(self) -> None:
        if self._closed:
            return
        # End of input is the protocol's polite goodbye: a well-behaved server exits.
        with contextlib.suppress(OSError):
            self.process.stdin.close()  # type: ignore[union-attr]
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=EXIT_GRACE)
        # Then the whole group goes, the leader or not: a child it forked may still hold
        # the pipes open, and would keep a reader waiting for an end of file for ever.
        kill_group(self.process)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=2.0)
        deadline = time.monotonic() + DRAIN_GRACE
        while self._stderr >= 0 and (left := deadline - time.monotonic()) > 0:
            self._pump(left)
        self._closed = True
        self._selector.close()
        self._writer.close()
        if self._pidfd >= 0:
            os.close(self._pidfd)
        for stream in (self.process.stdout, self.process.stderr):
            with contextlib.suppress(OSError):
                stream.close()  # type: ignore[union-attr]
