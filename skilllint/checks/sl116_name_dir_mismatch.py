"""SL116 name-dir-mismatch: `name` differs from the skill's folder name.

The spec requires them to match; in Claude Code the folder name is the command and `name`
only a label, so a mismatch shows users two names. A difference only in case is left to
SL112 (fixing the case fixes both). A plugin-root SKILL.md (beside `.claude-plugin/`)
is named by its plugin, not its folder, and is skipped.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from skilllint.checks._helpers import skill_name
from skilllint.document import Document
from skilllint.model import Severity
from skilllint.registry import Finding, Rule


def check(doc: Document, target=None, ctx=None) -> Iterator[Finding]:
    name = skill_name(doc)
    if name is None:
        return
    folder = unicodedata.normalize("NFKC", doc.dir_name)
    if name == folder or name.lower() == folder.lower():
        return
    if (doc.skill_dir / ".claude-plugin").is_dir():
        return
    yield Finding(
        doc.locate(("name",)),
        f"`name` `{name}` does not match the folder name `{folder}`",
        f"rename the folder to `{name}`, or set `name: {folder}`",
    )


RULE = Rule(
    code="SL116",
    name="name-dir-mismatch",
    summary="`name` differs from the name of the folder holding SKILL.md",
    severity=Severity.ERROR,
    check=check,
)
