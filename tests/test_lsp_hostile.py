"""The language server against a hostile or careless client (issue 41).

Over raw JSON-RPC on a real process, as `test_lsp`: frames whose length is huge or not a
number, requests without a method, with an unknown one or with parameters of the wrong
shape, requests before `initialize`, documents the editor never opened (`/dev/zero`, a
FIFO), a document over a scenario file's size, `exit` without `shutdown`. Every request
gets an answer, none carries a traceback, and the server stays bounded and responsive.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.lsp import gate, wire
from badugi_spec.scenario.suite import MAX_SCENARIO_BYTES
from tests.test_lsp import GOOD, ROOT, TIMEOUT, Client

pytest.importorskip("pygls")


def _start(tmp_path: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "badugi_spec", "lsp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _raw(client: Client, data: bytes) -> None:
    stdin = client.process.stdin
    assert stdin is not None
    stdin.write(data)
    stdin.flush()


def _message(client: Client, message: dict[str, Any]) -> None:
    body = json.dumps(message).encode("utf-8")
    _raw(client, b"Content-Length: %d\r\n\r\n" % len(body) + body)


def _answer(client: Client, message_id: Any) -> dict[str, Any]:
    return client.wait(lambda m: "method" not in m and m.get("id") == message_id)


def _error(client: Client, message_id: Any) -> dict[str, Any]:
    answer = _answer(client, message_id)
    assert "data" not in answer["error"], answer  # no traceback for the editor
    error: dict[str, Any] = answer["error"]
    return error


def _finish(process: subprocess.Popen[bytes]) -> tuple[int, str]:
    try:
        status = process.wait(timeout=TIMEOUT)
        assert process.stderr is not None
        return status, process.stderr.read().decode("utf-8", "replace")
    finally:
        if process.poll() is None:
            process.kill()


def test_a_hostile_session_is_answered_and_bounded(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.badugi"
    os.mkfifo(fifo)
    with _start(tmp_path) as process:
        client = Client(process)
        hover: dict[str, Any] = {
            "textDocument": {"uri": "file:///dev/zero"},
            "position": {"line": 0, "character": 0},
        }
        _message(
            client,
            {"jsonrpc": "2.0", "id": "early", "method": "textDocument/hover", "params": hover},
        )
        assert _error(client, "early")["code"] == wire.NOT_INITIALIZED
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        client.send("initialized", {})

        # A length no memory holds, and one that is no number: an error each, and on.
        _raw(client, b"Content-Length: " + b"9" * 400 + b"\r\n\r\n")
        assert "no number" in _error(client, None)["message"]
        big = b" " * (wire.MAX_MESSAGE_BYTES + 1)
        _raw(client, b"Content-Length: %d\r\n\r\n" % len(big) + big)
        assert "the limit is" in _error(client, None)["message"]
        _raw(client, b"Content-Length: 7\r\n\r\n{nope!}")
        assert _error(client, None)["code"] == wire.PARSE_ERROR

        _message(client, {"jsonrpc": "2.0", "id": 99, "result": None})  # answers nothing asked
        _message(
            client,
            {
                "jsonrpc": "2.0",
                "method": "textDocument/didChange",
                "params": {"textDocument": {"uri": "x"}, "contentChanges": 5},
            },
        )
        _message(client, {"jsonrpc": "2.0", "id": 7})
        assert _error(client, 7)["code"] == wire.INVALID_REQUEST
        _message(client, {"jsonrpc": "2.0", "id": 8, "method": "badugi/nothing", "params": {}})
        assert _error(client, 8)["code"] == wire.METHOD_NOT_FOUND
        wrong = {"textDocument": {"uri": 5}, "position": {"line": "x"}}
        _message(
            client, {"jsonrpc": "2.0", "id": 9, "method": "textDocument/hover", "params": wrong}
        )
        assert _error(client, 9)["code"] == wire.INVALID_PARAMS

        # Documents never opened are not read from disk: answered at once, empty.
        assert client.request("textDocument/hover", hover) is None
        at_fifo = {"textDocument": {"uri": fifo.as_uri()}, "position": {"line": 0, "character": 0}}
        assert client.request("textDocument/completion", at_fifo) is None
        client.send("textDocument/didSave", {"textDocument": {"uri": "file:///dev/zero"}})

        uri = (tmp_path / "huge.badugi").as_uri()
        text = "# " + "x" * MAX_SCENARIO_BYTES + "\n"
        document = {"uri": uri, "languageId": "badugi", "version": 1, "text": text}
        client.send("textDocument/didOpen", {"textDocument": document})
        (problem,) = client.diagnostics(uri)
        assert "too large" in problem["message"]
        hover["textDocument"]["uri"] = uri
        assert client.request("textDocument/hover", hover) is None
        fixed = {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": GOOD}]}
        client.send("textDocument/didChange", fixed)
        assert client.diagnostics(uri) == []  # a whole text that fits is checked again

        assert client.request("shutdown", None) is None
        _message(
            client, {"jsonrpc": "2.0", "id": 10, "method": "textDocument/hover", "params": hover}
        )
        assert _error(client, 10)["code"] == wire.INVALID_REQUEST
        client.send("exit", None)
        status, _log = _finish(process)  # stderr is the editor's log of the server
    assert status == 0


def _frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def test_exit_without_shutdown_is_status_1() -> None:
    """In this process (`serve` takes its streams): the protocol's exit codes."""
    from badugi_spec.lsp.server import serve

    init: dict[str, Any] = {"processId": None, "rootUri": None, "capabilities": {}}
    start = _frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init})
    leave = _frame({"jsonrpc": "2.0", "method": "exit"})
    shutdown = _frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    assert serve(io.BytesIO(start + leave), io.BytesIO()) == 1
    assert serve(io.BytesIO(start), io.BytesIO()) == 1  # the input ends: no shutdown either
    answers = io.BytesIO()
    assert serve(io.BytesIO(start + shutdown + leave), answers) == 0
    assert b'"id": 2' in answers.getvalue()


def test_a_huge_length_is_read_past_in_pieces_not_held() -> None:
    """1 TB announced and the input ending: no allocation of it, the end of the input."""
    assert wire.read_frame(io.BytesIO(b"Content-Length: 1000000000000\r\n\r\n{}")) is None
    over = wire.MAX_MESSAGE_BYTES + 10
    frame = wire.read_frame(io.BytesIO(b"Content-Length: %d\r\n\r\n" % over + b"x" * over))
    assert frame is not None and frame.body is None and "limit" in frame.problem
    long_line = wire.read_frame(io.BytesIO(b"X: " + b"y" * 5000 + b"\nContent-Length: 2\n\n{}"))
    assert long_line is not None and "header line over" in long_line.problem


def test_the_gate_without_a_process() -> None:
    """The protocol's rules as a function: cheap to run for every case."""

    def admit(message: dict[str, Any], **state: Any) -> gate.Verdict:
        settings = {"initialized": True, "shut_down": False, **state}
        return gate.admit(
            message,
            known=lambda m: m.startswith("textDocument/"),
            is_open=lambda u: u == "a",
            **settings,
        )

    hover = {"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover"}
    assert admit({**hover, "params": {"textDocument": {"uri": "a"}}}) == gate.DELIVER
    assert admit({**hover, "params": {"textDocument": {"uri": "b"}}}).answer == wire.result(1, None)
    assert admit({"jsonrpc": "2.0", "method": "exit"}).exit == 1
    assert admit({"jsonrpc": "2.0", "method": "exit"}, shut_down=True).exit == 0
    assert admit({"jsonrpc": "2.0", "method": "x/y"}) == gate.DROP
    long = admit({"jsonrpc": "2.0", "id": 2, "method": "x" * 5000}).answer
    assert long is not None and len(long["error"]["message"]) < 120
    assert wire.shape_problem([1, 2]) == wire.error(
        None, wire.INVALID_REQUEST, "a message is one JSON object"
    )
    assert wire.shape_problem({"jsonrpc": "2.0", "id": True, "method": "m"}) is not None
