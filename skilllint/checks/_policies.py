"""Tool policies (config `policies`): which entries of a policy a declared tool matches.

An entry is a tool name (`Bash`: the whole tool, whatever specifier the skill grants it with),
a `Tool(specifier)` rule (that grant alone, written alike), an MCP prefix (`mcp__github`,
`mcp__github__*`) or a group: `group:<capability>` for every capability a runtime file gives
its tools (`group:web-fetch`), the broader built-in groups below, or a group of the config's
own (`groups:`), listed by name.
"""

from __future__ import annotations

from collections.abc import Mapping

from skilllint.checks._tools import DeclaredTool
from skilllint.runtimes.resolve import resolve
from skilllint.runtimes.targets import Target

BUILTIN_GROUPS: Mapping[str, frozenset[str]] = {
    "shell": frozenset({"shell", "shell-session"}),
    "read": frozenset({"read-file", "list-dir", "glob", "grep", "semantic-search"}),
    "write": frozenset({"write-file", "edit-file", "notebook"}),
    "web": frozenset({"web-fetch", "web-search", "browser"}),
    "mcp": frozenset({"mcp"}),
}
"""Groups by capability (`schemas/runtime.schema.json` lists the capabilities)."""
GROUP = "group:"


def known_group(name: str, capabilities: frozenset[str], own: Mapping[str, tuple[str, ...]]) -> bool:
    return name in BUILTIN_GROUPS or name in capabilities or name in own


def matches(entry: str, declared: DeclaredTool, target: Target, own: Mapping[str, tuple[str, ...]]) -> bool:
    """Whether the policy entry covers the declared tool."""
    text = entry.strip()
    written = declared.entry.text
    if text.startswith(GROUP):
        group = text[len(GROUP):]
        if group in own:
            return any(matches(member, declared, target, {}) for member in own[group])
        capability = "mcp" if written.startswith("mcp__") else (
            declared.resolution.tool.capability if declared.resolution.tool is not None else None)
        return capability is not None and capability in BUILTIN_GROUPS.get(group, frozenset({group}))
    if text.startswith("mcp__"):
        prefix = text.removesuffix("*").removesuffix("__")
        return written == prefix or written.startswith(prefix + "__")
    rule = resolve(text, target)
    granted = declared.resolution
    if rule.tool is None or granted.tool is None:  # tools no runtime knows: compare as written
        return text.split("(", 1)[0].strip() == written.split("(", 1)[0].strip() and (
            "(" not in text or text == written)
    if rule.tool.name != granted.tool.name:
        return False
    specifier = (rule.specifier or "").strip()
    return specifier in ("", "*") or (granted.specifier or "").strip() == specifier


class RuleIndex:
    """The first of a list of entries that covers a declared tool, as `matches` tried in order would
    find it, in time linear in the tool's name rather than in the list: a project's settings with
    25,000 deny rules against a skill granting 2,000 tools took past the file's budget (50 million
    comparisons). Entries are filed by what `matches` compares them on: the MCP prefix, the resolved
    tool and specifier, or the name and text as written; groups (few) are tried in order."""

    __slots__ = ("target", "own", "groups", "mcp", "whole_tool", "tool_spec", "written_whole", "written_exact",
                 "unknown_whole", "unknown_exact")

    def __init__(self, entries: list[str], target: Target, own: Mapping[str, tuple[str, ...]]) -> None:
        self.target = target
        self.own = own
        self.groups: list[tuple[int, str]] = []
        self.mcp: dict[str, int] = {}
        self.whole_tool: dict[str, int] = {}  # resolved tool name -> first rule with no or `*` specifier
        self.tool_spec: dict[tuple[str, str], int] = {}
        self.written_whole: dict[str, int] = {}  # every rule without `(`, by its name (for unknown grants)
        self.written_exact: dict[str, int] = {}  # every rule, by its text (for unknown grants)
        self.unknown_whole: dict[str, int] = {}  # the same, of rules no runtime knows (for known grants)
        self.unknown_exact: dict[str, int] = {}
        for index, entry in enumerate(entries):
            text = entry.strip()
            if text.startswith(GROUP):
                self.groups.append((index, entry))
                continue
            if text.startswith("mcp__"):
                self.mcp.setdefault(text.removesuffix("*").removesuffix("__"), index)
                continue
            whole = "(" not in text
            name = text.split("(", 1)[0].strip()
            if whole:
                self.written_whole.setdefault(name, index)
            self.written_exact.setdefault(text, index)
            rule = resolve(text, target)
            if rule.tool is None:
                if whole:
                    self.unknown_whole.setdefault(name, index)
                self.unknown_exact.setdefault(text, index)
                continue
            specifier = (rule.specifier or "").strip()
            if specifier in ("", "*"):
                self.whole_tool.setdefault(rule.tool.name, index)
            else:
                self.tool_spec.setdefault((rule.tool.name, specifier), index)

    def first(self, declared: DeclaredTool) -> int | None:
        """The index of the first entry that covers `declared`, None when none does."""
        written = declared.entry.text
        found: list[int] = []
        for index, entry in self.groups:
            if matches(entry, declared, self.target, self.own):
                found.append(index)
                break
        if self.mcp:  # `matches`: the written name is the prefix, or starts with the prefix and `__`
            found += [self.mcp[written[:cut]] for cut in _double_underscores(written) if written[:cut] in self.mcp]
            if written in self.mcp:
                found.append(self.mcp[written])
        name = written.split("(", 1)[0].strip()
        granted = declared.resolution
        if granted.tool is None:
            whole, exact = self.written_whole, self.written_exact
        else:
            whole, exact = self.unknown_whole, self.unknown_exact
            found += [hit for hit in (self.whole_tool.get(granted.tool.name),
                                      self.tool_spec.get((granted.tool.name, (granted.specifier or "").strip())))
                      if hit is not None]
        found += [hit for hit in (whole.get(name), exact.get(written)) if hit is not None]
        return min(found) if found else None


def _double_underscores(text: str) -> list[int]:
    """Where `__` starts in `text`, each place (overlapping runs included)."""
    places = []
    start = text.find("__")
    while start != -1:
        places.append(start)
        start = text.find("__", start + 1)
    return places
