"""A one-pass Markdown scanner for skill bodies: code, links, comments and headings with exact positions.

Not a renderer: it finds the few constructs the checks need -- inline code spans, fenced and
indented code blocks, links (inline, images, autolinks, reference definitions), HTML comments and
ATX headings -- following CommonMark where it matters, and is pragmatic where skills are sloppy.
Every position is a file position (`first_line` is the file line of the body's first line); lines
and columns are 1-based, columns count characters and ends are exclusive.

How it works, in four passes over the body (all driven by compiled regexes, no per-character loops):

1. Blocks: fence lines and line-level `<!--` comments, in document order. A line whose text after
   any indentation and `>` markers starts with 3+ backticks or tildes opens a fence (a backtick
   fence's info string may not contain a backtick); it is closed by a line of the same character,
   at least as long, with nothing else on it and indented at most 3 columns more than the opener
   (so a deeper ```` ``` ```` shown inside an example fence does not close it); an unclosed fence
   runs to the end of the body. This handles fences nested in list items, which skills use a lot.
2. Indented code (4+ columns after a blank line, a heading or a fence), only outside lists: in
   skills, such indented text is nearly always a list item's continuation, which CommonMark reads
   as text too (it would take 4 columns more than the item's content; we never take it as code).
3. Inline: backslash escapes, code spans, inline comments and autolinks, leftmost first, on a copy
   of the body where code blocks are blanked (so they end paragraphs and hide their contents).
   A code span may span lines but not paragraphs (a blank line, heading, list item, table row,
   block quote or fence ends the search); an unmatched backtick run is literal.
4. Links and headings, on a copy where code spans, comments, autolinks and escapes are masked.

Speed matters (a lint run scans thousands of bodies), so each pass is a few C-level searches (`str.find`,
`str.count`, regexes with a literal prefix) with Python steps per construct found, never per character or
line, and the common cases are answered before the general ones: the inline pass keeps the line of its current
event, so line numbers, paragraph ends and context share their `str` calls, and it numbers the fences on its
way (the text is counted once); link syntax is masked and searched only where links are; and records are built
without the frozen dataclasses' costly `__init__` (see "fast records"). The shortcuts give exactly what
the general code gives (tests pin them).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from operator import attrgetter
from typing import Final

from skilllint.core import lazyre
from skilllint.core.records import FrozenRecord, Record

__all__ = ["CodeSpan", "Fence", "HtmlComment", "Heading", "Link", "MarkdownScan", "scan"]

CONTEXT = 40  # characters of context kept on each side of a code span
_LINE, _END_LINE = attrgetter("line"), attrgetter("end_line")


class CodeSpan(FrozenRecord):
    """Inline code. `text` is the content as CommonMark renders it: line endings (with the next
    line's indentation) become one space, and one leading and one trailing space are stripped when
    both are present (and the content is not all spaces). `line` is the line of the opening backtick
    run; (line, column) .. (end_line, end_column) is the exact extent of `text` in the file (when a
    stripped leading "space" is a line ending, `line` is the next line, where the content starts).
    In a table row, a backslash-escaped pipe in `text` is unescaped, as GFM does (the extent stays raw)."""

    __slots__ = ("text", "line", "column", "end_line", "end_column", "before", "after")
    text: Final[str]
    line: Final[int]
    column: Final[int]
    end_line: Final[int]
    end_column: Final[int]
    before: Final[str]  # up to CONTEXT chars of the paragraph before the opening backticks (list marker dropped)
    after: Final[str]  # up to CONTEXT chars of the paragraph after the closing backticks

    def __init__(self, text: str, line: int, column: int, end_line: int, end_column: int, before: str,
                 after: str) -> None:
        self.text = text
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column
        self.before = before
        self.after = after


class Fence(FrozenRecord):
    """A code block: fenced (``` or ~~~) or indented. `line`..`end_line` include the fence lines."""

    __slots__ = ("line", "end_line", "info", "indented")
    line: Final[int]
    end_line: Final[int]
    info: Final[str]  # the info string, stripped ("" for indented code)
    indented: Final[bool]

    def __init__(self, line: int, end_line: int, info: str, indented: bool) -> None:
        self.line = line
        self.end_line = end_line
        self.info = info
        self.indented = indented


class Link(FrozenRecord):
    """`[text](target "title")`, `![alt](target)`, `<scheme:...>`/`<a@b.c>` or `[label]: target`.

    `target` has backslash escapes resolved (not entities or %-escapes) and no title; it may be ""
    (`[a]()`). (line, column)..end_column is where its raw text is in the file (for `<target>`, the
    part inside the brackets). `text` is the link text, the image's alt text, the autolink's address
    or the definition's label."""

    __slots__ = ("target", "text", "image", "line", "column", "end_column")
    target: Final[str]
    text: Final[str]
    image: Final[bool]
    line: Final[int]
    column: Final[int]
    end_column: Final[int]

    def __init__(self, target: str, text: str, image: bool, line: int, column: int, end_column: int) -> None:
        self.target = target
        self.text = text
        self.image = image
        self.line = line
        self.column = column
        self.end_column = end_column


class HtmlComment(FrozenRecord):
    """`<!-- ... -->`; `text` is what is between the markers, positioned exactly."""

    __slots__ = ("text", "line", "column", "end_line", "end_column")
    text: Final[str]
    line: Final[int]
    column: Final[int]
    end_line: Final[int]
    end_column: Final[int]

    def __init__(self, text: str, line: int, column: int, end_line: int, end_column: int) -> None:
        self.text = text
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column


class Heading(FrozenRecord):
    """An ATX heading (`#`..`######`); `text` is stripped of the markers and a closing `#` sequence."""

    __slots__ = ("level", "text", "line")
    level: Final[int]
    text: Final[str]
    line: Final[int]

    def __init__(self, level: int, text: str, line: int) -> None:
        self.level = level
        self.text = text
        self.line = line


class MarkdownScan(Record, internal=("_starts", "_ends")):
    """What `scan` found; every list is in document order (links by target position). `in_fence`
    indexes `fences` when the scan is made: replace the scan rather than mutate its `fences`."""

    __slots__ = ("code_spans", "fences", "links", "comments", "headings", "_starts", "_ends")
    code_spans: list[CodeSpan]
    fences: list[Fence]
    links: list[Link]
    comments: list[HtmlComment]
    headings: list[Heading]
    _starts: list[int]
    _ends: list[int]

    def __init__(self, code_spans: list[CodeSpan], fences: list[Fence], links: list[Link], comments: list[HtmlComment],
                 headings: list[Heading]) -> None:
        self.code_spans = code_spans
        self.fences = fences
        self.links = links
        self.comments = comments
        self.headings = headings
        ordered = sorted(fences, key=_LINE)
        self._starts = list(map(_LINE, ordered))
        self._ends = list(map(_END_LINE, ordered))

    def in_fence(self, line: int) -> bool:
        """Whether file line `line` is part of a code block (fence lines included)."""
        i = bisect_right(self._starts, line) - 1
        return i >= 0 and line <= self._ends[i]


# --- fast records --------------------------------------------------------------------------------
# `_inline` fills the usual spans and fences attribute by attribute instead of calling the class (a third less:
# no call, no frame), which the records' `Final` attributes forbid to the type checker. So it fills a twin with
# the same slots, then gives the instance the real class, which Python allows between classes of the same
# layout: indistinguishable (tests compare them). Where a record is swapped or used as the real class, a
# targeted ignore says so.

class _code_span(FrozenRecord):  # noqa: N801 -- CodeSpan's twin: the same base and slots, so the same layout
    __slots__ = CodeSpan.__slots__
    text: str
    line: int
    column: int
    end_line: int
    end_column: int
    before: str
    after: str


class _fence(FrozenRecord):  # noqa: N801 -- Fence's twin: the same base and slots, so the same layout
    __slots__ = Fence.__slots__
    line: int
    end_line: int
    info: str
    indented: bool


_new = object.__new__  # makes a fast record without calling its `__init__` (to fill it inline)


# --- patterns ------------------------------------------------------------------------------------
# Python's `re` only searches fast for a literal first character, so every pattern searched over a
# whole body starts with one (usually "\n"); the first line is then tried separately with `match`.

# _FENCE_OPEN for backticks, searched: its literal prefix is fast to search, and the info is bounded so that
# the "```" inside a line (most are not fences) cost no more than the line's first characters
_TICK_OPENER = lazyre.compile("(```" + r"`*+)([^\n]{0,120})")
_FENCE_OPEN = lazyre.compile(r"(`{3,}|~{3,})([^\n]*)")
# a run alone on its line; the lookbehind (after the literal prefix, which keeps the search fast) starts matches at
# the start of a run only: retrying inside a run made runs that are not closers cost their length squared
_CLOSER = {char: lazyre.compile(char * 3 + "(?<!" + char * 4 + ")(" + char + r"*+)[ \t]*+(?=\n|\Z)") for char in "`~"}
_INDENT_FIRST = lazyre.compile(r"(?: {4}| {0,3}\t)[ \t]*+[^ \t\n]")  # a line indented 4+ columns
# a line indented 4+ spaces, with text: the literal prefix keeps the search fast, and blank lines (such as the
# first line of a blanked fence) fail in the search, not in Python
_INDENT_PROBE = lazyre.compile("\n    " + r" *+[^ \n]")
_LIST_ITEM = lazyre.compile(r"(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)")
_LIST_STARTS = frozenset("-+*0123456789")
_ENDS_LIST = lazyre.compile(r"#{1,6}(?:[ \t]|$)|(?:[-*_][ \t]*){3,}$")
_TICKS = lazyre.compile(r"``*")
_ESCAPABLE = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_EMAIL = (r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
          r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*")
_AUTOLINK = lazyre.compile(r"<(?:(?P<uri>[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\x00-\x20<>]*)|(?P<email>" + _EMAIL + r"))>")
# A paragraph ends at a newline followed by a blank line or a line that starts another block.
# (Fence lines are blanked before this is used; what is left of them, like ```foo`bar, is text.)
_BREAK_STARTS_WITH = (r"(?:\n|\Z|[-+*](?=[ \t\n]|\Z)|\d{1,9}[.)](?=[ \t\n]|\Z)|#{1,6}(?=[ \t\n]|\Z)"
                      r"|\||(?:-[ \t]*){2,}(?=\n|\Z)|(?:=[ \t]*){2,}(?=\n|\Z)|_{3,}[ \t]*(?=\n|\Z))")
_BREAK = lazyre.compile(r"\n[ \t]*(?:>[ \t]*)*" + _BREAK_STARTS_WITH)
_QUOTE_START = lazyre.compile(r"\n[ \t]*>")  # ... and a block quote starts a new block after an unquoted line
# _BREAK or _QUOTE_START (only where a match starts matters): one literal prefix, not two branches, to search
_BREAK_UNQUOTED = lazyre.compile(r"\n[ \t]*(?:>|" + _BREAK_STARTS_WITH + ")")
_QUOTED = lazyre.compile(r"[ \t]*>")
_ONE_LINE_BLOCK = lazyre.compile(r"[ \t]*(?:>[ \t]*)*(?:#{1,6}(?:[ \t]|$)|\|)", re.M)  # a heading or a table row
_BLOCK_PREFIX = lazyre.compile(r"[ \t]*(?:>[ \t]*)*((?:[-+*]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?|#{1,6}[ \t]+)?")
# _QUOTED (group 1) and _ONE_LINE_BLOCK (group 2) in one match: `lastindex` is None, 1 or 2
_LINE_KIND = lazyre.compile(r"[ \t]*+(>)?[ \t>]*+(#{1,6}(?:[ \t]|$)|\|)?", re.M)
_TABLE_ROW = lazyre.compile(r"[ \t]*\|")
_MARKER_STARTS = frozenset(" \t>-+*#0123456789")  # first characters _BLOCK_PREFIX can match
_LINE_KIND_STARTS = frozenset(" \t>#|")  # first characters of a line _QUOTED or _ONE_LINE_BLOCK can match
_BREAK_STARTS = frozenset(" \t>\n-+*0123456789#|=_")  # first characters after a newline _BREAK can match
_NL_INDENT = lazyre.compile(r"\n[ \t]*(?:>[ \t]?)*[ \t]*")
_TRAILING_NL = lazyre.compile(r"\n[ \t]*(?:>[ \t]?)*[ \t]*\Z")
_LINK_OPEN = lazyre.compile(r"\[((?:[^\[\]\n]++|\n(?![ \t]*\n)|\[[^\[\]\n]*+\])*+)\]\(")
_SP = r"[ \t]*(?:\n[ \t]*)?"
# (blanks between the parts are taken whole, possessively: the three _SP around an empty destination split a run of
# blanks every way before failing, quadratic on `[a](` and a long run of spaces)
_SP_WHOLE = r"[ \t]*+(?:\n[ \t]*+)?+"
_LINK_DEST = lazyre.compile(_SP_WHOLE + r"(?:<(?P<angle>[^<>\n]*)>"
                            r"|(?P<bare>(?:[^\s()<]|\([^\s()]*\))(?:[^\s()]++|\([^\s()]*\))*+)?)"
                            r"(?:" + _SP_WHOLE + r"(?<=\s)(?:\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\)))?"
                            + _SP_WHOLE + r"\)")
# (the label, brackets-free and not blank, is checked by a lookahead and then taken whole: as `[^...]*[^\s...][^...]*`
# it was tried at every split of a long line, quadratic)
_REFDEF = (r" {0,3}\[(?!\^)(?P<label>(?=[^\[\]\n]*[^\s\[\]])[^\[\]\n]*+)\]:" + _SP +
           r"(?:<(?P<angle>[^<>\n]*)>|(?P<bare>[^\s<]\S*))(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\)))?"
           r"[ \t]*(?=\n|\Z)")
_REFDEF_FIRST = lazyre.compile(_REFDEF)
_REFDEF_NEXT = lazyre.compile(r"\n" + _REFDEF)
_ATX = r" {0,3}(#{1,6})(?=[ \t\n]|\Z)([^\n]*)"
_ATX_FIRST = lazyre.compile(_ATX)
_ATX_NEXT = lazyre.compile(r"\n(#{1,6})(?=[ \t\n]|\Z)([^\n]*)")
_ATX_INDENTED = lazyre.compile(r"\n {1,3}(#{1,6})(?=[ \t\n]|\Z)([^\n]*)")
_CLOSING_HASHES = lazyre.compile(r"(?:^|(?<![ \t])[ \t]+)#+$")  # (from the start of a run of blanks only: linear)
_UNESCAPE = lazyre.compile(r"\\([!-/:-@\[-`{-~])")
_MASK = "\x1a"  # stands in for masked characters in pass 4 (never a bracket, space or newline)


def _blank(segment: str, fill: str = " ") -> str:
    """`segment` with every character but newlines replaced by `fill` (same length)."""
    if "\n" not in segment:
        return fill * len(segment)
    return "\n".join(fill * len(part) for part in segment.split("\n"))


def _blank_range(text: str, start: int, end: int) -> str:
    """text[start:end] blanked with spaces, as `_masked` does."""
    if (start == 0 or text[start - 1] == "\n") and (end == len(text) or text[end] == "\n"):
        # whole lines: nothing in them is ever located, so only their number matters (fast)
        lines = text.count("\n", start, end)
        return " " * (end - start - lines) + "\n" * lines
    return _blank(text[start:end])


def _masked(text: str, ranges: list[tuple[int, int]], fill: str = " ") -> str:
    """`text` with the ranges blanked (same length, same number of lines). The ranges are disjoint and in
    order: every caller collects them in one forward pass (and sorting them again showed in profiles)."""
    if not ranges:
        return text
    pieces: list[str] = []
    append = pieces.append
    find = text.find
    last = 0
    whole_lines = fill == " "
    for start, end in ranges:
        append(text[last:start])
        if whole_lines:
            append(_blank_range(text, start, end))
        elif find("\n", start, end) < 0:
            append(fill * (end - start))
        else:
            append(_blank(text[start:end], fill))
        last = end
    append(text[last:])
    return "".join(pieces)


def _width(prefix: str) -> int:
    return len(prefix.expandtabs(4)) if "\t" in prefix else len(prefix)


def _line_prefix(text: str, pos: int) -> str | None:
    """The text between the start of `pos`'s line and `pos` if it is only indentation and `>` markers."""
    start = pos
    while start > 0 and text[start - 1] in " \t>":
        start -= 1
    if start > 0 and text[start - 1] != "\n":
        return None
    return text[start:pos]


class _Locator:
    """Offset -> (line, column), counting newlines incrementally (cheap for increasing offsets). It keeps the
    start of the current line too: finding it again from each offset read the whole line back, quadratic on
    one long line of comments or links (100,000 `<!-- x -->` on a line took seconds)."""

    __slots__ = ("text", "first", "pos", "line", "start")

    def __init__(self, text: str, first: int) -> None:
        self.text, self.first, self.pos, self.line, self.start = text, first, 0, first, 0

    def seek(self, pos: int, line: int) -> None:
        """Continue from `pos`, known to be on file line `line`."""
        self.pos, self.line, self.start = pos, line, self.text.rfind("\n", 0, pos) + 1

    def __call__(self, offset: int) -> tuple[int, int]:
        if offset < self.pos:
            self.pos, self.line, self.start = 0, self.first, 0
        newlines = self.text.count("\n", self.pos, offset)
        if newlines:
            self.line += newlines
            self.start = self.text.rfind("\n", self.pos, offset) + 1
        self.pos = offset
        return self.line, offset - self.start + 1


# --- paragraphs ----------------------------------------------------------------------------------

def _boundary(m: str, nl: int) -> bool:
    """Whether the newline at `nl` separates two blocks (paragraphs, list items, headings...): see
    `_boundary_by_regex`. The usual answer, text on both lines, is found without its regexes (each costs
    several `str` calls): past its indentation, the next line starts with a character no break (nor block
    quote) starts with, and past its indentation and quote markers, the line before has a character that no
    heading or table row starts with."""
    size = len(m)
    after = nl + 1
    while after < size and m[after] in " \t":
        after += 1
    if after < size and m[after] not in _BREAK_STARTS:
        before = m.rfind("\n", 0, nl) + 1
        while before < nl and m[before] in " \t>":
            before += 1
        if before < nl and m[before] not in "#|":
            return False
    return _boundary_by_regex(m, nl)


def _boundary_by_regex(m: str, nl: int) -> bool:
    """Whether the newline at `nl` separates two blocks: a break follows, the line before is blank, a heading
    or a table row, or a block quote starts after an unquoted line."""
    if _BREAK.match(m, nl):
        return True
    line = m[m.rfind("\n", 0, nl) + 1:nl]
    if not line.strip(" \t>") or _ONE_LINE_BLOCK.match(line) is not None:
        return True
    return _QUOTE_START.match(m, nl) is not None and _QUOTED.match(line) is None


def _paragraph_end(m: str, pos: int) -> int:
    """Offset where the paragraph holding `pos` ends (a newline, or the end of the text)."""
    start = m.rfind("\n", 0, pos) + 1
    end = m.find("\n", pos)
    if end < 0:
        return len(m)
    if _ONE_LINE_BLOCK.match(m, start, end):
        return end
    found = (_BREAK if _QUOTED.match(m, start) else _BREAK_UNQUOTED).search(m, end)
    return found.start() if found else len(m)


def _context_before(text: str, m: str, start: int, opener_line: int, last: _LastBoundary | None = None) -> str:
    """The `before` of a code span opening at `start` on the line starting at `opener_line` (or more than
    CONTEXT characters back): what `_inline` computes inline for the usual spans."""
    if start - opener_line >= CONTEXT:
        return text[start - CONTEXT:start]
    # (whether the opener's line starts a block is the first thing `_before` looks at: its newline is the last
    # one before `start`, and the line without its marker is then the answer)
    return _before(text, m, start, last=last)


def _context_after(text: str, probe: int, brk: int) -> str:
    """The `after` of a code span closing at `probe`, in a paragraph ending at `brk`."""
    after = text[probe:min(probe + CONTEXT, brk)]
    return _flatten(after) if "\n" in after else after


def _flatten(segment: str) -> str:
    """Line endings, with the next line's indentation and quote markers, as one space. Without indentation or
    markers after them (most contexts), that is a plain `replace`, several times faster than the regex."""
    if "\n" not in segment:
        return segment
    if "\n " in segment or "\n\t" in segment or "\n>" in segment:
        return _NL_INDENT.sub(" ", segment)
    return segment.replace("\n", " ")


def _before(text: str, m: str, pos: int, inside: int = -1, last: _LastBoundary | None = None) -> str:
    """Up to CONTEXT characters of the paragraph before `pos`, without the block's marker. The caller may
    know that the newline at `inside` does not end a block (no need to test it again), and may pass the
    scan's `_LastBoundary` (then `pos` must not decrease from call to call)."""
    low = pos - CONTEXT if pos > CONTEXT else 0
    at_start = low == 0
    floor = low - 1 if low else 0
    nl = last(floor, pos, inside) if last is not None else _last_boundary(m, floor, pos, inside)
    if nl >= 0:
        low, at_start = nl + 1, True
    segment = text[low:pos]
    if at_start:
        marker = _BLOCK_PREFIX.match(segment)
        assert marker is not None  # (every part of the pattern is optional)
        segment = segment[marker.end():]
    elif low > 0 and m[low - 1] == "\n":
        segment = segment.lstrip(" \t")
    return _flatten(segment)


def _last_boundary(m: str, floor: int, pos: int, inside: int = -1) -> int:
    """The last newline in m[floor:pos] that separates two blocks (but `inside`, known not to), or -1."""
    nl = m.rfind("\n", floor, pos)
    while nl >= 0:
        if nl != inside and _boundary(m, nl):
            return nl
        nl = m.rfind("\n", floor, nl)
    return -1


class _LastBoundary:
    """`_last_boundary` for queries in document order, testing each newline once.

    The context of a code span looks back CONTEXT characters for a paragraph start: on short lines that is a
    dozen newlines, each tested again by every later span within reach (`x` on each of 250,000 lines: 3
    million tests). This remembers the last boundary in the range already searched, [`low`, `high`), and
    searches only beyond it."""

    __slots__ = ("m", "low", "high", "last")

    def __init__(self, m: str) -> None:
        self.m = m
        self.low = self.high = 0
        self.last = -1  # the last boundary in m[low:high], or -1

    def __call__(self, floor: int, pos: int, inside: int = -1) -> int:
        if pos < self.high:  # (not in document order: answered on its own)
            return _last_boundary(self.m, floor, pos, inside)
        if floor < self.low or floor > self.high:  # the range searched does not reach back to floor: start anew
            self.low, self.high, self.last = floor, floor, -1
        found = _last_boundary(self.m, self.high, pos, inside)
        self.high = pos
        if found >= 0:
            self.last = found
        return self.last if self.last >= floor else -1


# --- pass 1: fences and line-level comments ------------------------------------------------------

# A fence as _blocks finds it: (start of its first line, end of its last line, newlines in between, newlines
# from its first line to its last (one fewer if it runs unclosed to a final newline), info, indentation).
_RawFence = tuple[int, int, int, int, str, int]


def _fence_lines(text: str, first_line: int, fences: list[_RawFence]) -> list[int]:
    """The line of each fence (the way `_inline` numbers them, for when they are needed before it)."""
    lines = []
    line, counted = first_line, 0
    for low, end, newlines, _, _, _ in fences:
        line += text.count("\n", counted, low)
        lines.append(line)
        line += newlines
        counted = end
    return lines


def _skip_map(text: str, first_line: int, fences: list[_RawFence], skip: dict[int, tuple[int, int]]) -> None:
    """Adds the fences to `_blocks`'s skip map (0-based first line -> (0-based last line, indentation))."""
    for (_, _, _, spanned, _, indent), line in zip(fences, _fence_lines(text, first_line, fences), strict=True):
        skip[line - first_line] = (line + spanned - first_line, indent)


def _find(text: str, probe: str, pos: int) -> int:
    """text.find(probe, pos) for "~~~" and "<!--", fast: `str.find` is slow for these probes but `memchr` (one
    character) is not, and tildes and "<" are rare. (Backticks are common: "```" is searched with a regex.)"""
    first = probe[0]
    pos = text.find(first, pos)
    while pos >= 0 and not text.startswith(probe, pos):
        pos = text.find(first, pos + 1)
    return pos


def _find_closer(text: str, marker: str, indent: int, pos: int) -> int:
    """End offset of the line closing a fence opened with `marker` (from `pos`), or -1.

    `_CLOSER` finds the next run of the marker's character that is alone on its line (one search, with a
    literal prefix); it starts a run, as `pos` is always at the end of a line. The rest is checked here."""
    closer = _CLOSER[marker[0]]
    length = len(marker)
    while True:
        found = closer.search(text, pos)
        if found is None:
            return -1
        start = found.start()
        if found.end(1) - start >= length:
            if text[start - 1] == "\n":  # (start > 0: pos is past the opener)
                return found.end()
            prefix = _line_prefix(text, start)
            if prefix is not None and _width(prefix) <= indent + 3:
                return found.end()
        pos = found.end()


def _blocks(text: str, first_line: int) -> tuple[list[_RawFence], list[HtmlComment], str, dict[int, tuple[int, int]]]:
    """Fences and line-level comments, in order. Returns (fences, comments, the text with both blanked, skip map).

    Fences come without their line numbers, as _RawFence tuples: counting the newlines before each fence
    would count most of the body a second time, so `_inline`, which counts them anyway, numbers them (see
    `_fence_lines` when that is needed earlier). The skip map has the multi-line comments only: see `_skip_map`.
    The blanked copy is built here as the blocks are found, so a fence's newlines are counted once, for its
    lines and for its blank; fences always span whole lines, blanked the fast way `_masked` describes."""
    fences: list[_RawFence] = []
    comments: list[HtmlComment] = []
    pieces: list[str] = []  # the blanked copy of text[:copied]
    copied = 0
    skip: dict[int, tuple[int, int]] = {}  # 0-based first line -> (0-based last line, indentation)
    locate: _Locator | None = None  # for comments (made when needed: most bodies have none)
    count = text.count
    size = len(text)
    search_ticks = _TICK_OPENER.search  # (a regex has a fast literal prefix search, `str.find` does not)
    tick_opener = search_ticks(text)
    # the next "```", "~~~" and "<!--" ("not found" is `size`, never behind `pos`)
    ticks = tick_opener.start() if tick_opener else size
    tildes, comment = _find(text, "~~~", 0), _find(text, "<!--", 0)
    tildes, comment = tildes if tildes >= 0 else size, comment if comment >= 0 else size
    pos = 0
    while True:
        if ticks < pos:
            tick_opener = search_ticks(text, pos)
            ticks = tick_opener.start() if tick_opener else size
        start = ticks
        if tildes < start or comment < start:  # (rare)
            if tildes < pos:
                tildes = _find(text, "~~~", pos)
                if tildes < 0:
                    tildes = size
            if comment < pos:
                comment = _find(text, "<!--", pos)
                if comment < 0:
                    comment = size
            if tildes < start:
                start = tildes
            if comment < start:
                start = comment
        if start == size:
            break
        prefix: str | None
        if text[start - 1] == "\n" or start == 0:  # the usual case, without a call
            prefix = ""
        else:
            prefix = _line_prefix(text, start)
            if prefix is None:  # (nor is any later position in a backtick run: skip it)
                # (start == ticks: a backtick opener was found there)
                pos = tick_opener.end(1) if start == ticks and tick_opener is not None else start + 1
                continue
        if start == comment:  # a comment opening a line: may span paragraphs
            close = text.find("-->", start + 2)
            if close < 0:  # unclosed: literal, and so is every later one
                comment = size
                pos = start + 4
                continue
            inner = start + 4
            if locate is None:
                locate = _Locator(text, first_line)
            c_line, c_column = locate(inner)
            end_line, end_column = locate(max(inner, close))
            comments.append(HtmlComment(text[inner:close], c_line, c_column, end_line, end_column))
            pieces.append(text[copied:start])
            pieces.append(_blank_range(text, start, close + 3))
            copied = close + 3
            if end_line > c_line:
                skip[c_line - first_line] = (end_line - first_line, _width(prefix))
            pos = close + 3
            continue
        opener = tick_opener if start == ticks else None
        if opener is None or (opened := opener.end()) < size and text[opened] != "\n":  # tildes, or a long info
            opener = _FENCE_OPEN.match(text, start)
            assert opener is not None  # (at three backticks or tildes)
            opened = opener.end()
        marker, info = opener.groups()
        char = marker[0]
        if char == "`" and "`" in info:  # ```foo``` is inline code, not a fence
            pos = start + len(marker)
            continue
        indent = _width(prefix) if prefix else 0
        # the closer: usually the first candidate, at the start of its line, and any run closes a 3-long marker
        closer = _CLOSER[char].search(text, opened)
        if closer is not None and text[closer.start() - 1] == "\n" and len(marker) == 3:
            end = closer.end()
        else:
            end = _find_closer(text, marker, indent, opened)
        if end >= 0:
            lines = spanned = count("\n", start, end)
        else:  # unclosed: to the end of the body (whose last line ends the fence)
            end = size
            lines = count("\n", start, size)
            spanned = lines - 1 if text.endswith("\n") else lines
        low = start - len(prefix)
        fences.append((low, end, lines, spanned, info.strip(), indent))
        pieces += text[copied:low], " " * (end - low - lines), "\n" * lines
        copied = end
        pos = end + 1
    if not pieces:
        return fences, comments, text, skip
    pieces.append(text[copied:])
    return fences, comments, "".join(pieces), skip


# --- pass 2: indented code -----------------------------------------------------------------------

def _indented(text: str, skip: dict[int, tuple[int, int]]) -> list[tuple[int, int, int, int]]:
    """Indented code blocks outside lists, as (first line, last line, start, end); 0-based lines."""
    lines = text.split("\n")
    count = len(lines)
    blocks = []
    i = offset = 0
    in_list = False
    can_open = True  # at the start, after a blank line, a heading or a fence
    while i < count:
        skipped = skip.get(i)
        if skipped is not None:  # a fence or a multi-line comment: step over it
            last, indent = skipped
            if indent == 0:
                in_list = False
            last = min(max(last, i), count - 1)
            while i <= last:
                offset += len(lines[i]) + 1
                i += 1
            can_open = True  # not a paragraph: indented code may follow at once
            continue
        line = lines[i]
        stripped = line.lstrip(" \t")
        if not stripped:
            can_open = True
            offset += len(line) + 1
            i += 1
            continue
        indent = _width(line[: len(line) - len(stripped)])
        if indent >= 4 and can_open and not in_list:
            start, end, last = offset, offset + len(line), i
            j, cursor = i + 1, offset + len(line) + 1
            while j < count and j not in skip:
                following = lines[j]
                rest = following.lstrip(" \t")
                if rest and _width(following[: len(following) - len(rest)]) < 4:
                    break
                if rest:
                    last, end = j, cursor + len(following)
                cursor += len(following) + 1
                j += 1
            blocks.append((i, last, start, end))
            while i <= last:
                offset += len(lines[i]) + 1
                i += 1
            can_open = False
            continue
        # (the first character rules most lines out of each regex: a line pass over a whole body is slow)
        first = stripped[0]
        if first in _LIST_STARTS and _LIST_ITEM.match(stripped) and (indent < 4 or in_list):
            in_list = True
        elif indent == 0 and (can_open or (first in "#-*_" and _ENDS_LIST.match(stripped))):
            in_list = False
        # after a heading, as after a blank
        can_open = indent < 4 and first == "#" and _ATX_FIRST.match(line) is not None
        offset += len(line) + 1
        i += 1
    return blocks


# --- pass 3: code spans, inline comments, autolinks ----------------------------------------------

def _span_bounds(text: str, start: int, close: int) -> tuple[str, int, int]:
    """(content, first, last) of a code span whose raw content is text[start:close]."""
    raw = text[start:close]
    content = _flatten(raw)
    first, last = start, close
    if len(content) >= 2 and content[0] == " " and content[-1] == " " and content.strip(" "):
        content = content[1:-1]
        if raw[0] == "\n":
            indent = _NL_INDENT.match(text, start)
            assert indent is not None  # (at a newline)
            first = indent.end()
        else:
            first = start + 1
        trailing = _TRAILING_NL.search(raw)
        last = start + trailing.start() if trailing is not None else close - 1
    return content, first, last


_ANGLE = lazyre.compile(r"<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]")  # a "<" that may open a comment or an autolink


def _next_angle(m: str, pos: int, line_end: int, size: int) -> int:
    """The next "<" from `pos` that `_inline` must step on, or `size`. On the line of its last event, only one
    that may open a comment (`<!--`) or an autolink: the others are text (stepping on each of them cost a
    second on a line of 1,000,000 "<"). After that line, the first "<" of any kind, as it may be the first
    event of its line, where `_inline` finds the line's paragraph."""
    if pos <= line_end:
        found = _ANGLE.search(m, pos, line_end)
        if found is not None:
            return found.start()
        pos = line_end + 1
    first = m.find("<", pos)
    return first if first >= 0 else size


_RUNS_BEFORE_INDEX = 16  # backtick runs a closer search steps over before the paragraph's runs are indexed


class _TickRuns:
    """The backtick runs of (the rest of) one paragraph, by width: where a code span closes is the next run of
    its opener's width. Searching run by run is quicker when the closer is near, as it nearly always is, but
    is quadratic on a paragraph of runs of many widths (`` ` `` ``` `` ``` ... up to 1,400: two seconds)."""

    __slots__ = ("brk", "starts")

    def __init__(self, m: str, low: int, brk: int) -> None:
        self.brk = brk
        self.starts: dict[int, list[int]] = {}
        for run in _TICKS.finditer(m, low, brk):  # (maximal runs: `low` is never inside one)
            start = run.start()
            self.starts.setdefault(run.end() - start, []).append(start)

    def closer(self, end: int, width: int) -> int:
        """Where the first run of `width` characters from `end` starts, or -1."""
        starts = self.starts.get(width)
        if not starts:
            return -1
        i = bisect_left(starts, end)
        return starts[i] if i < len(starts) else -1


# What `_inline` returns: code spans, inline comments, masks for the link pass, the line of each fence, and the
# (offset, line) seed for the link pass's locator.
_InlineResult = tuple[list[CodeSpan], list[HtmlComment], list[tuple[int, int]], list[int], tuple[int, int]]


def _inline(text: str, m: str, first_line: int, links: list[Link], fences: list[_RawFence], want_masks: bool,
            seed_before: int = 0) -> _InlineResult:
    """Code spans, inline comments and autolinks, leftmost first. Returns (spans, comments, masks, fence lines,
    seed): `seed` is (offset, line) of the last event line before `seed_before`, for the link pass's locator.
    Autolinks go to `links`. Masks (for the link pass) are only collected if `want_masks`.

    This pass is most of the cost of a scan (one step per backtick run, `<` and backslash): `_InlineScan` holds
    the state its steps share, so that the line of the current event is found once for all of them."""
    return _InlineScan(text, m, first_line, links, fences, want_masks, seed_before).run()


class _InlineScan:
    """Pass 3, one event at a time (`run`): each kind of event has its own step, and the steps share what the
    scan knows so far.

    The scan keeps the line of the current event (`line`, `line_start`, `line_end`) and the end of its
    paragraph (`brk`): an event's line number, where a code span may close and the span's context then share a
    few `str` calls, and these are redone only when an event lies on a later line (`_enter_line`). Counting
    lines on the way, it numbers the fences too, and steps over them (their newlines are known). The next
    backtick, `<` and backslash are each searched once and kept until the scan passes them."""

    __slots__ = ("text", "m", "first_line", "links", "fences", "want_masks", "seed_before", "spans", "comments",
                 "masks", "size", "find", "rfind", "count", "tick", "angle", "slash", "rare", "only_ticks", "other",
                 "line", "line_start", "line_end", "counted", "seed", "fence_lines", "numbered", "next_fence", "brk",
                 "previous_brk", "tested_line", "tested_starts", "tested_low", "unmatched", "comment_close",
                 "comment_from", "last_boundary", "runs")

    def __init__(self, text: str, m: str, first_line: int, links: list[Link], fences: list[_RawFence],
                 want_masks: bool, seed_before: int) -> None:
        self.text, self.m, self.first_line, self.links, self.fences = text, m, first_line, links, fences
        self.want_masks, self.seed_before = want_masks, seed_before
        self.spans: list[CodeSpan] = []
        self.comments: list[HtmlComment] = []
        self.masks: list[tuple[int, int]] = []
        size = self.size = len(m)
        self.find, self.rfind, self.count = m.find, m.rfind, m.count
        tick, angle, slash = m.find("`"), m.find("<"), m.find("\\")
        # the next backtick, "<" and backslash; "not found" is `size`, which is never behind `pos`: no -1 checks
        self.tick, self.angle, self.slash = (tick if tick >= 0 else size, angle if angle >= 0 else size,
                                             slash if slash >= 0 else size)
        self.rare = min(self.angle, self.slash)  # the next "<" or backslash
        self.only_ticks = self.angle == self.slash == size  # no "<" or backslash: the next event is the next backtick
        self.other: _Locator | None = None  # for comments and autolinks (made when needed: most bodies have none)
        self.line, self.line_start, self.line_end = first_line, 0, -1  # the line of the last event (none yet)
        self.counted = 0  # where `line` was counted to
        self.seed = 0, first_line
        self.fence_lines: list[int] = []
        self.numbered = 0  # fences numbered so far
        self.next_fence = fences[0][0] if fences else size + 1  # the start of the next fence not numbered yet
        self.brk = self.previous_brk = -1  # end of the current paragraph, and of the one before
        # the last opener line tested as a paragraph start: its start, the answer, and where its text starts
        self.tested_line, self.tested_starts, self.tested_low = -1, False, 0
        self.unmatched: dict[int, int] = {}  # backtick run width -> paragraph end it has no closer before
        self.comment_close = self.comment_from = -1  # the last "-->" search: result, and the paragraph it was in
        self.last_boundary = _LastBoundary(self.m)  # (for contexts that reach back over lines)
        self.runs: _TickRuns | None = None  # the backtick runs of a paragraph where closers are far (rare)

    def run(self) -> _InlineResult:
        """The whole pass: each event, leftmost first, moves the scan to its line, then is handled by its kind;
        each step returns where the search goes on. Without "<" or backslash (most bodies), the next event is
        simply the next backtick, found without `_next_event`."""
        m = self.m
        find, only_ticks = m.find, self.only_ticks
        pos = 0
        while True:
            start = find("`", pos) if only_ticks else self._next_event(pos)
            if start < 0:
                break
            if start > self.line_end:  # on a later line
                self._enter_line(start)
            if m[start] == "`":
                pos = self._code_span(start)
            elif m.startswith("<!--", start):
                pos = self._comment(start)
            else:
                pos = self._autolink(start)
        self._number_fences(self.size + 1)  # the fences after the last event
        return self.spans, self.comments, self.masks, self.fence_lines, self.seed

    # --- finding events

    def _next_event(self, pos: int) -> int:
        """The next backtick or "<" from `pos`, or -1. Backslash escapes on the way are masked and stepped over
        here: unlike the other events, they never move the scan to their line."""
        m, size = self.m, self.size
        while True:
            tick = self.tick
            if tick < pos:
                tick = self.find("`", pos)
                self.tick = tick = tick if tick >= 0 else size
            rare = self.rare if self.rare >= pos else self._next_rare(pos)
            start = tick if tick < rare else rare
            if start == size:
                return -1
            if m[start] != "\\":
                return start
            pos = self._escape(start)

    def _next_rare(self, pos: int) -> int:
        """The next "<" or backslash from `pos` (or `size`). Only the "<" that `_next_angle` says the scan must
        step on: on the line of the last event, most are text."""
        size = self.size
        if self.angle < pos:
            self.angle = _next_angle(self.m, pos, self.line_end, size)
        if self.slash < pos:
            slash = self.find("\\", pos)
            self.slash = slash if slash >= 0 else size
        angle, slash = self.angle, self.slash
        rare = self.rare = angle if angle < slash else slash
        return rare

    def _escape(self, start: int) -> int:
        """A backslash at `start`: before a punctuation character, an escape (masked for the link pass, and the
        character is literal: skipped); otherwise literal itself. Returns where the search goes on."""
        if start + 1 < self.size and self.m[start + 1] in _ESCAPABLE:
            if self.want_masks:
                self.masks.append((start, start + 2))
            return start + 2
        return start + 1

    # --- lines and paragraphs

    def _enter_line(self, start: int) -> None:
        """Moves the scan to the line of `start`, an event past the current line: numbers the fences before it,
        counts the line and finds its start and end, and, when the event is past the current paragraph, the end
        of its new one. Done once per line with events, so that all of them share it."""
        if self.next_fence < start:
            self._number_fences(start)
        counted, line_end = self.counted, self.line_end
        newlines = self.count("\n", counted, start)
        line = self.line = self.line + newlines
        # (on the next line, it starts after the last line's end)
        self.line_start = line_end + 1 if newlines == 1 and counted <= line_end else self.rfind("\n", 0, start) + 1
        self.counted = start
        if start < self.seed_before:
            self.seed = start, line
        line_end = self.find("\n", start)
        self.line_end = line_end if line_end >= 0 else self.size
        if start >= self.brk:  # a new paragraph (always on a new line)
            self.previous_brk = self.brk
            self.brk = self._paragraph_break(start)

    def _number_fences(self, before: int) -> None:
        """Numbers the fences that start before offset `before`, and steps the line count over them: pass 1
        counted their newlines already, so the text in them is not counted again."""
        fences, count, size = self.fences, self.count, self.size
        line, counted, numbered, next_fence = self.line, self.counted, self.numbered, self.next_fence
        while next_fence < before:
            line += count("\n", counted, next_fence)
            self.fence_lines.append(line)
            _, counted, newlines, _, _, _ = fences[numbered]
            line += newlines
            numbered += 1
            next_fence = fences[numbered][0] if numbered < len(fences) else size + 1
        self.line, self.counted, self.numbered, self.next_fence = line, counted, numbered, next_fence

    def _paragraph_break(self, start: int) -> int:
        """Where the paragraph of `start`, which begins on the current line, ends: `_paragraph_end`, with the
        usual answers first, from the line already at hand. A heading or a table row is a paragraph of its own;
        a quoted line (rare) takes the general case."""
        m, size, line_start, line_end = self.m, self.size, self.line_start, self.line_end
        if line_end == size:
            return size
        marker = m[line_start]
        if marker in _LINE_KIND_STARTS:
            if marker == "|":
                return line_end
            kind = _LINE_KIND.match(m, line_start, line_end)
            assert kind is not None  # (every part of the pattern is optional)
            if kind.lastindex:
                return line_end if kind.lastindex == 2 else _paragraph_end(m, start)
        return self._break_after(line_end)

    def _break_after(self, line_end: int) -> int:
        """The first paragraph break from the end of a line of text, `line_end` (a newline): `_BREAK_UNQUOTED`,
        but first the usual answers, read from the next line's first characters (a regex search costs more)."""
        m, size = self.m, self.size
        follower = line_end + 1
        first = m[follower] if follower < size else "\n"
        if first in "\n|>" or (first in "-+*" and (follower + 1 == size or m[follower + 1] in " \t\n")):
            return line_end  # the next line is blank, a table row, a block quote or a list item
        found = _BREAK_UNQUOTED.search(m, line_end)
        return found.start() if found else size

    def _move_to(self, pos: int) -> None:
        """Moves the scan to the line of `pos`, where the content of a code span starts (a line after its
        opener's, in the same paragraph: no fence or paragraph end can be on the way)."""
        self.line += self.count("\n", self.counted, pos)
        self.counted = pos
        self.line_start = self.rfind("\n", 0, pos) + 1
        line_end = self.find("\n", pos)
        self.line_end = line_end if line_end >= 0 else self.size

    # --- code spans

    def _code_span(self, start: int) -> int:
        """The backtick run at `start`: a code span if a run of the same width closes it in the paragraph
        (recorded, and the scan goes on after its closer), else literal (the scan goes on after it). Returns
        where the search goes on. Two lone backticks around text on one line, the usual span, are recognized
        without measuring runs."""
        m, size = self.m, self.size
        end = start + 1
        close = self.find("`", end)
        probe = close + 1
        if close <= end or close >= self.brk or (probe < size and m[probe] == "`"):  # not two lone backticks
            end, close, probe = self._closing_run(start, end, close)
            if close < 0:
                return end
        if self.want_masks:
            self.masks.append((end, close))
        if close < self.line_end and m[end] != " ":  # on one line, nothing to strip: the usual case
            self._one_line_span(start, end, close, probe)
        else:
            self._spread_span(start, end, close, probe)
        return probe

    def _closing_run(self, start: int, end: int, close: int) -> tuple[int, int, int]:
        """(end of the opening run, start and end of the closing run) for the backtick run at `start`, in full
        (`end` and `close` are the end of its first backtick and the next backtick). The closer is the next run
        of the same width in the paragraph; `close` is -1 when there is none, and the width is then remembered
        as unmatched in this paragraph, as later runs of that width have no closer either."""
        m, brk, unmatched = self.m, self.brk, self.unmatched
        if close == end:
            opener = _TICKS.match(m, start)
            assert opener is not None  # (at a backtick)
            end = opener.end()
        width = end - start
        if unmatched and unmatched.get(width) == brk:
            return end, -1, -1
        runs = self.runs
        if runs is not None and runs.brk == brk:  # a paragraph of many runs: indexed
            close = runs.closer(end, width)
            probe = close + width
        else:
            close, probe = self._search_closer(end, width)
        if close < 0:
            unmatched[width] = brk
        return end, close, probe

    def _search_closer(self, end: int, width: int) -> tuple[int, int]:
        """(start, end) of the first run of `width` backticks in the paragraph from `end`, or (-1, -1), searched
        run by run: the closer is nearly always near. After `_RUNS_BEFORE_INDEX` runs of other widths, the
        paragraph's runs are indexed by width instead (`_TickRuns`): run by run is quadratic on a paragraph of
        runs of many widths."""
        m, find, size, brk = self.m, self.find, self.size, self.brk
        close = find("`", end, brk)
        visited = 0
        while close >= 0:
            probe = close + 1
            if probe < size and m[probe] == "`":
                run = _TICKS.match(m, close)
                assert run is not None  # (at a backtick)
                probe = run.end()
            if probe - close == width:
                return close, probe
            visited += 1
            if visited == _RUNS_BEFORE_INDEX:
                runs = self.runs = _TickRuns(m, end, brk)
                close = runs.closer(end, width)
                return close, close + width
            close = find("`", probe, brk)
        return -1, -1

    def _one_line_span(self, start: int, end: int, close: int, probe: int) -> None:
        """Records the usual code span: opened at `start`, its content text[end:close] on the current line and
        not starting with a space (nothing to strip), closed by a run ending at `probe`. Its context comes from
        the line at hand, and the record is built inline (see "fast records"): this is the hot path."""
        text, line_start = self.text, self.line_start
        content = text[end:close]
        if "\\|" in content and _TABLE_ROW.match(self.m, line_start):
            content = content.replace("\\|", "|")  # GFM unescapes pipes in table cells, code included
        # context: the paragraph around the span, cut at CONTEXT characters
        before = text[start - CONTEXT:start] if start - line_start >= CONTEXT else self._before_on_line(start)
        stop = probe + CONTEXT
        # (before the line's end, so before the paragraph's, and no newline to flatten)
        after = text[probe:stop] if stop <= self.line_end else _context_after(text, probe, self.brk)
        span = _new(_code_span)  # CodeSpan(content, line, column, line, ..., before, after), inlined
        span.text = content
        span.line = span.end_line = self.line
        span.column = end - line_start + 1
        span.end_column = close - line_start + 1
        span.before = before
        span.after = after
        span.__class__ = CodeSpan  # type: ignore[assignment]  # the class swap of "fast records"
        self.spans.append(span)  # type: ignore[arg-type]  # (a CodeSpan now: see above)

    def _before_on_line(self, start: int) -> str:
        """The `before` of a span opening less than CONTEXT characters into the current line. If the line starts
        a block, it is the line up to `start` without the block's marker; whether it does is tested once per
        line (`_test_line`), as a line often holds several spans. Otherwise `_before` looks back over lines."""
        line_start = self.line_start
        if line_start != self.tested_line:
            self._test_line(line_start, start)
        if self.tested_starts:
            return self.text[self.tested_low:start]
        return _before(self.text, self.m, start, line_start - 1, self.last_boundary)

    def _test_line(self, low: int, start: int) -> None:
        """Whether the line starting at `low` (holding a span opener at `start`) is a paragraph's first line,
        and where its text starts. Cheap answers first: a list item or a heading starts a block, and the line
        then loses its block marker ("- item": two characters, the usual marker, without a regex)."""
        self.tested_line = self.tested_low = low
        text = self.text
        marker = text[low]
        if marker in "-+*" and text[low + 1] == " " and text[low + 2] not in " \t[":
            self.tested_starts, self.tested_low = True, low + 2
            return
        prefix = _BLOCK_PREFIX.match(text, low, start) if marker in _MARKER_STARTS else None
        if prefix is None:
            self.tested_starts = self._starts_paragraph(low)
            return
        self.tested_starts = bool(prefix.lastindex) or self._starts_paragraph(low)  # a list item or a heading
        self.tested_low = prefix.end()

    def _starts_paragraph(self, low: int) -> bool:
        """Whether the newline before `low`, a line start, ends a block. A paragraph end is always a boundary,
        and so is a newline after a blank line: both are answered without `_boundary`."""
        m = self.m
        return low < 2 or low - 1 == self.previous_brk or m[low - 2] == "\n" or _boundary(m, low - 1)

    def _spread_span(self, start: int, end: int, close: int, probe: int) -> None:
        """Records a code span that is not the usual one: its content text[end:close] spans lines, or has a
        space to strip (the content may then start on the next line, where the scan moves). The general
        helpers find its extent and context."""
        text, m = self.text, self.m
        multiline = close > self.line_end
        content, first, last = _span_bounds(text, end, close)
        if "\\|" in content and _TABLE_ROW.match(m, self.line_start):
            content = content.replace("\\|", "|")
        if first > self.line_end:  # the content starts on the next line
            self._move_to(first)
        line, line_start = self.line, self.line_start
        column = first - line_start + 1
        if not multiline:
            end_line, end_column = line, column + last - first
        else:
            end_line = line + self.count("\n", first, last)
            end_column = last - self.rfind("\n", 0, last)
        opener_line = line_start if line_start <= start else self.rfind("\n", max(0, start - CONTEXT), start) + 1
        self.spans.append(CodeSpan(content, line, column, end_line, end_column,
                                   _context_before(text, m, start, opener_line, self.last_boundary),
                                   _context_after(text, probe, self.brk)))

    # --- comments and autolinks

    def _locator(self) -> _Locator:
        """The locator for comments and autolinks, made on first use: most bodies have neither."""
        if self.other is None:
            self.other = _Locator(self.text, self.first_line)
        return self.other

    def _comment(self, start: int) -> int:
        """An inline `<!--` at `start`: a comment if `-->` closes it in the paragraph, else literal. Returns
        where the search goes on. The last "-->" found in the paragraph is kept: on a line of many comments,
        searching again from each opener would be quadratic when one is unclosed."""
        brk = self.brk
        if self.comment_from != brk or 0 <= self.comment_close < start + 2:
            self.comment_close, self.comment_from = self.find("-->", start + 2, brk), brk
        close = self.comment_close
        if close < 0:
            return start + 4
        inner = start + 4
        locate = self._locator()
        line, column = locate(inner)
        end_line, end_column = locate(max(inner, close))
        self.comments.append(HtmlComment(self.text[inner:close], line, column, end_line, end_column))
        if self.want_masks:
            self.masks.append((start, close + 3))
        return close + 3

    def _autolink(self, start: int) -> int:
        """A "<" at `start` that does not open a comment: an autolink (`<scheme:...>`, `<a@b.c>`) or text.
        Returns where the search goes on."""
        autolink = _AUTOLINK.match(self.m, start)
        if autolink is None:
            return start + 1
        target = autolink.group("uri") or autolink.group("email")
        line, column = self._locator()(start + 1)
        self.links.append(Link(target, target, False, line, column, column + len(target)))
        if self.want_masks:
            self.masks.append(autolink.span())
        return autolink.end()


# --- pass 4: links, definitions, headings --------------------------------------------------------

def _target(text: str, match: re.Match[str], base: int = 0) -> tuple[str, int, int]:
    """(target, start, end) of a destination matched in a copy of `text[base:]`."""
    group = "angle" if match.group("angle") is not None else "bare"
    start, end = match.span(group)
    if start < 0:  # [text]() -- an empty destination
        start = end = match.end() - 1
    start += base
    end += base
    raw = text[start:end]
    return (_UNESCAPE.sub(r"\1", raw) if "\\" in raw else raw), start, end


def _links(text: str, m: str, locate: _Locator, links: list[Link], low: int, high: int, depth: int = 0,
           stop: int | None = None, base: int = 0) -> None:
    """Inline links and images in m[low:high], nested ones included (e.g. a badge image inside a link).
    `stop` (default `high`) bounds where link texts are searched; destinations may run up to `high`.
    `m` is the masked copy of `text[base:]` (or of a part of it: see `_link_window`)."""
    for match in _LINK_OPEN.finditer(m, low, high if stop is None else stop):
        inner_start, inner_end = match.span(1)
        if depth < 4 and "](" in m[inner_start:inner_end]:
            _links(text, m, locate, links, inner_start, inner_end, depth + 1, base=base)
        dest = _LINK_DEST.match(m, match.end(), high)
        if dest is None:
            continue
        target, start, end = _target(text, dest, base)
        line, column = locate(start)
        image = match.start() > 0 and m[match.start() - 1] == "!"
        links.append(Link(target, _flatten(text[inner_start + base:inner_end + base]), image, line, column,
                          column + end - start))


def _definitions(text: str, m: str, locate: _Locator, links: list[Link]) -> None:
    """Reference definitions `[label]: target` that start a paragraph."""
    found = [_REFDEF_FIRST.match(m)] if m.startswith(("[", " ")) else []
    found.extend(_REFDEF_NEXT.finditer(m))
    for match in found:
        if match is None:
            continue
        start = match.start("label") - 1
        line_start = m.rfind("\n", 0, start) + 1
        if line_start > 0:
            previous = m[m.rfind("\n", 0, line_start - 1) + 1:line_start - 1]
            if previous.strip() and not _REFDEF_FIRST.match(previous) and not _ATX_FIRST.match(previous):
                continue
        target, t_start, t_end = _target(text, match)
        line, column = locate(t_start)
        links.append(Link(target, match.group("label"), False, line, column, column + t_end - t_start))


def _link_window(m: str, last: int) -> tuple[int, int, int]:
    """(low, stop, high): inline links start after `low` (one character before the first "[", for a "!"),
    their texts end by `stop` (after the last "](", at `last`) and the link search reads nothing from `high`
    on (a destination and its title span at most four lines). Masking `m` outside is wasted; low is -1 if
    there is no "["."""
    first = m.find("[")
    if first < 0:
        return -1, -1, -1
    stop = last + 2
    high = stop
    for _ in range(4):
        high = m.find("\n", high) + 1
        if high == 0:
            high = len(m)
            break
    return max(first - 1, 0), stop, high


def _window(m: str, ranges: list[tuple[int, int]], low: int, high: int) -> str:
    """m[low:high] masked with the ranges (disjoint, in order) that overlap it: what the link search reads."""
    first = bisect_left(ranges, (low,))
    if first > 0 and ranges[first - 1][1] > low:
        first -= 1
    pieces: list[str] = []
    last = low
    for start, end in ranges[first:bisect_left(ranges, (high,), first)]:
        if start < last:  # (the first range may start before the window, the last one end after it)
            start = last
        if end > high:
            end = high
        pieces.append(m[last:start])
        pieces.append(_MASK * (end - start) if m.find("\n", start, end) < 0 else _blank(m[start:end], _MASK))
        last = end
    pieces.append(m[last:high])
    return "".join(pieces)


def _link_syntax(m: str) -> tuple[bool, bool, int]:
    """("](" in m, "]:" in m, where the last "](" is if there is no "]:"), from the "]" found by `str.find`:
    a one-character search is several times faster than a two-character one, and most bodies have few brackets."""
    inline = definition = False
    last = -1
    find, end = m.find, len(m) - 1
    at = find("]", 0, end)  # (a "]" at the very end has no follower)
    while at >= 0:
        follower = m[at + 1]
        if follower == "(":
            inline = True
            last = at
            if definition:
                break
        elif follower == ":":
            definition = True
            if inline:
                break
        at = find("]", at + 1, end)
    return inline, definition, last


def _may_hold_indented_code(text: str, m: str) -> bool:
    """Whether some line of `m` indented 4+ columns follows a blank line (or starts the body)."""
    if _INDENT_FIRST.match(m):
        return True
    if "\t" in m:
        return True  # rare: let the line pass decide
    for match in _INDENT_PROBE.finditer(m):  # (with no tab, what _INDENT_FIRST matches after a newline)
        start = match.start()
        if not text.startswith("    ", start + 1):  # a blanked code block
            continue
        previous = m[m.rfind("\n", 0, start) + 1:start]
        if not previous.strip(" ") or _ATX_FIRST.match(previous):
            return True
    return False


def _headings(text: str, m: str, first_line: int) -> list[Heading]:
    found = list(_ATX_NEXT.finditer(m))  # separate literal prefixes are much faster than "\n {0,3}#"
    indented = list(_ATX_INDENTED.finditer(m))
    if indented:
        found = sorted(found + indented, key=lambda match: match.start())
    first = _ATX_FIRST.match(m)
    if first is not None:
        found.insert(0, first)
    headings = []
    line, counted = first_line, 0
    for match in found:
        start, end = match.span(2)
        title = text[start:end].strip(" \t")
        if title.endswith("#"):
            title = _CLOSING_HASHES.sub("", title).rstrip(" \t")
        marker = match.start(1)
        line += m.count("\n", counted, marker)
        counted = marker
        headings.append(Heading(match.end(1) - marker, title, line))
    return headings


def scan(body: str, first_line: int = 1, *, headings: bool = True) -> MarkdownScan:
    """Scan a SKILL.md body (the text after the frontmatter) whose first line is file line `first_line`.

    `headings=False` skips the heading pass for callers that do not need them (the linter's
    rules do not; it is a sixth of the scan)."""
    text = body.replace("\r", " ") if "\r" in body else body  # same length: positions are unchanged
    raw_fences, comments, m1, skip = _blocks(text, first_line)  # m1: code blocks blanked (they end paragraphs...)
    indented: list[Fence] = []
    if _may_hold_indented_code(text, m1):
        _skip_map(text, first_line, raw_fences, skip)
        blocks = _indented(text, skip)
        if blocks:
            indented = [Fence(first + first_line, last + first_line, "", True) for first, last, _, _ in blocks]
            m1 = _masked(m1, [(start, end) for _, _, start, end in blocks])
    links: list[Link] = []
    has_inline, has_definition, last_inline = _link_syntax(m1)
    low, stop, high = _link_window(m1, last_inline) if has_inline and not has_definition else (-1, -1, -1)
    spans, inline_comments, masks, fence_lines, seed = _inline(text, m1, first_line, links, raw_fences,
                                                               has_inline or has_definition, low)
    fences: list[Fence] = []
    new = _new
    for line, (_, _, _, spanned, info, _) in zip(fence_lines, raw_fences, strict=True):
        fence = new(_fence)  # Fence(line, line + spanned, info, False), inlined
        fence.line = line
        fence.end_line = line + spanned
        fence.info = info
        fence.indented = False
        fence.__class__ = Fence  # type: ignore[assignment]  # the class swap of "fast records"
        fences.append(fence)  # type: ignore[arg-type]  # (a Fence now: see above)
    if indented:
        fences.extend(indented)
        fences.sort(key=_LINE)
    if inline_comments:
        comments.extend(inline_comments)
        comments.sort(key=lambda comment: (comment.line, comment.column))
    found_headings = _headings(text, m1, first_line) if headings and "#" in m1 else []
    if has_definition:
        m2 = _masked(m1, masks, _MASK)  # code span contents, comments, autolinks and escapes masked
        locate = _Locator(text, first_line)
        if has_inline:
            _links(text, m2, locate, links, 0, len(m2))
        _definitions(text, m2, locate, links)
        links.sort(key=lambda link: (link.line, link.column))
    elif low >= 0:
        m2 = _window(m1, masks, low, high)  # masked, and only where the link search reads
        locate = _Locator(text, first_line)
        counted, line = seed  # a line counted already, before the links: the last event's or fence's
        last_fence = bisect_right(raw_fences, (low,)) - 1  # (the last one before the links)
        if last_fence >= 0 and raw_fences[last_fence][0] > counted:
            counted, line = raw_fences[last_fence][0], fence_lines[last_fence]
        locate.seek(counted, line)
        _links(text, m2, locate, links, 0, len(m2), stop=stop - low, base=low)
        links.sort(key=lambda link: (link.line, link.column))
    return MarkdownScan(spans, fences, links, comments, found_headings)
