"""SL201 tool-alias-deprecated: a tool named by a deprecated alias or legacy name.

It still resolves today (`Task` -> `Agent` in Claude Code), but the runtime has renamed the
tool and may drop the old name; the canonical name works now and later. Fix: the new name is
written over the old one in a tool list (never in the instructions' prose), unless the new name
is itself on its way out. An old name in a list that also holds the new one is SL213's (remove it).
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._body import body_references
from skilllint.checks._fixes import Budget
from skilllint.checks._toolfix import rename_tool
from skilllint.checks._tools import declared_tools, where
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import DOCUMENT_KINDS
from skilllint.runtimes.resolve import Outcome


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    budget = Budget(doc)
    declared_all = declared_tools(doc, target)
    listed = {d.same_as() for d in declared_all if d.resolution.outcome == Outcome.EXACT}
    for declared in declared_all:
        resolution = declared.resolution
        if resolution.outcome != Outcome.DEPRECATED or resolution.tool is None:
            continue
        if declared.same_as() in listed:
            continue  # the new name is listed too (`Agent Task`): SL213 says to remove the old one
        old = resolution.via or resolution.name
        tool = resolution.tool
        if tool.status in FADING:  # the new name is going too: say so here, once (SL214 stays quiet)
            yield Finding(
                declared.entry.location,
                f"`{old}` is a deprecated name of `{tool.name}`, itself {FADING[tool.status]} in {where(target)}",
                str(tool.note or tool.summary or f"name a tool that {where(target)} has by default instead"),
            )
            continue
        yield Finding(
            declared.entry.location,
            f"`{old}` is a deprecated name of `{tool.name}` in {where(target)}",
            f"use `{tool.name}`",
            fix=budget(rename_tool, doc, declared, old, tool.name),
        )
    for reference in body_references(doc, target):
        resolution = reference.resolution
        if resolution.outcome == Outcome.DEPRECATED and resolution.tool is not None:
            yield Finding(
                reference.location,
                f"the instructions name `{resolution.via or resolution.name}`, a deprecated name of "
                f"`{resolution.tool.name}` in {where(target)}",
                f"write `{resolution.tool.name}`: that is the name the model is offered",
            )


FADING = {"legacy": "deprecated", "removed": "removed"}
"""Statuses of a renamed tool that make "use the new name" wrong advice."""


RULE = SkillRule(
    code="SL201",
    name="tool-alias-deprecated",
    summary="A tool is named by a deprecated alias or legacy name (`Task` for `Agent`)",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
    documents=DOCUMENT_KINDS,
    fixable=True,
)
