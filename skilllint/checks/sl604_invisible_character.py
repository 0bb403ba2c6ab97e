"""SL604 invisible-character: a zero-width or other default-ignorable character.

Zero-width spaces, joiners and non-joiners, the word joiner, the soft hyphen, a byte-order mark
inside the text and the other default-ignorable code points render as nothing: `pdf\u200b-tools`
looks like `pdf-tools` but is another name, a tool name with one resolves to no tool, and text
can hide between letters. In `name`, `description` and the tool fields it is an error (they
are matched and shown as identifiers); in the instructions a warning. Left alone: a joiner
between emoji (family and profession sequences), and the joiners of scripts that shape letters
with them (Arabic, Persian, Indic scripts), and a zero-width character splitting a fence, which
shows a fence inside a fenced example without closing it. Each code point is named; a run of
adjacent ones is one finding. The skill's bundled text files (`references/`, `scripts/`) are read too (warnings there).

Fix: a character in the value of `name` or `description` is deleted, when the value then reads
back as the same text without it. Elsewhere (tool lists, the instructions, bundled files) the
finding says where, and the author decides.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from skilllint.checks._fixes import Budget, Expect, literal_start, node_range, offset_of, own_node, text_edit, verified
from skilllint.checks._hidden import INVISIBLE, JOINING_SCRIPTS, every_text, file_lines, may_hold, name
from skilllint.checks._tools import document_tool_fields
from skilllint.checks.rule import FileContext, Finding, SkillContext, SkillRule
from skilllint.core.model import Fix, Severity, Span
from skilllint.core.readfacts import Location
from skilllint.reading.document import DOCUMENT_KINDS, Document
from skilllint.reading.jsonfile import ALL_KINDS

ZWNJ, ZWJ = "\u200c", "\u200d"
IDENTIFIERS = ("name", "description")


def _emoji(char: str) -> bool:
    return ord(char) >= 0x1F000 or 0x2600 <= ord(char) <= 0x27BF or char in "\ufe0f\u2640\u2642"


def _text_joiner(line: str, at: int) -> bool:
    """A ZWJ between emoji, or a ZWNJ/ZWJ beside letters of a script that joins with them."""
    before = line[at - 1] if at > 0 else ""
    after = line[at + 1] if at + 1 < len(line) else ""
    if line[at] == ZWJ and before and after and _emoji(before) and _emoji(after):
        return True
    return line[at] in (ZWNJ, ZWJ) and bool(JOINING_SCRIPTS.match(before or " ") or JOINING_SCRIPTS.match(after or " "))


def _strict_lines(doc: Document, ctx: SkillContext) -> set[int]:
    """The lines of the fields that are identifiers: name, description, the tool fields."""
    lines: set[int] = set()
    if not doc.frontmatter:
        return lines
    for key in (*IDENTIFIERS, *document_tool_fields(doc, ctx.target)):
        if key in doc.frontmatter:
            span = doc.locate((key,)).span
            lines.update(range(span.line, (span.end_line or span.line) + 1))
    return lines


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    strict: set[int] | None = None
    budget = Budget(doc)
    for path, number, line, own in every_text(doc, INVISIBLE, may_hold("invisible")):
        if strict is None:
            strict = _strict_lines(doc, ctx)
        for at, run in _runs(line, number):
            identifier = own and number in strict
            in_frontmatter = own and number < doc.body_line  # a value of name or description may go on
            where = "a name, description or tool list" if identifier else "the text"
            named, shows, delete = _wording(run)
            yield Finding(Location(path, Span(number, at + 1, number, at + 1 + len(run))),
                          f"{named} in {where}: {shows} part of what the model and the runtime read",
                          delete, None if identifier else Severity.WARNING,
                          budget(_deletion, doc, number, at + 1, run) if in_frontmatter else None)


def check_file(ctx: FileContext) -> Iterator[Finding]:
    """The same in a project's JSON files (settings, hooks, plugin manifests, MCP configs): a
    warning, as in a skill's text, since a value's role there is not the rule's to tell."""
    for number, line in file_lines(ctx.file, INVISIBLE, may_hold("invisible")):
        for at, run in _runs(line, number):
            named, shows, delete = _wording(run)
            yield Finding(Location(ctx.file.path, Span(number, at + 1, number, at + 1 + len(run))),
                          f"{named} in the text: {shows} part of what the runtime reads", delete, Severity.WARNING)


def _runs(line: str, number: int) -> Iterator[tuple[int, str]]:
    """The hidden characters of line `number`, each run of adjacent ones as one (start, text): a
    string of zero-width characters (a message hidden in them, or a paste gone wrong) is one thing
    to delete, not a finding per character."""
    start = end = -1
    for match in INVISIBLE.finditer(line):
        at = match.start()
        if _meant(line, at, number):
            continue
        if at != end:
            if end >= 0:
                yield start, line[start:end]
            start = at
        end = at + 1
    if end >= 0:
        yield start, line[start:end]


def _meant(line: str, at: int, number: int) -> bool:
    """Whether the character at `at` of line `number` is text, not hidden: a joiner shaping a
    script's letters, a byte-order mark opening the file, or a fence breaker."""
    return _text_joiner(line, at) or (at == 0 and number == 1 and line[0] == "\ufeff") or _fence_breaker(line, at)


def _fence_breaker(line: str, at: int) -> bool:
    """A zero-width space or joiner splitting a fence (`` ``\u200b` ``, or opening a line before
    ```` ``` ````): the way Markdown authors show a fence inside a fenced example without closing the
    outer one. Deleting it would break the example, and a fence is no word the model could misread."""
    if line[at] not in _BREAKERS:
        return False
    left = right = 0
    while at - left - 1 >= 0 and line[at - left - 1] in "`~":
        left += 1
    while at + right + 1 < len(line) and line[at + right + 1] in "`~":
        right += 1
    if left and right:
        return line[at - 1] == line[at + 1] and left + right >= 3
    return not left and right >= 3 and not line[:at].strip()


_BREAKERS = frozenset("\u200b\u200c\u200d\u2060\ufeff")


def _wording(run: str) -> tuple[str, str, str]:
    """What the message says of the run, in the singular or the plural: its name (`invisible character
    U+200B ZERO WIDTH SPACE`, or `3 invisible characters in a row (U+200B ZERO WIDTH SPACE, U+200C
    ZERO WIDTH NON-JOINER)`, each code point named once), that it shows as nothing, and the help."""
    if len(run) == 1:
        return f"invisible character {name(run)}", "it shows as nothing but is", "delete it"
    names = ", ".join(name(c) for c in dict.fromkeys(run))
    return f"{len(run)} invisible characters in a row ({names})", "they show as nothing but are", "delete them"


def _deletion(doc: Document, line: int, column: int, run: str) -> Fix | None:
    """Delete the characters `run` at `line`, `column` when they are inside the value of `name` or
    `description` and the value then is the same text without them."""
    offset = offset_of(doc, line, column)
    if offset is None:
        return None
    for key in IDENTIFIERS:
        node = own_node(doc, (key,))
        if node is None or not isinstance(node.value, str):
            continue
        low, high = node_range(doc, node)
        if low <= offset and offset + len(run) <= high:
            start = literal_start(doc, node)
            at = None if start is None else offset - start
            title = f"delete the invisible {name(run)}" if len(run) == 1 else \
                f"delete the {len(run)} invisible characters"
            return verified(doc, title, [text_edit(doc, offset, offset + len(run), "")], _without(key, run, at),
                            portable=True)
    return None


def _without(key: str, run: str, at: int | None) -> Expect:
    """The data after the deletion: the value without `run` (at `at` when the value is written as
    is; else wherever, when deleting any one of its `run`s gives the same text)."""

    def expect(data: dict[str, Any]) -> dict[str, Any] | None:
        value = data.get(key)
        if not isinstance(value, str):
            return None
        if at is not None:
            if value[at : at + len(run)] != run:
                return None
            data[key] = value[:at] + value[at + len(run) :]
            return data
        shortened = {value[:i] + value[i + len(run) :] for i in range(len(value)) if value.startswith(run, i)}
        if len(shortened) != 1:
            return None
        data[key] = shortened.pop()
        return data

    return expect


RULE = SkillRule(
    code="SL604",
    name="invisible-character",
    summary="A zero-width or other default-ignorable character (error in name, description and tool lists)",
    severity=Severity.ERROR,
    check=check,
    documents=DOCUMENT_KINDS,
    fixable=True,
    files=ALL_KINDS,
    file_check=check_file,
)
