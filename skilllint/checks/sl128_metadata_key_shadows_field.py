"""SL128 metadata-key-shadows-field: a `metadata` key named like a field the runtime reads.

Claude Code's skills docs (https://code.claude.com/docs/en/skills, frontmatter reference,
`metadata`): "Don't reuse frontmatter field names such as `paths` as keys." A runtime reads
its fields at the top level of the frontmatter only: `metadata.argument-hint` shows no hint,
`metadata.paths` scopes nothing, and a reader of the file is led to think they do.

The fields are the target dialect's (its schema, the one source SL132 reads too), on targets
whose dialect reads `metadata` at all. `version` is left out: the dialects that list it do not
act on it, and the spec's own `metadata` example (agentskills.io/specification) keeps
`author` and `version` there.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.schema import known_fields

NOT_ACTED_ON = frozenset({"metadata", "version"})


@cache
def shadowed_fields(dialect: str) -> frozenset[str]:
    """The fields of `dialect` a `metadata` key could be mistaken for (none where the dialect
    has no `metadata`: there the whole map is another rule's business)."""
    fields = frozenset(known_fields(dialect))
    return fields - NOT_ACTED_ON if "metadata" in fields else frozenset()


def check(ctx: SkillContext) -> Iterator[Finding]:
    frontmatter = ctx.doc.frontmatter or {}
    metadata = frontmatter.get("metadata")
    if not isinstance(metadata, dict):
        return
    fields = shadowed_fields(ctx.target.dialect)
    for key in metadata:
        if not isinstance(key, str) or key not in fields:
            continue
        top = "also set at the top level, where it is read" if key in frontmatter \
            else f"move it to the top level: `{key}:` beside `name` and `description`"
        yield Finding(
            ctx.doc.locate(("metadata", key), key=True),
            f"`metadata.{key}` is not the `{key}` field: {ctx.target.id} reads `{key}` only at "
            "the top level of the frontmatter, so this key does nothing",
            f"{top}; keep `metadata` for keys of your own" if key not in frontmatter
            else f"it is {top}; remove `metadata.{key}`",
        )


RULE = SkillRule(
    code="SL128",
    name="metadata-key-shadows-field",
    summary="A `metadata` key named like a frontmatter field the runtime reads at the top level",
    severity=Severity.INFO,
    check=check,
    per_target=True,
)
