"""SL155 command-ignored-field: a slash command sets `name` or `paths`.

A command's name is its file name (`commands/deploy.md` is `/deploy`, subfolders namespace it),
and `paths` (load when files match) is a skill's field: Claude Code's skills docs
(code.claude.com/docs/en/skills, the note on `.claude/commands/`) say commands take the skill
fields except these. The command loads; the field does nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import COMMAND


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    if not doc.frontmatter:
        return
    if "name" in doc.frontmatter:
        yield Finding(doc.locate(("name",), key=True),
                      f"`name` is ignored in a slash command: the command is named after its file, `{doc.file.name}`",
                      f"rename the file to change the command, and remove `name`; or make it a skill "
                      f"(`skills/{doc.file.stem}/SKILL.md`), where `name` counts")
    if "paths" in doc.frontmatter:
        yield Finding(doc.locate(("paths",), key=True), "`paths` is ignored in a slash command: only skills load "
                      "by the files in play", "make it a skill (`skills/<name>/SKILL.md`) to load it by path, or "
                      "remove `paths`")


RULE = SkillRule(
    code="SL155",
    name="command-ignored-field",
    summary="A slash command declares `name` or `paths`, which commands ignore",
    severity=Severity.WARNING,
    check=check,
    documents=(COMMAND,),
)
