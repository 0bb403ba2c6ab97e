"""SL212 tool-name-mismatch: the right tool, the wrong case or style.

`bash` is not `Bash` in Claude Code, and `readFile` is not `read_file` in Cline: runtimes
that match tool names exactly treat the variant as an unknown tool. Fix: the exact name is
written over the variant in a tool list the target reads, when the target has one such name.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._fixes import Budget
from skilllint.checks._settings import resolved_names
from skilllint.checks._toolfix import rename_tool
from skilllint.checks._tools import IGNORED, declared_tools, field_semantics, where
from skilllint.checks.rule import FileContext, Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import DOCUMENT_KINDS
from skilllint.reading.jsonfile import GEMINI_EXTENSION, GEMINI_SETTINGS, HOOKS, SETTINGS
from skilllint.runtimes.resolve import Outcome


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    budget = Budget(doc)
    for declared in declared_tools(doc, target):
        resolution = declared.resolution
        if resolution.outcome != Outcome.MISMATCH or resolution.tool is None:
            continue
        exact = resolution.suggestions[0] if resolution.suggestions else resolution.tool.name
        if field_semantics(doc, declared.field, target) in IGNORED:
            # another runtime's exact name (`WebSearch` of Claude Code) in a list this one never grants by:
            # the target has the tool, so the need is met; renaming the entry would break that runtime and
            # gain nothing here. Where the instructions name it, SL320 says so at the instruction.
            continue
        names = set(resolution.suggestions or (exact,))
        yield Finding(
            declared.entry.location,
            f"`{resolution.name}` should be `{exact}` in {where(target)}",
            resolution.hint or f"{where(target)} matches tool names exactly",
            fix=budget(rename_tool, doc, declared, resolution.name, exact) if names == {exact} else None,
        )


def check_file(ctx: FileContext) -> Iterator[Finding]:
    """The same in a settings file's permission rules and in the tool events' hook matchers, which
    Claude Code compares with tool names exactly (a matcher is a case-sensitive regular expression):
    `NoteBookEdit` in a matcher never fires, `bash` in a deny rule denies nothing."""
    target = ctx.target
    for named, name, resolution in resolved_names(ctx.file, target):
        if resolution.outcome != Outcome.MISMATCH or resolution.tool is None:
            continue
        exact = resolution.suggestions[0] if resolution.suggestions else resolution.tool.name
        what = "the hook never fires for it" if named.role == "matcher" else f"the `{named.role}` rule matches nothing"
        yield Finding(named.location, f"`{name}` should be `{exact}` in {where(target)}: {what}",
                      f"{where(target)} matches tool names exactly")


RULE = SkillRule(
    code="SL212",
    name="tool-name-mismatch",
    summary="A tool named with the wrong case or style (`bash` for `Bash`) where the target matches exactly",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
    documents=DOCUMENT_KINDS,
    files=(SETTINGS, HOOKS, GEMINI_EXTENSION, GEMINI_SETTINGS),
    file_check=check_file,
    fixable=True,
)
