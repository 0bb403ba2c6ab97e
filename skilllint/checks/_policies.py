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
