"""SL123 description-person: a description that speaks as "I" or addresses "you".

Anthropic's skill authoring best practices: "Always write in third person. The description is
injected into the system prompt", and they name "I can help you process Excel files" and "You
can use this to process Excel files" as descriptions to avoid. The spec's guide on descriptions
asks for imperative phrasing ("Use this skill when ..."), which is neither, so it stays quiet.
A heuristic: only a description that opens with a first-person subject (`I can`, `I'll`,
`We`, `Let me`) or that offers itself to the reader (`you can use this`, `I can help you`,
`this skill lets you`) is flagged; a "you" elsewhere in the text is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skilllint.checks._helpers import string_field
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location

_OPENS_AS_I = lazyre.compile(r"^\W*(?:I(?:'m|'ll| am| will| can| help)?|We(?:'re|'ll| are| will| can)?"
                             r"|Let me|Let us)\b")
_OFFERS_ITSELF = lazyre.compile(r"\b(?:you can use (?:this|me|it)|I can help|I will help|I'll help|"
                                r"this skill (?:lets|helps|allows) you)\b", re.I)


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    text = string_field(doc, "description")
    if text is None:
        return
    match = _OPENS_AS_I.match(text) or _OFFERS_ITSELF.search(text)
    if match is None:
        return
    location = doc.locate(("description",))
    said = match.group(0).strip(" \t\n\"'*_-")
    if location.span.end_line == location.span.line and "\n" not in text:
        start = doc.line_text(location.span.line).find(said, location.span.column - 1)
        if start >= 0:
            location = Location(doc.path, Span.on_line(location.span.line, start + 1, len(said)))
    yield Finding(
        location,
        f"`description` speaks in the first or second person (`{said}`); runtimes put it in the system "
        "prompt, where it reads as the model's own voice",
        "describe the skill in the third person, then say when to use it: "
        "`Fixes flaky async tests. Use when a test passes and fails at random.`",
    )


RULE = SkillRule(
    code="SL123",
    name="description-person",
    summary="A first- or second-person self-description (`I can`, `You can use this`)",
    severity=Severity.WARNING,
    check=check,
)
