"""Split a frontmatter tool field into entries, each with its own position.

`allowed-tools` comes in three forms (spec: space-separated string; Claude Code also a
comma-separated string or a YAML list), and entries may carry a permission specifier with
spaces or commas inside (`Bash(git add *)`), so splitting must respect parentheses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skilllint.document import Document, Location


@dataclass(frozen=True, slots=True)
class ToolEntry:
    text: str  # the entry as written, stripped
    location: Location
    form: str  # "list", "space" or "comma"
    index: int
    problem: str | None = None  # syntax problem found while splitting (SL130)


def split_entries(text: str) -> tuple[str, list[tuple[str, int]]]:
    """Split a tool string paren-aware. Returns the form and (entry, offset) pairs.

    A top-level comma makes it the comma form; otherwise whitespace separates entries.
    Empty comma entries are kept (as "") so SL130 can report them.
    """
    depth = 0
    has_comma = False
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0:
            has_comma = True
            break
    form = "comma" if has_comma else "space"
    entries: list[tuple[str, int]] = []
    depth = 0
    start = 0
    current_start: int | None = None

    def flush(end: int) -> None:
        nonlocal current_start
        if current_start is not None:
            entries.append((text[current_start:end].strip(), current_start))
        elif form == "comma":
            entries.append(("", start))
        current_start = None

    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        if depth == 0 and ((form == "comma" and char == ",") or (form == "space" and char.isspace())):
            flush(index)
            start = index + 1
            continue
        if current_start is None and not char.isspace():
            current_start = index
    if current_start is not None:
        flush(len(text))
    elif form == "comma":
        entries.append(("", start))
    return form, entries


def syntax_problem(entry: str) -> str | None:
    """What is wrong with one entry's shape, or None. Used by SL130."""
    if not entry:
        return "empty entry"
    depth = 0
    for char in entry:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                return f"`{entry}` closes a parenthesis it never opened"
    if depth > 0:
        return f"`{entry}` opens a parenthesis it never closes"
    open_at = entry.find("(")
    if open_at == 0:
        return f"`{entry}` has a specifier but no tool name"
    if open_at > 0:
        if not entry.endswith(")"):
            return f"`{entry}` has text after the closing parenthesis"
        if not entry[open_at + 1 : -1].strip():
            return f"`{entry}` has an empty specifier: write `{entry[:open_at]}` to allow all uses"
    return None


def tool_entries(doc: Document, key: str) -> list[ToolEntry]:
    """The entries of frontmatter field `key`, in order, located precisely."""
    value: Any = doc.field(key)
    if value is None:
        return []
    entries: list[ToolEntry] = []
    if isinstance(value, list):
        for index, item in enumerate(value):
            location = doc.locate((key, index))
            if isinstance(item, str):
                entries.append(ToolEntry(item.strip(), location, "list", index, syntax_problem(item.strip())))
            else:
                shown = "null" if item is None else type(item).__name__
                problem = "empty entry" if item is None else f"entry is a {shown}, not a tool name"
                entries.append(ToolEntry("" if item is None else str(item), location, "list", index, problem))
        return entries
    if not isinstance(value, str):
        return [ToolEntry(str(value), doc.locate((key,)), "scalar", 0, "not a string or a list of tool names")]
    form, parts = split_entries(value)
    search_from = 0
    for index, (text, offset) in enumerate(parts):
        if text:
            location, search_from = doc.locate_within((key,), text, search_from)
        else:
            location = doc.locate_offset((key,), offset)
        entries.append(ToolEntry(text, location, form, index, syntax_problem(text)))
    return entries
