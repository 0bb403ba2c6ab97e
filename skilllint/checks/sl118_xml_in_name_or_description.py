"""SL118 xml-in-name-or-description: `<` or `>` in `name` or `description`.

The Claude API rejects XML tags there, quick_validate.py rejects any angle bracket, and
Claude Code escapes them in synced skills: the text the model sees is not what was written.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import string_field
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Severity

_TAG = lazyre.compile(r"</?[A-Za-z][^<>]*>")


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    for key in ("name", "description"):
        value = string_field(doc, key)
        if value is None or ("<" not in value and ">" not in value):
            continue
        tag = _TAG.search(value)
        if tag:
            location, _ = doc.locate_within((key,), tag.group(0))
            message = f"`{key}` contains the XML tag `{tag.group(0)}`"
        else:
            char = "<" if "<" in value else ">"
            location, _ = doc.locate_within((key,), char)
            message = f"`{key}` contains an angle bracket `{char}`"
        yield Finding(location, message, "reword without `<` and `>`: the Claude API rejects them")


RULE = SkillRule(
    code="SL118",
    name="xml-in-name-or-description",
    summary="`name` or `description` contains `<` or `>`",
    severity=Severity.WARNING,
    check=check,
    per_target=True,  # runtimes differ (severities in skilllint/runtimes/*.yaml)
)
