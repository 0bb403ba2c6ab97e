"""Tool references in the instructions (DESIGN "Resolution", last paragraph).

A backtick span outside fenced code is a tool reference when it names a tool of some known
runtime (the vocabulary) and either the name is distinctive (`read_file`, `WebFetch`,
`Bash`) or its context says it is a tool ("the `fetch` tool", "call `search`"). A single
lowercase word (`fetch`, `search`, `task`, `bash`, `grep`) is an ordinary word or a shell
command far more often than a tool, so it needs that context. Names outside the vocabulary
are never references: an MCP server's `create_issue` is not ours to judge. Precision
first: a linter that cries wolf gets switched off.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from skilllint.document import Document, Location
from skilllint.model import Span
from skilllint.resolve import Resolution, resolve, vocabulary
from skilllint.targets import Target

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_.:/-]*(?:\([^()]*\))?$")
_ORDINARY = re.compile(r"^[a-z]+$")
_AFTER_TOOL = re.compile(r"^\s*(?:tool|tools|function|command tool)\b", re.I)
_BEFORE_TOOL = re.compile(r"\b(?:tool|tools|call|calls|calling|invoke|invokes|invoking)\s*(?:the\s+)?$", re.I)
_BEFORE_LIST = re.compile(r"`\s*(?:,|and|or|,\s*and|,\s*or)\s*$", re.I)
_AFTER_LIST_TOOLS = re.compile(r"^\s*(?:,\s*`[^`]+`\s*)*(?:,?\s*(?:and|or)\s*`[^`]+`\s*)?tools?\b", re.I)


@dataclass(frozen=True, slots=True)
class BodyReference:
    text: str
    location: Location
    resolution: Resolution


def has_tool_context(before: str, after: str) -> bool:
    """"the `X` tool", "`X` and `Y` tools", "call `X`", "invoke the `X`", "tool `X`"."""
    return bool(_AFTER_TOOL.match(after) or _AFTER_LIST_TOOLS.match(after) or _BEFORE_TOOL.search(before))


def is_tool_reference(text: str, before: str, after: str) -> bool:
    name = text.split("(", 1)[0]
    if name not in vocabulary():
        return False
    if _ORDINARY.match(name):
        return has_tool_context(before, after)
    return True


def candidate_spans(doc: Document) -> list[tuple[str, Location]]:
    """Code spans of the body that are tool references, with their positions (cached)."""
    cached = doc.cache.get("tool_spans")
    if cached is None:
        cached = []
        if doc.body and "`" in doc.body:
            for span in doc.markdown.code_spans:
                text = span.text.strip()
                if len(text) > 200 or not _IDENTIFIER.match(text):
                    continue
                if is_tool_reference(text, span.before, span.after):
                    location = Location(doc.path, Span(span.line, span.column, span.end_line, span.end_column))
                    cached.append((text, location))
        doc.cache["tool_spans"] = cached
    return cached


def body_references(doc: Document, target: Target) -> list[BodyReference]:
    """The body's tool references, resolved on `target` (cached per target)."""
    cache = doc.cache.setdefault("body_refs", {})
    key = (target.id, id(target))
    if key not in cache:
        cache[key] = [BodyReference(text, loc, resolve(text, target)) for text, loc in candidate_spans(doc)]
    return cache[key]
