"""`path:line:col: CODE message` with an indented `help:` line: for pipes, grep and fixtures."""

from __future__ import annotations

from skilllint.formatters import RunInfo
from skilllint.model import Diagnostic


def line_for(d: Diagnostic) -> str:
    target = f" [{d.target}]" if d.target else ""
    return f"{d.path}:{d.span.line}:{d.span.column}: {d.code}{target} {d.message}"


def render(diagnostics: list[Diagnostic], run: RunInfo) -> str:
    out = []
    for d in diagnostics:
        out.append(line_for(d))
        if d.help:
            out.append("    help: " + d.help.replace("\n", "\n          "))
    return "\n".join(out) + ("\n" if out else "")
