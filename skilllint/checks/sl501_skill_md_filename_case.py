"""SL501 skill-md-filename-case: `skill.md`, `Skill.md` or `SKILL.MD` instead of `SKILL.md`.

Every runtime looks for exactly `SKILL.md`; on a case-sensitive file system a skill
saved under another spelling is silently not a skill.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.document import Document, Location
from skilllint.model import Severity, Span
from skilllint.registry import Finding, Rule, input_problems

_beside = input_problems("SL501")


def check(doc: Document, target=None, ctx=None) -> Iterator[Finding]:
    """Runs on skill documents and on the discovery's problems (`skill.md` beside `SKILL.md`)."""
    yield from _beside(doc)
    if isinstance(doc, Document) and doc.file.name != "SKILL.md":
        yield Finding(
            Location(doc.path, Span(1, 1)),
            f"skill file is named `{doc.file.name}`; runtimes only load `SKILL.md`",
            f"rename it: git mv {doc.file.name} SKILL.md",
        )


RULE = Rule(
    code="SL501",
    name="skill-md-filename-case",
    summary="The skill file is spelled `skill.md`, `Skill.md` or `SKILL.MD` instead of `SKILL.md`",
    severity=Severity.ERROR,
    check=check,
    scope="input",
)
