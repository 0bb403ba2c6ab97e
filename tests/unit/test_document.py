"""`skilllint.reading.document`: one SKILL.md read into a Document, and every way reading it can fail.

Each test writes the bytes of one file and asserts what `load_document` records: the facts
(kind, position, words), the frontmatter and body it split, and where `locate` says a key
or value is written. Expected positions are derived from the text the test builds (the
index of the byte or key), not copied from output.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from skilllint.core.model import Span
from skilllint.core.readfacts import Fact
from skilllint.reading.document import Document, load_document, relative_posix

FRONTMATTER = "---\nname: my-skill\ndescription: Does one thing. Use when asked.\n---\n"


def _load(tmp_path: Path, data: bytes | str, filename: str = "SKILL.md", max_bytes: int = 1024 * 1024,
          **others: str) -> Document:
    folder = tmp_path / "my-skill"
    folder.mkdir(exist_ok=True)
    (folder / filename).write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    for name, text in others.items():
        (folder / name.replace("_", ".")).write_text(text, encoding="utf-8")
    return load_document(folder / filename, tmp_path, max_bytes=max_bytes)


def _facts(doc: Document) -> list[tuple[Fact, Span]]:
    return [(fact.kind, fact.span) for fact in doc.problems]


def _position(text: str, needle: str, start: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the first `needle` in `text` from `start`, counted in characters."""
    offset = text.index(needle, start)
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


# -- a good file ------------------------------------------------------------------------------------


def test_a_good_file_splits_into_frontmatter_and_body(tmp_path: Path) -> None:
    doc = _load(tmp_path, FRONTMATTER + "# Title\n\nBody text.\n")
    assert doc.problems == []
    assert doc.path == "my-skill/SKILL.md" and doc.dir_name == "my-skill"
    assert doc.frontmatter == {"name": "my-skill", "description": "Does one thing. Use when asked."}
    assert doc.frontmatter_line == 2
    assert doc.body == "# Title\n\nBody text.\n"
    assert doc.body_line == 5  # the line after the closing `---` (line 4)
    assert doc.line_text(5) == "# Title" and doc.line_text(99) == "" and doc.line_text(0) == ""


def test_an_empty_frontmatter_is_an_empty_mapping(tmp_path: Path) -> None:
    doc = _load(tmp_path, "---\n---\nBody\n")
    assert doc.problems == [] and doc.frontmatter == {} and doc.body == "Body\n" and doc.body_line == 3


def test_the_closing_fence_may_end_the_file(tmp_path: Path) -> None:
    doc = _load(tmp_path, "---\nname: my-skill\n---")
    assert doc.problems == [] and doc.frontmatter == {"name": "my-skill"} and doc.body == ""


def test_fences_may_carry_trailing_blanks_but_nothing_else(tmp_path: Path) -> None:
    assert _load(tmp_path, "--- \nname: my-skill\n---\t\nBody\n").frontmatter == {"name": "my-skill"}
    doc = _load(tmp_path, "---\nname: my-skill\n--- # end\nBody\n")
    assert doc.frontmatter is None and _facts(doc) == [(Fact.UNCLOSED_FRONTMATTER, Span(1, 1, 1, 4))]


# -- bytes that are not a text file ------------------------------------------------------------------


def test_utf8_bom_is_recorded_and_stripped_without_moving_positions(tmp_path: Path) -> None:
    doc = _load(tmp_path, "\ufeff" + FRONTMATTER)
    assert _facts(doc) == [(Fact.BOM, Span(1, 1))]
    assert doc.text is not None and not doc.text.startswith("\ufeff")
    assert doc.frontmatter is not None and doc.frontmatter["name"] == "my-skill"
    assert doc.locate(("name",)).span == Span(2, 7, 2, 15)


def test_crlf_is_recorded_where_it_first_appears_and_normalised(tmp_path: Path) -> None:
    text = "---\nname: my-skill\r\ndescription: x\r\n---\r\nBody\r\n"
    doc = _load(tmp_path, text)
    assert _facts(doc) == [(Fact.CRLF, Span(*_position(text, "\r\n")))] == [(Fact.CRLF, Span(2, 15))]
    assert doc.had_crlf and doc.text is not None and "\r" not in doc.text
    assert doc.frontmatter == {"name": "my-skill", "description": "x"} and doc.body == "Body\n"
    assert doc.locate(("description",)).span == Span(3, 14, 3, 15)


def test_a_lone_carriage_return_is_not_crlf(tmp_path: Path) -> None:
    doc = _load(tmp_path, FRONTMATTER + "Body\rmore\n")
    assert doc.problems == [] and not doc.had_crlf


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_is_recognised_by_its_nul_bytes(tmp_path: Path, encoding: str) -> None:
    data = ("\ufeff" if encoding != "utf-16" else "") + FRONTMATTER
    doc = _load(tmp_path, data.encode(encoding))
    if encoding == "utf-16" or data.startswith("\ufeff"):
        assert _facts(doc) == [(Fact.UTF16, Span(1, 1))]
        assert "UTF-16" in doc.problems[0].detail
    assert doc.text is None and doc.frontmatter is None and doc.sources == []


def test_utf16_without_a_byte_order_mark_is_a_binary_file_at_its_first_nul(tmp_path: Path) -> None:
    doc = _load(tmp_path, FRONTMATTER.encode("utf-16-le"))
    assert _facts(doc) == [(Fact.NUL_BYTE, Span(1, 2))]  # `-` then NUL: the second character
    assert doc.problems[0].detail == "binary file: NUL byte at offset 1; not parsed"


def test_nul_byte_is_located_in_characters_and_reported_by_byte_offset(tmp_path: Path) -> None:
    data = "---\nname: é".encode() + b"\x00rest\n"
    doc = _load(tmp_path, data)
    offset = data.index(b"\x00")
    assert _facts(doc) == [(Fact.NUL_BYTE, Span(2, len("name: é") + 1))]  # column 8: é is one character
    assert f"offset {offset}" in doc.problems[0].detail and offset == 12
    assert doc.text is None


def test_undecodable_byte_is_located_and_named(tmp_path: Path) -> None:
    data = b"---\nname: my-skill\ndescription: caf\xe9 latte\n---\n"
    doc = _load(tmp_path, data)
    offset = data.index(b"\xe9")
    assert _facts(doc) == [(Fact.UNDECODABLE, Span(3, len("description: caf") + 1))]
    assert doc.problems[0].detail == f"invalid UTF-8 at byte offset {offset} (byte 0xe9); not parsed"
    assert doc.text is None and doc.frontmatter is None


def test_a_truncated_multibyte_character_at_the_end_is_undecodable(tmp_path: Path) -> None:
    data = FRONTMATTER.encode() + "€".encode()[:2]
    doc = _load(tmp_path, data)
    assert [fact.kind for fact in doc.problems] == [Fact.UNDECODABLE]
    assert f"byte offset {len(FRONTMATTER.encode())} " in doc.problems[0].detail
    assert doc.problems[0].span == Span(FRONTMATTER.count("\n") + 1, 1)


def test_a_file_over_the_limit_is_not_parsed(tmp_path: Path) -> None:
    doc = _load(tmp_path, FRONTMATTER + "x" * 100, max_bytes=50)
    size = len(FRONTMATTER) + 100
    assert _facts(doc) == [(Fact.TOO_LARGE, Span(1, 1))]
    assert doc.problems[0].detail == f"file is {size:,} bytes, over the limit of 50; not parsed"
    assert doc.text is None
    assert _load(tmp_path, FRONTMATTER, max_bytes=len(FRONTMATTER)).problems == []  # exactly the limit is fine


def test_a_folder_named_skill_md_is_unreadable_not_an_error(tmp_path: Path) -> None:
    (tmp_path / "my-skill" / "SKILL.md").mkdir(parents=True)
    doc = load_document(tmp_path / "my-skill" / "SKILL.md", tmp_path)
    assert _facts(doc) == [(Fact.UNREADABLE, Span(1, 1))]
    assert doc.problems[0].detail == "a folder, not a regular file; not read"


def test_a_missing_file_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / "my-skill").mkdir()
    doc = load_document(tmp_path / "my-skill" / "SKILL.md", tmp_path)
    assert [fact.kind for fact in doc.problems] == [Fact.UNREADABLE]
    assert doc.problems[0].detail.startswith("cannot read file: ")


def test_a_wrongly_cased_skill_file_is_read_and_recorded(tmp_path: Path) -> None:
    doc = _load(tmp_path, FRONTMATTER, filename="skill.md")
    assert [fact.kind for fact in doc.problems] == [Fact.SKILL_MD_CASE]
    assert doc.problems[0].advice == "rename it: git mv skill.md SKILL.md"
    assert doc.frontmatter is not None  # still read: the runtime would not load it, but its content is judged


# -- where the frontmatter is missing or broken ----------------------------------------------------------


@pytest.mark.parametrize("text", ["", "\n", "  \n\t\n"])
def test_an_empty_file_has_no_frontmatter(tmp_path: Path, text: str) -> None:
    doc = _load(tmp_path, text)
    assert _facts(doc) == [(Fact.EMPTY_FILE, Span(1, 1))]
    assert doc.frontmatter is None and doc.sources == []


def test_no_opening_fence_marks_the_first_line_and_keeps_the_body(tmp_path: Path) -> None:
    doc = _load(tmp_path, "# Title\nname: x\n")
    assert _facts(doc) == [(Fact.NO_OPENING_FENCE, Span(1, 1, 1, len("# Title") + 1))]
    assert doc.frontmatter is None and doc.body == "# Title\nname: x\n" and doc.body_line == 1


def test_no_opening_fence_on_an_empty_first_line_is_a_point(tmp_path: Path) -> None:
    """A span is a point or has both ends: an empty first line used to give an end line
    without an end column."""
    doc = _load(tmp_path, "\n---\nname: x\n---\n")
    assert _facts(doc) == [(Fact.NO_OPENING_FENCE, Span(1, 1))]


def test_unclosed_frontmatter_points_at_the_opening_fence(tmp_path: Path) -> None:
    doc = _load(tmp_path, "---\nname: my-skill\ndescription: never closed\n# Body\n")
    assert _facts(doc) == [(Fact.UNCLOSED_FRONTMATTER, Span(1, 1, 1, 4))]
    assert doc.frontmatter is None and doc.sources == [] and doc.body == ""


def test_dots_do_not_close_the_frontmatter(tmp_path: Path) -> None:
    doc = _load(tmp_path, "---\nname: my-skill\n...\nBody\n")
    assert [fact.kind for fact in doc.problems] == [Fact.UNCLOSED_FRONTMATTER]


@pytest.mark.parametrize(("yaml_text", "kind"), [("- a\n- b\n", "a list"), ("just text\n", "a scalar (str)"),
                                                  ("42\n", "a scalar (int)")])
def test_frontmatter_that_is_not_a_mapping(tmp_path: Path, yaml_text: str, kind: str) -> None:
    doc = _load(tmp_path, f"---\n{yaml_text}---\nBody\n")
    assert _facts(doc) == [(Fact.NOT_A_MAPPING, Span(2, 1))]
    assert doc.problems[0].detail == f"frontmatter is {kind}, not a mapping of keys to values"
    assert doc.frontmatter is None and doc.body == "Body\n"


def test_unclosed_flow_list_is_reported_at_its_bracket_with_help(tmp_path: Path) -> None:
    text = "---\nname: my-skill\nallowed-tools: [Read, Bash\n---\n"
    doc = _load(tmp_path, text)
    [fact] = doc.problems
    assert (fact.kind, fact.span) == (Fact.YAML_SYNTAX, Span(*_position(text, "[")))
    assert fact.detail.startswith("invalid YAML: while parsing a flow sequence")
    assert fact.advice is not None and "close the `[` opened on line 3 with `]`" in fact.advice
    assert doc.frontmatter is None


def test_unclosed_quote_is_reported_at_the_quote(tmp_path: Path) -> None:
    text = '---\nname: my-skill\ndescription: "never closed\nlicense: MIT\n---\n'
    doc = _load(tmp_path, text)
    [fact] = doc.problems
    assert (fact.kind, fact.span) == (Fact.YAML_SYNTAX, Span(*_position(text, '"')))
    assert fact.advice is not None and fact.advice.startswith("close the quote opened on line 3")


def test_colon_in_a_plain_value_points_at_the_colon(tmp_path: Path) -> None:
    text = "---\nname: my-skill\ndescription: Use when: the user asks\n---\n"
    doc = _load(tmp_path, text)
    [fact] = doc.problems
    assert (fact.kind, fact.span) == (Fact.YAML_SYNTAX, Span(*_position(text, ": the user")))
    assert fact.advice == 'the value of `description` contains `: `; quote the whole value: description: "..."'


def test_key_glued_to_the_line_before_is_named(tmp_path: Path) -> None:
    text = "---\nname: my-skill\ndescription: Fills forms.license: MIT\n---\n"
    doc = _load(tmp_path, text)
    [fact] = doc.problems
    assert fact.span == Span(*_position(text, "license"))
    assert fact.advice is not None and fact.advice.startswith("`license:` is written on the same line as `description`")


def test_tab_indentation_gets_its_help(tmp_path: Path) -> None:
    doc = _load(tmp_path, "---\nmetadata:\n\tauthor: me\n---\n")
    [fact] = doc.problems
    assert fact.kind is Fact.YAML_SYNTAX and fact.span.line == 3
    assert fact.advice == "indent with spaces: YAML does not allow tabs in indentation"


def test_too_deep_nesting_is_refused_at_the_level_past_the_limit(tmp_path: Path) -> None:
    text = "---\nname: my-skill\nx: " + "[" * 70 + "]" * 70 + "\n---\n"
    doc = _load(tmp_path, text)
    [fact] = doc.problems
    assert fact.kind is Fact.YAML_REFUSED and fact.detail == "YAML nests more than 64 levels deep; not parsed"
    assert fact.span == Span(3, len("x: ") + 63 + 1)  # the mapping is level 1: the 64th `[` is level 65
    assert doc.frontmatter is None


def test_an_alias_bomb_is_refused_not_expanded(tmp_path: Path) -> None:
    lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x","x"]']
    lines += [f"a{i}: &a{i} [{','.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 8)]
    doc = _load(tmp_path, "---\n" + "\n".join(lines) + "\n---\n")
    [fact] = doc.problems
    # located where the expansion first passes the limit: `a4`'s value (a3 has 11,111 nodes, a4 111,111)
    assert fact.kind is Fact.YAML_REFUSED and "alias bomb" in fact.detail and fact.span == Span(6, 5)


def test_value_that_does_not_fit_its_tag_costs_that_value_only(tmp_path: Path) -> None:
    text = "---\nname: my-skill\ncount: !!int x\n---\n"
    doc = _load(tmp_path, text)
    [fact] = doc.problems
    start = _position(text, "!!int")
    assert (fact.kind, fact.detail) == (Fact.YAML_TAG, "`!!int x` is not an integer")
    assert fact.span == Span(start[0], start[1], start[0], start[1] + len("!!int x"))
    assert doc.frontmatter is not None and doc.frontmatter["name"] == "my-skill"
    assert str(doc.frontmatter["count"]) == "x"


def test_duplicate_keys_are_nonportable_and_the_last_wins(tmp_path: Path) -> None:
    doc = _load(tmp_path, "---\nname: first\nname: second\n---\n")
    assert doc.problems == [] and doc.frontmatter == {"name": "second"}
    [(path, item)] = doc.nonportable
    assert (path, item.feature, item.line + 2, item.column + 1) == ("my-skill/SKILL.md", "duplicate-key", 3, 1)
    assert doc.locate(("name",)).span == Span(3, 7, 3, 13)  # the value that counts


def test_non_string_keys_become_strings(tmp_path: Path) -> None:
    doc = _load(tmp_path, "---\n1: one\n~: nothing\n2024-01-01: day\n[a]: list\n---\n")
    assert doc.frontmatter == {"1": "one", "None": "nothing", "2024-01-01": "day", "<complex key at line 4>": "list"}


# -- locate -------------------------------------------------------------------------------------------


METADATA = """---
name: my-skill
description: >-
  Folded over
  two lines.
metadata:
  author: "Ann"
  tags: [a, b]
allowed-tools:
  - Read
  - Bash
---
Body
"""


@pytest.mark.parametrize(
    ("path", "key", "needle", "length"),
    [
        (("name",), False, "my-skill", len("my-skill")),
        (("name",), True, "name", len("name")),
        (("metadata", "author"), False, '"Ann"', len('"Ann"')),
        (("metadata", "author"), True, "author", len("author")),
        (("metadata", "tags", 1), False, "b]", 1),
        (("allowed-tools", 1), False, "Bash", len("Bash")),
        (("allowed-tools",), True, "allowed-tools", len("allowed-tools")),
    ],
)
def test_locate_points_at_the_key_or_value_as_written(tmp_path: Path, path: tuple, key: bool, needle: str,
                                                       length: int) -> None:
    doc = _load(tmp_path, METADATA)
    line, column = _position(METADATA, needle)
    assert doc.locate(path, key=key) == doc.locate(path, key=key)  # stable
    location = doc.locate(path, key=key)
    assert (location.path, location.span) == ("my-skill/SKILL.md", Span(line, column, line, column + length))


def test_locate_a_block_value_marks_its_first_line_only(tmp_path: Path) -> None:
    doc = _load(tmp_path, METADATA)
    line, column = _position(METADATA, ">-")
    assert doc.locate(("description",)).span == Span(line, column, line, column + 2)
    line, column = _position(METADATA, "- Read")
    assert doc.locate(("allowed-tools",)).span.line == line


def test_locate_what_is_not_there(tmp_path: Path) -> None:
    doc = _load(tmp_path, METADATA)
    # an absent key: where its mapping is (a block mapping: its first line)
    assert doc.locate(("license",)).span == Span(2, 1, 2, len("name: my-skill") + 1)
    assert doc.locate(("metadata", "missing")) == doc.locate(("metadata",))
    assert doc.locate(("metadata",)).span.line == _position(METADATA, "author")[0]
    assert doc.locate(()).span == Span(1, 1, 1, 4)  # the whole frontmatter: its opening fence
    broken = _load(tmp_path, "no frontmatter\n")
    assert broken.locate(("name",)).span == Span(1, 1)


def test_locate_within_gives_each_token_its_own_column(tmp_path: Path) -> None:
    text = "---\nname: my-skill\nallowed-tools: Read Bash Read\n---\n"
    doc = _load(tmp_path, text)
    first, after = doc.locate_within(("allowed-tools",), "Read")
    second, after2 = doc.locate_within(("allowed-tools",), "Read", after)
    line, column = _position(text, "Read")
    assert first.span == Span(line, column, line, column + 4)
    line, column = _position(text, "Read", text.index("Read") + 1)
    assert second.span == Span(line, column, line, column + 4)
    assert after == len("Read") and after2 == len("Read Bash Read")  # offsets in the value, to go on from
    missing, unchanged = doc.locate_within(("allowed-tools",), "Write", 0)
    assert missing == doc.locate(("allowed-tools",)) and unchanged == 0


def test_locate_offset_skips_the_opening_quote(tmp_path: Path) -> None:
    doc = _load(tmp_path, '---\nname: "my-skill"\n---\n')
    assert doc.locate_offset(("name",), 3).span == Span(2, len('name: "') + 3 + 1)


@pytest.mark.parametrize("breaker", ["\u2028", "\u2029", "\x85", "\r"])
def test_breaks_only_yaml_counts_do_not_move_later_positions(tmp_path: Path, breaker: str) -> None:
    """YAML also breaks lines at CR, NEL, LS and PS; skilllint (like editors and git) counts
    `\\n` only. Keys after such a character were located one line too low, past the
    frontmatter when they ended it."""
    text = f'---\ndescription: "Fills{breaker}forms"\nname: My-Skill\ncount: !!int x\n---\nBody\n'
    doc = _load(tmp_path, text)
    line, column = _position(text, "My-Skill")
    assert doc.locate(("name",)).span == Span(line, column, line, column + len("My-Skill"))
    assert doc.locate(("name",), key=True).span.line == line
    [fact] = doc.problems
    assert (fact.kind, fact.span.line, fact.span.column) == (Fact.YAML_TAG, *_position(text, "!!int"))


def test_yaml_error_after_a_yaml_only_break_is_on_its_real_line(tmp_path: Path) -> None:
    text = '---\ndescription: "a\u2028b"\nname: [unclosed\nlicense: MIT\n---\n'
    doc = _load(tmp_path, text)
    [fact] = doc.problems
    assert (fact.kind, fact.span) == (Fact.YAML_SYNTAX, Span(*_position(text, ": MIT")))  # where the parser gave up
    assert "flow sequence that starts at line 3, column 7" in fact.detail


# -- metadata.yaml beside SKILL.md ---------------------------------------------------------------------------


def test_metadata_yaml_adds_keys_and_the_frontmatter_wins(tmp_path: Path) -> None:
    doc = _load(tmp_path, FRONTMATTER, metadata_yaml="name: other\nlicense: MIT\n")
    assert doc.frontmatter is not None
    assert doc.frontmatter["name"] == "my-skill" and doc.frontmatter["license"] == "MIT"
    location = doc.locate(("license",))
    assert (location.path, location.span) == ("my-skill/metadata.yaml", Span(2, 10, 2, 13))
    assert doc.locate(("name",)).path == "my-skill/SKILL.md"


def test_metadata_yaml_problems_carry_its_own_path_and_lines(tmp_path: Path) -> None:
    doc = _load(tmp_path, FRONTMATTER, metadata_yaml="license: MIT\ncount: !!int q\n")
    [fact] = doc.problems
    assert (fact.kind, fact.path, fact.span.line, fact.span.column) == (Fact.YAML_TAG, "my-skill/metadata.yaml", 2, 8)
    broken = _load(tmp_path, FRONTMATTER, metadata_yaml="tags: [a\n")
    assert [(f.kind, f.path) for f in broken.problems] == [(Fact.YAML_SYNTAX, "my-skill/metadata.yaml")]
    assert broken.frontmatter is not None and broken.frontmatter["name"] == "my-skill"  # SKILL.md still counts


def test_metadata_yaml_is_ignored_when_the_frontmatter_is_unusable(tmp_path: Path) -> None:
    doc = _load(tmp_path, "# no frontmatter\n", metadata_yaml="name: my-skill\n")
    assert doc.frontmatter is None and [f.kind for f in doc.problems] == [Fact.NO_OPENING_FENCE]


# -- paths ---------------------------------------------------------------------------------------------------


def test_relative_posix() -> None:
    assert relative_posix("/a/b/c/SKILL.md", "/a/b") == "c/SKILL.md"
    assert relative_posix("/a/b", "/a/b") == "."
    assert relative_posix("/a/x/SKILL.md", "/a/b") == "../x/SKILL.md"
    assert relative_posix("/a/bc/SKILL.md", "/a/b") == "../bc/SKILL.md"  # a prefix of the name is not a parent
