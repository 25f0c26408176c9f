"""Drive another implementation through the protocol, as the runner's `Implementation`.

The protocol logic (`ProtocolImplementation`) talks to a `Transport`, so it is tested with a
scripted fake; `ProcessTransport` is the real one: a subprocess started from an argument
list (never through a shell), read with a deadline per request.

Whatever goes wrong with the other side (it exits, hangs, prints something that is not a
JSON object, or a line over the size limit) becomes `ImplementationError` with the tail of
its stderr: the runner marks that case `errored`, this client drops the process, and the
next request starts a fresh one.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import selectors
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, Protocol

from badugi_spec.protocol import (
    ANY_PROFILE,
    INTERNAL,
    MAX_LINE_BYTES,
    NOT_SUPPORTED,
    PROTOCOLS,
)
from badugi_spec.scenario.engine_impl import Outcome
from badugi_spec.scenario.runner import ImplementationError, Skip

STDERR_TAIL_LINES = 20


class TransportError(Exception):
    """The line could not be exchanged; the message says why (exit, timeout, size)."""


class Transport(Protocol):
    def exchange(self, line: str, *, timeout: float) -> str:
        """Send one line (without newline) and return the reply line (without newline)."""
        ...

    def stderr_tail(self) -> str: ...
    def close(self) -> None: ...


class ProcessTransport:
    """A child process speaking JSON Lines on its stdin/stdout; stderr is kept as a tail."""

    def __init__(self, argv: Sequence[str], *, max_line: int = MAX_LINE_BYTES) -> None:
        self.argv = list(argv)
        self.max_line = max_line
        try:
            self.process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
        except OSError as error:
            raise TransportError(f"cannot start {self.argv[0]!r}: {error}") from None
        assert self.process.stdout is not None and self.process.stderr is not None
        self._stdout = self.process.stdout.fileno()
        os.set_blocking(self._stdout, False)
        # One selector for the process's life: making one per request costs syscalls on
        # every step of every case.
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._stdout, selectors.EVENT_READ)
        self._buffer = b""
        self._tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL_LINES)
        self._drain = threading.Thread(target=self._read_stderr, daemon=True)
        self._drain.start()

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for raw in self.process.stderr:
            self._tail.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def stderr_tail(self) -> str:
        if self.process.poll() is not None:
            self._drain.join(timeout=1.0)
        return "\n".join(self._tail)

    def exchange(self, line: str, *, timeout: float) -> str:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(line.encode("utf-8") + b"\n")
            stdin.flush()
        except OSError:
            raise TransportError(self._exited("before reading the request")) from None
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            if len(self._buffer) > self.max_line:
                raise TransportError(f"reply longer than {self.max_line} bytes")
            left = deadline - time.monotonic()
            if left <= 0 or not self._selector.select(left):
                raise TransportError(f"no reply within {timeout:g} s")
            chunk = os.read(self._stdout, 65536)
            if not chunk:
                raise TransportError(self._exited("without replying"))
            self._buffer += chunk
        reply, _, self._buffer = self._buffer.partition(b"\n")
        if len(reply) > self.max_line:
            raise TransportError(f"reply longer than {self.max_line} bytes")
        try:
            return reply.decode("utf-8")
        except UnicodeDecodeError:
            raise TransportError("reply is not UTF-8") from None

    def _exited(self, when: str) -> str:
        try:
            status = self.process.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            return f"closed its output {when}"
        return f"exited with status {status} {when}"

    def close(self) -> None:
        self._selector.close()
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.close()
                self.process.wait(timeout=0.5)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        # The process is gone, so its stderr reaches end of file: let the reader take the
        # last lines before the stream is closed under it.
        self._drain.join(timeout=1.0)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                # Closing stdin flushes what a dead process never read: a broken pipe
                # here is the failure already reported, not a new one.
                with contextlib.suppress(OSError):
                    stream.close()


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
        self.protocol = 1
        self.profiles: str | frozenset[str] = frozenset({"house"})
        """What the implementation plays: `any`, or profile names (protocol 1: house)."""

    # ----- the connection ----------------------------------------------------------------

    def _open(self) -> Transport:
        if self._transport is not None:
            return self._transport
        try:
            transport = self.connect()
        except TransportError as error:
            raise ImplementationError(str(error)) from None
        self._transport = transport
        # `protocol: 1` first, so a protocol 1 implementation answers; `protocols` offers 2.
        hello = self._request({"type": "hello", "protocol": 1, "protocols": list(PROTOCOLS)})
        if not hello.get("ok") or hello.get("protocol") not in PROTOCOLS:
            self._fail(f"handshake refused: {json.dumps(hello)[:300]}")
        self.protocol = int(hello["protocol"])
        self.profiles = frozenset({"house"})
        if self.protocol >= 2:
            plays = hello.get("profiles")
            if plays == ANY_PROFILE:
                self.profiles = ANY_PROFILE
            elif isinstance(plays, list) and plays and all(isinstance(p, str) for p in plays):
                self.profiles = frozenset(plays)
            else:
                self._fail(f"protocol 2 hello needs profiles: a list of names or {ANY_PROFILE!r}")
        capabilities = hello.get("capabilities")
        if not isinstance(capabilities, list):
            self._fail("handshake reply has no capabilities list")
        self.name = str(hello.get("name", "?"))
        self.version = str(hello.get("version", ""))
        self._capabilities = frozenset(str(c) for c in capabilities)
        return transport

    def _fail(self, message: str) -> NoReturn:
        """Drop the process (the next request starts a new one) and report the error."""
        transport, self._transport = self._transport, None
        tail = ""
        if transport is not None:
            # Close first: a process still running may not have had its stderr read yet.
            transport.close()
            tail = transport.stderr_tail()
        raise ImplementationError(message, tail)

    def _request(self, request: dict[str, Any]) -> dict[str, Any]:
        transport = self._transport
        assert transport is not None
        try:
            line = transport.exchange(json.dumps(request), timeout=self.timeout)
        except TransportError as error:
            self._fail(f"{request['type']}: {error}")
        try:
            reply = json.loads(line)
        except ValueError:
            self._fail(f"{request['type']}: malformed reply {line[:200]!r}")
        if not isinstance(reply, dict) or not isinstance(reply.get("ok"), bool):
            self._fail(f"{request['type']}: reply is not an object with 'ok': {line[:200]!r}")
        return reply

    def call(self, request: dict[str, Any]) -> dict[str, Any]:
        """One request on an open connection; not-supported -> Skip, internal -> errored."""
        if self._pending is not None:
            pending, self._pending = self._pending, None
            raise pending
        self._open()
        reply = self._request(request)
        if not reply["ok"]:
            if reply.get("error") == NOT_SUPPORTED:
                raise Skip(str(reply.get("message") or "not supported"))
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
        if not isinstance(reply.get("state"), dict):
            self._fail(f"{request['type']}: reply has no state object")
        return reply

    def plays(self, profile: str) -> bool:
        """Whether the implementation said it plays `profile` (protocol 1: house only)."""
        self.capabilities()  # opens the connection, so the hello has been read
        if self._pending is not None:
            return True  # a failed handshake: the case's first request reports it as errored
        return self.profiles == ANY_PROFILE or profile in self.profiles

    def start(self, case: dict[str, Any]) -> Outcome:
        request = {
            "type": "start",
            "players": case["players"],
            "first_dealer": case["first_dealer"],
        }
        if self.protocol >= 2 and "profile" in case:
            request["profile"] = case["profile"]
        return self._stateful(request)

    def deal(self, hand: dict[str, Any]) -> Outcome:
        request: dict[str, Any] = {"type": "deal", "deck": hand["deck"]}
        if self.protocol >= 2 and hand.get("reshuffles"):
            request["reshuffles"] = hand["reshuffles"]  # the stated rebuilt stubs (R8.18)
        return self._stateful(request)

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
            self._fail(f"evaluate: no value in {json.dumps(reply)[:200]}")
        return value

    def compare(self, hands: list[list[str]]) -> list[int]:
        reply = self.call({"type": "compare", "hands": hands})
        winners = reply.get("winners")
        if not reply["ok"] or not isinstance(winners, list):
            self._fail(f"compare: no winners in {json.dumps(reply)[:200]}")
        return [int(w) for w in winners]


class ProcessImplementation(ProtocolImplementation):
    """An implementation run as `argv` (e.g. `shlex.split("./my-engine --serve")`)."""

    def __init__(
        self, argv: Sequence[str], *, timeout: float = 10.0, max_line: int = MAX_LINE_BYTES
    ) -> None:
        self.argv = list(argv)
        super().__init__(lambda: ProcessTransport(self.argv, max_line=max_line), timeout=timeout)
        self.name = " ".join(self.argv)
