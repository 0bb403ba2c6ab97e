"""SL200 unknown-tool: a declared tool that is neither a name nor an alias of the target.

The skill loads, but the model is told it may use a tool the runtime does not have: the
call fails at run time. Help names the target's tool of the same capability when the name
is another runtime's tool (`execute_command` on sisu -> `terminalRun`), else the closest names.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._about import runtime_documented
from skilllint.checks._body import asked_for
from skilllint.checks._opencode import custom_tool
from skilllint.checks._settings import resolved_names
from skilllint.checks._tools import (
    IGNORED,
    api_rejected,
    covering_known,
    covering_tool,
    declared_tools,
    did_you_mean,
    field_semantics,
    ignored_why,
    where,
)
from skilllint.checks.rule import FileContext, Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import COPILOT_AGENT, COPILOT_PROMPT, DOCUMENT_KINDS, OPENCODE_AGENT
from skilllint.reading.jsonfile import GEMINI_EXTENSION, GEMINI_SETTINGS, HOOKS, SETTINGS
from skilllint.runtimes.resolve import Outcome


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    for declared in declared_tools(doc, target):
        resolution = declared.resolution
        if resolution.outcome != Outcome.UNKNOWN:
            continue
        if ctx.is_active("SL207") and api_rejected(declared, target):
            continue  # a name no tool of the runtime can have: SL207 says so
        name = resolution.name or declared.entry.text
        semantics = field_semantics(doc, declared.field, target)
        if target.tools is None:
            if not resolution.suggestions and not resolution.hint:
                # close to no known name: an application's own tool, most likely
                yield Finding(declared.entry.location, f"`{name}` is not a tool of any known runtime",
                              _DECLARE_HELP, Severity.WARNING)
                continue
            message = f"`{name}` is not a tool of any known runtime"
        else:
            message = f"`{name}` is not a tool of {where(target)}"
        if doc.kind in SILENTLY:
            if doc.kind == OPENCODE_AGENT and custom_tool(doc, name):
                continue  # the project's own tool, `.opencode/tools/<name>.ts`
            yield Finding(declared.entry.location, f"{message}: {SILENTLY[doc.kind]}",
                          did_you_mean(resolution) or OTHER_TOOLS[doc.kind])
            continue
        if semantics in IGNORED:
            # the entry grants nothing: what the model is told to call decides (SL320's error at the
            # instruction, so not repeated here). What is left is the need the entry declares: a warning
            # where the target has no tool of that capability (the skill may need what the runtime cannot
            # do), a note where it has one under its own name (renaming the entry would break the runtime
            # the skill was written for, and gain nothing here). One logic on every runtime whose field
            # grants nothing, for tool names and MCP references (SL206) alike.
            if asked_for(doc, target, name) and ctx.is_active("SL320") and not runtime_documented(doc, name):
                continue
            covering = covering_tool(name, target)
            why = ignored_why(declared.field, semantics, target, doc)
            if covering is not None:
                yield Finding(declared.entry.location, f"{message}{why}; `{covering}` does that job there",
                              did_you_mean(resolution), Severity.INFO)
            else:
                # a need the target cannot meet is a warning; a name whose job nobody knows (`Python`, an
                # application's own tool) declares no need to judge, in a field that grants nothing: a note
                known = covering_known(name, target) is not None
                gap = "" if not known else (
                    " and has no tool that does that job" if semantics == "ignored" else
                    ", and no tool there does that job")
                yield Finding(declared.entry.location, f"{message}{why}{gap}", did_you_mean(resolution),
                              Severity.WARNING if known else Severity.INFO)
            continue
        yield Finding(declared.entry.location, message, did_you_mean(resolution))


def check_file(ctx: FileContext) -> Iterator[Finding]:
    """A permission rule or hook matcher in a Claude Code settings or hooks file that names no
    tool of the target: the rule allows or denies nothing (Claude Code warns at start-up about
    an unknown deny or ask rule, and says nothing about an allow rule), the hook never fires.
    Likewise a tool a Gemini CLI extension or settings file excludes: a typo excludes nothing."""
    target = ctx.target
    if target.tools is None:
        return
    for named, name, resolution in resolved_names(ctx.file, target):
        if resolution.outcome != Outcome.UNKNOWN:
            continue
        what = VERB.get(named.role) or "the hook never fires for it"
        yield Finding(named.location, f"`{name}` is not a tool of {where(target)}: {what}", did_you_mean(resolution))


VERB = {"allow": "the `allow` rule allows nothing", "ask": "the `ask` rule asks about nothing",
        "deny": "the `deny` rule denies nothing", "exclude": "excluding it excludes nothing"}


SILENTLY = {COPILOT_AGENT: "Copilot drops the entry, silently", COPILOT_PROMPT: "Copilot drops the entry, silently",
            OPENCODE_AGENT: "the entry matches no tool and does nothing"}
"""Agent formats whose runtime skips a name it does not know, without a word: Copilot's "All
unrecognized tool names are ignored" (github/docs content/copilot/reference/
custom-agents-configuration.md @03e038c5, read 2026-11-24); an OpenCode agent's tool maps key
permissions, and a key no tool has matches nothing (`checks/_opencode.py`). The agent runs without
the tool its author listed."""
_EXTENSION_HELP = ("name a VS Code extension's tool `publisher.extension/tool` and an MCP server's `server/tool`; "
                   "a name Copilot does not know is dropped")
OTHER_TOOLS = {COPILOT_AGENT: _EXTENSION_HELP, COPILOT_PROMPT: _EXTENSION_HELP,
               OPENCODE_AGENT: "a custom tool is a file in `.opencode/tools/` named after it; an MCP server's tool is "
                               "`server_tool`"}
"""Help for a name close to no known one: how the runtime spells the tools skilllint cannot know."""
_DECLARE_HELP = ("if it is your application's own tool, declare it in a target (`runtimes:` with `tools:` or "
                 "`tools_from:` in .skilllint.yaml) and lint with `--target`")


RULE = SkillRule(
    code="SL200",
    name="unknown-tool",
    summary="A tool in `allowed-tools` (or the target's tool fields) that the target neither has nor aliases",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
    documents=DOCUMENT_KINDS,
    files=(SETTINGS, HOOKS, GEMINI_EXTENSION, GEMINI_SETTINGS),
    file_check=check_file,
)
