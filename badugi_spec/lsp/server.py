"""The Language Server Protocol over stdio, on `pygls` (the optional `lsp` extra).

Only the wiring is here: each feature is a plain function of the document's text
(`diagnostics`, `hover`, `completion`). Diagnostics are sent when a file is opened or
saved, and again once typing pauses for `PAUSE` seconds, so a run of keystrokes costs one
check, not one per key.

pygls parses and dispatches; the frames are read by `wire` within its bounds, and `Gate`
stands before pygls so that every request is answered (a JSON-RPC error where it cannot
be served), nothing is served before `initialize` (-32002), a document is served only
while the editor has it open (never read from disk: `file:///dev/zero` is a path too),
and a document over a scenario file's limit is not checked but said to be too large.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from importlib.metadata import PackageNotFoundError, version
from typing import IO, Any, Final

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcMethodNotFound
from pygls.protocol import LanguageServerProtocol
from pygls.server import LanguageServer, StdOutTransportAdapter
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

from badugi_spec.lsp import gate, wire
from badugi_spec.lsp.completion import Kind, complete
from badugi_spec.lsp.diagnostics import Problem, Severity, diagnose
from badugi_spec.lsp.hover import hover
from badugi_spec.lsp.text import Span
from badugi_spec.scenario.suite import MAX_SCENARIO_BYTES

_OPEN: Final = lsp.TEXT_DOCUMENT_DID_OPEN
_CHANGE: Final = lsp.TEXT_DOCUMENT_DID_CHANGE
_CLOSE: Final = lsp.TEXT_DOCUMENT_DID_CLOSE
PAUSE: Final = 0.3
"""Seconds without a change before a changed document is checked again."""

_KINDS: Final = {
    Kind.KEYWORD: lsp.CompletionItemKind.Keyword,
    Kind.PLAYER: lsp.CompletionItemKind.Variable,
    Kind.PROFILE: lsp.CompletionItemKind.Module,
    Kind.RULE: lsp.CompletionItemKind.Reference,
    Kind.OVERRIDE: lsp.CompletionItemKind.Property,
    Kind.VALUE: lsp.CompletionItemKind.EnumMember,
}
_SEVERITIES: Final = {
    Severity.ERROR: lsp.DiagnosticSeverity.Error,
    Severity.WARNING: lsp.DiagnosticSeverity.Warning,
}


def _version() -> str:
    try:
        return version("badugi-spec")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "0"


class _Protocol(LanguageServerProtocol):
    def _send_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        if error is not None and error.data is not None:
            # pygls puts a Python traceback in `data`: for our log, not for the editor.
            logging.error("answering %s with %s: %s", msg_id, error.message, error.data)
            error = lsp.ResponseError(code=error.code, message=error.message)
        super()._send_response(msg_id, result, error)


class BadugiServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "badugi-spec",
            _version(),
            text_document_sync_kind=lsp.TextDocumentSyncKind.Full,
            protocol_cls=_Protocol,
        )
        self.pending: dict[str, asyncio.TimerHandle] = {}
        self.started = False
        """Whether `initialize` came: nothing else is served before it."""
        self.too_large: set[str] = set()
        """Documents the editor opened that are over a scenario file's size: not kept."""

    def opened(self, uri: str) -> TextDocument | None:
        """A document the editor has open, else None: never a file read from disk."""
        found: TextDocument | None = self.workspace.text_documents.get(uri)
        return found


def _to_client(document: TextDocument, span: Span) -> lsp.Range:
    ours = lsp.Range(lsp.Position(span.line, span.start), lsp.Position(span.line, span.end))
    return document.position_codec.range_to_client_units(document.lines, ours)


def _from_client(document: TextDocument, position: lsp.Position) -> lsp.Position:
    if position.line >= len(document.lines):
        # The empty line after a final newline: pygls would move it to the line before.
        return position
    return document.position_codec.position_from_client_units(document.lines, position)


def _diagnostic(document: TextDocument, problem: Problem) -> lsp.Diagnostic:
    return lsp.Diagnostic(
        range=_to_client(document, problem.span),
        message=problem.message,
        severity=_SEVERITIES[problem.severity],
        source=problem.source,
    )


def publish(server: BadugiServer, uri: str) -> None:
    server.pending.pop(uri, None)
    document = server.opened(uri)
    if document is None:
        return
    if _size(document.source) > MAX_SCENARIO_BYTES:
        # Grown past the limit by small changes: dropped, as an open that large would be.
        server.workspace.remove_text_document(uri)
        too_large(server, uri)
        return
    try:
        problems = diagnose(document.source, to_fs_path(uri) or uri)
    except Exception as error:  # a bug of ours must not take the editor's server down
        logging.exception("checking %s failed", uri)
        why = str(error) or type(error).__name__  # a MemoryError says nothing by itself
        problems = [Problem(Span(0, 0, 1), f"badugi-spec could not check this file: {why}")]
    diagnostics = [_diagnostic(document, problem) for problem in problems]
    server.publish_diagnostics(uri, diagnostics, version=document.version)


def _size(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def too_large(server: BadugiServer, uri: str) -> None:
    server.too_large.add(uri)
    message = (
        f"too large: a scenario file has at most {MAX_SCENARIO_BYTES} bytes;"
        " badugi-spec does not check this one"
    )
    where = lsp.Range(lsp.Position(0, 0), lsp.Position(0, 1))
    server.publish_diagnostics(uri, [lsp.Diagnostic(range=where, message=message)])


def build() -> BadugiServer:
    server = BadugiServer()

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: BadugiServer, params: lsp.DidOpenTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: BadugiServer, params: lsp.DidSaveTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: BadugiServer, params: lsp.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        if uri in ls.pending:
            ls.pending[uri].cancel()
        ls.pending[uri] = asyncio.get_running_loop().call_later(PAUSE, publish, ls, uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: BadugiServer, params: lsp.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.too_large.discard(uri)
        if uri in ls.pending:
            ls.pending.pop(uri).cancel()
        ls.publish_diagnostics(uri, [])

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: BadugiServer, params: lsp.HoverParams) -> lsp.Hover | None:
        document = ls.opened(params.text_document.uri)
        if document is None:
            return None
        at = _from_client(document, params.position)
        found = hover(document.source, at.line, at.character)
        if found is None:
            return None
        markdown, span = found
        content = lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=markdown)
        return lsp.Hover(contents=content, range=_to_client(document, span))

    @server.feature(
        lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[" ", ","])
    )
    def on_completion(ls: BadugiServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        document = ls.opened(params.text_document.uri)
        if document is None:
            return lsp.CompletionList(is_incomplete=False, items=[])
        at = _from_client(document, params.position)
        suggestions, span = complete(document.source, at.line, at.character)
        where = _to_client(document, span)
        items = [
            lsp.CompletionItem(
                label=s.label,
                kind=_KINDS[s.kind],
                detail=s.detail or None,
                text_edit=lsp.TextEdit(range=where, new_text=s.label),
            )
            for s in suggestions
        ]
        return lsp.CompletionList(is_incomplete=False, items=items)

    return server


def serve(stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> int:
    """Answer one client until it says `exit` or its input ends; the exit status (0 only
    after `shutdown`, as the protocol says)."""
    server = build()
    reader = stdin or sys.stdin.buffer
    untyped: Any = server  # pygls's own methods carry no types
    adapter: Any = StdOutTransportAdapter
    untyped.lsp.connection_made(adapter(reader, stdout or sys.stdout.buffer))
    try:
        return server.loop.run_until_complete(_read(server, reader))
    except KeyboardInterrupt:
        return 1
    finally:
        untyped.shutdown()


async def _read(server: BadugiServer, reader: IO[bytes]) -> int:
    loop = asyncio.get_running_loop()
    while True:
        frame = await loop.run_in_executor(None, wire.read_frame, reader)
        if frame is None:
            return 0 if server.lsp._shutdown else 1
        try:
            status = receive(server, frame)
        except Exception:  # a bug of ours must not end the editor's server
            logging.exception("a message could not be handled")
            continue
        if status is not None:
            return status


def receive(server: BadugiServer, frame: wire.Frame) -> int | None:
    """Handle one frame; the exit status once the client said `exit`."""
    protocol: Any = server.lsp  # pygls's protocol, whose private methods carry no types
    if frame.body is None:
        _send(server, wire.error(None, wire.INVALID_REQUEST, frame.problem))
        return None
    try:
        data = json.loads(frame.body)
    except (ValueError, RecursionError):
        _send(server, wire.error(None, wire.PARSE_ERROR, "the message is not JSON"))
        return None
    problem = wire.shape_problem(data)
    if problem is not None:
        _send(server, problem)
        return None
    verdict = gate.admit(
        data,
        initialized=server.started,
        shut_down=server.lsp._shutdown,
        known=lambda method: _known(server, method),
        is_open=lambda uri: server.opened(uri) is not None or uri in server.too_large,
    )
    if verdict.answer is not None:
        _send(server, verdict.answer)
    if verdict.exit is not None or not verdict.deliver:
        return verdict.exit
    try:
        kept = _sized(server, data)
        message = None if kept is None else protocol._deserialize_message(kept)
    except Exception:  # params of the wrong shape: pygls's converter refused them
        if "id" in data and "method" in data:
            text = f"the params of {data['method'][:80]!r} are not as the protocol has them"
            _send(server, wire.error(data["id"], wire.INVALID_PARAMS, text))
        return None
    if message is not None:
        protocol._procedure_handler(message)
    server.started = server.started or data.get("method") == "initialize"
    return None


def _send(server: BadugiServer, message: dict[str, Any]) -> None:
    protocol: Any = server.lsp
    protocol._send_data(message)


def _known(server: BadugiServer, method: str) -> bool:
    protocol: Any = server.lsp
    try:
        protocol._get_handler(method)
    except JsonRpcMethodNotFound:
        return False
    return True


def _sized(server: BadugiServer, data: dict[str, Any]) -> dict[str, Any] | None:
    """The message to deliver, None when it was handled here: a document over the size of
    a scenario file is not kept (said once in a diagnostic), and one that was too large is
    kept again once a whole new text fits (`gate.reopening`)."""
    method, uri = data.get("method"), gate.document_uri(data)
    if uri is None or method not in (_OPEN, _CHANGE, _CLOSE):
        return data
    if any(_size(text) > MAX_SCENARIO_BYTES for text in gate.texts(data)):
        server.workspace.remove_text_document(uri)
        if uri in server.pending:
            server.pending.pop(uri).cancel()
        too_large(server, uri)
        return None
    if uri not in server.too_large or method == _OPEN:
        server.too_large.discard(uri)
        return data
    if method == _CLOSE:
        server.too_large.discard(uri)
        server.publish_diagnostics(uri, [])
        return None
    opening = gate.reopening(data)
    if opening is not None:  # else a change to a text not kept: it stays unknown
        server.too_large.discard(uri)
    return opening
