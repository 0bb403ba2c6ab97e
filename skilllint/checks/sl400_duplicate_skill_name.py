"""SL400 duplicate-skill-name: two skills with the same effective name that the target loads together.

Runtimes keep one of them (first or last found, or by precedence) and the other silently
disappears; which one wins can change with the file system order. A clash is judged per target,
where that runtime would load both (`_collisions.load_scope`): Claude Code reads `.claude/skills/`
only, so `.agents/skills/x` and `.claude/skills/x` do not clash on `claude-code` (they do on `codex`
and `copilot`, which read `.agents/skills/`, the second also `.claude/skills/`); skills in different
plugins are namespaced (`plugin:skill`), and copies under other `skills/` folders (translations,
test fixtures, two products in one repository) are not loaded together. A skill nested below a
grouping folder (`skills/docs/pdf/SKILL.md`) is found only by runtimes that scan deeper than
`<skills>/<name>/SKILL.md` (the runtime file's `skill_depth`). Every member of a group that is
checked on the target is reported, each at its own `name`. Members are grouped once per target
by where they are loaded, so a registry with hundreds of copies of one name costs a pass, not a
comparison of every pair.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._collisions import groups, load_scope, runtime_folder, skill_location
from skilllint.checks.project import SkillSummary
from skilllint.checks.rule import Finding, ProjectContext, ProjectRule
from skilllint.core.model import Severity
from skilllint.runtimes.targets import Target, builtin_targets

SHOWN = 3
"""Other paths named in a message; the rest are counted."""


def check(ctx: ProjectContext) -> Iterator[Finding]:
    target = ctx.target
    for group in groups(ctx.project.skills, lambda s: _key(s, target)):
        folders = {runtime_folder(member) for member in group}
        loaders = _loaders(folders, target) if len(folders) > 1 else []
        who = f"; {_names(loaders)} {'loads' if len(loaders) == 1 else 'load'} both" if loaders else ""
        first = [member.path for member in group[:SHOWN + 1]]  # enough to name SHOWN others of any member
        for index, member in enumerate(group):
            if member.targets and target.id not in member.targets:
                continue  # checked on other targets only: its clashes are theirs to report
            others = [path for position, path in enumerate(first) if position != index][:SHOWN]
            shown = ", ".join(f"`{path}`" for path in others)
            if len(group) - 1 > SHOWN:
                shown += f" and {len(group) - 1 - SHOWN} more"
            yield Finding(
                skill_location(member),
                f"skill name `{member.effective_name}` is also used by {shown}{who}",
                "give each skill a unique name (and folder)" + (
                    "; copies for different runtimes belong in folders no single runtime loads together"
                    if loaders else ""),
            )


def _key(summary: SkillSummary, target: Target) -> str | None:
    scope = load_scope(summary, target)
    return None if scope is None else f"{scope}\0{summary.effective_name}"


def _loaders(folders: set[tuple[str, str] | None], target: Target) -> list[str]:
    """The runtimes that load every one of these project folders: the target when it documents its
    folders, else each built-in runtime that reads them all."""
    wanted = {folder[1] for folder in folders if folder is not None}
    if target.project_skill_dirs:
        return [target.id]
    return [t.id for t in builtin_targets().values() if wanted <= set(t.project_skill_dirs)]


def _names(runtimes: list[str]) -> str:
    return ", ".join(runtimes[:3]) + (f" and {len(runtimes) - 3} more" if len(runtimes) > 3 else "")


RULE = ProjectRule(
    code="SL400",
    name="duplicate-skill-name",
    summary="Two skills with the same effective name that one runtime would load together",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
)
