"""SL603 bidi-control: bidirectional embedding, override or isolate controls in left-to-right text.

U+202A-U+202E and U+2066-U+2069 reorder what follows them on screen: `report\u202egpj.exe`
displays as `reportexe.jpg` (the "Trojan Source" attacks, CVE-2021-42574), so a reviewer reads
one thing and the model another. Right-to-left prose (Hebrew, Arabic, ...) may need them, so a
line holding right-to-left letters is left alone. The finding shows the line as stored, with
the controls spelled out, and, for an override (U+202E, U+202D), roughly as it displays. The
skill's bundled text files (`references/`, `scripts/`) are read too.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._hidden import BIDI, RTL, every_text, file_lines, may_hold, name, shown
from skilllint.checks.rule import FileContext, Finding, SkillContext, SkillRule
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location
from skilllint.core.textsafe import escape
from skilllint.reading.document import DOCUMENT_KINDS
from skilllint.reading.jsonfile import ALL_KINDS

RLO, LRO, PDF = "\u202e", "\u202d", "\u202c"
LIMIT = 120  # characters of the line quoted


def displayed(line: str) -> str:
    """The line roughly as a screen shows it: what follows a right-to-left override, up to its
    pop (U+202C) or the end of the line, reversed; the controls themselves drawn as nothing."""
    out, rest = [], line
    while RLO in rest:
        before, _, after = rest.partition(RLO)
        inside, _, rest = after.partition(PDF)
        out.append(before + inside[::-1])
    out.append(rest)
    return BIDI.sub("", "".join(out))


def check(ctx: SkillContext) -> Iterator[Finding]:
    for path, number, line, _ in every_text(ctx.doc, BIDI, may_hold("bidi")):
        yield from _line(path, number, line)


def check_file(ctx: FileContext) -> Iterator[Finding]:
    """The same in a project's JSON files (settings, hooks, plugin manifests, MCP configs)."""
    for number, line in file_lines(ctx.file, BIDI, may_hold("bidi")):
        yield from _line(ctx.file.path, number, line)


def _line(path: str, number: int, line: str) -> Iterator[Finding]:
    if RTL.search(line):
        return  # right-to-left prose uses them
    first = BIDI.search(line)
    assert first is not None
    controls = sorted({m.group() for m in BIDI.finditer(line)})
    named = ", ".join(name(c) for c in controls)
    stored = escape(shown(line.strip())[:LIMIT])
    shows = ""
    if RLO in line or LRO in line:
        shows = f"; it displays as `{escape(displayed(line).strip()[:LIMIT])}`"
    yield Finding(Location(path, Span(number, first.start() + 1, number, first.start() + 2)),
                  f"bidirectional control character ({named}) in left-to-right text: the line is stored as "
                  f"`{stored}`{shows}",
                  "delete the control characters: what reviewers see must be what the model reads")


RULE = SkillRule(
    code="SL603",
    name="bidi-control",
    summary="Bidi embedding, override or isolate controls (U+202A-U+202E, U+2066-U+2069) outside right-to-left text",
    severity=Severity.ERROR,
    check=check,
    documents=DOCUMENT_KINDS,
    files=ALL_KINDS,
    file_check=check_file,
)
