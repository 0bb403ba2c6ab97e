"""A project's JSON files that configure an agent (a plugin's `plugin.json`, a `marketplace.json`),
read with positions.

Reading judges nothing: a file that cannot be read or parsed keeps the fact (invalid JSON at
line L, column C; a duplicate key) in `problems`, and the rule that owns the file's format
reports it in its own words. Paths the file names are probed through `fs`, as a skill's are.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from yaml.nodes import Node

from skilllint.core.model import Span
from skilllint.core.readfacts import Location, ReadFact
from skilllint.core.records import Record
from skilllint.reading.document import DEFAULT_MAX_BYTES, read_text, relative_posix
from skilllint.reading.fsview import FileSystemView
from skilllint.reading.manifests import Unusable, parse_structured, structure_problems
from skilllint.reading.yamlnodes import find_node
from skilllint.reading.yamlspans import node_span

PLUGIN = "plugin"
MARKETPLACE = "marketplace"
SETTINGS = "settings"
HOOKS = "hooks"
JSON_KINDS = {"plugin.json": PLUGIN, "marketplace.json": MARKETPLACE}
"""Claude Code reads these in a `.claude-plugin/` folder (code.claude.com/docs/en/plugins-reference,
/plugin-marketplaces)."""
PLUGIN_FOLDER = ".claude-plugin"
SETTINGS_FILES = frozenset({"settings.json", "settings.local.json"})
"""A project's Claude Code settings, in `.claude/` (code.claude.com/docs/en/settings): permission
rules and hooks."""
HOOKS_FILE = "hooks.json"
"""A plugin's hooks, in `hooks/` beside `.claude-plugin/` (code.claude.com/docs/en/plugins-reference)."""
GEMINI_EXTENSION = "gemini-extension"
GEMINI_SETTINGS = "gemini-settings"
GEMINI_FILES = {"gemini-extension.json": GEMINI_EXTENSION}
"""Gemini CLI reads an extension's `gemini-extension.json` at its root (google-gemini/gemini-cli
docs/extensions/reference.md) and a project's `settings.json` in `.gemini/`
(docs/get-started/configuration.md): excluded tools and MCP servers."""
GEMINI_FOLDER = ".gemini"
MCP = "mcp"
MCP_FILE = ".mcp.json"
"""A project's (or a plugin's) MCP servers for Claude Code (code.claude.com/docs/en/mcp): commands,
URLs and the environment they get, where a pasted token is as published as in a skill."""
GEMINI_KINDS = frozenset({GEMINI_EXTENSION, GEMINI_SETTINGS})
ALL_KINDS = (PLUGIN, MARKETPLACE, SETTINGS, HOOKS, GEMINI_EXTENSION, GEMINI_SETTINGS, MCP)


class JsonFile(Record):
    """One JSON file: its data (None when unusable), its parse tree for positions, its facts."""

    __slots__ = ("path", "file", "kind", "text", "data", "root", "problems", "fs")
    path: str  # POSIX, relative to the working directory
    file: Path
    kind: str  # one of ALL_KINDS
    text: str | None  # as read, CRLF made LF (what the rules that read every character scan)
    data: Any
    root: Node | None
    problems: list[ReadFact]
    fs: FileSystemView

    def __init__(self, path: str, file: Path, kind: str, max_bytes: int = DEFAULT_MAX_BYTES, *,
                 digests: bool = False, overlay: Mapping[str, bytes] | None = None) -> None:
        self.path = path
        self.file = file
        self.kind = kind
        self.text = None
        self.data = None
        self.root = None
        self.problems = []
        self.fs = FileSystemView(max_bytes, digests=digests, overlay=overlay)  # digests: for a run record

    @property
    def base(self) -> Path:
        """The folder its relative paths start from: the plugin's (or marketplace's) root,
        above `.claude-plugin/` (or `hooks/`); the project, above `.claude/`."""
        parent = self.file.parent
        return parent.parent if parent.name in (PLUGIN_FOLDER, ".claude", "hooks") else parent

    def locate(self, path: tuple[Any, ...], *, key: bool = False) -> Location:
        """Where the value (or with `key`, the key) at `path` is written; the file's start when
        there is no parse tree to ask."""
        node = find_node(self.root, path, want_key=key) if self.root is not None else None
        if node is None:
            return Location(self.path, self._near(path))
        return Location(self.path, node_span(node))

    def _near(self, path: tuple[Any, ...]) -> Span:
        """Where the last key of `path` is written, found in the text, when the parse tree cannot
        say (a file whose escapes the position-keeping parser refuses, `\\udb40\\udc49`): better the
        key's line than the file's start. The file's start when the key is not there either."""
        keys = [step for step in path if isinstance(step, str)]
        if not keys or self.text is None:
            return Span(1, 1)
        at = self.text.find(f'"{keys[-1]}"')
        if at < 0:
            return Span(1, 1)
        return Span.between(self.text, at, at + len(keys[-1]) + 2)


def load_json_file(file: Path, cwd: Path, kind: str, max_bytes: int = DEFAULT_MAX_BYTES, *,
                   digests: bool = False, overlay: Mapping[str, bytes] | None = None) -> JsonFile:
    """Read one plugin, marketplace, settings or hooks file (from `overlay` when its contents are
    given there). Never raises for bad input."""
    found = JsonFile(relative_posix(file, cwd), file, kind, max_bytes, digests=digests, overlay=overlay)
    text = read_text(file, found.path, max_bytes, found.problems, found.fs)
    if text is None:
        return found
    found.text = text = text.replace("\r\n", "\n")
    try:
        parsed = parse_structured(text, found.path, json_syntax=True)
    except Unusable as error:
        found.problems.append(error.problem)
        return found
    found.data, found.root = parsed.data, parsed.root
    found.problems.extend(structure_problems(parsed, found.path))
    return found
