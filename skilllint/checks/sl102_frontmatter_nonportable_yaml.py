"""SL102 frontmatter-nonportable-yaml: YAML that parses here but a strict parser rejects.

skills-ref loads frontmatter with StrictYAML, which refuses flow collections, anchors and
aliases, explicit tags and duplicate keys; a skill using them fails validation there. Only a
target whose runtime parses that strictly (`yaml_parser: strict`: the `agentskills` spec,
whose reference validator is skills-ref) gets those warnings: every runtime with a full YAML
parser reads them as intended.

Duplicate keys are errors on every target: the parsers that accept them keep one value and
silently drop the other. They are reported once per skill, not once per target.

A flow collection where text is meant (`argument-hint: [file]`: the author wanted the
brackets) gets its own message and the quoted form as help.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from skilllint.checks._helpers import source_text
from skilllint.document import Document
from skilllint.model import Severity, Span
from skilllint.readfacts import Location
from skilllint.rule import Finding, SkillContext, SkillRule
from skilllint.yamlspans import region_span

_MESSAGES = {
    "flow-list": ("flow-style list (`[...]`)", "write a block list (`- item` lines) or a plain string"),
    "flow-mapping": ("flow-style mapping (`{...}`)", "write a block mapping (one `key: value` per indented line)"),
    "anchor": ("YAML anchor/alias", "repeat the value instead of aliasing it"),
    "tag": ("explicit YAML tag", "remove the tag; quote the value if it must be a string"),
}
_KINDS = {"flow-list": "a YAML list", "flow-mapping": "a YAML mapping"}
_DIALECTS = ("agentskills", "claude-code", "sisu")


@cache
def text_keys() -> frozenset[str]:
    """Frontmatter keys that hold text in every dialect that knows them (`argument-hint`,
    `description`...): a flow collection there is brackets meant as text."""
    from skilllint.schema import dialect_schema

    text: set[str] = set()
    other: set[str] = set()
    for dialect in _DIALECTS:
        for key, spec in dialect_schema(dialect).get("properties", {}).items():
            (text if spec.get("type") == "string" else other).add(key)
    return frozenset(text - other - {"allowed-tools"})  # the form of allowed-tools is SL131's


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    strict = target.yaml_parser == "strict"
    duplicates = ctx.primary  # duplicate keys: once per skill, on its first target
    if not strict and not duplicates:
        return
    offsets = {source.path: source.line_offset for source in doc.sources}
    for path, item in doc.nonportable:
        span = region_span(item, offsets.get(path, 0))
        if item.feature == "duplicate-key":
            if duplicates:
                yield Finding(
                    Location(path, span),
                    f"duplicate key `{item.detail}`: only the last value is used",
                    "remove one of the two keys",
                    Severity.ERROR,
                )
            continue
        if not strict:
            continue
        key = _key_at(doc, path, span)
        if item.feature == "flow" and key == "allowed-tools":
            continue  # the form of allowed-tools is SL131's to report
        feature = f"flow-{item.detail}" if item.feature == "flow" else item.feature
        if feature in _KINDS and key in text_keys():
            written = source_text(doc, (key,))
            if written is not None:
                yield Finding(
                    Location(path, span),
                    f"`{key}: {written}` is {_KINDS[feature]}, not the text `{written}`",
                    f"quote it: {key}: {_quoted(written)}",
                )
                continue
        what, how = _MESSAGES[feature]
        yield Finding(Location(path, span), f"{what} is rejected by strict YAML parsers (skills-ref)", how)


def _key_at(doc: Document, path: str, span: Span) -> str | None:
    """The top-level key whose value starts at `span`, if any."""
    if not isinstance(doc.frontmatter, dict):
        return None
    for key in doc.frontmatter:
        if not isinstance(key, str):
            continue
        where = doc.locate((key,))
        if where.path == path and (where.span.line, where.span.column) == (span.line, span.column):
            return key
    return None


def _quoted(text: str) -> str:
    if '"' not in text and "\\" not in text:
        return f'"{text}"'
    return "'" + text.replace("'", "''") + "'"


RULE = SkillRule(
    code="SL102",
    name="frontmatter-nonportable-yaml",
    summary="Frontmatter uses flow collections, anchors or tags a strict YAML parser rejects, or duplicate keys",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
