"""The two passes a report takes over a tree, with the engine the `matrix` and `coverage` commands use,
so that its numbers are theirs:

- the matrix pass: `engine.lint_per_target` with a `CellParts` (as `skilllint matrix`), whose cells
  are what `check --target T` says of each skill. The parts here also remember which codes were
  *errors* per file and runtime (the matrix keeps errors and warnings together), which is what the
  "findings that fail skills" table needs; nothing else is kept of a diagnostic.
- the coverage answers: on the same document, in the same worker, right after its checks
  (`lint_per_target`'s `also`), each skill is asked `portability.references.misses_of` for every
  runtime (as `skilllint coverage --target T` asks it for one), each answer added to that runtime's
  `coverage.Tally`. A second pass that read each skill again cost a third more CPU than `check`; on
  the checked document the rules' shared analyses are already there.

Memory is bounded as in `matrix` and `coverage`: diagnostics are settled as they come, the tallies keep
counts and distinct gaps, and the rows keep one shared cell object per distinct (status, codes).
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from skilllint.core.model import Diagnostic, Severity
from skilllint.engine.faults import BudgetExceeded, FileBudget
from skilllint.engine.linter import PerTargetResult, lint_per_target
from skilllint.engine.runsettings import Settings
from skilllint.output.commands.matrix import combine
from skilllint.portability.coverage import CoverageReport, Tally, report
from skilllint.portability.matrix import CellParts, Matrix, build_matrix, owning_skill
from skilllint.portability.references import SkillMisses, SkillReferences, misses_of
from skilllint.reading.discover import SkillInput
from skilllint.reading.document import Document
from skilllint.runtimes.targets import Target

Progress = Callable[[int, int], None]


class ErrorParts(CellParts):
    """`CellParts` (the matrix's cells, unchanged) plus, per file and runtime, the codes of its errors:
    a cell says `fail` and lists error and warning codes alike, and the report ranks the codes that
    make skills fail. Code sets are shared objects, so a tree of 61,000 skills keeps a few hundred."""

    def __init__(self) -> None:
        super().__init__(reasons=False)
        self.errors: dict[str, dict[str, frozenset[str]]] = {}
        self._sets: dict[frozenset[str], frozenset[str]] = {}

    def add(self, runtime: str, diagnostics: list[Diagnostic]) -> None:
        super().add(runtime, diagnostics)
        found: dict[str, set[str]] = {}
        for d in diagnostics:
            if d.severity is Severity.ERROR:
                found.setdefault(d.path, set()).add(d.code)
        for path, codes in found.items():
            by_runtime = self.errors.setdefault(path, {})
            merged = frozenset(codes) | by_runtime.get(runtime, frozenset())
            by_runtime[runtime] = self._sets.setdefault(merged, merged)


class EveryTarget:
    """The coverage pass's per-skill work (copied into each pool worker): read the skill once and
    keep, for each runtime, what `coverage.SkillMisses` would keep on it. Each runtime's analysis runs
    under its own file budget, as a `coverage --target T` run gives it. Never raises."""

    def __init__(self, targets: list[Target], cwd: Path, max_bytes: int) -> None:
        self.each = [SkillMisses(target, cwd, max_bytes) for target in targets]
        self.cwd = cwd
        self.max_bytes = max_bytes

    def take(self, doc: Document, budget: FileBudget) -> tuple[SkillReferences, ...]:
        """On the document the matrix pass has just checked (`engine.lint_per_target`'s `also`): the
        rules' shared analyses are already on it."""
        found: list[SkillReferences] = []
        for work in self.each:
            try:
                with budget.file():
                    found.append(misses_of(doc, work.target))
            except (BudgetExceeded, Exception):  # noqa: BLE001 - as `coverage`: left out of the counts
                found.append(SkillReferences(doc.path, failed=True))  # as `work.lost` says it
        return tuple(found)

    def lost(self, skill: SkillInput, reason: str) -> tuple[SkillReferences, ...]:
        return tuple(work.lost(skill, reason) for work in self.each)


@dataclass
class Gathered:
    """What the two passes found: the matrix, each skill's error codes per runtime (by row index),
    each runtime's coverage report, and the internal errors of each pass."""

    matrix: Matrix
    errors: list[dict[str, frozenset[str]]]
    coverage: dict[str, CoverageReport]
    faults: int = 0
    coverage_failed: int = 0
    targets: dict[str, Target] = field(default_factory=dict)


def _keep(tallies: dict[str, Tally], order: list[Target], each: object) -> None:
    """One skill's coverage answers (`EveryTarget.take`), one per runtime in `order`, into their tallies."""
    assert isinstance(each, tuple)
    for target, refs in zip(order, each, strict=True):
        tallies[target.id].add(refs)


def gather(groups: list[tuple[Settings, Any, list[str]]], cwd: Path, progress: Progress | None) -> Gathered:
    """Both passes over every config group (`settings.build.settings_by_config`), each group linted with
    its own settings, as `matrix` and `coverage` do."""
    parts = ErrorParts()
    result: PerTargetResult | None = None
    tallies: dict[str, Tally] = {}
    targets: dict[str, Target] = {}
    for settings, _, members in groups:
        for target in settings.targets:
            targets[target.id] = target
            tallies.setdefault(target.id, Tally())

        keep = partial(_keep, tallies, list(settings.targets))

        work = EveryTarget(list(settings.targets), cwd, settings.max_bytes)
        found = lint_per_target(members, settings, progress, parts.add, also=work, keep=keep)
        result = found if result is None else combine(result, found)
    assert result is not None
    matrix = build_matrix(result, parts=parts)  # adds what was not settled, errors too (`ErrorParts.add`)
    folders = {posixpath.dirname(row.path): index for index, row in enumerate(matrix.skills)}
    per_skill: list[dict[str, frozenset[str]]] = [{} for _ in matrix.skills]
    for path, by_runtime in parts.errors.items():
        index = owning_skill(path, folders)  # as the matrix gives a diagnostic to its skill
        if index is None:
            continue
        for runtime, codes in by_runtime.items():
            per_skill[index][runtime] = per_skill[index].get(runtime, frozenset()) | codes
    coverage = {ident: report(tally, targets[ident]) for ident, tally in tallies.items()}
    failed = max((tally.failed for tally in tallies.values()), default=0)
    return Gathered(matrix, per_skill, coverage, result.faults, failed, targets)
