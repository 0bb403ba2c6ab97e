"""The tools a skill declares, each resolved on a target: shared by the SL2xx rules.

Resolution is computed once per (document, target) and cached on the document, so the
eight rules that read it cost one pass.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from skilllint.checks._opencode import map_entries
from skilllint.core.linear import PatternError, compile_linear
from skilllint.core.records import FrozenRecord, Record
from skilllint.reading.document import AGENT, COMMAND, COPILOT_AGENT, COPILOT_PROMPT, OPENCODE_AGENT, SKILL, Document
from skilllint.runtimes.resolve import Outcome, Resolution, known_capability, resolve, tools_of_capability
from skilllint.runtimes.targets import Target, Tool, builtin_targets
from skilllint.runtimes.toollist import ToolEntry, tool_entries

ALWAYS_RESOLVED = ("allowed-tools",)
"""Community skills name their tools here whatever runtime they were written for."""


class DeclaredTool(FrozenRecord):
    __slots__ = ("field", "entry", "resolution", "grants")
    field: Final[str]
    entry: Final[ToolEntry]
    resolution: Final[Resolution]
    grants: Final[bool]  # False: the entry takes the tool away (`disallowedTools`, OpenCode's `bash: false`)

    def __init__(self, field: str, entry: ToolEntry, resolution: Resolution, grants: bool = True) -> None:
        self.field = field
        self.entry = entry
        self.resolution = resolution
        self.grants = grants

    def same_as(self) -> tuple[str, str, str | None]:
        """What two entries of one field share when they grant the same thing (SL213's duplicates, SL201's
        old name beside the new): the field, the tool the target calls it, the specifier."""
        resolution = self.resolution
        tool = resolution.tool.name if resolution.tool else resolution.name
        return self.field, tool, (resolution.specifier or "").strip() or None


DEFINITION_TOOL_FIELDS: Final = {AGENT: ("tools", "disallowedTools", "allowed-tools"), COMMAND: ("allowed-tools",),
                                 COPILOT_AGENT: ("tools",), COPILOT_PROMPT: ("tools",),
                                 OPENCODE_AGENT: ("tools", "permission")}
"""A subagent grants `tools` and removes `disallowedTools` (an `allowed-tools` written there, a skill's
field, does nothing: its names are resolved as in a field the runtime ignores); a slash command grants
`allowed-tools` (code.claude.com/docs/en/sub-agents, /slash-commands). A Copilot custom agent or
prompt file lists `tools` (`checks/_copilot.py`); an OpenCode agent keys tool names in its `tools`
and `permission` maps (`checks/_opencode.py`)."""
REMOVING_FIELDS: Final = frozenset({"disallowedTools"})
ALL_TOOLS: Final = {COPILOT_AGENT: "*", COPILOT_PROMPT: "*"}
"""An entry that stands for every tool (Copilot's `tools: ["*"]`), not a name to resolve."""


METADATA_TOOLS = "tools"
"""The tool list of a `metadata.yaml` beside SKILL.md, in the skill-packaging format that
puts a skill's name, description, version and `tools:` there (merged under the frontmatter,
`document._merge_metadata_yaml`). No runtime of ours reads it, so it grants nothing; it names
the tools the skill needs, and is resolved as `allowed-tools` is."""


class ToolsMemo(Record):
    """The tool fields resolved per target, kept on the document (`Document.derived`)."""

    __slots__ = ("declared",)
    # tool fields resolved on a target (_tools.declared_tools), by target id
    declared: dict[str, list[DeclaredTool]]

    def __init__(self) -> None:
        self.declared = {}


def tool_fields(target: Target, kind: str = SKILL) -> tuple[str, ...]:
    """The fields of a document of `kind` that name tools on `target`."""
    if kind != SKILL:
        return DEFINITION_TOOL_FIELDS[kind]
    return tuple(dict.fromkeys((*ALWAYS_RESOLVED, *target.tool_fields)))


def document_tool_fields(doc: Document, target: Target) -> tuple[str, ...]:
    """`tool_fields` of the document, and its `metadata.yaml` tool list when it has one."""
    fields = tool_fields(target, doc.kind)
    if doc.kind == SKILL and from_metadata_tools(doc, METADATA_TOOLS) and METADATA_TOOLS not in fields:
        fields = (*fields, METADATA_TOOLS)
    return fields


def from_metadata_tools(doc: Document, field: str) -> bool:
    """Whether `field` of a skill is the tool list of its `metadata.yaml`."""
    return field == METADATA_TOOLS and doc.kind == SKILL and doc.field(field) is not None \
        and doc.from_metadata_yaml(field)


def field_semantics(doc: Document, field: str, target: Target) -> str:
    """What listing a tool in `field` does on `target` (`grant`, `informational`, `ignored`):
    the runtime file's `tool_fields`; a `metadata.yaml` tool list only informs."""
    if from_metadata_tools(doc, field):
        return NEEDS
    if doc.kind == AGENT and field == "allowed-tools":
        return "ignored"  # a skill's field in a subagent: Claude Code reads `tools` there (SL132 says so)
    return target.tool_fields.get(field, "grant")


COVERED_BY: Final = {"glob": ("shell",), "grep": ("shell",), "list-dir": ("shell",), "read-file": ("shell",)}
"""Capabilities a shell covers: where a runtime lacks a grep tool its shell greps, though no alias can map
one tool's arguments onto the other's."""
IGNORED = ("ignored", "informational")
"""Tool-field semantics where the runtime neither grants nor restricts by the list."""


def ignored_why(field: str, semantics: str, target: Target, doc: Document | None = None) -> str:
    """Why an entry of a field the target does not grant by does nothing there, for a message."""
    if doc is not None and doc.kind == AGENT and field == "allowed-tools":
        return f" (a subagent does not read `{field}`)"
    if semantics == "ignored":
        return f", which ignores `{field}`"
    return f" (`{field}` grants nothing there)"


NEEDS = "needs"
"""A list of the tools a skill needs that grants none (`metadata.yaml`'s `tools`): an unknown
name there is as wrong as in a granting field, and nothing is granted to be too broad."""


def api_rejected(declared: DeclaredTool, target: Target) -> bool:
    """Whether a declared tool that `target` does not have is a name its model API rejects
    (`file.read` where names are `^[a-zA-Z0-9_-]{1,64}$`): SL207 says so, not SL200. MCP and
    Copilot notations (`mcp__s__t`, `server/tool`) and wildcards are references, not names."""
    if declared.resolution.outcome != Outcome.UNKNOWN:
        return False
    name = declared.entry.text.split("(", 1)[0].strip()
    if not name or name.startswith("mcp__") or "/" in name or "*" in name:
        return False
    matches = name_matcher(target.name_pattern)
    return matches is not None and not matches(name)


def declared_tools(doc: Document, target: Target) -> list[DeclaredTool]:
    """Every well-formed entry of the target's tool fields, resolved on the target."""
    cache = doc.derived(ToolsMemo).declared
    key = target.id
    if key not in cache:
        found: list[DeclaredTool] = []
        if doc.frontmatter:
            for field in document_tool_fields(doc, target):
                if field not in doc.frontmatter:
                    continue
                for entry, grants in field_entries(doc, field):
                    if entry.problem is None and entry.text:
                        found.append(DeclaredTool(field, entry, resolve(entry.text, target), grants))
        cache[key] = found
    return cache[key]


def field_entries(doc: Document, field: str) -> list[tuple[ToolEntry, bool]]:
    """The entries of a tool field, each with whether it grants the tool: the keys of an OpenCode
    agent's maps, the items of a list or string otherwise (but Copilot's `*`, every tool)."""
    if doc.kind == OPENCODE_AGENT:
        return map_entries(doc, field)
    every = ALL_TOOLS.get(doc.kind)
    grants = field not in REMOVING_FIELDS
    return [(entry, grants) for entry in tool_entries(doc, field) if entry.text != every]


def name_matcher(pattern: str) -> Callable[[str], bool] | None:
    """A target's `name_pattern` as a full-match test, run on RE2 (linear time: a config's pattern is
    input); None for a pattern RE2 refuses, which the config check reports as an error at load."""
    try:
        return compile_linear(pattern)
    except PatternError:
        return None


def where(target: Target) -> str:
    """How messages name the runtime: its id, as users type it after --target."""
    return target.id


def did_you_mean(resolution: Resolution) -> str | None:
    """The help line: the resolver's hint, then the best suggestions."""
    parts = []
    if resolution.hint:
        parts.append(resolution.hint)
    shown = [s for s in resolution.suggestions if not resolution.hint or f"`{s}`" not in resolution.hint]
    if shown:
        names = ", ".join(f"`{s}`" for s in shown)
        parts.append(f"did you mean {names}?" if len(shown) == 1 else f"did you mean one of {names}?")
    return "; ".join(parts) or None


def covering_tool(name: str, target: Target) -> str | None:
    """The target's tool that does what other runtimes' `name` does (the same capability, or one that
    covers it: a patch tool writes files, a shell greps), or None: the target cannot do it, or nobody
    knows what `name` does (an application's own tool)."""
    if target.tools is None:
        return None
    capability = known_capability(name, target.id)
    if capability is None:
        return None
    for wanted in (capability, *WRITES_WITH.get(capability, ()), *COVERED_BY.get(capability, ())):
        tools = usual_tools(target, wanted)
        if tools:
            return tools[0].name
    return None


USUAL: Final = frozenset({"default", "conditional"})
"""Tool statuses a usual install offers: an experimental tool behind a flag (Codex's `read_file`) does
no job on a default install, and is no alias to recommend."""


WORKFLOWS: Final = frozenset({"subagent", "shell-session", "plan-mode", "notebook", "memory", "browser", "lsp",
                              "mcp"})
"""Capabilities a runtime may split over several tools that work together (spawn, then wait; create, then
update): where it has more than one, none of them stands in for another runtime's single tool."""


def stand_in(target: Target, capability: str) -> tuple[Tool | None, str]:
    """The target's tool a name of `capability` should be aliased to, or None and why there is none: no
    tool of that capability on a usual install, or a job the target splits over several tools."""
    tools = usual_tools(target, capability)
    if not tools:
        return None, f"no tool of this capability in {target.id}"
    if capability in WORKFLOWS and len(tools) > 1:
        listed = ", ".join(f"`{tool.name}`" for tool in tools[:5]) + (", ..." if len(tools) > 5 else "")
        return None, f"{target.id} does that job with several tools ({listed}): no single alias stands in for it"
    return tools[0], ""


def usual_tools(target: Target, capability: str) -> tuple[Tool, ...]:
    """The target's tools of `capability` that a usual install offers, the most available first."""
    return tuple(tool for tool in tools_of_capability(target, capability) if tool.status in USUAL)


def covering_known(name: str, target: Target) -> str | None:
    """The capability other runtimes give `name`, when `target` has a tool table (None for a name nobody
    knows: a typo or an application's own tool, whose job cannot be told)."""
    return None if target.tools is None else known_capability(name, target.id)


WRITES_WITH: Final = {"write-file": ("edit-file",)}
"""A capability another tool covers with the same kind of call: a patch tool creates files (Codex's
`apply_patch`). Unlike `COVERED_BY`, an instruction may still name the first: only a need is met."""


def alias_help(name: str, target: Target) -> str | None:
    """The fix that keeps a skill portable when `target` lacks the tool `name` is for: offer the name on
    the runtime as an alias of its own tool of that capability, not a rename in the skill, which would
    break the runtime it was written for. Worded for the runtime's alias mechanism: SISU's
    `registerTools(tools, {aliases})` (`alias_exposure: rename`), a configured target's `aliases:`, and
    for a built-in product (Claude Code, Codex...), which takes no aliases, the wording that works on all."""
    if target.tools is None:
        return None
    capability = known_capability(name, target.id)
    if capability is None:
        return None
    stand, _ = stand_in(target, capability)
    if stand is None and usual_tools(target, capability):  # a job split over several tools (listed before)
        return (f"no single alias closes this gap: {where(target)} splits that job over several tools; say what "
                "to do rather than which runtime's tool does it")
    if stand is None:
        covering = [tool for other in COVERED_BY.get(capability, ()) for tool in usual_tools(target, other)]
        if covering:
            return (f"no alias closes this gap (a {covering[0].capability} tool takes other arguments): say what to "
                    f"do, which `{covering[0].name}` can, rather than which runtime's tool does it")
        return ("no alias closes this gap (an app that adds a tool of that capability declares it in a target's "
                "`tools:` in .skilllint.yaml)")
    tool = stand.name
    declared = (f"`aliases: {{{name}: {tool}}}` on a target that `extends: {where(target)}`"
                if target.id in builtin_targets() else f"`{name}: {tool}` in the `aliases:` of `{where(target)}`")
    if target.alias_exposure == "rename":
        return (f"keep `{name}` and alias it in the app: "
                f"`registerTools(tools, {{ aliases: {{ {tool}: \"{name}\" }} }})` (for skilllint, {declared})")
    if target.id not in builtin_targets():
        return f"keep `{name}` and offer it as an alias of `{tool}` in the app ({declared}, `alias_exposure: api`)"
    return (f"{where(target)} takes no aliases: an app built on it can offer `{name}` as `{tool}` ({declared}, "
            f"`alias_exposure: api`); for {where(target)} itself, say what to do rather than which runtime's tool "
            "does it")


def explain_resolution(name: str, target: Target) -> tuple[bool, list[str]]:
    """Whether `name` resolves on `target`, and how, in the lines `skilllint resolve` prints (the
    language server's hover shows the same): the outcome, then indented details (where the name is
    known, a specifier's problem, what to write instead)."""
    resolution = resolve(name, target)
    canonical = f" -> `{resolution.tool.name}`" if resolution.tool and resolution.resolved else ""
    via = f" via `{resolution.via}`" if resolution.via else ""
    usable = resolution.resolved and resolution.specifier_problem is None  # a malformed rule matches nothing (SL205)
    status = "ok" if usable else "FAIL"
    lines = [f"{target.id}: `{name}`: {resolution.outcome.value}{canonical}{via} [{status}]"]
    if resolution.runtime_ids and target.tools is None:
        lines.append(f"    known in: {', '.join(resolution.runtime_ids)}")
    if resolution.specifier_problem:
        lines.append(f"    specifier: {resolution.specifier_problem}")
    help_text = did_you_mean(resolution)
    if help_text and resolution.outcome.value != "exact":
        lines.append(f"    {help_text}")
    return usable, lines
