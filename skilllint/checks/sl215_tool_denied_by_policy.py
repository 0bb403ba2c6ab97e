"""SL215 tool-denied-by-policy: a tool a skill, subagent or command grants that the project denies.

Claude Code reads the project's `.claude/settings.json` and `.claude/settings.local.json`
(code.claude.com/docs/en/settings); a `permissions.deny` rule wins over every allow
(code.claude.com/docs/en/permissions: "deny rules take precedence"), including a skill's
`allowed-tools`. A skill that needs a denied tool is stopped at the call, in the middle of its
work. The settings are found the way Claude Code finds them from the project: the nearest
folder above the skill holding `.claude/settings*.json`, looking no higher than the repository
root. They are read through `doc.fs`, so a cached result is dropped when they change.

A deny rule denies a whole tool when it has no specifier (`Bash`, `Bash(*)`), an MCP server's
tools by prefix (`mcp__github`, `mcp__github__*`), and one grant when it is that grant, written
alike; a narrower rule (`Bash(rm:*)` against `Bash(git:*)`) is not judged.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

from skilllint.checks._settings import rule_lists
from skilllint.checks._tools import DeclaredTool, declared_tools
from skilllint.document import DOCUMENT_KINDS, Document, relative_posix
from skilllint.jsonfile import SETTINGS_FILES
from skilllint.model import Severity
from skilllint.resolve import resolve
from skilllint.rule import Finding, SkillContext, SkillRule
from skilllint.targets import Target

MAX_UP = 12  # folders above the skill to look in for the project's settings


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if target.dialect != "claude-code" or not doc.frontmatter:
        return
    granted = [d for d in declared_tools(doc, target) if d.field != "disallowedTools"]
    if not granted:
        return
    denies = _deny_rules(doc)
    for declared in granted:
        for settings_file, rule in denies:
            if _denies(rule, declared, target):
                shown = relative_posix(settings_file, doc.cwd) if doc.cwd is not None else settings_file
                yield Finding(declared.entry.location,
                              f"`{declared.entry.text}` is denied in this project: `permissions.deny` in {shown} "
                              f"has `{rule}`, and deny rules win over `{declared.field}`",
                              "drop it from the list, or narrow the project's deny rule if the tool is needed")
                break


def _deny_rules(doc: Document) -> list[tuple[str, str]]:
    """(settings file, rule) of every deny rule of the nearest project settings above the document."""
    folder = doc.skill_dir
    for _ in range(MAX_UP):
        found = []
        for name in sorted(SETTINGS_FILES):
            path = os.fspath(folder / ".claude" / name)
            if not doc.fs.isfile(path):
                continue
            try:
                data = json.loads(doc.fs.read(path)[0])
            except (OSError, ValueError):
                continue  # unreadable or not JSON: the settings file's own finding (SL160-style)
            found += [(path, rule) for rule in rule_lists(data).get("deny", [])]
        if found or doc.fs.exists(os.fspath(folder / ".git")) or folder.parent == folder:
            return found
        folder = folder.parent
    return []


def _denies(rule: str, declared: DeclaredTool, target: Target) -> bool:
    text = rule.strip()
    if text.startswith("mcp__"):
        prefix = text.removesuffix("*").removesuffix("__")
        name = declared.entry.text
        return name == prefix or name.startswith(prefix + "__")
    denied = resolve(text, target)
    if not denied.resolved or denied.tool is None or declared.resolution.tool is None:
        return False
    if denied.tool.name != declared.resolution.tool.name:
        return False
    specifier = (denied.specifier or "").strip()
    if specifier in ("", "*"):
        return True
    return (declared.resolution.specifier or "").strip() == specifier


RULE = SkillRule(
    code="SL215",
    name="tool-denied-by-policy",
    summary="A tool a skill, subagent or command grants that the project's permission settings deny",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
    documents=DOCUMENT_KINDS,
)

