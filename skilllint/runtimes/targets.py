"""Targets: one agent runtime as the linter sees it (DESIGN "Targets").

A target is loaded from `skilllint/runtimes/<id>.yaml` (validated against
`schemas/runtime.schema.json`) or defined in the user's config with `extends:`. It knows
which frontmatter dialect the runtime accepts, how severe some rules are there, which
frontmatter keys list tools, and its tool table with aliases. It judges nothing itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, Final

from skilllint.core.records import FrozenRecord, replace
from skilllint.core.resources import RUNTIMES_DIR

DEFAULT_TARGET = "agentskills"
MAX_EXTENDS = 64
"""Longest `extends` chain followed: real ones are 1-3 long; a longer one is a config error."""


class TargetError(ValueError):
    """A runtime definition that cannot be used (unknown parent, cycle, bad shape)."""


class Tool(FrozenRecord):
    """One tool of a runtime, under its canonical name."""

    __slots__ = ("name", "capability", "status", "aliases", "deprecated_aliases", "specifier", "summary", "note")
    name: Final[str]
    capability: Final[str]
    status: Final[str]
    aliases: Final[tuple[str, ...]]
    deprecated_aliases: Final[tuple[str, ...]]
    specifier: Final[str]
    summary: Final[str]
    note: Final[str]

    def __init__(self, name: str, capability: str = "other", status: str = "default", aliases: tuple[str, ...] = (),
                 deprecated_aliases: tuple[str, ...] = (), specifier: str = "none", summary: str = "",
                 note: str = "") -> None:
        self.name = name
        self.capability = capability
        self.status = status
        self.aliases = aliases
        self.deprecated_aliases = deprecated_aliases
        self.specifier = specifier
        self.summary = summary
        self.note = note


class Target(FrozenRecord, internal=("memo",)):
    """A runtime's facts. `tools is None` means "every known runtime's tools" (agentskills)."""

    __slots__ = ("id", "display_name", "source", "observed", "confidence", "case_sensitive", "name_pattern",
                 "alias_exposure", "mcp_pattern", "permission_rules", "dialect", "unknown_fields", "yaml_parser",
                 "severity", "tool_fields", "tools", "notes", "extends", "skill_dirs", "plugin_markers",
                 "project_skill_dirs", "skill_depth", "listing_chars", "metadata_limits", "metadata_maps",
                 "openai_yaml", "memo")
    id: Final[str]
    display_name: Final[str]
    source: Final[str]
    observed: Final[str]
    confidence: Final[str]
    case_sensitive: Final[bool]
    name_pattern: Final[str]
    alias_exposure: Final[str]
    mcp_pattern: Final[str | None]
    permission_rules: Final[bool]
    dialect: Final[str]
    unknown_fields: Final[str]
    yaml_parser: Final[str]  # "strict": StrictYAML (skills-ref) rejects flow style, anchors, tags (SL102)
    severity: Final[Mapping[str, str]]
    tool_fields: Final[Mapping[str, str]]
    tools: Final[tuple[Tool, ...] | None]
    notes: Final[str]
    extends: Final[str | None]
    skill_dirs: Final[tuple[str, ...]]  # project skills folders named after the runtime: default target there
    plugin_markers: Final[tuple[str, ...]]  # files marking a plugin of the runtime: default target inside
    project_skill_dirs: Final[tuple[str, ...]]  # every project skills folder it loads: what collides (SL400)
    skill_depth: Final[int | None]  # folders below a skills folder where it finds SKILL.md; None: any
    listing_chars: Final[int | None]  # description (+ when_to_use) characters its skill listing shows
    metadata_limits: Final[Mapping[str, int]]  # metadata key -> most characters loaded
    metadata_maps: Final[tuple[str, ...]]  # `metadata` keys the runtime documents as maps (`openclaw`)
    openai_yaml: Final[Mapping[str, Any]]  # Codex agents/openai.yaml rules (SL163)
    memo: object  # what resolution derives from the target (`resolve.TargetMemo`), made on first use

    def __init__(self, id: str, display_name: str = "", source: str = "", observed: str = "", confidence: str = "high",
                 case_sensitive: bool = True, name_pattern: str = r"^[a-zA-Z0-9_-]{1,64}$", alias_exposure: str = "api",
                 mcp_pattern: str | None = None, permission_rules: bool = False, dialect: str = "agentskills",
                 unknown_fields: str = "error", yaml_parser: str = "yaml", severity: Mapping[str, str] | None = None,
                 tool_fields: Mapping[str, str] | None = None, tools: tuple[Tool, ...] | None = (), notes: str = "",
                 extends: str | None = None, skill_dirs: tuple[str, ...] = (), plugin_markers: tuple[str, ...] = (),
                 project_skill_dirs: tuple[str, ...] = (), skill_depth: int | None = None,
                 listing_chars: int | None = None, metadata_limits: Mapping[str, int] | None = None,
                 metadata_maps: tuple[str, ...] = (), openai_yaml: Mapping[str, Any] | None = None) -> None:
        self.id = id
        self.display_name = display_name
        self.source = source
        self.observed = observed
        self.confidence = confidence
        self.case_sensitive = case_sensitive
        self.name_pattern = name_pattern
        self.alias_exposure = alias_exposure
        self.mcp_pattern = mcp_pattern
        self.permission_rules = permission_rules
        self.dialect = dialect
        self.unknown_fields = unknown_fields
        self.yaml_parser = yaml_parser
        self.severity = {} if severity is None else severity
        self.tool_fields = {} if tool_fields is None else tool_fields
        self.tools = tools
        self.notes = notes
        self.extends = extends
        self.skill_dirs = skill_dirs
        self.plugin_markers = plugin_markers
        self.project_skill_dirs = project_skill_dirs
        self.skill_depth = skill_depth
        self.listing_chars = listing_chars
        self.metadata_limits = {} if metadata_limits is None else metadata_limits
        self.metadata_maps = metadata_maps
        self.openai_yaml = {} if openai_yaml is None else openai_yaml
        self.memo = None

    @property
    def has_tool_table(self) -> bool:
        return self.tools is not None

    def rule_severity(self, code: str) -> str | None:
        """This runtime's severity for a rule (`error`/`warning`/`info`/`off`), if it sets one."""
        return self.severity.get(code)


def _tool_from_dict(raw: Mapping[str, Any]) -> Tool:
    return Tool(
        name=str(raw["name"]),
        capability=str(raw.get("capability", "other")),
        status=str(raw.get("status", "default")),
        aliases=tuple(str(a) for a in raw.get("aliases") or ()),
        deprecated_aliases=tuple(str(a) for a in raw.get("deprecated_aliases") or ()),
        specifier=str(raw.get("specifier", "none")),
        summary=str(raw.get("summary", "")),
        note=str(raw.get("note", "")),
    )


_SCALAR_KEYS = (
    "display_name", "source", "observed", "confidence", "case_sensitive", "name_pattern",
    "alias_exposure", "mcp_pattern", "permission_rules", "notes", "skill_depth", "listing_chars",
)


def target_from_dict(raw: Mapping[str, Any], parent: Target | None = None) -> Target:
    """Build a target from its YAML/config form, on top of `parent` when it extends one."""
    base = parent or Target(id=str(raw["id"]))
    changes: dict[str, Any] = {"id": str(raw["id"]), "extends": raw.get("extends")}
    for key in _SCALAR_KEYS:
        if key in raw:
            changes[key] = raw[key]
    frontmatter = raw.get("frontmatter") or {}
    if "dialect" in frontmatter:
        changes["dialect"] = frontmatter["dialect"]
    if "unknown_fields" in frontmatter:
        changes["unknown_fields"] = frontmatter["unknown_fields"]
    for key in ("skill_dirs", "plugin_markers", "metadata_maps", "project_skill_dirs"):
        if key in raw:
            changes[key] = tuple(str(item) for item in raw[key] or ())
    if "yaml_parser" in frontmatter:
        changes["yaml_parser"] = frontmatter["yaml_parser"]
    if "severity" in raw:
        changes["severity"] = {**base.severity, **raw["severity"]}
    if "openai_yaml" in raw:
        changes["openai_yaml"] = dict(raw["openai_yaml"] or {})
    if "metadata_limits" in raw:
        changes["metadata_limits"] = {**base.metadata_limits, **raw["metadata_limits"]}
    if "tool_fields" in raw:
        changes["tool_fields"] = {**base.tool_fields, **raw["tool_fields"]}
    if "tools" in raw:
        if raw["tools"] is None:
            changes["tools"] = None
        else:
            own = [_tool_from_dict(t) for t in raw["tools"]]
            inherited = [] if base.tools is None or parent is None else list(base.tools)
            names = {t.name for t in own}
            changes["tools"] = tuple([t for t in inherited if t.name not in names] + own)
    target = replace(base, **changes)
    if raw.get("aliases"):
        target = with_aliases(target, raw["aliases"])
    return target


def with_aliases(target: Target, aliases: Mapping[str, str]) -> Target:
    """Add `alias -> canonical` pairs (an app's `registerTools(..., {aliases})`)."""
    if target.tools is None:
        raise TargetError(f"target `{target.id}` has no tool table to alias into")
    by_name = {t.name: t for t in target.tools}
    extra: dict[str, list[str]] = {}
    for alias, canonical in aliases.items():
        if canonical not in by_name:
            raise TargetError(
                f"alias `{alias}` of target `{target.id}` points to `{canonical}`, which is not one of its tools"
            )
        extra.setdefault(canonical, []).append(str(alias))
    tools = tuple(
        replace(t, aliases=t.aliases + tuple(extra[t.name])) if t.name in extra else t
        for t in target.tools
    )
    return replace(target, tools=tools)


COMPILED_RUNTIMES = RUNTIMES_DIR / "_builtin.json"


def parse_runtime_files() -> dict[str, dict[str, Any]]:
    """The runtime YAML files (the reviewed source of truth), parsed, keyed by id."""
    from skilllint.reading.yamlnodes import parse_yaml

    result: dict[str, dict[str, Any]] = {}
    for path in sorted(RUNTIMES_DIR.glob("*.yaml")):
        raw = parse_yaml(path.read_text(encoding="utf-8")).data
        result[str(raw["id"])] = raw
    return result


@cache
def builtin_raw() -> dict[str, dict[str, Any]]:
    """The built-in runtimes, parsed but not yet resolved, keyed by id.

    Read from `_builtin.json`, generated from the YAML files by scripts/build_runtimes.py
    (a test keeps them equal): JSON loads in under a millisecond, the YAML in 30.
    """
    import json

    with open(COMPILED_RUNTIMES, encoding="utf-8") as handle:
        raw: dict[str, dict[str, Any]] = json.load(handle)  # an object of runtime objects, as generated
    return raw


def user_parent(ident: str, spec: Mapping[str, Any]) -> str | None:
    """The runtime a user-defined one extends: its `extends`, else agentskills (unless it is it)."""
    if "extends" in spec:
        return None if spec["extends"] is None else str(spec["extends"])
    return DEFAULT_TARGET if ident != DEFAULT_TARGET else None


def extends_chain(ident: str, raw_all: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """`ident` and its ancestors, nearest first, up to the root.

    Iterative and bounded (MAX_EXTENDS), so a hostile config's 3,000-long chain costs a
    TargetError, not a RecursionError, whatever order the runtimes come in; a cycle and an
    unknown parent are TargetErrors too.
    """
    if ident not in raw_all:
        raise TargetError(f"unknown runtime `{ident}`")
    chain = [ident]
    while (parent := raw_all[chain[-1]].get("extends")) is not None:
        parent = str(parent)
        if parent not in raw_all:
            raise TargetError(f"runtime `{chain[-1]}` extends unknown runtime `{parent}`")
        if parent in chain:
            raise TargetError("runtime `extends` cycle: " + " -> ".join((*chain, parent)))
        if len(chain) > MAX_EXTENDS:
            raise TargetError(f"runtime `{ident}` extends a chain of more than {MAX_EXTENDS} runtimes")
        chain.append(parent)
    return chain


def build_targets(extra: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, Target]:
    """Resolve built-in and user-defined runtimes (following `extends`) into targets. Without
    user runtimes these are the built-in targets, built once per process."""
    if not extra:
        return dict(builtin_targets())
    raw_all: dict[str, Mapping[str, Any]] = dict(builtin_raw())
    for ident, spec in extra.items():
        raw_all[ident] = {**spec, "id": ident}
    return _build_all(raw_all)


def _build_all(raw_all: Mapping[str, Mapping[str, Any]]) -> dict[str, Target]:
    built: dict[str, Target] = {}
    for ident in raw_all:
        for link in reversed(extends_chain(ident, raw_all)):
            if link not in built:
                parent_id = raw_all[link].get("extends")
                parent = built[str(parent_id)] if parent_id is not None else None
                built[link] = target_from_dict(raw_all[link], parent)
    return built


@cache
def builtin_targets() -> dict[str, Target]:
    return _build_all(dict(builtin_raw()))


def known_ids(targets: Iterable[Target]) -> list[str]:
    return sorted(t.id for t in targets)
