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

from skilllint.core.model import Diagnostic, Severity
from skilllint.engine.linter import PerTargetResult

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
    found = known[path] = owning_skill(path, folders)
    return found


def owning_skill(path: str, folders: dict[str, int]) -> int | None:
    """The skill (its index in `folders`, by folder) whose folder holds `path`, the deepest first;
    None for a run-wide file."""
    current = posixpath.dirname(path)
    while True:
        if current in folders:
            return folders[current]
        if not current or current in (".", "/"):
            return None
        current = posixpath.dirname(current)


_OK_CELL = Cell(OK)
Reason = tuple[int, tuple[object, ...], str]
"""A finding kept to explain a cell: (-severity rank, sort key, `CODE severity: message`)."""
Part = tuple[int, frozenset[str], tuple[Reason, ...]]
"""What a cell knows of one file's findings: the highest rank, the codes, the first reasons."""


class CellParts:
    """The cells' material, gathered as diagnostics come (`engine.lint_per_target`'s `settle`) and
    kept small: per file and runtime, only the highest severity, the codes of its errors and
    warnings and (for the HTML page) its first few findings, never the diagnostics themselves. The
    files are given to their skills at the end, when every skill's folder is known."""

    def __init__(self, reasons: bool) -> None:
        self.reasons = reasons
        self.parts: dict[str, dict[str, Part]] = {}
        self._codes: dict[frozenset[str], frozenset[str]] = {}  # one object per distinct set of codes
        self._parts: dict[Part, Part] = {}  # one object per distinct part without reasons
        self._cells: dict[tuple[str, tuple[str, ...]], Cell] = {}  # one object per distinct cell without reasons

    def add(self, runtime: str, diagnostics: list[Diagnostic]) -> None:
        by_path: dict[str, list[Diagnostic]] = {}
        for d in diagnostics:
            if d.severity is Severity.ERROR or d.severity is Severity.WARNING:
                by_path.setdefault(d.path, []).append(d)
        for path, counted in by_path.items():
            rank = max(d.severity.rank for d in counted)
            codes = frozenset(d.code for d in counted)
            reasons: tuple[Reason, ...] = ()
            if self.reasons:
                reasons = tuple(sorted((-d.severity.rank, d.sort_key, f"{d.code} {d.severity.value}: {d.message}")
                                       for d in counted)[:REASONS])
            self._merge(self.parts.setdefault(path, {}), runtime, (rank, codes, reasons))

    def _merge(self, into: dict[str, Part], runtime: str, part: Part) -> None:
        old = into.get(runtime)
        if old is not None:
            part = (max(old[0], part[0]), old[1] | part[1], tuple(sorted(old[2] + part[2])[:REASONS]))
        part = (part[0], self._codes.setdefault(part[1], part[1]), part[2])
        into[runtime] = part if part[2] else self._parts.setdefault(part, part)

    def cell(self, parts: list[Part]) -> Cell:
        if not parts:
            return _OK_CELL
        rank = max(part[0] for part in parts)
        status = FAIL if rank >= Severity.ERROR.rank else WARN
        codes = tuple(sorted(frozenset().union(*(part[1] for part in parts))))
        if not self.reasons:
            key = (status, codes)
            found = self._cells.get(key)
            if found is None:
                found = self._cells[key] = Cell(status, codes)
            return found
        reasons = sorted(reason for part in parts for reason in part[2])[:REASONS]
        return Cell(status, codes, tuple(text for _, _, text in reasons))


def build_matrix(result: PerTargetResult, reasons: bool = True, parts: CellParts | None = None) -> Matrix:
    """The cells of every (skill, runtime), from `parts` gathered while the skills were linted (when
    given) and the diagnostics of `result`; `reasons` keeps the findings' text for the HTML page."""
    runtimes = tuple(result.diagnostics)
    parts = parts if parts is not None else CellParts(reasons)
    for runtime, diagnostics in result.diagnostics.items():
        parts.add(runtime, diagnostics)
    folders = {posixpath.dirname(s.path): index for index, s in enumerate(result.skills)}
    known: dict[str, int | None] = {}
    per_skill: list[dict[str, list[Part]]] = [{} for _ in result.skills]
    while parts.parts:  # emptied as it is read: the rows take its place
        path, by_runtime = parts.parts.popitem()
        owner = _owner(path, folders, known)
        if owner is None:
            continue
        for runtime, part in by_runtime.items():
            per_skill[owner].setdefault(runtime, []).append(part)
    rows = tuple(
        SkillRow(summary.path, summary.effective_name, {r: parts.cell(found.get(r, [])) for r in runtimes})
        for summary, found in zip(result.skills, per_skill, strict=True)
    )
    return Matrix(runtimes, rows)
