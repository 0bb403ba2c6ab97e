"""Inline suppression comments found and applied: the engine's part of suppression.

Parsing reads the frontmatter's YAML comments and the body's HTML comments (as the Markdown scanner
found them) into `Directive`s, expanding each selector (a code, a name, a prefix) through the rule
registry; applying drops the findings they cover and records what each directive suppressed, for the
suppression rules. The records themselves are the rules' (`skilllint.checks.suppression`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from skilllint.checks.registry import UnknownRuleError, expand_selector
from skilllint.checks.suppression import UNSUPPRESSIBLE_PREFIX, Directive, SuppressionReport
from skilllint.core import lazyre
from skilllint.core.model import Diagnostic

if TYPE_CHECKING:
    from skilllint.reading.markdown import HtmlComment

_COMMENT = lazyre.compile(r"^\s*skilllint-(disable-next-line|disable-line|disable-file|disable|enable)\b(.*)$", re.S)
_YAML = lazyre.compile(r"#\s*skilllint-(disable-next-line|disable-line)\b(.*)$")


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
