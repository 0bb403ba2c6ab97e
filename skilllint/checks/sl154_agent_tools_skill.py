"""SL154 agent-tools-skill: a subagent's `tools` lists `Skill`.

Claude Code's subagent docs (code.claude.com/docs/en/sub-agents, `tools`): "To preload Skills
into a subagent, use the `skills` field rather than listing `Skill` here". Listing the tool
lets the subagent look skills up mid-task; `skills:` puts the ones it needs in its context
from the start, which is what such a list usually means.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import AGENT
from skilllint.runtimes.toollist import tool_entries


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    if not doc.frontmatter or "tools" not in doc.frontmatter:
        return
    for entry in tool_entries(doc, "tools"):
        if entry.problem is None and entry.text.split("(", 1)[0].strip() == "Skill":
            yield Finding(entry.location, "`tools` lists `Skill`: to give the subagent skills, preload them",
                          "name them in `skills:` (`skills: [pdf, xlsx]`) and drop `Skill` from `tools`")


RULE = SkillRule(
    code="SL154",
    name="agent-tools-skill",
    summary="A subagent's `tools` lists `Skill` (preload skills with `skills:`)",
    severity=Severity.WARNING,
    check=check,
    documents=(AGENT,),
)
