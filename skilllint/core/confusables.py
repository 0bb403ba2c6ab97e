"""Confusable names: UTS #39 skeletons and the comparison keys of rule SL401 (confusable-name).

Two skill or tool names are *confusable* when a reader can't tell them apart although they are
different strings: they differ only in case, in Unicode normalisation (NFKC: fullwidth forms,
ligatures, composed vs decomposed accents), by invisible characters (zero-width space and
joiners, soft hyphen, variation selectors, bidi controls, tag characters: every
Default_Ignorable_Code_Point), in dash characters (en dash, minus sign, fullwidth hyphen-minus,
... for ``-``), or in characters that look alike according to Unicode's confusables.txt (the UTS #39
section 4 *skeleton*: Cyrillic ``а`` for Latin ``a``, ``rn`` for ``m``, ``1`` for ``l`` ...).
``_`` and ``-`` stay distinct here (rule SL410 deals with those in tool names).

Public functions:

* :func:`skeleton` -- the UTS #39 skeleton: NFD, map every character to its prototype, NFD.
* :func:`normalize_name` -- the comparison key: drop invisible characters, NFKC, case fold, dashes
  to ``-``, skeleton, case fold again (prototypes can be capitals: U+A4D0 LISU LETTER BA -> ``B``).
* :func:`name_keys` -- :func:`normalize_name` and a second, case-sensitive key (skeleton before
  case folding, so that capital ``I`` meets ``l``, which folds to ``i`` in the first key). Two
  names are confusable when either key is equal; index names by both to find pairs in O(n).
* :func:`confusable_reason` -- None, or a short human reason why two names are confusable.
* :func:`mixed_scripts` -- the scripts of the letters of a text (approximate), e.g. Latin and Cyrillic.
* :func:`describe_char` -- `` `а` (U+0430 CYRILLIC SMALL LETTER A)`` for messages.

The mapping data is ``skilllint/data/confusables.tsv``, derived from Unicode's confusables.txt
(Unicode License v3, ``skilllint/data/LICENSE-unicode.txt``) by ``scripts/update_confusables.py``.
It is read on first use only and cached.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable
from pathlib import Path

from skilllint.core import lazyre

__all__ = [
    "DATA_FILE",
    "confusable_reason",
    "data_version",
    "describe_char",
    "mixed_scripts",
    "name_keys",
    "normalize_name",
    "skeleton",
]

DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "confusables.tsv"

# Default_Ignorable_Code_Point (DerivedCoreProperties.txt): invisible in normal rendering.
# Includes the soft hyphen, combining grapheme joiner, Arabic letter mark, Hangul fillers,
# Khmer inherent vowels, Mongolian free variation selectors and vowel separator, ZWSP, ZWNJ,
# ZWJ, LRM/RLM, bidi embeddings and isolates, word joiner and invisible operators
# (U+2060..U+2064), variation selectors, BOM / ZWNBSP, the Shorthand format controls,
# musical symbol formatting controls and the tag characters (U+E0000..U+E0FFF).
_DEFAULT_IGNORABLE = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
)
_INVISIBLE_RE = lazyre.compile(f"[{_DEFAULT_IGNORABLE}]")

# Characters drawn as a horizontal dash, mapped to HYPHEN-MINUS: the Dash_Punctuation (Pd) that
# look like a single hyphen (not the double, wavy or vertical ones), and the minus signs.
_DASHES = (
    "\u058a"  # ARMENIAN HYPHEN
    "\u05be"  # HEBREW PUNCTUATION MAQAF
    "\u1400"  # CANADIAN SYLLABICS HYPHEN
    "\u1806"  # MONGOLIAN TODO SOFT HYPHEN
    "\u2010\u2011\u2012\u2013\u2014\u2015"  # HYPHEN, NON-BREAKING HYPHEN, FIGURE/EN/EM DASH, HORIZONTAL BAR
    "\u2043"  # HYPHEN BULLET
    "\u2e1a"  # HYPHEN WITH DIAERESIS
    "\u2e3a\u2e3b"  # TWO-EM DASH, THREE-EM DASH
    "\u2e5d"  # OBLIQUE HYPHEN
    "\ufe58"  # SMALL EM DASH
    "\ufe63"  # SMALL HYPHEN-MINUS
    "\uff0d"  # FULLWIDTH HYPHEN-MINUS
    "\U00010ead"  # YEZIDI HYPHENATION MARK
    "\u02d7"  # MODIFIER LETTER MINUS SIGN
    "\u207b\u208b"  # SUPERSCRIPT MINUS, SUBSCRIPT MINUS
    "\u2212"  # MINUS SIGN
    "\u2796"  # HEAVY MINUS SIGN
)
_DASH_TABLE = dict.fromkeys(map(ord, _DASHES), "-")

_ASCII_PRINTABLE = lazyre.compile(r"^[\x21-\x7e]*$")


# --- data --------------------------------------------------------------------------------------


@functools.cache
def _prototypes() -> dict[int, str]:
    """Code point -> prototype string, for str.translate. Read from DATA_FILE once."""
    return _read_table(0x110000)


@functools.cache
def _ascii_prototypes() -> dict[int, str]:
    """The mappings of the ASCII characters: all an ASCII name needs (most skill and tool names are
    ASCII). The file is sorted by source, so they are its first lines: reading the whole table
    took a tenth of a one-skill run."""
    return _read_table(0x80)


def _read_table(below: int) -> dict[int, str]:
    """The mappings whose source is below `below` (the file lists them by source, ascending)."""
    table: dict[int, str] = {}
    with open(DATA_FILE, encoding="utf-8") as handle:
        for line in handle:
            if line[0] == "#":
                continue
            source, _, target = line.rstrip("\n").partition("\t")
            code = int(source, 16)
            if code >= below:
                break
            if " " in target:
                table[code] = "".join([chr(int(cp, 16)) for cp in target.split(" ")])
            else:
                table[code] = chr(int(target, 16))
    return table


@functools.cache
def data_version() -> str:
    """The header line of the shipped data: which confusables.txt (version, date) it comes from."""
    with open(DATA_FILE, encoding="utf-8") as handle:
        return handle.readline().lstrip("# ").rstrip("\n")


# --- keys --------------------------------------------------------------------------------------


def skeleton(text: str) -> str:
    """UTS #39 section 4 skeleton: NFD, replace each character by its confusables.txt prototype, NFD."""
    decomposed = unicodedata.normalize("NFD", text)
    table = _ascii_prototypes() if decomposed.isascii() else _prototypes()
    return unicodedata.normalize("NFD", decomposed.translate(table))


_INVISIBLE, _DASH, _NFKC, _CASE = "invisible", "dash", "nfkc", "case"


def _fold(text: str, stages: frozenset[str] | set[str]) -> str:
    """Apply the cheap equivalences of ``stages`` (always in the same order) to ``text``."""
    if _INVISIBLE in stages:
        text = _INVISIBLE_RE.sub("", text)
    if _NFKC in stages:
        text = unicodedata.normalize("NFKC", text)
    if _CASE in stages:
        text = text.casefold()
        if _NFKC in stages:
            text = unicodedata.normalize("NFKC", text)
    if _DASH in stages:
        text = text.translate(_DASH_TABLE)
    return text


_ALL = frozenset({_INVISIBLE, _DASH, _NFKC, _CASE})
_CASE_SENSITIVE = frozenset({_INVISIBLE, _DASH, _NFKC})


def normalize_name(text: str) -> str:
    """The comparison key of a name: names with equal keys are confusable.

    Drop invisible (default-ignorable) characters, NFKC, case fold, map dash variants to ``-``
    (``_`` stays ``_``), then take the UTS #39 skeleton and case fold it (NFD).
    """
    return unicodedata.normalize("NFD", skeleton(_fold(text, _ALL)).casefold())


def _case_sensitive_key(text: str) -> str:
    return unicodedata.normalize("NFD", skeleton(_fold(text, _CASE_SENSITIVE)).casefold())


def name_keys(text: str) -> tuple[str, str]:
    """``(normalize_name(text), case-sensitive key)``: names sharing either key are confusable.

    The second key takes the skeleton before case folding, so it sees capital ``I`` as ``l``
    (``pdf-tooIs`` vs ``pdf-tools``), which the first key, folding ``I`` to ``i`` first, can't.
    """
    return normalize_name(text), _case_sensitive_key(text)


# --- reasons -----------------------------------------------------------------------------------

# Subsets of the cheap equivalences, smallest first; among equals, the most telling first
# (a fullwidth hyphen-minus is reported as a dash, not as an NFKC difference).
_COMBINATIONS: list[tuple[str, ...]] = [
    (_INVISIBLE,),
    (_DASH,),
    (_NFKC,),
    (_CASE,),
    (_NFKC, _CASE),
    (_INVISIBLE, _CASE),
    (_DASH, _CASE),
    (_INVISIBLE, _NFKC),
    (_DASH, _NFKC),
    (_INVISIBLE, _DASH),
    (_INVISIBLE, _NFKC, _CASE),
    (_DASH, _NFKC, _CASE),
    (_INVISIBLE, _DASH, _CASE),
    (_INVISIBLE, _DASH, _NFKC),
    (_INVISIBLE, _DASH, _NFKC, _CASE),
]
_SINGLE_REASONS = {
    _CASE: "differ only in case",
    _NFKC: "differ only in Unicode normalisation (NFKC)",
    _INVISIBLE: "differ only by invisible characters",
    _DASH: "differ only in dash characters",
}
_PARTS = {
    _CASE: "case",
    _NFKC: "Unicode normalisation (NFKC)",
    _INVISIBLE: "invisible characters",
    _DASH: "dash characters",
}
_PART_ORDER = (_CASE, _NFKC, _INVISIBLE, _DASH)


def _phrase(stages: tuple[str, ...]) -> str:
    if len(stages) == 1:
        return _SINGLE_REASONS[stages[0]]
    parts = [_PARTS[stage] for stage in _PART_ORDER if stage in stages]
    return "differ only in " + ", ".join(parts[:-1]) + " and " + parts[-1]


def describe_char(text: str) -> str:
    """`` `а` (U+0430 CYRILLIC SMALL LETTER A)``; printable ASCII is shown bare: `` `rn` ``."""
    if _ASCII_PRINTABLE.match(text):
        return f"`{text}`"
    names = ", ".join(f"U+{ord(ch):04X} {unicodedata.name(ch, '')}".rstrip() for ch in text)
    shown = "".join(ch if ch.isprintable() and not _INVISIBLE_RE.match(ch) else " " for ch in text)
    return f"`{shown}` ({names})"


def _align(a: str, b: str, key: Callable[[str], str]) -> list[tuple[str, str]] | None:
    """Split a and b into pairs of pieces with equal keys (invisible pieces pair with "")."""
    units: list[tuple[str, str]] = []
    i = j = 0
    while i < len(a) or j < len(b):
        if i < len(a) and not key(a[i]):
            units.append((a[i], ""))
            i += 1
            continue
        if j < len(b) and not key(b[j]):
            units.append(("", b[j]))
            j += 1
            continue
        if i >= len(a) or j >= len(b):
            return None
        piece_a, piece_b, key_a, key_b = a[i], b[j], key(a[i]), key(b[j])
        i += 1
        j += 1
        while key_a != key_b:
            if len(key_a) < len(key_b) and key_b.startswith(key_a) and i < len(a):
                piece_a += a[i]
                key_a += key(a[i])
                i += 1
            elif len(key_b) < len(key_a) and key_a.startswith(key_b) and j < len(b):
                piece_b += b[j]
                key_b += key(b[j])
                j += 1
            else:
                return None
        units.append((piece_a, piece_b))
    return units


def _lookalike(a: str, b: str) -> str:
    for key in (_char_key, _char_key_case_sensitive):
        units = _align(a, b, key)
        if units is None:
            continue
        for piece_a, piece_b in units:
            if piece_a and piece_b and _fold(piece_a, _ALL) != _fold(piece_b, _ALL):
                return f"look alike: {describe_char(piece_a)} vs {describe_char(piece_b)}"
    return "look alike (same UTS #39 confusable skeleton)"


@functools.lru_cache(maxsize=4096)
def _char_key(ch: str) -> str:
    return normalize_name(ch)


@functools.lru_cache(maxsize=4096)
def _char_key_case_sensitive(ch: str) -> str:
    return _case_sensitive_key(ch)


def confusable_reason(a: str, b: str) -> str | None:
    """None if a and b are identical or not confusable, else a short reason, e.g.

    ``differ only in case``, ``differ only in Unicode normalisation (NFKC)``,
    ``differ only by invisible characters``, ``differ only in dash characters``, combinations
    such as ``differ only in case and dash characters``, or
    ``look alike: `а` (U+0430 CYRILLIC SMALL LETTER A) vs `a``` naming the first pair of
    look-alike characters (of a, then of b).
    """
    if a == b:
        return None
    keys_a, keys_b = name_keys(a), name_keys(b)
    if keys_a[0] != keys_b[0] and keys_a[1] != keys_b[1]:
        return None
    for stages in _COMBINATIONS:
        selected = frozenset(stages)
        if _fold(a, selected) == _fold(b, selected):
            return _phrase(stages)
    return _lookalike(a, b)


# --- scripts -----------------------------------------------------------------------------------

# Scripts whose character names start with two words ("OLD ITALIC LETTER A").
_TWO_WORD_PREFIXES = frozenset(
    {
        "ANATOLIAN", "CANADIAN", "CAUCASIAN", "CYPRO", "DIVES", "GUNJALA", "HANIFI", "INSCRIPTIONAL",
        "KAYAH", "LINEAR", "MASARAM", "MEETEI", "MENDE", "NEW", "NYIAKENG", "OL", "OLD", "PAHAWH",
        "PAU", "PSALTER", "SORA", "SYLOTI", "TAI", "WARANG", "ZANABAZAR",
    }
)  # fmt: skip
# Name prefixes that are not scripts; look further into the name for one of the common scripts.
_NOT_SCRIPTS = frozenset({"MODIFIER", "SUPERSCRIPT", "SUBSCRIPT", "COMBINING", "KATAKANA-HIRAGANA"})
_COMMON_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "GEORGIAN", "HEBREW", "ARABIC")


@functools.lru_cache(maxsize=4096)
def _script_of(ch: str) -> str | None:
    name = unicodedata.name(ch, "")
    if not name:
        return None
    if name.startswith(("CJK ", "IDEOGRAPHIC ")):
        return "Han"
    words = name.split()
    if words[0] in _NOT_SCRIPTS:
        found = next((word for word in words[1:] if word in _COMMON_SCRIPTS), None)
        return found.title() if found else None
    if words[0] in _TWO_WORD_PREFIXES and len(words) > 2:
        return f"{words[0]} {words[1]}".title()
    return words[0].title()


def mixed_scripts(text: str) -> set[str]:
    """The scripts of the letters in text, approximately (from character names, after NFKC).

    ``{"Latin", "Cyrillic"}`` for ``pdf-аnalyzer``; ``{"Latin"}`` for ``ｐｄｆ`` (fullwidth forms,
    mathematical letters and the like count as the script they normalise to); digits, marks,
    punctuation and symbols count as none. More than one element means mixed scripts.
    """
    scripts: set[str] = set()
    for ch in unicodedata.normalize("NFKC", text):
        if unicodedata.category(ch).startswith("L"):
            script = _script_of(ch)
            if script:
                scripts.add(script)
    return scripts
