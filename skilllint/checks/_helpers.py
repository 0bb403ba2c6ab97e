"""Small helpers shared by several checks (not rules themselves)."""

from __future__ import annotations

import unicodedata
from typing import Any

from skilllint.core import lazyre
from skilllint.reading.document import Document
from skilllint.reading.yamlnodes import Unbuilt

_VALID_NAME = lazyre.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def valid_name(text: str) -> bool:
    """A name every runtime and the spec accept: lowercase ASCII letters, digits, single inner hyphens."""
    return len(text) <= 64 and _VALID_NAME.fullmatch(text) is not None


def name_help(doc: Document, name: str) -> str:
    """What to write instead of an invalid `name`: the valid name closest to it, and the folder's name
    when that is valid and differs (the spec wants the two equal: one fix for both problems, so SL116
    stays quiet about an invalid name); when the folder is spelt as `name` is, both to rename."""
    fixed = slug(name)
    folder = unicodedata.normalize("NFKC", doc.dir_name)
    if valid_name(folder) and folder != fixed:
        return f"use `{fixed}`, or `{folder}` (the folder's name)" if fixed else f"use `{folder}` (the folder's name)"
    if fixed and folder == name:  # the folder is spelt the same way: renaming `name` alone would part them
        return f"use `{fixed}`, and rename the folder `{folder}` to `{fixed}` (the spec wants the two equal)"
    return f"use `{fixed}`" if fixed else "use lowercase ASCII letters, digits and hyphens"


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
        elif char.isascii():  # punctuation and spaces separate words: `acme/skills@x` -> `acme-skills-x`
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
    location = doc.locate(path)
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
