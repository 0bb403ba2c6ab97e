"""SL117 name-reserved-word: `name` contains `anthropic` or `claude`.

The Claude API and claude.ai reject such names ("Cannot contain reserved words").
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import skill_name
from skilllint.checks._tools import where
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity

RESERVED = ("anthropic", "claude")


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    name = skill_name(doc)
    if name is None:
        return
    for word in RESERVED:
        if word in name.lower():
            loads = ctx.target.rule_severity("SL117") == "info"  # Claude Code: only the upload reserves them
            yield Finding(
                doc.locate(("name",)),
                f"`name` `{name}` contains the reserved word `{word}`: the Claude API and claude.ai reject it",
                f"{where(ctx.target)} loads it; choose a name without `anthropic` or `claude` if the skill is "
                "also uploaded to claude.ai or the Claude API" if loads else
                "choose a name without `anthropic` or `claude`",
            )
            return


RULE = SkillRule(
    code="SL117",
    name="name-reserved-word",
    summary="`name` contains the reserved word `anthropic` or `claude`",
    severity=Severity.WARNING,
    check=check,
    per_target=True,  # runtimes differ (severities in skilllint/runtimes/*.yaml)
)
