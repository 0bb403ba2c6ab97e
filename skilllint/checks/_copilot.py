"""GitHub Copilot's custom agents and prompt files: what the tool and MCP rules need to know.

A custom agent's `tools` (github/docs content/copilot/reference/custom-agents-configuration.md
@03e038c5, read 2026-11-24) is a list or a comma-separated string of tool names and aliases, matched
case-insensitively; `["*"]` enables every tool; `server/tool` and `server/*` name an MCP server's tools
and `publisher.extension/tool` a VS Code extension's; "All unrecognized tool names are ignored, which
allows product-specific tools to be specified ... without causing problems". A prompt file's `tools`
is the same list (microsoft/vscode-docs docs/copilot/customization/prompt-files.md @8767fee3: "If a
given tool is not available when running the prompt, it is ignored"). VS Code also writes a tool of
one of its tool sets as `set/tool` (`read/readFile`, `edit/editFiles`), which reads like an MCP
reference; those sets are tools of the `copilot` target, so they resolve there.

MCP servers of a VS Code workspace live in `.vscode/mcp.json` under `servers`
(vscode-docs docs/copilot/customization/mcp-servers.md @fccba1e7, read 2026-11-24); a file VS Code
reads as JSON with comments. A custom agent may bring its own under `mcp-servers`, and Copilot's cloud
agent has `github` and `playwright` out of the box (custom-agents-configuration.md, "Tool names for
out-of-the-box MCP servers").
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from typing import Any

from skilllint.checks._project import nearest_files, shown_path
from skilllint.checks._tools import declared_tools
from skilllint.checks.rule import Finding, SkillContext
from skilllint.core import lazyre
from skilllint.core.suggest import closest
from skilllint.reading.document import COPILOT_AGENT, COPILOT_PROMPT, Document
from skilllint.runtimes.resolve import Outcome, resolve
from skilllint.runtimes.targets import Target

COPILOT_KINDS = (COPILOT_AGENT, COPILOT_PROMPT)
OUT_OF_THE_BOX = frozenset({"github", "playwright"})
VSCODE_MCP = os.path.join(".vscode", "mcp.json")
AGENT_SERVERS = "mcp-servers"


def unconfigured_servers(ctx: SkillContext) -> Iterator[Finding]:
    """SL208 for a Copilot agent or prompt file: a `server/tool` entry whose server the workspace's
    `.vscode/mcp.json` does not define, where that file exists (the nearest above the file, up to
    the repository root) and says which servers it has."""
    doc = ctx.doc
    references = [(declared, server) for declared in declared_tools(doc, ctx.target)
                  if (server := _server(doc, declared.entry.text, declared.resolution.outcome, ctx.target))]
    if not references:
        return
    found = nearest_files(doc, VSCODE_MCP)
    servers = _servers(doc, found[0]) if found else None
    if servers is None:
        return
    shown = shown_path(doc, found[0])
    listed = ", ".join(f"`{s}`" for s in sorted(servers)) or "none"
    for declared, server in references:
        if server in servers:
            continue
        near = closest(server, sorted(servers), cutoff=80)
        yield Finding(declared.entry.location,
                      f"MCP server `{server}` is not in {shown} (servers: {listed}): `{declared.entry.text}` "
                      "names no tool of this workspace, and Copilot ignores it",
                      f"did you mean `{near}/...`?" if near else f"add `{server}` to `servers` in {shown}, or "
                      f"define it under `{AGENT_SERVERS}` in the agent (Copilot's cloud agent)")


def _server(doc: Document, text: str, outcome: Outcome, target: Target) -> str | None:
    """The MCP server a `server/tool` entry names; None for anything else: a tool of a VS Code tool
    set (`read/readFile`), an extension's tool (`publisher.extension/tool`), an out-of-the-box
    server, or one the agent defines itself."""
    if outcome != Outcome.MCP or "/" not in text:
        return None
    server = text.split("/", 1)[0]
    if not server or "." in server or server in OUT_OF_THE_BOX or resolve(server, target).resolved:
        return None
    own = doc.field(AGENT_SERVERS)
    if isinstance(own, dict) and server in own:
        return None
    return server


def _servers(doc: Document, path: str) -> set[str] | None:
    """The server names of a `.vscode/mcp.json`; None when it cannot be read or has no `servers`
    object (it then says nothing of them)."""
    try:
        data = _json_with_comments(doc.fs.read(path)[0].decode("utf-8", errors="replace").lstrip("\ufeff"))
    except (OSError, ValueError):
        return None
    servers = data.get("servers") if isinstance(data, dict) else None
    return {str(key) for key in servers} if isinstance(servers, dict) else None


_COMMENT_OR_STRING = lazyre.compile(r'"(?:[^"\\]|\\.)*"|//[^\n]*|/\*.*?\*/', re.S)
_TRAILING_COMMA = lazyre.compile(r",(\s*[}\]])")


def _json_with_comments(text: str) -> Any:
    """JSON, or JSON with `//` and `/* */` comments and trailing commas (VS Code's configuration
    files); None when it is neither."""
    try:
        return json.loads(text)
    except ValueError:
        pass
    stripped = _COMMENT_OR_STRING.sub(lambda m: m.group(0) if m.group(0).startswith('"') else " ", text)
    try:
        return json.loads(_TRAILING_COMMA.sub(r"\1", stripped))
    except ValueError:
        return None
