"""`skilllint server`: a Language Server on stdio (pygls), for any LSP editor.

Diagnostics for every file `check` lints (skills' SKILL.md, subagents, commands, plugin,
marketplace, settings and hooks files, tool manifests, a skill's `metadata.yaml`), computed from
the editor's text, not the disk: on open and on save at once, on change after `DEBOUNCE_SECONDS`
of quiet (each keystroke restarts the wait, so typing never queues lints). A save re-lints every
open file too: a settings file or a sibling can change another file's findings. Closing a file
clears its diagnostics. Each file is linted with the config nearest to it, as `check` would.

Hover on a tool name shows how it resolves on that file's targets (`hover.py`). Nothing here
raises to the client: a config that cannot be used is a diagnostic at the top of the file, and an
internal error is one too (and a log message), and the server goes on.

What a client sends is not trusted. A URI whose path the system cannot take (a NUL, past
PATH_MAX) is a warning at the top of the document, not a lint, and a request on it an
InvalidParams error; a `didChange` for a document never opened is logged and ignored (pygls
raised KeyError); a file the editor has not opened is never read through pygls (which reads
any file whole, `/dev/zero` without end, and blocks on a FIFO) but as `check` reads it.

pygls and lsprotocol are imported here only, and this module only by the `server` command.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Generator
from typing import Any
from urllib.parse import unquote

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

from skilllint.core.model import Diagnostic, Severity, Span, TextEdit
from skilllint.embedding.lsp.buffers import BadPath, checked_path, disk_text, lint_buffer, lint_on_disk, project_root
from skilllint.embedding.lsp.positions import UTF16, from_lsp, span_to_range, text_lines, to_lsp
from skilllint.version import __version__

DEBOUNCE_SECONDS = 0.3
SOURCE = "skilllint"
_SEVERITY = {Severity.ERROR: lsp.DiagnosticSeverity.Error, Severity.WARNING: lsp.DiagnosticSeverity.Warning,
             Severity.INFO: lsp.DiagnosticSeverity.Information}


class SkilllintProtocol(LanguageServerProtocol):
    """pygls' protocol, but a `didChange` for a document that was never opened (or is closed) is
    ignored and logged: pygls indexes its open documents with the URI and answered the client
    "Error in server: KeyError"; with no text to apply the change to, there is nothing to lint."""

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: lsp.DidChangeTextDocumentParams) -> Generator[Any, Any, None]:
        uri = params.text_document.uri
        if unquote(uri) not in self.workspace.text_documents:
            self._server.window_log_message(lsp.LogMessageParams(
                lsp.MessageType.Warning, f"skilllint: didChange for a document that is not open, ignored: {uri[:200]}"))
            return
        yield from super().lsp_text_document__did_change(params)


class SkilllintServer(LanguageServer):
    """The server, with the lints waiting for the end of a burst of changes (one timer per file)."""

    def __init__(self, debounce: float = DEBOUNCE_SECONDS) -> None:
        super().__init__(SOURCE, __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental,
                         protocol_cls=SkilllintProtocol)
        self.debounce = debounce
        self.waiting: dict[str, asyncio.TimerHandle] = {}

    @property
    def encoding(self) -> str:
        """The position encoding agreed at initialize (UTF-16 unless the client offered another)."""
        return str(self.workspace.position_encoding or UTF16)

    def folders(self) -> list[str]:
        """The workspace folders, as paths (one the system cannot take is left out: no file is in it)."""
        uris = [folder.uri for folder in self.workspace.folders.values()]
        if self.workspace.root_uri:
            uris.append(self.workspace.root_uri)
        paths = []
        for uri in uris:
            try:
                paths.append(document_path(uri))
            except BadPath:
                continue
        return [path for path in paths if path]

    def opened(self, uri: str) -> TextDocument | None:
        """The editor's document `uri` when it is open (pygls keys them by the unquoted URI); None
        otherwise: `workspace.get_text_document` would make one whose text pygls reads from disk
        whole, whatever the file is."""
        document = self.workspace.text_documents.get(unquote(uri))
        return document if isinstance(document, TextDocument) else None

    def schedule(self, uri: str) -> None:
        """Lint `uri` once its text has not changed for `debounce` seconds."""
        self.cancel(uri)
        self.waiting[uri] = asyncio.get_running_loop().call_later(self.debounce, self.lint, uri)

    def cancel(self, uri: str) -> None:
        waiting = self.waiting.pop(uri, None)
        if waiting is not None:
            waiting.cancel()

    def lint(self, uri: str) -> None:
        """Publish the diagnostics of the document `uri`, from its current text; of the file on disk
        when the editor has not opened it (a save sent without an open), read as `check` reads it."""
        self.cancel(uri)
        try:
            file = document_path(uri)
        except BadPath as refused:
            self.refuse(uri, refused)
            return
        if file is None:
            return  # an unsaved editor tab (`untitled:`) has no path to take a config and a kind from
        document = self.opened(uri)
        version = None if document is None else document.version
        try:
            root = project_root(file, self.folders())
            text = document.source if document is not None else disk_text(file, root)
            if text is None:  # not open, and not a file to read: `check` says why, reading nothing it should not
                lines, found_here = [], lint_on_disk(file, root)
            else:
                lines, found_here = text_lines(text), lint_buffer(file, text, root)
            found = [self.to_lsp(d, lines, version, text is not None and "\r\n" in text) for d in found_here]
        except Exception as error:  # noqa: BLE001 - a config error (CheckError) or a bug: said in the file, never raised
            found = [_problem(error)]
            self.window_log_message(lsp.LogMessageParams(lsp.MessageType.Error, f"skilllint: {file}: {error}"))
        self.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=version))

    def refuse(self, uri: str, refused: BadPath) -> None:
        """Say at the top of the document why it is not linted (and in the log), instead of
        handing the path to a run where it would end as an internal error."""
        message = f"skilllint: not linted: {refused}"
        self.window_log_message(lsp.LogMessageParams(lsp.MessageType.Warning, f"{message}: {uri[:200]}"))
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[lsp.Diagnostic(
            range=lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0)), message=message,
            severity=lsp.DiagnosticSeverity.Warning, source=SOURCE)]))

    def to_lsp(self, d: Diagnostic, lines: list[str], version: int | None, crlf: bool = False) -> lsp.Diagnostic:
        """A skilllint diagnostic as the protocol's: range in the agreed encoding, the help on a line
        of its own, the target after the message when the message does not name it. Its fix, if it
        has one, travels in `data` as protocol edits of this version of the text (`code_actions`
        offers it while the text is still that version)."""
        span = d.span
        data: dict[str, Any] = {"name": d.name, "target": d.target}
        if d.fix is not None:
            data["fix"] = {"title": d.fix.title, "version": version,
                           "edits": [self.edit_to_lsp(edit, lines, crlf) for edit in d.fix.edits]}
        message = d.message + _target_note(d) + (f"\nhelp: {d.help}" if d.help else "")
        return lsp.Diagnostic(range=self.range(lines, span), message=message, severity=_SEVERITY[d.severity],
                              code=d.code, source=SOURCE, data=data)

    def range(self, lines: list[str], span: Span) -> lsp.Range:
        (start_line, start), (end_line, end) = span_to_range(lines, span.line, span.column, span.end_line,
                                                             span.end_column, self.encoding)
        return lsp.Range(lsp.Position(start_line, start), lsp.Position(end_line, end))

    def edit_to_lsp(self, edit: TextEdit, lines: list[str], crlf: bool) -> dict[str, Any]:
        """A fix's edit as a protocol TextEdit (plain data, for `Diagnostic.data`); its text takes the
        buffer's line ends. An edit's span is exact: an empty one inserts."""
        span = edit.span
        end_line = span.line if span.end_line is None else span.end_line
        end_column = span.column if span.end_column is None else span.end_column
        start, end = to_lsp(lines, span.line, span.column, self.encoding), to_lsp(lines, end_line, end_column,
                                                                                  self.encoding)
        return {"range": {"start": {"line": start[0], "character": start[1]},
                          "end": {"line": end[0], "character": end[1]}},
                "newText": edit.text.replace("\n", "\r\n") if crlf else edit.text}

    def code_actions(self, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        """A quick fix for each diagnostic of the request that carries a fix made for the document's
        current version (an older one's edits would land in the wrong place)."""
        uri = params.text_document.uri
        if request_path(uri) is None:
            return []
        document = self.opened(uri)
        version = None if document is None else document.version
        actions = []
        for diagnostic in params.context.diagnostics:
            data = diagnostic.data if diagnostic.source == SOURCE and isinstance(diagnostic.data, dict) else {}
            fix = data.get("fix")
            if not isinstance(fix, dict) or fix.get("version") != version:
                continue
            try:
                edits = [lsp.TextEdit(range=_range(edit["range"]), new_text=str(edit["newText"]))
                         for edit in fix["edits"]]
            except (KeyError, TypeError):  # not the data this server published: no fix to offer
                continue
            actions.append(lsp.CodeAction(title=f"{fix['title']} ({diagnostic.code})",
                                          kind=lsp.CodeActionKind.QuickFix, diagnostics=[diagnostic],
                                          edit=lsp.WorkspaceEdit(changes={uri: edits}), is_preferred=True))
        return actions


def document_path(uri: str) -> str | None:
    """The absolute path of a `file:` URI, None for another scheme (`untitled:`); raises `BadPath`
    when the system could not take that path."""
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    return None if path is None else checked_path(path)


def request_path(uri: str) -> str | None:
    """`document_path` for a request: a path the system cannot take is the client's error,
    answered InvalidParams (a request has an answer to carry it; a notification has not)."""
    try:
        return document_path(uri)
    except BadPath as refused:
        raise JsonRpcInvalidParams(f"skilllint: {refused}") from None


def _range(data: dict[str, Any]) -> lsp.Range:
    start, end = data["start"], data["end"]
    return lsp.Range(lsp.Position(start["line"], start["character"]), lsp.Position(end["line"], end["character"]))


def _target_note(d: Diagnostic) -> str:
    """` (sisu)` for a per-target finding whose message does not name its target (as `full` writes it)."""
    if not d.target or re.search(rf"(?<![\w-]){re.escape(d.target)}(?![\w-])", d.message):
        return ""
    return f" ({d.target})"


def _problem(error: Exception) -> lsp.Diagnostic:
    """What stopped the lint of a file, at its top: a config error, or an internal error."""
    from skilllint.embedding.api import CheckError

    what = "config error" if isinstance(error, CheckError) else f"internal error: {type(error).__name__}"
    return lsp.Diagnostic(range=lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0)), message=f"skilllint {what}: {error}",
                          severity=lsp.DiagnosticSeverity.Error, source=SOURCE)


def build_server(debounce: float = DEBOUNCE_SECONDS) -> SkilllintServer:
    """The server with its features registered."""
    server = SkilllintServer(debounce)

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: SkilllintServer, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.lint(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: SkilllintServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: SkilllintServer, params: lsp.DidSaveTextDocumentParams) -> None:
        saved = params.text_document.uri
        ls.lint(saved)
        for uri in sorted(ls.workspace.text_documents):
            if uri != saved:
                ls.lint(uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: SkilllintServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.cancel(params.text_document.uri)
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=params.text_document.uri,
                                                                          diagnostics=[]))

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
    def code_action(ls: SkilllintServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        return ls.code_actions(params)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: SkilllintServer, params: lsp.HoverParams) -> lsp.Hover | None:
        return _hover(ls, params)

    return server


def _hover(ls: SkilllintServer, params: lsp.HoverParams) -> lsp.Hover | None:
    """How the tool name under the cursor resolves; nothing when there is none (or no config to use)."""
    from skilllint.embedding.lsp.hover import hover_markdown

    uri = params.text_document.uri
    file = request_path(uri)
    if file is None:
        return None
    document = ls.opened(uri)
    try:
        root = project_root(file, ls.folders())
        text = document.source if document is not None else disk_text(file, root)
        if text is None:  # not open, and not a file `check` would parse (a FIFO, /dev/zero, too large...)
            return None
        line, column = from_lsp(text_lines(text), params.position.line, params.position.character, ls.encoding)
        found = hover_markdown(file, text, line, column, root)
    except Exception as error:  # noqa: BLE001 - a hover never fails the server
        ls.window_log_message(lsp.LogMessageParams(lsp.MessageType.Warning, f"skilllint: hover: {error}"))
        return None
    if found is None:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=found))


def serve() -> int:
    """Run the server on stdin/stdout until the client says exit."""
    build_server().start_io()
    return 0
