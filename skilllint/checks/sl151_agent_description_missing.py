"""SL151 agent-description-missing: a subagent with a name but no description.

The description is how the model decides when to delegate to the subagent. Claude Code's
subagent docs (code.claude.com/docs/en/sub-agents) list `name` without `description` among the
files it skips; a plugin's agent loads anyway with a placeholder description (`Agent from
<plugin> plugin`, anthropics/claude-code issue 91871), which tells the model nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.document import AGENT
from skilllint.model import Severity
from skilllint.rule import Finding, SkillContext, SkillRule


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    frontmatter = doc.frontmatter
    if not frontmatter or not isinstance(frontmatter.get("name"), str):
        return  # no name: SL150's
    description = frontmatter.get("description")
    if isinstance(description, str) and description.strip():
        return
    location = doc.locate(("description",)) if "description" in frontmatter else doc.locate(("name",), key=True)
    what = "an empty `description`" if "description" in frontmatter else "no `description`"
    help_text = "say what the subagent does and when to use it: `description: Reviews ... Use when ...`"
    if doc.plugin:
        yield Finding(location, f"subagent has {what}: the model sees only a placeholder and cannot tell when "
                      "to delegate to it", help_text, Severity.WARNING)
    else:
        yield Finding(location, f"subagent has {what}: Claude Code skips the file", help_text)


RULE = SkillRule(
    code="SL151",
    name="agent-description-missing",
    summary="A subagent without `description`",
    severity=Severity.ERROR,
    check=check,
    documents=(AGENT,),
)
