"""What project rules see: small summaries of every skill, the manifests, the targets.

Workers send back a `SkillSummary` per skill instead of the document, so the rules that
look across the tree (duplicate and confusable names, skills that shadow tools, alias
collisions across manifests) cost little to feed, whatever the number of processes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from skilllint.manifests import Manifest
from skilllint.readfacts import Location
from skilllint.suppression import Directive
from skilllint.targets import Target


@dataclass(frozen=True, slots=True)
class SkillSummary:
    path: str  # the SKILL.md, relative POSIX
    dir_name: str
    name: str | None  # `name` when it is a string
    name_location: Location | None
    directives: tuple[Directive, ...] = ()
    targets: tuple[str, ...] = ()  # the targets the skill was checked against
    target_reason: str = ""  # why, when its location chose them

    @property
    def effective_name(self) -> str:
        """What runtimes call the skill: `name`, else the folder (Claude Code's fallback)."""
        return self.name.strip() if self.name and self.name.strip() else self.dir_name


@dataclass
class Project:
    skills: list[SkillSummary]
    manifests: list[Manifest]
    targets: list[Target]
    target_manifests: dict[str, list[Manifest]] = field(default_factory=dict)  # tools_from per user target
