"""The tools a skill declares, each resolved on a target: shared by the SL2xx rules.

Resolution is computed once per (document, target) and cached on the document, so the
eight rules that read it cost one pass.
"""

from __future__ import annotations

from typing import Final

from skilllint.checks._opencode import map_entries
from skilllint.document import AGENT, COMMAND, COPILOT_AGENT, COPILOT_PROMPT, OPENCODE_AGENT, SKILL, Document
from skilllint.records import FrozenRecord
from skilllint.resolve import Resolution, resolve
from skilllint.targets import Target
from skilllint.toollist import ToolEntry, tool_entries

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


DEFINITION_TOOL_FIELDS: Final = {AGENT: ("tools", "disallowedTools"), COMMAND: ("allowed-tools",),
                                 COPILOT_AGENT: ("tools",), COPILOT_PROMPT: ("tools",),
                                 OPENCODE_AGENT: ("tools", "permission")}
"""A subagent grants `tools` and removes `disallowedTools`; a slash command grants
`allowed-tools` (code.claude.com/docs/en/sub-agents, /slash-commands). A Copilot custom agent or
prompt file lists `tools` (`checks/_copilot.py`); an OpenCode agent keys tool names in its `tools`
and `permission` maps (`checks/_opencode.py`)."""
REMOVING_FIELDS: Final = frozenset({"disallowedTools"})
ALL_TOOLS: Final = {COPILOT_AGENT: "*", COPILOT_PROMPT: "*"}
"""An entry that stands for every tool (Copilot's `tools: ["*"]`), not a name to resolve."""


def tool_fields(target: Target, kind: str = SKILL) -> tuple[str, ...]:
    """The fields of a document of `kind` that name tools on `target`."""
    if kind != SKILL:
        return DEFINITION_TOOL_FIELDS[kind]
    return tuple(dict.fromkeys((*ALWAYS_RESOLVED, *target.tool_fields)))


def declared_tools(doc: Document, target: Target) -> list[DeclaredTool]:
    """Every well-formed entry of the target's tool fields, resolved on the target."""
    cache = doc.analyses.declared
    key = target.id
    if key not in cache:
        found: list[DeclaredTool] = []
        if doc.frontmatter:
            for field in tool_fields(target, doc.kind):
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
