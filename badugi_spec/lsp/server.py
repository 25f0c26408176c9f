"""The Language Server Protocol over stdio, on `pygls` (the optional `lsp` extra).

Only the wiring is here: each feature is a plain function of the document's text
(`diagnostics`, `hover`, `completion`). Diagnostics are sent when a file is opened or
saved, and again once typing pauses for `PAUSE` seconds, so a run of keystrokes costs one
check, not one per key.
"""

from __future__ import annotations

import asyncio
import logging
from importlib.metadata import PackageNotFoundError, version
from typing import Final

from lsprotocol import types as lsp
from pygls.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

from badugi_spec.lsp.completion import Kind, complete
from badugi_spec.lsp.diagnostics import Problem, Severity, diagnose
from badugi_spec.lsp.hover import hover
from badugi_spec.lsp.text import Span

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


class BadugiServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "badugi-spec", _version(), text_document_sync_kind=lsp.TextDocumentSyncKind.Full
        )
        self.pending: dict[str, asyncio.TimerHandle] = {}


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
    document = server.workspace.get_text_document(uri)
    try:
        problems = diagnose(document.source, to_fs_path(uri) or uri)
    except Exception as error:  # a bug of ours must not take the editor's server down
        logging.exception("checking %s failed", uri)
        problems = [Problem(Span(0, 0, 1), f"badugi-spec could not check this file: {error}")]
    diagnostics = [_diagnostic(document, problem) for problem in problems]
    server.publish_diagnostics(uri, diagnostics, version=document.version)


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
        if uri in ls.pending:
            ls.pending.pop(uri).cancel()
        ls.publish_diagnostics(uri, [])

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: BadugiServer, params: lsp.HoverParams) -> lsp.Hover | None:
        document = ls.workspace.get_text_document(params.text_document.uri)
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
        document = ls.workspace.get_text_document(params.text_document.uri)
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


def serve() -> None:
    """Answer one client on stdin and stdout until it says `exit`."""
    build().start_io()
