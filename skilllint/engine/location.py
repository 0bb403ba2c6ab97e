"""The default target of a skill, from where it lives.

A skill in `.claude/skills/` is written for Claude Code, one in `.github/skills/` for
Copilot, one inside a Claude Code plugin (a `.claude-plugin/plugin.json` above it) for
Claude Code; judging them by the portable spec turns fields their runtime reads into
errors. Each runtime file lists the project folders named after it (`skill_dirs`) and the
files that mark its plugins (`plugin_markers`); a folder shared by many runtimes
(`.agents/skills`) names none, so the portable `agentskills` applies there, as anywhere
else. The nearest signal above the skill wins. Answers are memoised per folder, so a tree
of 60,000 skills costs one look per folder.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from skilllint.core.records import FrozenRecord
from skilllint.runtimes.targets import DEFAULT_TARGET, Target

if TYPE_CHECKING:
    from skilllint.reading.fsview import FileSystemView


class Choice(FrozenRecord):
    """A default target and why: `from .claude/skills`, `from a plugin (.claude-plugin/plugin.json)`."""

    __slots__ = ("target", "reason")
    target: Final[str]
    reason: Final[str]

    def __init__(self, target: str, reason: str) -> None:
        self.target = target
        self.reason = reason


PORTABLE = Choice(DEFAULT_TARGET, "no runtime's own folder above the skill")


class LocationDefaults:
    """Picks the default target of each skill folder among `targets`."""

    def __init__(self, targets: Iterable[Target], fs: FileSystemView | None = None) -> None:
        self.fs = fs  # records the markers looked for, when the run keeps a run record
        self.targets: dict[str, Target] = {}
        self.by_dir: dict[str, str] = {}
        self.markers: list[tuple[str, str]] = []
        for target in targets:
            self.targets[target.id] = target
            for folder in target.skill_dirs:
                self.by_dir.setdefault(folder, target.id)
            self.markers.extend((marker, target.id) for marker in target.plugin_markers)
        self.memo: dict[str, Choice] = {}

    def choose(self, skill_dir: str) -> Choice:
        """The default target for the skill in `skill_dir` (an absolute path)."""
        return self._folder(os.path.dirname(skill_dir)) if skill_dir else PORTABLE

    def _folder(self, folder: str) -> Choice:
        """Walk up to the first folder with a signal or a known answer (iteratively: trees
        can be deeper than Python's recursion limit), then remember it for every folder seen."""
        seen: list[str] = []
        choice: Choice | None = None
        while choice is None:
            choice = self.memo.get(folder) or self._own_signal(folder)
            if choice is None:
                seen.append(folder)
                parent = os.path.dirname(folder)
                if parent == folder:
                    choice = PORTABLE
                folder = parent
        for visited in seen:
            self.memo[visited] = choice
        return choice

    def _own_signal(self, folder: str) -> Choice | None:
        """What `folder` itself says: a runtime's skills folder, or a plugin root."""
        if os.path.basename(folder) == "skills":
            owner = os.path.basename(os.path.dirname(folder))
            target = self.by_dir.get(f"{owner}/skills")
            if target is not None:
                return Choice(target, f"from {owner}/skills")
        for marker, target in self.markers:
            path = os.path.join(folder, marker)
            if self.fs.isfile(path) if self.fs is not None else os.path.isfile(path):
                return Choice(target, f"from a plugin ({marker})")
        return None
