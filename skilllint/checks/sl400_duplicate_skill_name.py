"""SL400 duplicate-skill-name: two skills with the same effective name in the linted tree.

Runtimes keep one of them (first or last found, or by precedence) and the other silently
disappears; which one wins can change with the file system order. Skills in different
plugins are namespaced (`plugin:skill`) and do not collide. Every member of a group is
reported, each at its own `name`.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._collisions import groups, namespace, skill_location
from skilllint.model import Severity
from skilllint.project import Project
from skilllint.registry import Finding, Rule


def check(project: Project, target=None, ctx=None) -> Iterator[Finding]:
    for group in groups(project.skills, lambda s: f"{namespace(s)}\0{s.effective_name}"):
        for member in group:
            others = [o.path for o in group if o is not member]
            shown = ", ".join(f"`{p}`" for p in others[:3])
            if len(others) > 3:
                shown += f" and {len(others) - 3} more"
            yield Finding(
                skill_location(member),
                f"skill name `{member.effective_name}` is also used by {shown}",
                "give each skill a unique name (and folder)",
            )


RULE = Rule(
    code="SL400",
    name="duplicate-skill-name",
    summary="Two skills in the linted tree have the same effective name",
    severity=Severity.ERROR,
    check=check,
    scope="project",
)
