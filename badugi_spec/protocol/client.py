"""Drive another implementation through the protocol, as the runner's `Implementation`.

The protocol logic (`ProtocolImplementation`) talks to a `Transport`, so it is tested with a
scripted fake; `ProcessTransport` (`transport.py`) is the real one, a subprocess.

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
import math
from collections.abc import Callable, Sequence
from typing import Any, Final, NoReturn

from badugi_spec.protocol import ANY_PROFILE, INTERNAL, MAX_LINE_BYTES, NOT_SUPPORTED, PROTOCOLS
from badugi_spec.protocol.outgoing import (
    Kept,
    act_request,
    deal_request,
    request_lines,
    start_request,
)
from badugi_spec.protocol.replies import (
    answers_another,
    holds_lone_surrogate,
    one_line,
    state_problem,
)
from badugi_spec.protocol.transport import (
    ProcessTransport,
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
        self.rankings: frozenset[str] | None = None
        """The rankings it values hands in (R9.1); None when its `hello` names none: then
        only the house Badugi, on up to four cards."""
        self._handshakes_failed = 0
        self._timeouts = 0
        self._timed_out = False
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

    def start(self, case: dict[str, Any]) -> Outcome:
        return self._stateful(start_request(case, self.protocol))

    def deal(self, hand: dict[str, Any]) -> Outcome:
        return self._stateful(deal_request(hand, self.protocol))

    def act(self, step: dict[str, Any]) -> Outcome:
        return self._stateful(act_request(step))

    # ----- the fast path of `fuzz` (`fuzz.replay`) ---------------------------------------

    def ready(self) -> bool:
        """Whether the connection is open, greeted and not given up: only then may a trial
        be replayed, so that a replay never starts (or fails to start) a process."""
        return (
            self._transport is not None
            and self._capabilities is not None
            and self._pending is None
            and self._given_up is None
        )

    def savepoint(self) -> dict[str, Any]:
        """The bookkeeping of failures, to put back (`restore`) after a replay that did
        not pass: the text path that follows then meets the client as the old path did."""
        return {
            "failed": collections.Counter(self._failed_in_a_row),
            "dropped": dict(self._dropped),
            "timeouts": self._timeouts,
            "timed_out": self._timed_out,
            "given_up": self._given_up,
            "asking": self._asking,
        }

    def restore(self, saved: dict[str, Any]) -> None:
        self._failed_in_a_row = collections.Counter(saved["failed"])
        self._dropped = dict(saved["dropped"])
        self._timeouts, self._timed_out = saved["timeouts"], saved["timed_out"]
        self._given_up, self._asking = saved["given_up"], saved["asking"]

    def replay(
        self,
        exchanges: list[tuple[str, dict[str, Any]]],
        *,
        states: bool = True,
        known: Sequence[str | None] = (),
        idle: Callable[[float], bool] | None = None,
    ) -> list[Outcome | None]:
        """Each request (`start`, `deal` or `act`, as the runner would pass it) sent and its
        reply checked as `start`, `deal` and `act` check it; pipelined where the transport can
        (a reply is matched to its request by its place). `states=False` leaves out the
        check of each state's form, for a caller that compares every state with one known
        to be well formed (`fuzz.replay`). `known[i]`: the line of a well-formed reply the
        caller expects to request `i` (our answer as `serve` writes it); a reply that is
        that very line is None, neither decoded nor checked (it passes every check): the
        decoding and the checks were most of the client's work a reply. `idle`: as for
        `_pipelined`; `known` is read after it, which may fill it."""
        requests, sent = self.request_lines(exchanges)
        lines = self._pipelined(requests, idle, sent)
        if lines is None:
            return [self._stateful(request) for request in requests]
        expected = list(known) + [None] * (len(requests) - len(known))
        out: list[Outcome | None] = []
        for request, line, mine in zip(requests, lines, expected, strict=True):
            if mine is not None and line == mine:
                self._answered(request["type"])
                out.append(None)
            else:
                out.append(self._checked(request, line, states=states))
        return out

    def request_lines(
        self, exchanges: list[tuple[str, dict[str, Any]]]
    ) -> tuple[list[dict[str, Any]], list[str]]:
        """The requests `replay` sends for `exchanges`, and their lines (`outgoing`)."""
        return request_lines(exchanges, self.protocol, self._lines_kept)

    def _pipelined(
        self,
        requests: list[dict[str, Any]],
        idle: Callable[[float], bool] | None = None,
        lines: list[str] | None = None,
    ) -> list[str] | None:
        """The reply lines to `requests`, all written at once; None where the transport
        cannot pipeline or the connection is not open (then they are asked one by one).
        `idle`, the caller's work, runs once before any reply is read: while they are
        awaited where the transport can (`exchange_many`); an error may leave it unrun."""
        transport = self._transport
        many = getattr(transport, "exchange_many", None)
        waits = idle is not None and getattr(transport, "takes_idle", False)
        if many is None or not self.ready():
            if idle is not None:
                idle(math.inf)
            return None
        for request in requests:
            dropped = self._dropped.get(request["type"])
            if dropped is not None:
                raise ImplementationError(str(dropped), dropped.stderr)
        self._asking = requests[0]["type"]
        self.heard = []
        try:
            sent = lines if lines is not None else [json.dumps(r) for r in requests]
            lines = (
                many(sent, timeout=self.timeout, idle=idle)
                if waits
                else many(sent, timeout=self.timeout)
            )
        except TransportError as error:
            # The request that went unanswered is named, as when asked alone (the runner).
            self.heard = list(getattr(error, "replies", []))
            unanswered = requests[min(len(self.heard), len(requests) - 1)]
            self._asking = unanswered["type"]
            self._lost(unanswered, error)
        if idle is not None and not waits:
            idle(math.inf)  # a transport that cannot work and wait at once: the work, now
        return lines

    def value_answers(
        self, asked: list[tuple[str, Any, str | None]], idle: Callable[[float], bool] | None = None
    ) -> list[object]:
        """`evaluate` or `compare` requests (kind, cards or hands, ranking or None), pipelined
        where the transport can: each value or winners, checked as those methods check it."""
        requests = [
            {"type": kind, **({} if name is None else {"ranking": name}), PART[kind]: cards}
            for kind, cards, name in asked
        ]
        lines = self._pipelined(requests, idle)
        if lines is None:
            return [
                self.evaluate(cards, name) if kind == "evaluate" else self.compare(cards, name)
                for kind, cards, name in asked
            ]
        out: list[object] = []
        for request, line in zip(requests, lines, strict=True):
            kind = request["type"]
            self._asking = kind
            reply = self._read(request, line)
            self._refusal(kind, reply)
            out.append(self._value_of(kind, reply))
        return out

    def _value_of(self, kind: str, reply: dict[str, Any]) -> Any:
        """The value an `evaluate` reply gives, or the winners of a `compare` reply."""
        got = reply.get(ANSWER[kind])
        if not reply["ok"] or not isinstance(got, dict if kind == "evaluate" else list):
            self._fail(f"{kind}: no {ANSWER[kind]} in {json.dumps(reply, ensure_ascii=True)[:200]}")
        self._answered(kind)
        return got

    def _checked(self, request: dict[str, Any], line: str, *, states: bool = True) -> Outcome:
        """A pipelined reply, checked as `call` and `_stateful` check one."""
        self._asking = request["type"]
        reply = self._read(request, line)
        self._refusal(request["type"], reply)
        problem = state_problem(reply.get("state")) if states else None
        if problem is not None:
            self._fail(f"{request['type']}: the reply's state {problem}")
        self._answered(request["type"])
        return reply

    def evaluate(self, cards: list[str], ranking: str | None = None) -> dict[str, Any]:
        named = {} if ranking is None else {"ranking": ranking}
        value: dict[str, Any] = self._value_of(
            "evaluate", self.call({"type": "evaluate", **named, "cards": cards})
        )
        return value

    def compare(self, hands: list[list[str]], ranking: str | None = None) -> list[int]:
        named = {} if ranking is None else {"ranking": ranking}
        # As answered: the runner checks that they name hands, and fails the line if not.
        winners: list[int] = self._value_of(
            "compare", self.call({"type": "compare", **named, "hands": hands})
        )
        return winners


# What an `evaluate` or `compare` request names its cards by, and what its reply answers by.
PART: Final = {"evaluate": "cards", "compare": "hands"}
ANSWER: Final = {"evaluate": "value", "compare": "winners"}

STDOUT_HINT: Final = (
    " (stdout carries only the replies, one JSON object a line: write logs to stderr)"
)


class ProcessImplementation(ProtocolImplementation):
    """An implementation run as `argv` (e.g. `shlex.split("./my-engine --serve")`)."""

    def __init__(
        self, argv: Sequence[str], *, timeout: float = 10.0, max_line: int = MAX_LINE_BYTES
    ) -> None:
        self.argv = list(argv)
        super().__init__(lambda: ProcessTransport(self.argv, max_line=max_line), timeout=timeout)
        self.name = " ".join(self.argv)


__all__ = [
    "MAX_FAILURES",
    "MAX_HANDSHAKES",
    "MAX_TIMEOUTS",
    "ProcessImplementation",
    "ProcessTransport",
    "ProtocolImplementation",
    "Transport",
    "TransportError",
    "TransportTimeout",
]
