"""`skilllint.reading.yamlspans`: YAML's 0-based marks to our 1-based spans, for every reader of YAML.

Each case composes real YAML and asks for the span of a key or a value, then reads the text at
that span back: the span must cover exactly what is written there. Then the readers that convert
through it (`Document.locate`, manifests, config messages) are checked on the same shapes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from skilllint.core.model import Span
from skilllint.reading.document import load_document
from skilllint.reading.manifests import load_manifest
from skilllint.reading.yamlnodes import Nonportable, ValueFault, YamlRefused, find_node, parse_yaml
from skilllint.reading.yamlspans import line_and_column, mark_span, node_span, region_span, span_at


def _text_at(text: str, span: Span, line_offset: int = 0) -> str:
    """The characters of `text` a one-line span covers (`text` starts at file line line_offset + 1)."""
    assert span.end_line == span.line and span.end_column is not None
    line = text.split("\n")[span.line - 1 - line_offset]
    return line[span.column - 1 : span.end_column - 1]


YAML = """\
name: my-skill
description: "quoted value"
tools: [Read, 'Bash(git:*)', {a: 1}]
block:
  - first
  - second
literal: |
  line one
  line two
folded: >-
  folded
  text
plain: several
  words over lines
quoted: "a quoted
  string"
"""


@pytest.mark.parametrize(("path", "key", "written"), [
    (("name",), False, "my-skill"),
    (("name",), True, "name"),
    (("description",), False, '"quoted value"'),
    (("description",), True, "description"),
    (("tools",), False, "[Read, 'Bash(git:*)', {a: 1}]"),  # a flow value, whole
    (("tools", 0), False, "Read"),
    (("tools", 1), False, "'Bash(git:*)'"),
    (("tools", 2), False, "{a: 1}"),
    (("tools", 2, "a"), False, "1"),
    (("tools", 2, "a"), True, "a"),
    (("block", 1), False, "second"),
    (("block",), True, "block"),
    (("literal",), True, "literal"),
])
def test_one_line_nodes_cover_what_is_written(path: tuple[object, ...], key: bool, written: str) -> None:
    node = find_node(parse_yaml(YAML).root, path, want_key=key)
    assert node is not None
    span = node_span(node)
    assert span.line == node.start_mark.line + 1 and span.column == node.start_mark.column + 1
    assert _text_at(YAML, span) == written


def test_positions_are_one_based() -> None:
    node = find_node(parse_yaml(YAML).root, ("name",), want_key=True)
    assert node is not None
    assert node_span(node) == Span(1, 1, 1, 5)  # `name` at the very start of the text


@pytest.mark.parametrize(("path", "line", "column", "first_line"), [
    (("block",), 5, 3, "  - first"),  # a block list starts at its first item
    (("literal",), 7, 10, "literal: |"),  # a block scalar starts at its indicator
    (("folded",), 10, 9, "folded: >-"),
    (("plain",), 13, 8, "plain: several"),
    (("quoted",), 15, 9, 'quoted: "a quoted'),
])
def test_multi_line_values_are_cut_to_their_first_line(path: tuple[object, ...], line: int, column: int,
                                                       first_line: str) -> None:
    node = find_node(parse_yaml(YAML).root, path)
    assert node is not None and node.end_mark.line > node.start_mark.line
    lines = YAML.split("\n")
    assert lines[line - 1] == first_line
    assert node_span(node) == Span(line, column)  # without the line's text: the start only
    assert node_span(node, line_text=lambda n: lines[n - 1]) == Span(line, column, line, len(first_line) + 1)
    assert node_span(node, line_text=lambda n: "") == Span(line, column, line, column)  # never before the start


def test_line_offset_moves_lines_not_columns() -> None:
    node = find_node(parse_yaml(YAML).root, ("tools", 1))
    assert node is not None
    assert node_span(node, 1) == Span(4, 15, 4, 28)
    asked: list[int] = []
    block = find_node(parse_yaml(YAML).root, ("literal",))
    assert block is not None

    def line_text(line: int) -> str:
        asked.append(line)
        return ""

    node_span(block, 1, line_text)
    assert asked == [8]  # the file line, not the YAML text's


def test_a_mark_is_a_point() -> None:
    mark = yaml.error.Mark("x", 0, 2, 4, "", 0)
    assert mark_span(mark) == Span(3, 5)
    assert mark_span(mark, 1) == Span(4, 5)
    assert line_and_column(mark) == "line 3, column 5"
    assert line_and_column(mark, 1) == "line 4, column 5"
    assert mark_span(YamlRefused("deep", 0, 0)) == Span(1, 1)


def test_a_region_keeps_its_end_on_one_line_only() -> None:
    assert region_span(Nonportable("flow", 2, 6, 2, 20)) == Span(3, 7, 3, 21)
    assert region_span(Nonportable("flow", 2, 6, 2, 20), 1) == Span(4, 7, 4, 21)
    assert region_span(ValueFault("bad", 2, 6, 4, 1, True)) == Span(3, 7)


def test_span_at_counts_characters_on_the_line() -> None:
    assert span_at(0, 0) == Span(1, 1)
    assert span_at(0, 0, 1) == Span(2, 1)
    assert span_at(3, 4, 1, 5) == Span(5, 5, 5, 10)
    assert span_at(3, 4, 1, 0) == Span(5, 5)


# -- the readers that convert through it --------------------------------------------------------


def _skill(tmp_path: Path, frontmatter: str, metadata: str | None = None) -> Path:
    folder = tmp_path / "s"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(f"---\n{frontmatter}---\nbody\n", encoding="utf-8")
    if metadata is not None:
        (folder / "metadata.yaml").write_text(metadata, encoding="utf-8")
    return folder / "SKILL.md"


def test_document_locates_keys_and_values_in_file_lines(tmp_path: Path) -> None:
    doc = load_document(_skill(tmp_path, "name: s\ndescription: |\n  one\n  two\ntools: [a, b]\n"), tmp_path)
    assert doc.locate(("name",)).span == Span(2, 7, 2, 8)
    assert doc.locate(("name",), key=True).span == Span(2, 1, 2, 5)
    assert doc.locate(("description",)).span == Span(3, 14, 3, 15)  # `|`: the first line's text
    assert doc.locate(("tools", 1)).span == Span(6, 12, 6, 13)
    assert doc.locate(("absent",)).span == Span(2, 1, 2, 8)  # the mapping that lacks it, on its first line


def test_document_locates_metadata_yaml_in_its_own_lines(tmp_path: Path) -> None:
    doc = load_document(_skill(tmp_path, "name: s\ndescription: d\n", "author: x\nnotes: |\n  a\n  b\n"), tmp_path)
    assert doc.locate(("author",)).span == Span(1, 9, 1, 10)
    assert doc.locate(("notes",)).path.endswith("metadata.yaml")
    assert doc.locate(("notes",)).span == Span(2, 8, 2, 8)  # its lines are not at hand: start to start


def test_document_facts_convert_marks(tmp_path: Path) -> None:
    doc = load_document(_skill(tmp_path, "name: s\ndescription: !!int x\nversion: !!int\n  y\n"), tmp_path)
    assert [(p.span, p.detail) for p in doc.problems] == [
        (Span(3, 14, 3, 21), "`!!int x` is not an integer"),  # on one line: start to end
        (Span(4, 10), "`!!int y` is not an integer"),  # over two: its start
    ]
    doc = load_document(_skill(tmp_path / "b", "name: s\ndescription: [a, b\n"), tmp_path)
    assert doc.problems[0].span == Span(3, 14)  # the bracket left open (the parser gave up at the end)
    assert "flow sequence that starts at line 3, column 14" in doc.problems[0].detail


def test_manifests_use_the_start_of_a_multi_line_value(tmp_path: Path) -> None:
    manifest = tmp_path / "app.tools.yaml"
    manifest.write_text("tools:\n  - name: read\n  - name: |\n      two\n      lines\n  - name: !!int x\n",
                        encoding="utf-8")
    loaded = load_manifest(manifest, tmp_path)
    assert [tool.name.location.span for tool in loaded.tools] == [Span(2, 11, 2, 15), Span(3, 11)]
    assert [(p.span, p.detail) for p in loaded.problems] == [
        (Span(6, 11), "`!!int x` is not an integer"),  # a manifest's tag fault is a point
        (Span(6, 11, 6, 18), "tool `name` is an integer, not a string; skipped"),
    ]
