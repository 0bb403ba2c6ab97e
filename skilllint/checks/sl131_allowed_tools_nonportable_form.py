"""SL131 allowed-tools-nonportable-form: `allowed-tools` as a YAML list or comma string.

The spec defines a space-separated string; Claude Code also accepts a list or commas
(so the rule is off for that target), but skills-ref and other strict loaders do not.

Fix: the list or comma string is rewritten as the space-separated string, when every entry
is a name without spaces (a specifier with a space, `Bash(git add:*)`, cannot be written so)
and no comment sits inside the list.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from skilllint.checks._fixes import literal_start, node_range, own_node, sequence_items, text_edit, verified
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Fix, Severity
from skilllint.reading.document import Document
from skilllint.runtimes.toollist import split_entries

FIELD = "allowed-tools"


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if target is not None and target.tool_fields.get("allowed-tools", "grant") in ("ignored", "informational"):
        return  # the runtime never reads the list: its form cannot matter there
    value = doc.field("allowed-tools")
    if isinstance(value, list):
        names = [str(v).strip() for v in value if isinstance(v, str) and v.strip()]
        form = "a YAML list"
    elif isinstance(value, str):
        form, parts = split_entries(value)
        if form != "comma":
            return
        names = [p for p, _ in parts if p]
        form = "a comma-separated string"
    else:
        return
    suggestion = " ".join(names)
    spaced = [name for name in names if " " in name]
    colon = [_colon_form(name) or name for name in names]
    if spaced and not any(" " in name for name in colon) and len(" ".join(colon)) < 120:
        help_text = (f"write `allowed-tools: {' '.join(colon)}` (`{_colon_form(spaced[0])}` is the spec's form of "
                     f"`{spaced[0]}`: the same rule in Claude Code)")
    elif spaced:
        help_text = ("entries such as `" + spaced[0] + "` hold spaces, which the "
                     "space-separated form would split: keep the list if the skill is for Claude Code")
    elif suggestion and len(suggestion) < 120:
        help_text = f"write `allowed-tools: {suggestion}`"
    else:
        help_text = "write the tools as one space-separated string"
    yield Finding(
        doc.locate(("allowed-tools",)),
        f"`allowed-tools` is {form}; the spec defines a space-separated string",
        help_text,
        fix=_as_string(doc, value, names),
    )


_TRAILING_WILDCARD = lazyre.compile(r"([A-Za-z][\w-]*)\(([^\s()]+) \*\)")
"""`Bash(ls *)`: a one-word command before a trailing wildcard."""


def _colon_form(name: str) -> str | None:
    """`Bash(ls:*)` for `Bash(ls *)`: Claude Code reads a trailing `:*` as a trailing ` *` (its
    permissions docs: "legacy `:*` suffix", recognised at the end of a pattern), and the spec's own
    example is written so (`Bash(git:*)`); None for any other entry."""
    found = _TRAILING_WILDCARD.fullmatch(name)
    return None if found is None else f"{found[1]}({found[2]}:*)"


_SPACE = lazyre.compile(r"\s")
_LIST_PUNCTUATION = lazyre.compile(r"[\s:\-\[\],]*")
"""What may stand between the key and a list's items, and between items: no comment, no anchor."""


def _as_string(doc: Document, value: object, names: list[str]) -> Fix | None:
    """`allowed-tools` rewritten as the spec's string, when the string reads back as the same entries."""
    joined = " ".join(names)
    if not names or any(_SPACE.search(name) for name in names) or split_entries(joined) != ("space", _offsets(names)):
        return None  # an entry with a space (a loader that splits at spaces cuts it) or a top-level comma
    if isinstance(value, list) and len(names) != len(value):
        return None  # a null or a number in the list: SL130's, and no name to write
    node = own_node(doc, (FIELD,))
    key = own_node(doc, (FIELD,), key=True)
    if node is None or key is None or doc.text is None:
        return None
    items = sequence_items(node)
    if items is None:  # a comma string, written as is: replace its text inside any quotes
        start = literal_start(doc, node)
        if start is None or not isinstance(value, str):
            return None
        edit = text_edit(doc, start, start + len(value), joined)
    else:
        low = node_range(doc, key)[1]
        high = node_range(doc, node)[1] if getattr(node, "flow_style", False) else node_range(doc, items[-1])[1]
        between, at = [], low
        for item in items:
            item_low, item_high = node_range(doc, item)
            between.append(doc.text[at:item_low])
            at = item_high
        between.append(doc.text[at:high])
        if not all(_LIST_PUNCTUATION.fullmatch(text) for text in between):
            return None  # a comment (or an anchor) inside the list would be lost
        edit = text_edit(doc, low, high, f": {joined}")

    def expect(data: dict[str, Any]) -> dict[str, Any] | None:
        if FIELD not in data:
            return None
        data[FIELD] = joined
        return data

    return verified(doc, "write `allowed-tools` as a space-separated string", [edit], expect, portable=True)


def _offsets(names: list[str]) -> list[tuple[str, int]]:
    """The (entry, offset) pairs `split_entries` gives for the names joined by spaces."""
    pairs, at = [], 0
    for name in names:
        pairs.append((name, at))
        at += len(name) + 1
    return pairs


RULE = SkillRule(
    code="SL131",
    name="allowed-tools-nonportable-form",
    summary="`allowed-tools` is a YAML list or comma-separated string, not the spec's space-separated string",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
    fixable=True,
)
