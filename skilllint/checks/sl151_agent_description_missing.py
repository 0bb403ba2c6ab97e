"""SL151 agent-description-missing: a subagent or custom agent without a description.

The description is how the model decides when to delegate to the agent. Claude Code's
subagent docs (code.claude.com/docs/en/sub-agents) list `name` without `description` among the
files it skips; a plugin's agent loads anyway with a placeholder description (`Agent from
<plugin> plugin`, anthropics/claude-code issue 91871), which tells the model nothing.

GitHub Copilot marks a custom agent's `description` **Required** (github/docs
content/copilot/reference/custom-agents-configuration.md @03e038c5, read 2026-11-24; its `name` is
optional), and VS Code rejects an empty one (microsoft/vscode .../promptSyntax/languageProviders/
promptValidator.ts, "The 'description' attribute should not be empty"). OpenCode's docs call an
agent's `description` "a **required** config option" (anomalyco/opencode
packages/web/src/content/docs/agents.mdx, read 2026-11-24) but its schema lets the agent load without
one (packages/core/src/v1/config/agent.ts): a warning there. A file without frontmatter is left alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._agents import who
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location
from skilllint.reading.document import AGENT, COPILOT_AGENT, OPENCODE_AGENT

HELP = {AGENT: "say what the subagent does and when to use it: `description: Reviews ... Use when ...`",
        COPILOT_AGENT: "say what the agent does and when to pick it: `description: Reviews ... Use when ...`",
        OPENCODE_AGENT: "say what the agent does and when to use it: `description: Reviews ... Use when ...`"}


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    frontmatter = doc.frontmatter
    if frontmatter is None or (doc.kind == AGENT and not isinstance(frontmatter.get("name"), str)):
        return  # no frontmatter (documentation), or a subagent without a name: SL150's
    description = frontmatter.get("description")
    if isinstance(description, str) and description.strip():
        return
    if "description" in frontmatter:
        location = doc.locate(("description",))
    elif "name" in frontmatter:
        location = doc.locate(("name",), key=True)
    else:
        location = Location(doc.path, Span(1, 1, 1, 4))
    what = "an empty `description`" if "description" in frontmatter else "no `description`"
    runtime, noun = who(doc)
    if doc.kind == COPILOT_AGENT:
        yield Finding(location, f"{noun} has {what}, which {runtime} requires: it is how the agent is told apart "
                      "and picked", HELP[doc.kind])
    elif doc.kind == OPENCODE_AGENT:
        yield Finding(location, f"{noun} has {what}, which {runtime}'s docs require: it is how the model decides "
                      "when to use the agent", HELP[doc.kind], Severity.WARNING)
    elif doc.plugin:
        yield Finding(location, f"subagent has {what}: the model sees only a placeholder and cannot tell when "
                      "to delegate to it", HELP[AGENT], Severity.WARNING)
    else:
        yield Finding(location, f"subagent has {what}: Claude Code skips the file", HELP[AGENT])


RULE = SkillRule(
    code="SL151",
    name="agent-description-missing",
    summary="A subagent or custom agent without `description`",
    severity=Severity.ERROR,
    check=check,
    documents=(AGENT, COPILOT_AGENT, OPENCODE_AGENT),
)
