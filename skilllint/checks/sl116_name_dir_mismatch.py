"""SL116 name-dir-mismatch: `name` differs from the skill's folder name.

The spec requires them to match; in Claude Code the folder name is the command and `name`
only a label, so a mismatch shows users two names. A plugin-root SKILL.md (beside
`.claude-plugin/`) is named by its plugin, not its folder, and is skipped.

The help suggests only valid skill names (`a-z 0-9`, single hyphens, at most 64 characters):
renaming the folder to the `name` when the `name` is valid, else a valid slug for both. An invalid
`name` is one problem, SL111-SL115's to report: their help names the folder's name when it is valid
(`acme/skills@summarizer` in `summarizer/`: "use `acme-skills-summarizer`, or `summarizer`"), and
SL116 stays quiet while one of them is on. With all of them off, SL116 judges the name as their help
would fix it (`PDF Processing` as `pdf-processing`).
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterator

from skilllint.checks._helpers import skill_name, slug, valid_name
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity

NAME_RULES = ("SL111", "SL112", "SL113", "SL114", "SL115")
"""The rules that report an invalid `name` itself."""


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    name = skill_name(doc)
    if name is None:
        return
    folder = unicodedata.normalize("NFKC", doc.dir_name)
    if name == folder:
        return
    name_ok = valid_name(name)
    if not name_ok and any(ctx.is_active(code) for code in NAME_RULES):
        return  # one problem, the invalid name: the rule that reports it names the folder's name too
    fixed = name if name_ok else slug(name)  # the name once SL111-SL115 are fixed as they suggest
    if fixed == folder:
        return
    if doc.fs.isdir(os.path.join(doc.skill_dir, ".claude-plugin")):
        return
    folder_ok = valid_name(folder)
    if name_ok:
        help_text = f"rename the folder to `{name}`" + (f", or set `name: {folder}`" if folder_ok else "")
    elif folder_ok:
        help_text = f"set `name: {folder}`" + (f", or rename the folder to `{fixed}` and set `name: {fixed}`"
                                                if fixed else "")
    else:
        common = fixed or slug(folder)
        help_text = (f"set `name: {common}` and rename the folder to `{common}`" if common else
                     "give the folder and `name` one name of lowercase letters, digits and hyphens")
    yield Finding(
        doc.locate(("name",)),
        f"`name` `{name}` does not match the folder name `{folder}`",
        help_text,
    )


RULE = SkillRule(
    code="SL116",
    name="name-dir-mismatch",
    summary="`name` differs from the name of the folder holding SKILL.md",
    severity=Severity.ERROR,
    check=check,
    per_target=True,  # runtimes differ (severities in skilllint/runtimes/*.yaml)
)
