"""Inline suppression comments, and what they did (DESIGN "Config and suppression").

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

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from skilllint.checks.registry import UnknownRuleError, expand_selector
from skilllint.core import lazyre
from skilllint.core.model import Diagnostic, Span
from skilllint.core.readfacts import Location
from skilllint.core.records import Record

if TYPE_CHECKING:
    from skilllint.reading.markdown import HtmlComment

_COMMENT = lazyre.compile(r"^\s*skilllint-(disable-next-line|disable-line|disable-file|disable|enable)\b(.*)$", re.S)
_YAML = lazyre.compile(r"#\s*skilllint-(disable-next-line|disable-line)\b(.*)$")
UNSUPPRESSIBLE_PREFIX = "SL0"


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


def _selectors(text: str) -> tuple[str, ...]:
    text = text.split(" -- ", 1)[0]
    return tuple(part for part in re.split(r"[\s,]+", text.strip()) if part)


def _expand(selectors: tuple[str, ...]) -> tuple[frozenset[str] | None, tuple[str, ...]]:
    if not selectors:
        return None, ()
    codes: set[str] = set()
    unknown = []
    for selector in selectors:
        try:
            codes.update(rule.code for rule in expand_selector(selector))
        except UnknownRuleError:
            unknown.append(selector)
    return frozenset(codes), tuple(unknown)


def _directive(path: str, line: int, column: int, end_column: int, kind: str, raw: str,
               selectors_column: int = 0) -> Directive:
    selectors = _selectors(raw)
    codes, unknown = _expand(selectors)
    directive = Directive(path, line, column, end_column, kind, selectors, codes, unknown)
    if selectors_column:  # where each unknown selector is written, for SL902
        for selector in unknown:
            offset = raw.find(selector)
            if offset >= 0:
                directive.selector_columns[selector] = selectors_column + offset
    return directive


def parse_directives(
    path: str,
    lines: list[str],
    frontmatter_lines: tuple[int, int] | None,
    comments: Iterable[HtmlComment],
) -> list[Directive]:
    """Directives of one SKILL.md: YAML comments in the frontmatter lines, and the body's HTML
    comments as the Markdown scanner found them (so none in code spans or fenced code)."""
    found: list[Directive] = []
    last_line = len(lines)
    if frontmatter_lines is not None:
        start, end = frontmatter_lines
        for number in range(start, min(end, last_line) + 1):
            text = lines[number - 1]
            if "skilllint-" not in text:
                continue
            match = _YAML.search(text)
            if not match:
                continue
            directive = _directive(path, number, match.start() + 1, len(text.rstrip()) + 1, match.group(1),
                                   match.group(2), match.start(2) + 1)
            own_line = not text[: match.start()].strip()
            if match.group(1) == "disable-next-line" or own_line:
                directive.first = directive.last = number + 1
            else:
                directive.first = directive.last = number
            found.append(directive)
    open_ranges: list[Directive] = []
    for comment in comments:
        match = _COMMENT.match(comment.text)
        if not match:
            continue
        kind, number = match.group(1), comment.line
        # the scanner positions the text between `<!--` and `-->`; point at the whole comment
        start = comment.column - 4
        end_column = comment.end_column + 3 if comment.end_line == comment.line else comment.column
        selectors_column = comment.column + match.start(2) if comment.end_line == comment.line else 0
        directive = _directive(path, number, start, end_column, kind, match.group(2), selectors_column)
        if kind == "disable-next-line":
            directive.first = directive.last = comment.end_line + 1
        elif kind == "disable-line":
            directive.first, directive.last = number, comment.end_line
        elif kind == "disable-file":
            directive.first, directive.last = 1, last_line
        elif kind == "disable":
            directive.first, directive.last = number, last_line
            open_ranges.append(directive)
        else:  # enable: close the open ranges it names (all of them when it names none)...
            named = directive.codes or frozenset()
            for opened in open_ranges:
                if not directive.selectors or (opened.codes is not None and opened.codes <= named):
                    opened.last = number
                else:  # ...and end the codes it names in a range that holds others too (a blanket
                    # range holds every code: `enable SL320` ends SL320 only, as in ESLint)
                    for code in named if opened.codes is None else opened.codes & named:
                        opened.ended.setdefault(code, number)
            open_ranges = [o for o in open_ranges if o.last == last_line]
            continue
        found.append(directive)
    return found


class SuppressionReport(Record):
    """What the directives did, for the SL900-SL902 rules."""

    __slots__ = ("directives", "selected")
    directives: list[Directive]
    selected: frozenset[str]

    def __init__(self, directives: list[Directive], selected: frozenset[str]) -> None:
        self.directives = directives
        self.selected = selected


def apply(
    diagnostics: Iterable[Diagnostic], directives: list[Directive], selected: frozenset[str]
) -> tuple[list[Diagnostic], SuppressionReport]:
    """Drop suppressed diagnostics and record which directive codes were used.

    One-line directives (`disable-line`, `disable-next-line`: almost all of them) are indexed by
    line, so each diagnostic looks only at its own line's and the few range directives: 17,000
    comments each suppressing one finding took 20 s when every pair was compared."""
    by_line: dict[tuple[str, int], list[Directive]] = {}
    ranges: dict[str, list[Directive]] = {}
    for directive in directives:
        if directive.first == directive.last:
            by_line.setdefault((directive.path, directive.first), []).append(directive)
        else:
            ranges.setdefault(directive.path, []).append(directive)
    kept = []
    for diagnostic in diagnostics:
        suppressed = False
        if not diagnostic.code.startswith(UNSUPPRESSIBLE_PREFIX):
            candidates = (*by_line.get((diagnostic.path, diagnostic.span.line), ()),
                          *ranges.get(diagnostic.path, ()))
            for directive in candidates:
                if directive.covers(diagnostic):
                    directive.used.add(diagnostic.code)
                    suppressed = True
        if not suppressed:
            kept.append(diagnostic)
    return kept, SuppressionReport(directives, selected)
