"""YAML with positions: compose with the C loader, build plain data, keep node marks.

PyYAML's constructors drop positions, so we compose to nodes (libyaml, fast) and build the
Python values ourselves. That lets us (a) point every finding at the key or item it is
about, (b) refuse alias bombs without expanding them, (c) cap nesting depth before libyaml's
recursive composer can crash, and (d) notice non-portable YAML (flow style, anchors,
tags, duplicate keys) on the way.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from datetime import date
from typing import Any, Final

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import CollectionNode, MappingNode, Node, ScalarNode, SequenceNode

from skilllint.core import lazyre
from skilllint.core.records import FrozenRecord, Record
from skilllint.reading.yamlspans import mark_span

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_EXPANSION = 20_000
"""Nodes that aliases may add by expansion before we call it a bomb. Only repeats count,
so a large honest document (a 400 KB MCP `tools/list`) is never refused."""
MAX_DEPTH = 64
"""Deeper nesting is refused before composing: libyaml's composer recurses and can crash."""


class YamlRefused(Exception):
    """YAML we will not build: an alias bomb or too deep a nesting. Carries a 0-based mark."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


class Nonportable(Record):
    """A YAML feature strict parsers (StrictYAML in skills-ref) reject, at a 0-based mark."""

    __slots__ = ("feature", "line", "column", "end_line", "end_column", "detail")
    feature: str
    line: int
    column: int
    end_line: int
    end_column: int
    detail: str

    def __init__(self, feature: str, line: int, column: int, end_line: int, end_column: int, detail: str = "") -> None:
        self.feature = feature
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column
        self.detail = detail


class Unbuilt(FrozenRecord):
    """A scalar whose tag names a type its text is not (`!!int x`, `2024-02-30`, `!foo 1`).

    Kept in the data instead of raising, so one bad value costs one finding, not the
    file. It is deliberately not a `str`: a field that must be a string reports it as
    what YAML says it is. `kind` is the tag's type in words (`a date`, `an integer`).
    """

    __slots__ = ("text", "tag", "kind")
    text: Final[str]
    tag: Final[str]
    kind: Final[str]

    def __init__(self, text: str, tag: str, kind: str) -> None:
        self.text = text
        self.tag = tag
        self.kind = kind

    def __str__(self) -> str:
        return self.text


class ValueFault(FrozenRecord):
    """A value that does not fit its tag, at 0-based marks. `explicit`: the author wrote
    the tag (`!!int x`, `!foo`), so every YAML loader rejects the value; otherwise YAML
    guessed the type from the text (`2024-02-30` looks like a date) and loaders differ."""

    __slots__ = ("message", "line", "column", "end_line", "end_column", "explicit")
    message: Final[str]
    line: Final[int]
    column: Final[int]
    end_line: Final[int]
    end_column: Final[int]
    explicit: Final[bool]

    def __init__(self, message: str, line: int, column: int, end_line: int, end_column: int, explicit: bool) -> None:
        self.message = message
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column
        self.explicit = explicit


class ParsedYaml(Record):
    __slots__ = ("data", "root", "nonportable", "faults")
    data: Any
    root: Node | None
    nonportable: list[Nonportable]
    faults: list[ValueFault]

    def __init__(self, data: Any, root: Node | None, nonportable: list[Nonportable] | None = None,
                 faults: list[ValueFault] | None = None) -> None:
        self.data = data
        self.root = root
        self.nonportable = [] if nonportable is None else nonportable
        self.faults = [] if faults is None else faults


_YAML_ONLY_BREAKS = lazyre.compile("[\r\x85\u2028\u2029]")
"""Line breaks to YAML but not to skilllint, which counts lines at `\n` (CRLF is made `\n` on
reading) as editors, git and the Markdown scanner do. After one of these, libyaml's
line and column drift (a key on file line 3 was reported on line 4); a mark's index (in
characters) does not, so positions are recomputed from it."""


class _Lines:
    """Where each `\n`-terminated line of a text starts, to turn a character index into a
    0-based (line, column)."""

    def __init__(self, text: str) -> None:
        self.starts = [0]
        self.starts.extend(match.end() for match in re.finditer("\n", text))

    def position(self, index: int) -> tuple[int, int]:
        line = bisect_right(self.starts, index) - 1
        return line, index - self.starts[line]

    def mark(self, mark: yaml.Mark) -> yaml.Mark:
        line, column = self.position(mark.index)
        return yaml.Mark(mark.name, mark.index, line, column, None, 0)


def _lines_if_drifting(text: str) -> _Lines | None:
    """A table to correct YAML's marks, when `text` holds a break only YAML counts; else None."""
    return _Lines(text) if _YAML_ONLY_BREAKS.search(text) else None


def _refused(message: str, mark: yaml.Mark, text: str) -> YamlRefused:
    lines = _lines_if_drifting(text)
    line, column = lines.position(mark.index) if lines is not None else (mark.line, mark.column)
    return YamlRefused(message, line, column)


_NESTING_INDICATORS = ("-", ":", "?", "[", "{")
_TIGHT_INDICATORS = (": ", ":\t", ":\n", "- ", "-\t", "-\n", "? ", "?\t", "?\n", "[", "{")
_OPENERS = (yaml.BlockSequenceStartToken, yaml.BlockMappingStartToken, yaml.FlowSequenceStartToken,
            yaml.FlowMappingStartToken)
_CLOSERS = (yaml.BlockEndToken, yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken)


def check_depth(text: str, limit: int = MAX_DEPTH) -> None:
    """Raise YamlRefused when `text` nests collections more than `limit` levels deep.

    libyaml's composer recurses once per level in C: 25,000 nested `- ` segfault it, so
    depth must be known before composing. Every level needs an indicator (`- `, `: `,
    `? `, `[`, `{`), so counting them bounds the depth for almost every real document in
    a few string counts; only when that bound is high do we walk the tokens, which
    libyaml's scanner produces iteratively (block and flow levels alike). An indentless
    sequence (`key:` then `- item` at the key's column) opens a level with no token of
    its own, so the composer may go up to twice the token depth: still far below a crash,
    and the builder enforces `limit` exactly on the nodes.
    """
    if sum(map(text.count, _NESTING_INDICATORS)) <= limit:
        return
    if sum(map(text.count, _TIGHT_INDICATORS)) + 3 <= limit:
        return
    try:
        _walk_depth(text, limit, _Loader)
    except yaml.YAMLError as error:
        if _Loader is yaml.SafeLoader or "nesting depth" not in str(error):
            return  # the composer stops at the same token, no deeper than we have seen
        # libyaml 0.2.6 (PyYAML 6.0.4 wheels) gives up at 1,000 flow levels while it still
        # holds every token back for a possible simple key, before yielding the one past our
        # limit; the pure-Python scanner yields it, so the refusal names the right place.
        try:
            _walk_depth(text, limit, yaml.SafeLoader)
        except yaml.YAMLError:
            return


def _walk_depth(text: str, limit: int, loader: Any) -> None:
    """Raise YamlRefused at the first collection opened more than `limit` levels deep."""
    depth = 0
    for token in yaml.scan(text, Loader=loader):
        if isinstance(token, _OPENERS):
            depth += 1
            if depth > limit:
                raise _refused(f"YAML nests more than {limit} levels deep; not parsed", token.start_mark, text)
        elif isinstance(token, _CLOSERS):
            depth -= 1


_constructor = SafeConstructor()
_resolver = yaml.resolver.Resolver()

_STR_TAG = "tag:yaml.org,2002:str"
_CORE = "tag:yaml.org,2002:"
_KIND = {
    "int": "an integer", "float": "a number", "bool": "a boolean", "null": "empty", "timestamp": "a date",
    "binary": "base64 data", "str": "a string",
}
# tag -> PyYAML's constructor method for it, called unbound as build(constructor, node)
_SCALAR_BUILDERS: dict[str, Callable[[SafeConstructor, ScalarNode], Any]] = {
    f"{_CORE}{name}": SafeConstructor.yaml_constructors[f"{_CORE}{name}"]
    for name in ("null", "bool", "int", "float", "binary", "timestamp")
}
_MAX_INT_BITS = 4_000 * 3  # about 3,600 decimal digits: under Python's 4,300-digit str() limit
_COLLECTION_TAGS = frozenset(f"{_CORE}{name}" for name in ("seq", "map", "set", "omap", "pairs"))


_EXPLICIT_TAG = lazyre.compile(r"(?:&\S+\s+)?!")


def describe_kind(value: object) -> str:
    """A YAML value's type as messages name it: `a number`, `a list`, `empty` (null)."""
    if value is None:
        return "empty"
    if isinstance(value, Unbuilt):
        return value.kind
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | dict):
        return "a list" if isinstance(value, list) else "a map"
    return "a date" if isinstance(value, date) else f"a {type(value).__name__}"


def _clip(text: str, limit: int = 40) -> str:
    """A value short enough to quote in a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag


class _Builder:
    """Turns a composed node graph into Python data, measuring it as it goes."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.nonportable: list[Nonportable] = []
        self.faults: list[ValueFault] = []
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

    def _fault(self, node: Node, message: str, explicit: bool) -> None:
        start, end = node.start_mark, node.end_mark
        self.faults.append(ValueFault(message, start.line, start.column, end.line, end.column, explicit))

    def size(self, node: Node, depth: int = 0) -> int:
        """Expanded node count, memoised on identity so a bomb costs its unique size only."""
        key = id(node)
        if key in self.sizes:
            return self.sizes[key]
        if depth > MAX_DEPTH:
            raise _refused(f"YAML nests more than {MAX_DEPTH} levels deep; not parsed", node.start_mark, self.text)
        total = 1
        if isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                total += self.size(key_node, depth + 1) + self.size(value_node, depth + 1)
        elif isinstance(node, SequenceNode):
            for item in node.value:
                total += self.size(item, depth + 1)
        self.sizes[key] = total
        return total

    def scalar(self, node: ScalarNode) -> Any:
        tag = node.tag
        if tag == _STR_TAG:  # most values: no constructor dispatch at all
            return node.value
        build = _SCALAR_BUILDERS.get(tag)
        if build is None:
            return self._unbuilt(node)
        try:
            value = build(_constructor, node)
        except Exception:  # noqa: BLE001 - every way a value can miss its tag
            return self._unbuilt(node)
        if type(value) is int and value.bit_length() > _MAX_INT_BITS:
            return Unbuilt(node.value, _short_tag(tag), "a number")  # `str()` of it would raise
        return value

    def _unbuilt(self, node: ScalarNode) -> Unbuilt:
        tag = node.tag
        short = _short_tag(tag)
        kind = _KIND.get(short[2:], f"tagged `{short}`") if short.startswith("!!") else f"tagged `{short}`"
        implicit = (
            not node.style
            # (types-PyYAML leaves BaseResolver.resolve unannotated)
            and _resolver.resolve(ScalarNode, node.value, (True, False)) == tag  # type: ignore[no-untyped-call]
            and not _EXPLICIT_TAG.match(self.text, node.start_mark.index)
        )
        if implicit:
            pass  # YAML guessed the type from the text; the field's own rule judges it
        elif tag in _SCALAR_BUILDERS:
            self._fault(node, f"`{short} {_clip(node.value)}` is not {kind}".replace(" `", "`", 1)
                        if not node.value else f"`{short} {_clip(node.value)}` is not {kind}", True)
        else:
            self._fault(node, f"unknown tag `{short}`: YAML loaders reject it", True)
        return Unbuilt(node.value, short, kind)

    def build(self, node: Node, depth: int = 0) -> Any:
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        if depth >= MAX_DEPTH:
            raise _refused(f"YAML nests more than {MAX_DEPTH} levels deep; not parsed", node.start_mark, self.text)
        assert isinstance(node, CollectionNode)  # composing makes scalars, sequences and mappings only
        if node.flow_style:
            self._note("flow", node, "mapping" if isinstance(node, MappingNode) else "list")
        if node.tag not in _COLLECTION_TAGS:
            self._fault(node, f"unknown tag `{_short_tag(node.tag)}` on a collection: YAML loaders reject it", True)
        if isinstance(node, SequenceNode):
            return [self.build(item, depth + 1) for item in node.value]
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = self.build(key_node) if isinstance(key_node, ScalarNode) else _unhashable_key(key_node)
            if isinstance(key, list | dict):
                key = str(key)
            if key in result:
                self._note("duplicate-key", key_node, str(key))
            result[key] = self.build(value_node, depth + 1)
        return result


def _unhashable_key(node: Node) -> str:
    return f"<complex key at line {mark_span(node.start_mark).line}>"


def _first_explosion(root: Node, sizes: dict[int, int]) -> Node:
    """Where the bomb is written: the first node, in document order, that expands past the limit while
    none of its children does (the line whose aliases multiply the rest), rather than the document's
    start. Walks down one child per level, so it costs the depth, not the expansion."""
    node = root
    while True:
        children = ([part for pair in node.value for part in pair] if isinstance(node, MappingNode)
                    else list(node.value) if isinstance(node, SequenceNode) else [])
        bigger = next((child for child in children if sizes.get(id(child), 0) > MAX_EXPANSION), None)
        if bigger is None:
            return node
        node = bigger


def parse_yaml(text: str) -> ParsedYaml:
    """Parse one YAML document keeping marks. Raises yaml.YAMLError or YamlRefused, and
    nothing else: values that do not fit their tags become `Unbuilt` plus a `ValueFault`."""
    check_depth(text)
    lines = _lines_if_drifting(text)
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        if lines is not None:
            error.context_mark = error.context_mark and lines.mark(error.context_mark)
            error.problem_mark = error.problem_mark and lines.mark(error.problem_mark)
        raise
    if root is None:
        return ParsedYaml(None, None)
    if lines is not None:
        _correct_marks(root, lines)
    builder = _Builder(text)
    if "*" in text:  # only aliases can repeat a node: measure the expansion before building it
        total = builder.size(root)
        if total - len(builder.sizes) > MAX_EXPANSION:
            where = _first_explosion(root, builder.sizes)
            raise YamlRefused(
                f"YAML aliases expand to more than {MAX_EXPANSION:,} extra nodes (an alias bomb); not expanded",
                where.start_mark.line,
                where.start_mark.column,
            )
    data = builder.build(root)
    nonportable = builder.nonportable
    if "!" in text or "&" in text or "*" in text:
        nonportable.extend(_tokens(text, lines))
    return ParsedYaml(data, root, nonportable, builder.faults)


def _correct_marks(root: Node, lines: _Lines) -> None:
    """Give every node of the graph marks counted in `\n` lines (each node once: aliases share)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        node.start_mark, node.end_mark = lines.mark(node.start_mark), lines.mark(node.end_mark)
        if isinstance(node, MappingNode):
            stack.extend(part for pair in node.value for part in pair)
        elif isinstance(node, SequenceNode):
            stack.extend(node.value)


_TOKEN_FEATURES = {yaml.TagToken: "tag", yaml.AnchorToken: "anchor", yaml.AliasToken: "anchor"}


def _tokens(text: str, lines: _Lines | None = None) -> list[Nonportable]:
    """Tags, anchors and aliases leave no trace in composed nodes, so scan the tokens
    (only when the text holds one of their indicator characters)."""
    found = []
    try:
        for token in yaml.scan(text, Loader=_Loader):
            feature = _TOKEN_FEATURES.get(type(token))
            if feature:
                start, end = token.start_mark, token.end_mark
                if lines is not None:
                    start, end = lines.mark(start), lines.mark(end)
                found.append(Nonportable(feature, start.line, start.column, end.line, end.column, feature))
    except yaml.YAMLError:
        pass
    return found


KeyIndex = dict[int, dict[str, tuple[Node, Node]]]
"""Per mapping node (by identity, for as long as its document lives): its scalar keys as written."""


def find_node(
    root: Node | None, path: tuple[object, ...], *, want_key: bool = False, index: KeyIndex | None = None
) -> Node | None:
    """The node at `path` (mapping keys and sequence indexes); the key node when `want_key`.

    With `index`, each mapping's keys are indexed once and every later step is a dict lookup:
    rules that locate each of 10,000 keys would otherwise walk the mapping 10,000 times."""
    node = root
    key_node: Node | None = None
    for step in path:
        if isinstance(node, MappingNode):
            pair = _lookup(node, step, index)
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


def _lookup(mapping: MappingNode, step: object, index: KeyIndex | None) -> tuple[Node, Node] | None:
    """The (key, value) nodes of `step` in `mapping`; the last duplicate wins, as in the data."""
    if index is None:
        for k, v in reversed(mapping.value):
            if isinstance(k, ScalarNode) and _key_matches(k, step):
                return k, v
        return None
    keys = index.get(id(mapping))
    if keys is None:
        keys = index[id(mapping)] = {k.value: (k, v) for k, v in mapping.value if isinstance(k, ScalarNode)}
    return keys.get(step if isinstance(step, str) else str(step))


def _key_matches(node: ScalarNode, step: object) -> bool:
    if node.value == step:
        return True
    return not isinstance(step, str) and node.value == str(step)
