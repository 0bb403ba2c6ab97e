"""SL111 name-too-long: `name` over 64 characters (after trimming and NFKC), the spec's limit."""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import skill_name
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity

LIMIT = 64


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    name = skill_name(doc)
    if name is not None and len(name) > LIMIT:
        yield Finding(
            doc.locate(("name",)),
            f"`name` is {len(name)} characters long; the limit is {LIMIT}",
            "shorten the name (and rename the folder to match)",
        )


RULE = SkillRule(
    code="SL111",
    name="name-too-long",
    summary="`name` is longer than 64 characters",
    severity=Severity.ERROR,
    check=check,
)
