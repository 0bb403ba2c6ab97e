"""SL131 allowed-tools-nonportable-form: `allowed-tools` as a YAML list or comma string.

The spec defines a space-separated string; Claude Code also accepts a list or commas
(so the rule is off for that target), but skills-ref and other strict loaders do not.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.model import Severity
from skilllint.rule import Finding, SkillContext, SkillRule
from skilllint.toollist import split_entries


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if target is not None and target.tool_fields.get("allowed-tools", "grant") in ("ignored", "informational"):
        return  # the runtime never reads the list: its form cannot matter there
    value = doc.field("allowed-tools")
    if isinstance(value, list):
        names = [str(v).strip() for v in value if isinstance(v, str) and v.strip()]
        form = "a YAML list"
    elif isinstance(value, str):
        form, parts = split_entries(value)
        if form != "comma":
            return
        names = [p for p, _ in parts if p]
        form = "a comma-separated string"
    else:
        return
    suggestion = " ".join(names)
    if any(" " in name for name in names):
        help_text = ("entries such as `" + next(n for n in names if " " in n) + "` hold spaces, which the "
                     "space-separated form would split: keep the list if the skill is for Claude Code")
    elif suggestion and len(suggestion) < 120:
        help_text = f"write `allowed-tools: {suggestion}`"
    else:
        help_text = "write the tools as one space-separated string"
    yield Finding(
        doc.locate(("allowed-tools",)),
        f"`allowed-tools` is {form}; the spec defines a space-separated string",
        help_text,
    )


RULE = SkillRule(
    code="SL131",
    name="allowed-tools-nonportable-form",
    summary="`allowed-tools` is a YAML list or comma-separated string, not the spec's space-separated string",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
