"""SL133 extension-field-nonportable: a field some runtimes read, on a target that does not.

`argument-hint` is Claude Code's and Copilot's, `command-dispatch` OpenClaw's, `tags` SISU's:
each runtime's dialect schema (`schemas/frontmatter/<dialect>.schema.json`, with its source)
lists the fields it reads. On a target that does not read the field, the skill loads but the
field does nothing there (skills-ref and the Claude API upload refuse it: "Unexpected fields
in frontmatter"). The finding names the runtimes that read it, and never advises removing it:
that would switch the feature off where it works.

Split with SL132: a key no known runtime reads is SL132's (unknown-field); a key some runtime
reads is this rule's, so one key never gets both findings on one target. Severity: warning on
the portable default (the author may just not have said where the skill runs, and skills-ref
rejects the key) and on a runtime that rejects unknown keys; elsewhere info, since the field only
does nothing there and works where it is read; off on a runtime that reads the field (no finding).
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._fields import format_field, read_elsewhere
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.runtimes.targets import Target


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if not doc.frontmatter or target is None:
        return
    for key in doc.frontmatter:
        if not isinstance(key, str) or format_field(doc, key):
            continue
        owners = read_elsewhere(target, key)
        if not owners:
            continue
        names = _list(owners)
        verb = "reads" if len(owners) == 1 else "read"
        location = doc.locate((key,), key=True)
        if target.tools is None:  # the portable default
            yield Finding(
                location,
                f"`{key}` is not a field of the Agent Skills spec; {names} {verb} it",
                f"lint with `--target {owners[0]}` if this skill is for {owners[0]}; other runtimes ignore "
                "the field, and skills-ref and the Claude API upload reject it",
            )
        else:
            yield Finding(
                location,
                f"`{key}` does nothing on {target.id}; {names} {verb} it",
                f"keep it if the skill also runs on {owners[0]}; otherwise it can go",
            )


def _list(owners: tuple[str, ...], limit: int = 5) -> str:
    """`claude-code`, `claude-code and copilot`, `a, b and c`, `a, b, c, d, e and 2 more`."""
    if len(owners) > limit:
        return f"{', '.join(owners[:limit])} and {len(owners) - limit} more"
    return owners[0] if len(owners) == 1 else f"{', '.join(owners[:-1])} and {owners[-1]}"


def _severity(target: Target) -> str:
    """A warning where the target rejects keys it does not know (the skill fails to load there: the
    portable default's skills-ref, the Claude API upload), else a note: the field does nothing on the
    target, works on the runtimes that read it, and the help says to keep it."""
    return "warning" if target.unknown_fields == "error" else "info"


RULE = SkillRule(
    code="SL133",
    name="extension-field-nonportable",
    summary="A frontmatter field only some runtimes read, on a target that does not read it",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
    runtime_severity=_severity,
)
