"""Fixes of one entry of a frontmatter tool field: rename its tool (SL201, SL212) or remove it
(SL213), in any of the field's forms (a YAML list, a space- or comma-separated string).

Built on `_fixes`: an entry is edited only where its text is written as read, and every fix is
checked by parsing the edited frontmatter again.
"""

from __future__ import annotations

from typing import Any

from skilllint.checks._fixes import node_range, own_node, scalar_fix, text_edit, verified
from skilllint.checks._tools import DeclaredTool
from skilllint.core import lazyre
from skilllint.core.model import Fix
from skilllint.reading.document import Document
from skilllint.runtimes.toollist import split_entries

_ITEM_PREFIX = lazyre.compile(r"[ \t]*-[ \t]+")
_FLOW_SEPARATOR = lazyre.compile(r"\s*,\s*")


def _where(doc: Document, declared: DeclaredTool) -> tuple[tuple[Any, ...], int] | None:
    """The path of the scalar that holds the entry, and the entry's offset in that scalar's value."""
    field, entry = declared.field, declared.entry
    if entry.form == "list":
        path: tuple[Any, ...] = (field, entry.index)
        node = own_node(doc, path)
        if node is None or not isinstance(node.value, str):
            return None
        value = node.value
        offset = len(value) - len(value.lstrip())
        return (path, offset) if value[offset : offset + len(entry.text)] == entry.text else None
    if entry.form not in ("space", "comma"):
        return None
    node = own_node(doc, (field,))
    if node is None or not isinstance(node.value, str):
        return None
    parts = split_entries(node.value)[1]
    if not 0 <= entry.index < len(parts) or parts[entry.index][0] != entry.text:
        return None
    return (field,), parts[entry.index][1]


def rename_tool(doc: Document, declared: DeclaredTool, old: str, new: str, *, portable: bool = False) -> Fix | None:
    """Write `new` for the tool name `old` that starts the entry (`Task(x)` -> `Agent(x)`)."""
    text = declared.entry.text
    if not text.startswith(old) or text[len(old) : len(old) + 1] not in ("", "(") or old == new:
        return None
    found = _where(doc, declared)
    if found is None:
        return None
    path, offset = found
    return scalar_fix(doc, path, offset, offset + len(old), new, f"replace `{old}` with `{new}`", portable=portable)


def remove_entry(doc: Document, declared: DeclaredTool, *, portable: bool = False) -> Fix | None:
    """Delete the entry with the separator before it (it is never the field's first entry)."""
    entry = declared.entry
    title = f"remove the duplicate `{entry.text}`"
    if entry.index < 1:
        return None
    if entry.form == "list":
        return _remove_item(doc, declared, title, portable)
    found = _where(doc, declared)
    if found is None:
        return None
    path, offset = found
    node = own_node(doc, path)
    assert node is not None  # _where found it
    before, previous = split_entries(node.value)[1][entry.index - 1]
    if not before:
        return None  # `Read,,Read`: an empty entry between, SL130's
    return scalar_fix(doc, path, previous + len(before), offset + len(entry.text), "", title, portable=portable)


def _remove_item(doc: Document, declared: DeclaredTool, title: str, portable: bool) -> Fix | None:
    """Delete a list item: its whole line in a block list (when the line holds nothing else),
    from the item before's end in a flow list (`[Read, Grep, Read]`)."""
    field, index = declared.field, declared.entry.index
    sequence = own_node(doc, (field,))
    item = own_node(doc, (field, index))
    previous = own_node(doc, (field, index - 1))
    text = doc.text
    if sequence is None or item is None or previous is None or text is None:
        return None
    start, end = node_range(doc, item)
    if getattr(sequence, "flow_style", False):
        low = node_range(doc, previous)[1]
        if not _FLOW_SEPARATOR.fullmatch(text[low:start]):
            return None
        edit = text_edit(doc, low, end, "")
    else:
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        if line_end < 0 or not _ITEM_PREFIX.fullmatch(text[line_start:start]) or text[end:line_end].strip():
            return None  # another item or a comment on the line: leave it to the author
        edit = text_edit(doc, line_start, line_end + 1, "")

    def expect(data: dict[str, Any]) -> dict[str, Any] | None:
        value = data.get(field)
        if not isinstance(value, list) or len(value) <= index:
            return None
        data[field] = value[:index] + value[index + 1 :]
        return data

    return verified(doc, title, [edit], expect, portable=portable)
