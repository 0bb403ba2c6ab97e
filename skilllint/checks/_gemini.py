"""What a Gemini CLI project or extension says about its tools, read from a skill's place.

Gemini CLI (google-gemini/gemini-cli, read 2026-11-24):
- an extension is a folder holding `gemini-extension.json` (docs/extensions/reference.md): its
  `excludeTools` are "tool names to exclude from the model", where `run_shell_command(rm -rf)`
  blocks only that command; its `mcpServers` are loaded "just like MCP servers configured in a
  settings.json file"; its skills live in its `skills/` folder;
- a project's `.gemini/settings.json` (docs/get-started/configuration.md) excludes tools with
  `tools.exclude` (older settings: top-level `excludeTools`) and configures `mcpServers`.
Both are found from the skill upward (`_project.nearest_files`) and read through `doc.fs`, so a
cached result follows them. Only the Gemini CLI target reads them.
"""

from __future__ import annotations

import os
from typing import Any

from skilllint.checks._project import nearest_files, read_json
from skilllint.reading.document import Document
from skilllint.runtimes.targets import Target

GEMINI = "gemini-cli"
EXTENSION_FILE = "gemini-extension.json"
SETTINGS_FILE = os.path.join(".gemini", "settings.json")


def reads_gemini_files(target: Target) -> bool:
    """Whether the target is Gemini CLI, or a runtime of the user's built on it."""
    return target.id == GEMINI or target.extends == GEMINI


def gemini_files(doc: Document) -> list[tuple[str, Any]]:
    """(path, parsed JSON) of the extension holding the document and of the project's settings,
    those that exist and parse."""
    found = [*nearest_files(doc, EXTENSION_FILE), *nearest_files(doc, SETTINGS_FILE)]
    return [(path, data) for path in found if isinstance(data := read_json(doc, path), dict)]


def exclusion_lists(data: dict[str, Any], settings: bool) -> list[tuple[tuple[str, ...], Any]]:
    """(path, value) of each list of excluded tools a file writes, whatever its type, in the order
    Gemini CLI prefers them: a settings file's `tools.exclude`, then `excludeTools` (an extension's,
    and older settings')."""
    found: list[tuple[tuple[str, ...], Any]] = []
    tools = data.get("tools")
    if settings and isinstance(tools, dict) and "exclude" in tools:
        found.append((("tools", "exclude"), tools["exclude"]))
    if "excludeTools" in data:
        found.append((("excludeTools",), data["excludeTools"]))
    return found


def applied_exclusions(data: dict[str, Any], settings: bool) -> tuple[tuple[str, ...], list[Any]] | None:
    """(path, entries) of the list of excluded tools that applies: the first that is a list."""
    return next(((path, value) for path, value in exclusion_lists(data, settings) if isinstance(value, list)), None)


def excluded_tools(path: str, data: dict[str, Any]) -> tuple[str, list[str]]:
    """(the key as users write it, its string entries) of the tools a file excludes."""
    applied = applied_exclusions(data, path.endswith(SETTINGS_FILE))
    if applied is None:
        return "excludeTools", []
    return ".".join(applied[0]), [entry for entry in applied[1] if isinstance(entry, str)]


def mcp_servers(data: dict[str, Any]) -> set[str] | None:
    """The names of the MCP servers a file configures; None when it has no `mcpServers`."""
    servers = data.get("mcpServers")
    return {str(name) for name in servers} if isinstance(servers, dict) else None
