"""Tool manifests: a runtime's or an app's tools with names and aliases, told apart by shape.

Accepted forms (DESIGN "What it checks"):
- ours (YAML or JSON): `{tools: [{name, aliases?, deprecated_aliases?, capability?, ...}]}`
  or a bare list of such tools;
- an OpenAI `tools` array: `[{type: function, function: {name, ...}}]` (Chat Completions) or
  `[{type: function, name, ...}]` (Responses), bare or under `tools`;
- an Anthropic `tools` array: `[{name, input_schema, ...}]`;
- an MCP `tools/list` result: `{tools: [{name, inputSchema, ...}]}`, also inside a JSON-RPC
  response (`{result: {tools: [...]}}`).
JSON is parsed with the YAML composer too, so every name keeps its line and column. Reading
judges nothing: problems (unreadable, invalid, unknown shape) are recorded, not raised.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from skilllint.document import DEFAULT_MAX_BYTES, Location, ReadProblem, read_text, relative_posix
from skilllint.model import Span
from skilllint.yamlnodes import YamlRefused, find_node, parse_yaml


@dataclass(frozen=True, slots=True)
class ManifestName:
    """A name as written in a manifest: the tool's own name, an alias or a deprecated alias."""

    text: str
    location: Location
    role: str  # "name", "alias" or "deprecated-alias"


@dataclass
class ManifestTool:
    name: ManifestName
    aliases: list[ManifestName] = field(default_factory=list)
    deprecated_aliases: list[ManifestName] = field(default_factory=list)
    capability: str = "other"
    status: str = "default"

    def all_names(self) -> list[ManifestName]:
        return [self.name, *self.aliases, *self.deprecated_aliases]


@dataclass
class Manifest:
    path: str
    shape: str = "unknown"  # skilllint, openai, anthropic, mcp
    tools: list[ManifestTool] = field(default_factory=list)
    problems: list[ReadProblem] = field(default_factory=list)


def _tool_list(data: Any) -> tuple[str, list[Any], tuple[Any, ...]] | None:
    """Find the list of tools and the path to it; None when the shape is not a manifest."""
    if isinstance(data, dict):
        if isinstance(data.get("result"), dict) and isinstance(data["result"].get("tools"), list):
            return "mcp", data["result"]["tools"], ("result", "tools")
        if isinstance(data.get("tools"), list):
            return _shape(data["tools"]), data["tools"], ("tools",)
        return None
    if isinstance(data, list):
        return _shape(data), data, ()
    return None


def _shape(tools: list[Any]) -> str:
    first = next((t for t in tools if isinstance(t, dict)), {})
    if first.get("type") == "function" or "function" in first:
        return "openai"
    if "input_schema" in first:
        return "anthropic"
    if "inputSchema" in first:
        return "mcp"
    return "skilllint"


def _name_path(shape: str, item: dict[str, Any]) -> tuple[str, ...]:
    if shape == "openai" and isinstance(item.get("function"), dict):
        return ("function", "name")
    return ("name",)


def parse_manifest(data: Any, path: str, locate: Any) -> Manifest:
    """Tools out of parsed manifest data; `locate(path_tuple)` gives a Span for a data path."""
    manifest = Manifest(path)
    found = _tool_list(data)
    if found is None:
        manifest.problems.append(
            ReadProblem("SL101", path, Span(1, 1), "not a tool manifest: expected a `tools` list of objects "
                        "with `name` (skilllint, OpenAI, Anthropic or MCP tools/list form)")
        )
        return manifest
    manifest.shape, tools, base = found
    for index, item in enumerate(tools):
        if not isinstance(item, dict):
            continue
        name_path = _name_path(manifest.shape, item)
        raw: Any = item
        for step in name_path:
            raw = raw.get(step) if isinstance(raw, dict) else None
        if not isinstance(raw, str):
            continue
        where = (*base, index)
        tool = ManifestTool(
            ManifestName(raw, Location(path, locate((*where, *name_path))), "name"),
            capability=str(item.get("capability", "other")),
            status=str(item.get("status", "default")),
        )
        for key, role, bucket in (("aliases", "alias", tool.aliases),
                                  ("deprecated_aliases", "deprecated-alias", tool.deprecated_aliases)):
            values = item.get(key)
            if isinstance(values, list):
                for alias_index, alias in enumerate(values):
                    if isinstance(alias, str):
                        bucket.append(ManifestName(alias, Location(path, locate((*where, key, alias_index))), role))
        manifest.tools.append(tool)
    return manifest


def load_manifest(file: Path, cwd: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> Manifest:
    """Read one manifest file (YAML or JSON). Never raises for bad input."""
    rel = relative_posix(file, cwd)
    problems: list[ReadProblem] = []
    text = read_text(file, rel, max_bytes, problems)
    if text is None:
        return Manifest(rel, problems=problems)
    text = text.replace("\r\n", "\n")
    if file.suffix == ".json":
        try:
            json.loads(text)
        except json.JSONDecodeError as error:
            return Manifest(rel, problems=[
                ReadProblem("SL101", rel, Span(error.lineno, error.colno), f"invalid JSON: {error.msg}")
            ])
    try:
        parsed = parse_yaml(text)
    except YamlRefused as error:
        return Manifest(rel, problems=[ReadProblem("SL101", rel, Span(error.line + 1, error.column + 1), str(error))])
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        span = Span(mark.line + 1, mark.column + 1) if mark else Span(1, 1)
        return Manifest(rel, problems=[ReadProblem("SL101", rel, span, f"invalid YAML: {error.problem}")])
    except yaml.YAMLError as error:
        return Manifest(rel, problems=[ReadProblem("SL101", rel, Span(1, 1), f"invalid YAML: {error}")])

    def locate(path: tuple[Any, ...]) -> Span:
        node = find_node(parsed.root, path)
        if node is None:
            return Span(1, 1)
        start, end = node.start_mark, node.end_mark
        if start.line == end.line:
            return Span(start.line + 1, start.column + 1, end.line + 1, end.column + 1)
        return Span(start.line + 1, start.column + 1)

    manifest = parse_manifest(parsed.data, rel, locate)
    manifest.problems[:0] = problems
    return manifest


def manifest_tools_as_runtime(manifest: Manifest) -> list[dict[str, Any]]:
    """The manifest's tools in the runtime-file form, for `tools_from` in a user target."""
    return [
        {
            "name": tool.name.text,
            "capability": tool.capability,
            "status": tool.status,
            "aliases": [a.text for a in tool.aliases],
            "deprecated_aliases": [a.text for a in tool.deprecated_aliases],
        }
        for tool in manifest.tools
    ]
