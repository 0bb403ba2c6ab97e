"""SL121 description-missing: no `description`, or empty or whitespace.

The description is all a model sees before it loads a skill: without it the skill is never
chosen. The spec requires it; Claude Code falls back to the first paragraph (a warning there).
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import kind_of, quote_help
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity

_HELP = "add `description:` saying what the skill does and when to use it"


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    if doc.frontmatter is None:
        return
    if "description" not in doc.frontmatter:
        yield Finding(doc.locate(), "frontmatter has no `description`", _HELP)
        return
    value = doc.frontmatter["description"]
    if isinstance(value, str) and value.strip():
        return
    if value is None or isinstance(value, str):
        yield Finding(doc.locate_key("description"), "`description` is empty", _HELP)
    else:
        yield Finding(
            doc.locate(("description",)),
            f"`description` is {kind_of(value)}, not a string",
            quote_help(doc, "description", "write the description as text"),
        )


RULE = SkillRule(
    code="SL121",
    name="description-missing",
    summary="The frontmatter has no `description`, or it is empty",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
)
