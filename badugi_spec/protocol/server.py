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

import json
import os
import select
import stat
import sys
import time
from collections.abc import Iterator
from typing import IO, Any, Final

from badugi_spec.cards import Card
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
    validate,
)
from badugi_spec.protocol.fields import (
    MAX_NAME_CHARS,
    BadRequest,
    HugeNumber,
    decoded,
    is_whole,
    kind_of,
    read_chips,
    read_hand,
    read_text,
    read_texts,
    shown_number,
    surrogate_at,
)
from badugi_spec.rankings import RANKINGS, Ranking
from badugi_spec.scenario.engine_impl import EngineImplementation, Implementation, RequestError
from badugi_spec.scenario.runner import Skip
from badugi_spec.scenario.state_view import state_of


def answer(
    impl: Implementation, request: object, *, version: str = "", plain: bool = False
) -> dict[str, Any]:
    """The response to one decoded request. Never raises. `plain`: the caller read the
    request from a line that cannot hold a lone surrogate (`_plain`), so none is looked for."""
    try:
        if not isinstance(request, dict):
            raise BadRequest(f"a request is a JSON object, not {kind_of(request)}")
        place = None if plain else surrogate_at(request)
        if place is not None:
            raise BadRequest(f"{place!r} holds a lone surrogate, which is not Unicode text")
        return _dispatch(impl, request, version)
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
        hands = _hands(request.get("hands"), ranked)
        if ranked is None:
            return {"ok": True, "winners": impl.compare(hands)}
        return {"ok": True, "winners": impl.compare(hands, ranking=ranked.name)}
    if kind == "start":
        case = _start(request)
        if "profile" in request:
            case["profile"] = _profile(request["profile"])
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
    return impl.act(_act(request))


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


def _hands(value: object, ranked: Ranking | None = None) -> list[list[str]]:
    """Two or more hands, no card in two of them: what `badugi-spec compare` accepts too."""
    if not isinstance(value, list) or len(value) < 2:
        got = f"{len(value)}" if isinstance(value, list) else kind_of(value)
        raise BadRequest(f"'hands' must be a list of two or more hands, not {got}")
    hands = [read_hand(hand, f"hands[{i}]", ranked) for i, hand in enumerate(value)]
    seen: dict[Card, int] = {}
    for i, hand in enumerate(hands):
        for card in hand:
            if seen.setdefault(card, i) != i:
                raise BadRequest(f"{card} is in hands[{seen[card]}] and hands[{i}]")
    return [[str(card) for card in hand] for hand in hands]


def _start(request: dict[str, Any]) -> dict[str, Any]:
    players = request.get("players")
    if not isinstance(players, list):
        raise BadRequest(
            f"'players' must be a list of {{name, stack}} objects, not {kind_of(players)}"
        )
    checked = []
    for i, player in enumerate(players):
        if not isinstance(player, dict):
            raise BadRequest(
                f"players[{i}] must be a {{name, stack}} object, not {kind_of(player)}"
            )
        name = read_text(player.get("name"), f"players[{i}].name", what="a player's name")
        if len(name) > MAX_NAME_CHARS:
            raise BadRequest(f"players[{i}].name is longer than {MAX_NAME_CHARS} characters")
        stack = read_chips(player.get("stack"), f"players[{i}].stack", low=1)
        checked.append({"name": name, "stack": stack})
    dealer = read_text(request.get("first_dealer"), "first_dealer", what="a player's name")
    return {"players": checked, "first_dealer": dealer}


def _profile(value: object) -> dict[str, Any]:
    """The case's profile, as `profile.json` has it: the name and every parameter, nothing
    else (R8.1). The implementation then checks the parameters against each other.

    It is checked here, not left to the implementation: `{"name": "badeucy"}` was taken
    for the house rules with four cards, and `extends` and `title` were ignored."""
    if not isinstance(value, dict):
        raise BadRequest(
            f"'profile' must be an object of every parameter (profile.json), not {kind_of(value)}"
        )
    huge = _huge_at(value, "profile")
    if huge is not None:
        raise BadRequest(f"{huge[0]!r} is {huge[1]}: too large for any parameter (R8.1)")
    problems = validate(value, "profile", where="profile")
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise BadRequest(f"'profile' does not fit profile.json (R8.1): {problems[0]}{more}")
    return value


def _huge_at(value: object, where: str) -> tuple[str, str] | None:
    """The place and size of the first number too long to read in `value`, or None."""
    stack: list[tuple[str, object]] = [(where, value)]
    while stack:
        place, item = stack.pop()
        if isinstance(item, HugeNumber):
            return place, kind_of(item)
        if isinstance(item, dict):
            stack.extend((f"{place}.{key}", child) for key, child in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((f"{place}[{i}]", child) for i, child in reversed(list(enumerate(item))))
    return None


def _act(request: dict[str, Any]) -> dict[str, Any]:
    step: dict[str, Any] = {
        "player": read_text(request.get("player"), "player", what="a player's name"),
        "action": read_text(request.get("action"), "action", what="an action such as 'call'"),
    }
    discards = request.get("discards")
    # A draw's discards are a list of card texts; anything else would be read as one
    # (a string split into characters, an object's keys), so it is refused.
    step["discards"] = [] if discards is None else read_texts(discards, "discards")
    if request.get("amount") is not None:
        step["amount"] = read_chips(request.get("amount"), "amount", low=0)
    return step


def _plain(raw: bytes) -> bool:
    """Whether no string of the JSON line `raw` can hold a lone surrogate: one comes only
    from a `\\u` escape or from its UTF-8 form (0xED then 0xA0 to 0xBF), which `json.loads`
    lets through. Most requests have neither, and looking through them was a tenth of
    answering one."""
    return b"\\u" not in raw and b"\xed" not in raw


_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, check_circular=False)
"""`json.dumps(response, ensure_ascii=False)` made a new encoder for every reply. A reply
holds no cycle (a state is built afresh from the hand), so none is looked for: a fifth of
the encoder's time (a cycle would still be caught, as too deep: `_encode`)."""


def _encode(response: dict[str, Any]) -> bytes:
    """The response line; a string our side cannot encode is escaped, never a crash."""
    try:
        return _ENCODER.encode(response).encode("utf-8") + b"\n"
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
    with fewer_collections(YOUNG):
        _answer_lines(impl, inp, out, version=version, max_line=max_line, replies=replies)
    if replies:
        out.write(b"".join(replies))
    out.flush()
    return 0


YOUNG: Final = 20_000
"""Objects Python's collector lets pile up before it looks at the youngest, while `serve`
answers (its own is 700). A reply's state is freed as soon as it is written, so the count
climbs only with what a session keeps; at 700 the collector still ran every few hands of a
fuzz campaign (0.1 of serve's 6 CPU ms a hand; 20,000: a third of that)."""


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
    no request is waiting, then written at once."""
    ahead = [False]
    spin = [True]
    for raw in _lines(inp, max_line, ahead, spin):
        request: object = None
        if raw is None:
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
                response = answer(impl, request, version=version, plain=_plain(raw))
        if response.get("error") == INTERNAL:
            print(f"{impl.name}: internal error: {response['message']}", file=sys.stderr)
        replies.append(_encode(response))
        bye = isinstance(request, dict) and request.get("type") == "bye"
        if bye or not ahead[0]:
            # Many requests at once (a fuzzed trial, pipelined): the next batch is
            # milliseconds away, and a busy loop for it would only burn CPU.
            spin[0] = len(replies) <= SPIN_LINES
            out.write(b"".join(replies))
            out.flush()
            replies.clear()
        if bye:
            break


def _refuse(message: str) -> dict[str, Any]:
    return {"ok": False, "error": BAD_REQUEST, "message": message}


def main() -> int:
    # The package's own version, not importlib.metadata's: that import and its scan of the
    # installed distributions cost each `serve` about 25 ms of start-up (issue 40).
    from badugi_spec import __version__

    return serve(_Served(), version=__version__)


class _Served(EngineImplementation):
    """Our engine as `serve` runs it: each state is written out as JSON at once and
    dropped, never changed, so it may share with the states before it the parts that did
    not change (`state_of(shared=True)`), which are cheaper to build than fresh ones."""

    def _state(self) -> dict[str, Any]:
        assert self.session is not None
        return state_of(self.session, self.names, shared=True)
