"""The language server: its features as functions of a text, then `badugi-spec lsp` over stdio.

The end-to-end test speaks raw JSON-RPC to a real process, as an editor would: initialize,
open a broken file, hover, complete, change the file, shut down.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.cli import main
from badugi_spec.commands.lsp_cmd import MISSING
from badugi_spec.lsp.completion import Kind, complete, players
from badugi_spec.lsp.diagnostics import diagnose
from badugi_spec.lsp.hover import hover
from badugi_spec.lsp.text import Span, problem_span
from badugi_spec.rules import load as load_rules

ROOT = Path(__file__).resolve().parent.parent

GOOD = """scenario doc-unfinished "The cap stops a fifth bet"
rules R3.6
players Ann 100 dealer, Bob 100
deal Ann A♥ 2♣ 3♠ 7♦ / Bob A♠ 2♥ 3♦ K♦
Ann raises to 4; Bob raises to 6; Ann raises to 8
reject Bob raises to 10 with raise-cap
expect turn Bob; legal call 2, fold
unfinished
"""


def _labels(text: str, line: int, column: int) -> list[str]:
    return [s.label for s in complete(text, line, column)[0]]


# --- the features, without a process ---------------------------------------------------


def test_a_passing_scenario_has_no_problems() -> None:
    assert diagnose(GOOD, "good.badugi") == []


@pytest.mark.parametrize(
    ("old", "new", "line", "start", "words"),
    [
        ("expect turn", "expcet turn", 6, 0, "did you mean 'expect'"),
        ("rules R3.6", "rules R3.99", 1, 6, "unknown rule ID R3.99"),
        ("Ann raises to 8", "Ann rasies to 8", 4, 38, "unknown action 'rasies'"),
        ("legal call 2, fold", "legal check, bet 2", 6, 17, "expected legal"),
    ],
    ids=["misspelt-statement", "unknown-rule", "unknown-action", "engine-differs"],
)
def test_problems_at_their_place(old: str, new: str, line: int, start: int, words: str) -> None:
    (problem,) = diagnose(GOOD.replace(old, new), "broken.badugi")
    assert (problem.span.line, problem.span.start) == (line, start)
    assert words in problem.message


def test_a_problem_underlines_its_word() -> None:
    assert problem_span("rules R3.99 R1.1\n", 1, 7) == Span(0, 6, 11)
    assert problem_span("deal\n", 1, 5) == Span(0, 4, 5)  # at the end of the line
    assert problem_span("", 0, 0) == Span(0, 0, 1)  # the file as a whole


def test_hover_explains_rules_profiles_overrides_and_codes() -> None:
    text = "profile pokerstars-2010 cap=5\nrules R3.6 R3\nreject Ann folds with raise-cap\n"
    rule = load_rules()["R3.6"]
    found = hover(text, 1, 8)
    assert found is not None
    assert rule.title in found[0] and rule.text.splitlines()[0] in found[0]
    assert found[1] == Span(1, 6, 10)
    assert "Betting" in (hover(text, 1, 12) or ("",))[0]  # a chapter
    assert "PokerStars 2010" in (hover(text, 0, 10) or ("",))[0]
    assert "bet levels" in (hover(text, 0, 25) or ("",))[0]
    assert "R3.6" in (hover(text, 2, 25) or ("",))[0]
    assert hover(text, 2, 8) is None  # a player's name


def test_completion_follows_the_grammar() -> None:
    text = GOOD + "\nexpect \nBob \nprofile \nprofile house ca\nAnn posts a live \n"
    end = len(GOOD.splitlines())
    at_start = _labels(text, end, 0)
    assert {"scenario", "expect", "deal", "unfinished", "Ann", "Bob"} <= set(at_start)
    assert {"pot", "session", "half", "show", "Ann"} <= set(_labels(text, end + 1, 7))
    assert "raises" not in _labels(text, end + 1, 7)
    after_name = _labels(text, end + 2, 4)
    assert {"raises", "stands", "goes", "posts"} <= set(after_name)
    assert "expect" not in after_name
    assert {"house", "pokerstars-2010", "badeucy"} <= set(_labels(text, end + 3, 8))
    assert {"cap=", "cap_heads_up="} <= set(_labels(text, end + 4, 16))
    assert _labels(text, end + 5, 17) == ["big blind", "small blind"]


def test_completion_replaces_the_word_being_typed() -> None:
    suggestions, span = complete("Ann ra\n", 0, 6)
    assert [(s.label, s.kind) for s in suggestions] == [("raises", Kind.KEYWORD)]
    assert span == Span(0, 4, 6)


def test_players_are_read_from_the_players_line() -> None:
    assert players(GOOD) == ("Ann", "Bob")
    assert players("players P1 5, Cy 100 dealer  # three\n") == ("P1", "Cy")
    assert players("deal Ann A♠ 2♥ 3♦ 4♣\n") == ()


def test_without_the_extra_one_line_and_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pygls", None)
    monkeypatch.delitem(sys.modules, "pygls.server", raising=False)
    monkeypatch.delitem(sys.modules, "badugi_spec.lsp.server", raising=False)
    assert main(["lsp"]) == 2
    assert capsys.readouterr().err == f"badugi-spec: error: {MISSING}\n"


# --- over stdio ----------------------------------------------------------------------

TIMEOUT = 10.0


class Client:
    """A JSON-RPC client on a server's pipes; a thread reads every message it sends."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = 0
            while (header := stream.readline()) not in (b"\r\n", b""):
                name, _, value = header.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if not header:
                return
            self.messages.put(json.loads(stream.read(length)))

    def send(self, method: str, params: Any, *, request: bool = False) -> int | None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode("utf-8")
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        stdin.flush()
        return message.get("id")

    def wait(self, wanted: Any) -> dict[str, Any]:
        """The next message `wanted` accepts; the others (logs, registrations) are dropped."""
        deadline = time.monotonic() + TIMEOUT
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = self.messages.get(timeout=left)
            except queue.Empty:
                break
            if wanted(message):
                return message
        raise AssertionError("the server did not answer in time")

    def request(self, method: str, params: Any) -> Any:
        number = self.send(method, params, request=True)
        answer = self.wait(lambda m: m.get("id") == number and "method" not in m)
        assert "error" not in answer, answer
        return answer["result"]

    def diagnostics(self, uri: str) -> list[dict[str, Any]]:
        found = self.wait(
            lambda m: (
                m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
            )
        )
        result: list[dict[str, Any]] = found["params"]["diagnostics"]
        return result


def _position(line: int, character: int) -> dict[str, int]:
    return {"line": line, "character": character}


def test_over_stdio(tmp_path: Path) -> None:
    pytest.importorskip("pygls")
    path = tmp_path / "broken.badugi"
    uri = path.as_uri()
    broken = GOOD.replace("expect turn", "expcet turn") + "expect \nprofile \n"
    with subprocess.Popen(
        [sys.executable, "-m", "badugi_spec", "lsp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    ) as process:
        try:
            _session(Client(process), uri, broken)
            assert process.wait(timeout=TIMEOUT) == 0
        finally:
            if process.poll() is None:
                process.kill()


def _session(client: Client, uri: str, broken: str) -> None:
    """One editor's session: open a broken file, hover, complete, fix it, leave."""
    init = client.request(
        "initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}}
    )
    capabilities = init["capabilities"]
    assert capabilities["hoverProvider"] and "completionProvider" in capabilities
    client.send("initialized", {})

    document = {"uri": uri, "languageId": "badugi", "version": 1, "text": broken}
    client.send("textDocument/didOpen", {"textDocument": document})
    (problem,) = client.diagnostics(uri)
    assert problem["range"]["start"] == _position(6, 0)
    assert problem["range"]["end"] == _position(6, 6)
    assert "did you mean 'expect'" in problem["message"]

    where = {"textDocument": {"uri": uri}, "position": _position(1, 8)}
    shown = client.request("textDocument/hover", where)
    assert shown["contents"]["kind"] == "markdown"
    assert load_rules()["R3.6"].title in shown["contents"]["value"]

    def labels(line: int, character: int) -> set[str]:
        where = {"textDocument": {"uri": uri}, "position": _position(line, character)}
        return {item["label"] for item in client.request("textDocument/completion", where)["items"]}

    assert {"expect", "deal", "Ann", "Bob"} <= labels(10, 0)  # the line after the last
    assert {"pot", "session", "Ann"} <= labels(8, 7)
    assert {"house", "pokerstars-2010"} <= labels(9, 8)

    fixed = {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": GOOD}]}
    client.send("textDocument/didChange", fixed)
    assert client.diagnostics(uri) == []

    assert client.request("shutdown", None) is None
    client.send("exit", None)
