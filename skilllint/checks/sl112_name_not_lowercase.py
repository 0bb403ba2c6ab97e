"""SL112 name-not-lowercase: `name` has uppercase letters; the spec allows only lowercase."""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import name_help, skill_name
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    name = skill_name(doc)
    if name is not None and name != name.lower():
        yield Finding(
            doc.locate(("name",)),
            f"`name` `{name}` has uppercase letters",
            name_help(doc, name),
        )


RULE = SkillRule(
    code="SL112",
    name="name-not-lowercase",
    summary="`name` contains uppercase letters",
    severity=Severity.ERROR,
    check=check,
)
