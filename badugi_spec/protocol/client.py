"""Drive another implementation through the protocol, as the runner's `Implementation`.

The protocol logic (`ProtocolImplementation`) talks to a `Transport`, so it is tested with a
scripted fake; `ProcessTransport` is the real one: a subprocess started from an argument
list (never through a shell), in a process group of its own, read with a deadline.

Whatever goes wrong with the other side (it exits, hangs, prints something that is not a
JSON object, a line over the size limit, or more lines than it was asked for) becomes
`ImplementationError` with the tail of its stderr: the runner marks that case `errored`,
this client drops the process, and the next request starts a fresh one. Two limits keep a
broken implementation from costing a timeout (or a restart) per case: after `MAX_HANDSHAKES`
failed handshakes in a row, or `MAX_TIMEOUTS` timeouts in the run, or one timeout on
`hello`, the client gives up and every later request fails at once with the reason; after
`MAX_FAILURES` failures of one kind of request in a row, that kind is not sent again.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import re
import selectors
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, NoReturn, Protocol

from badugi_spec.protocol import INTERNAL, MAX_LINE_BYTES, NOT_SUPPORTED, PROTOCOL_VERSION
from badugi_spec.scenario.engine_impl import Outcome
from badugi_spec.scenario.runner import ImplementationError, Skip

STDERR_TAIL_LINES: Final = 20
STDERR_LINE_CHARS: Final = 500
"""Longer stderr lines are cut: the tail is for people, and a flood must not fill memory."""
MAX_HANDSHAKES: Final = 3
"""Failed handshakes in a row before the client stops starting the implementation."""
MAX_TIMEOUTS: Final = 3
"""Requests that time out, in the whole run, before the implementation counts as hung."""
MAX_FAILURES: Final = 3
"""Failures of one kind of request in a row (a crash, nonsense) before it is not sent
again: an implementation that dies at every `act` would otherwise be restarted per case."""
EXIT_GRACE: Final = 0.5
"""Seconds a process gets to exit by itself once its stdin is closed."""
DRAIN_GRACE: Final = 0.2
"""Seconds spent reading the last of stderr after the process group is killed."""
NAME_CHARS: Final = 100
STRAY_GRACE: Final = 0.05
"""Seconds to wait for a late extra line before a divergence is reported."""

_SURROGATE_ESCAPE: Final = re.compile(r"\\u[dD][89a-fA-F]")
_LONE_SURROGATE: Final = re.compile("[\ud800-\udfff]")


class TransportError(Exception):
    """The line could not be exchanged; the message says why (exit, timeout, size)."""


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
        deadline = time.monotonic() + timeout
        # Anything already written is a line nobody asked for: taking it as the answer to
        # this request would shift every later answer by one.
        self._pump(0)
        if self._buffer.strip():
            raise TransportError(f"a line nobody asked for: {_shown(self._buffer)}")
        self._buffer = b""
        self._write(line.encode("utf-8") + b"\n", deadline, timeout)
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
            raise TransportError(f"more than one line for one request; then {_shown(rest)}")
        try:
            return reply.decode("utf-8")
        except UnicodeDecodeError:
            raise TransportError("reply is not UTF-8") from None

    def stray(self, grace: float) -> str | None:
        """A line written without a request, within `grace` seconds, or None."""
        deadline = time.monotonic() + grace
        while not self._buffer.strip() and not self._stdout_eof:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            self._pump(left)
        return _shown(self._buffer) if self._buffer.strip() else None

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
                raise TransportError(self._exited("before reading the request")) from None

    def _exited(self, when: str) -> str:
        try:
            status = self.process.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            return f"closed its output {when}"
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
        self._kill_group()
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

    def _kill_group(self) -> None:
        killpg = getattr(os, "killpg", None)
        if killpg is None:  # pragma: no cover - no process groups on this platform
            with contextlib.suppress(OSError):
                self.process.kill()
            return
        # The group's id is the leader's pid, kept while any member lives.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            killpg(self.process.pid, signal.SIGKILL)


def _shown(data: bytes) -> str:
    first = data.strip().split(b"\n", 1)[0]
    return repr(first[:200].decode("utf-8", "replace"))


def _lone_surrogate(value: object) -> bool:
    """Whether any string in a decoded reply holds half of a surrogate pair."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _LONE_SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


class ProtocolImplementation:
    """The runner's `Implementation`, spoken over a transport made by `connect`."""

    def __init__(self, connect: Callable[[], Transport], *, timeout: float = 10.0) -> None:
        self.connect = connect
        self.timeout = timeout
        self.name = "?"
        self.version = ""
        self._transport: Transport | None = None
        self._capabilities: frozenset[str] | None = None
        self._pending: ImplementationError | None = None
        self._handshakes_failed = 0
        self._timeouts = 0
        self._timed_out = False
        self._given_up: ImplementationError | None = None
        self._asking: str | None = None
        """The type of the request being answered, for counting its failures."""
        self._failed_in_a_row: collections.Counter[str] = collections.Counter()
        self._dropped: dict[str, ImplementationError] = {}

    # ----- the connection ----------------------------------------------------------------

    def _open(self) -> Transport:
        if self._transport is not None:
            return self._transport
        if self._given_up is not None:
            raise ImplementationError(str(self._given_up), self._given_up.stderr)
        self._timed_out = False
        try:
            transport = self.connect()
            self._transport = transport
            self._handshake()
        except (TransportError, ImplementationError) as failed:
            error = (
                failed
                if isinstance(failed, ImplementationError)
                else ImplementationError(str(failed))
            )
            self._handshakes_failed += 1
            if self._timed_out or self._handshakes_failed >= MAX_HANDSHAKES:
                # A silent implementation stays silent: one timeout, not one per case.
                why = (
                    "the handshake timed out"
                    if self._timed_out
                    else f"{self._handshakes_failed} handshakes failed in a row"
                )
                self._given_up = ImplementationError(
                    f"{error} (not started again: {why})", error.stderr
                )
            raise error from None
        self._handshakes_failed = 0
        return transport

    def _handshake(self) -> None:
        hello = self._request({"type": "hello", "protocol": PROTOCOL_VERSION})
        protocol = hello.get("protocol")
        if not hello.get("ok") or type(protocol) is not int or protocol != PROTOCOL_VERSION:
            self._fail(f"handshake refused: {json.dumps(hello, ensure_ascii=True)[:300]}")
        capabilities = hello.get("capabilities")
        if not isinstance(capabilities, list):
            self._fail("handshake reply has no capabilities list")
        self.name = _one_line(hello.get("name", "?"))
        self.version = _one_line(hello.get("version", ""))
        self._capabilities = frozenset(str(c) for c in capabilities)

    def _fail(self, message: str) -> NoReturn:
        """Drop the process (the next request starts a new one) and report the error."""
        transport, self._transport = self._transport, None
        tail = ""
        if transport is not None:
            # Close first: a process still running may not have had its stderr read yet.
            transport.close()
            tail = transport.stderr_tail()
        error = ImplementationError(message, tail)
        kind = self._asking
        if kind is not None:
            self._failed_in_a_row[kind] += 1
            if self._failed_in_a_row[kind] >= MAX_FAILURES:
                self._dropped[kind] = ImplementationError(
                    f"{message} (not asked again: {kind} failed"
                    f" {self._failed_in_a_row[kind]} times in a row)",
                    tail,
                )
        raise error

    def _answered(self, kind: str) -> None:
        self._failed_in_a_row[kind] = 0

    def _request(self, request: dict[str, Any]) -> dict[str, Any]:
        transport = self._transport
        assert transport is not None
        self._timed_out = False
        try:
            line = transport.exchange(json.dumps(request), timeout=self.timeout)
        except TransportTimeout as error:
            self._timed_out = True
            self._timeouts += 1
            message = f"{request['type']}: {error}"
            if self._timeouts >= MAX_TIMEOUTS:
                self._give_up(f"{message} (not asked again: {self._timeouts} timeouts)")
            self._fail(message)
        except TransportError as error:
            self._fail(f"{request['type']}: {error}")
        try:
            reply = json.loads(line)
        except RecursionError:
            self._fail(f"{request['type']}: reply nested too deeply")
        except ValueError:
            self._fail(f"{request['type']}: malformed reply {line[:200]!r}")
        if not isinstance(reply, dict) or not isinstance(reply.get("ok"), bool):
            self._fail(f"{request['type']}: reply is not an object with 'ok': {line[:200]!r}")
        if _SURROGATE_ESCAPE.search(line) and _lone_surrogate(reply):
            self._fail(f"{request['type']}: reply holds a lone surrogate (not Unicode text)")
        other = _answers_another(request["type"], reply)
        if other is not None:
            self._fail(
                f"{request['type']}: the reply answers {other} request, not this one:"
                f" lines out of step with requests ({line[:120]!r})"
            )
        return reply

    def in_step(self, grace: float = STRAY_GRACE) -> None:
        """Fail if the implementation wrote a line nobody asked for: checked before a
        divergence is reported, so a late doubled line is not taken for a wrong answer."""
        transport = self._transport
        stray = getattr(transport, "stray", None)
        found = stray(grace) if stray is not None else None
        if found is not None:
            self._fail(f"a line nobody asked for: {found} (replies out of step with requests)")

    def _give_up(self, message: str) -> None:
        """From now on every request fails at once with `message`."""
        transport = self._transport
        self._given_up = ImplementationError(message, transport.stderr_tail() if transport else "")

    def call(self, request: dict[str, Any]) -> dict[str, Any]:
        """One request on an open connection; not-supported -> Skip, internal -> errored."""
        if self._pending is not None:
            pending, self._pending = self._pending, None
            raise pending
        kind = request["type"]
        dropped = self._dropped.get(kind)
        if dropped is not None:
            raise ImplementationError(str(dropped), dropped.stderr)
        self._asking = None
        self._open()
        self._asking = kind
        reply = self._request(request)
        if not reply["ok"]:
            if reply.get("error") == NOT_SUPPORTED:
                raise Skip(_one_line(reply.get("message") or "not supported"))
            if reply.get("error") == INTERNAL:
                self._fail(f"{request['type']}: internal error: {reply.get('message', '')}")
        return reply

    def close(self) -> None:
        transport, self._transport = self._transport, None
        if transport is not None:
            transport.close()

    # ----- the Implementation interface --------------------------------------------------

    def capabilities(self) -> frozenset[str]:
        # The runner asks outside its error handling, so a failure here is kept for the
        # case's first request, which reports it as that case's error.
        if self._capabilities is None or self._transport is None:
            try:
                self._open()
            except ImplementationError as error:
                self._pending = error
                return self._capabilities or frozenset({"evaluate", "compare", "play"})
        assert self._capabilities is not None
        return self._capabilities

    def _stateful(self, request: dict[str, Any]) -> Outcome:
        reply = self.call(request)
        problem = state_problem(reply.get("state"))
        if problem is not None:
            self._fail(f"{request['type']}: the reply's state {problem}")
        self._answered(request["type"])
        return reply

    def start(self, case: dict[str, Any]) -> Outcome:
        return self._stateful(
            {"type": "start", "players": case["players"], "first_dealer": case["first_dealer"]}
        )

    def deal(self, hand: dict[str, Any]) -> Outcome:
        return self._stateful({"type": "deal", "deck": hand["deck"]})

    def act(self, step: dict[str, Any]) -> Outcome:
        request: dict[str, Any] = {
            "type": "act",
            "player": step["player"],
            "action": step["action"],
        }
        if step.get("amount") is not None:
            request["amount"] = step["amount"]
        if step["action"] == "draw":
            request["discards"] = list(step.get("discards", []))
        return self._stateful(request)

    def evaluate(self, cards: list[str]) -> dict[str, Any]:
        reply = self.call({"type": "evaluate", "cards": cards})
        value = reply.get("value")
        if not reply["ok"] or not isinstance(value, dict):
            self._fail(f"evaluate: no value in {json.dumps(reply, ensure_ascii=True)[:200]}")
        self._answered("evaluate")
        return value

    def compare(self, hands: list[list[str]]) -> list[int]:
        reply = self.call({"type": "compare", "hands": hands})
        winners = reply.get("winners")
        if not reply["ok"] or not isinstance(winners, list):
            self._fail(f"compare: no winners in {json.dumps(reply, ensure_ascii=True)[:200]}")
        self._answered("compare")
        # As answered: the runner checks that they name hands, and fails the line if not.
        return winners


_ANSWER_KEYS: Final = {
    "hello": "protocol",
    "evaluate": "value",
    "compare": "winners",
    "start": "state",
    "deal": "state",
    "act": "state",
}


def _answers_another(kind: str, reply: dict[str, Any]) -> str | None:
    """The request type another reply's shape belongs to, when it is not `kind`'s."""
    mine = _ANSWER_KEYS.get(kind)
    if mine is None or mine in reply:
        return None
    for other, key in _ANSWER_KEYS.items():
        if key in reply:
            return f"a {other}" if other not in ("evaluate", "act") else f"an {other}"
    return None


def _one_line(value: object) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= NAME_CHARS else text[: NAME_CHARS - 3] + "..."


_SCALARS: Final = {"int": int, "str": str, "bool": bool, "dict": dict, "list": list}


def _is(value: object, kinds: str) -> bool:
    for kind in kinds.split("|"):
        if kind == "null" and value is None:
            return True
        if kind == "int" and isinstance(value, int) and not isinstance(value, bool):
            return True
        if kind in ("str", "bool", "dict", "list") and isinstance(value, _SCALARS[kind]):
            return True
    return False


_SESSION: Final = {"hand": "int", "dealer": "str|null", "over": "bool", "winner": "str|null"}
_HAND: Final = {
    "phase": "str",
    "to_act": "str|null",
    "legal": "list",
    "pot": "int",
    "hands": "dict",
    "values": "dict",
    "burns": "int",
    "result": "dict|null",
}
_RESULT: Final = {
    "ended_by": "str",
    "winners": "list",
    "won": "dict",
    "returned": "dict",
    "shown": "dict",
}


def state_problem(state: object) -> str | None:
    """What makes `state` unreadable for the runner (a wrong type where it reads), or None.

    Only types: a state with the wrong pot or phase is the scenario's to fail, not ours to
    refuse. Values inside `values` and `shown` are read by text that never fails.
    """
    if not isinstance(state, dict):
        return "is missing or not an object"
    checks: list[tuple[str, object, str]] = [
        ("session", state.get("session"), "dict"),
        ("stacks", state.get("stacks"), "dict"),
    ]
    session = state.get("session")
    if isinstance(session, dict):
        checks += [(f"session.{k}", session.get(k), kind) for k, kind in _SESSION.items()]
    if "phase" in state:
        checks += [(k, state.get(k), kind) for k, kind in _HAND.items()]
        result = state.get("result")
        if isinstance(result, dict):
            checks += [(f"result.{k}", result.get(k), kind) for k, kind in _RESULT.items()]
            checks += [("result.winners[]", w, "str") for w in _items(result.get("winners"))]
            for name in ("won", "returned"):
                checks += [(f"result.{name}.*", v, "int") for v in _values(result.get(name))]
            checks += [("result.shown.*", v, "dict|null") for v in _values(result.get("shown"))]
        checks += [("legal[]", option, "str") for option in _items(state.get("legal"))]
        checks += [("values.*", v, "dict") for v in _values(state.get("values"))]
        for cards in _values(state.get("hands")):
            checks.append(("hands.*", cards, "list"))
            checks += [("hands.*[]", card, "str") for card in _items(cards)]
    checks += [("stacks.*", v, "int") for v in _values(state.get("stacks"))]
    for where, value, kind in checks:
        if not _is(value, kind):
            shown = json.dumps(value, ensure_ascii=True)[:60] if _is(value, "int|str") else None
            got = shown or type(value).__name__.replace("NoneType", "null")
            return f"has {where} = {got}, not {kind.replace('|', ' or ')}"
    return None


def _items(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def _values(value: object) -> list[object]:
    return list(value.values()) if isinstance(value, dict) else []


class ProcessImplementation(ProtocolImplementation):
    """An implementation run as `argv` (e.g. `shlex.split("./my-engine --serve")`)."""

    def __init__(
        self, argv: Sequence[str], *, timeout: float = 10.0, max_line: int = MAX_LINE_BYTES
    ) -> None:
        self.argv = list(argv)
        super().__init__(lambda: ProcessTransport(self.argv, max_line=max_line), timeout=timeout)
        self.name = " ".join(self.argv)
