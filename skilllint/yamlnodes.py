"""YAML with positions: compose with the C loader, build plain data, keep node marks.

PyYAML's constructors drop positions, so we compose to nodes (libyaml, fast) and build the
Python values ourselves. That lets us (a) point every finding at the key or item it is
about, (b) refuse alias bombs without expanding them, (c) cap nesting depth before libyaml's
recursive composer can crash, and (d) notice non-portable YAML (flow style, anchors,
tags, duplicate keys) on the way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_NODES = 20_000
"""Expanded size above which aliases count as a bomb (a real frontmatter has < 200 nodes)."""
MAX_DEPTH = 64
"""Deeper nesting is refused before composing: libyaml's composer recurses and can crash."""


class YamlRefused(Exception):
    """YAML we will not build: an alias bomb or too deep a nesting. Carries a 0-based mark."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


@dataclass
class Nonportable:
    """A YAML feature strict parsers (StrictYAML in skills-ref) reject, at a 0-based mark."""

    feature: str
    line: int
    column: int
    end_line: int
    end_column: int
    detail: str = ""


@dataclass
class ParsedYaml:
    data: Any
    root: Node | None
    nonportable: list[Nonportable] = field(default_factory=list)


def flow_depth(text: str, limit: int = MAX_DEPTH) -> tuple[int, int]:
    """Bracket nesting of `text` (ignoring quoting): the depth reached, capped just past
    `limit`, and the offset where it first passed the limit (or peaked).

    A cheap over-estimate, run only when brackets are plentiful, that keeps hostile input
    away from libyaml's recursive composer.
    """
    depth = best = 0
    where = 0
    for index, char in enumerate(text):
        if char in "[{":
            depth += 1
            if depth > best:
                best, where = depth, index
                if depth > limit:
                    break
        elif char in "]}":
            depth = max(0, depth - 1)
    return best, where


def _offset_to_mark(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return line, offset - start


_constructor = SafeConstructor()


_STR_TAG = "tag:yaml.org,2002:str"


def _scalar(node: ScalarNode) -> Any:
    if node.tag == _STR_TAG:  # most frontmatter values: skip PyYAML's constructor dispatch
        return node.value
    return _constructor.construct_object(node, deep=True)


class _Builder:
    """Turns a composed node graph into Python data, measuring it as it goes."""

    def __init__(self) -> None:
        self.nonportable: list[Nonportable] = []
        self.seen: set[int] = set()
        self.aliased: set[int] = set()
        self.sizes: dict[int, int] = {}

    def _note(self, feature: str, node: Node, detail: str = "") -> None:
        self.nonportable.append(
            Nonportable(
                feature,
                node.start_mark.line,
                node.start_mark.column,
                node.end_mark.line,
                node.end_mark.column,
                detail,
            )
        )

    def size(self, node: Node, depth: int = 0) -> int:
        """Expanded node count, memoised on identity so a bomb costs its unique size only."""
        key = id(node)
        if key in self.sizes:
            self.aliased.add(key)
            return self.sizes[key]
        if depth > MAX_DEPTH:
            raise YamlRefused(
                f"YAML nests more than {MAX_DEPTH} levels deep; not parsed",
                node.start_mark.line,
                node.start_mark.column,
            )
        total = 1
        if isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                total += self.size(key_node, depth + 1) + self.size(value_node, depth + 1)
        elif isinstance(node, SequenceNode):
            for item in node.value:
                total += self.size(item, depth + 1)
        self.sizes[key] = total
        return total

    def build(self, node: Node) -> Any:
        self.seen.add(id(node))
        if isinstance(node, ScalarNode):
            return _scalar(node)
        if node.flow_style:
            self._note("flow", node, "mapping" if isinstance(node, MappingNode) else "list")
        if isinstance(node, SequenceNode):
            return [self.build(item) for item in node.value]
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = self.build(key_node) if isinstance(key_node, ScalarNode) else _unhashable_key(key_node)
            if isinstance(key, list | dict):
                key = str(key)
            if key in result:
                self._note("duplicate-key", key_node, str(key))
            result[key] = self.build(value_node)
        return result


def _unhashable_key(node: Node) -> str:
    return f"<complex key at line {node.start_mark.line + 1}>"


def parse_yaml(text: str) -> ParsedYaml:
    """Parse one YAML document keeping marks. Raises yaml.YAMLError or YamlRefused."""
    if text.count("[") + text.count("{") > MAX_DEPTH:
        depth, where = flow_depth(text)
        if depth > MAX_DEPTH:
            line, column = _offset_to_mark(text, where)
            raise YamlRefused(f"YAML nests more than {MAX_DEPTH} levels deep; not parsed", line, column)
    root = yaml.compose(text, Loader=_Loader)
    if root is None:
        return ParsedYaml(None, None)
    builder = _Builder()
    total = builder.size(root)
    if total > MAX_NODES:
        raise YamlRefused(
            f"YAML aliases expand to more than {MAX_NODES:,} nodes (an alias bomb); not expanded",
            root.start_mark.line,
            root.start_mark.column,
        )
    try:
        data = builder.build(root)
    except ConstructorError as error:
        mark = error.problem_mark or error.context_mark
        raise YamlRefused(str(error.problem or error), mark.line if mark else 0, mark.column if mark else 0) from None
    nonportable = builder.nonportable
    if "!" in text or "&" in text or "*" in text:
        nonportable.extend(_tokens(text))
    return ParsedYaml(data, root, nonportable)


_TOKEN_FEATURES = {yaml.TagToken: "tag", yaml.AnchorToken: "anchor", yaml.AliasToken: "anchor"}


def _tokens(text: str) -> list[Nonportable]:
    """Tags, anchors and aliases leave no trace in composed nodes, so scan the tokens
    (only when the text holds one of their indicator characters)."""
    found = []
    try:
        for token in yaml.scan(text, Loader=_Loader):
            feature = _TOKEN_FEATURES.get(type(token))
            if feature:
                start, end = token.start_mark, token.end_mark
                found.append(Nonportable(feature, start.line, start.column, end.line, end.column, feature))
    except yaml.YAMLError:
        pass
    return found


def find_node(root: Node | None, path: tuple[Any, ...], *, want_key: bool = False) -> Node | None:
    """The node at `path` (mapping keys and sequence indexes); the key node when `want_key`."""
    node = root
    key_node: Node | None = None
    for step in path:
        if isinstance(node, MappingNode):
            for k, v in reversed(node.value):  # the last duplicate wins, as in the data
                if isinstance(k, ScalarNode) and _key_matches(k, step):
                    key_node, node = k, v
                    break
            else:
                return key_node if want_key else node
        elif isinstance(node, SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
            key_node, node = None, node.value[step]
        else:
            return node
    if want_key and key_node is not None:
        return key_node
    return node


def _key_matches(node: ScalarNode, step: Any) -> bool:
    if node.value == step:
        return True
    return not isinstance(step, str) and node.value == str(step)
