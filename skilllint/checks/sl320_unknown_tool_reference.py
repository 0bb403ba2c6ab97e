"""SL320 unknown-tool-reference: the instructions name a tool the target does not offer the model.

"Use `read_file` to check the config" is an instruction to call a tool; on a runtime without it
the model calls a tool that does not exist, or improvises: the skill fails there. What the model is
told to call decides the verdict, so the finding is an error when the name is surely a tool (a tool
or alias of a known runtime, or a name the skill declares in its own tool list) and a warning when
only its shape suggests one (`Bassh`, near a tool name). See `_body.py` for what counts as a tool
reference; text in fenced code never does. Where the skill is kept never hides a finding on the
user's target; only a skill whose description documents a runtime (`_about.py`) keeps that runtime's
names. On a target that renames its aliased tools (`alias_exposure: rename`, SISU's
`registerTools(tools, {aliases})`), the model sees only the new name: an instruction that still says
the canonical `terminalRun` names a tool the model is not offered. A name that differs from the
target's own tool only in case or style (`web_fetch` for `WebFetch`) stays a warning: the model is
offered that tool under a near-identical name. Help names the target's tool of that capability and the
alias that would close the gap (`_tools.alias_help`).
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._about import runtime_documented
from skilllint.checks._body import body_references, surely_a_tool
from skilllint.checks._tools import alias_help, did_you_mean, where
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.runtimes.resolve import Outcome
from skilllint.runtimes.targets import Target


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    for reference in body_references(doc, target):
        resolution = reference.resolution
        if resolution.resolved and resolution.offered_as is None or runtime_documented(doc, resolution.name):
            continue
        if resolution.offered_as is not None:
            yield Finding(reference.location, f"the instructions name `{resolution.name}`, which {where(target)} "
                          f"offers the model only as `{resolution.offered_as}`",
                          f"write `{resolution.offered_as}`: {where(target)} renames the tool "
                          "(`alias_exposure: rename`), so the model never sees the other name")
            continue
        if resolution.outcome == Outcome.UNKNOWN:
            owner = "any known runtime" if target.tools is None else where(target)
            if target.tools is None and not resolution.suggestions and not resolution.hint:
                # on the portable baseline a name close to no known one is an application's own tool (the
                # skill lists it): SL200 says so at its declaration, and only a runtime of the user's can tell
                continue
            sure = surely_a_tool(doc, resolution.name)
            help_text = "; ".join(part for part in (did_you_mean(resolution), alias_help(resolution.name, target))
                                  if part) or _own_tool_help(resolution.name, target)
            yield Finding(reference.location, f"the instructions name `{resolution.name}`, which is not a tool of "
                          f"{owner}", help_text, None if sure else Severity.WARNING)
        elif resolution.outcome == Outcome.MISMATCH and resolution.tool is not None:
            exact = resolution.suggestions[0] if resolution.suggestions else resolution.tool.name
            yield Finding(reference.location, f"the instructions name `{resolution.name}`; {where(target)} calls "
                          f"it `{exact}`", resolution.hint, Severity.WARNING)


def _own_tool_help(name: str, target: Target) -> str:
    """Help for a name no known runtime has (the skill lists it as its own tool): an application's tool,
    which skilllint learns from a target of the user's own."""
    base = where(target)
    return (f"if your app provides `{name}`, declare it in a target of your own (`runtimes: {{my-app: {{extends: "
            f"{base}, tools: [{{name: {name}}}]}}}}` in .skilllint.yaml) and check with `--target my-app`")


RULE = SkillRule(
    code="SL320",
    name="unknown-tool-reference",
    summary="The instructions name a tool (in backticks, outside code blocks) that the target does not offer the model",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
)
