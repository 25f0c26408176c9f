"""Property tests of the serving side: `answer` answers every JSON value, and `serve` every
line, with a reply that can be sent; `internal` never comes from our own engine."""

from __future__ import annotations

import io
import json
import os
import random
import threading
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_spec.engine import CODES
from badugi_spec.protocol import BAD_REQUEST, REQUEST_TYPES
from badugi_spec.protocol import server as server_module
from badugi_spec.protocol.server import answer, serve
from badugi_spec.scenario.engine_impl import EngineImplementation

PLAYERS = [{"name": "Ann", "stack": 100}, {"name": "Bob", "stack": 100}]
DECK = ["Ah", "As", "2c", "2h", "3s", "3d", "7d", "Kd", "4c", "5c", "6c", "7c"]

# Any JSON value: surrogates, huge and negative numbers, floats, nesting.
scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**80), max_value=10**80)
    | st.floats(allow_nan=False)
    | st.text()
    | st.sampled_from(["As", "2h", "Kd", "T♠", "10h", "Zz", "", "\ud800", "Ann", "Bob"])
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=25,
)
# Requests that look right at first sight: a real type, the real field names, any values.
FIELDS = ["protocol", "players", "first_dealer", "deck", "player", "action", "amount",
          "discards", "cards", "hands", "name", "stack"]  # fmt: skip
requests = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    st.sampled_from(REQUEST_TYPES),
    st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=4),
)
OK_ERRORS = {BAD_REQUEST, *CODES}


def _engine(state: str) -> EngineImplementation:
    engine = EngineImplementation()
    if state != "fresh":
        assert answer(engine, {"type": "start", "players": PLAYERS, "first_dealer": "Ann"})["ok"]
    if state == "dealt":
        assert answer(engine, {"type": "deal", "deck": DECK})["ok"]
    return engine


def _sendable(reply: dict[str, Any]) -> None:
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), reply
    if not reply["ok"]:
        assert reply["error"] in OK_ERRORS, reply
        assert isinstance(reply["message"], str) and reply["message"]
    json.dumps(reply)  # serialisable; `serve` escapes what UTF-8 cannot carry


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(request=json_values | requests, state=st.sampled_from(["fresh", "started", "dealt"]))
def test_answer_answers_any_json_value(request: object, state: str) -> None:
    _sendable(answer(_engine(state), request))


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(
    lines=st.lists(st.binary(max_size=60) | json_values.map(json.dumps).map(str.encode), max_size=6)
)
def test_serve_answers_every_line_with_one_line(lines: list[bytes]) -> None:
    kept = [line.replace(b"\n", b" ") for line in lines]
    wanted = [line for line in kept if line.strip()]
    out = io.BytesIO()
    assert (
        serve(EngineImplementation(), stdin=io.BytesIO(b"\n".join(kept) + b"\n"), stdout=out) == 0
    )
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    # One reply per non-blank line, up to a `bye`, which ends the session.
    byes = [i for i, line in enumerate(wanted) if _is_bye(line)]
    assert len(replies) == (byes[0] + 1 if byes else len(wanted))
    for reply in replies:
        _sendable(reply)


def _is_bye(line: bytes) -> bool:
    try:
        request = json.loads(line)
    except (ValueError, RecursionError):
        return False
    return isinstance(request, dict) and request.get("type") == "bye"


def test_a_line_longer_than_the_limit_is_one_bad_request() -> None:
    out = io.BytesIO()
    long = b'{"type": "evaluate", "cards": ["' + b"x" * 5000 + b'"]}'
    stdin = io.BytesIO(long + b"\n" + b'{"type": "bye"}\n')
    serve(EngineImplementation(), stdin=stdin, stdout=out, max_line=1000)
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert first == {
        "ok": False,
        "error": "bad-request",
        "message": "a request is one line of at most 1000 bytes",
    }
    assert second == {"ok": True}


def _lines_by_rule(data: bytes, limit: int) -> list[bytes | None]:
    """What `serve` must read from `data`, written from the rule: each line with its
    newline, None for one whose content passes `limit`, and a last line without one."""
    *ended, last = data.split(b"\n")
    out: list[bytes | None] = [None if len(line) > limit else line + b"\n" for line in ended]
    if last:
        out.append(None if len(last) > limit else last)
    return out


def _through_a_pipe(data: bytes, limit: int, rng: random.Random) -> list[bytes | None]:
    """`_lines` reading a real pipe (the busy-wait path) that a thread fills in pieces."""
    read_end, write_end = os.pipe()
    pieces = []
    at = 0
    while at < len(data):
        step = rng.randint(1, 9)
        pieces.append(data[at : at + step])
        at += step

    def write() -> None:
        with os.fdopen(write_end, "wb", buffering=0) as out:
            for piece in pieces:
                out.write(piece)

    writer = threading.Thread(target=write)
    writer.start()
    with os.fdopen(read_end, "rb") as inp:
        got = list(server_module._lines(inp, limit))
    writer.join()
    return got


def test_serve_reads_lines_up_to_the_limit_from_streams_and_pipes() -> None:
    rng = random.Random(11)
    for _ in range(300):
        limit = rng.randint(1, 8)
        data = bytes(rng.choice(b"ab\n") for _ in range(rng.randint(0, 40)))
        want = _lines_by_rule(data, limit)
        assert list(server_module._lines(io.BytesIO(data), limit)) == want, (data, limit)
        assert _through_a_pipe(data, limit, rng) == want, (data, limit)
    # The edges: content of exactly `limit` bytes is a line, one byte more is refused.
    assert list(server_module._lines(io.BytesIO(b"abcd\nabcde\nab"), 4)) == [
        b"abcd\n",
        None,
        b"ab",
    ]
