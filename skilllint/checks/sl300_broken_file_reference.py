"""SL300 broken-file-reference: a link or skill path in the instructions to a missing file.

The model is told to read `references/forms.md` or run `scripts/fill.py`; if the file is not
in the skill it fails, or worse, improvises. Paths are relative to the skill folder.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._files import exists, file_references, resolve_in_skill
from skilllint.document import Document
from skilllint.model import Severity
from skilllint.registry import Finding, Rule


def check(doc: Document, target=None, ctx=None) -> Iterator[Finding]:
    for reference in file_references(doc):
        if "\\" in reference.path:
            continue  # SL302's
        full, inside = resolve_in_skill(doc, reference.path)
        if not inside:
            continue  # SL304's
        if not exists(doc, full):
            what = "link target" if reference.kind == "link" else "file"
            yield Finding(
                reference.location,
                f"{what} `{reference.path}` does not exist in the skill folder",
                "fix the path (relative to the folder holding SKILL.md) or add the file",
            )


RULE = Rule(
    code="SL300",
    name="broken-file-reference",
    summary="A Markdown link or skill path in the instructions points to a file that does not exist",
    severity=Severity.ERROR,
    check=check,
)
