"""The report's aggregates, made from what `gather` found and nothing else: per runtime the matrix's
totals and the coverage report; the error codes that fail skills, by runtime; the breakdown by source;
and the rows of the per-skill table. `as_json` is the `--format json` document and the data the HTML
page is drawn from, so the two never say different things.

A skill's *source* is the top-level folder under the PATH it was found through (a registry that mirrors
many repositories keeps one folder each: `corpus/anthropics__skills/...` is `anthropics__skills`); a skill
whose own folder is that top level (`skills/pdf/SKILL.md` under `skills`) belongs to the PATH itself.
"""

from __future__ import annotations

import json
import os
import posixpath
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skilllint.output.formatters.coverage import render_json as coverage_json
from skilllint.output.report.gather import Gathered
from skilllint.portability.coverage import CoverageReport
from skilllint.portability.matrix import FAIL, OK, STATUSES, WARN, SkillRow
from skilllint.reading.document import relative_posix

JSON_VERSION = 1


@dataclass(frozen=True)
class RuntimeSummary:
    """One runtime: the matrix's totals and the coverage report, with the error codes failing skills."""

    id: str
    ok: int
    warn: int
    fail: int
    coverage: CoverageReport
    failing_codes: dict[str, int]  # code -> skills it fails on this runtime (an error there), most first

    @property
    def skills(self) -> int:
        return self.ok + self.warn + self.fail

    @property
    def run(self) -> int:
        """Skills that run as written: `ok` or with warnings (what `matrix` counts)."""
        return self.ok + self.warn


@dataclass(frozen=True)
class SourceRow:
    source: str
    skills: int
    statuses: dict[str, Counter[str]]  # runtime -> ok/warn/fail counts


@dataclass(frozen=True)
class Report:
    paths: tuple[str, ...]
    runtimes: tuple[RuntimeSummary, ...]
    codes: tuple[tuple[str, str, dict[str, int]], ...]  # (code, rule name, runtime -> skills failed), most first
    sources: tuple[SourceRow, ...]  # most skills first
    rows: tuple[SkillRow, ...]
    row_sources: tuple[str, ...]  # each row's source
    row_errors: tuple[dict[str, frozenset[str]], ...]  # each row's error codes per runtime
    faults: int
    coverage_failed: int

    @property
    def skills(self) -> int:
        return len(self.rows)


def _roots(paths: list[str], cwd: Path) -> list[str]:
    """Each PATH as the skills' paths spell it (relative POSIX to the working directory), longest first
    so that a PATH inside another claims its own skills."""
    roots = {relative_posix(os.path.normpath(cwd / path), cwd) for path in paths}
    return sorted(roots, key=len, reverse=True)


def source_of(path: str, roots: list[str]) -> str:
    """The top-level folder under the PATH that holds the skill file `path` (see the module docstring)."""
    folder = posixpath.dirname(path)
    for root in roots:
        if root == ".":
            rest = folder
        elif folder == root or folder.startswith(root + "/"):
            rest = folder[len(root) + 1 :]
        else:
            continue
        top, _, below = rest.partition("/")
        return top if top and below else root
    return posixpath.dirname(folder) or "."


def _rule_names() -> dict[str, str]:
    from skilllint.checks.registry import by_code

    return {code: rule.name for code, rule in by_code().items()}


def build_report(gathered: Gathered, paths: list[str], cwd: Path) -> Report:
    matrix = gathered.matrix
    runtimes = matrix.runtimes
    totals = matrix.totals()
    roots = _roots(paths, cwd)
    row_sources = tuple(source_of(row.path, roots) for row in matrix.skills)
    failing: dict[str, Counter[str]] = {runtime: Counter() for runtime in runtimes}
    for row, errors in zip(matrix.skills, gathered.errors, strict=True):
        for runtime, found in errors.items():
            if row.cells[runtime].status == FAIL:
                failing[runtime].update(found)
    summaries = tuple(
        RuntimeSummary(runtime, totals[runtime][OK], totals[runtime][WARN], totals[runtime][FAIL],
                       gathered.coverage[runtime], dict(failing[runtime].most_common()))
        for runtime in runtimes
    )
    names = _rule_names()
    every = Counter[str]()
    for counter in failing.values():
        every.update(counter)
    codes = tuple((code, names.get(code, ""), {r: failing[r][code] for r in runtimes if failing[r][code]})
                  for code, _ in sorted(every.items(), key=lambda item: (-item[1], item[0])))
    by_source: dict[str, dict[str, Counter[str]]] = {}
    sizes = Counter[str]()
    for row, source in zip(matrix.skills, row_sources, strict=True):
        sizes[source] += 1
        statuses = by_source.setdefault(source, {runtime: Counter() for runtime in runtimes})
        for runtime, cell in row.cells.items():
            statuses[runtime][cell.status] += 1
    sources = tuple(SourceRow(source, count, by_source[source])
                    for source, count in sorted(sizes.items(), key=lambda item: (-item[1], item[0])))
    return Report(tuple(paths), summaries, codes, sources, matrix.skills, row_sources, tuple(gathered.errors),
                  gathered.faults, gathered.coverage_failed)


def share(count: int, total: int) -> float:
    """A percentage with one decimal, 0 of nothing."""
    return round(100.0 * count / total, 1) if total else 0.0


def coverage_document(summary: RuntimeSummary) -> dict[str, Any]:
    """What `skilllint coverage --target T --format json` prints for this runtime (its own renderer,
    read back), without its version: the report's numbers are coverage's by construction."""
    document: dict[str, Any] = json.loads(coverage_json(summary.coverage))
    document.pop("version", None)
    return document


def curve(summary: RuntimeSummary) -> list[int]:
    """Skills resolving fully after 0, 1, 2, ... of the proposed aliases, in coverage's order."""
    points = [summary.coverage.resolved_skills]
    points += [row.cumulative for row in summary.coverage.names if row.proposed and row.cumulative is not None]
    return points


def as_json(report: Report) -> dict[str, Any]:
    """The `--format json` document: the aggregates, keyed as `matrix` and `coverage` key theirs."""
    total = report.skills
    return {
        "version": JSON_VERSION,
        "paths": list(report.paths),
        "skills": total,
        "statuses": list(STATUSES),
        "runtimes": [
            {
                "id": s.id,
                "skills": s.skills,
                "ok": s.ok,
                "warn": s.warn,
                "fail": s.fail,
                "run": s.run,
                "run_share": share(s.run, total),
                "failing_codes": s.failing_codes,
                "resolved_skills": s.coverage.resolved_skills,
                "resolved_skills_with_aliases": s.coverage.resolved_with_aliases,
                "unlocked_share": share(s.coverage.resolved_with_aliases - s.coverage.resolved_skills, total),
                "curve": curve(s),
                "coverage": coverage_document(s),
            }
            for s in report.runtimes
        ],
        "failing_codes": [{"code": code, "name": name, "runtimes": counts, "cells": sum(counts.values())}
                          for code, name, counts in report.codes],
        "sources": [{"source": row.source, "skills": row.skills,
                     "runtimes": {r: {status: counts[status] for status in STATUSES}
                                  for r, counts in row.statuses.items()}}
                    for row in report.sources],
        "internal_errors": report.faults,
    }
