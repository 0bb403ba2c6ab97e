"""Split a frontmatter tool field into entries, each with its own position.

`allowed-tools` comes in three forms (spec: space-separated string; Claude Code also a
comma-separated string or a YAML list), and entries may carry a permission specifier with
spaces or commas inside (`Bash(git add *)`), so splitting must respect parentheses.

Splitting a field into entries is this module's job; taking one entry apart (`Tool(specifier)`,
and what is wrong with its parentheses) is `toolspec.parse_tool_entry`'s. The splitter's own
parenthesis walk (`_top_level`) answers a different question, where entries end, and so has its
own rule: a `)` with nothing open is text, a `(` never closed holds the rest of the field. The
entry that results is then reported by `parse_tool_entry` (`closes a parenthesis it never opened`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from skilllint.core import lazyre
from skilllint.core.readfacts import Location
from skilllint.core.records import FrozenRecord, Record
from skilllint.reading.document import Document, at_offset
from skilllint.runtimes.toolspec import parse_tool_entry


class ToolEntry(FrozenRecord):
    __slots__ = ("text", "location", "form", "index", "problem")
    text: Final[str]  # the entry as written, stripped
    location: Final[Location]
    form: Final[str]  # "list", "space" or "comma"
    index: Final[int]
    problem: Final[str | None]  # `ToolSpec.problem` of the entry, or why it is no string (SL130)

    def __init__(self, text: str, location: Location, form: str, index: int, problem: str | None = None) -> None:
        self.text = text
        self.location = location
        self.form = form
        self.index = index
        self.problem = problem


_PARENS = lazyre.compile(r"[()]")
_SPACES = lazyre.compile(r"\s+")
_WORD = lazyre.compile(r"\S+")


def split_entries(text: str) -> tuple[str, list[tuple[str, int]]]:
    """Split a tool string paren-aware. Returns the form and (entry, offset) pairs.

    A top-level comma makes it the comma form; otherwise whitespace separates entries.
    Empty comma entries are kept (as "") so SL130 can report them. The string is cut at
    its top-level separators, found by C-level searches: a per-character loop cost a
    third of a second on a field of 60,000 entries.
    """
    outside = _top_level(text)
    form = "comma" if any(text.find(",", low, high) >= 0 for low, high in outside) else "space"
    if "(" not in text and ")" not in text:  # the usual case, no specifier: split in one call
        return form, _split_plain(text, form)
    entries: list[tuple[str, int]] = []
    start = 0
    for low, high in _separators(text, outside, form):
        _add_piece(entries, text, start, low, form)
        start = high
    _add_piece(entries, text, start, len(text), form)
    return form, entries


def _split_plain(text: str, form: str) -> list[tuple[str, int]]:
    """`split_entries` of a string without parentheses, where every comma or whitespace separates."""
    if form == "space":
        return [(match.group(), match.start()) for match in _WORD.finditer(text)]
    entries: list[tuple[str, int]] = []
    offset = 0
    for piece in text.split(","):
        stripped = piece.strip()
        entries.append((stripped, offset + len(piece) - len(piece.lstrip())) if stripped else ("", offset))
        offset += len(piece) + 1
    return entries


def _top_level(text: str) -> list[tuple[int, int]]:
    """The (start, end) ranges of `text` outside parentheses, where separators count. A `)` with
    nothing open is plain text; a `(` never closed holds the rest of the string."""
    ranges: list[tuple[int, int]] = []
    depth = last = 0
    for match in _PARENS.finditer(text):
        at = match.start()
        if text[at] == "(":
            if depth == 0:
                ranges.append((last, at))
            depth += 1
        elif depth > 0:
            depth -= 1
            if depth == 0:
                last = at + 1
    if depth == 0:
        ranges.append((last, len(text)))
    return ranges


def _separators(text: str, outside: list[tuple[int, int]], form: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each top-level separator, in order: every comma in the comma form (so that
    `a,,b` has an empty entry), every run of whitespace in the space form."""
    for low, high in outside:
        if form == "comma":
            at = text.find(",", low, high)
            while at >= 0:
                yield at, at + 1
                at = text.find(",", at + 1, high)
        else:
            for match in _SPACES.finditer(text, low, high):
                yield match.span()


def _add_piece(entries: list[tuple[str, int]], text: str, start: int, end: int, form: str) -> None:
    """The entry of text[start:end], between two separators: stripped, at its first non-space character.
    A blank piece is an empty entry in the comma form, nothing in the space form."""
    piece = text[start:end]
    stripped = piece.strip()
    if stripped:
        entries.append((stripped, start + len(piece) - len(piece.lstrip())))
    elif form == "comma":
        entries.append(("", start))


class ToolLists(Record):
    """A document's tool fields split into entries, by key, kept on it (`Document.derived`)."""

    __slots__ = ("by_key",)
    by_key: dict[str, list[ToolEntry]]

    def __init__(self) -> None:
        self.by_key = {}


def tool_entries(doc: Document, key: str) -> list[ToolEntry]:
    """The entries of frontmatter field `key`, in order, located precisely (cached: SL130 and every
    target's resolution read them)."""
    cache = doc.derived(ToolLists).by_key
    if key not in cache:
        cache[key] = _tool_entries(doc, key)
    return cache[key]


def _tool_entries(doc: Document, key: str) -> list[ToolEntry]:
    value: Any = doc.field(key)
    if value is None:
        return []
    entries: list[ToolEntry] = []
    if isinstance(value, list):
        for index, item in enumerate(value):
            location = doc.locate((key, index))
            if isinstance(item, str):
                spec = parse_tool_entry(item)
                entries.append(ToolEntry(spec.raw, location, "list", index, spec.problem))
            else:
                shown = "null" if item is None else type(item).__name__
                problem = "empty entry" if item is None else f"entry is a {shown}, not a tool name"
                entries.append(ToolEntry("" if item is None else str(item), location, "list", index, problem))
        return entries
    if not isinstance(value, str):
        return [ToolEntry(str(value), doc.locate((key,)), "scalar", 0, "not a string or a list of tool names")]
    form, parts = split_entries(value)
    where = _EntryLocator(doc, (key,))
    for index, (text, offset) in enumerate(parts):
        location = where.entry(text) if text else where.offset(offset)
        entries.append(ToolEntry(text, location, form, index, parse_tool_entry(text).problem))
    return entries


class _EntryLocator:
    """Where each entry of one tool string is written, in linear time for the whole string.

    Entries are searched in the source text in order (`Document.locate_within`), each from where the last
    one was found: a search that succeeds reads only up to its entry. One that fails (an entry written
    with escapes, `"\\x41"`) reads the rest of the value, so the first failures are remembered per entry
    text, and after `FULL_MISSES` of them a search reads at most `WINDOW` characters: a cap, the right
    answer here, as 90,000 escaped entries took a minute. It can only change where an entry of such a
    field is pointed at (the whole value instead of the entry), never what is reported.
    """

    FULL_MISSES = 64
    WINDOW = 1024

    def __init__(self, doc: Document, path: tuple[Any, ...]) -> None:
        self.doc, self.path = doc, path
        self.search_from = 0
        self.absent: dict[str, int] = {}  # entry text -> an offset from which it is known not to be written
        self.misses = 0
        self.whole: Location | None = None  # where a failed search points: the value
        self.origin: tuple[Location, int | None] | None = None  # for `offset`: `Document.offset_origin`

    def entry(self, text: str) -> Location:
        """`locate_within` for the next entry `text` (not empty)."""
        start = self.search_from
        if self.whole is not None and self.absent.get(text, start + 1) <= start:
            return self.whole  # what a failed search gives: the whole value
        limited = self.misses >= self.FULL_MISSES
        location, self.search_from = self.doc.locate_within(
            self.path, text, start, start + self.WINDOW + len(text) if limited else None)
        if self.search_from == start:  # not found
            self.whole = location
            self.misses += 1
            if not limited:
                self.absent[text] = start
        return location

    def offset(self, offset: int) -> Location:
        """`Document.locate_offset` for an empty entry at `offset`, the value located once: locating it
        for each of 100,000 commas (and, as it was, copying the rest of its line) took minutes."""
        if self.origin is None:
            self.origin = self.doc.offset_origin(self.path)
        return at_offset(self.origin, offset)
