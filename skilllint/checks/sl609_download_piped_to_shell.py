"""SL609 download-piped-to-shell: a command that runs what it downloads, unseen.

`curl https://... | sh`, `wget -O- ... | bash`, `bash <(curl ...)`, `iwr ... | iex`: the script
runs with the user's permissions the moment it arrives, whatever the server sends that day,
and nobody (the user, the reviewer of the skill) sees it first. Told to an agent that runs
commands, it is remote code execution by instruction. Only code is judged (the lines of code
blocks and inline code: what the skill tells the model to run); prose that warns about the
pattern is a mention, not a use. The skill's bundled scripts are read too, every line (a
Markdown reference is not: reading every byte of every reference for this would cost more than
the rest of the check).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skilllint.checks._bundled import bundled_texts
from skilllint.checks._code import code_lines
from skilllint.checks._hidden import lowered
from skilllint.document import DOCUMENT_KINDS
from skilllint.model import Severity, Span
from skilllint.readfacts import Location
from skilllint.rule import Finding, SkillContext, SkillRule

FETCH = r"(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)"
RUNNER = (r"(?:sudo\s+(?:-\S+\s+)*)?(?:ba|z|k|da|fi)?sh|iex|invoke-expression"
          r"|(?:python[23]?|perl|ruby|node)(?!\s+-[cemE]\b)")
"""What runs its standard input: a shell, PowerShell's `iex`, or an interpreter reading a script from
it (`python3 -c '...'` or `-m json.tool` reads the download as data, not code)."""
PATTERNS = (
    re.compile(rf"\b{FETCH}\b[^\n|;&]*\|\s*(?:{RUNNER})\b", re.IGNORECASE),
    re.compile(rf"\b(?:(?:ba|z|k|da)?sh|source|\.)\s+(?:-c\s+)?[\"']?(?:<\(|\$\()\s*{FETCH}\b", re.IGNORECASE),
    re.compile(rf"\b(?:iex|invoke-expression)\b[\s(]*(?:\(\s*)?(?:new-object\s+net\.webclient\)?\.downloadstring|{FETCH})",
               re.IGNORECASE),
)


TRIGGERS = (b"curl", b"wget", b"iwr ", b"irm ", b"invoke-", b"downloadstring")
"""Words a download command holds: `iwr`/`irm` with their space (`confirm` holds `irm`), and
`DownloadString` for `iex (New-Object Net.WebClient).DownloadString(...)`, which names no other."""


def _maybe(text: str) -> bool:
    """A fast test (C-level `in` on the lower-cased text) that a download command can be there."""
    lower = lowered(text)
    return any(word in lower for word in TRIGGERS)


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    if doc.body and _maybe(doc.body):
        for number, column, text in code_lines(doc):
            yield from _judge(doc.path, number, column, text)
    for bundled in bundled_texts(doc):
        if bundled.all_code and _maybe(bundled.text):
            for number, text in bundled.code_lines():
                yield from _judge(bundled.path, number, 1, text)


def _judge(path: str, number: int, column: int, text: str) -> Iterator[Finding]:
    if "|" not in text and "(" not in text and "iex" not in text.lower():
        return  # every pattern needs a pipe, a `<(`/`$(`, or `iex`
    for pattern in PATTERNS:
        match = pattern.search(text)
        if match is None:
            continue
        start = column + match.start()
        yield Finding(Location(path, Span(number, start, number, column + match.end())),
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
)
