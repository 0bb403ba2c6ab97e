"""SL214 tool-not-default: a tool the target has only in some setups, or has removed.

A `conditional` tool (`Glob` and `Grep`, absent by default in Claude Code on macOS and Linux)
or an `experimental` one (behind a flag) is there in some setups: worth knowing, so info. A
`removed` tool is gone everywhere and a `legacy` one is on its way out: the skill should
change, so warning. The severity is set on the finding for those two, so that a config
override of SL214 still wins over it. A conditional search tool granted beside an unrestricted
shell (`allowed-tools: Bash Glob Grep`) is not reported: without it the shell finds and greps.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._tools import DeclaredTool, declared_tools, where
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import AGENT, COMMAND, DOCUMENT_KINDS, SKILL, Document
from skilllint.runtimes.resolve import Outcome
from skilllint.runtimes.targets import Target, Tool

STATUSES = {"conditional": "available only in some setups", "experimental": "experimental (behind a flag)",
            "removed": "removed", "legacy": "deprecated"}
WARN = frozenset({"removed", "legacy"})
"""Statuses that ask for a change; the others (only in some setups) are info, the rule's default."""


def _one_of_alternatives(tool: Tool, target: Target) -> bool:
    """Several conditional tools of one capability are alternatives (Codex offers one of its
    shell tools per model): some setup always has one, so naming it is not the problem."""
    same = [t for t in target.tools or () if t.capability == tool.capability and t.status != "removed"]
    return tool.status == "conditional" and len(same) > 1 and all(t.status == "conditional" for t in same)


def _restored_in_agent(doc: Document, declared: DeclaredTool, target: Target) -> bool:
    """A subagent's own tool list settles a conditional search tool: naming it there without a
    shell tool gives it to the subagent (Claude Code's Glob and Grep stand in for the shell's
    bfs and ugrep only when the shell is not there: the runtime file's note on them), and
    removing it in `disallowedTools` costs nothing."""
    if doc.kind != AGENT or declared.resolution.tool is None or declared.resolution.tool.status != "conditional":
        return False
    if declared.field != "tools":
        return True
    shells = {t.name for t in target.tools or () if t.capability == "shell"}
    granted = {d.resolution.tool.name for d in declared_tools(doc, target)
               if d.field == "tools" and d.resolution.tool is not None}
    return not granted & shells


SHELL_COVERS = frozenset({"glob", "grep", "list-dir"})
"""Capabilities a shell has: where the tool is missing, the model finds and greps with the shell."""


def _shell_beside(doc: Document, declared: DeclaredTool, target: Target) -> bool:
    """A conditional search tool (Claude Code's Glob and Grep) granted beside an unrestricted shell in
    the same list: in the setups without it the model finds and greps with the shell, so the setup
    does not matter to the skill."""
    tool = declared.resolution.tool
    if tool is None or tool.status != "conditional" or tool.capability not in SHELL_COVERS:
        return False
    for other in declared_tools(doc, target):
        granted = other.resolution.tool
        if other.field == declared.field and other.grants and granted is not None and granted.capability == "shell" \
                and other.resolution.specifier in (None, "*"):
            return True
    return False


def _help(tool: Tool, target: Target) -> str:
    """The runtime's note on when the tool is there, else its summary (which often names the flag
    or the replacement), else what to do."""
    if tool.note or tool.summary:
        return str(tool.note or tool.summary)
    if tool.status in WARN:
        return f"name a tool that {where(target)} has by default instead"
    return f"if the skill needs `{tool.name}`, say in its description which setup it expects"


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if target.tools is None:
        return  # the portable baseline: some runtime has the tool by default
    for declared in declared_tools(doc, target):
        resolution = declared.resolution
        tool = resolution.tool
        if not resolution.resolved or tool is None or tool.status not in STATUSES:
            continue
        if _one_of_alternatives(tool, target) or _restored_in_agent(doc, declared, target) \
                or _shell_beside(doc, declared, target):
            continue
        if not declared.grants and doc.kind not in (SKILL, AGENT, COMMAND):
            continue  # a tool an agent turns off (OpenCode's `write: false`) needs no setup
        if resolution.outcome == Outcome.DEPRECATED and tool.status in WARN and ctx.is_active("SL201"):
            continue  # named by an old name: SL201 says both at once
        yield Finding(
            declared.entry.location,
            f"`{tool.name}` is {STATUSES[tool.status]} in {where(target)}",
            _help(tool, target),
            Severity.WARNING if tool.status in WARN else None,
        )


RULE = SkillRule(
    code="SL214",
    name="tool-not-default",
    summary="A tool the target offers only in some setups (info) or has removed or deprecated (warning)",
    severity=Severity.INFO,
    check=check,
    per_target=True,
    documents=DOCUMENT_KINDS,
)
