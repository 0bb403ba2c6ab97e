"""What the plugin rules (SL160-SL162) share: the manifest schema's field table, JSON types
as users write them, and the reading facts of a file said in the file's own terms."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from functools import cache
from typing import Any

from skilllint.checks.rule import Finding
from skilllint.core.model import Severity
from skilllint.core.readfacts import Location
from skilllint.core.resources import load_schema
from skilllint.reading.jsonfile import JsonFile

PLUGIN_SCHEMA = "claude-plugin.schema.json"


@cache
def plugin_fields() -> dict[str, dict[str, Any]]:
    """Each plugin.json field the docs name, with its schema (`type`, `x-path`...)."""
    properties: dict[str, dict[str, Any]] = load_schema(PLUGIN_SCHEMA).get("properties", {})
    return properties


def json_type(value: object) -> str:
    """The JSON name of a parsed value's type, as the schema and the docs say it."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return {str: "string", list: "array", dict: "object", type(None): "null"}.get(type(value), "value")


def types_of(spec: dict[str, Any]) -> tuple[str, ...]:
    kind = spec.get("type", ())
    return (kind,) if isinstance(kind, str) else tuple(kind)


def reading_facts(file: JsonFile, what: str) -> Iterator[Finding]:
    """The file's reading facts (not JSON, a duplicate key, unreadable) as findings on it."""
    for fact in file.problems:
        # a duplicate key loads (the last value wins): worth a warning, not a refusal
        severity = Severity.WARNING if fact.detail.startswith("duplicate key") else None
        yield Finding(Location(fact.path, fact.span), f"{what}: {fact.detail}", fact.advice or _help(fact.detail),
                      severity)


def top_object(file: JsonFile, what: str, shape: str, example: str) -> Generator[Finding, None, dict[str, Any] | None]:
    """The file's reading facts as findings, then its top-level object (None, after a finding, when
    it is something else; None alone when it could not be parsed)."""
    yield from reading_facts(file, what)
    data = file.data
    if file.problems and data is None:
        return None
    if not isinstance(data, dict):
        yield Finding(file.locate(()), f"{what} holds {json_type(data)}, not {shape}", example)
        return None
    return data


def _help(detail: str) -> str | None:
    if detail.startswith("invalid JSON"):
        return "Claude Code cannot load it: fix the JSON (a trailing comma, a missing quote or brace)"
    if detail.startswith("duplicate key"):
        return "keep one: JSON parsers keep only the last"
    return None
