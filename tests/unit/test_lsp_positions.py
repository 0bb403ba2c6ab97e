"""`skilllint.embedding.lsp.positions`: skilllint's 1-based character columns to LSP positions and back.

Expected offsets are computed from the text with Python's own codecs (the UTF-16 or UTF-8 length
of what precedes the place), never copied from the converter's output.
"""

from __future__ import annotations

import pytest

from skilllint.embedding.lsp.positions import UTF8, UTF16, UTF32, from_lsp, span_to_range, to_lsp, units

LINE = "a😀é`Bash`"  # an ASCII letter, a non-BMP emoji (2 UTF-16 units, 4 UTF-8 bytes), é (1 unit, 2 bytes)


def _expected(prefix: str, encoding: str) -> int:
    codec = {UTF8: "utf-8", UTF16: "utf-16-le", UTF32: "utf-32-le"}[encoding]
    return len(prefix.encode(codec)) // {UTF8: 1, UTF16: 2, UTF32: 4}[encoding]


@pytest.mark.parametrize("encoding", [UTF8, UTF16, UTF32])
def test_each_column_maps_to_the_code_units_before_it_and_back(encoding: str) -> None:
    lines = ["---", LINE]
    for column in range(1, len(LINE) + 2):
        position = to_lsp(lines, 2, column, encoding)
        assert position == (1, _expected(LINE[: column - 1], encoding))
        assert from_lsp(lines, *position, encoding) == (2, column)


def test_a_non_bmp_character_counts_two_utf16_units_and_one_column() -> None:
    column = LINE.index("Bash") + 1  # skilllint's column of `Bash`: characters, 1-based
    assert column == 5
    assert to_lsp([LINE], 1, column) == (0, 5)  # a(1) + 😀(2) + é(1) + `(1)
    assert units("😀") == 2 and units("😀", UTF8) == 4 and units("😀", UTF32) == 1


def test_a_position_inside_a_surrogate_pair_is_that_character() -> None:
    emoji_column = LINE.index("😀") + 1
    low_half = to_lsp([LINE], 1, emoji_column)[1] + 1
    assert from_lsp([LINE], 0, low_half) == (1, emoji_column)


def test_a_byte_order_mark_the_client_keeps_is_no_column_of_skilllint() -> None:
    lines = ["\ufeff---", "name: x"]
    assert to_lsp(lines, 1, 1) == (0, 1)  # after the mark, which the finding's column does not count
    assert from_lsp(lines, 0, 1) == (1, 1)
    assert to_lsp(lines, 2, 1) == (1, 0)


def test_places_past_the_text_are_clamped() -> None:
    lines = ["ab", "c😀"]
    assert to_lsp(lines, 1, 10) == (0, 2)  # past a line's end: its end
    assert to_lsp(lines, 5, 1) == (1, 3)  # past the last line: the text's end
    assert to_lsp([], 1, 1) == (0, 0)
    assert from_lsp(lines, 9, 0) == (10, 1)


def test_a_point_covers_one_character_and_a_span_its_exclusive_end() -> None:
    lines = [LINE]
    start = LINE.index("Bash") + 1
    assert span_to_range(lines, 1, start, 1, start + 4) == ((0, 5), (0, 9))
    assert span_to_range(lines, 1, 2, None, None) == ((0, 1), (0, 3))  # the emoji, whole
    end = _expected(LINE, UTF16)
    assert span_to_range(lines, 1, len(LINE) + 1, None, None) == ((0, end), (0, end))  # at the end: a point
