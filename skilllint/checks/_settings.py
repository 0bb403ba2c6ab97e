"""Where a Claude Code settings or hooks file names tools: permission rules and hook matchers.

Settings (code.claude.com/docs/en/settings, /permissions): `permissions.allow`, `.ask` and `.deny`
hold `Tool` or `Tool(specifier)` rules. Hooks (code.claude.com/docs/en/hooks): under `hooks`, each
event holds matcher groups whose `matcher` is a tool name or a regular expression over tool
names, for the events about a tool call; other events match other things (a session's source,
a notification's type). A plugin's `hooks/hooks.json` has the same `hooks` object. Gemini CLI's
extension and settings files name the tools they exclude from the model.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from skilllint.checks._gemini import applied_exclusions
from skilllint.core import lazyre
from skilllint.core.model import Span
from skilllint.core.readfacts import Location
from skilllint.core.records import FrozenRecord
from skilllint.reading.jsonfile import GEMINI_KINDS, GEMINI_SETTINGS, SETTINGS, JsonFile
from skilllint.runtimes.resolve import Resolution, resolve
from skilllint.runtimes.targets import Target

RULE_LISTS = ("allow", "ask", "deny")
TOOL_EVENTS = frozenset({"PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "PermissionDenied"})
"""Events whose matcher is matched against a tool's name."""
_PLAIN_ALTERNATIVES = lazyre.compile(r"[A-Za-z][A-Za-z0-9_]*(?:\|[A-Za-z][A-Za-z0-9_]*)*")


class NamedTool(FrozenRecord):
    """A tool named in a settings or hooks file, where, and in what role."""

    __slots__ = ("text", "location", "role")
    text: Final[str]  # the rule or the matcher's alternative, as written
    location: Final[Location]
    role: Final[str]  # "allow", "ask", "deny" or "matcher"

    def __init__(self, text: str, location: Location, role: str) -> None:
        self.text = text
        self.location = location
        self.role = role


def permission_rules(file: JsonFile) -> Iterator[NamedTool]:
    """Every string rule of `permissions.allow/ask/deny` in a settings file."""
    data = file.data
    if file.kind != SETTINGS or not isinstance(data, dict) or not isinstance(data.get("permissions"), dict):
        return
    for role in RULE_LISTS:
        rules = data["permissions"].get(role)
        if isinstance(rules, list):
            for index, rule in enumerate(rules):
                if isinstance(rule, str):
                    yield NamedTool(rule, file.locate(("permissions", role, index)), role)


def hook_matchers(file: JsonFile) -> Iterator[NamedTool]:
    """Each tool name in the matchers of the tool events: a matcher made only of names joined by
    `|` (`Edit|Write`) is split into them; a real regular expression (`mcp__.*`, `Notebook.*`)
    and the catch-alls (`*`, empty) name no tool to check."""
    for event, index, group in hook_groups(file):
        matcher = group.get("matcher")
        if event not in TOOL_EVENTS or not isinstance(matcher, str) or not _PLAIN_ALTERNATIVES.fullmatch(matcher):
            continue
        location = file.locate(("hooks", event, index, "matcher"))
        offset = 0
        for name in matcher.split("|"):
            yield NamedTool(name, _inside(location, offset, len(name)), "matcher")
            offset += len(name) + 1


def hook_groups(file: JsonFile) -> Iterator[tuple[str, int, dict[str, Any]]]:
    """(event, index, group) of every matcher group of the file's `hooks` object that is an object."""
    data = file.data
    hooks = data.get("hooks") if isinstance(data, dict) else None
    if not isinstance(hooks, dict):
        return
    for event, groups in hooks.items():
        if isinstance(groups, list):
            for index, group in enumerate(groups):
                if isinstance(group, dict):
                    yield str(event), index, group


def hook_commands(file: JsonFile) -> Iterator[tuple[str, Location]]:
    """The shell command of every `command` hook of a settings or hooks file, where its string is
    written: what such a hook runs on every matching event, unseen (code.claude.com/docs/en/hooks)."""
    for event, index, group in hook_groups(file):
        handlers = group.get("hooks")
        if not isinstance(handlers, list):
            continue
        for number, handler in enumerate(handlers):
            command = handler.get("command") if isinstance(handler, dict) else None
            if isinstance(command, str):
                yield command, file.locate(("hooks", event, index, "hooks", number, "command"))


def _inside(location: Location, offset: int, length: int) -> Location:
    """The span of characters [offset, offset + length) of a quoted one-line JSON string."""
    span = location.span
    if span.end_line != span.line:
        return location
    start = span.column + 1 + offset  # past the opening quote
    return Location(location.path, Span(span.line, start, span.line, start + length))


def gemini_exclusions(file: JsonFile) -> Iterator[NamedTool]:
    """Each string entry of the tools a Gemini CLI extension (`excludeTools`) or project settings
    file (`tools.exclude`, formerly `excludeTools`) excludes from the model (`checks/_gemini.py`)."""
    data = file.data
    if file.kind not in GEMINI_KINDS or not isinstance(data, dict):
        return
    applied = applied_exclusions(data, file.kind == GEMINI_SETTINGS)
    if applied is None:
        return
    path, entries = applied
    for index, entry in enumerate(entries):
        if isinstance(entry, str):
            yield NamedTool(entry, file.locate((*path, index)), "exclude")


def resolved_names(file: JsonFile, target: Target) -> Iterator[tuple[NamedTool, str, Resolution]]:
    """Each permission rule, tool-event matcher name and excluded tool of the file, with its bare
    tool name and its resolution on the target; globs (`*`, `mcp__*`) and MCP tools are left out
    (SL206's)."""
    for named in [*permission_rules(file), *hook_matchers(file), *gemini_exclusions(file)]:
        name = named.text.split("(", 1)[0].strip()
        if not name or "*" in name or name.startswith("mcp__"):
            continue
        yield named, name, resolve(named.text if named.role != "matcher" else name, target)


def rule_lists(data: Any) -> dict[str, list[str]]:
    """`permissions.allow/ask/deny` of parsed settings, strings only (for rules that read a
    project's settings from a skill)."""
    permissions = data.get("permissions") if isinstance(data, dict) else None
    if not isinstance(permissions, dict):
        return {}
    return {role: [r for r in permissions.get(role) or () if isinstance(r, str)]
            for role in RULE_LISTS if isinstance(permissions.get(role), list)}
