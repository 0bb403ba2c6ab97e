"""SL130 allowed-tools-syntax: unbalanced parentheses, empty entries or `Tool()` in a tool list.

A malformed entry is dropped or, worse, swallows the entries after it: `Bash(git add * Read`
grants nothing of what was meant.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._helpers import quote_help
from skilllint.checks._tools import DEFINITION_TOOL_FIELDS
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import DOCUMENT_KINDS, OPENCODE_AGENT, SKILL
from skilllint.runtimes.toollist import tool_entries

FIELDS = ("allowed-tools", "disallowed-tools")


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    if doc.frontmatter is None:
        return
    for key in FIELDS if doc.kind == SKILL else DEFINITION_TOOL_FIELDS[doc.kind]:
        if key not in doc.frontmatter or doc.frontmatter[key] is None:
            continue
        for entry in tool_entries(doc, key):
            if entry.problem:
                yield Finding(entry.location, f"`{key}`: {entry.problem}", quote_help(doc, key, _help(entry.problem)))


def _help(problem: str) -> str:
    if "empty specifier" in problem:
        return "a tool takes `Tool` for all uses or `Tool(specifier)` for some"
    if problem == "empty entry":
        return "remove the extra separator"
    return "write each entry as `Tool` or `Tool(specifier)`"


RULE = SkillRule(
    code="SL130",
    name="allowed-tools-syntax",
    summary="An `allowed-tools` entry has unbalanced parentheses, is empty, or is `Tool()`",
    severity=Severity.ERROR,
    check=check,
    documents=tuple(kind for kind in DOCUMENT_KINDS if kind != OPENCODE_AGENT),  # its maps' values: SL152
)
