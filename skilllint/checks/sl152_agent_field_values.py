"""SL152 agent-field-values: a subagent field outside the values Claude Code documents.

Claude Code's subagent docs (code.claude.com/docs/en/sub-agents) give closed sets for
`permissionMode`, `memory`, `isolation`, `effort` and `color`, model aliases (or a full model
ID, or `inherit`) for `model`, a positive count for `maxTurns` and a boolean for `background`.
Another value is not a setting Claude Code has: the subagent runs with the default instead of
what its author asked for (`permissionMode: yolo` is no mode). The sets live in the agent
dialect's schema (`schemas/frontmatter/claude-code-agent.schema.json`, with its source), not
here. `color` is cosmetic: a colour outside the set is a warning.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from skilllint.checks._helpers import source_text
from skilllint.document import AGENT
from skilllint.model import Severity
from skilllint.rule import Finding, SkillContext, SkillRule
from skilllint.schema import dialect_schema
from skilllint.suggest import closest

DIALECT = "claude-code-agent"
SOFT = frozenset({"color", "model"})
"""A colour is cosmetic; a model name without `claude` may be a gateway's (the docs allow full names)."""


@cache
def _judged() -> dict[str, tuple[tuple[str, ...], tuple[re.Pattern[str], ...], str | None, int | None]]:
    """Per field: allowed values, allowed patterns, the JSON type asked for, the minimum."""
    fields = {}
    for key, spec in dialect_schema(DIALECT).get("properties", {}).items():
        options: list[Mapping[str, Any]] = list(spec.get("anyOf", ())) or [spec]
        values = tuple(str(v) for option in options for v in option.get("enum", ()))
        patterns = tuple(re.compile(option["pattern"]) for option in options if "pattern" in option and key != "name")
        kind = spec.get("type") if spec.get("type") in ("integer", "boolean") else None
        if values or patterns or kind:
            fields[key] = (values, patterns, kind, spec.get("minimum"))
    return fields


def _fits(value: object, values: tuple[str, ...], patterns: tuple[re.Pattern[str], ...], kind: str | None,
          minimum: int | None) -> bool:
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool) and (minimum is None or value >= minimum)
    return isinstance(value, str) and (value in values or any(p.fullmatch(value) for p in patterns))


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    frontmatter = doc.frontmatter
    if not frontmatter:
        return
    for key, (values, patterns, kind, minimum) in _judged().items():
        if key not in frontmatter or _fits(frontmatter[key], values, patterns, kind, minimum):
            continue
        value = frontmatter[key]
        written = source_text(doc, (key,)) or str(value)
        severity = Severity.WARNING if key in SOFT else None
        if kind == "boolean":
            yield Finding(doc.locate((key,)), f"`{key}: {written}` is not a boolean", f"write `{key}: true` or "
                          f"`{key}: false`, unquoted", severity)
            continue
        if kind == "integer":
            yield Finding(doc.locate((key,)), f"`{key}: {written}` is not a whole number of at least {minimum}",
                          f"write `{key}: 10`, say, or remove it", severity)
            continue
        listed = ", ".join(f"`{v}`" for v in values)
        near = closest(value, list(values), cutoff=75, scorer="ratio") if isinstance(value, str) and value else None
        extra = " or a full Claude model name" if patterns and key == "model" else ""
        yield Finding(doc.locate((key,)), f"`{key}: {written}` is not a value Claude Code knows for a subagent; "
                      f"it takes {listed}{extra}",
                      f"did you mean `{key}: {near}`?" if near else _write(key, values, listed),
                      severity)


def _write(key: str, values: tuple[str, ...], listed: str) -> str:
    if len(values) == 1:
        return f"write `{key}: {values[0]}`, or remove it"
    return f"write one of {listed}, or remove `{key}`"


RULE = SkillRule(
    code="SL152",
    name="agent-field-values",
    summary="A subagent's model, permissionMode, memory, isolation, color, effort or maxTurns outside their values",
    severity=Severity.ERROR,
    check=check,
    documents=(AGENT,),
)
