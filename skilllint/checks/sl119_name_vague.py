"""SL119 name-vague: a skill name that says nothing about what the skill does.

Anthropic's skill authoring best practices ask for names that say what the skill does and list
"vague names: `helper`, `utils`, `tools`" and overly generic ones (`documents`, `data`, `files`)
to avoid; Cisco's skill-scanner flags the same as TRIGGER_OVERLY_GENERIC. The model picks a
skill partly by its name, and a user invokes it as `/name`: `utils` tells neither anything.
Only a name made entirely of such words is flagged (`utils`, `data-tools`), never a name with
one specific word in it (`pdf-tools`).
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import string_field
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity

VAGUE = frozenset({"helper", "helpers", "util", "utils", "utility", "utilities", "tools", "tool", "misc",
                   "stuff", "documents", "data", "files", "common", "general"})


def check(ctx: SkillContext) -> Iterator[Finding]:
    name = string_field(ctx.doc, "name")
    if name is None:
        return
    words = name.strip().lower().replace("_", "-").split("-")
    if not all(word in VAGUE for word in words):
        return
    yield Finding(
        ctx.doc.locate(("name",)),
        f"skill name `{name.strip()}` says nothing about what the skill does",
        "name it after its task, e.g. `pdf-form-filling` or `sales-report-builder`",
    )


RULE = SkillRule(
    code="SL119",
    name="name-vague",
    summary="A name that says nothing (`helper`, `utils`, `tools`, `misc`, `data`)",
    severity=Severity.INFO,
    check=check,
)
