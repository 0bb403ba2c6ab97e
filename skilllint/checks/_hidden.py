"""Characters a reader cannot see but a model reads (SL602-SL604): where they are in a document.

The text is searched once for any of them (most documents have none, and then this costs one
C-level search); only then line by line, for positions. Columns count characters, as every
location here does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skilllint.document import Document

TAGS = re.compile("[\U000e0000-\U000e007f]+")
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2060-\u2064\u206a-\u206f"
    "\u3164\ufeff\uffa0\U0001bca0-\U0001bca3\U000e0100-\U000e01ef]")
"""Default-ignorable code points that render as nothing (Unicode DerivedCoreProperties
Default_Ignorable_Code_Point), less the bidi controls (SL603), the tags (SL602) and the emoji
variation selectors U+FE0E/U+FE0F, which change how the character before them looks."""
RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]")
"""Strong right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko, ...)."""
JOINING_SCRIPTS = re.compile("[\u0600-\u06ff\u0750-\u077f\u0900-\u0dff\u1000-\u109f\ua8e0-\ua8ff]")
"""Scripts where ZWNJ and ZWJ shape letters (Arabic, Persian, Indic, Myanmar): there they are text."""


def lines_with(doc: Document, pattern: re.Pattern[str]) -> Iterator[tuple[int, str]]:
    """(1-based line, text) of each line of the document holding a match."""
    if doc.text is None or not pattern.search(doc.text):
        return
    for number, line in enumerate(doc.lines, 1):
        if pattern.search(line):
            yield number, line


def name(char: str) -> str:
    """`U+200B ZERO WIDTH SPACE`."""
    import unicodedata

    return f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed')}"


def shown(text: str) -> str:
    """The text with every character SL602-SL604 look for written as `\\uXXXX`."""
    return "".join((f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}") if _hidden(c) else c
                   for c in text)


def _hidden(char: str) -> bool:
    return bool(TAGS.match(char) or BIDI.match(char) or INVISIBLE.match(char))
