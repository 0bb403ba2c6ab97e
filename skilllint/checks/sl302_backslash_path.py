"""SL302 backslash-path: a skill path written with backslashes (`scripts\\helper.py`).

Backslashes work only on Windows; on macOS and Linux the model and the shell look for a
file whose name contains a backslash. Forward slashes work everywhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._files import file_references
from skilllint.model import Severity
from skilllint.rule import Finding, SkillContext, SkillRule


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    for reference in file_references(doc):
        if "\\" in reference.path:
            fixed = reference.path.replace("\\", "/")
            yield Finding(reference.location, f"path `{reference.path}` uses backslashes", f"write `{fixed}`")


RULE = SkillRule(
    code="SL302",
    name="backslash-path",
    summary="A skill file path written with backslashes instead of forward slashes",
    severity=Severity.WARNING,
    check=check,
)
