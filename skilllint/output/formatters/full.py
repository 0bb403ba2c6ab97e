"""The terminal format: location, severity and code, message (and the target, when the
message does not name it), the source line with a caret under the exact span, and the help
line (actionlint's substance in ruff's form).

Everything from the user's files (path, message, help, target and the source line itself)
goes through `textsafe`, so a file can neither drive the terminal nor forge a line. The
caret stays under the span when escaping widens characters before or inside it.
"""

from __future__ import annotations

import re
import unicodedata

from skilllint.core.model import Diagnostic, Severity, Span
from skilllint.core.textsafe import escape, escape_lines, escape_mapped, escape_text
from skilllint.output.formatters import RunInfo

_COLORS = {Severity.ERROR: "31", Severity.WARNING: "33", Severity.INFO: "36"}
WINDOW_FROM = 120  # a span starting past this column is shown in a window of the line
WINDOW_BEFORE, WINDOW_WIDTH = 60, 160  # characters kept before the span, and in all
SHOWN_LIMIT = 200  # characters of a line shown at most (after escaping)


def _paint(text: str, code: str, color: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if color else text


def excerpt(source: str, span: Span) -> tuple[str, int, int]:
    """The source line as shown and the caret's 0-based start and width in it.

    Tabs become one space, so a character column is a screen column. Unsafe characters are
    escaped and the caret moved to match. A long line is cut at SHOWN_LIMIT, or, when the
    span starts far right (before or after escaping), shown in a window around it.
    """
    line = source.expandtabs(1).rstrip("\n")
    start = span.column - 1
    end = start + 1
    if span.end_line == span.line and span.end_column:
        end = max(end, span.end_column - 1)
    first = start - WINDOW_BEFORE if span.column > WINDOW_FROM else 0
    piece = line[first : first + SHOWN_LIMIT + 1]  # never escape more than can be shown
    start, end = start - first, end - first
    shown, offsets = escape_mapped(piece)
    if offsets is not None:
        start, end = (offsets[min(i, len(piece))] + max(0, i - len(piece)) for i in (start, end))
        if start > WINDOW_FROM and not first:  # escapes pushed the span far right: window it
            first = start - WINDOW_BEFORE
            shown, start, end = shown[first:], start - first, end - first
    if first:
        shown, start, end = "…" + shown[:WINDOW_WIDTH], start + 1, end + 1
    elif len(shown) > SHOWN_LIMIT:
        shown = shown[:SHOWN_LIMIT] + "…"
    width = max(1, min(end - start, len(shown) - start + 1))
    return shown, start, width


def cells(text: str) -> int:
    """The terminal cells `text` takes: two for a wide or fullwidth character (CJK, most emoji), none
    for a combining mark or a format character, one otherwise; so the caret stands under the span
    however wide the characters before it are."""
    if text.isascii():
        return len(text)
    total = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return total


def _source_block(d: Diagnostic, source: str, color: bool) -> list[str]:
    """The three gutter lines: blank bar, the numbered source line, the caret."""
    gutter = str(d.span.line)
    pad = " " * len(gutter)
    shown, start, width = excerpt(source, d.span)
    caret = " " * cells(shown[:start]) + "^" * max(1, cells(shown[start:start + width]))
    return [
        _paint(f"{pad} |", "34", color),
        _paint(f"{gutter} | ", "34", color) + shown,
        _paint(f"{pad} | ", "34", color) + _paint(caret, _COLORS[d.severity], color),
    ]


def _target_note(d: Diagnostic) -> str:
    """` (sisu)` after the message of a per-target finding, unless the message already names
    the target (`... is not a tool of sisu`): a run over several targets must say which one a
    finding is for, and once is enough."""
    if not d.target or re.search(rf"(?<![\w-]){re.escape(d.target)}(?![\w-])", d.message):
        return ""
    return f" ({escape(d.target)})"


def render(diagnostics: list[Diagnostic], run: RunInfo) -> str:
    out: list[str] = []
    color = run.color
    for d in diagnostics:
        head = _paint(f"{d.severity.value}[{d.code}]", "1;" + _COLORS[d.severity], color)
        target = _target_note(d)
        place = _paint(f"{escape(d.path)}:{d.span.line}:{d.span.column}", "1", color)
        out.append(f"{place}: {head} {escape_text(d.message)}{target}")
        source = run.source_line(d.path, d.span.line)
        indent = "  "
        if source is not None:
            indent = " " * (len(str(d.span.line)) + 1)  # `= help` lines up with the gutter's bar
            out.extend(_source_block(d, source, color))
        if d.help:
            out.append(f"{indent}= {_paint('help', '1', color)}: " + escape_lines(d.help).replace("\n", "\n          "))
        out.append("")
    return "\n".join(out)
