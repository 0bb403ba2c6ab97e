"""SL140 cc-boolean-type: a Claude Code switch that is not a YAML boolean.

Claude Code's skills docs (https://code.claude.com/docs/en/skills, frontmatter reference) type
`disable-model-invocation`, `user-invocable` and `background` as booleans. Its YAML parser reads
YAML 1.2, where `yes`, `no`, `on`, `off` are strings (PyYAML, YAML 1.1, reads them as booleans:
this rule reads what was written). Since v2.1.218 Claude Code also accepts those words, quoted
`"true"`/`"false"` and 1/0; older versions do not, so a skill meant to be hidden may not be.
Which fields are switches comes from the dialect's schema (`$defs/flexibleBool`), the one
source shared with SL132.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from skilllint.checks._helpers import kind_of, source_text
from skilllint.model import Severity
from skilllint.rule import Finding, SkillContext, SkillRule
from skilllint.schema import dialect_schema

SWITCH = "#/$defs/flexibleBool"
SINCE = "2.1.218"
_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


@cache
def switches(dialect: str) -> tuple[str, ...]:
    """The dialect's fields typed as a Claude Code switch in its schema."""
    properties = dialect_schema(dialect).get("properties", {})
    return tuple(key for key, spec in properties.items() if spec.get("$ref") == SWITCH)


def check(ctx: SkillContext) -> Iterator[Finding]:
    frontmatter = ctx.doc.frontmatter
    if not frontmatter:
        return
    for key in switches(ctx.target.dialect):
        if key not in frontmatter:
            continue
        written = source_text(ctx.doc, (key,))
        value = frontmatter[key]
        if written is not None and written.lower() in ("true", "false") and isinstance(value, bool):
            continue  # a YAML 1.2 boolean
        word = (written if written is not None else str(value)).strip("\"'").lower()
        location = ctx.doc.locate((key,))
        if word in _TRUE or word in _FALSE:
            meant = "true" if word in _TRUE else "false"
            yield Finding(
                location,
                f"`{key}: {written}` is not a YAML boolean; Claude Code reads it as {meant} only from v{SINCE}",
                f"write `{key}: {meant}`",
            )
        else:
            shown = f"`{key}: {written}`" if written else f"`{key}` ({kind_of(value)})"
            yield Finding(location, f"{shown} is not a boolean; Claude Code expects true or false",
                          f"write `{key}: true` or `{key}: false`")


RULE = SkillRule(
    code="SL140",
    name="cc-boolean-type",
    summary="A Claude Code switch (disable-model-invocation, user-invocable, background) is not a YAML boolean",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
