"""SL700 body-too-many-lines: the SKILL.md body is over 500 lines.

The whole body enters the context when the skill activates; the spec asks to keep it under
500 lines and move detail into referenced files loaded on demand.

A body over both this limit and SL701's token limit gets one size finding, not two: the first
of the two rules to run on the document reports both numbers and the other stays quiet
(rules run in code order, so it is SL700). Either rule selected alone still reports its own
limit. The two share the measuring code below.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from skilllint.document import Document, Location
from skilllint.model import Severity, Span
from skilllint.registry import Finding, Rule

LIMIT = 500
TOKEN_LIMIT = 5000
CHARS_PER_TOKEN = 4
HELP = "move reference material into `references/*.md` and link to it"


@dataclass(frozen=True, slots=True)
class BodySize:
    lines: int
    max_lines: int
    chars: int
    max_tokens: int

    @property
    def tokens(self) -> int:
        return -(-self.chars // CHARS_PER_TOKEN)  # ceil: 20,001 characters are over 5,000 tokens

    @property
    def over_lines(self) -> bool:
        return self.lines > self.max_lines

    @property
    def over_tokens(self) -> bool:
        return self.tokens > self.max_tokens

    def both(self) -> str:
        """The message of the one finding for a body over both limits."""
        return (f"body is {self.lines:,} lines and about {self.tokens:,} tokens long "
                f"({self.chars:,} characters / {CHARS_PER_TOKEN}); "
                f"the limits are {self.max_lines:,} lines and {self.max_tokens:,} tokens")


def body_size(doc: Document, ctx) -> BodySize:
    options = ctx.options if ctx else {}
    body = doc.body.rstrip("\n")
    lines = body.count("\n") + 1 if body else 0  # trailing blank lines are not counted
    return BodySize(lines, int(options.get("max-body-lines", LIMIT)), len(doc.body),
                    int(options.get("max-body-tokens", TOKEN_LIMIT)))


def reports_both(doc: Document, size: BodySize, code: str) -> bool | None:
    """For a body over both limits: True when `code` gives the one finding (it is the first of
    SL700/SL701 to run on this document), False when the other one did. None otherwise."""
    if not (size.over_lines and size.over_tokens):
        return None
    return doc.cache.setdefault("body-size-reported-by", code) == code


def check(doc: Document, target=None, ctx=None) -> Iterator[Finding]:
    size = body_size(doc, ctx)
    if not size.over_lines:
        return
    both = reports_both(doc, size, "SL700")
    if both is False:
        return
    yield Finding(
        Location(doc.path, Span(doc.body_line + size.max_lines, 1)),
        size.both() if both else f"body is {size.lines:,} lines long; the limit is {size.max_lines:,}",
        HELP,
    )


RULE = Rule(
    code="SL700",
    name="body-too-many-lines",
    summary="The SKILL.md body is longer than 500 lines",
    severity=Severity.WARNING,
    check=check,
)
