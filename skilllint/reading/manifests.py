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
from pathlib import Path
from typing import Any, Final

import yaml

from skilllint.core import lazyre
from skilllint.core.model import Span
from skilllint.core.readfacts import Fact, Location, ReadFact
from skilllint.core.records import FrozenRecord, Record
from skilllint.reading.document import DEFAULT_MAX_BYTES, read_text, relative_posix
from skilllint.reading.fsview import FileSystemView
from skilllint.reading.yamlnodes import (
    MAX_DEPTH,
    ParsedYaml,
    YamlRefused,
    check_depth,
    describe_kind,
    find_node,
    parse_yaml,
)
from skilllint.reading.yamlspans import mark_span, node_span


class ManifestName(FrozenRecord):
    """A name as written in a manifest: the tool's own name, an alias or a deprecated alias."""

    __slots__ = ("text", "location", "role")
    text: Final[str]
    location: Final[Location]
    role: Final[str]  # "name", "alias" or "deprecated-alias"

    def __init__(self, text: str, location: Location, role: str) -> None:
        self.text = text
        self.location = location
        self.role = role


class ManifestTool(Record):
    __slots__ = ("name", "aliases", "deprecated_aliases", "capability", "status")
    name: ManifestName
    aliases: list[ManifestName]
    deprecated_aliases: list[ManifestName]
    capability: str
    status: str

    def __init__(self, name: ManifestName, aliases: list[ManifestName] | None = None,
                 deprecated_aliases: list[ManifestName] | None = None, capability: str = "other",
                 status: str = "default") -> None:
        self.name = name
        self.aliases = [] if aliases is None else aliases
        self.deprecated_aliases = [] if deprecated_aliases is None else deprecated_aliases
        self.capability = capability
        self.status = status

    def all_names(self) -> list[ManifestName]:
        return [self.name, *self.aliases, *self.deprecated_aliases]


class Manifest(Record):
    __slots__ = ("path", "shape", "tools", "problems")
    path: str
    shape: str  # skilllint, openai, anthropic, mcp
    tools: list[ManifestTool]
    problems: list[ReadFact]

    def __init__(self, path: str, shape: str = "unknown", tools: list[ManifestTool] | None = None,
                 problems: list[ReadFact] | None = None) -> None:
        self.path = path
        self.shape = shape
        self.tools = [] if tools is None else tools
        self.problems = [] if problems is None else problems


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
            ReadFact(Fact.MANIFEST_SHAPE, path, Span(1, 1), "not a tool manifest: expected a `tools` list of objects "
                     "with `name` (skilllint, OpenAI, Anthropic or MCP tools/list form)")
        )
        return manifest
    manifest.shape, tools, base = found
    for index, item in enumerate(tools):
        where = (*base, index)
        if not isinstance(item, dict):  # a runtime cannot offer it: said, or the manifest read as clean
            manifest.problems.append(ReadFact(Fact.MANIFEST_ENTRY, path, locate(where),
                                              f"tool entry is {describe_kind(item)}, not an object with `name`; "
                                              "skipped"))
            continue
        name_path = _name_path(manifest.shape, item)
        raw: Any = item
        for step in name_path:
            raw = raw.get(step) if isinstance(raw, dict) else None
        if not isinstance(raw, str):
            if raw is not None:
                manifest.problems.append(_not_a_string("tool `name`", raw, path, locate((*where, *name_path))))
            else:
                keys = ", ".join(f"`{key}`" for key in list(item)[:5]) or "none"
                manifest.problems.append(ReadFact(Fact.MANIFEST_ENTRY, path, locate(where),
                                                  f"tool entry has no `{'.'.join(name_path)}` (its keys: {keys}); "
                                                  "skipped"))
            continue
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
                    span = locate((*where, key, alias_index))
                    if isinstance(alias, str):
                        bucket.append(ManifestName(alias, Location(path, span), role))
                    else:
                        manifest.problems.append(_not_a_string(f"`{key}` entry", alias, path, span))
        manifest.tools.append(tool)
    return manifest


def _not_a_string(what: str, value: Any, path: str, span: Span) -> ReadFact:
    """A name that is a number, a list... : the runtime cannot offer it to the model."""
    return ReadFact(Fact.MANIFEST_VALUE, path, span, f"{what} is {describe_kind(value)}, not a string; skipped")


def load_manifest(file: Path, cwd: Path, max_bytes: int = DEFAULT_MAX_BYTES, fs: FileSystemView | None = None
                  ) -> Manifest:
    """Read one manifest file (YAML or JSON). Never raises for bad input. Read through `fs` when
    given (a run that records what it read)."""
    rel = relative_posix(file, cwd)
    problems: list[ReadFact] = []
    text = read_text(file, rel, max_bytes, problems, fs)
    if text is None:
        return Manifest(rel, problems=problems)
    text = text.replace("\r\n", "\n")
    try:
        parsed = parse_structured(text, rel, json_syntax=file.suffix == ".json")
    except Unusable as error:
        return Manifest(rel, problems=[*problems, error.problem])

    def locate(path: tuple[Any, ...]) -> Span:
        """Where the value at `path` is written; a value over several lines (a block name, a map
        where a name should be) at its start."""
        node = find_node(parsed.root, path)
        return Span(1, 1) if node is None else node_span(node)

    manifest = parse_manifest(parsed.data, rel, locate)
    manifest.problems[:0] = [*problems, *structure_problems(parsed, rel)]
    return manifest


class Unusable(Exception):
    """The manifest could not be parsed at all; carries the one problem to report."""

    def __init__(self, problem: ReadFact) -> None:
        super().__init__(problem.detail)
        self.problem = problem


def parse_structured(text: str, rel: str, *, json_syntax: bool) -> ParsedYaml:
    """Parse a manifest with positions; raise Unusable with the problem when it cannot be.

    Depth is checked first, before either parser sees the text: both recurse per level.
    JSON syntax errors are reported with the JSON parser's own words and position, then
    the YAML composer (JSON is YAML) gives every name its line and column.
    """
    try:
        check_depth(text)
        if json_syntax:
            data = json.loads(text, parse_int=_keep, parse_float=_keep, parse_constant=_reject)  # numbers stay text
            try:
                return parse_yaml(text)
            except yaml.YAMLError:  # valid JSON that YAML 1.1 rejects (tab indentation): no positions
                return ParsedYaml(data, None)
        return parse_yaml(text)
    except YamlRefused as error:
        message = str(error).replace("YAML ", "JSON ", 1) if json_syntax else str(error)
        problem = ReadFact(Fact.YAML_REFUSED, rel, mark_span(error), message)
    except json.JSONDecodeError as error:
        problem = ReadFact(Fact.JSON_SYNTAX, rel, Span(error.lineno, error.colno), f"invalid JSON: {error.msg}")
    except _Constant as error:
        problem = ReadFact(Fact.JSON_SYNTAX, rel, _constant_span(text),
                           f"invalid JSON: `{error}` is no JSON value (JSON.parse, which the runtimes use, rejects it)")
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        span = mark_span(mark) if mark else Span(1, 1)
        problem = ReadFact(Fact.YAML_SYNTAX, rel, span, f"invalid YAML: {error.problem}")
    except yaml.YAMLError as error:
        problem = ReadFact(Fact.YAML_SYNTAX, rel, Span(1, 1), f"invalid YAML: {error}")
    except RecursionError:
        problem = ReadFact(Fact.YAML_REFUSED, rel, Span(1, 1), f"nests too deeply to parse (over {MAX_DEPTH} levels)")
    raise Unusable(problem)


def _keep(text: str) -> str:
    return text


class _Constant(ValueError):
    """`NaN`, `Infinity` or `-Infinity`: Python's JSON parser takes them, JSON (RFC 8259) does not."""


def _reject(text: str) -> str:
    raise _Constant(text)


_CONSTANT = lazyre.compile(r'"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)')
"""A string (skipped whole) or one of the constants: the first constant outside a string is the one
the parser met first."""


def _constant_span(text: str) -> Span:
    for match in _CONSTANT.finditer(text):
        if match.group(1):
            return Span.between(text, *match.span(1))
    return Span(1, 1)


def structure_problems(parsed: ParsedYaml, rel: str) -> list[ReadFact]:
    """Duplicate keys (JSON and YAML parsers silently keep the last one) and values that do
    not fit their YAML tags, at their positions.

    Both are points (`mark_span`), where the frontmatter gives a one-line tag fault its end
    (`region_span` in `document`): manifests have always reported points, and a finding's span
    is output, so the two stay as they are until that is decided on its own."""
    found = []
    for item in parsed.nonportable:
        if item.feature == "duplicate-key":
            span = mark_span(item)
            found.append(ReadFact(Fact.DUPLICATE_KEY, rel, span,
                                  f"duplicate key `{item.detail}`: parsers keep only the last value"))
    for fault in parsed.faults:
        found.append(ReadFact(Fact.YAML_TAG, rel, mark_span(fault), fault.message))
    return found


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
