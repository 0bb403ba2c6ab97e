"""SL302 backslash-path: a skill path written with backslashes (`scripts\\helper.py`).

Backslashes work only on Windows; on macOS and Linux the model and the shell look for a
file whose name contains a backslash. Forward slashes work everywhere. Besides links and code
spans (the file references SL300 reads), plain prose is searched for a path into one of the
spec's folders (`See references\\guide.md`), outside code and links.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._files import file_references, missing
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location
from skilllint.reading.document import Document

_PROSE_PATH = lazyre.compile(r"(?<![\w\\/.:$%-])((?:scripts|references|assets)(?:\\[A-Za-z0-9_.-]+)+)")


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    for reference in file_references(doc):
        if "\\" in reference.path:
            if ctx.is_active("SL300") and missing(doc, reference):
                continue  # the file is missing too: SL300's finding says both
            fixed = reference.path.replace("\\", "/")
            yield Finding(reference.location, f"path `{reference.path}` uses backslashes", f"write `{fixed}`")
    yield from _in_prose(doc)


def _in_prose(doc: Document) -> Iterator[Finding]:
    """Backslash paths into the spec's folders in the body's text, outside code and links."""
    if "\\" not in doc.body:
        return
    scan = doc.markdown
    taken: dict[int, list[tuple[int, int]]] = {}
    for span in scan.code_spans:
        for line in range(span.line, span.end_line + 1):
            taken.setdefault(line, []).append((span.column - 1 if line == span.line else 0,
                                               span.end_column if line == span.end_line else 1 << 30))
    for link in scan.links:
        taken.setdefault(link.line, []).append((link.column - 2, link.end_column + 1))
    for offset, text in enumerate(doc.body.split("\n")):
        if "\\" not in text:
            continue
        line = doc.body_line + offset
        if doc.in_fence(line):
            continue
        for match in _PROSE_PATH.finditer(text):
            start, end = match.span(1)
            if any(low <= start < high for low, high in taken.get(line, ())):
                continue
            path = match.group(1).rstrip(".")
            yield Finding(Location(doc.path, Span.on_line(line, start + 1, len(path))),
                          f"path `{path}` uses backslashes", f"write `{path.replace(chr(92), '/')}`")


RULE = SkillRule(
    code="SL302",
    name="backslash-path",
    summary="A skill file path written with backslashes instead of forward slashes",
    severity=Severity.WARNING,
    check=check,
)
