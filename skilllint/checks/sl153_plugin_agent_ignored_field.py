"""SL153 plugin-agent-ignored-field: a plugin's subagent sets a field plugins may not.

Claude Code's plugins reference (code.claude.com/docs/en/plugins-reference, Agents): "`hooks`,
`mcpServers`, and `permissionMode` are not supported for plugin-shipped agents". The agent
loads, the field is ignored: its hooks never run, its servers never start, its permission
mode is the session's.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import AGENT

IGNORED = ("hooks", "mcpServers", "permissionMode")
WHERE = {"hooks": "the plugin's `hooks/hooks.json`", "mcpServers": "the plugin's `.mcp.json`",
         "permissionMode": "the user's settings (a plugin cannot set it)"}


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    if not doc.plugin or not doc.frontmatter:
        return
    for key in IGNORED:
        if key in doc.frontmatter:
            yield Finding(doc.locate((key,), key=True),
                          f"`{key}` is ignored in a plugin's subagent: Claude Code does not support it there",
                          f"move it to {WHERE[key]}, or ship the agent in `.claude/agents/`")


RULE = SkillRule(
    code="SL153",
    name="plugin-agent-ignored-field",
    summary="A plugin's subagent declares `hooks`, `mcpServers` or `permissionMode`, which plugins ignore",
    severity=Severity.WARNING,
    check=check,
    documents=(AGENT,),
)
