"""SL102 frontmatter-nonportable-yaml: YAML that parses here but strict parsers reject.

skills-ref loads frontmatter with StrictYAML, which refuses flow collections, anchors and
aliases, explicit tags and duplicate keys; a skill using them fails validation there (and
duplicate keys mean one value silently wins, so those are errors).
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import locate
from skilllint.document import Document, Location
from skilllint.model import Severity, Span
from skilllint.registry import Finding, Rule

_MESSAGES = {
    "flow-list": ("flow-style list (`[...]`)", "write a block list (`- item` lines) or a plain string"),
    "flow-mapping": ("flow-style mapping (`{...}`)", "write a block mapping (one `key: value` per indented line)"),
    "anchor": ("YAML anchor/alias", "repeat the value instead of aliasing it"),
    "tag": ("explicit YAML tag", "remove the tag; quote the value if it must be a string"),
}


def check(doc: Document, target=None, ctx=None) -> Iterator[Finding]:
    offsets = {source.path: source.line_offset for source in doc.sources}
    for path, item in doc.nonportable:
        offset = offsets.get(path, 0)
        span = Span(item.line + offset + 1, item.column + 1)
        if item.end_line == item.line:
            span = Span(span.line, span.column, span.line, item.end_column + 1)
        if item.feature == "duplicate-key":
            yield Finding(
                Location(path, span),
                f"duplicate key `{item.detail}`: only the last value is used",
                "remove one of the two keys",
                Severity.ERROR,
            )
            continue
        if item.feature == "flow" and _is_allowed_tools(doc, path, span):
            continue  # the form of allowed-tools is SL131's to report
        feature = f"flow-{item.detail}" if item.feature == "flow" else item.feature
        what, how = _MESSAGES[feature]
        yield Finding(Location(path, span), f"{what} is rejected by strict YAML parsers (skills-ref)", how)


def _is_allowed_tools(doc: Document, path: str, span: Span) -> bool:
    if doc.field("allowed-tools") is None:
        return False
    where = locate(doc, ("allowed-tools",))  # (per flow collection: indexed, not a walk of the keys each)
    return where.path == path and (where.span.line, where.span.column) == (span.line, span.column)


RULE = Rule(
    code="SL102",
    name="frontmatter-nonportable-yaml",
    summary="Frontmatter uses flow collections, anchors, tags or duplicate keys that strict YAML parsers reject",
    severity=Severity.WARNING,
    check=check,
)
