"""SL215 tool-denied-by-policy: a tool a skill, subagent or command grants that the project denies.

Three sources of policy. The config's `policies` (for applications that govern their tools
themselves: named allow/deny lists over names, `Tool(specifier)` rules and groups, each for the
skills under given path globs), on every target; and Claude Code's own settings, below.

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

Gemini CLI, third, excludes tools from the model in an extension's `gemini-extension.json`
(`excludeTools`) and a project's `.gemini/settings.json` (`tools.exclude`, formerly
`excludeTools`): `checks/_gemini.py` reads them, with the same matching.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from skilllint.checks._gemini import excluded_tools, gemini_files, reads_gemini_files
from skilllint.checks._policies import RuleIndex
from skilllint.checks._project import nearest_files, read_json, shown_path
from skilllint.checks._settings import rule_lists
from skilllint.checks._tools import DeclaredTool, declared_tools
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import DOCUMENT_KINDS, Document
from skilllint.reading.globs import matches
from skilllint.reading.jsonfile import SETTINGS_FILES
from skilllint.runtimes.targets import Target
from skilllint.runtimes.toolspec import parse_tool_entry


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if not doc.frontmatter:
        return
    granted = [d for d in declared_tools(doc, target) if d.grants]
    if not granted:
        return
    yield from _by_config(ctx, granted)
    if reads_gemini_files(target):
        yield from _by_gemini(doc, granted, target)
    if target.dialect != "claude-code":
        return
    # a malformed rule (`Bash(`: SL205 says so) denies nothing for certain: reading it as its tool's
    # name would claim the whole tool denied
    denies = [(path, "permissions.deny", rule) for path, rule in _deny_rules(doc)
              if parse_tool_entry(rule).rule_problem is None]
    for declared, shown, _, rule in _denied(doc, granted, target, denies):
        yield Finding(declared.entry.location,
                      f"`{declared.entry.text}` is denied in this project: `permissions.deny` in {shown} "
                      f"has `{rule}`, and deny rules win over `{declared.field}`",
                      "drop it from the list, or narrow the project's deny rule if the tool is needed")


def _by_gemini(doc: Document, granted: list[DeclaredTool], target: Target) -> Iterator[Finding]:
    """A declared tool that the Gemini CLI extension holding the skill, or the project's Gemini
    settings, exclude from the model: the skill asks for a tool the model is never offered."""
    excludes = []
    for path, data in gemini_files(doc):
        key, entries = excluded_tools(path, data)
        excludes += [(path, key, entry) for entry in entries]
    for declared, shown, key, entry in _denied(doc, granted, target, excludes):
        yield Finding(declared.entry.location,
                      f"`{declared.entry.text}` is excluded: `{key}` in {shown} has "
                      f"`{entry}`, so gemini-cli never offers it to the model",
                      "write the skill without it, or narrow the exclusion if the tool is needed")


def _denied(doc: Document, granted: list[DeclaredTool], target: Target,
            rules: list[tuple[str, str, str]]) -> Iterator[tuple[DeclaredTool, str, str, str]]:
    """(declared tool, file as shown, key, rule) for each granted tool and the first of the
    (file, key, rule) entries that covers it."""
    index = RuleIndex([rule for _, _, rule in rules], target, {})
    for declared in granted:
        first = index.first(declared)
        if first is not None:
            path, key, rule = rules[first]
            yield declared, shown_path(doc, path), key, rule


def _by_config(ctx: SkillContext, granted: list[DeclaredTool]) -> Iterator[Finding]:
    """The config's `policies` that apply where the document is: a granted tool one of them
    denies, or that is not on its allow list."""
    for policy in ctx.policies:
        if not matches(ctx.doc.path, policy.paths):
            continue
        deny = RuleIndex(list(policy.deny), ctx.target, ctx.groups)
        allow = None if policy.allow is None else RuleIndex(list(policy.allow), ctx.target, ctx.groups)
        for declared in granted:
            first = deny.first(declared)
            if first is not None:
                denied = policy.deny[first]
                yield Finding(declared.entry.location, f"`{declared.entry.text}` is denied by policy `{policy.name}` "
                              f"(`{denied}` in its deny list), which applies here",
                              "drop it from the list, or change the policy in the config if the tool is needed")
            elif allow is not None and allow.first(declared) is None:
                yield Finding(declared.entry.location, f"`{declared.entry.text}` is not allowed by policy "
                              f"`{policy.name}`, which applies here: its allow list has no entry for it",
                              "drop it from the list, or add it to the policy's `allow` in the config")


def _deny_rules(doc: Document) -> list[tuple[str, str]]:
    """(settings file, rule) of every deny rule of the nearest project settings above the document."""
    files = nearest_files(doc, *(os.path.join(".claude", name) for name in sorted(SETTINGS_FILES)))
    return [(path, rule) for path in files for rule in rule_lists(read_json(doc, path)).get("deny", [])]


RULE = SkillRule(
    code="SL215",
    name="tool-denied-by-policy",
    summary="A tool a skill, subagent or command grants that the project's permission settings deny",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
    documents=DOCUMENT_KINDS,
)

