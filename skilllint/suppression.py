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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from skilllint.document import Location
from skilllint.model import Diagnostic, Span
from skilllint.registry import UnknownRuleError, expand_selector

_HTML = re.compile(r"<!--\s*skilllint-(disable-next-line|disable-line|disable-file|disable|enable)\b(.*?)-->", re.S)
_YAML = re.compile(r"#\s*skilllint-(disable-next-line|disable-line)\b(.*)$")
UNSUPPRESSIBLE_PREFIX = "SL0"


@dataclass
class Directive:
    path: str
    line: int
    column: int
    end_column: int
    kind: str
    selectors: tuple[str, ...]
    codes: frozenset[str] | None  # None: blanket (every rule)
    unknown: tuple[str, ...] = ()
    first: int = 0  # lines covered, inclusive
    last: int = 0
    used: set[str] = field(default_factory=set)

    @property
    def location(self) -> Location:
        return Location(self.path, Span(self.line, self.column, self.line, self.end_column))

    def covers(self, diagnostic: Diagnostic) -> bool:
        if diagnostic.path != self.path or not self.first <= diagnostic.span.line <= self.last:
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


def _directive(path: str, line: int, column: int, end_column: int, kind: str, raw: str) -> Directive:
    selectors = _selectors(raw)
    codes, unknown = _expand(selectors)
    return Directive(path, line, column, end_column, kind, selectors, codes, unknown)


def parse_directives(
    path: str,
    lines: list[str],
    frontmatter_lines: tuple[int, int] | None,
    body_first_line: int,
    in_fence: Callable[[int], bool],
) -> list[Directive]:
    """Directives of one SKILL.md. `lines` is the whole file; line numbers are 1-based."""
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
                                   match.group(2))
            own_line = not text[: match.start()].strip()
            if match.group(1) == "disable-next-line" or own_line:
                directive.first = directive.last = number + 1
            else:
                directive.first = directive.last = number
            found.append(directive)
    open_ranges: list[Directive] = []
    for number in range(body_first_line, last_line + 1):
        text = lines[number - 1]
        if "skilllint-" not in text or in_fence(number):
            continue
        for match in _HTML.finditer(text):
            kind = match.group(1)
            directive = _directive(path, number, match.start() + 1, match.end() + 1, kind, match.group(2))
            if kind == "disable-next-line":
                directive.first = directive.last = number + 1
            elif kind == "disable-line":
                directive.first = directive.last = number
            elif kind == "disable-file":
                directive.first, directive.last = 1, last_line
            elif kind == "disable":
                directive.first, directive.last = number, last_line
                open_ranges.append(directive)
            else:  # enable: close the matching open ranges
                for opened in open_ranges:
                    if opened.last == last_line and (not directive.selectors or opened.selectors == directive.selectors
                                                     or (opened.codes or set()) <= (directive.codes or set())):
                        opened.last = number
                open_ranges = [o for o in open_ranges if o.last == last_line]
                continue
            found.append(directive)
    return found


@dataclass
class SuppressionReport:
    """What the directives did, for the SL900-SL902 rules."""

    directives: list[Directive]
    selected: frozenset[str]
    problems: list = field(default_factory=list)


def apply(
    diagnostics: Iterable[Diagnostic], directives: list[Directive], selected: frozenset[str]
) -> tuple[list[Diagnostic], SuppressionReport]:
    """Drop suppressed diagnostics and record which directive codes were used."""
    by_path: dict[str, list[Directive]] = {}
    for directive in directives:
        by_path.setdefault(directive.path, []).append(directive)
    kept = []
    for diagnostic in diagnostics:
        suppressed = False
        if not diagnostic.code.startswith(UNSUPPRESSIBLE_PREFIX):
            for directive in by_path.get(diagnostic.path, ()):
                if directive.covers(diagnostic):
                    directive.used.add(diagnostic.code)
                    suppressed = True
        if not suppressed:
            kept.append(diagnostic)
    return kept, SuppressionReport(directives, selected)
