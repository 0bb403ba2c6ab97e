"""SL700 body-too-many-lines: the SKILL.md body is over 500 lines.

The whole body enters the context when the skill activates; the spec asks to keep it under
500 lines and move detail into referenced files loaded on demand.

A body over both this limit and SL701's token limit gets one size finding, not two: the first
of the two rules reports both numbers (SL700 when it is on, else SL701) and the other stays
quiet. The two share the measuring code and the two options below.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from skilllint.checks.rule import Finding, Option, SkillContext, SkillRule
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location
from skilllint.core.records import FrozenRecord

MAX_LINES = Option("max-body-lines", int, 500, "lines of body above which SL700 reports", minimum=1)
MAX_TOKENS = Option("max-body-tokens", int, 5000, "estimated tokens of body above which SL701 reports", minimum=1)
CHARS_PER_TOKEN = 4
HELP = "move reference material into `references/*.md` and link to it"


class BodySize(FrozenRecord):
    __slots__ = ("lines", "max_lines", "chars", "max_tokens")
    lines: Final[int]
    max_lines: Final[int]
    chars: Final[int]
    max_tokens: Final[int]

    def __init__(self, lines: int, max_lines: int, chars: int, max_tokens: int) -> None:
        self.lines = lines
        self.max_lines = max_lines
        self.chars = chars
        self.max_tokens = max_tokens

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


def body_size(ctx: SkillContext) -> BodySize:
    body = ctx.doc.body.rstrip("\n")
    lines = body.count("\n") + 1 if body else 0  # trailing blank lines are not counted
    return BodySize(lines, ctx.option(MAX_LINES), len(ctx.doc.body), ctx.option(MAX_TOKENS))


def reports_both(ctx: SkillContext, size: BodySize, code: str) -> bool | None:
    """For a body over both limits: True when `code` gives the one finding (SL700 when it
    runs, else SL701), False when the other one does. None otherwise."""
    if not (size.over_lines and size.over_tokens):
        return None
    reporter = "SL700" if ctx.is_active("SL700") else "SL701"
    return reporter == code


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    size = body_size(ctx)
    if not size.over_lines:
        return
    both = reports_both(ctx, size, "SL700")
    if both is False:
        return
    yield Finding(
        Location(doc.path, Span(doc.body_line + size.max_lines, 1)),
        size.both() if both else f"body is {size.lines:,} lines long; the limit is {size.max_lines:,}",
        HELP,
    )


RULE = SkillRule(
    code="SL700",
    name="body-too-many-lines",
    summary="The SKILL.md body is longer than 500 lines",
    severity=Severity.WARNING,
    check=check,
    options=(MAX_LINES,),
)
