"""SL127 metadata-invalid: `metadata` is not a map of strings to strings.

The spec says so; Claude Code drops a `metadata` that is not a map, and skills-ref turns
nested values into their Python repr. Unquoted `version: 1.0` is a number in YAML.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from skilllint.checks._helpers import kind_of, source_text
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.schema import errors_for


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if doc.frontmatter is None or "metadata" not in doc.frontmatter:
        return
    if target is not None and target.yaml_parser != "strict" and isinstance(doc.frontmatter["metadata"], dict):
        return  # only the spec's validator judges metadata values; runtimes keep or ignore them
    metadata = doc.frontmatter["metadata"]
    if isinstance(metadata, str) and target is not None and _text_allowed(target.dialect):
        return  # OpenClaw reads `metadata` as text and parses it as JSON5 (one line of JSON is documented)
    if not isinstance(metadata, dict):
        yield Finding(
            doc.locate(("metadata",)) if metadata is not None else doc.locate_key("metadata"),
            f"`metadata` is {kind_of(metadata)}, not a map",
            "write `metadata:` followed by indented `key: \"value\"` lines",
        )
        return
    for key in metadata:
        if not isinstance(key, str):
            yield Finding(doc.locate(("metadata", key), key=True), f"`metadata` key `{key}` is not a string",
                          f'quote it: "{key}"')
    if all(isinstance(v, str) for v in metadata.values()):
        return  # the usual case; the schema is consulted only to place what is wrong
    own_maps = _documented_maps()
    for error in errors_for(doc, "agentskills"):
        if len(error.path) != 2 or error.path[0] != "metadata" or error.keyword != "type":
            continue
        key, value = error.path[1], error.value
        if key in own_maps and isinstance(value, dict):
            continue  # documented by this runtime (OpenClaw's `metadata.openclaw`)
        if isinstance(value, dict | list):
            help_text = "flatten it into string keys, or move structured data to a file in the skill"
        else:
            written = source_text(doc, ("metadata", key)) if value is not None else ""
            help_text = f'quote the value: {key}: "{written if written is not None else value}"'
        yield Finding(doc.locate(("metadata", key)) if value is not None else doc.locate(("metadata", key), key=True),
                      f"`metadata.{key}` is {kind_of(value)}, not a string", help_text)


@cache
def _text_allowed(dialect: str) -> bool:
    """Whether the dialect's schema lets `metadata` be text (OpenClaw's one line of JSON)."""
    from skilllint.reading.schema import dialect_schema

    kind = dialect_schema(dialect).get("properties", {}).get("metadata", {}).get("type")
    return kind == "string" or (isinstance(kind, list) and "string" in kind)


@cache
def _documented_maps() -> frozenset[str]:
    """`metadata` keys some runtime documents as a map (OpenClaw's `metadata.openclaw`):
    flattening them would switch the feature off, whatever the target."""
    from skilllint.runtimes.targets import builtin_targets

    return frozenset(key for target in builtin_targets().values() for key in target.metadata_maps)


RULE = SkillRule(
    code="SL127",
    name="metadata-invalid",
    summary="`metadata` is not a map of string keys to string values",
    severity=Severity.WARNING,
    check=check,
    per_target=True,  # a runtime may document a map under one key (OpenClaw)
)
