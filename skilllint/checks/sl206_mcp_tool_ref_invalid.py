"""SL206 mcp-tool-ref-invalid: an MCP tool reference not in the target's MCP naming.

Each runtime names MCP tools its own way (`mcp__github__create_issue` in Claude Code,
`github/create_issue` in Copilot's config); a name in another runtime's notation never
matches a tool on the target. In a field the target does not grant by (SISU's `allowed-tools`) the
entry does nothing there, and the finding is a warning, as SL200's is for an unknown name in that field.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._tools import IGNORED, declared_tools, did_you_mean, field_semantics, ignored_why, where
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import DOCUMENT_KINDS
from skilllint.runtimes.resolve import Outcome


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    for declared in declared_tools(doc, target):
        resolution = declared.resolution
        if resolution.outcome != Outcome.MCP_FOREIGN:
            continue
        notation = f" ({', '.join(resolution.runtime_ids)} notation)" if resolution.runtime_ids else ""
        pattern = target.mcp_pattern
        message = f"`{resolution.name}` is an MCP reference{notation} that {where(target)} does not use"
        help_text = did_you_mean(resolution) or (
            f"{where(target)} names MCP tools `{pattern}`" if pattern else f"{where(target)} has no MCP tools"
        )
        semantics = field_semantics(doc, declared.field, target)
        if semantics in IGNORED:
            # the entry grants nothing there: a warning, as an unknown tool in that field is (SL200)
            yield Finding(declared.entry.location, f"{message}{ignored_why(declared.field, semantics, target, doc)}",
                          help_text, Severity.WARNING)
            continue
        yield Finding(declared.entry.location, message, help_text)


RULE = SkillRule(
    code="SL206",
    name="mcp-tool-ref-invalid",
    summary="An MCP tool reference written in another runtime's notation than the target's",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
    documents=DOCUMENT_KINDS,
)
