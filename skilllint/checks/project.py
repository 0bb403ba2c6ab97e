"""What project rules see: small summaries of every skill, the manifests, the targets.

Workers send back a `SkillSummary` per skill instead of the document, so the rules that
look across the tree (duplicate and confusable names, skills that shadow tools, alias
collisions across manifests) cost little to feed, whatever the number of processes.
"""

from __future__ import annotations

from typing import Final

from skilllint.checks.suppression import Directive
from skilllint.core.readfacts import Location
from skilllint.core.records import FrozenRecord, Record
from skilllint.reading.manifests import Manifest
from skilllint.runtimes.targets import Target


class SkillSummary(FrozenRecord):
    __slots__ = ("path", "dir_name", "name", "name_location", "directives", "targets", "target_reason")
    path: Final[str]  # the SKILL.md, relative POSIX
    dir_name: Final[str]
    name: Final[str | None]  # `name` when it is a string
    name_location: Final[Location | None]
    directives: Final[tuple[Directive, ...]]
    targets: Final[tuple[str, ...]]  # the targets the skill was checked against
    target_reason: Final[str]  # why, when its location chose them

    def __init__(self, path: str, dir_name: str, name: str | None, name_location: Location | None,
                 directives: tuple[Directive, ...] = (), targets: tuple[str, ...] = (),
                 target_reason: str = "") -> None:
        self.path = path
        self.dir_name = dir_name
        self.name = name
        self.name_location = name_location
        self.directives = directives
        self.targets = targets
        self.target_reason = target_reason

    @property
    def effective_name(self) -> str:
        """What runtimes call the skill: `name`, else the folder (Claude Code's fallback)."""
        return self.name.strip() if self.name and self.name.strip() else self.dir_name


class Project(Record):
    __slots__ = ("skills", "manifests", "targets", "target_manifests")
    skills: list[SkillSummary]
    manifests: list[Manifest]
    targets: list[Target]
    target_manifests: dict[str, list[Manifest]]  # tools_from per user target

    def __init__(self, skills: list[SkillSummary], manifests: list[Manifest], targets: list[Target],
                 target_manifests: dict[str, list[Manifest]] | None = None) -> None:
        self.skills = skills
        self.manifests = manifests
        self.targets = targets
        self.target_manifests = {} if target_manifests is None else target_manifests
