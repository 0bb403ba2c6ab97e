"""SL602 hidden-tag-characters: Unicode Tag characters, text no editor or diff shows.

The Tag block (U+E0000-U+E007F) mirrors ASCII: U+E0041 is a hidden `A`. Editors, diffs and
review tools draw nothing for them, while the model reads the letters, so a run of them is an
instruction nobody reviewed ("ASCII smuggling"; Unicode Technical Standard #51 keeps them for
emoji tag sequences only). The finding decodes the hidden text. A run right after U+1F3F4 (the
black flag) ending in U+E007F is an emoji flag of a region (England, Scotland, Wales) and is
left alone. The skill's bundled text files (`references/`, `scripts/`) are read too: the model
reads them as well.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._hidden import TAGS, every_text, file_lines, may_hold
from skilllint.checks.rule import FileContext, Finding, SkillContext, SkillRule
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location
from skilllint.core.textsafe import escape
from skilllint.reading.document import DOCUMENT_KINDS
from skilllint.reading.jsonfile import ALL_KINDS

FLAG = "\U0001f3f4"
CANCEL = "\U000e007f"


def decode(run: str) -> str:
    """The ASCII the tags stand for; the language tag and the cancel tag as `<lang>`/`<end>`."""
    out = []
    for char in run:
        code = ord(char) - 0xE0000
        out.append(chr(code) if 0x20 <= code <= 0x7E else "<lang>" if code == 1 else "<end>" if code == 0x7F else "?")
    return "".join(out)


def check(ctx: SkillContext) -> Iterator[Finding]:
    for path, number, line, _ in every_text(ctx.doc, TAGS, may_hold("tags")):
        yield from _line(path, number, line)


def check_file(ctx: FileContext) -> Iterator[Finding]:
    """The same in a project's JSON files (settings, hooks, plugin manifests, MCP configs); there the
    characters may also be written as escapes (`\\udb40\\udc49`), which no reviewer reads as text
    either: each string value holding them once decoded is reported at the value."""
    file = ctx.file
    found = False
    for number, line in file_lines(file, TAGS, may_hold("tags")):
        found = True
        yield from _line(file.path, number, line)
    if found or file.text is None or "\\u" not in file.text:  # JSON writes escapes with a lower-case u only
        return
    for path, value in _strings(file.data, ()):
        match = TAGS.search(value)
        if match is not None:
            yield Finding(file.locate(path), f"hidden text in Unicode Tag characters written as JSON escapes, "
                          f"read by the runtime and the model once decoded: `{escape(decode(match.group()))}`",
                          "delete the escapes; if the text is meant, write it as plain text")


def _strings(value: object, path: tuple[object, ...]) -> Iterator[tuple[tuple[object, ...], str]]:
    """Every string value of parsed JSON, with its path."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, index))


def _line(path: str, number: int, line: str) -> Iterator[Finding]:
    for match in TAGS.finditer(line):
        start, run = match.start(), match.group()
        if start > 0 and line[start - 1] == FLAG and run.endswith(CANCEL):
            continue  # an emoji subdivision flag
        hidden = decode(run)
        yield Finding(Location(path, Span(number, start + 1, number, match.end() + 1)),
                      f"hidden text in {len(run)} Unicode Tag characters, invisible in editors and diffs but "
                      f"read by the model: `{escape(hidden)}`",
                      "delete them; if the text is meant, write it as plain text where reviewers can see it")


RULE = SkillRule(
    code="SL602",
    name="hidden-tag-characters",
    summary="Unicode Tag characters (U+E0000-U+E007F): text the model reads and no reviewer sees",
    severity=Severity.ERROR,
    check=check,
    documents=DOCUMENT_KINDS,
    files=ALL_KINDS,
    file_check=check_file,
)
