"""SL304 reference-escapes-root: a reference that leaves the skill folder (`../shared/x.md`).

A skill is installed, zipped and uploaded as its folder alone; anything outside it is not
there at run time.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._files import file_references, resolve_in_skill
from skilllint.document import Document
from skilllint.model import Severity
from skilllint.registry import Finding, Rule


def check(doc: Document, target=None, ctx=None) -> Iterator[Finding]:
    for reference in file_references(doc):
        _, inside = resolve_in_skill(doc, reference.path)
        if not inside:
            yield Finding(
                reference.location,
                f"`{reference.path}` points outside the skill folder",
                "copy the file into the skill (e.g. `references/`) and link to the copy",
            )


RULE = Rule(
    code="SL304",
    name="reference-escapes-root",
    summary="A file reference in the instructions resolves outside the skill folder",
    severity=Severity.ERROR,
    check=check,
)
