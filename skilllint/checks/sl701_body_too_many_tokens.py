"""SL701 body-too-many-tokens: the body is over about 5,000 tokens (characters / 4).

The spec recommends under 5,000 tokens for the instructions; after compaction Claude Code
re-attaches only the first 5,000 tokens of an invoked skill.

A body over SL700's line limit too gets one finding with both numbers, from whichever of the
two rules (SL700 when it is on; see there).
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.checks.sl700_body_too_many_lines import CHARS_PER_TOKEN, HELP, MAX_TOKENS, body_size, reports_both
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    size = body_size(ctx)
    if not size.over_tokens:
        return
    both = reports_both(ctx, size, "SL701")
    if both is False:
        return
    yield Finding(
        Location(doc.path, Span(doc.body_line, 1)),
        size.both() if both else (f"body is about {size.tokens:,} tokens ({size.chars:,} characters / "
                                  f"{CHARS_PER_TOKEN}); the limit is {size.max_tokens:,}"),
        HELP,
    )


RULE = SkillRule(
    code="SL701",
    name="body-too-many-tokens",
    summary="The SKILL.md body is longer than about 5,000 tokens",
    severity=Severity.WARNING,
    check=check,
    options=(MAX_TOKENS,),
)
