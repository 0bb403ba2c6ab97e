"""SL213 duplicate-tool-entry: one tool listed twice, directly or through an alias.

`allowed-tools: Agent Task` grants one tool twice; usually one entry was meant to be
something else. Entries with different specifiers (`Bash(git:*) Bash(npm:*)`) are distinct.
Fix: the later entry is removed with the separator before it (a list item with its line), when
it repeats the first verbatim (the same on any runtime) or is a deprecated name of the tool the
first names exactly (`Agent Task`, on the target).
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._fixes import Budget
from skilllint.checks._toolfix import remove_entry
from skilllint.checks._tools import DeclaredTool, declared_tools
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import DOCUMENT_KINDS
from skilllint.runtimes.resolve import Outcome


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    seen: dict[tuple[str, str, str | None], DeclaredTool] = {}
    budget = Budget(doc)
    for declared in declared_tools(doc, target):
        resolution = declared.resolution
        if not resolution.resolved:
            continue
        canonical = resolution.tool.name if resolution.tool else resolution.name
        key = (declared.field, canonical, (resolution.specifier or "").strip() or None)
        if key in seen:
            first = seen[key].entry.text
            same = first == declared.entry.text
            detail = "listed twice" if same else f"the same tool as `{first}`"
            suffix = "" if same or first == canonical else f" (`{canonical}`)"
            yield Finding(
                declared.entry.location,
                f"`{declared.entry.text}` in `{declared.field}` is {detail}{suffix}",
                "remove the duplicate entry",
                fix=budget(remove_entry, doc, declared, portable=True) if same else
                budget(remove_entry, doc, declared) if _renamed_twin(seen[key], declared) else None,
            )
        else:
            seen[key] = declared


def _renamed_twin(first: DeclaredTool, later: DeclaredTool) -> bool:
    """Whether the later entry is an old name of the tool the first names exactly (`Agent Task`):
    the one duplicate besides a verbatim repeat that has one right answer. Two names a runtime maps
    onto one tool (`Write` and `Edit` on copilot) are different tools elsewhere: which to keep is
    the author's choice."""
    return (first.resolution.outcome == Outcome.EXACT and later.resolution.outcome == Outcome.DEPRECATED
            and later.resolution.tool is not None and first.resolution.name == later.resolution.tool.name)


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
