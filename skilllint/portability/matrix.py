"""The matrix: skills x runtimes, each cell `ok`, `warn` or `fail` as `check --target T` sees the skill.

A cell is made from exactly the diagnostics `check --target T` reports on the skill's files
(`engine.lint_per_target`): `fail` when one is an error, `warn` when one is a warning, else `ok`
(infos do not count). A diagnostic belongs to the skill whose folder holds its file (the deepest,
when skills nest); run-wide ones (a manifest, the discovery) belong to no skill.
"""

from __future__ import annotations

import posixpath
from collections import Counter
from dataclasses import dataclass

from skilllint.engine import PerTargetResult
from skilllint.model import Diagnostic, Severity

OK, WARN, FAIL = "ok", "warn", "fail"
STATUSES = (OK, WARN, FAIL)
REASONS = 8
"""Findings kept per cell to explain it (the HTML page shows them on hover)."""


@dataclass(frozen=True, slots=True)
class Cell:
    status: str
    codes: tuple[str, ...] = ()  # codes of the errors and warnings, sorted
    reasons: tuple[str, ...] = ()  # `SL200 error: message` of the first few, errors first


@dataclass(frozen=True, slots=True)
class SkillRow:
    path: str  # the SKILL.md, relative POSIX
    name: str
    cells: dict[str, Cell]


@dataclass(frozen=True)
class Matrix:
    runtimes: tuple[str, ...]
    skills: tuple[SkillRow, ...]

    def totals(self) -> dict[str, Counter[str]]:
        """Per runtime, the number of skills in each status."""
        found = {runtime: Counter({status: 0 for status in STATUSES}) for runtime in self.runtimes}
        for row in self.skills:
            for runtime, cell in row.cells.items():
                found[runtime][cell.status] += 1
        return found

    @property
    def failing(self) -> bool:
        return any(cell.status == FAIL for row in self.skills for cell in row.cells.values())


def _owner(path: str, folders: dict[str, int], known: dict[str, int | None]) -> int | None:
    """The skill whose folder holds `path`, the deepest first; None for run-wide diagnostics
    (`known` remembers each path's answer: most diagnostics are on a few files)."""
    if path in known:
        return known[path]
    found = known[path] = _walk_up(path, folders)
    return found


def _walk_up(path: str, folders: dict[str, int]) -> int | None:
    current = posixpath.dirname(path)
    while True:
        if current in folders:
            return folders[current]
        if not current or current in (".", "/"):
            return None
        current = posixpath.dirname(current)


def _cell(found: list[Diagnostic], reasons: bool) -> Cell:
    counted = [d for d in found if d.severity is Severity.ERROR or d.severity is Severity.WARNING]
    if not counted:
        return Cell(OK)
    status = FAIL if any(d.severity is Severity.ERROR for d in counted) else WARN
    codes = tuple(sorted({d.code for d in counted}))
    if not reasons:
        return Cell(status, codes)
    counted.sort(key=lambda d: (-d.severity.rank, d.sort_key))
    return Cell(status, codes, tuple(f"{d.code} {d.severity.value}: {d.message}" for d in counted[:REASONS]))


def build_matrix(result: PerTargetResult, reasons: bool = True) -> Matrix:
    """The cells of every (skill, runtime); `reasons` keeps the findings' text for the HTML page."""
    runtimes = tuple(result.diagnostics)
    folders = {posixpath.dirname(s.path): index for index, s in enumerate(result.skills)}
    known: dict[str, int | None] = {}
    per_skill: list[dict[str, list[Diagnostic]]] = [{r: [] for r in runtimes} for _ in result.skills]
    for runtime, diagnostics in result.diagnostics.items():
        for diagnostic in diagnostics:
            owner = _owner(diagnostic.path, folders, known)
            if owner is not None:
                per_skill[owner][runtime].append(diagnostic)
    rows = tuple(
        SkillRow(summary.path, summary.effective_name, {r: _cell(found[r], reasons) for r in runtimes})
        for summary, found in zip(result.skills, per_skill, strict=True)
    )
    return Matrix(runtimes, rows)
