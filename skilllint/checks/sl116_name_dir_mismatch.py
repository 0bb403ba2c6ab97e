"""SL116 name-dir-mismatch: `name` differs from the skill's folder name.

The spec requires them to match; in Claude Code the folder name is the command and `name`
only a label, so a mismatch shows users two names. A plugin-root SKILL.md (beside
`.claude-plugin/`) is named by its plugin, not its folder, and is skipped.

The help suggests only valid skill names (`a-z 0-9`, single hyphens, at most 64 characters):
renaming the folder to the `name` when the `name` is valid, else setting `name` to the folder
name when that is valid, else to a valid slug for both. An invalid `name` is SL111-SL115's to
report; SL116 judges it as those rules' help fixes it (`PDF Processing` as `pdf-processing`)
and stays quiet when that fix makes it match the folder.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterator

from skilllint.checks._helpers import skill_name, slug
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Severity

_VALID = lazyre.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def valid_name(text: str) -> bool:
    """A name every runtime and the spec accept: lowercase ASCII letters, digits, single inner hyphens."""
    return len(text) <= 64 and _VALID.fullmatch(text) is not None


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    name = skill_name(doc)
    if name is None:
        return
    folder = unicodedata.normalize("NFKC", doc.dir_name)
    if name == folder:
        return
    name_ok = valid_name(name)
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
