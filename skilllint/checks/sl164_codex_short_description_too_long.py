"""SL164 codex-short-description-too-long: a `metadata` value longer than the runtime loads.

Codex reads `metadata.short-description` (shown in its skill picker) and refuses a skill whose
value is longer than `MAX_SHORT_DESCRIPTION_LEN`, 1,024 characters counted as Unicode scalar
values (openai/codex codex-rs/core/src/skills/loader.rs; older builds allowed 500): the skill
does not load at all. The limits are the runtime file's `metadata_limits`, so a target
without them is silent.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity


def check(ctx: SkillContext) -> Iterator[Finding]:
    limits = ctx.target.metadata_limits
    metadata = ctx.doc.field("metadata")
    if not limits or not isinstance(metadata, dict):
        return
    for key, limit in limits.items():
        value = metadata.get(key)
        if isinstance(value, str) and len(value) > limit:
            yield Finding(
                ctx.doc.locate(("metadata", key)),
                f"`metadata.{key}` is {len(value):,} characters; {ctx.target.id} refuses to load a skill "
                f"whose `{key}` is over {limit:,}",
                f"keep `{key}` to one short line; the description holds the rest",
            )


RULE = SkillRule(
    code="SL164",
    name="codex-short-description-too-long",
    summary="`metadata.short-description` over Codex's limit",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
)
