"""`_files._belongs_elsewhere` skips its pattern unless the text ends in an `s`: that fast test must
never turn away a text the pattern matches (a miss would report another skill's file as broken)."""

from __future__ import annotations

import random

from skilllint.checks._files import _POSSESSIVE, _belongs_elsewhere

PIECES = ("other-skill", "`helper`", "this skill", "its", "it", "the tool", "Bob", "BOB", "\u017f", "s", "S",
          "'s", "\u2019s", "'S", "'\u017f", " ", "  ", "\t", "\n", "\u00a0", "\u2003", "x", "\u00e9", "\U0001f600")


def _by_the_pattern_alone(before: str) -> bool:
    found = _POSSESSIVE.search(before[-40:])
    if found is None:
        return False
    owner, previous = (found.group(2) or "").lower(), (found.group(1) or "").lower()
    return not (owner == "skill" and previous in ("this", "the", "our", "your"))


def test_known_owners() -> None:
    assert _belongs_elsewhere("see `other-skill`'s ")
    assert _belongs_elsewhere("read its ")
    assert _belongs_elsewhere("Bob\u2019s\u00a0")
    assert _belongs_elsewhere("ITS\n")
    assert _belongs_elsewhere("read IT\u017f ")  # the long s folds to s under re.I
    assert not _belongs_elsewhere("this skill's ")
    assert not _belongs_elsewhere("read the file ")


def test_agrees_with_the_pattern_on_random_text() -> None:
    rng = random.Random(11)
    for _ in range(20_000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 12)))
        assert _belongs_elsewhere(text) == _by_the_pattern_alone(text), repr(text)
