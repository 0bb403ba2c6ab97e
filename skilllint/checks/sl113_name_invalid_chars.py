"""SL113 name-invalid-chars: characters outside `a-z`, `0-9` and `-` in `name`.

Uppercase letters are SL112's. Non-ASCII letters and digits are a warning: skills-ref
accepts them (`isalnum`), but the spec text, every runtime and the model APIs do not.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import name_help, skill_name
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity


def _allowed(char: str) -> bool:
    return "a" <= char <= "z" or "0" <= char <= "9" or char == "-" or "A" <= char <= "Z"


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    name = skill_name(doc)
    if name is None:
        return
    bad = sorted({c for c in name if not _allowed(c)}, key=name.index)
    if not bad:
        return
    shown = " ".join(f"`{c}`" if c.isprintable() and not c.isspace() else f"U+{ord(c):04X}" for c in bad)
    only_letters = all(c.isalnum() and c.lower() == c for c in bad)
    help_text = name_help(doc, name)
    if only_letters:
        yield Finding(
            doc.locate(("name",)),
            f"`name` `{name}` has non-ASCII characters {shown}: runtimes and model APIs accept only `a-z 0-9 -`",
            help_text,
            Severity.WARNING,
        )
        return
    yield Finding(
        doc.locate(("name",)),
        f"`name` `{name}` has characters outside `a-z 0-9 -`: {shown}",
        help_text,
    )


RULE = SkillRule(
    code="SL113",
    name="name-invalid-chars",
    summary="`name` has characters outside lowercase letters, digits and hyphens",
    severity=Severity.ERROR,
    check=check,
    per_target=True,  # runtimes differ (severities in skilllint/runtimes/*.yaml)
)
