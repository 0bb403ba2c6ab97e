"""SL141 cc-enum-value: a field outside the values Claude Code documents.

Claude Code's skills docs (https://code.claude.com/docs/en/skills, frontmatter reference) give
closed sets for `context` (`fork`), `effort` (`low` to `max`) and `shell` (`bash`,
`powershell`); another value is not a mode Claude Code has, and the skill runs without the
behaviour its author asked for (`context: forked` runs inline). The sets are the `enum`s of the
dialect's schema, the one source shared with SL132. `model` takes an alias, a full model name or
a Bedrock ARN (code.claude.com/docs/en/model-config): the schema's `anyOf` of aliases and
patterns; a name that is none of these (`gpt-4`) can only be a gateway's, so it is a warning.

The OpenClaw dialect's `command-dispatch` takes only `tool`, compared trimmed and lower-cased
(`x-caseInsensitive` in the schema; openclaw/openclaw src/agents/skills/command-specs.ts): another
value sends the slash command to the model instead of the tool, silently.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from skilllint.checks._helpers import source_text
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.core.suggest import closest
from skilllint.reading.schema import dialect_schema


@cache
def value_sets(dialect: str) -> dict[str, tuple[object, ...]]:
    """Each field of the dialect's schema with a closed set of values (an `enum`, or the
    `enum` of an `anyOf` whose other branches are patterns)."""
    properties = dialect_schema(dialect).get("properties", {})
    sets = {}
    for key, spec in properties.items():
        options = spec.get("anyOf") or [spec]
        values = [value for option in options for value in option.get("enum", ())]
        if values:
            sets[key] = tuple(values)
    return sets


@cache
def _patterns(dialect: str) -> dict[str, tuple[re.Pattern[str], ...]]:
    """The patterns an `anyOf` also allows (full model names, ARNs)."""
    properties = dialect_schema(dialect).get("properties", {})
    return {key: tuple(re.compile(option["pattern"]) for option in spec["anyOf"] if "pattern" in option)
            for key, spec in properties.items() if spec.get("anyOf")}


@cache
def _loose(dialect: str) -> frozenset[str]:
    """Fields whose values the runtime compares trimmed and lower-cased."""
    properties = dialect_schema(dialect).get("properties", {})
    return frozenset(key for key, spec in properties.items() if spec.get("x-caseInsensitive"))


def _allowed(value: object, allowed: tuple[object, ...], loose: bool,
             patterns: tuple[re.Pattern[str], ...] = ()) -> bool:
    if value in allowed or (isinstance(value, str) and any(p.fullmatch(value) for p in patterns)):
        return True
    return loose and isinstance(value, str) and value.strip().lower() in allowed


def check(ctx: SkillContext) -> Iterator[Finding]:
    frontmatter = ctx.doc.frontmatter
    if not frontmatter:
        return
    dialect = ctx.target.dialect
    runtime = dialect_schema(dialect).get("x-runtime", ctx.target.id)
    loose = _loose(dialect)
    patterns = _patterns(dialect)
    for key, allowed in value_sets(dialect).items():
        if key not in frontmatter or _allowed(frontmatter[key], allowed, key in loose, patterns.get(key, ())):
            continue
        value = frontmatter[key]
        written = source_text(ctx.doc, (key,)) or str(value)
        choices = [str(choice) for choice in allowed]
        listed = ", ".join(f"`{choice}`" for choice in choices)
        near = closest(str(value), choices, cutoff=75, scorer="ratio") if isinstance(value, str) and value else None
        takes = f"it takes {listed}" if len(choices) > 1 else f"it takes only {listed}"
        if key in patterns:  # aliases or names: another name may be a gateway's
            yield Finding(
                ctx.doc.locate((key,)),
                f"`{key}: {written}` is neither a model alias {runtime} knows nor a Claude model name",
                f"did you mean `{key}: {near}`?" if near else f"write an alias ({listed}) or a full "
                "model name (`claude-...`); keep it only if your gateway serves that name",
                Severity.WARNING,
            )
            continue
        yield Finding(
            ctx.doc.locate((key,)),
            f"`{key}: {written}` is not a value {runtime} knows; {takes}",
            f"did you mean `{key}: {near}`?" if near else f"write one of {listed}, or remove `{key}`",
        )


RULE = SkillRule(
    code="SL141",
    name="cc-enum-value",
    summary="context, effort, shell or model outside the values Claude Code documents",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
)
