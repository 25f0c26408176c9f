"""What the server does with one message before pygls sees it: answer, drop, pass or stop.

The protocol's rules, as a plain function of the message and the session's state, so the
server answers every request: one it cannot serve gets a JSON-RPC error (before
`initialize`, -32002; after `shutdown`, invalid request; an unknown method, method not
found), and a request about a document the editor has not opened gets an empty answer
(the server never reads a document from disk). `exit` ends the process with 0 only after
`shutdown`, as the protocol says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from badugi_spec.lsp import wire

_OPENING: Final = "textDocument/didOpen"
_MAX_SHOWN: Final = 80
"""A method name echoed in an error at most this long."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """`answer` to send (if any); `deliver` to pygls; `exit` with this status (if not None)."""

    answer: dict[str, Any] | None = None
    deliver: bool = False
    exit: int | None = None


DROP: Final = Verdict()
DELIVER: Final = Verdict(deliver=True)


def admit(
    message: dict[str, Any],
    *,
    initialized: bool,
    shut_down: bool,
    known: Callable[[str], bool],
    is_open: Callable[[str], bool],
) -> Verdict:
    """The verdict on a message `wire.shape_problem` passed."""
    method = message.get("method")
    request = "id" in message
    message_id = message.get("id")
    if method is None:  # a response to a request of ours
        return DELIVER
    if method == "exit":
        return Verdict(exit=0 if shut_down else 1)
    if not initialized and method != "initialize":
        if not request:
            return DROP
        return Verdict(wire.error(message_id, wire.NOT_INITIALIZED, "not initialized yet"))
    if shut_down:
        text = "the server is shut down: only exit is accepted"
        return Verdict(wire.error(message_id, wire.INVALID_REQUEST, text)) if request else DROP
    if not known(method):
        if not request:
            return DROP  # an unknown notification is ignored, as the protocol says
        shown = method if len(method) <= _MAX_SHOWN else method[:_MAX_SHOWN] + "..."
        return Verdict(wire.error(message_id, wire.METHOD_NOT_FOUND, f"no method {shown!r}"))
    uri = document_uri(message)
    if uri is not None and method != _OPENING and not is_open(uri):
        # Hover, completion, save ... of a document the editor never opened.
        return Verdict(wire.result(message_id, None)) if request else DROP
    return DELIVER


def document_uri(message: dict[str, Any]) -> str | None:
    """The `textDocument.uri` a message names, if it names one."""
    params = message.get("params")
    document = params.get("textDocument") if isinstance(params, dict) else None
    uri = document.get("uri") if isinstance(document, dict) else None
    return uri if isinstance(uri, str) else None


def texts(message: dict[str, Any]) -> list[str]:
    """The texts a didOpen or didChange carries, to be measured before they are kept."""
    params = message.get("params")
    if not isinstance(params, dict):
        return []
    document = params.get("textDocument")
    if isinstance(document, dict) and isinstance(document.get("text"), str):
        return [document["text"]]
    changes = params.get("contentChanges")
    if not isinstance(changes, list):
        return []
    return [c["text"] for c in changes if isinstance(c, dict) and isinstance(c.get("text"), str)]


def reopening(message: dict[str, Any]) -> dict[str, Any] | None:
    """For a didChange of a document that was not kept: a didOpen with its last whole new
    text (a change without a range), or None when it has none (a range needs the text)."""
    params = message["params"]
    changes = params.get("contentChanges")
    whole = [c for c in changes if isinstance(c, dict)] if isinstance(changes, list) else []
    whole = [c for c in whole if "range" not in c and isinstance(c.get("text"), str)]
    uri = document_uri(message)
    if not whole or uri is None:
        return None
    version = params["textDocument"].get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        version = 0
    document = {"uri": uri, "languageId": "badugi", "version": version, "text": whole[-1]["text"]}
    return {"jsonrpc": "2.0", "method": _OPENING, "params": {"textDocument": document}}
