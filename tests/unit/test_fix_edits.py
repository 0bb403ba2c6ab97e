"""`skilllint.fixes.edits`: which fixes go together, and edits mapped onto a file's own text
(byte-order mark, CRLF, mixed line ends)."""

from __future__ import annotations

import pytest

from skilllint.core.model import Fix, Span, TextEdit
from skilllint.fixes.edits import apply, choose, overlaps


def _edit(start: int, end: int, text: str = "") -> TextEdit:
    return TextEdit(start, end, text, Span())


def _fix(*edits: TextEdit, title: str = "t") -> Fix:
    return Fix(title, edits)


def _read(raw: str) -> str:
    """The text as skilllint reads it (what offsets count in)."""
    return raw.removeprefix("\ufeff").replace("\r\n", "\n")


@pytest.mark.parametrize(("a", "b", "expected"), [
    ((0, 4), (4, 9), False),  # they only meet
    ((0, 5), (4, 9), True),
    ((2, 3), (0, 9), True),
    ((3, 3), (3, 3), True),  # two insertions at one place: no order is right
    ((3, 3), (0, 3), False),
    ((3, 3), (2, 5), True),
])
def test_overlaps(a: tuple[int, int], b: tuple[int, int], expected: bool) -> None:
    assert overlaps(_edit(*a), _edit(*b)) is expected
    assert overlaps(_edit(*b), _edit(*a)) is expected


def test_choose_takes_the_earliest_and_defers_what_overlaps_it() -> None:
    late, early, clash, twin = _fix(_edit(20, 24)), _fix(_edit(0, 5)), _fix(_edit(3, 8), title="u"), _fix(_edit(0, 5))
    chosen, deferred = choose([late, clash, early, twin])
    assert chosen == [early, late]  # in text order, the identical fix once
    assert deferred == [clash]
    assert choose([late, clash, early]) == choose([early, late, clash])  # whatever order findings came in


def test_a_fix_with_several_edits_is_taken_whole_or_not_at_all() -> None:
    first = _fix(_edit(0, 2), _edit(10, 12))
    second = _fix(_edit(4, 6), _edit(11, 13), title="u")
    assert choose([first, second]) == ([first], [second])


def test_apply_on_lf_text() -> None:
    raw = "---\nname: a\nallowed_tools: Read Read\n---\nbody\n"
    key = raw.index("allowed_tools")
    duplicate = raw.index(" Read\n")
    fixes = [_fix(_edit(key, key + 13, "allowed-tools")), _fix(_edit(duplicate, duplicate + 5))]
    assert apply(raw, fixes) == "---\nname: a\nallowed-tools: Read\n---\nbody\n"


@pytest.mark.parametrize("raw", [
    "\ufeff---\r\nname: a\r\nallowed_tools:\r\n  - Read\r\n  - Grep\r\n---\r\nbody\r\n",
    "---\r\nname: a\nallowed_tools:\r\n  - Read\n  - Grep\r\n---\nbody\r\n",  # mixed: each line keeps its own
    "\ufeff---\nname: a\nallowed_tools:\n  - Read\n  - Grep\n---\nbody",
])
def test_apply_keeps_the_mark_and_every_line_ending(raw: str) -> None:
    text = _read(raw)
    key = text.index("allowed_tools")
    items = text.index(":\n  - Read", key)
    end = text.index("Grep") + 4
    fixes = [_fix(_edit(key, key + 13, "allowed-tools")), _fix(_edit(items, end, ": Read Grep"), title="u")]
    fixed = apply(raw, fixes)
    # the edited region's own line break is gone with it; every other character is the file's
    first_break = raw[raw.index("Grep") + 4 :]
    assert fixed == raw[: raw.index("allowed_tools")] + "allowed-tools: Read Grep" + first_break
    assert _read(fixed) == text[:key] + "allowed-tools: Read Grep" + text[end:]


def test_a_line_break_written_takes_the_files_ending() -> None:
    raw = "---\r\nname: a\r\n---\r\n"
    at = _read(raw).index("---\n", 1)
    assert apply(raw, [_fix(_edit(at, at, "license: MIT\n"))]) == "---\r\nname: a\r\nlicense: MIT\r\n---\r\n"
    assert apply(raw.replace("\r\n", "\n"), [_fix(_edit(at, at, "x: 1\n"))]) == "---\nname: a\nx: 1\n---\n"


def test_an_edit_past_the_end_or_overlapping_is_refused() -> None:
    with pytest.raises(ValueError, match="outside"):
        apply("abc\r\n", [_fix(_edit(3, 5))])  # the text as read has 4 characters
    with pytest.raises(ValueError, match="overlapping"):
        apply("abcdef", [_fix(_edit(0, 3)), _fix(_edit(2, 4))])
