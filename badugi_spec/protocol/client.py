"""Drive another implementation through the protocol, as the runner's `Implementation`.

`ProtocolImplementation` is the runner's `Implementation` over a `Connection`
(`client_base`: the hello, the limits, what a failure drops), with the requests sent at
once for `fuzz` (`replay`, `post`); `ProcessImplementation` runs the implementation as a
process (`ProcessTransport`, `transport.py`).
"""

from __future__ import annotations

import collections
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NoReturn

from badugi_spec.protocol import MAX_LINE_BYTES
from badugi_spec.protocol.client_base import (
    MAX_FAILURES,
    MAX_HANDSHAKES,
    MAX_TIMEOUTS,
    Connection,
)
from badugi_spec.protocol.outgoing import act_request, deal_request, request_lines, start_request
from badugi_spec.protocol.pipes import Posted
from badugi_spec.protocol.replies import state_problem
from badugi_spec.protocol.transport import (
    ProcessTransport,
    Transport,
    TransportError,
    TransportTimeout,
)
from badugi_spec.scenario.engine_impl import Outcome
from badugi_spec.scenario.runner import ImplementationError


@dataclass(frozen=True, slots=True)
class Ticket:
    """Requests posted (`ProtocolImplementation.post`): the connection they went on and
    the batch whose replies the transport keeps."""

    transport: object
    batch: Posted


class ProtocolImplementation(Connection):
    """The runner's `Implementation`, spoken over a transport made by `connect`."""

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
        posted: Ticket | None = None,
    ) -> list[Outcome | None]:
        """Each request (`start`, `deal` or `act`, as the runner would pass it) sent and its
        reply checked as `start`, `deal` and `act` check it; pipelined where the transport can
        (a reply is matched to its request by its place). `states=False` leaves out the
        check of each state's form, for a caller that compares every state with one known
        to be well formed (`fuzz.replay`). `known[i]`: the line of a well-formed reply the
        caller expects to request `i` (our answer as `serve` writes it); a reply that is
        that very line is None, neither decoded nor checked (it passes every check): the
        decoding and the checks were most of the client's work a reply. `idle`: as for
        `_pipelined`; `known` is read after it, which may fill it. `posted`: these very
        requests, sent already (`post`): their replies are read, unless the connection
        they went on is gone or given up, then they are sent again."""
        requests, sent = self.request_lines(exchanges)
        lines = self._collected(posted, requests, idle) if posted is not None else None
        if lines is None:
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
        self.settle()
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
            self._unanswered(requests, error)
        if idle is not None and not waits:
            idle(math.inf)  # a transport that cannot work and wait at once: the work, now
        return lines

    def post(self, exchanges: list[tuple[str, dict[str, Any]]]) -> Ticket | None:
        """Send the requests of `exchanges` now and return at once (None where they cannot
        be: no pipelining transport, the connection not open, a kind of request dropped);
        `replay(..., posted=)` reads their replies later. So the implementation works on
        a trial while this side still judges the one before (`fuzz.ahead`). Nothing here
        counts: a reply is read and checked when it is replayed, as if sent then."""
        return self._post(*self.request_lines(exchanges))

    def post_values(self, asked: list[tuple[str, Any, str | None]]) -> Ticket | None:
        """`post` for the requests `value_answers` sends, read by its `posted`."""
        requests = _value_requests(asked)
        return self._post(requests, [json.dumps(request) for request in requests])

    def _post(self, requests: list[dict[str, Any]], lines: list[str]) -> Ticket | None:
        transport = self._transport
        if not callable(getattr(transport, "post", None)) or not self.ready():
            return None
        if any(request["type"] in self._dropped for request in requests):
            return None
        try:
            batch = transport.post(lines, timeout=self.timeout)  # type: ignore[union-attr]
        except TransportError:
            return None  # met again, and told, by whatever is read next
        return Ticket(transport, batch)

    def _collected(
        self,
        ticket: Ticket,
        requests: list[dict[str, Any]],
        idle: Callable[[float], bool] | None,
    ) -> list[str] | None:
        """The reply lines to `requests`, posted as `ticket`; None to send them again (the
        connection they went on is gone, or given up, or a kind of them dropped since)."""
        if getattr(self._transport, "before", lambda batch: False)(ticket.batch):
            self.settle()  # batches posted before it first: their trouble is not its own
        transport = self._transport
        if ticket.transport is not transport or not self.ready():
            return None
        if any(request["type"] in self._dropped for request in requests):
            return None
        self._asking, self.heard = requests[0]["type"], []
        try:
            lines: list[str] = transport.collect(  # type: ignore[union-attr]
                ticket.batch, timeout=self.timeout, idle=idle
            )
        except TransportError as error:
            self._unanswered(requests, error)
        return lines

    def _unanswered(self, requests: list[dict[str, Any]], error: TransportError) -> NoReturn:
        """The request that went unanswered is named, as when asked alone (the runner)."""
        self.heard = list(getattr(error, "replies", []))
        unanswered = requests[min(len(self.heard), len(requests) - 1)]
        self._asking = unanswered["type"]
        self._lost(unanswered, error)

    def value_answers(
        self,
        asked: list[tuple[str, Any, str | None]],
        idle: Callable[[float], bool] | None = None,
        posted: Ticket | None = None,
    ) -> list[object]:
        """`evaluate` or `compare` requests (kind, cards or hands, ranking or None), pipelined
        where the transport can: each value or winners, checked as those methods check it.
        `posted`: these very requests, sent already (`post_values`), as for `replay`."""
        requests = _value_requests(asked)
        lines = self._collected(posted, requests, idle) if posted is not None else None
        if lines is None:
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


def _value_requests(asked: list[tuple[str, Any, str | None]]) -> list[dict[str, Any]]:
    return [
        {"type": kind, **({} if name is None else {"ranking": name}), PART[kind]: cards}
        for kind, cards, name in asked
    ]


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
