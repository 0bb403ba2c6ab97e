"""OpenCode's agent files (`.opencode/agent/**/*.md`): the tool names their maps key, and the
values OpenCode's config schema takes in the two maps.

The schema is `ConfigAgentV1` (anomalyco/opencode packages/core/src/v1/config/agent.ts @33d3e3a9,
read 2026-11-24): `tools` is a record of tool name -> boolean (deprecated for `permission`; each entry
becomes a permission rule, `allow` or `deny`, with `write` and `patch` folded into `edit`), and
`permission` (packages/core/src/v1/config/permission.ts @02ce4a33) is an action (`ask`, `allow`,
`deny`) for everything, or a record of permission -> action or -> a record of pattern -> action;
`question`, `webfetch`, `websearch` and `doom_loop` take an action only. Permission keys are tool
names and may be wildcards (`mymcp_*`: packages/web/src/content/docs/agents.mdx, "You can also use
wildcards"); `external_directory` and `doom_loop` are permissions of no tool. A file that breaks the
schema is not loaded (`ConfigParse.schema` throws; packages/opencode/src/config/agent.ts).

Custom tools are `.opencode/tools/<name>.ts` (or `.js`), named after the file, several exports of one
file `<file>_<export>` (packages/web/src/content/docs/custom-tools.mdx, read 2026-11-24).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from skilllint.core.readfacts import Location
from skilllint.reading.document import Document
from skilllint.runtimes.toollist import ToolEntry

TOOL_MAPS = ("tools", "permission")
ACTIONS = ("allow", "ask", "deny")
NO_TOOL = frozenset({"*", "external_directory", "doom_loop"})
"""Permission keys that name no tool."""
ACTION_ONLY = frozenset({"question", "webfetch", "websearch", "doom_loop"})
"""Permissions that take an action, not a record of patterns."""
OPENCODE_FOLDER = ".opencode"
TOOL_FOLDERS = ("tools",)


def map_entries(doc: Document, field: str) -> list[tuple[ToolEntry, bool]]:
    """The tool names keying the map `field` (`tools` or `permission`), each located at its key,
    with whether the entry grants the tool (`tools: {bash: false}` and `permission: {bash: deny}`
    take it away). Wildcard keys and permissions of no tool are left out: they name no one tool."""
    value = doc.field(field)
    if not isinstance(value, dict):
        return []
    found = []
    for index, (key, setting) in enumerate(value.items()):
        if not isinstance(key, str) or not key or key in NO_TOOL or any(c in key for c in "*? \t\n"):
            continue  # a wildcard, or no name (a key that is a list or a map reads as text with spaces)
        grants = setting is not False if field == "tools" else setting != "deny"
        found.append((ToolEntry(key, doc.locate((field, key), key=True), "map", index), grants))
    return found


def value_problems(doc: Document) -> Iterator[tuple[Location, str, str]]:
    """(where, what, help) of each value in `tools` or `permission` that the schema rejects."""
    tools = doc.field("tools")
    if tools is not None and not isinstance(tools, dict):
        yield doc.locate(("tools",)), "`tools` is not a map of tool names to `true` or `false`", \
            "write one tool a line: `tools:` then `  bash: false`"
    elif isinstance(tools, dict):
        for key, setting in tools.items():
            if not isinstance(setting, bool):
                yield doc.locate(("tools", key)), f"`tools: {{{key}: {_shown(setting)}}}` is not `true` or `false`", \
                    f"write `{key}: true` or `{key}: false`, unquoted"
    permission = doc.field("permission")
    if permission is None or (isinstance(permission, str) and permission in ACTIONS):
        return
    if not isinstance(permission, dict):
        yield doc.locate(("permission",)), f"`permission: {_shown(permission)}` is neither an action nor a map", \
            "write `permission: ask` for every tool, or one tool a line: `  bash: ask`"
        return
    for key, rule in permission.items():
        if isinstance(rule, str) and rule in ACTIONS:
            continue
        if isinstance(rule, dict) and key not in ACTION_ONLY:
            for pattern, action in rule.items():
                if not (isinstance(action, str) and action in ACTIONS):
                    yield doc.locate(("permission", key, pattern)), \
                        f"`{pattern}: {_shown(action)}` under `permission.{key}` is not `allow`, `ask` or `deny`", \
                        "write one of `allow`, `ask`, `deny`"
            continue
        what = "an action" if key in ACTION_ONLY else "an action or a map of patterns to actions"
        yield doc.locate(("permission", key)), f"`permission.{key}: {_shown(rule)}` is not {what}", \
            "write one of `allow`, `ask`, `deny`"


def custom_tool(doc: Document, name: str) -> bool:
    """Whether the project's `.opencode/tools/` (the one holding the agent) defines tool `name`."""
    parts = os.path.normpath(os.fspath(doc.file)).split(os.sep)
    if OPENCODE_FOLDER not in parts:
        return False
    root = os.sep.join(parts[: len(parts) - parts[::-1].index(OPENCODE_FOLDER)])
    stems = dict.fromkeys((name, name.split("_", 1)[0]))
    return any(doc.fs.isfile(os.path.join(root, folder, stem + suffix))
               for folder in TOOL_FOLDERS for stem in stems for suffix in (".ts", ".js"))


def _shown(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "{...}"
    if isinstance(value, list):
        return "[...]"
    return str(value) if isinstance(value, (str, int, float)) else type(value).__name__
