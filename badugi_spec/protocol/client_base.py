"""The connection to another implementation: the hello, one request and its reply, and
what a failure costs.

The protocol logic (`Connection`, and `client.ProtocolImplementation` over it) talks to a
`Transport`, so it is tested with a scripted fake; `ProcessTransport` (`transport.py`) is
the real one, a subprocess.

Whatever goes wrong with the other side (it exits, hangs, prints something that is not a
JSON object, a line over the size limit, more lines than it was asked for, a reply of the
wrong form: `replies.py`) becomes `ImplementationError` with the tail of its stderr: the
runner marks that case `errored`, this client drops the process, and the next request
starts a fresh one. Limits keep a broken implementation from costing a timeout, or a
restart, per case: after `MAX_HANDSHAKES` failed handshakes in a row, one timeout on
`hello`, or `MAX_TIMEOUTS` timeouts in the run, the client gives up and every later request
fails at once with the reason; after `MAX_FAILURES` failures of one kind of request in a
row, that kind is not sent again.
"""

from __future__ import annotations

import collections
import json
from collections.abc import Callable
from typing import Any, Final, NoReturn

from badugi_spec.protocol import ANY_PROFILE, INTERNAL, NOT_SUPPORTED, PROTOCOLS
from badugi_spec.protocol.outgoing import (
    Kept,
)
from badugi_spec.protocol.replies import (
    answers_another,
    holds_lone_surrogate,
    one_line,
    state_problem,
)
from badugi_spec.protocol.transport import (
    Transport,
    TransportError,
    TransportTimeout,
)
from badugi_spec.scenario.engine_impl import Outcome
from badugi_spec.scenario.runner import ImplementationError, Skip

MAX_HANDSHAKES: Final = 3
"""Failed handshakes in a row before the client stops starting the implementation."""
MAX_TIMEOUTS: Final = 3
"""Requests that time out, in the whole run, before the implementation counts as hung."""
MAX_FAILURES: Final = 3
"""Failures of one kind of request in a row (a crash, nonsense) before it is not sent
again: an implementation that dies at every `act` would otherwise be restarted per case."""
STRAY_GRACE: Final = 0.05
"""Seconds to wait for a late extra line before a divergence is reported."""


class Connection:
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
        self.rankings: frozenset[str] | None = None
        """The rankings it values hands in (R9.1); None when its `hello` names none: then
        only the house Badugi, on up to four cards."""
        self._handshakes_failed = 0
        self._timeouts = 0
        self._timed_out = False
        self._gone = False
        """The process was lost (exited, or its output ended) on the last request (`_lost`)."""
        self._given_up: ImplementationError | None = None
        self._asking: str | None = None
        """The type of the request being answered, for counting its failures."""
        self._failed_in_a_row: collections.Counter[str] = collections.Counter()
        self._dropped: dict[str, ImplementationError] = {}
        self.heard: list[str] = []
        """The replies a pipelined `replay` read before a request timed out."""
        self._lines_kept: Kept = {}

    # ----- the connection ----------------------------------------------------------------

    def _open(self) -> Transport:
        if self._transport is not None:
            return self._transport
        if self._given_up is not None:
            raise ImplementationError(str(self._given_up), self._given_up.stderr)
        self._timed_out = self._gone = False
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
        # `protocol: 1` first, so a protocol 1 implementation answers; `protocols` offers 2.
        hello = self._request({"type": "hello", "protocol": 1, "protocols": list(PROTOCOLS)})
        protocol = hello.get("protocol")
        if not hello.get("ok") or type(protocol) is not int or protocol not in PROTOCOLS:
            self._fail(f"handshake refused: {json.dumps(hello, ensure_ascii=True)[:300]}")
        self.protocol = protocol
        self.profiles = frozenset({"house"})
        self.rankings = None
        if protocol >= 2:
            plays = hello.get("profiles")
            if plays == ANY_PROFILE:
                self.profiles = ANY_PROFILE
            elif isinstance(plays, list) and plays and all(isinstance(p, str) for p in plays):
                self.profiles = frozenset(plays)
            else:
                self._fail(f"protocol 2 hello needs profiles: a list of names or {ANY_PROFILE!r}")
            self.rankings = self._declared_rankings(hello)
        capabilities = hello.get("capabilities")
        if not isinstance(capabilities, list):
            self._fail("handshake reply has no capabilities list")
        self.name = one_line(hello.get("name", "?"))
        self.version = one_line(hello.get("version", ""))
        self._capabilities = frozenset(str(c) for c in capabilities)

    def _declared_rankings(self, hello: dict[str, Any]) -> frozenset[str] | None:
        declared = hello.get("rankings")
        if declared is None:
            return None
        if not isinstance(declared, list) or not all(isinstance(r, str) for r in declared):
            self._fail("hello's rankings must be a list of ranking names such as 'low-2-7'")
        return frozenset(declared)

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
        except TransportError as error:
            self._lost(request, error)
        return self._read(request, line)

    def _lost(self, request: dict[str, Any], error: TransportError) -> NoReturn:
        """No reply to `request`: a timeout counts towards giving up; either drops it."""
        # Lost at it (`fuzz.replay` errors the trial by this): the batches posted before it
        # were read first (`settle`), and nothing was written after it (`lost_on_oldest`).
        lost = getattr(self._transport, "lost_on_oldest", None)
        self._gone = not isinstance(error, TransportTimeout) and lost is not None and lost()
        if isinstance(error, TransportTimeout):
            self._timed_out = True
            self._timeouts += 1
            message = f"{request['type']}: {error}"
            if self._timeouts >= MAX_TIMEOUTS:
                self._give_up(f"{message} (not asked again: {self._timeouts} timeouts)")
            self._fail(message)
        self._fail(f"{request['type']}: {error}")

    def _read(self, request: dict[str, Any], line: str) -> dict[str, Any]:
        """The reply `line` to `request`, checked for form."""
        try:
            reply = json.loads(line)
        except RecursionError:
            self._fail(f"{request['type']}: reply nested too deeply")
        except ValueError:
            self._fail(f"{request['type']}: malformed reply {line[:200]!r}{STDOUT_HINT}")
        if not isinstance(reply, dict) or not isinstance(reply.get("ok"), bool):
            self._fail(
                f"{request['type']}: reply is not an object with 'ok': {line[:200]!r}{STDOUT_HINT}"
            )
        if holds_lone_surrogate(line, reply):
            self._fail(f"{request['type']}: reply holds a lone surrogate (not Unicode text)")
        other = answers_another(request["type"], reply)
        if other is not None:
            self._fail(
                f"{request['type']}: the reply answers {other} request, not this one:"
                f" lines out of step with requests ({line[:120]!r})"
            )
        return reply

    def in_step(self, grace: float = STRAY_GRACE) -> None:
        """Fail if the implementation wrote a line nobody asked for: checked before a
        divergence is reported, so a late doubled line is not taken for a wrong answer."""
        self.settle()
        transport = self._transport
        stray = getattr(transport, "stray", None)
        found = stray(grace) if stray is not None else None
        if found is not None:
            self._fail(f"a line nobody asked for: {found} (replies out of step with requests)")

    def forget(self) -> None:
        """Drop the process, uncounted: requests posted ahead of their turn were answered
        wrong, and a reply out of step may be the line too many of the batch before (an
        extra line at the end of one session is read as the next one's first reply). The
        trial is then judged by its text on a fresh process, as it would have been."""
        transport, self._transport = self._transport, None
        if transport is not None:
            transport.close()

    def realign(self) -> None:
        """After requests posted ahead were answered otherwise than ours: read what else
        was posted, and drop the process, uncounted (`forget`), only if a line is then left
        over. So a trial whose first reply was the line too many of the batch before is
        judged by its text on a fresh process (the batches after it leave that line over),
        and any other on the process that answered it, as it would have been unposted: a
        fresh one would pass the trials of an implementation that carries something from
        one session to the next (a hand number not reset at `start`)."""
        self.settle()
        stray = getattr(self._transport, "stray", None)
        if stray is not None and stray(STRAY_GRACE) is not None:
            self.forget()

    def settle(self) -> None:
        """Read the replies of the requests posted, before any other request is sent: a
        request sent now is answered after them, and if the implementation crashed or
        hung on one of them, that would be taken for this request's fault. So trouble met
        here is nobody's: the process is dropped, uncounted, and the posted requests are
        sent again in their turn (`replay`), where it is met again and told."""
        transport = self._transport
        if not getattr(transport, "posted", 0):
            return
        try:
            transport.drain(timeout=self.timeout)  # type: ignore[union-attr]
        except TransportError:
            self.forget()

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
        self.settle()
        self._open()
        self._asking = kind
        reply = self._request(request)
        self._refusal(kind, reply)
        return reply

    def _refusal(self, kind: str, reply: dict[str, Any]) -> None:
        """A `not-supported` reply as a skip, an `internal` one as a failure."""
        if not reply["ok"]:
            if reply.get("error") == NOT_SUPPORTED:
                raise Skip(one_line(reply.get("message") or "not supported"))
            if reply.get("error") == INTERNAL:
                self._fail(f"{kind}: internal error: {reply.get('message', '')}")

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

    def plays(self, profile: str) -> bool:
        """Whether the implementation said it plays `profile` (protocol 1: house only)."""
        self.capabilities()  # opens the connection, so the hello has been read
        if self._pending is not None:
            return True  # a failed handshake: the case's first request reports it as errored
        return self.profiles == ANY_PROFILE or profile in self.profiles


STDOUT_HINT: Final = (
    " (stdout carries only the replies, one JSON object a line: write logs to stderr)"
)
