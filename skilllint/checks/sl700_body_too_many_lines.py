"""SL700 body-too-many-lines: the SKILL.md body is over 500 lines.

The whole body enters the context when the skill activates; the spec asks to keep it under
500 lines and move detail into referenced files loaded on demand.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.document import Document, Location
from skilllint.model import Severity, Span
from skilllint.registry import Finding, Rule

LIMIT = 500


def check(doc: Document, target=None, ctx=None) -> Iterator[Finding]:
    limit = int((ctx.options if ctx else {}).get("max-body-lines", LIMIT))
    body = doc.body.rstrip("\n")
    if not body:
        return
    count = body.count("\n") + 1
    if count > limit:
        line = doc.body_line + limit
        yield Finding(
            Location(doc.path, Span(line, 1)),
            f"body is {count:,} lines long; the limit is {limit:,}",
            "move reference material into `references/*.md` and link to it",
        )


RULE = Rule(
    code="SL700",
    name="body-too-many-lines",
    summary="The SKILL.md body is longer than 500 lines",
    severity=Severity.WARNING,
    check=check,
)
