"""SL214 tool-not-default: a tool the target has only conditionally, or has removed.

`Glob` and `Grep` are absent by default in Claude Code on macOS and Linux; a removed tool
is gone. A skill relying on them works on one machine and fails on the next.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._tools import declared_tools, where
from skilllint.document import Document
from skilllint.model import Severity
from skilllint.registry import Finding, Rule

STATUSES = {"conditional": "available only in some setups", "experimental": "experimental",
            "removed": "removed", "legacy": "deprecated"}


def _one_of_alternatives(tool, target) -> bool:
    """Several conditional tools of one capability are alternatives (Codex offers one of its
    shell tools per model): some setup always has one, so naming it is not the problem."""
    same = [t for t in target.tools if t.capability == tool.capability and t.status != "removed"]
    return tool.status == "conditional" and len(same) > 1 and all(t.status == "conditional" for t in same)


def check(doc: Document, target=None, ctx=None) -> Iterator[Finding]:
    if target.tools is None:
        return  # the portable baseline: some runtime has the tool by default
    for declared in declared_tools(doc, target):
        resolution = declared.resolution
        tool = resolution.tool
        if not resolution.resolved or tool is None or tool.status not in STATUSES:
            continue
        if _one_of_alternatives(tool, target):
            continue
        yield Finding(
            declared.entry.location,
            f"`{tool.name}` is {STATUSES[tool.status]} in {where(target)}",
            tool.note or tool.summary or None,
        )


RULE = Rule(
    code="SL214",
    name="tool-not-default",
    summary="A tool the target offers only conditionally (off by default) or has removed",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
