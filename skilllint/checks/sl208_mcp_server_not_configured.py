"""SL208 mcp-server-not-configured: an MCP tool reference whose server the project does not set up.

A Claude Code MCP tool is named `mcp__<server>__<tool>` after the server's key in the MCP config
(code.claude.com/docs/en/mcp); a project shares its servers in `.mcp.json` at its root. When
that file exists and has no `<server>`, a skill that grants `mcp__<server>__...` names a tool
the session does not have, unless each user adds the server on their own. So: a warning, only
where the project has an MCP config (the nearest `.mcp.json` above the file, up to the
repository root), and never for the names other sources give (`mcp__plugin_<plugin>_<server>__`
for a plugin's servers, `mcp__claude_ai_...` for claude.ai connectors). A plugin's own
`.mcp.json` may hold the servers directly or under `mcpServers`; both are read. On Gemini CLI,
the servers of the extension holding the skill and of `.gemini/settings.json` (`_gemini`). A GitHub
Copilot custom agent's or prompt file's `server/tool` entries are checked against the workspace's
`.vscode/mcp.json` (`checks/_copilot.unconfigured_servers`).
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._copilot import COPILOT_KINDS, unconfigured_servers
from skilllint.checks._gemini import gemini_files, mcp_servers, reads_gemini_files
from skilllint.checks._helpers import kind_of
from skilllint.checks._project import nearest_files, read_json, shown_path
from skilllint.checks._tools import declared_tools
from skilllint.checks.rule import FileContext, Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.core.suggest import closest
from skilllint.reading.document import DOCUMENT_KINDS, Document
from skilllint.reading.jsonfile import MCP
from skilllint.runtimes.resolve import Outcome
from skilllint.runtimes.targets import Target

MCP_CONFIG = ".mcp.json"
OTHER_SOURCES = ("mcp__plugin_", "mcp__claude_ai_")


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    if not doc.frontmatter:
        return
    if doc.kind in COPILOT_KINDS:  # `server/tool` against the workspace's `.vscode/mcp.json`
        yield from unconfigured_servers(ctx)
        return
    if reads_gemini_files(ctx.target):
        yield from _gemini(doc, ctx.target)
        return
    if ctx.target.dialect != "claude-code":
        return
    references = [d for d in declared_tools(doc, ctx.target)
                  if d.entry.text.startswith("mcp__") and not d.entry.text.startswith(OTHER_SOURCES)]
    if not references:
        return
    config = _mcp_config(doc)
    if config is None:
        return
    path, servers = config
    shown = shown_path(doc, path)
    for declared in references:
        server = declared.entry.text.split("(", 1)[0][len("mcp__"):].split("__", 1)[0]
        if not server or server in servers or server.replace("-", "_") in {s.replace("-", "_") for s in servers}:
            continue
        listed = ", ".join(f"`{s}`" for s in sorted(servers)) or "none"
        near = closest(server, sorted(servers), cutoff=80)
        yield Finding(declared.entry.location,
                      f"MCP server `{server}` is not in {shown} (servers: {listed}): `{declared.entry.text}` "
                      "is no tool of a session in this project",
                      f"did you mean `mcp__{near}__...`?" if near else f"add `{server}` to {shown}, or say in the "
                      "skill's description that each user must add it")


def _gemini(doc: Document, target: Target) -> Iterator[Finding]:
    """Gemini CLI names an MCP tool `mcp_<server>_<tool>` (packages/core/src/tools/mcp-tool.ts,
    read 2026-11-24); its servers come from the extension holding the skill and the project's
    `.gemini/settings.json` (`_gemini`). A server name may hold `_`, so a reference is matched
    against each configured server's prefix rather than cut at an underscore."""
    references = [d for d in declared_tools(doc, target)
                  if d.resolution.outcome == Outcome.MCP and d.entry.text.startswith("mcp_")]
    if not references:
        return
    configured: set[str] = set()
    shown_files = []
    for path, data in gemini_files(doc):
        servers = mcp_servers(data)
        if servers is not None:
            configured |= servers
            shown_files.append(shown_path(doc, path))
    if not shown_files:
        return
    listed = ", ".join(f"`{s}`" for s in sorted(configured)) or "none"
    where = " and ".join(shown_files)
    for declared in references:
        name = declared.entry.text.split("(", 1)[0]
        if any(name.startswith(f"mcp_{server}_") for server in configured):
            continue
        guess = name[len("mcp_"):].split("_", 1)[0]
        near = closest(guess, sorted(configured), cutoff=80)
        yield Finding(declared.entry.location,
                      f"no MCP server in {where} (servers: {listed}) gives `{name}`: it is no tool of a "
                      "gemini-cli session here",
                      f"did you mean `mcp_{near}_...`?" if near else f"add its server to `mcpServers` in {where}, "
                      "or say in the skill's description that each user must add it")


def _mcp_config(doc: Document) -> tuple[str, set[str]] | None:
    """The nearest `.mcp.json` above the document (up to the repository root) and its servers."""
    found = nearest_files(doc, MCP_CONFIG)
    if not found:
        return None
    data = read_json(doc, found[0])
    return None if data is None else (found[0], _servers(data))  # unreadable: it says nothing of its servers


def _servers(data: object) -> set[str]:
    if not isinstance(data, dict):
        return set()
    inner = data.get("mcpServers")
    if isinstance(inner, dict):
        return {str(key) for key in inner}
    return {str(key) for key, value in data.items() if isinstance(value, dict)}


def check_file(ctx: FileContext) -> Iterator[Finding]:
    """An MCP config of the wrong shape configures no server, so every `mcp__<server>__` tool a skill
    names is missing from the session: said at the file, where it is fixed, once."""
    file = ctx.file
    data = file.data
    if file.root is None or ctx.target.dialect != "claude-code":
        return  # unparsable: SL101 says so; other runtimes do not read `.mcp.json`
    if not isinstance(data, dict):
        yield Finding(file.locate(()), f"the MCP config holds {'`null`' if data is None else kind_of(data)}, "
                      "not an object: it configures no server",
                      'write an object: `{"mcpServers": {"github": {"command": "...", "args": [...]}}}`')
    elif "mcpServers" in data and not isinstance(data["mcpServers"], dict):
        yield Finding(file.locate(("mcpServers",)), f"`mcpServers` is {kind_of(data['mcpServers'])}, not an "
                      "object of servers by name: it configures no server",
                      'write `"mcpServers": {"github": {"command": "...", "args": [...]}}`')


RULE = SkillRule(
    code="SL208",
    name="mcp-server-not-configured",
    summary="An MCP tool reference whose server the project's `.mcp.json` does not define",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
    documents=DOCUMENT_KINDS,
    files=(MCP,),
    file_check=check_file,
)
