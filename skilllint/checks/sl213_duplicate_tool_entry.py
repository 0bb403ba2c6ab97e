"""SL213 duplicate-tool-entry: one tool listed twice, directly or through an alias.

`allowed-tools: Agent Task` grants one tool twice; usually one entry was meant to be
something else. Entries with different specifiers (`Bash(git:*) Bash(npm:*)`) are distinct.
Fix: the later entry is removed with the separator before it (a list item with its line), when
it repeats the first verbatim (the same on any runtime) or is a deprecated name of the tool the
first names exactly (`Agent Task`, on the target). An old name beside the new one is reported on
the old name, whichever comes first (SL201, which would write the new name over it, stays quiet).
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._fixes import Budget
from skilllint.checks._toolfix import remove_entry
from skilllint.checks._tools import DeclaredTool, declared_tools
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import DOCUMENT_KINDS, Document
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
        key = declared.same_as()
        if key in seen:
            yield _duplicate(seen[key], declared, key[1], budget, doc)
        else:
            seen[key] = declared


def _duplicate(first: DeclaredTool, later: DeclaredTool, canonical: str, budget: Budget, doc: Document
               ) -> Finding:
    """The finding on a repeated tool. An old name of a tool the field also lists exactly (`Agent Task`,
    `Read NotebookRead`) is said to be one, on the old name whichever comes first: SL201 stays quiet
    on it, since writing the new name over it would list the tool twice."""
    field = later.field
    old = later if _renamed_twin(first, later) else first if _renamed_twin(later, first) else None
    if old is not None:
        return Finding(
            old.entry.location,
            f"`{old.entry.text}` in `{field}` is an old name of `{canonical}`, which `{field}` also lists",
            f"remove `{old.entry.text}`",
            fix=budget(remove_entry, doc, old) if old is later else None,
        )
    same = first.entry.text == later.entry.text
    detail = "listed twice" if same else f"the same tool as `{first.entry.text}`"
    suffix = "" if same or first.entry.text == canonical else f" (`{canonical}`)"
    return Finding(
        later.entry.location,
        f"`{later.entry.text}` in `{field}` is {detail}{suffix}",
        "remove the duplicate entry",
        fix=budget(remove_entry, doc, later, portable=True) if same else None,
    )


def _renamed_twin(first: DeclaredTool, later: DeclaredTool) -> bool:
    """Whether `later` is an old name of the tool `first` names exactly (`Agent Task`): the one
    duplicate besides a verbatim repeat that has one right answer. Two names a runtime maps
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
