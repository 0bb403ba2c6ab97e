"""A JSON array, one object per diagnostic with exactly the documented keys.

Strings from the user's files are escaped as in the other formats (`textsafe`): the output
is then always valid UTF-8 (a folder name that was not UTF-8 arrives as lone surrogates,
which no UTF-8 JSON can hold), and `jq -r` cannot pass an escape sequence to a terminal.
"""

from __future__ import annotations

import json

from skilllint.formatters import RunInfo
from skilllint.model import Diagnostic
from skilllint.textsafe import escape, escape_lines


def as_dict(d: Diagnostic) -> dict:
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
    }


def render(diagnostics: list[Diagnostic], run: RunInfo) -> str:
    return json.dumps([as_dict(d) for d in diagnostics], indent=2, ensure_ascii=False) + "\n"
