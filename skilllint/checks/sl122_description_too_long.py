"""SL122 description-too-long: `description` over 1,024 characters, the spec's hard limit."""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import string_field
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity

LIMIT = 1024


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    value = string_field(doc, "description")
    listing = ctx.target.listing_chars
    if listing is not None and value is not None and len(value) > listing and ctx.is_active("SL145"):
        return  # the listing cuts it too: SL145 says so, with the runtime's own limit (one finding)
    if value is not None and len(value) > LIMIT:
        yield Finding(
            doc.locate(("description",)),
            f"`description` is {len(value):,} characters long; the spec's limit is {LIMIT:,}"
            + (f" ({ctx.target.id} loads it; skills-ref and the Claude API reject it)"
               if ctx.target.rule_severity("SL122") in ("info", "warning") else ""),
            "keep what and when in the description; move details into the body",
        )


RULE = SkillRule(
    code="SL122",
    name="description-too-long",
    summary="`description` is longer than 1,024 characters",
    severity=Severity.ERROR,
    check=check,
    per_target=True,  # runtimes differ (severities in skilllint/runtimes/*.yaml)
)
