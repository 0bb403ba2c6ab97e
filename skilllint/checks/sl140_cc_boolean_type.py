"""SL140 cc-boolean-type: a Claude Code switch that is not a YAML boolean.

Claude Code's skills docs (https://code.claude.com/docs/en/skills, frontmatter reference) type
`disable-model-invocation`, `user-invocable` and `background` as booleans. Its YAML parser reads
YAML 1.2, where `yes`, `no`, `on`, `off` are strings (PyYAML, YAML 1.1, reads them as booleans:
this rule reads what was written). Since v2.1.218 Claude Code also accepts those words, quoted
`"true"`/`"false"` and 1/0; older versions do not, so a skill meant to be hidden may not be.
Which fields are switches comes from the dialect's schema (`$defs/flexibleBool`), the one
source shared with SL132.

OpenClaw (its dialect's `$defs/wordBool`) reads the same two switches as text and accepts
true/false, yes/no, on/off and 1/0 in any case in every version (openclaw/openclaw
src/utils/boolean.ts `parseBooleanValue`); any other value is dropped for the default, so only
that is reported there.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from skilllint.checks._helpers import kind_of, source_text
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.schema import dialect_schema

SWITCH = "#/$defs/flexibleBool"
WORD_SWITCH = "#/$defs/wordBool"  # a runtime that reads the words in every version (OpenClaw)
SINCE = "2.1.218"
_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


@cache
def switches(dialect: str, kind: str = SWITCH) -> tuple[str, ...]:
    """The dialect's fields typed as a switch of `kind` in its schema."""
    properties = dialect_schema(dialect).get("properties", {})
    return tuple(key for key, spec in properties.items() if spec.get("$ref") == kind)


def check(ctx: SkillContext) -> Iterator[Finding]:
    frontmatter = ctx.doc.frontmatter
    if not frontmatter:
        return
    yield from _word_switches(ctx, frontmatter)
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


def _word_switches(ctx: SkillContext, frontmatter: dict[str, Any]) -> Iterator[Finding]:
    """Switches read as words in every version: only a value outside the words is dropped."""
    schema = dialect_schema(ctx.target.dialect)
    runtime = schema.get("x-runtime", ctx.target.id)
    for key in switches(ctx.target.dialect, WORD_SWITCH):
        if key not in frontmatter:
            continue
        value = frontmatter[key]
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int | float) and value in (0, 1):
            continue  # read as the text "0" or "1"
        if isinstance(value, str) and value.strip().lower() in (*_TRUE, *_FALSE):
            continue
        written = source_text(ctx.doc, (key,))
        shown = f"`{key}: {written}`" if written else f"`{key}` ({kind_of(value)})"
        default = schema["properties"][key].get("default")
        keeps = f"; it keeps the default, {str(default).lower()}" if isinstance(default, bool) else ""
        yield Finding(ctx.doc.locate((key,)), f"{shown} is not a boolean {runtime} reads{keeps}",
                      f"write `{key}: true` or `{key}: false`")


RULE = SkillRule(
    code="SL140",
    name="cc-boolean-type",
    summary="A Claude Code switch (disable-model-invocation, user-invocable, background) is not a YAML boolean",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
