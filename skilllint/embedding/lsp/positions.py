"""skilllint's positions to the Language Server Protocol's, and back.

A skilllint span is 1-based, its columns counting characters (code points) of the decoded line,
its end exclusive. LSP positions are 0-based, and `character` counts code units of the encoding
the client and server agreed on at initialize: UTF-16 unless both chose another, so a character
outside the Basic Multilingual Plane (an emoji) is two units before the finding after it. A file's
byte-order mark is no column for skilllint (it is dropped when reading) but is part of the line
for a client that keeps it in the text.
"""

from __future__ import annotations

from collections.abc import Sequence

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"
_BOM = "\ufeff"


def units(text: str, encoding: str = UTF16) -> int:
    """How many code units of `encoding` `text` takes (UTF-16 counts two for a non-BMP character)."""
    if encoding == UTF32:
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", errors="surrogatepass"))
    return len(text) + sum(1 for character in text if ord(character) > 0xFFFF)


def text_lines(text: str) -> list[str]:
    """The lines of a buffer as skilllint numbers them (a `\\r` before `\\n` stays with its line:
    it is after every column a finding can have)."""
    return text.split("\n")


def to_lsp(lines: Sequence[str], line: int, column: int, encoding: str = UTF16) -> tuple[int, int]:
    """1-based (line, character column) to 0-based (line, code units); a place past the text is
    clamped to its end, one past a line's end to the line's end."""
    if not lines:
        return 0, 0
    index = min(max(line, 1), len(lines)) - 1
    if line > len(lines):
        return index, units(lines[index], encoding)
    text = lines[index]
    skipped = _BOM if index == 0 and text.startswith(_BOM) else ""
    own = text[len(skipped):]
    return index, units(skipped + own[: max(column, 1) - 1], encoding)


def from_lsp(lines: Sequence[str], line: int, character: int, encoding: str = UTF16) -> tuple[int, int]:
    """0-based (line, code units) to 1-based (line, character column); a unit inside a character
    (half of a surrogate pair) counts as that character."""
    if not lines or line >= len(lines) or line < 0:
        return line + 1, 1
    text = lines[line]
    skipped = _BOM if line == 0 and text.startswith(_BOM) else ""
    taken = units(skipped, encoding)
    column = 1
    for character_text in text[len(skipped):]:
        width = units(character_text, encoding)
        if taken + width > character:
            break
        taken += width
        column += 1
    return line + 1, column


def span_to_range(lines: Sequence[str], line: int, column: int, end_line: int | None, end_column: int | None,
                  encoding: str = UTF16) -> tuple[tuple[int, int], tuple[int, int]]:
    """A span's start and end in LSP positions. A point (no end) covers the character at it, so an
    editor has something to underline; at a line's end it stays a point."""
    start = to_lsp(lines, line, column, encoding)
    if end_line is None or end_column is None:
        end_line, end_column = line, column + 1
    end = to_lsp(lines, end_line, end_column, encoding)
    return start, max(start, end)
