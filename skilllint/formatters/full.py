"""The terminal format: location, severity and code, message, the source line with a
caret under the exact span, and the help line (actionlint's substance in ruff's form)."""

from __future__ import annotations

from skilllint.formatters import RunInfo
from skilllint.model import Diagnostic, Severity

_COLORS = {Severity.ERROR: "31", Severity.WARNING: "33", Severity.INFO: "36"}


def _paint(text: str, code: str, color: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if color else text


def render(diagnostics: list[Diagnostic], run: RunInfo) -> str:
    out: list[str] = []
    for d in diagnostics:
        color = run.color
        head = _paint(f"{d.severity.value}[{d.code}]", "1;" + _COLORS[d.severity], color)
        target = f" ({d.target})" if d.target else ""
        out.append(f"{_paint(f'{d.path}:{d.span.line}:{d.span.column}', '1', color)}: {head} {d.message}{target}")
        source = run.source_line(d.path, d.span.line)
        indent = "  "
        if source is not None:
            gutter = str(d.span.line)
            pad = " " * len(gutter)
            indent = pad + " "  # `= help` lines up with the gutter's bar
            shown = source.expandtabs(1).rstrip("\n")
            column = d.span.column
            if column > 120:  # window very long lines around the column
                start = column - 60
                shown, column = "…" + shown[start : start + 160], 62
            if len(shown) > 200:
                shown = shown[:200] + "…"
            width = 1
            if d.span.end_line == d.span.line and d.span.end_column:
                width = max(1, d.span.end_column - d.span.column)
            width = max(1, min(width, len(shown) - column + 2))
            caret = " " * (column - 1) + "^" * width
            out.append(_paint(f"{pad} |", "34", color))
            out.append(_paint(f"{gutter} | ", "34", color) + shown)
            out.append(_paint(f"{pad} | ", "34", color) + _paint(caret, _COLORS[d.severity], color))
        if d.help:
            out.append(f"{indent}= {_paint('help', '1', color)}: " + d.help.replace("\n", "\n          "))
        out.append("")
    return "\n".join(out)
