"""Hover on a tool name: how it resolves on the targets the file is checked against.

A name in a tool field (`allowed-tools`, a subagent's `tools`...) or a tool reference in the
body's inline code, found the way the rules find them (`toollist.tool_entries`,
`checks._body.candidate_spans`), resolved with the lines `skilllint resolve` prints, on the
targets `check` would use for that file (config `targets`, else the one its folder implies;
subagents and commands on Claude Code's).
"""

from __future__ import annotations

from pathlib import Path

from skilllint.checks._body import candidate_spans
from skilllint.checks._tools import explain_resolution, tool_fields
from skilllint.core.model import Span
from skilllint.embedding.lsp.buffers import buffer_bytes
from skilllint.engine.linter import definition_targets, skill_targets
from skilllint.reading.discover import discover
from skilllint.reading.document import SKILL, Document, load_document
from skilllint.reading.fsview import PlainFs
from skilllint.runtimes.targets import Target
from skilllint.runtimes.toollist import tool_entries
from skilllint.settings.build import settings_by_config


def hover_markdown(file: str, text: str, line: int, column: int, root: Path) -> str | None:
    """Markdown for the tool name at 1-based (line, character column) of `text` linted as `file`;
    None when there is none there, or the file is no skill, subagent or command. Raises
    ConfigError/SettingsError as `check` would for the file's config."""
    overlay = {file: buffer_bytes(text)}  # a lone surrogate: bytes that are not UTF-8, as the lint reads them
    settings = settings_by_config([file], {"no_cache": True, "jobs": 1}, root)[0][0]
    found = discover([file], root, fs=PlainFs(overlay))
    if found.skills:
        kind, plugin = SKILL, False
        targets = skill_targets(found.skills[0], settings)[0]
        path = found.skills[0].file
    elif found.definitions:
        kind, plugin = found.definitions[0].kind, found.definitions[0].plugin
        targets = definition_targets(settings)
        path = found.definitions[0].file
    else:
        return None
    if str(path) != file:  # a file inside a skill: its SKILL.md is linted, not this text
        return None
    doc = load_document(path, root, max_bytes=settings.max_bytes, digests=False, kind=kind, plugin=plugin,
                        overlay=overlay)
    name = tool_at(doc, targets, line, column)
    return None if name is None else resolution_markdown(name, targets)


def tool_at(doc: Document, targets: list[Target], line: int, column: int) -> str | None:
    """The tool name written at (line, column) of the document, as the rules read it."""
    fields = dict.fromkeys(field for target in targets for field in tool_fields(target, doc.kind))
    for field in fields:
        for entry in tool_entries(doc, field) if doc.frontmatter and field in doc.frontmatter else ():
            if entry.text and entry.location.path == doc.path and _covers(entry.location.span, entry.text, line,
                                                                          column):
                return entry.text
    if line >= doc.body_line:
        for name, location in candidate_spans(doc):
            if _covers(location.span, name, line, column):
                return name
    return None


def _covers(span: Span, text: str, line: int, column: int) -> bool:
    """Whether (line, column) is on `span` (a point spans `text`'s length)."""
    if span.end_line is not None and span.end_line != span.line:
        return span.line <= line <= span.end_line
    end = span.end_column if span.end_column is not None else span.column + len(text)
    return line == span.line and span.column <= column < end


def resolution_markdown(name: str, targets: list[Target]) -> str:
    """The hover: `skilllint resolve NAME` on each target, as a code block."""
    lines = [line for target in targets for line in explain_resolution(name, target)[1]]
    return f"**`{name}`** on {', '.join(t.id for t in targets)}\n\n```text\n" + "\n".join(lines) + "\n```"
