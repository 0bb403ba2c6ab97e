"""SL701 body-too-many-tokens: the body is over about 5,000 tokens (characters / 4).

The spec recommends under 5,000 tokens for the instructions; after compaction Claude Code
re-attaches only the first 5,000 tokens of an invoked skill.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.document import Document, Location
from skilllint.model import Severity, Span
from skilllint.registry import Finding, Rule

LIMIT = 5000
CHARS_PER_TOKEN = 4


def check(doc: Document, target=None, ctx=None) -> Iterator[Finding]:
    limit = int((ctx.options if ctx else {}).get("max-body-tokens", LIMIT))
    tokens = -(-len(doc.body) // CHARS_PER_TOKEN)  # ceil: 20,001 characters are over 5,000 tokens
    if tokens > limit:
        yield Finding(
            Location(doc.path, Span(doc.body_line, 1)),
            f"body is about {tokens:,} tokens ({len(doc.body):,} characters / {CHARS_PER_TOKEN}); "
            f"the limit is {limit:,}",
            "move reference material into `references/*.md` and link to it",
        )


RULE = Rule(
    code="SL701",
    name="body-too-many-tokens",
    summary="The SKILL.md body is longer than about 5,000 tokens",
    severity=Severity.WARNING,
    check=check,
)
