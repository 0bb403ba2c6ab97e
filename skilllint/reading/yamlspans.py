"""YAML positions to ours: the one place a 0-based YAML mark becomes a 1-based `Span`.

PyYAML's marks, and what `yamlnodes` records from them (`YamlRefused`, `Nonportable`,
`ValueFault`), count lines and columns from 0 within the YAML text; a `Span`, and every message
that names a place, counts from 1 within the file. `line_offset` is the 0-based file line of the
YAML text's first line (1 for SKILL.md frontmatter, after the opening `---`; 0 for a whole
metadata.yaml, manifest or config file). `document`, `manifests`, `config`, `yamlnodes` and
SL102 convert through here.

What a span covers when the YAML construct runs over several lines is each caller's choice,
made explicit by which function it calls: `node_span` with the line's text cuts a block value to
its first line (the frontmatter's `locate`), `node_span` without it and `region_span` keep the
start only (manifest names, YAML tags, flow collections), `mark_span` is always a point.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from skilllint.core.model import Span

if TYPE_CHECKING:
    from yaml.nodes import Node

__all__ = ["Mark", "Region", "line_and_column", "mark_span", "node_span", "region_span", "span_at"]


class Mark(Protocol):
    """A 0-based place: a PyYAML `Mark`, a `YamlRefused`, a `Nonportable`, a `ValueFault`."""

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


class Region(Mark, Protocol):
    """A 0-based start and exclusive end: a `Nonportable` or a `ValueFault`."""

    @property
    def end_line(self) -> int: ...

    @property
    def end_column(self) -> int: ...


def span_at(line0: int, column0: int, line_offset: int = 0, length: int = 0) -> Span:
    """0-based (line, column) of a YAML text as a 1-based span of `length` characters on that
    line (a point when 0). For places that are no mark: an offset found in the text, a column
    moved by a heuristic."""
    return Span.on_line(line0 + line_offset + 1, column0 + 1, length)


def mark_span(mark: Mark, line_offset: int = 0) -> Span:
    """The point at `mark`."""
    return Span(mark.line + line_offset + 1, mark.column + 1)


def line_and_column(mark: Mark, line_offset: int = 0) -> str:
    """`line L, column C` for a message: the same place `mark_span` gives a finding."""
    span = mark_span(mark, line_offset)
    return f"line {span.line}, column {span.column}"


def region_span(region: Region, line_offset: int = 0) -> Span:
    """Start to end when the region sits on one line, else its start only."""
    line = region.line + line_offset + 1
    if region.end_line != region.line:
        return Span(line, region.column + 1)
    return Span(line, region.column + 1, line, region.end_column + 1)


def node_span(node: Node, line_offset: int = 0, line_text: Callable[[int], str] | None = None) -> Span:
    """Where a composed node is written, start to end.

    A node over several lines (a block scalar, a block list, a quoted string with a line break)
    is cut to its first line: with `line_text` (a 1-based file line -> its text), up to the end
    of that line's text, which is what a reader sees as the value's start (`key: |`); without
    it, to the start only.
    """
    start, end = node.start_mark, node.end_mark
    line = start.line + line_offset + 1
    column = start.column + 1
    if end.line == start.line:
        return Span(line, column, line, end.column + 1)
    if line_text is None:
        return Span(line, column)
    return Span(line, column, line, max(column, len(line_text(line).rstrip()) + 1))
