"""SL205 permission-rule-malformed: a `Tool(specifier)` the target cannot parse.

Claude Code reads `allowed-tools` entries as permission rules; a specifier it cannot parse
(`WebFetch(x.com)` instead of `WebFetch(domain:x.com)`), or one on a tool that takes none
(`WebSearch(foo)`), is ignored with a startup warning, so the grant silently does nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._settings import permission_rules
from skilllint.checks._tools import declared_tools
from skilllint.document import DOCUMENT_KINDS
from skilllint.jsonfile import SETTINGS
from skilllint.model import Severity
from skilllint.resolve import resolve
from skilllint.rule import FileContext, Finding, SkillContext, SkillRule


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    for declared in declared_tools(doc, target):
        resolution = declared.resolution
        if resolution.specifier_problem and resolution.resolved:
            yield Finding(
                declared.entry.location,
                resolution.specifier_problem,
                "see `skilllint explain SL205` for the specifier forms each tool accepts",
            )


def check_file(ctx: FileContext) -> Iterator[Finding]:
    """The same in a settings file's `permissions` rules (Claude Code ignores such a rule with a
    start-up warning)."""
    for named in permission_rules(ctx.file):
        resolution = resolve(named.text, ctx.target)
        if resolution.specifier_problem and resolution.resolved:
            yield Finding(named.location, resolution.specifier_problem,
                          "see `skilllint explain SL205` for the specifier forms each tool accepts")


RULE = SkillRule(
    code="SL205",
    name="permission-rule-malformed",
    summary="A `Tool(specifier)` permission rule whose specifier the target cannot parse",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
    documents=DOCUMENT_KINDS,
    files=(SETTINGS,),
    file_check=check_file,
)
