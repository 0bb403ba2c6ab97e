"""Inline suppression comments as the rules see them: each directive and what it did, for the
suppression rules (SL900-SL902) and the project summaries. The engine parses and applies them
(`skilllint.engine.suppressions`). DESIGN "Config and suppression":

Body (HTML comments, outside fenced code):
    <!-- skilllint-disable-next-line SL200 -->   the next line
    <!-- skilllint-disable-line SL200 SL212 -->  this line
    <!-- skilllint-disable SL4 --> ... <!-- skilllint-enable SL4 -->   a range
    <!-- skilllint-disable-file SL301 -->        the whole file
Frontmatter (YAML comments): `key: value  # skilllint-disable-line SL132`, or
`# skilllint-disable-next-line SL132` on a line of its own.
Codes, names and prefixes all work; text after ` -- ` is a reason. A directive without
codes suppresses everything in its range and is itself reported (SL901); one that
suppressed nothing (SL900) or names no rule (SL902) is reported too. Input problems (SL0xx)
cannot be suppressed: the file was not read as written.
"""

from __future__ import annotations

from skilllint.core.model import Diagnostic, Span
from skilllint.core.readfacts import Location
from skilllint.core.records import Record

UNSUPPRESSIBLE_PREFIX = "SL0"
"""Input problems (SL0xx) cannot be suppressed: the file was not read as written."""


class Directive(Record):
    __slots__ = ("path", "line", "column", "end_column", "kind", "selectors", "codes", "unknown", "first", "last",
                 "used", "selector_columns", "ended")
    path: str
    line: int
    column: int
    end_column: int
    kind: str
    selectors: tuple[str, ...]
    codes: frozenset[str] | None  # None: blanket (every rule)
    unknown: tuple[str, ...]
    first: int  # lines covered, inclusive
    last: int
    used: set[str]
    selector_columns: dict[str, int]
    ended: dict[str, int]  # codes an `enable` ended before `last`: their last line

    def __init__(self, path: str, line: int, column: int, end_column: int, kind: str, selectors: tuple[str, ...],
                 codes: frozenset[str] | None, unknown: tuple[str, ...] = (), first: int = 0, last: int = 0,
                 used: set[str] | None = None, selector_columns: dict[str, int] | None = None,
                 ended: dict[str, int] | None = None) -> None:
        self.path = path
        self.line = line
        self.column = column
        self.end_column = end_column
        self.kind = kind
        self.selectors = selectors
        self.codes = codes
        self.unknown = unknown
        self.first = first
        self.last = last
        self.used = set() if used is None else used
        self.selector_columns = {} if selector_columns is None else selector_columns
        self.ended = {} if ended is None else ended

    @property
    def location(self) -> Location:
        return Location(self.path, Span(self.line, self.column, self.line, self.end_column))

    def covers(self, diagnostic: Diagnostic) -> bool:
        line = diagnostic.span.line
        if diagnostic.path != self.path or not self.first <= line <= self.last:
            return False
        if self.ended and line > self.ended.get(diagnostic.code, line):
            return False
        return self.codes is None or diagnostic.code in self.codes


class SuppressionReport(Record):
    """What the directives did, for the SL900-SL902 rules."""

    __slots__ = ("directives", "selected")
    directives: list[Directive]
    selected: frozenset[str]

    def __init__(self, directives: list[Directive], selected: frozenset[str]) -> None:
        self.directives = directives
        self.selected = selected
