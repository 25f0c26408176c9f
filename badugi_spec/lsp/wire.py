"""The protocol's frames on a byte stream, read within bounds, and the errors it answers.

An editor's messages come as `Content-Length: N` headers, a blank line, then N bytes of
JSON. The length is the sender's word, so it is never trusted for memory: a header line,
the number of headers and a message's size all have limits, and a message over its limit
is read past in small pieces (the stream stays in step) and answered with an error, not
buffered. What the server does with a message is `server`'s business; here are only
bytes, shapes and the JSON-RPC error codes (`-32002` is the Language Server Protocol's
"not initialized").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import IO, Any, Final

MAX_MESSAGE_BYTES: Final = 4 * 1024 * 1024
"""A message's body at most: a 256 KB scenario, every character escaped, fits."""
MAX_HEADER_LINE: Final = 1024
MAX_HEADERS: Final = 32
_CHUNK: Final = 64 * 1024
_LENGTH_DIGITS: Final = 20

PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600
METHOD_NOT_FOUND: Final = -32601
INVALID_PARAMS: Final = -32602
INTERNAL_ERROR: Final = -32603
NOT_INITIALIZED: Final = -32002


@dataclass(frozen=True, slots=True)
class Frame:
    """One message's body, or why there is none (the frame was read past)."""

    body: bytes | None
    problem: str = ""


def read_frame(stream: IO[bytes]) -> Frame | None:
    """The next frame, or None at the end of the input (a frame cut short included)."""
    length: int | None = None
    problem = ""
    headers = 0
    while True:
        line = stream.readline(MAX_HEADER_LINE + 1)
        if not line:
            return None
        if line in (b"\r\n", b"\n"):
            if headers:
                break
            continue  # a blank line between frames: nothing to read yet
        headers += 1
        if not line.endswith(b"\n"):
            problem = problem or f"a header line over {MAX_HEADER_LINE} bytes"
            if not _skip_line(stream):
                return None
            continue
        if headers > MAX_HEADERS:
            problem = problem or f"more than {MAX_HEADERS} header lines"
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            digits = value.strip()
            if digits.isdigit() and len(digits) <= _LENGTH_DIGITS:
                length = int(digits)
            else:
                problem = problem or f"Content-Length is no number of {_LENGTH_DIGITS} digits"
    if length is None:
        return Frame(None, problem or "a message without a Content-Length header")
    if length > MAX_MESSAGE_BYTES or problem:
        if not _skip(stream, length):
            return None
        problem = problem or f"a message of {length:,} bytes; the limit is {MAX_MESSAGE_BYTES:,}"
        return Frame(None, problem)
    body = stream.read(length)
    return Frame(body) if len(body) == length else None


def _skip_line(stream: IO[bytes]) -> bool:
    while chunk := stream.readline(_CHUNK):
        if chunk.endswith(b"\n"):
            return True
    return False


def _skip(stream: IO[bytes], length: int) -> bool:
    """Read past `length` bytes in small pieces; False if the input ends first."""
    while length > 0:
        chunk = stream.read(min(_CHUNK, length))
        if not chunk:
            return False
        length -= len(chunk)
    return True


def encode(message: dict[str, Any]) -> bytes:
    body = json.dumps(message, ensure_ascii=False).encode("utf-8", "backslashreplace")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def error(message_id: Any, code: int, text: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": message_id, "error": {"code": code, "message": text}}


def result(message_id: Any, value: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": message_id, "result": value}


def shape_problem(message: Any) -> dict[str, Any] | None:
    """The error answer for a message that is no JSON-RPC request, notification or
    response at all; None for one that is."""
    if not isinstance(message, dict):
        return error(None, INVALID_REQUEST, "a message is one JSON object")
    message_id = message.get("id")
    has_id = "id" in message
    if has_id and (isinstance(message_id, bool) or not isinstance(message_id, int | str)):
        return error(None, INVALID_REQUEST, "a message's id is a number or a string")
    if message.get("jsonrpc") != "2.0":
        return error(message_id, INVALID_REQUEST, 'a message has "jsonrpc": "2.0"')
    method = message.get("method")
    if "method" in message and not isinstance(method, str):
        return error(message_id, INVALID_REQUEST, "a message's method is a string")
    if method is None and not (has_id and ("result" in message or "error" in message)):
        return error(message_id, INVALID_REQUEST, "a request names its method")
    params = message.get("params")
    if params is not None and not isinstance(params, dict | list):
        return error(message_id, INVALID_PARAMS, "params are an object or an array")
    return None
