"""SL110 name-missing: no `name`, or not a non-empty string.

The spec and every runtime but Claude Code require `name`; Claude Code falls back to the
folder name, so there it is a warning (the runtime file sets the severity).
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import kind_of, quote_help, slug, source_text
from skilllint.checks._tools import where
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import Document


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    if doc.frontmatter is None:
        return
    suggestion = slug(doc.dir_name) or "my-skill"
    if "name" not in doc.frontmatter:
        optional = ctx.target.rule_severity("SL110") in _NOTE  # Claude Code: the folder names the skill
        yield Finding(
            doc.locate(),
            "frontmatter has no `name`",
            f"{where(ctx.target)} names the skill after its folder; add `name: {suggestion}` (matching the folder) "
            "for the spec and the runtimes that require it" if optional else
            f"add `name: {suggestion}` (it must match the folder name)",
        )
        return
    value = doc.frontmatter["name"]
    if isinstance(value, str) and value.strip():
        return
    if value is None or isinstance(value, str):
        yield Finding(doc.locate_key("name"), "`name` is empty", f"write `name: {suggestion}`")
    else:
        yield Finding(doc.locate(("name",)), f"`name` is {kind_of(value)}, not a string",
                      _help(doc, suggestion))


_NOTE = ("warning", "info")
"""The levels a runtime file sets for a runtime that loads a skill without `name` (claude-code.yaml)."""


def _help(doc: Document, suggestion: str) -> str:
    """Quote what was written when that is the folder's name (`name: yes` in `yes/`);
    otherwise suggest the folder's name, which SL116 would ask for anyway."""
    written = source_text(doc, ("name",))
    if written is not None and written == doc.dir_name:
        return quote_help(doc, "name", f"write `name: {suggestion}`")
    return f"write `name: {suggestion}`"


RULE = SkillRule(
    code="SL110",
    name="name-missing",
    summary="The frontmatter has no `name`, or it is not a non-empty string",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
)
