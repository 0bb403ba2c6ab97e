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

import re
from collections import Counter
from collections.abc import Iterator

from skilllint.checks._code import code_lines
from skilllint.checks._tools import DeclaredTool, declared_tools
from skilllint.document import AGENT, COMMAND, SKILL, Document
from skilllint.model import Severity
from skilllint.rule import Finding, SkillContext, SkillRule

SHELLS = frozenset({"shell"})  # not `shell-session` (a background shell's output or stop: no command of its own)
NOT_COMMANDS = frozenset({"cd", "echo", "export", "if", "then", "else", "fi", "for", "do", "done", "while", "set",
                          "source", ".", "#", "}", "{", "case", "esac", "function", "return", "exit", "local", "read",
                          "printf", "true", "false", "[", "[[", "test", "sudo", "env", "time", "eval", "exec", "setopt",
                          "alias", "unset", "trap", "shift", "let", "declare", "typeset", "xargs"})
"""Shell words that are not a program to grant (or would grant everything again: `eval`, `exec`)."""
_WORD = re.compile(r"[a-z][\w.+-]*")  # programs are lower-case words; a capital starts prose or a diagram


def _unrestricted(declared: DeclaredTool) -> bool:
    tool = declared.resolution.tool
    if tool is None or tool.capability not in SHELLS or not declared.resolution.resolved:
        return False
    return (declared.resolution.specifier or "").strip() in ("", "*", ":*")


def _commands(doc: Document) -> list[str]:
    """The programs the skill's shell blocks run, most used first (at most three)."""
    found: Counter[str] = Counter()
    for _, _, text in code_lines(doc, shell_only=True, labelled=True):
        line = text.strip().removeprefix("$ ").strip()
        match = _WORD.match(line)
        if match and match.group() not in NOT_COMMANDS:
            found[match.group()] += 1
    return [command for command, _ in found.most_common(3)]


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if target.tools is None or not doc.frontmatter:
        return
    for declared in declared_tools(doc, target):
        if not declared.grants or not _unrestricted(declared):
            continue
        if doc.kind != AGENT and target.tool_fields.get(declared.field, "grant") != "grant":
            continue
        name = declared.resolution.tool.name if declared.resolution.tool else declared.entry.text
        commands = _commands(doc)
        who = {AGENT: "subagent", COMMAND: "command"}.get(doc.kind, "skill")
        if commands:
            narrow = " ".join(f"{name}({command}:*)" for command in commands)
            help_text = f"grant the commands the {who}'s shell blocks run: `{narrow}`"
        else:
            help_text = f"grant only the commands the {who} needs, one entry each: `{name}(git status:*)`"
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
