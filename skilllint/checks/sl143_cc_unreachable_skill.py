"""SL143 cc-unreachable-skill: `disable-model-invocation: true` with `user-invocable: false`.

Claude Code's skills docs (https://code.claude.com/docs/en/skills, "Control who invokes a
skill") give the two switches separately: `disable-model-invocation: true` means only the user
can invoke the skill (its description leaves Claude's context), `user-invocable: false` means
only Claude can (it leaves the `/` menu). Together they leave nobody: the skill loads and is
never used, and nothing says so. Judged only on real YAML booleans (a quoted "true" is SL140's
case) and only for targets of the Claude Code dialect, where the docs define both switches.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity

MODEL_SWITCH = "disable-model-invocation"
USER_SWITCH = "user-invocable"
DIALECT = "claude-code"


def check(ctx: SkillContext) -> Iterator[Finding]:
    """One finding, at `user-invocable`, when both switches are off."""
    frontmatter = ctx.doc.frontmatter
    if not frontmatter or ctx.target.dialect != DIALECT:
        return
    if frontmatter.get(MODEL_SWITCH) is not True or frontmatter.get(USER_SWITCH) is not False:
        return
    yield Finding(
        ctx.doc.locate((USER_SWITCH,), key=True),
        f"`{MODEL_SWITCH}: true` and `{USER_SWITCH}: false`: neither Claude nor the user can invoke this skill",
        f"for a skill only the user runs (/name), remove `{USER_SWITCH}: false`; "
        f"for background knowledge only Claude loads, remove `{MODEL_SWITCH}: true`",
    )


RULE = SkillRule(
    code="SL143",
    name="cc-unreachable-skill",
    summary="`disable-model-invocation: true` with `user-invocable: false`: nobody can invoke the skill",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
)
