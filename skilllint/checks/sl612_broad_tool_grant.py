"""SL612 broad-tool-grant: an unrestricted shell granted where the field grants.

`allowed-tools: Bash` (or `Bash(*)`) in Claude Code, or `Bash` in a subagent's `tools`, lets the
skill run any command without asking: `rm -rf`, a download piped into a shell, a push to main.
Claude Code's permission rules take a command pattern (`Bash(git status:*)`,
code.claude.com/docs/en/permissions), so a skill can grant the commands it runs and no more.
Only fields that grant are judged (`allowed-tools` where the target honours it, a subagent's
`tools`): on a runtime that ignores the list, nothing is granted. The help names the commands
the skill's own shell blocks run, as the narrow entries to write.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._code import shell_blocks
from skilllint.checks._shell import programs
from skilllint.checks._tools import DeclaredTool, declared_tools, field_semantics
from skilllint.document import AGENT, COMMAND, SKILL, Document
from skilllint.model import Severity
from skilllint.rule import Finding, SkillContext, SkillRule

SHELLS = frozenset({"shell"})  # not `shell-session` (a background shell's output or stop: no command of its own)
SHOWN = 3  # narrow entries named in the help


def _unrestricted(declared: DeclaredTool) -> bool:
    tool = declared.resolution.tool
    if tool is None or tool.capability not in SHELLS or not declared.resolution.resolved:
        return False
    return (declared.resolution.specifier or "").strip() in ("", "*", ":*")


def _commands(doc: Document) -> list[str]:
    """The programs the skill's shell blocks run, most used first (`checks/_shell.py`)."""
    return [command for command, _ in programs(shell_blocks(doc)).most_common()]


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if target.tools is None or not doc.frontmatter:
        return
    for declared in declared_tools(doc, target):
        if not declared.grants or not _unrestricted(declared):
            continue
        if doc.kind != AGENT and field_semantics(doc, declared.field, target) != "grant":
            continue
        name = declared.resolution.tool.name if declared.resolution.tool else declared.entry.text
        commands = _commands(doc)
        who = {AGENT: "subagent", COMMAND: "command"}.get(doc.kind, "skill")
        if commands:
            narrow = " ".join(f"{name}({command}:*)" for command in commands[:SHOWN])
            more = f" (and {len(commands) - SHOWN} more its blocks run)" if len(commands) > SHOWN else ""
            help_text = f"grant the commands the {who}'s shell blocks run, one entry each: `{narrow}`{more}"
        else:
            help_text = (f"if the {who} runs no shell command, drop `{declared.entry.text}`; else grant only the "
                         f"commands it runs, one entry each: `{name}(git status:*)`")
        yield Finding(declared.entry.location,
                      f"`{declared.entry.text}` grants an unrestricted shell: any command runs without asking",
                      help_text)


RULE = SkillRule(
    code="SL612",
    name="broad-tool-grant",
    summary="An unrestricted shell (`Bash`, `Bash(*)`) granted where the tool field grants",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
    documents=(SKILL, AGENT, COMMAND),  # the narrower grant it asks for is a Claude Code permission rule
)
