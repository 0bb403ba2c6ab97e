"""SL211 alias-invisible-to-model: a tool named by an alias the model is never offered.

Where a runtime maps aliases only after the model call (`alias_exposure: resolve-only`),
the model sees only canonical names; an instruction to call the alias names a tool the
model cannot find. This is the flaw SISU's first alias design had. In the instructions it
always matters. In frontmatter lists only where an app defined the aliases itself (a target
that `extends` a runtime) and the list is informational: permission lists the runtime
enforces (`grant`/`restrict`, such as `allowed-tools`) never reach the model, and a built-in
runtime's legacy aliases in an informational list (OpenClaw's `bash` for `exec`) are
normalised by the runtime without the model being involved.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._body import body_references
from skilllint.checks._tools import declared_tools, where
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.runtimes.resolve import Outcome
from skilllint.runtimes.targets import Target

ENFORCED = ("grant", "restrict")


def _help(canonical: str, target: Target) -> str:
    """Only a user-defined target (one that `extends` another) has an `alias_exposure` to change."""
    if target.extends:
        return (f"write `{canonical}`, or set `alias_exposure: api` on `{target.id}` "
                "if the app offers aliases to the model")
    return f"write `{canonical}`: that is the name {target.id} offers the model"


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if target.alias_exposure != "resolve-only" or target.tools is None:
        return
    for declared in declared_tools(doc, target):
        resolution = declared.resolution
        if resolution.outcome != Outcome.ALIAS or resolution.tool is None:
            continue
        semantics = target.tool_fields.get(declared.field, "grant")
        if semantics in ENFORCED or semantics == "ignored" or not target.extends:
            continue  # only an app's own aliases in a list the model reads are this rule's business
        yield Finding(
            declared.entry.location,
            f"`{resolution.via or resolution.name}` is an alias of `{resolution.tool.name}` that {where(target)} "
            "maps only after the model call: the model is never offered it",
            _help(resolution.tool.name, target),
        )
    for reference in body_references(doc, target):
        resolution = reference.resolution
        if resolution.outcome == Outcome.ALIAS and resolution.tool is not None:
            yield Finding(
                reference.location,
                f"the instructions name `{resolution.via or resolution.name}`, an alias of `{resolution.tool.name}` "
                f"that {where(target)} maps only after the model call: the model is never offered it",
                _help(resolution.tool.name, target),
            )


RULE = SkillRule(
    code="SL211",
    name="alias-invisible-to-model",
    summary="A tool named by an alias the target resolves only after the model call",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
