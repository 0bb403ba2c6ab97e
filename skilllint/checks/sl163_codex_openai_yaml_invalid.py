"""SL163 codex-openai-yaml-invalid: a skill's `agents/openai.yaml` that Codex ignores in whole or in part.

Codex reads `<skill>/agents/openai.yaml` for the skill picker (`interface`), the tools the skill
needs (`dependencies.tools`) and its invocation policy (`policy`), and reads it fail-open
(openai/codex codex-rs/core/src/skills/loader.rs, `load_skill_metadata`): a file that is not
YAML, or whose sections have the wrong shape for its serde structs, is ignored whole with a
log line nobody sees; a value outside its limits (`display_name` over 64 characters, an icon
outside `assets/`, a `brand_color` that is not `#RRGGBB`, a tool without `type` or `value`)
is dropped alone. The skill still loads, without what the file was for.

The path, limits and sets are the runtime file's `openai_yaml` (codex.yaml, with their source),
so a target without it is silent. The file is read through `ctx.doc.fs`, so the result cache
knows the finding depends on it; findings point at the line and column in openai.yaml.
Values of a type serde may or may not coerce (a number where text is expected) are left alone.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterator, Mapping
from typing import Any

import yaml

from skilllint.checks._helpers import kind_of
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location
from skilllint.reading.yamlnodes import ParsedYaml, YamlRefused, find_node, parse_yaml
from skilllint.reading.yamlspans import mark_span, node_span

_COLOR = lazyre.compile(r"#[0-9A-Fa-f]{6}")
_WINDOWS_ABSOLUTE = lazyre.compile(r"[A-Za-z]:[\\/]|[\\/]{2}")


class _File:
    """The parsed openai.yaml with what a finding needs: its shown path and node positions."""

    def __init__(self, shown: str, text: str, parsed: ParsedYaml) -> None:
        self.shown = shown
        self.parsed = parsed
        self.lines = text.split("\n")

    def at(self, path: tuple[Any, ...], key: bool = False) -> Location:
        node = find_node(self.parsed.root, path, want_key=key)
        if node is None:
            return Location(self.shown, Span(1, 1))
        return Location(self.shown, node_span(node, 0, self._line))

    def _line(self, line: int) -> str:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""


def check(ctx: SkillContext) -> Iterator[Finding]:
    spec = ctx.target.openai_yaml
    if not spec:
        return
    doc = ctx.doc
    relative = str(spec["path"])
    full = os.path.join(os.fspath(doc.skill_dir), *relative.split("/"))
    if not doc.fs.isfile(full):
        return
    shown = posixpath.join(posixpath.dirname(doc.path), relative)
    try:
        data, _ = doc.fs.read(full)
    except OSError:
        return  # unreadable: nothing to judge (Codex logs and ignores it too)
    if len(data) > doc.fs.max_bytes:
        return
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        yield Finding(Location(shown, Span(line, 1)),
                      f"`{relative}` is not UTF-8 (byte {error.start}); Codex ignores the whole file",
                      "save it as UTF-8")
        return
    try:
        parsed, problem = _parse(text.replace("\r\n", "\n"))
    except YamlRefused:
        return  # an alias bomb or deep nesting skilllint will not build: whether Codex reads it is its limits' call
    if parsed is None:
        span, reason = problem
        yield Finding(Location(shown, span), f"`{relative}` is not valid YAML ({reason}); Codex ignores the whole file",
                      "fix the YAML; `interface`, `dependencies` and `policy` are mappings")
        return
    file = _File(shown, text, parsed)
    root = parsed.data
    if root is None:
        return
    if not isinstance(root, dict):
        yield Finding(file.at(()), f"`{relative}` is {kind_of(root)}, not a mapping; Codex ignores the whole file",
                      "write `interface:`, `dependencies:` or `policy:` at the top level")
        return
    shape = list(_shape_errors(root, spec))
    for path, message, help_text in shape:
        yield Finding(file.at(path), f"{message}; Codex ignores the whole `{relative}`", help_text)
    if shape:
        return  # nothing else is read
    yield from _value_findings(root, spec, file)


def _parse(text: str) -> tuple[ParsedYaml | None, tuple[Span, str]]:
    try:
        return parse_yaml(text), (Span(1, 1), "")
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        if error.context_mark is not None and (mark is None or mark.index >= len(text.rstrip())):
            mark = error.context_mark  # "unexpected end of stream": where the unclosed construct began
        span = mark_span(mark) if mark is not None else Span(1, 1)
        reason = ", ".join(str(part) for part in (error.context, error.problem) if part) or "syntax error"
        return None, (span, reason)
    except yaml.YAMLError as error:  # a reader error: a character YAML does not allow (a NUL byte)
        return None, (Span(1, 1), str(error).splitlines()[0] if str(error) else "not YAML")


_SHAPE_HELP = "give each section the shape Codex reads: `interface` and `policy` mappings, `dependencies.tools` a list"


def _shape_errors(root: Mapping[Any, Any], spec: Mapping[str, Any]) -> Iterator[tuple[tuple[Any, ...], str, str]]:
    """Shapes the runtime's structs cannot take: the whole file is then ignored."""
    sections: Mapping[str, str] = spec.get("sections", {})
    for dotted, shape in sorted(sections.items()):
        for path, value in _values(root, dotted):
            if value is None:
                continue
            if shape == "mapping" and not isinstance(value, dict):
                yield path, f"`{dotted}` is {kind_of(value)}, not a mapping", _SHAPE_HELP
            elif shape == "list of mappings":
                if not isinstance(value, list):
                    yield path, f"`{dotted}` is {kind_of(value)}, not a list", _SHAPE_HELP
                    continue
                for index, item in enumerate(value):
                    if not isinstance(item, dict):
                        yield (*path, index), f"`{dotted}[{index}]` is {kind_of(item)}, not a mapping", _SHAPE_HELP
    for dotted in _text_fields(spec):
        for path, value in _values(root, dotted):
            if isinstance(value, dict | list):
                yield path, f"`{_shown(path)}` is {kind_of(value)}, not text", "write one line of text"
    for dotted in spec.get("booleans", ()):
        for path, value in _values(root, dotted):
            if value is not None and not isinstance(value, bool):
                yield path, f"`{_shown(path)}` is {kind_of(value)}, not true or false", \
                    f"write `{path[-1]}: true` or `{path[-1]}: false`, unquoted"


def _value_findings(root: Mapping[Any, Any], spec: Mapping[str, Any], file: _File) -> Iterator[Finding]:
    """Values the runtime drops one by one."""
    for dotted, limit in sorted(spec.get("max_chars", {}).items()):
        for path, value in _values(root, dotted):
            if not isinstance(value, str):
                continue
            length = len(" ".join(value.split()))
            if length > limit:
                yield Finding(file.at(path),
                              f"`{_shown(path)}` is {length:,} characters; Codex ignores it over {limit:,}",
                              f"shorten it to {limit:,} characters or fewer")
    for dotted, needed in sorted(spec.get("required", {}).items()):
        for path, entries in _values(root, dotted):
            if not isinstance(entries, list):
                continue
            for index, entry in enumerate(entries):
                if not isinstance(entry, dict):
                    continue
                missing = [key for key in needed if entry.get(key) is None
                           or (isinstance(entry.get(key), str) and not entry[key].strip())]
                if missing:
                    names = " and ".join(f"`{key}`" for key in missing)
                    yield Finding(file.at((*path, index)),
                                  f"`{_shown((*path, index))}` has no {names}; Codex drops this dependency",
                                  "give every dependency a `type` (e.g. `mcp`) and a `value` (e.g. the server name)")
    folder = str(spec.get("icon_folder", "assets"))
    for dotted in spec.get("icons", ()):
        for path, value in _values(root, dotted):
            if isinstance(value, str) and value:
                problem = _icon_problem(value, folder)
                if problem:
                    yield Finding(file.at(path), f"`{_shown(path)}: {value}` {problem}; Codex ignores the icon",
                                  f"put the icon in the skill's `{folder}/` folder and write its path relative to "
                                  f"the skill, e.g. `{folder}/icon.png`")
    for dotted in spec.get("colors", ()):
        for path, value in _values(root, dotted):
            if isinstance(value, str) and value.strip() and not _COLOR.fullmatch(value.strip()):
                yield Finding(file.at(path), f"`{_shown(path)}: {value}` is not a `#RRGGBB` colour; Codex ignores it",
                              "write `#` and six hex digits, e.g. `#1F6FEB`")


def _icon_problem(value: str, folder: str) -> str | None:
    """Why the loader refuses an icon path (`resolve_asset_path`), or None."""
    if value.startswith("/") or _WINDOWS_ABSOLUTE.match(value):
        return "is an absolute path"
    parts = [part for part in value.split("/") if part not in ("", ".")]
    if ".." in parts:
        return "contains `..`"
    if not parts or parts[0] != folder:
        return f"is not under `{folder}/`"
    return None


def _text_fields(spec: Mapping[str, Any]) -> list[str]:
    return sorted({*spec.get("max_chars", {}), *spec.get("icons", ()), *spec.get("colors", ())})


def _values(root: Any, dotted: str) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every value at a dotted path, stepping into each item of a list on the way
    (`dependencies.tools.type`: the `type` of every tool)."""
    current: list[tuple[tuple[Any, ...], Any]] = [((), root)]
    keys = dotted.split(".")
    for depth, key in enumerate(keys):
        found: list[tuple[tuple[Any, ...], Any]] = []
        for path, value in current:
            items = list(enumerate(value)) if isinstance(value, list) and depth > 0 else [(None, value)]
            for index, item in items:
                base = path if index is None else (*path, index)
                if isinstance(item, dict) and key in item:
                    found.append(((*base, key), item[key]))
        current = found
    yield from current


def _shown(path: tuple[Any, ...]) -> str:
    """`dependencies.tools[0].type` for a path of keys and indexes."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return text


RULE = SkillRule(
    code="SL163",
    name="codex-openai-yaml-invalid",
    summary="A skill's agents/openai.yaml that Codex ignores in whole or in part",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
