"""Serve an in-process `Implementation` over the protocol: one JSON request per line in,
one JSON response per line out. Logs go to stderr, never to stdout.

`answer` is the whole protocol on the serving side and needs no process, so it is tested
directly; `serve` only moves lines. Our engine, the mutants and the PokerKit adapter all
serve through here.

Every line gets an answer. A request that does not follow the protocol (not JSON, nested
too deeply, too long, a lone surrogate, a field of the wrong type or out of range) is a
`bad-request` whose message names the field; `internal` is kept for a fault of ours.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import select
import stat
import sys
import time
from collections.abc import Callable, Iterator
from typing import IO, Any, Final

from badugi_spec.collector import fewer_collections
from badugi_spec.protocol import (
    ANY_PROFILE,
    BAD_REQUEST,
    CAPABILITIES,
    INTERNAL,
    MAX_LINE_BYTES,
    NOT_SUPPORTED,
    PROTOCOLS,
    REQUEST_TYPES,
    SPIN_LINES,
    SPIN_SECONDS,
)
from badugi_spec.protocol.fields import (
    BadRequest,
    decoded,
    is_whole,
    kind_of,
    read_act,
    read_hand,
    read_hands,
    read_profile,
    read_start,
    read_texts,
    shown_number,
    surrogate_at,
)
from badugi_spec.rankings import RANKINGS, Ranking
from badugi_spec.scenario.engine_impl import EngineImplementation, Implementation, RequestError
from badugi_spec.scenario.runner import Skip
from badugi_spec.scenario.state_line import Lines
from badugi_spec.scenario.state_line import plain as plain_text
from badugi_spec.scenario.state_view import state_of


def answer(
    impl: Implementation, request: object, *, version: str = "", plain: bool = False
) -> dict[str, Any]:
    """The response to one decoded request. Never raises. `plain`: the caller read the
    request from a line that cannot hold a lone surrogate (`_plain`), so none is looked for."""
    return _guarded(lambda: _checked(impl, request, version, plain))


def _checked(impl: Implementation, request: object, version: str, plain: bool) -> dict[str, Any]:
    if not isinstance(request, dict):
        raise BadRequest(f"a request is a JSON object, not {kind_of(request)}")
    place = None if plain else surrogate_at(request)
    if place is not None:
        raise BadRequest(f"{place!r} holds a lone surrogate, which is not Unicode text")
    return _dispatch(impl, request, version)


def _guarded(work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """What `work` answers, or the reply for what it raised: one reply per request."""
    try:
        return work()
    except (BadRequest, RequestError) as error:
        return {"ok": False, "error": BAD_REQUEST, "message": str(error)}
    except Skip as skip:
        return {"ok": False, "error": NOT_SUPPORTED, "message": str(skip)}
    except Exception as error:  # the protocol's promise: one reply per request, always
        return {"ok": False, "error": INTERNAL, "message": f"{type(error).__name__}: {error}"}


def _dispatch(impl: Implementation, request: dict[str, Any], version: str) -> dict[str, Any]:
    kind = request.get("type")
    if not isinstance(kind, str) or kind not in REQUEST_TYPES:
        shown = repr(kind[:40]) if isinstance(kind, str) else kind_of(kind)
        raise BadRequest(f"'type' must be one of {', '.join(REQUEST_TYPES)}, not {shown}")
    capabilities = impl.capabilities()
    if kind == "hello":
        protocol = request.get("protocol")
        # `true == 1` in Python: the type is checked, not only the value.
        if not isinstance(protocol, int) or isinstance(protocol, bool):
            raise BadRequest(f"'protocol' must be a whole number, not {kind_of(protocol)}")
        # A protocol 2 client says `protocol: 1, protocols: [1, 2]`, so that a protocol 1
        # server, which ignores the list, still answers; we answer the newest we share.
        offered = request.get("protocols", [protocol])
        if not isinstance(offered, list):
            raise BadRequest(f"'protocols' must be a list of whole numbers, not {kind_of(offered)}")
        for i, item in enumerate(offered):
            # The item at fault is named: "not a list" was said of a list holding 10**400.
            if not is_whole(item):
                raise BadRequest(f"protocols[{i}] must be a version such as 2, not {kind_of(item)}")
        shared = [v for v in PROTOCOLS if v in offered]
        if not shared:
            raise BadRequest(
                f"protocol {shown_number(protocol)} asked; this server speaks"
                f" {' or '.join(map(str, PROTOCOLS))}"
            )
        reply: dict[str, Any] = {
            "ok": True,
            "protocol": shared[-1],
            "name": impl.name,
            "version": version,
            "capabilities": [c for c in CAPABILITIES if c in capabilities],
        }
        if shared[-1] >= 2:
            plays = getattr(impl, "profiles", ANY_PROFILE)
            reply["profiles"] = plays if isinstance(plays, str) else list(plays)
            declared = getattr(impl, "rankings", None)
            if declared is not None:
                reply["rankings"] = list(declared)
        return reply
    if kind == "bye":
        return {"ok": True}
    needed = "play" if kind in ("start", "deal", "act") else kind
    if needed not in capabilities:
        raise Skip(f"{impl.name} does not {needed}")
    if kind in ("evaluate", "compare"):
        ranked = _ranking(impl, request)
        if kind == "evaluate":
            texts = [str(card) for card in read_hand(request.get("cards"), "cards", ranked)]
            if ranked is None:
                return {"ok": True, "value": impl.evaluate(texts)}
            return {"ok": True, "value": impl.evaluate(texts, ranking=ranked.name)}
        hands = read_hands(request.get("hands"), ranked)
        if ranked is None:
            return {"ok": True, "winners": impl.compare(hands)}
        return {"ok": True, "winners": impl.compare(hands, ranking=ranked.name)}
    if kind == "start":
        case = read_start(request)
        if "profile" in request:
            case["profile"] = read_profile(request["profile"])
        return impl.start(case)
    if kind == "deal":
        hand: dict[str, Any] = {"deck": read_texts(request.get("deck"), "deck")}
        if "reshuffles" in request:  # protocol 2: the stated rebuilt stubs (R8.18)
            orders = request["reshuffles"]
            if not isinstance(orders, list):
                raise BadRequest(
                    f"'reshuffles' must be a list of card lists, not {kind_of(orders)}"
                )
            hand["reshuffles"] = [
                read_texts(order, f"reshuffles[{i}]") for i, order in enumerate(orders)
            ]
        if "posts" in request:  # protocol 2: live big blinds posted out of turn (R8.3)
            hand["posts"] = request["posts"]
        if "seating" in request:  # protocol 2: sitting out, returns, straddles (R19)
            hand["seating"] = request["seating"]
        return impl.deal(hand)
    return impl.act(read_act(request))


def _ranking(impl: Implementation, request: dict[str, Any]) -> Ranking | None:
    """The ranking an evaluate or compare names (R9.1), if the implementation has it."""
    name = request.get("ranking")
    if name is None:
        return None
    if not isinstance(name, str) or name not in RANKINGS:
        shown = repr(name[:40]) if isinstance(name, str) else kind_of(name)
        raise BadRequest(f"'ranking' must be one of {', '.join(RANKINGS)}, not {shown}")
    if name not in getattr(impl, "rankings", ()):
        raise Skip(f"{impl.name} does not value hands in {name}")
    return RANKINGS[name]


def _plain(raw: bytes) -> bool:
    """Whether no string of the JSON line `raw` can hold a lone surrogate: one comes only
    from a `\\u` escape or from its UTF-8 form (0xED then 0xA0 to 0xBF), which `json.loads`
    lets through. Most requests have neither, and looking through them was a tenth of
    answering one."""
    return b"\\u" not in raw and b"\xed" not in raw


def _encode(response: dict[str, Any], write: Callable[[Any], str] = plain_text) -> bytes:
    """The response line, as `write` writes it (`state_line.plain`, one encoder for every
    reply that looks for no cycle, or `Lines`: the same text); a string our side cannot
    encode is escaped, never a crash (a cycle is caught as too deep)."""
    try:
        return write(response).encode("utf-8") + b"\n"
    except UnicodeEncodeError:
        return json.dumps(response, ensure_ascii=True).encode("ascii") + b"\n"
    except (TypeError, ValueError, RecursionError) as error:
        fault = {"ok": False, "error": INTERNAL, "message": f"unserialisable response: {error}"}
        return json.dumps(fault).encode("ascii") + b"\n"


CHUNK_BYTES: Final = 65536


def _pipe_chunks(fd: int, spin: list[bool]) -> Iterator[bytes]:
    """What arrives on a pipe, looked for in a short busy loop before a blocking read
    while `spin[0]` (the last requests came few at a time: `SPIN_LINES`)."""
    ready = select.poll()
    ready.register(fd, select.POLLIN)
    while True:
        until = time.perf_counter() + SPIN_SECONDS
        while spin[0] and not ready.poll(0) and time.perf_counter() < until:
            pass
        try:
            chunk = os.read(fd, CHUNK_BYTES)  # at once if something came, else it sleeps
        except BlockingIOError:  # a pipe left non-blocking by whoever started us
            ready.poll()
            continue
        if not chunk:
            return
        yield chunk


def _stream_chunks(inp: IO[bytes]) -> Iterator[bytes]:
    read = getattr(inp, "read1", inp.read)
    while chunk := read(CHUNK_BYTES):
        yield chunk


def _chunks(inp: IO[bytes], spin: list[bool]) -> Iterator[bytes]:
    """The input as it arrives. A pipe is read by its descriptor, past the stream's buffer:
    `serve` is the first to read its stdin, so that buffer is empty."""
    try:
        fd = inp.fileno()
        is_pipe = stat.S_ISFIFO(os.fstat(fd).st_mode)
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is an OSError
        is_pipe = False
    return _pipe_chunks(fd, spin) if is_pipe else _stream_chunks(inp)


def _lines(
    inp: IO[bytes],
    limit: int,
    ahead: list[bool] | None = None,
    spin: list[bool] | None = None,
) -> Iterator[bytes | None]:
    """Each input line, or None for a line longer than `limit` (read past, not kept).
    `ahead[0]` says, as each is given, whether another whole line is in already; `spin[0]`
    whether a pipe is looked at in a busy loop before a blocking read (`_pipe_chunks`)."""
    pending = b""
    too_long = False  # the line being read has passed `limit`; its bytes are dropped
    for chunk in _chunks(inp, [True] if spin is None else spin):
        pending += chunk
        start = 0
        while (end := pending.find(b"\n", start)) >= 0:
            if ahead is not None:
                ahead[0] = pending.find(b"\n", end + 1) >= 0
            if too_long or end - start > limit:
                too_long = False
                yield None
            else:
                yield pending[start : end + 1]
            start = end + 1
        pending = pending[start:]  # once a chunk: slicing per line made a chunk quadratic
        if len(pending) > limit:
            too_long, pending = True, b""
    if too_long:
        yield None
    elif pending:
        yield pending


def serve(
    impl: Implementation,
    *,
    version: str = "",
    stdin: IO[bytes] | None = None,
    stdout: IO[bytes] | None = None,
    max_line: int = MAX_LINE_BYTES,
) -> int:
    """Answer requests until end of input or `bye`. Returns the exit status."""
    inp = stdin if stdin is not None else sys.stdin.buffer
    out = stdout if stdout is not None else sys.stdout.buffer
    print(f"{impl.name}: serving protocol {max(PROTOCOLS)}", file=sys.stderr)
    # Replies kept until no request is waiting, then written at once: requests sent at
    # once (pipelined) are answered in one write, not a write and a wake-up of the client
    # per reply, whatever buffering the stream has (`PYTHONUNBUFFERED` makes stdout's a
    # write per call: it had `serve` spend about as long writing as playing).
    replies: list[bytes] = []
    with _collector_off() if isinstance(impl, _Served) else fewer_collections(YOUNG):
        _answer_lines(impl, inp, out, version=version, max_line=max_line, replies=replies)
    if replies:
        out.write(b"".join(replies))
    out.flush()
    return 0


YOUNG: Final = 20_000
"""Objects Python's collector lets pile up before it looks at the youngest, while `serve`
answers (its own is 700). A reply's state is freed as soon as it is written, so the count
climbs only with what a session keeps; at 700 the collector still ran every few hands of a
fuzz campaign (0.1 of serve's 6 CPU ms a hand; 20,000: a third of that). For other
implementations than our own engine (`_collector_off`)."""

SWEEP_REQUESTS: Final = 100_000
"""Requests our engine answers between two passes of the collector (`_collector_off`)."""


@contextlib.contextmanager
def _collector_off() -> Iterator[None]:
    """Python's collector off while our engine answers, but for a pass after every
    `SWEEP_REQUESTS` requests (`_answer_lines`), and on as it was after.

    Answering makes no garbage in cycles, which is all the collector is for: after the
    21,187 requests of a 120-trial fuzz campaign it found not one object to free. Each of
    its passes at the young threshold above walked what the engine's caches had kept
    meanwhile, and found nothing: 50 to 120 CPU ms of such a campaign, 0.1 to 0.25 of
    `serve`'s 2.1 to 2.6 CPU ms a hand. The rare pass is there for what might still make
    a cycle (an error's traceback kept by a frame, say) in a campaign of hours."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


VALUES: Final = ("evaluate", "compare")
"""Requests of hand values, sent in batches of their own (a fuzzed trial of values)."""
SESSION: Final = ("start", "deal", "act")


def _answer_lines(
    impl: Implementation,
    inp: IO[bytes],
    out: IO[bytes],
    *,
    version: str,
    max_line: int,
    replies: list[bytes],
) -> None:
    """Answer each line of `inp` until its end or `bye`, the replies in `replies` until
    no request is waiting, or a new session starts, then written at once."""
    ahead = [False]
    spin = [True]
    # Our engine's states are written by `Lines`, each entry unchanged since the state
    # before not written again; and an `act` line it has read before is not read again.
    write = impl.lines if isinstance(impl, _Served) else plain_text
    ours = isinstance(impl, _Served)
    acts: dict[bytes, dict[str, Any]] | None = {} if ours else None
    answered = swept = 0
    last: object = None  # the type of the last request read whole
    for raw in _lines(inp, max_line, ahead, spin):
        request: object = None
        step = None if acts is None or raw is None else acts.get(raw)
        if step is not None:
            response = _acted(impl, step)
        elif raw is None:
            response = _refuse(f"a request is one line of at most {max_line} bytes")
        elif not raw.strip():
            continue
        else:
            try:
                request = decoded(raw)
            except RecursionError:
                response = _refuse("not JSON this server reads: nested too deeply")
            except ValueError as error:  # UnicodeDecodeError is one too
                response = _refuse(f"not JSON: {error}")
            else:
                kind = request.get("type") if type(request) is dict else None
                if replies and (kind == "start" or (kind in VALUES and last in SESSION)):
                    # A session ends where the next starts, or where hand values are
                    # asked after it: its replies are what the client waits for while
                    # the next batch is answered (`fuzz` sends the next trials ahead:
                    # `ProtocolImplementation.post`).
                    out.write(b"".join(replies))
                    out.flush()
                    replies.clear()
                last = kind
                plain = _plain(raw)
                step = None if acts is None or not plain else _kept_act(acts, raw, request)
                if step is None:
                    response = answer(impl, request, version=version, plain=plain)
                else:
                    response = _acted(impl, step)
        if response.get("error") == INTERNAL:
            print(f"{impl.name}: internal error: {response['message']}", file=sys.stderr)
        replies.append(_encode(response, write))
        answered += 1
        bye = isinstance(request, dict) and request.get("type") == "bye"
        if bye or not ahead[0]:
            # Many requests at once (a fuzzed trial, pipelined): the next batch is
            # milliseconds away, and a busy loop for it would only burn CPU.
            spin[0] = len(replies) <= SPIN_LINES
            out.write(b"".join(replies))
            out.flush()
            replies.clear()
            if ours and answered - swept >= SWEEP_REQUESTS:
                gc.collect()  # (the collector is off for our engine: `_collector_off`)
                swept = answered
        if bye:
            break


def _refuse(message: str) -> dict[str, Any]:
    return {"ok": False, "error": BAD_REQUEST, "message": message}


ACTS_KEPT: Final = 16_384


def _kept_act(
    acts: dict[bytes, dict[str, Any]], raw: bytes, request: object
) -> dict[str, Any] | None:
    """The step of a well-formed `act` request, kept by its line, for our engine
    (`_Served`), which only reads a step (and plays every profile: `act` is never
    refused as not supported): a fuzz campaign sends the same few act lines again and
    again (a trial's, then its variants'), and decoding and checking one took about a
    tenth of answering it. None for any other request, or one the checks refuse: it is
    answered, and its refusal worded, as before."""
    if type(request) is not dict or request.get("type") != "act":
        return None
    try:
        step = read_act(request)
    except BadRequest:
        return None
    if len(acts) >= ACTS_KEPT:
        acts.clear()
    acts[raw] = step
    return step


def _acted(impl: Implementation, step: dict[str, Any]) -> dict[str, Any]:
    return _guarded(lambda: impl.act(step))


def main() -> int:
    # The package's own version, not importlib.metadata's: that import and its scan of the
    # installed distributions cost each `serve` about 25 ms of start-up (issue 40).
    from badugi_spec import __version__

    return serve(_Served(), version=__version__)


class _Served(EngineImplementation):
    """Our engine as `serve` runs it: each state is written out as JSON at once and
    dropped, never changed, so it may share with the states before it the parts that did
    not change (`state_of(shared=True)`), which are cheaper to build than fresh ones."""

    def __init__(self) -> None:
        super().__init__()
        self.lines = Lines()
        """How `serve` writes the replies (`state_line`): kept for one session."""

    def _state(self) -> dict[str, Any]:
        assert self.session is not None
        return state_of(self.session, self.names, shared=True)

    def start(self, case: dict[str, Any]) -> dict[str, Any]:
        self.lines.forget()  # other players, in another order, maybe another profile
        return super().start(case)

    def capabilities(self) -> frozenset[str]:
        return _PLAYS  # (asked for every request: one set, not a new one each time)


_PLAYS: Final = frozenset({"evaluate", "compare", "play"})
