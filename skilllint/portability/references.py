"""The tool references of one skill that do not reach the model on a target, as `check` sees them.

Coverage asks, per skill, which names a target fails to resolve. The answer must be `check`'s:
the same tool fields (`declared_tools`, what SL200 and SL212 read), the same instruction spans
(`body_references`, what SL320 and SL211 read, without the names of a runtime the skill documents)
and the same `resolve()`. This module only sorts what those analyses found; it resolves nothing
itself. A skill is kept as a few short tuples: its document dies here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from skilllint.checks._about import runtime_documented
from skilllint.checks._body import body_references, surely_a_tool
from skilllint.checks._tools import IGNORED, declared_tools, field_semantics
from skilllint.engine.faults import BudgetExceeded, FileBudget
from skilllint.reading.discover import SkillInput
from skilllint.reading.document import Document, load_document, relative_posix
from skilllint.runtimes.resolve import Outcome
from skilllint.runtimes.targets import Target


class Where(StrEnum):
    FRONTMATTER = "frontmatter"
    BODY = "body"


class Gap(StrEnum):
    """Why a reference does not reach the model."""

    UNRESOLVED = "unresolved"  # the target neither has nor aliases the name (or only in another case or style)
    HIDDEN_ALIAS = "hidden-alias"  # an alias mapped only after the model call (`resolve-only`), in the body
    RENAMED = "renamed"  # a spelling of a tool the target offers under another name (`rename`), in the body


@dataclass(frozen=True, slots=True, order=True)
class Miss:
    """One name of one skill that does not reach the model on the target, and where."""

    name: str
    where: Where
    gap: Gap
    soft: bool = False  # what `check` reports as a warning, not an error: a field the target does not grant by
    # (sisu's `allowed-tools`), or a name in the instructions that only looks like a tool or differs in case


@dataclass(frozen=True, slots=True)
class SkillReferences:
    """What coverage keeps of a skill. `canonical` are the target's tools the instructions name by
    their canonical name, resolved today: renaming such a tool (SISU's aliases) would hide them."""

    path: str
    misses: frozenset[Miss] = frozenset()
    canonical: frozenset[str] = frozenset()
    failed: bool = False  # skilllint could not read or analyse the skill (SL000 in `check`)
    unreadable: bool = False  # its frontmatter could not be read (SL100-SL101, SL002...): it fails to load


def misses_of(doc: Document, target: Target) -> SkillReferences:
    """The references of `doc` that do not reach the model on `target`."""
    misses: set[Miss] = set()
    canonical: set[str] = set()
    for declared in declared_tools(doc, target):
        resolution = declared.resolution
        if not resolution.resolved and resolution.name:
            soft = field_semantics(doc, declared.field, target) in IGNORED
            misses.add(Miss(resolution.name, Where.FRONTMATTER, Gap.UNRESOLVED, soft))
    hides_aliases = target.alias_exposure == "resolve-only" and target.tools is not None
    for reference in body_references(doc, target):
        resolution = reference.resolution
        name = resolution.name
        if not name or runtime_documented(doc, name):
            continue
        if not resolution.resolved:
            soft = resolution.outcome is Outcome.MISMATCH or not surely_a_tool(doc, name)
            misses.add(Miss(name, Where.BODY, Gap.UNRESOLVED, soft))
        elif resolution.offered_as is not None:
            misses.add(Miss(name, Where.BODY, Gap.RENAMED))
        elif resolution.outcome is Outcome.ALIAS and hides_aliases:
            misses.add(Miss(name, Where.BODY, Gap.HIDDEN_ALIAS))
        elif resolution.outcome is Outcome.EXACT and resolution.tool is not None:
            canonical.add(resolution.tool.name)
    return SkillReferences(doc.path, frozenset(misses), frozenset(canonical), unreadable=doc.frontmatter is None)


class SkillMisses:
    """The per-skill work of a coverage run (copied into each pool worker): read the skill as
    `check` does, under the same time budget, and keep only its misses. Never raises."""

    def __init__(self, target: Target, cwd: Path, max_bytes: int) -> None:
        self.target = target
        self.cwd = cwd
        self.max_bytes = max_bytes

    def __call__(self, skill: SkillInput, budget: FileBudget) -> SkillReferences:
        try:
            with budget.file():
                doc = load_document(skill.file, self.cwd, max_bytes=self.max_bytes)
                return misses_of(doc, self.target)
        except (BudgetExceeded, Exception):  # noqa: BLE001 - `check` reports this skill as SL000
            return self.lost(skill, "")

    def lost(self, skill: SkillInput, _reason: str) -> SkillReferences:
        return SkillReferences(relative_posix(skill.file, self.cwd), failed=True)
