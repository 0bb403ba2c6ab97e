"""A JSON array, one object per diagnostic with exactly the documented keys."""

from __future__ import annotations

import json

from skilllint.formatters import RunInfo
from skilllint.model import Diagnostic


def as_dict(d: Diagnostic) -> dict:
    return {
        "path": d.path,
        "line": d.span.line,
        "column": d.span.column,
        "end_line": d.span.end_line,
        "end_column": d.span.end_column,
        "code": d.code,
        "name": d.name,
        "severity": d.severity.value,
        "message": d.message,
        "help": d.help,
        "target": d.target,
    }


def render(diagnostics: list[Diagnostic], run: RunInfo) -> str:
    return json.dumps([as_dict(d) for d in diagnostics], indent=2, ensure_ascii=False) + "\n"
