"""Characters a reader cannot see but a model reads (SL602-SL604): where they are in a document.

The text is searched once for any of them (most documents have none, and then this costs one
C-level search); only then line by line, for positions. Columns count characters, as every
location here does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache, lru_cache

from skilllint.core import lazyre
from skilllint.reading.document import Document
from skilllint.reading.jsonfile import JsonFile

TAGS = lazyre.compile("[\U000e0000-\U000e007f]+")
BIDI = lazyre.compile("[\u202a-\u202e\u2066-\u2069]")
INVISIBLE = lazyre.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2060-\u2064\u206a-\u206f"
    "\u3164\ufeff\uffa0\U0001bca0-\U0001bca3\U000e0100-\U000e01ef]")
"""Default-ignorable code points that render as nothing (Unicode DerivedCoreProperties
Default_Ignorable_Code_Point), less the bidi controls (SL603), the tags (SL602) and the emoji
variation selectors U+FE0E/U+FE0F, which change how the character before them looks."""
RTL = lazyre.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]")
"""Strong right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko, ...)."""
JOINING_SCRIPTS = lazyre.compile("[\u0600-\u06ff\u0750-\u077f\u0900-\u0dff\u1000-\u109f\ua8e0-\ua8ff]")
"""Scripts where ZWNJ and ZWJ shape letters (Arabic, Persian, Indic, Myanmar): there they are text."""


_BYTES = {
    "tags": lazyre.compile(rb"\xf3\xa0[\x80\x81]"),
    "bidi": lazyre.compile(rb"\xe2(?:\x80[\xaa-\xae]|\x81[\xa6-\xa9])"),
    "invisible": lazyre.compile(
        rb"\xc2\xad|\xcd\x8f|\xd8\x9c|\xe1(?:\x85[\x9f\xa0]|\x9e[\xb4\xb5]|\xa0[\x8b-\x8f])"
        rb"|\xe2(?:\x80[\x8b-\x8f]|\x81[\xa0-\xa4\xaa-\xaf])|\xe3\x85\xa4|\xef(?:\xbb\xbf|\xbe\xa0)"
        rb"|\xf0\x9b\xb2[\xa0-\xa3]|\xf3\xa0[\x84-\x87]"),
}
"""The UTF-8 bytes of each kind (a superset: a test, the rules' own patterns decide), searched in the
encoded text, where the engine skips to the few lead bytes they start with: a search of the decoded
text for the classes took a third of a second on the test corpus."""


_ANY_BYTES = lazyre.compile(b"|".join(pattern.pattern for pattern in _BYTES.values()))
_ASCII = bytes(range(0x80))
"""Deleted from the bytes before they are searched: every pattern above starts at a lead byte and
runs through its continuation bytes, all >= 0x80, and a UTF-8 sequence is never split by an ASCII
byte, so deleting the ASCII bytes leaves each sequence whole and joins none into a false one. What
remains of prose is a few per cent of it: the deletion and a search of the rest cost a seventh of a
search of the whole (the engine tests every byte of it against the patterns' first bytes)."""


@lru_cache(maxsize=256)
def encoded(text: str) -> bytes:
    """The text's UTF-8 bytes, made once for every fast test of SL602-SL609: a search of bytes for
    a literal runs several times faster than one of a decoded non-ASCII string."""
    return text.encode("utf-8", "surrogatepass")


@cache
def byte_search(pattern: bytes) -> Callable[[bytes], object]:
    """`pattern`'s search over bytes by RE2, a byte a character (Latin-1 mode: `\\b` and `(?i)` know
    ASCII letters only, and a non-ASCII byte is a non-word character): the fast tests that must find
    any of several literals in every text a skill bundles. Python's `re` has no multi-literal scan
    (an alternation tries each branch at each position), so these were several `in` tests each."""
    import re2  # type: ignore[import-untyped]  # google-re2 ships no type stubs

    options = re2.Options()
    options.encoding = re2.Options.Encoding.LATIN1
    options.log_errors = False
    search: Callable[[bytes], object] = re2.compile(pattern, options=options).search
    return search


@lru_cache(maxsize=256)
def kinds(text: str) -> frozenset[str]:
    """Which kinds of hidden character the text may hold, found once for SL602-SL604 (a string
    caches its hash, so the lookup costs one pass the first time only). ASCII text, most files,
    holds none: `str.isascii` answers that in C."""
    if text.isascii():
        return frozenset()
    data = encoded(text).translate(None, _ASCII)
    if not _ANY_BYTES.search(data):  # one pass for the usual answer, none
        return frozenset()
    return frozenset(kind for kind, pattern in _BYTES.items() if pattern.search(data))


def may_hold(kind: str) -> Callable[[str], bool]:
    """The fast test, for `every_text`, that a text may hold characters of `kind`."""
    def test(text: str) -> bool:
        return kind in kinds(text)

    return test


def lines_with(doc: Document, pattern: re.Pattern[str],
               maybe: Callable[[str], bool]) -> Iterator[tuple[int, str]]:
    """(1-based line, text) of each line of the document holding a match (`maybe`: a fast test
    that the text can hold one at all)."""
    if doc.text is None or not maybe(doc.text) or not pattern.search(doc.text):
        return
    for number, line in enumerate(doc.lines, 1):
        if pattern.search(line):
            yield number, line


def every_text(doc: Document, pattern: re.Pattern[str], maybe: Callable[[str], bool], *,
               scripts_only: bool = False) -> Iterator[tuple[str, int, str, bool]]:
    """(path, 1-based line, text, whether it is the document itself) of each line holding a match,
    in the document and then in the text files its skill bundles (`references/`, `scripts/`; with
    `scripts_only`, the files that are code, not Markdown prose)."""
    from skilllint.checks._bundled import bundled_texts

    for number, line in lines_with(doc, pattern, maybe):
        yield doc.path, number, line, True
    for source in doc.sources[1:]:  # a metadata.yaml merged under the frontmatter
        if source.path != doc.path and maybe(source.text) and pattern.search(source.text):
            for number, line in enumerate(source.text.split("\n"), 1):
                if pattern.search(line):
                    yield source.path, number, line, False
    for bundled in bundled_texts(doc):
        if (scripts_only and not bundled.all_code) or not maybe(bundled.text) or not pattern.search(bundled.text):
            continue
        for number, line in enumerate(bundled.lines(), 1):
            if pattern.search(line):
                yield bundled.path, number, line, False


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


def file_lines(file: JsonFile, pattern: re.Pattern[str], maybe: Callable[[str], bool]) -> Iterator[tuple[int, str]]:
    """(1-based line, text) of each line of a project JSON file (settings, hooks, a plugin's or an
    MCP config) holding a match: what the file-checks of SL602-SL607 read."""
    text = file.text
    if text is None or not maybe(text) or not pattern.search(text):
        return
    for number, line in enumerate(text.split("\n"), 1):
        if pattern.search(line):
            yield number, line
