"""SL205 permission-rule-malformed: a `Tool(specifier)` the target cannot parse.

Claude Code reads `allowed-tools` entries as permission rules; a specifier it cannot parse
(`WebFetch(x.com)` instead of `WebFetch(domain:x.com)`), or one on a tool that takes none
(`WebSearch(foo)`), is ignored with a startup warning, so the grant silently does nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._gemini import exclusion_lists
from skilllint.checks._helpers import kind_of
from skilllint.checks._settings import RULE_LISTS, permission_rules
from skilllint.checks._tools import declared_tools
from skilllint.checks.rule import FileContext, Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import DOCUMENT_KINDS
from skilllint.reading.jsonfile import GEMINI_EXTENSION, GEMINI_SETTINGS, SETTINGS, JsonFile
from skilllint.runtimes.resolve import resolve


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
    start-up warning); and lists of rules that are no lists of strings, which deny nothing: a
    `permissions` that is no object, `"deny": "Bash"`, a Gemini CLI `excludeTools` string."""
    yield from _shapes(ctx.file)
    for named in permission_rules(ctx.file):
        resolution = resolve(named.text, ctx.target)
        if resolution.specifier_problem and resolution.resolved:
            yield Finding(named.location, resolution.specifier_problem,
                          "see `skilllint explain SL205` for the specifier forms each tool accepts")


def _shapes(file: JsonFile) -> Iterator[Finding]:
    data = file.data
    if not isinstance(data, dict):
        if file.root is not None:  # parsed, but no object: `null`, `[]`
            what = "`null`" if data is None else kind_of(data)
            if file.kind == SETTINGS:
                yield Finding(file.locate(()), f"the settings file holds {what}, not an object: none of "
                              "its rules apply", 'write an object: `{"permissions": {"deny": ["Bash(rm:*)"]}}`')
            else:
                yield Finding(file.locate(()), f"the Gemini CLI file holds {what}, not an object: none of its "
                              "settings apply, tool exclusions included",
                              'write an object: `{"excludeTools": ["run_shell_command(rm -rf)"]}`'
                              if file.kind == GEMINI_EXTENSION else
                              'write an object: `{"tools": {"exclude": ["run_shell_command(rm -rf)"]}}`')
        return
    if file.kind == SETTINGS:
        lists: list[tuple[tuple[str, ...], object]] = []
        if "permissions" in data:
            permissions = data["permissions"]
            if not isinstance(permissions, dict):
                yield Finding(file.locate(("permissions",)), f"`permissions` is {kind_of(permissions)}, not an "
                              "object: none of its rules apply",
                              'write `"permissions": {"allow": [...], "ask": [...], "deny": [...]}`')
                return
            lists = [(("permissions", role), permissions[role]) for role in RULE_LISTS if role in permissions]
    else:
        lists = exclusion_lists(data, file.kind == GEMINI_SETTINGS)
    example = '"Bash(rm:*)"' if file.kind == SETTINGS else '"run_shell_command(rm -rf)"'
    for path, rules in lists:
        where = ".".join(path)
        if not isinstance(rules, list):
            yield Finding(file.locate(path), f"`{where}` is {kind_of(rules)}, not a list of rules: it "
                          f"{'excludes' if file.kind != SETTINGS else 'applies'} nothing",
                          f'write a list: `"{path[-1]}": [{example}]`')
            continue
        for index, rule in enumerate(rules):
            if not isinstance(rule, str):
                yield Finding(file.locate((*path, index)), f"`{where}[{index}]` is {kind_of(rule)}, not a "
                              "rule: it is ignored", f"write the rule as a string: `{example}`")


RULE = SkillRule(
    code="SL205",
    name="permission-rule-malformed",
    summary="A `Tool(specifier)` permission rule whose specifier the target cannot parse",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
    documents=DOCUMENT_KINDS,
    files=(SETTINGS, GEMINI_EXTENSION, GEMINI_SETTINGS),
    file_check=check_file,
)
