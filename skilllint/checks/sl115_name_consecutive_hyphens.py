"""SL115 name-consecutive-hyphens: `name` contains `--`, which the spec forbids."""

from __future__ import annotations

import re
from collections.abc import Iterator

from skilllint.checks._helpers import skill_name
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    name = skill_name(doc)
    if name is not None and "--" in name:
        yield Finding(
            doc.locate(("name",)),
            f"`name` `{name}` contains consecutive hyphens",
            f"use `{re.sub('-{2,}', '-', name)}`",
        )


RULE = SkillRule(
    code="SL115",
    name="name-consecutive-hyphens",
    summary="`name` contains `--`",
    severity=Severity.ERROR,
    check=check,
)
