"""SL213 duplicate-tool-entry: one tool listed twice, directly or through an alias.

`allowed-tools: Agent Task` grants one tool twice; usually one entry was meant to be
something else. Entries with different specifiers (`Bash(git:*) Bash(npm:*)`) are distinct.
Fix: the later entry is removed with the separator before it (a list item with its line). A
verbatim repeat is the same on any runtime; an alias of the same tool only on the target.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._toolfix import remove_entry
from skilllint.checks._tools import declared_tools
from skilllint.document import DOCUMENT_KINDS
from skilllint.model import Severity
from skilllint.rule import Finding, SkillContext, SkillRule


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    seen: dict[tuple[str, str, str | None], str] = {}
    for declared in declared_tools(doc, target):
        resolution = declared.resolution
        if not resolution.resolved:
            continue
        canonical = resolution.tool.name if resolution.tool else resolution.name
        key = (declared.field, canonical, (resolution.specifier or "").strip() or None)
        if key in seen:
            first = seen[key]
            same = first == declared.entry.text
            detail = "listed twice" if same else f"the same tool as `{first}`"
            suffix = "" if same or first == canonical else f" (`{canonical}`)"
            yield Finding(
                declared.entry.location,
                f"`{declared.entry.text}` in `{declared.field}` is {detail}{suffix}",
                "remove the duplicate entry",
                fix=remove_entry(doc, declared, portable=same),
            )
        else:
            seen[key] = declared.entry.text


RULE = SkillRule(
    code="SL213",
    name="duplicate-tool-entry",
    summary="The same tool is listed twice, directly or through aliases that resolve to one tool",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
    documents=DOCUMENT_KINDS,
    fixable=True,
)
