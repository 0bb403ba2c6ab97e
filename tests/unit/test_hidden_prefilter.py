"""The fast test of SL602-SL604 (`_hidden.kinds`) must let through every character the rules look
for, wherever it stands: a character it skips is a silent miss. It searches the text's UTF-8 bytes
with the ASCII bytes deleted, so these tests put each character among ASCII and non-ASCII
neighbours alike."""

from __future__ import annotations

import random

from skilllint.checks._hidden import BIDI, INVISIBLE, TAGS, kinds

PATTERNS = {"tags": TAGS, "bidi": BIDI, "invisible": INVISIBLE}
NEIGHBOURS = ("", "a", "plain text ", "\u2014", "caf\u00e9 ", "\u65e5\u672c", "\U0001f600", "\u2019s ")


def _members(kind: str) -> list[str]:
    pattern = PATTERNS[kind]
    return [chr(code) for code in range(0x80, 0xE0200) if not 0xD800 <= code <= 0xDFFF and pattern.match(chr(code))]


def test_every_hidden_character_is_found_among_any_neighbours() -> None:
    for kind in PATTERNS:
        members = _members(kind)
        assert members, kind
        for index, char in enumerate(members):
            before = NEIGHBOURS[index % len(NEIGHBOURS)]
            after = NEIGHBOURS[(index * 3 + 1) % len(NEIGHBOURS)]
            assert kind in kinds(f"{before}{char}{after}"), (kind, hex(ord(char)))


def test_text_without_them_has_no_kind() -> None:
    assert kinds("plain ASCII text, `code` and a [link](x.md)") == frozenset()
    common = "an em dash \u2014, curly quotes \u201cso\u201d, caf\u00e9, \u65e5\u672c, \U0001f600 \u2192 done"
    assert kinds(common) == frozenset()


def test_agrees_with_the_patterns_on_random_text() -> None:
    """Random mixes of ASCII, common non-ASCII and hidden characters: the fast test never says no
    where a pattern matches (it may say yes more often: the rules' patterns decide)."""
    rng = random.Random(7)
    pool = [*"abc `*[]()\n\t", "\u2014", "\u00e9", "\u00a0", "\u65e5", "\U0001f600", "\ufe0f", "\u200d",
            "\u200b", "\u202e", "\u2066", "\U000e0041", "\U000e007f", "\u00ad", "\ufeff", "\u3164", "\ud800"]
    for _ in range(3000):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(0, 12)))
        found = kinds(text)
        for kind, pattern in PATTERNS.items():
            if pattern.search(text):
                assert kind in found, (kind, text.encode("unicode_escape"))
