"""Apply text edits to a file's text: pick the ones that do not overlap, map them onto the file's
own characters (a byte-order mark, CRLF line ends), and splice.

An edit's offsets are those of the text as skilllint reads it (`Document.text`: no byte-order
mark, each CRLF one LF); the file keeps both: the mark stays, every line keeps its own ending,
and a line break the edit writes takes the file's first line's ending.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence

from skilllint.core.model import Fix, TextEdit

BOM = "\ufeff"


def overlaps(a: TextEdit, b: TextEdit) -> bool:
    """Whether two edits touch the same characters (two insertions at one point count: their order
    would be a guess). Edits that only meet (`[0, 4)` and `[4, 9)`) do not overlap."""
    if a.start == a.end == b.start == b.end:
        return True
    return a.start < b.end and b.start < a.end


def choose(fixes: Iterable[Fix]) -> tuple[list[Fix], list[Fix]]:
    """The fixes to apply together to one file, and those left for the next pass (they overlap
    one chosen before them). Identical fixes count once; the order is the first edit's position,
    so the choice does not depend on the order findings came in."""
    unique = sorted(dict.fromkeys(fixes), key=lambda fix: (_first(fix), fix.title))
    chosen: list[Fix] = []
    deferred: list[Fix] = []
    taken: list[TextEdit] = []
    for fix in unique:
        if not fix.edits or any(overlaps(edit, other) for edit in fix.edits for other in taken):
            deferred.append(fix)
            continue
        chosen.append(fix)
        taken.extend(fix.edits)
    return chosen, deferred


def _first(fix: Fix) -> tuple[int, int]:
    if not fix.edits:
        return (-1, -1)
    first = min(fix.edits, key=lambda edit: (edit.start, edit.end))
    return first.start, first.end


def apply(text: str, fixes: Sequence[Fix]) -> str:
    """`text` (a file's decoded characters, as on disk) with the edits of `fixes` made. The fixes
    must not overlap (`choose`); an edit outside the text raises ValueError."""
    edits = sorted((edit for fix in fixes for edit in fix.edits), key=lambda edit: (edit.start, edit.end))
    mark = 1 if text.startswith(BOM) else 0
    crlf = _crlf_positions(text, mark)
    newline = "\r\n" if crlf and text.find("\n") == text.find("\r\n") + 1 else "\n"
    length = len(text) - mark - len(crlf)
    pieces: list[str] = []
    at = 0
    for edit in edits:
        if not 0 <= edit.start <= edit.end <= length:
            raise ValueError(f"edit {edit.start}-{edit.end} is outside the text ({length} characters)")
        start, end = _raw(edit.start, mark, crlf), _raw(edit.end, mark, crlf)
        if start < at:
            raise ValueError("overlapping edits")
        pieces.append(text[at:start])
        pieces.append(edit.text.replace("\n", newline) if newline != "\n" else edit.text)
        at = end
    pieces.append(text[at:])
    return "".join(pieces)


def _crlf_positions(text: str, mark: int) -> list[int]:
    """Where each LF that ends a CRLF is in the text as read (without the mark, CRLF as LF)."""
    positions: list[int] = []
    at = text.find("\r\n", mark)
    while at >= 0:
        positions.append(at - mark - len(positions))  # the LF's place, less the mark and every CR so far
        at = text.find("\r\n", at + 2)
    return positions


def _raw(offset: int, mark: int, crlf: list[int]) -> int:
    """An offset of the text as read, in the file's own text: after the mark, and one further for
    each CR of a line ending before it."""
    return offset + mark + bisect_left(crlf, offset)
