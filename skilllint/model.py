"""The data every other module speaks: severities, spans and diagnostics.

Depends on nothing, so reading, checks, the engine and the formatters can all share it.
Positions are 1-based; columns count characters; an end is exclusive (as in SARIF).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        """Higher is worse; used for --fail-on comparisons."""
        return _RANK[self]

    @classmethod
    def parse(cls, text: str) -> Severity | None:
        """Accept `error`/`warning`/`info` (and `E`/`W`/`I`); `off` returns None."""
        key = text.strip().lower()
        if key in ("off", "none", "ignore"):
            return None
        return _ALIASES[key]


_RANK = {Severity.INFO: 1, Severity.WARNING: 2, Severity.ERROR: 3}
_ALIASES = {
    "error": Severity.ERROR, "e": Severity.ERROR,
    "warning": Severity.WARNING, "warn": Severity.WARNING, "w": Severity.WARNING,
    "info": Severity.INFO, "i": Severity.INFO, "note": Severity.INFO,
}


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A region of a file: start (line, column) and an exclusive end, or a point."""

    line: int = 1
    column: int = 1
    end_line: int | None = None
    end_column: int | None = None

    @classmethod
    def point(cls, line: int, column: int = 1) -> Span:
        return cls(line, column)

    @classmethod
    def on_line(cls, line: int, column: int, length: int) -> Span:
        """A span of `length` characters on one line (a point when length is 0)."""
        if length <= 0:
            return cls(line, column)
        return cls(line, column, line, column + length)


FILE_START = Span(1, 1)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding. `path` is POSIX and relative to the working directory."""

    path: str
    span: Span
    code: str
    name: str
    severity: Severity
    message: str
    help: str | None = None
    target: str | None = None

    @property
    def sort_key(self) -> tuple[str, int, int, str, str, str]:
        return (self.path, self.span.line, self.span.column, self.code, self.target or "", self.message)
