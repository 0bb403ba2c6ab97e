"""SL411 skill-shadows-tool: a skill named like a tool or alias of the target.

Where skills are offered next to tools (or as tools, `task.*` style), a skill called
`web-search` beside a `web_search` tool leaves the model two near-identical choices and
one of them is not what the author meant. Compared ignoring case and `-`/`_`/`.`.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._collisions import skill_location, tool_key
from skilllint.checks.rule import Finding, ProjectContext, ProjectRule
from skilllint.core.model import Severity


def check(ctx: ProjectContext) -> Iterator[Finding]:
    project = ctx.project
    target = ctx.target
    if target.tools is None:
        return  # the portable baseline has no tool list of its own to shadow
    names: dict[str, tuple[str, str]] = {}
    for tool in target.tools:
        if tool.status == "removed":
            continue
        names.setdefault(tool_key(tool.name), (tool.name, "tool"))
        if target.alias_exposure != "resolve-only":  # the model never sees resolve-only aliases
            for alias in tool.aliases:
                names.setdefault(tool_key(alias), (tool.name, f"alias `{alias}` of"))
    for skill in project.skills:
        if skill.targets and target.id not in skill.targets:
            continue  # checked against other runtimes (chosen by its location)
        hit = names.get(tool_key(skill.effective_name))
        if hit is None:
            continue
        tool_name, how = hit
        what = f"the {how} tool `{tool_name}`" if how != "tool" else f"the tool `{tool_name}`"
        yield Finding(
            skill_location(skill),
            f"skill `{skill.effective_name}` has the name of {what} of {target.id}",
            "rename the skill so the model cannot confuse it with the tool",
        )


RULE = ProjectRule(
    code="SL411",
    name="skill-shadows-tool",
    summary="A skill whose name equals a tool name or alias of the target (ignoring case and -/_/.)",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
