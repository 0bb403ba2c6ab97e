"""skilllint.runtimes.linereader: SISU's line-by-line frontmatter reader, ported; each case is a branch of
`parseSimpleYaml` (finger-gun/sisu packages/middleware/skills/src/parser.ts)."""

from __future__ import annotations

from skilllint.runtimes.linereader import read_frontmatter


def test_key_value_lines_split_at_the_first_colon_and_lose_one_pair_of_quotes() -> None:
    assert read_frontmatter('name: a\ndescription: "Do X: then Y"\nlicense: \'MIT\'') == {
        "name": "a", "description": "Do X: then Y", "license": "MIT"}


def test_a_block_scalar_is_its_indicator_and_its_lines_are_read_as_lines() -> None:
    read = read_frontmatter("description: |\n  Safety mode: warn first.\n  Use when asked.\nname: g")
    assert read == {"description": "|", "Safety mode": "warn first.", "name": "g"}


def test_a_value_continued_on_the_next_line_is_its_first_line() -> None:
    assert read_frontmatter("description: Extract text\n  from PDFs.\n")["description"] == "Extract text"


def test_an_empty_value_opens_a_list_of_dash_lines_and_nothing_else() -> None:
    read = read_frontmatter("tags:\n  - a\n  -b\nrequires: [x, \"y\", ]\ndescription:\n  continued text")
    assert read == {"tags": ["a", "b"], "requires": ["x", '"y"']}


def test_comments_blank_lines_and_lines_without_a_colon_are_skipped() -> None:
    assert read_frontmatter("# c\n\nplain line\r\nname: n\r\n") == {"name": "n"}


def test_a_lone_quote_strips_to_nothing_as_slice_1_minus_1_does() -> None:
    assert read_frontmatter('name: "')["name"] == ""
