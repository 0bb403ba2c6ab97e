"""The data every other module speaks: severities, spans and diagnostics.

Depends on nothing, so reading, checks, the engine and the formatters can all share it.
Positions are 1-based; columns count characters; an end is exclusive (as in SARIF).
"""

from __future__ import annotations

from enum import StrEnum
from sys import intern
from typing import Any, Final

from skilllint.core.records import FrozenRecord


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


class Span(FrozenRecord):
    """A region of a file: start (line, column) and an exclusive end, or a point. Ordered as the
    tuple (line, column, end_line, end_column)."""

    __slots__ = ("line", "column", "end_line", "end_column")
    line: Final[int]
    column: Final[int]
    end_line: Final[int | None]
    end_column: Final[int | None]

    def __init__(self, line: int = 1, column: int = 1, end_line: int | None = None,
                 end_column: int | None = None) -> None:
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column

    @classmethod
    def between(cls, text: str, start: int, end: int) -> Span:
        """The span of characters `start` to `end` (offsets) of `text`: the one conversion from an
        offset in a file's text to its 1-based line and column."""
        start_line = text.count("\n", 0, start) + 1
        end_line = start_line + text.count("\n", start, end)
        return cls(start_line, start - text.rfind("\n", 0, start), end_line, end - text.rfind("\n", 0, end))

    def _values(self) -> tuple[int, int, int | None, int | None]:  # spelled out: spans are dict keys
        return (self.line, self.column, self.end_line, self.end_column)

    def __lt__(self, other: object) -> bool:
        return self._values() < other._values() if isinstance(other, Span) else NotImplemented

    def __le__(self, other: object) -> bool:
        return self._values() <= other._values() if isinstance(other, Span) else NotImplemented

    def __gt__(self, other: object) -> bool:
        return self._values() > other._values() if isinstance(other, Span) else NotImplemented

    def __ge__(self, other: object) -> bool:
        return self._values() >= other._values() if isinstance(other, Span) else NotImplemented

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


class TextEdit(FrozenRecord):
    """Replace the characters `[start, end)` of a document's text with `text`.

    Offsets count characters (code points) of the text as skilllint reads it (`Document.text`:
    no byte-order mark, each CRLF read as one LF), so a rule computes them once for any line
    ending; `skilllint.fixes.apply` maps them onto the file's own characters. `span` is the same
    range as 1-based lines and columns (end exclusive), what an editor or SARIF's `deletedRegion`
    takes. `text` is written with LF line ends; they become the file's own when applied."""

    __slots__ = ("start", "end", "text", "span")
    start: Final[int]
    end: Final[int]
    text: Final[str]
    span: Final[Span]

    def __init__(self, start: int, end: int, text: str, span: Span) -> None:
        self.start = start
        self.end = end
        self.text = text
        self.span = span


class Fix(FrozenRecord):
    """A repair with one right answer, declared by the rule that found the problem: its edits
    (non-overlapping, in order, all in the finding's file) and a short title for a menu
    ("replace `Task` with `Agent`").

    `portable`: the edit is right whatever runtime reads the file (it deletes what none wants, or
    writes the spec's own form), so one target proposing it is enough. Otherwise the replacement
    is the proposing target's (its exact tool name, a key it suggests): in a run on several
    targets it is applied only when every target the file is checked on proposes the same."""

    __slots__ = ("title", "edits", "portable")
    title: Final[str]
    edits: Final[tuple[TextEdit, ...]]
    portable: Final[bool]

    def __init__(self, title: str, edits: tuple[TextEdit, ...], portable: bool = False) -> None:
        self.title = title
        self.edits = edits
        self.portable = portable


class Diagnostic(FrozenRecord):
    """One finding. `path` is POSIX and relative to the working directory."""

    __slots__ = ("path", "span", "code", "name", "severity", "message", "help", "target", "fix")
    path: Final[str]
    span: Final[Span]
    code: Final[str]
    name: Final[str]
    severity: Final[Severity]
    message: Final[str]
    help: Final[str | None]
    target: Final[str | None]
    fix: Final[Fix | None]  # what `check --fix` would do about it, when it has one right answer

    def __init__(self, path: str, span: Span, code: str, name: str, severity: Severity, message: str,
                 help: str | None = None, target: str | None = None, fix: Fix | None = None) -> None:
        self.path = path
        self.span = span
        self.code = code
        self.name = name
        self.severity = severity
        self.message = message
        self.help = help
        self.target = target
        self.fix = fix

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (from a pool worker) as its fields, unpickled by `_received`."""
        return _received, (self.path, self.span, self.code, self.name, self.severity, self.message, self.help,
                           self.target, self.fix)

    @property
    def sort_key(self) -> tuple[str, int, int, str, str, str]:
        return (self.path, self.span.line, self.span.column, self.code, self.target or "", self.message)


def _received(path: str, span: Span, code: str, name: str, severity: Severity, message: str, help: str | None,
              target: str | None, fix: Fix | None) -> Diagnostic:
    """A diagnostic as the parent process receives it from a worker, its texts interned: each arrived as
    a string of its own, and a tree's findings repeat a few thousand paths, messages and helps hundreds
    of times over (68,000 findings on 5,000 skills: 20 MB of text, under 1 MB distinct)."""
    return Diagnostic(intern(path), span, intern(code), intern(name), severity, intern(message),
                      None if help is None else intern(help), None if target is None else intern(target), fix)
