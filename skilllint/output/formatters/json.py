"""A JSON array, one object per diagnostic with exactly the documented keys.

Strings from the user's files are escaped as in the other formats (`textsafe`): the output
is then always valid UTF-8 (a folder name that was not UTF-8 arrives as lone surrogates,
which no UTF-8 JSON can hold), and `jq -r` cannot pass an escape sequence to a terminal.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.core.fastjson import indented
from skilllint.core.model import Diagnostic, Fix
from skilllint.core.textsafe import escape, escape_lines
from skilllint.output.formatters import RunInfo


def fix_dict(fix: Fix | None) -> dict[str, object] | None:
    """What `check --fix` would do: a title and the edits, each a range of the file (as a finding's,
    1-based, end exclusive) and the text written there. None when there is no fix, or when a text
    would need escaping (an output must not change what a fix writes)."""
    if fix is None or any(escape(edit.text) != edit.text for edit in fix.edits):
        return None
    return {
        "title": escape(fix.title),
        "edits": [{"line": e.span.line, "column": e.span.column, "end_line": e.span.end_line,
                   "end_column": e.span.end_column, "text": e.text} for e in fix.edits],
    }


def as_dict(d: Diagnostic) -> dict[str, object]:
    return {
        "path": escape(d.path),
        "line": d.span.line,
        "column": d.span.column,
        "end_line": d.span.end_line,
        "end_column": d.span.end_column,
        "code": d.code,
        "name": escape(d.name),
        "severity": d.severity.value,
        "message": escape(d.message),
        "help": escape_lines(d.help) if d.help is not None else None,
        "target": escape(d.target) if d.target is not None else None,
        "fix": fix_dict(d.fix),
    }


CHUNK = 2048
"""Findings rendered at a time: the report is written piece by piece, never held whole."""


def render_chunks(diagnostics: list[Diagnostic], run: RunInfo) -> Iterator[str]:
    """The report in pieces that add up to `render`'s text (`json.dumps(..., indent=2)` of the
    array, and a newline), each of at most CHUNK findings."""
    if not diagnostics:
        yield "[]\n"
        return
    yield "[\n"
    for start in range(0, len(diagnostics), CHUNK):
        text = indented([as_dict(d) for d in diagnostics[start:start + CHUNK]])
        yield ("" if start == 0 else ",\n") + text[2:-2]  # the items of "[\n  {...}\n]"
    yield "\n]\n"


def render(diagnostics: list[Diagnostic], run: RunInfo) -> str:
    return "".join(render_chunks(diagnostics, run))
