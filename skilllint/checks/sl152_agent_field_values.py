"""SL152 agent-field-values: a subagent field outside the values Claude Code documents.

Claude Code's subagent docs (code.claude.com/docs/en/sub-agents) give closed sets for
`permissionMode`, `memory`, `isolation`, `effort` and `color`, model aliases (or a full model
ID, or `inherit`) for `model`, a positive count for `maxTurns` and a boolean for `background`.
Another value is not a setting Claude Code has: the subagent runs with the default instead of
what its author asked for (`permissionMode: yolo` is no mode). The sets live in the agent
dialect's schema (`schemas/frontmatter/claude-code-agent.schema.json`, with its source), not
here. `color` is cosmetic: a colour outside the set is a warning.

A GitHub Copilot custom agent's `target` is `vscode` or `github-copilot`, and its switches are
booleans (github/docs content/copilot/reference/custom-agents-configuration.md @03e038c5; VS Code's
validator rejects another `target`: microsoft/vscode .../promptSyntax/languageProviders/
promptValidator.ts, read 2026-11-24): `schemas/frontmatter/copilot-agent.schema.json`. An OpenCode
agent's `mode`, `color`, `steps`, `hidden`... follow OpenCode's config schema, and its `tools` and
`permission` maps take booleans and actions (`checks/_opencode.py`): a value outside them fails the
schema and OpenCode does not load the file, so none of them is soft
(`schemas/frontmatter/opencode-agent.schema.json`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from skilllint.checks._agents import who
from skilllint.checks._helpers import source_text
from skilllint.checks._opencode import value_problems
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.core.suggest import closest
from skilllint.reading.document import AGENT, COPILOT_AGENT, OPENCODE_AGENT, Document
from skilllint.reading.schema import dialect_schema

DIALECTS = {AGENT: "claude-code-agent", COPILOT_AGENT: "copilot-agent", OPENCODE_AGENT: "opencode-agent"}
SOFT = {AGENT: frozenset({"color", "model"})}
"""A colour is cosmetic; a model name without `claude` may be a gateway's (the docs allow full names)."""


@cache
def _judged(dialect: str) -> dict[str, tuple[tuple[str, ...], tuple[re.Pattern[str], ...], str | None, int | None]]:
    """Per field: allowed values, allowed patterns, the JSON type asked for, the minimum."""
    fields = {}
    for key, spec in dialect_schema(dialect).get("properties", {}).items():
        options: list[Mapping[str, Any]] = list(spec.get("anyOf", ())) or [spec]
        if any(option.get("type") == "object" for option in options):
            continue  # a map: its entries are judged on their own (OpenCode's, `checks/_opencode.py`)
        values = tuple(str(v) for option in options for v in option.get("enum", ()))
        patterns = tuple(re.compile(option["pattern"]) for option in options if "pattern" in option and key != "name")
        kind = spec.get("type") if spec.get("type") in ("integer", "boolean", "number") else None
        if values or patterns or kind:
            fields[key] = (values, patterns, kind, spec.get("minimum"))
    return fields


def _fits(value: object, values: tuple[str, ...], patterns: tuple[re.Pattern[str], ...], kind: str | None,
          minimum: int | None) -> bool:
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool) and (minimum is None or value >= minimum)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, str) and (value in values or any(p.fullmatch(value) for p in patterns))


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    frontmatter = doc.frontmatter
    if not frontmatter:
        return
    runtime, noun = who(doc)
    for key, (values, patterns, kind, minimum) in _judged(DIALECTS[doc.kind]).items():
        if key not in frontmatter or _fits(frontmatter[key], values, patterns, kind, minimum):
            continue
        value = frontmatter[key]
        written = source_text(doc, (key,)) or str(value)
        severity = Severity.WARNING if key in SOFT.get(doc.kind, ()) else None
        if kind == "boolean":
            yield Finding(doc.locate((key,)), f"`{key}: {written}` is not a boolean", f"write `{key}: true` or "
                          f"`{key}: false`, unquoted", severity)
            continue
        if kind == "integer":
            yield Finding(doc.locate((key,)), f"`{key}: {written}` is not a whole number of at least {minimum}",
                          f"write `{key}: 10`, say, or remove it", severity)
            continue
        if kind == "number":
            yield Finding(doc.locate((key,)), f"`{key}: {written}` is not a number", f"write `{key}: 0.2`, say, "
                          "unquoted, or remove it", severity)
            continue
        listed = ", ".join(f"`{v}`" for v in values)
        near = closest(value, list(values), cutoff=75, scorer="ratio") if isinstance(value, str) and value else None
        yield Finding(doc.locate((key,)), f"`{key}: {written}` is not a value {runtime} knows for {_a(noun)}; "
                      f"it takes {listed}{_extra(doc, key, patterns)}",
                      f"did you mean `{key}: {near}`?" if near else _write(key, values, listed),
                      severity)
    if doc.kind == OPENCODE_AGENT:
        for location, message, help_text in value_problems(doc):
            yield Finding(location, message, help_text)


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1] in "aeiou" else f"a {noun}"


def _extra(doc: Document, key: str, patterns: tuple[re.Pattern[str], ...]) -> str:
    """What the patterns of a field allow besides its values, in words."""
    if not patterns:
        return ""
    if doc.kind == AGENT:
        return " or a full Claude model name" if key == "model" else ""
    return " or a hex colour `#RRGGBB`" if key == "color" else ""


def _write(key: str, values: tuple[str, ...], listed: str) -> str:
    if len(values) == 1:
        return f"write `{key}: {values[0]}`, or remove it"
    return f"write one of {listed}, or remove `{key}`"


RULE = SkillRule(
    code="SL152",
    name="agent-field-values",
    summary="An agent's field outside the values its runtime documents (a subagent's permissionMode, a Copilot "
            "agent's target, an OpenCode agent's mode...)",
    severity=Severity.ERROR,
    check=check,
    documents=tuple(DIALECTS),
)
