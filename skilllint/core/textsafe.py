"""Make text from the user's files and file system safe to print.

A skill's `name`, a folder name or a line of SKILL.md can hold characters that act on
the reader instead of being read: terminal escape sequences (ESC, C1 controls) that
retitle or clear the terminal, a newline that forges a whole diagnostic line, bidi
controls that display text in another order than it is, invisible characters that make
`Bash\u200b` print as `Bash` (a message "`Bash` is not a tool" would then read as a lie), and
bytes that are not UTF-8
(Python hands them to us as lone surrogates, which UTF-8 output cannot encode). Every
formatter passes user text through `escape` (or `escape_lines` for help text, whose
newlines are deliberate), which spells each such character as a visible escape:
`\\x1b`, `\\n`, `\\t`, `\\r`, `\\xff` for a byte that was not UTF-8, `\\u202e` for the rest.

The common case is clean text, and it runs for every finding of a run, so a clean string
costs one precompiled `search` and comes back as the same object.
"""

from __future__ import annotations

import re

from skilllint.core import lazyre

_NOT_C0 = (
    "\x7f-\x9f"  # DEL and the C1 controls (CSI, OSC... act like ESC sequences on some terminals)
    "\ud800-\udfff"  # lone surrogates: undecodable bytes (surrogateescape) and worse
    "\u2028\u2029"  # line and paragraph separators: a line break to some viewers
    "\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c"  # bidi embeddings, overrides, isolates and marks
)
_INVISIBLE = "\u200b\u2060-\u2064\ufeff\U000e0000-\U000e007f"
"""Characters that print as nothing (zero-width space, word joiner, invisible operators, BOM, Unicode
Tags): escaped in what is read as text (messages, help, quoted lines), not in paths, which must name
the file. A zero-width joiner is left alone: it belongs inside emoji sequences."""
_UNSAFE = lazyre.compile(f"[\x00-\x1f{_NOT_C0}]")  # all C0 controls, tab, CR and LF included
_UNSAFE_TEXT = lazyre.compile(f"[\x00-\x1f{_NOT_C0}{_INVISIBLE}]")
_UNSAFE_KEEP_NEWLINE = lazyre.compile(f"[\x00-\x09\x0b-\x1f{_NOT_C0}{_INVISIBLE}]")
_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _spell(char: str) -> str:
    """The visible escape of one unsafe character (Python's own spelling, so it reads familiar)."""
    named = _NAMED.get(char)
    if named is not None:
        return named
    point = ord(char)
    if point < 0x100:
        return f"\\x{point:02x}"
    if 0xDC80 <= point <= 0xDCFF:  # a byte that was not UTF-8: show the byte itself
        return f"\\x{point - 0xDC00:02x}"
    return f"\\u{point:04x}" if point <= 0xFFFF else f"\\U{point:08x}"


def _spell_match(match: re.Match[str]) -> str:
    return _spell(match.group())


def escape(text: str) -> str:
    """`text` with every control, lone surrogate, line separator and bidi control escaped.

    The result is one line of printable text that encodes as UTF-8. Clean text is
    returned unchanged (the same object).
    """
    if _UNSAFE.search(text) is None:
        return text
    return _UNSAFE.sub(_spell_match, text)


def escape_text(text: str) -> str:
    """`escape` for a message: also every character that prints as nothing, so a message about
    `Bash\u200b` does not print as one about `Bash`."""
    if _UNSAFE_TEXT.search(text) is None:
        return text
    return _UNSAFE_TEXT.sub(_spell_match, text)


def escape_lines(text: str) -> str:
    """`escape_text` for multi-line text such as help: newlines stay, everything else is escaped."""
    if _UNSAFE_KEEP_NEWLINE.search(text) is None:
        return text
    return _UNSAFE_KEEP_NEWLINE.sub(_spell_match, text)


def escape_mapped(text: str) -> tuple[str, list[int] | None]:
    """`escape_text(text)` and where each character went, for markers under the escaped text.

    `offsets[i]` is the index in the result of the character at index `i` of `text`, and
    `offsets[len(text)]` is the result's length, so a span [a, b) of `text` is
    [offsets[a], offsets[b]) of the result. None when nothing changed (offsets are the identity).
    """
    if _UNSAFE_TEXT.search(text) is None:
        return text, None
    parts: list[str] = []
    offsets: list[int] = []
    position = 0
    for char in text:
        offsets.append(position)
        shown = _spell(char) if _UNSAFE_TEXT.match(char) else char
        parts.append(shown)
        position += len(shown)
    offsets.append(position)
    return "".join(parts), offsets
