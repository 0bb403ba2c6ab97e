"""SL126 compatibility-invalid: `compatibility` present but not a string of 1 to 500 characters."""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import kind_of, quote_help
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.schema import errors_for

LIMIT = 500


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    if doc.frontmatter is None or "compatibility" not in doc.frontmatter:
        return
    value = doc.frontmatter["compatibility"]
    if isinstance(value, str) and 0 < len(value) <= LIMIT and value.strip():
        return
    if isinstance(value, str) and value and not value.strip():
        yield Finding(doc.locate(("compatibility",)), "`compatibility` is only whitespace",
                      "remove it, or say what the skill needs")
        return
    if value is None:
        yield Finding(doc.locate_key("compatibility"), "`compatibility` is empty",
                      "remove it, or say what the skill needs")
        return
    for error in errors_for(doc, "agentskills"):
        if error.path[:1] != ("compatibility",):
            continue
        if error.keyword == "type":
            message = f"`compatibility` is {kind_of(value)}, not a string"
            help_text = quote_help(doc, "compatibility",
                                   'write one line of text, e.g. `compatibility: "Requires git and network access"`')
        elif error.keyword == "minLength":
            message, help_text = "`compatibility` is empty", "remove it, or say what the skill needs"
        else:
            message = f"`compatibility` is {len(value):,} characters long; the limit is {LIMIT}"
            help_text = "keep it to the environment requirements; move details into the body"
        yield Finding(doc.locate(("compatibility",)), message, help_text)
        return


RULE = SkillRule(
    code="SL126",
    name="compatibility-invalid",
    summary="`compatibility` is not a string of 1 to 500 characters",
    severity=Severity.ERROR,
    check=check,
)
