"""Small helpers shared by several checks (not rules themselves)."""

from __future__ import annotations

import unicodedata
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from skilllint.document import Document, Location
from skilllint.model import Span
from skilllint.yamlnodes import Unbuilt


def string_field(doc: Document, key: str) -> str | None:
    """The field's value when it is a non-empty string, else None."""
    value: Any = doc.field(key)
    if isinstance(value, str) and value.strip():
        return value
    return None


def skill_name(doc: Document) -> str | None:
    """The `name` as the spec compares it: stripped and NFKC-normalised."""
    value = string_field(doc, "name")
    return unicodedata.normalize("NFKC", value.strip()) if value is not None else None


def slug(text: str) -> str:
    """A valid skill name close to `text`: what help messages suggest."""
    out = []
    for char in unicodedata.normalize("NFKD", text.strip().lower()):
        if "a" <= char <= "z" or "0" <= char <= "9":
            out.append(char)
        elif char in " _-./":
            out.append("-")
    result = "-".join(part for part in "".join(out).split("-") if part)
    return result[:64].strip("-")


_KINDS = {bool: "a boolean", int: "a number", float: "a number", list: "a list", dict: "a map", str: "a string"}


def kind_of(value: Any) -> str:
    """How messages name a YAML value's type: `a number`, `a list`, `empty` (null)."""
    if value is None:
        return "empty"
    if isinstance(value, Unbuilt):
        return value.kind
    return _KINDS.get(type(value), f"a {type(value).__name__}")


def source_text(doc: Document, path: tuple[Any, ...]) -> str | None:
    """The value at `path` as written in the file (`1.10`, `true`), when it is on one line."""
    location = locate(doc, path)
    span = location.span
    if location.path != doc.path or span.end_line != span.line or span.end_column is None:
        return None
    return doc.line_text(span.line)[span.column - 1 : span.end_column - 1] or None


def quote_help(doc: Document, key: str, otherwise: str) -> str:
    """Help for a scalar YAML typed as something else (`name: yes`, `description: 1.10`,
    `updated: 2024-02-30`): quote what was written, so the text survives as written."""
    value = doc.field(key)
    if value is None or isinstance(value, list | dict | str):
        return otherwise
    written = source_text(doc, (key,))
    return f'quote it: {key}: "{written}"' if written else otherwise


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def locate(doc: Document, path: tuple[Any, ...], *, key: bool = False) -> Location:
    """`doc.locate(path, key=key)` for rules that locate many keys of one mapping (an unknown field each,
    a bad `metadata` entry each): `find_node` walks a mapping's keys for every lookup, so 10,000 keys took
    seconds; here each mapping's keys are indexed once per document. Same answer, position for position."""
    if not path or not doc.sources:
        return doc.locate(path, key=key)
    source = doc.sources[doc.key_source.get(str(path[0]), 0)]
    node = _find_node(doc, source.root, path, key)
    if node is None:
        return Location(source.path, Span(source.line_offset + 1, 1))
    start, end = node.start_mark, node.end_mark
    line = start.line + source.line_offset + 1
    span = Span(line, start.column + 1, end.line + source.line_offset + 1, end.column + 1)
    if span.end_line != line:  # a block value: point at its first line only (as `Document.locate`)
        first = doc.line_text(line) if source.path == doc.path else ""
        span = Span(line, span.column, line, max(span.column, len(first.rstrip()) + 1))
    return Location(source.path, span)


def _find_node(doc: Document, root: Node | None, path: tuple[Any, ...], want_key: bool) -> Node | None:
    """`yamlnodes.find_node`, with a dict lookup for each mapping step instead of a walk of its keys."""
    node = root
    key_node: Node | None = None
    for step in path:
        if isinstance(node, MappingNode):
            pair = _mapping_keys(doc, node).get(step if isinstance(step, str) else str(step))
            if pair is None:
                return key_node if want_key else node
            key_node, node = pair
        elif isinstance(node, SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
            key_node, node = None, node.value[step]
        else:
            return node
    if want_key and key_node is not None:
        return key_node
    return node


def _mapping_keys(doc: Document, mapping: MappingNode) -> dict[str, tuple[Node, Node]]:
    """A mapping's scalar keys as written -> (key node, value node); the last duplicate wins, as in the data."""
    indexes = doc.cache.setdefault("mapping_keys", {})
    index = indexes.get(id(mapping))  # (the nodes live as long as the document)
    if index is None:
        index = indexes[id(mapping)] = {k.value: (k, v) for k, v in mapping.value if isinstance(k, ScalarNode)}
    return index
