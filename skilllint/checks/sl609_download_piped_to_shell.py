"""SL609 download-piped-to-shell: a command that runs what it downloads, unseen.

`curl https://... | sh`, `wget -O- ... | bash`, `bash <(curl ...)`, `iwr ... | iex`: the script
runs with the user's permissions the moment it arrives, whatever the server sends that day,
and nobody (the user, the reviewer of the skill) sees it first. Told to an agent that runs
commands, it is remote code execution by instruction. Only code is judged (the lines of code
blocks and inline code: what the skill tells the model to run); prose that warns about the
pattern is a mention, not a use. The skill's bundled files are read too: every line of a script,
the code blocks of a Markdown reference. A command continued over lines (`\\` at the end) is
judged whole, at its first line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from skilllint.checks._bundled import bundled_texts
from skilllint.checks._code import code_lines
from skilllint.checks._hidden import byte_search, encoded
from skilllint.checks._settings import hook_commands
from skilllint.checks.rule import FileContext, Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location
from skilllint.reading.document import DOCUMENT_KINDS
from skilllint.reading.jsonfile import HOOKS, SETTINGS

FETCH = r"(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)"
RUNNER = (r"(?:sudo\s+(?:-\S+\s+)*)?(?:ba|z|k|da|fi)?sh|iex|invoke-expression"
          r"|(?:python[23]?|perl|ruby|node)(?!\s+-[cemE]\b)")
"""What runs its standard input: a shell, PowerShell's `iex`, or an interpreter reading a script from
it (`python3 -c '...'` or `-m json.tool` reads the download as data, not code)."""
PATTERNS = (
    lazyre.compile(rf"\b{FETCH}\b[^\n|;&]*\|\s*(?:{RUNNER})\b", re.IGNORECASE),
    lazyre.compile(rf"(?:(?<![\w/])/(?:[\w.-]+/)*)?\b(?:(?:ba|z|k|da)?sh|source|\.)\s+(?:-c\s+)?[\"']?(?:<\(|\$\()\s*{FETCH}\b[^)\n]*\)?[\"']?",
                   re.IGNORECASE),
    lazyre.compile(rf"\b(?:iex|invoke-expression)\b[\s(]*(?:\(\s*)?(?:new-object\s+(?:system\.)?net\.webclient\)?\.downloadstring|{FETCH})",
                   re.IGNORECASE),
)


_PREFILTER = rb"(?i:curl|wget|iex|invoke-(?:webrequest|restmethod|expression)|\biwr\b|\birm\b)"
"""A fast test that a download piped into a runner can be there: every word `PATTERNS` needs,
in any case as they match it (`CURL` runs where the file system is case-blind, as macOS's is), a
short one (`iwr`, `irm`) only as a word (`confirm` is common). One RE2 pass over the text's bytes:
in Latin-1 mode `\\b` and case know ASCII letters only, so the test lets through all that the
patterns' Unicode `\\b` does, and more. It used to skip `iwr URL | bash` and `WGET URL | sh`."""


def _maybe(text: str) -> bool:
    return byte_search(_PREFILTER)(encoded(text)) is not None


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    if doc.body and _maybe(doc.body):
        for number, column, text, width in _commands(code_lines(doc)):
            yield from _judge(doc.path, number, column, text, width)
    for bundled in bundled_texts(doc):
        if _maybe(bundled.text):
            lines = ((number, 1, text) for number, text in bundled.code_lines())
            for number, column, text, width in _commands(lines):
                yield from _judge(bundled.path, number, column, text, width)


def check_file(ctx: FileContext) -> Iterator[Finding]:
    """A hook in a settings or hooks file whose command pipes a download into a shell: it runs at
    every matching event, with nobody reading it first."""
    for command, location in hook_commands(ctx.file):
        if not _maybe(command):
            continue
        span = location.span
        one_line = span.end_line in (None, span.line) and "\\" not in command
        column = span.column + 1 if one_line else span.column  # past the opening quote
        for finding in _judge(location.path, span.line, column, command, len(command)):
            yield finding if one_line else Finding(location, finding.message, finding.help)


def _commands(lines: Iterable[tuple[int, int, str]]) -> Iterator[tuple[int, int, str, int]]:
    """(line, column, text, width of its first line) of each command: a line ending in `\\` is
    joined with the lines that continue it (`curl -fsSL URL \\` then `| sudo bash`)."""
    pending: tuple[int, int, str, int, int] | None = None  # first line, column, text so far, width, last line
    for number, column, text in lines:
        if pending is not None:
            first, first_column, joined, width, last = pending
            pending = None
            if number == last + 1:
                joined = joined.rstrip() + " " + text.lstrip()
                if joined.rstrip().endswith("\\"):
                    pending = (first, first_column, joined.rstrip()[:-1], width, number)
                else:
                    yield first, first_column, joined, width
                continue
            yield first, first_column, joined, width
        if text.rstrip().endswith("\\"):
            pending = (number, column, text.rstrip()[:-1], len(text), number)
            continue
        yield number, column, text, len(text)
    if pending is not None:
        yield pending[:4]


def _judge(path: str, number: int, column: int, text: str, width: int) -> Iterator[Finding]:
    if "|" not in text and "(" not in text and "iex" not in text.lower():
        return  # every pattern needs a pipe, a `<(`/`$(`, or `iex`
    for pattern in PATTERNS:
        match = pattern.search(text)
        if match is None:
            continue
        start = column + min(match.start(), max(width - 1, 0))
        yield Finding(Location(path, Span(number, start, number, column + min(match.end(), width))),
                      f"`{match.group().strip()}` runs a downloaded script unseen, with the user's permissions",
                      "download the script to a file, check it (a pinned version, a checksum), then run the "
                      "file; or install the tool with a package manager")
        return


RULE = SkillRule(
    code="SL609",
    name="download-piped-to-shell",
    summary="A command that pipes a download into a shell or interpreter (`curl ... | sh`)",
    severity=Severity.WARNING,
    check=check,
    documents=DOCUMENT_KINDS,
    files=(SETTINGS, HOOKS),
    file_check=check_file,
)
