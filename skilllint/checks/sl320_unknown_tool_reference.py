"""SL320 unknown-tool-reference: the instructions name a tool the target does not have.

"Use `read_file` to check the config" is an instruction to call a tool; on a runtime
without it the model calls a tool that does not exist, or improvises. Help names the
target's tool of the same capability (`execute_command` on sisu -> `terminalRun`).
See `_body.py` for what counts as a tool reference; text in fenced code never does. A
skill about a runtime (`skill_runtimes`: its name or description names it, or only that
runtime loads the folder it is kept in) documents that runtime's tools: they are not
reported on other targets. On a target that renames its aliased tools (`alias_exposure: rename`,
SISU's `registerTools(tools, {aliases})`), the model sees only the new name: an instruction that
still says the canonical `terminalRun` names a tool the model is not offered.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._body import body_references, runtime_documented
from skilllint.checks._tools import did_you_mean, where
from skilllint.model import Severity
from skilllint.resolve import Outcome
from skilllint.rule import Finding, SkillContext, SkillRule


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
            yield Finding(reference.location, f"the instructions name `{resolution.name}`, which is not a tool of "
                          f"{owner}", did_you_mean(resolution))
        elif resolution.outcome == Outcome.MISMATCH and resolution.tool is not None:
            exact = resolution.suggestions[0] if resolution.suggestions else resolution.tool.name
            yield Finding(reference.location, f"the instructions name `{resolution.name}`; {where(target)} calls "
                          f"it `{exact}`", resolution.hint)


RULE = SkillRule(
    code="SL320",
    name="unknown-tool-reference",
    summary="The instructions name a tool (in backticks, outside code blocks) that the target neither has nor aliases",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
