"""Edits of a document's own frontmatter, for the rules that declare a fix (`Fix`, `check --fix`).

A fix edits only the YAML text of SKILL.md's (or a subagent's or command's) frontmatter, never
the body and never a `metadata.yaml` merged under it. Offsets are `Document.text`'s (no
byte-order mark, LF line ends): `skilllint.fixes.edits` maps them onto the file's own bytes.

Every edit is written where the YAML text holds the value character for character (a plain or
quoted scalar with no escape, folding or line break in the part replaced), so what is replaced
is exactly what was read. And each fix is checked before it is offered (`verified`): the edited
frontmatter is parsed again and must hold exactly the data the rule meant, or the finding goes
without a fix. A fix that would change anything else (a quote that turns into a comment, a
`: ` that turns a value into a mapping) is never offered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ParamSpec

import yaml
from yaml.nodes import Node, ScalarNode, SequenceNode

from skilllint.core.model import Fix, Span, TextEdit
from skilllint.reading.document import Document
from skilllint.reading.yamlnodes import YamlRefused, find_node, parse_yaml

MAX_FRONTMATTER = 16 * 1024
"""Characters of frontmatter YAML above which no fix is offered: each fix parses it again, and real
frontmatter is a few hundred characters (the corpus's largest is 2.4 KB)."""
MAX_ATTEMPTS = 50
"""Fixes one rule works out for one document, at most (`Budget`); `--fix` runs again for the rest."""

Expect = Callable[[dict[str, Any]], dict[str, Any] | None]
"""From the frontmatter's data before a fix, the data it must hold after it (None: no fix)."""

_QUOTES = ("'", '"')
P = ParamSpec("P")


def yaml_start(doc: Document) -> int | None:
    """Where the document's own frontmatter YAML starts in `doc.text` (after the opening `---`
    line), or None when there is none to edit."""
    if not doc.sources or doc.text is None or doc.frontmatter is None:
        return None
    source = doc.sources[0]
    if source.path != doc.path:
        return None
    start = doc.text.find("\n") + 1
    if start <= 0 or not doc.text.startswith(source.text, start):
        return None
    return start


class Budget:
    """How many more fixes a rule may work out for a document: each costs a parse of its frontmatter,
    and a field of thousands of duplicates must not make linting quadratic. One per check call."""

    __slots__ = ("left",)

    def __init__(self, doc: Document) -> None:
        small = bool(doc.sources) and len(doc.sources[0].text) <= MAX_FRONTMATTER
        self.left = MAX_ATTEMPTS if small else 0

    def __call__(self, make: Callable[P, Fix | None], *args: P.args, **kwargs: P.kwargs) -> Fix | None:
        """`make(*args, **kwargs)`, while attempts are left (a failed attempt counts too)."""
        if self.left <= 0:
            return None
        self.left -= 1
        return make(*args, **kwargs)


def own_node(doc: Document, path: tuple[Any, ...], *, key: bool = False) -> Node | None:
    """The node at `path` (with `key`, the key node of its last step) when it is written in the
    document's own frontmatter, not in a `metadata.yaml` beside it."""
    if yaml_start(doc) is None or not path or doc.key_source.get(str(path[0]), 0) != 0:
        return None
    node = find_node(doc.sources[0].root, path, want_key=key, index=doc.key_index)
    if node is None or node is doc.sources[0].root:
        return None
    if key and not isinstance(node, ScalarNode):
        return None
    return node


def node_range(doc: Document, node: Node) -> tuple[int, int]:
    """A node's characters in `doc.text` (from its first character to just after its last)."""
    start = yaml_start(doc) or 0
    return start + node.start_mark.index, start + node.end_mark.index


def literal_start(doc: Document, node: Node) -> int | None:
    """Where a scalar's value is written character for character in `doc.text` (inside its quotes,
    if quoted), so that offset `i` of the value is `doc.text[start + i]`; None when the scalar is
    written otherwise (escapes, `''` in single quotes, folded lines, a block scalar)."""
    if not isinstance(node, ScalarNode) or not isinstance(node.value, str) or doc.text is None:
        return None
    if node.style not in (None, "", *_QUOTES):
        return None
    low, high = node_range(doc, node)
    if node.style in _QUOTES:
        low, high = low + 1, high - 1
    if high < low or doc.text[low:high] != node.value or "\n" in node.value:
        return None
    return low


def text_edit(doc: Document, start: int, end: int, replacement: str) -> TextEdit:
    """Replace `doc.text[start:end]` with `replacement`; the span is computed from the offsets."""
    return TextEdit(start, end, replacement, Span.between(doc.text or "", start, end))


def verified(doc: Document, title: str, edits: Sequence[TextEdit], expect: Expect, *,
             portable: bool = False) -> Fix | None:
    """The fix, when applying `edits` leaves a frontmatter that parses to exactly `expect(before)`,
    and the edits stay inside the frontmatter's YAML; else None (the finding is reported without one)."""
    start = yaml_start(doc)
    if start is None or not edits or len(doc.sources[0].text) > MAX_FRONTMATTER:
        return None
    source = doc.sources[0].text
    end = start + len(source)
    ordered = sorted(edits, key=lambda edit: (edit.start, edit.end))
    pieces: list[str] = []
    at = start
    for edit in ordered:
        if edit.start < at or edit.end > end or edit.end < edit.start:
            return None
        pieces.append((doc.text or "")[at : edit.start])
        pieces.append(edit.text)
        at = edit.end
    pieces.append((doc.text or "")[at:end])
    before, after = _data(source), _data("".join(pieces))
    if before is None or after is None:
        return None
    wanted = expect(before)
    if wanted is None or after != wanted:
        return None
    return Fix(title, tuple(ordered), portable)


def _data(text: str) -> dict[str, Any] | None:
    """The frontmatter's data as reading builds it, or None if it is not a mapping or not YAML."""
    try:
        data = parse_yaml(text).data
    except (yaml.YAMLError, YamlRefused, RecursionError):
        return None
    if data is None:
        return {}
    return data if isinstance(data, dict) else None


def sequence_items(node: Node) -> list[Node] | None:
    """The items of a YAML list node, None for anything else."""
    return list(node.value) if isinstance(node, SequenceNode) else None


def offset_of(doc: Document, line: int, column: int) -> int | None:
    """The `doc.text` offset of a 1-based line and column, None outside the text."""
    text = doc.text
    if text is None or line < 1:
        return None
    at = 0
    for _ in range(line - 1):
        at = text.find("\n", at) + 1
        if at == 0:
            return None
    end = text.find("\n", at)
    end = len(text) if end < 0 else end
    offset = at + column - 1
    return offset if at <= offset <= end else None


def set_at(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any] | None:
    """`data` with the value at `path` (keys and list indexes) replaced by `value`, or None when
    the path does not lead to a value."""
    holder: Any = data
    for step in path[:-1]:
        try:
            holder = holder[step]
        except (KeyError, IndexError, TypeError):
            return None
    last = path[-1]
    if isinstance(holder, dict) and last in holder or isinstance(holder, list) and isinstance(last, int) \
            and 0 <= last < len(holder):
        holder[last] = value
        return data
    return None


def get_at(data: Any, path: tuple[Any, ...]) -> Any:
    """The value at `path`, or None."""
    for step in path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def scalar_fix(doc: Document, path: tuple[Any, ...], low: int, high: int, replacement: str, title: str, *,
               portable: bool = False) -> Fix | None:
    """Replace characters `[low, high)` of the string at `path` (a scalar written as is), checked:
    after the edit, that value (and nothing else) is the old one with the same replacement."""
    node = own_node(doc, path)
    if node is None:
        return None
    start = literal_start(doc, node)
    value = node.value
    if start is None or not 0 <= low <= high <= len(value):
        return None
    new = value[:low] + replacement + value[high:]

    def expect(data: dict[str, Any]) -> dict[str, Any] | None:
        return set_at(data, path, new) if get_at(data, path) == value else None

    return verified(doc, title, [text_edit(doc, start + low, start + high, replacement)], expect, portable=portable)
