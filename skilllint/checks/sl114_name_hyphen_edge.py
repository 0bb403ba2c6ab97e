"""SL114 name-hyphen-edge: `name` starts or ends with `-`, which the spec forbids."""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import skill_name
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    name = skill_name(doc)
    if name is not None and (name.startswith("-") or name.endswith("-")):
        where = "starts" if name.startswith("-") else "ends"
        yield Finding(doc.locate(("name",)), f"`name` `{name}` {where} with a hyphen", f"use `{name.strip('-')}`")


RULE = SkillRule(
    code="SL114",
    name="name-hyphen-edge",
    summary="`name` starts or ends with a hyphen",
    severity=Severity.ERROR,
    check=check,
)
