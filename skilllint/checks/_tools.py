"""The tools a skill declares, each resolved on a target: shared by the SL2xx rules.

Resolution is computed once per (document, target) and cached on the document, so the
eight rules that read it cost one pass.
"""

from __future__ import annotations

from typing import Final

from skilllint.document import AGENT, COMMAND, SKILL, Document
from skilllint.records import FrozenRecord
from skilllint.resolve import Resolution, resolve
from skilllint.targets import Target
from skilllint.toollist import ToolEntry, tool_entries

ALWAYS_RESOLVED = ("allowed-tools",)
"""Community skills name their tools here whatever runtime they were written for."""


class DeclaredTool(FrozenRecord):
    __slots__ = ("field", "entry", "resolution")
    field: Final[str]
    entry: Final[ToolEntry]
    resolution: Final[Resolution]

    def __init__(self, field: str, entry: ToolEntry, resolution: Resolution) -> None:
        self.field = field
        self.entry = entry
        self.resolution = resolution


DEFINITION_TOOL_FIELDS: Final = {AGENT: ("tools", "disallowedTools"), COMMAND: ("allowed-tools",)}
"""A subagent grants `tools` and removes `disallowedTools`; a slash command grants
`allowed-tools` (code.claude.com/docs/en/sub-agents, /slash-commands)."""


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
                for entry in tool_entries(doc, field):
                    if entry.problem is None and entry.text:
                        found.append(DeclaredTool(field, entry, resolve(entry.text, target)))
        cache[key] = found
    return cache[key]


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
