"""SL612 broad-tool-grant: an unrestricted shell granted where the field grants.

`allowed-tools: Bash` (or `Bash(*)`) in Claude Code pre-approves the shell: the skill runs any
command without asking (`rm -rf`, a download piped into a shell, a push to main). A subagent's
`tools` only says which tools it may use (the session's permissions still ask), so `Bash` there is
judged only with `permissionMode: bypassPermissions`, where nothing asks.
Claude Code's permission rules take a command pattern (`Bash(git status:*)`,
code.claude.com/docs/en/permissions), so a skill can grant the commands it runs and no more.
Only fields that grant are judged (`allowed-tools` where the target honours it, a subagent's
`tools`): on a runtime that ignores the list, nothing is granted. The help names the commands
the skill's own shell blocks run, as the narrow entries to write (without a shell block, the commands
its inline code names: `git diff --name-only`).
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._code import shell_blocks
from skilllint.checks._shell import inline_programs, programs
from skilllint.checks._tools import DeclaredTool, declared_tools, field_semantics
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import AGENT, COMMAND, SKILL, Document

SHELLS = frozenset({"shell"})  # not `shell-session` (a background shell's output or stop: no command of its own)
SHOWN = 3  # narrow entries named in the help
UNASKED = frozenset({"bypassPermissions"})
"""A subagent's permission modes in which its tools run without asking (code.claude.com/docs/en/sub-agents):
there `Bash` in `tools` lets any command run unasked; in the other modes it only makes the shell available."""


def _unrestricted(declared: DeclaredTool) -> bool:
    tool = declared.resolution.tool
    if tool is None or tool.capability not in SHELLS or not declared.resolution.resolved:
        return False
    return (declared.resolution.specifier or "").strip() in ("", "*", ":*")


def _help(doc: Document, name: str, entry: str) -> str:
    """The narrow entries to write instead: the programs the shell blocks run (`checks/_shell.py`)."""
    who = {AGENT: "subagent", COMMAND: "command"}.get(doc.kind, "skill")
    blocks = list(shell_blocks(doc))
    found = programs(blocks)
    commands = found.ranked()
    withheld = ", ".join(f"`{w}`" for w in sorted(found.withheld))
    if not blocks:
        named = inline_programs(span.text for span in doc.markdown.code_spans) if doc.body else []
        if named:
            narrow = " ".join(f"{name}({command}:*)" for command in named[:SHOWN])
            more = f" (and {len(named) - SHOWN} more)" if len(named) > SHOWN else ""
            return (f"grant only the commands its text has the model run (the {who} has no shell block), one "
                    f"entry each: `{narrow}`{more}")
        return (f"the {who} has no shell block: drop `{entry}`, or grant only the commands it runs, one "
                f"entry each: `{name}(<command>:*)`")
    if not commands:
        return (f"drop `{entry}`, or grant only the commands the {who} needs, one entry each: its blocks run only "
                f"{withheld or 'inline code'}, which no prefix grant narrows")
    narrow = " ".join(f"{name}({command}:*)" for command in commands[:SHOWN])
    more = f" (and {len(commands) - SHOWN} more its blocks run)" if len(commands) > SHOWN else ""
    kept = f"; not listed, since no prefix grant narrows them (they keep asking): {withheld}" if withheld else ""
    return f"grant the commands the {who}'s shell blocks run, one entry each: `{narrow}`{more}{kept}"


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if target.tools is None or not doc.frontmatter:
        return
    for declared in declared_tools(doc, target):
        if not declared.grants or not _unrestricted(declared):
            continue
        if doc.kind == AGENT:
            if doc.field("permissionMode") not in UNASKED:
                continue  # a subagent's `tools` says what it may use; the session's permissions still ask
        elif field_semantics(doc, declared.field, target) != "grant":
            continue
        name = declared.resolution.tool.name if declared.resolution.tool else declared.entry.text
        help_text = _help(doc, name, declared.entry.text)
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
