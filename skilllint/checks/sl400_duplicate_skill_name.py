"""SL400 duplicate-skill-name: two skills with the same effective name in the linted tree.

Runtimes keep one of them (first or last found, or by precedence) and the other silently
disappears; which one wins can change with the file system order. Skills in different
plugins are namespaced (`plugin:skill`) and do not collide. Every member of a group is
reported, each at its own `name`.

A skill nested below a grouping folder (`skills/docs/pdf/SKILL.md`) is found only by runtimes
that scan deeper than `<skills>/<name>/SKILL.md` (the runtime file's `skill_depth`: Codex
scans 6 levels; Claude Code, Gemini CLI and OpenCode one): when no target of the run finds
both skills, they cannot collide.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._collisions import depth_below_skills, groups, namespace, skill_location
from skilllint.checks.project import SkillSummary
from skilllint.checks.rule import Finding, ProjectContext, ProjectRule
from skilllint.core.model import Severity
from skilllint.runtimes.targets import Target, builtin_targets


def check(ctx: ProjectContext) -> Iterator[Finding]:
    project = ctx.project
    for group in groups(project.skills, lambda s: f"{namespace(s)}\0{s.effective_name}"):
        for member in group:
            seen_by: list[str] = []
            others = []
            for other in group:
                if other is member or not _found_together(member, other, project.targets):
                    continue
                both = _loaded_together(member, other)
                if both is not None:
                    others.append(other.path)
                    seen_by.extend(r for r in both if r not in seen_by)
            if not others:
                continue  # copies for different runtimes: no runtime loads two of them
            shown = ", ".join(f"`{p}`" for p in others[:3])
            if len(others) > 3:
                shown += f" and {len(others) - 3} more"
            who = f"; {_names(seen_by)} {'loads' if len(seen_by) == 1 else 'load'} both" if seen_by else ""
            yield Finding(
                skill_location(member),
                f"skill name `{member.effective_name}` is also used by {shown}{who}",
                "give each skill a unique name (and folder)" + (
                    "; copies for different runtimes belong in folders no single runtime loads together"
                    if seen_by else ""),
            )


def _found_together(one: SkillSummary, other: SkillSummary, targets: list[Target]) -> bool:
    """Whether some target of the run finds both skills at their depths below the skills folder
    (a target that does not document its depth finds every skill)."""
    depths = (depth_below_skills(one) or 1, depth_below_skills(other) or 1)
    return any(t.skill_depth is None or max(depths) <= t.skill_depth for t in targets)


def _runtime_folder(summary: SkillSummary) -> str | None:
    """`.claude/skills` for a skill under `<project>/.claude/skills/`, else None."""
    parts = summary.path.split("/")[:-2]
    for index in range(len(parts) - 1, 0, -1):
        if parts[index] == "skills" and parts[index - 1].startswith("."):
            return f"{parts[index - 1]}/skills"
    return None


def _loaded_together(one: SkillSummary, other: SkillSummary) -> list[str] | None:
    """The runtimes that load both skills (empty: one folder, loaded together by whoever
    reads it), or None when no runtime reads both folders."""
    first, second = _runtime_folder(one), _runtime_folder(other)
    if first is None or second is None or first == second:
        return []
    loaders = [t.id for t in builtin_targets().values()
               if first in t.project_skill_dirs and second in t.project_skill_dirs]
    return loaders or None


def _names(runtimes: list[str]) -> str:
    return ", ".join(runtimes[:3]) + (f" and {len(runtimes) - 3} more" if len(runtimes) > 3 else "")


RULE = ProjectRule(
    code="SL400",
    name="duplicate-skill-name",
    summary="Two skills in the linted tree have the same effective name",
    severity=Severity.ERROR,
    check=check,
)
