"""SL321 tool-reference-not-declared: the instructions use a tool the declared list leaves out.

Only where the field restricts the skill to its list (a subagent's `tools`, a runtime whose
tool field is a whitelist): there the model is told to call a tool it will not be given.
Claude Code's `allowed-tools` only pre-approves, so it does not count.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._body import body_references
from skilllint.checks._tools import declared_tools
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    restricting = [f for f, semantics in target.tool_fields.items() if semantics == "restrict"]
    fields = [f for f in restricting if doc.field(f) is not None]
    if not fields:
        return
    declared = {d.resolution.tool.name for d in declared_tools(doc, target)
                if d.field in fields and d.resolution.tool is not None}
    for reference in body_references(doc, target):
        tool = reference.resolution.tool
        if reference.resolution.resolved and tool is not None and tool.name not in declared:
            yield Finding(
                reference.location,
                f"the instructions use `{reference.resolution.name}`, which `{fields[0]}` does not list",
                f"add `{tool.name}` to `{fields[0]}`, or drop the instruction",
            )


RULE = SkillRule(
    code="SL321",
    name="tool-reference-not-declared",
    summary="The instructions use a tool that the skill's restricting tool list leaves out",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
