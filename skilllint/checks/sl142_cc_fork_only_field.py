"""SL142 cc-fork-only-field: `agent` or `background` without `context: fork`.

Claude Code's skills docs (https://code.claude.com/docs/en/skills, frontmatter reference):
`agent` is "which subagent type to use when `context: fork` is set", and `background` "only
applies with `context: fork`". Without `context: fork` the skill runs inline and the field is
ignored: the author expected a subagent and gets none. Judged on targets of the Claude Code
dialect, where the docs define the three fields.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity

FORK_ONLY = ("agent", "background")
DIALECT = "claude-code"


def check(ctx: SkillContext) -> Iterator[Finding]:
    frontmatter = ctx.doc.frontmatter
    if not frontmatter or ctx.target.dialect != DIALECT or frontmatter.get("context") == "fork":
        return
    if "context" in frontmatter:
        return  # another value of `context` is SL141's: one finding per problem
    for key in FORK_ONLY:
        if key not in frontmatter:
            continue
        what = f"in a `{frontmatter[key]}` subagent" if key == "agent" and isinstance(frontmatter[key], str) \
            else "in a subagent"
        yield Finding(
            ctx.doc.locate((key,), key=True),
            f"`{key}` takes effect only with `context: fork`; without it Claude Code runs the skill inline "
            f"and ignores `{key}`",
            f"add `context: fork` to run the skill {what}, or remove `{key}`",
        )


RULE = SkillRule(
    code="SL142",
    name="cc-fork-only-field",
    summary="`agent` or `background` without `context: fork`, where Claude Code ignores it",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
