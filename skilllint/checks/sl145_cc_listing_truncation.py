"""SL145 cc-listing-truncation: a description the runtime's skill listing cuts short.

Claude Code lists every skill for the model with its description and `when_to_use`, and cuts
each entry at 1,536 characters (`skillListingMaxDescChars`; code.claude.com/docs/en/skills,
"Skill descriptions are cut short"). Whatever is past the cut never reaches the model, and
"Use when ..." clauses usually come last. The cap is the runtime file's `listing_chars`, so a
target without one is silent.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import string_field
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity


def check(ctx: SkillContext) -> Iterator[Finding]:
    limit = ctx.target.listing_chars
    description = string_field(ctx.doc, "description")
    if limit is None or description is None:
        return
    when = string_field(ctx.doc, "when_to_use") or ""
    total = len(description) + len(when)
    if total <= limit:
        return
    parts = "`description` and `when_to_use` together are" if when else "`description` is"
    yield Finding(
        ctx.doc.locate(("description",)),
        f"{parts} {total:,} characters; {ctx.target.id}'s skill listing shows {limit:,}, "
        f"so the last {total - limit:,} never reach the model",
        "put what the skill does and when to use it first, and move details into the body",
    )


RULE = SkillRule(
    code="SL145",
    name="cc-listing-truncation",
    summary="`description` plus `when_to_use` longer than the skill listing shows",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
