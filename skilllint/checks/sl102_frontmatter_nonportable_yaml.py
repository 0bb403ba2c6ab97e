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

A target whose runtime reads frontmatter line by line (`yaml_parser: line`: SISU) is given what
that reader makes of each field it reads, when it differs from the YAML value: a block scalar
(`description: |`) reaches it as `|`, a value continued on the next lines as its first line
(`skilllint.runtimes.linereader` is that reader).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from skilllint.checks._helpers import source_text
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location
from skilllint.reading.document import Document
from skilllint.reading.yamlspans import region_span

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
    from skilllint.reading.schema import dialect_schema

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
    if target.yaml_parser == "line":
        yield from _misread_by_lines(ctx)
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


def _misread_by_lines(ctx: SkillContext) -> Iterator[Finding]:
    """Each field the runtime reads whose value its line reader takes differently from YAML."""
    from skilllint.reading.schema import known_fields
    from skilllint.runtimes.linereader import read_frontmatter

    doc = ctx.doc
    if not isinstance(doc.frontmatter, dict) or not doc.sources or doc.sources[0].path != doc.path:
        return
    read = read_frontmatter(doc.sources[0].text)
    for key in known_fields(ctx.target.dialect):
        value = doc.frontmatter.get(key)
        if doc.key_source.get(key, 0) != 0 or not _comparable(value) or read.get(key) == value:
            continue
        seen = read.get(key)
        if isinstance(seen, str) and isinstance(value, str) and _unescaped(seen) == value:
            yield Finding(
                doc.locate((key,)),
                f"{ctx.target.id} reads frontmatter line by line, not as YAML: `{key}` reaches it with its "
                "backslash escapes kept (`\\\"` stays `\\\"`)",
                f"quote `{key}` with single quotes, where `\"` needs no escape: {key}: '...\"...\"...'",
            )
            continue
        shown = ("nothing: it sees no such field" if seen is None
                 else f"`{_clip(seen)}`" if isinstance(seen, str) else "the list " + ", ".join(f"`{v}`" for v in seen))
        yield Finding(
            doc.locate((key,), key=seen is None),  # a field the runtime never sees: at its key
            f"{ctx.target.id} reads frontmatter line by line, not as YAML: `{key}` reaches it as {shown}",
            _one_line_help(key, value),
        )


def _unescaped(text: str) -> str:
    return text.replace('\\"', '"').replace("\\\\", "\\")


def _clip(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _comparable(value: object) -> bool:
    """Text and lists of text: what a line reader can hold (numbers, maps and nulls are not compared)."""
    return isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))


def _one_line_help(key: str, value: object) -> str:
    if isinstance(value, list):
        return f"write `{key}` as `- item` lines without quotes, or as `[a, b]` without quotes or commas inside items"
    text = " ".join(str(value).split())
    shown = _clip(text)
    quoted = _quoted(shown, text) if ": " in text or text[:1] in "\"'[{&*!|>%@`#" else shown
    return f"write `{key}` on one line{' (quoted: it holds `: `)' if ': ' in text else ''}: {key}: {quoted}"


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


def _quoted(text: str, whole: str | None = None) -> str:
    """`text` quoted as YAML: in double quotes unless the value (`whole`, when `text` is a clipped
    part of it) holds a `"` or a backslash anywhere, which a line reader would keep escaped."""
    if '"' not in (whole or text) and "\\" not in (whole or text):
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
