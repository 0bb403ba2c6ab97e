"""The pipeline: discover -> documents -> per-document checks -> project checks ->
suppressions -> sorted diagnostics (DESIGN "Pipeline").

Knows no screen. Per-document work is a pure function of (skill file, settings), so it
runs in worker processes (`jobs`); workers send back diagnostics and a small summary, and
everything is sorted at the end, so the output depends neither on the number of processes
nor on file system order.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skilllint.discover import SkillInput, discover
from skilllint.document import DEFAULT_MAX_BYTES, Document, load_document
from skilllint.globs import matches
from skilllint.manifests import load_manifest
from skilllint.model import Diagnostic, Severity
from skilllint.project import Project, SkillSummary
from skilllint.registry import Finding, Rule
from skilllint.suppression import apply as apply_suppressions
from skilllint.suppression import parse_directives
from skilllint.targets import Target

PARALLEL_THRESHOLD = 64
"""Below this many skills a worker pool costs more than it saves."""


@dataclass(frozen=True)
class CheckContext:
    """What a check may know besides the document: the target and the rule options."""

    target: Target
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class Settings:
    """Everything a run needs, already resolved from defaults, config and CLI."""

    targets: list[Target]
    rules: list[Rule]
    severity: dict[str, Severity | None] = field(default_factory=dict)  # config overrides
    per_file_ignores: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    exclude: tuple[str, ...] = ()
    manifest_globs: tuple[str, ...] = ()
    target_manifests: dict[str, list[Path]] = field(default_factory=dict)
    max_bytes: int = DEFAULT_MAX_BYTES
    options: dict[str, Any] = field(default_factory=dict)
    jobs: int = 1
    force_exclude: bool = False
    cwd: Path = field(default_factory=Path.cwd)


@dataclass
class Result:
    diagnostics: list[Diagnostic]
    skills: int
    manifests: int = 0


class InternalError(RuntimeError):
    """A bug in skilllint (not in the input): exit code 2."""


_UNSET: Any = object()


def _target_severity(rule: Rule, target: Target) -> Severity | None | Any:
    if rule.code == "SL132":
        return Severity.parse(target.unknown_fields)
    raw = target.rule_severity(rule.code)
    return _UNSET if raw is None else Severity.parse(raw)


def _severity(rule: Rule, finding: Finding, target: Target, settings: Settings) -> Severity | None:
    """config > the finding's own > the runtime's > the rule's default; None means off."""
    if rule.code in settings.severity:
        return settings.severity[rule.code]
    if finding.severity is not None:
        return finding.severity
    if rule.per_target:
        own = _target_severity(rule, target)
        if own is not _UNSET:
            return own
    return rule.severity


def _rule_off_for(rule: Rule, target: Target, settings: Settings) -> bool:
    if rule.code in settings.severity:
        return settings.severity[rule.code] is None
    return rule.per_target and _target_severity(rule, target) is None


def _plan(rules: list[Rule], settings: Settings) -> list[tuple[Rule, Target, CheckContext]]:
    """(rule, target, context) for every rule that is on, computed once per run and rule set:
    the per-document loop then only calls checks."""
    key = (id(settings), tuple(rule.code for rule in rules))
    cached = _PLANS.get(key)
    if cached is not None and cached[0] is settings:
        return cached[1]
    primary = settings.targets[0]
    plan = [
        (rule, target, CheckContext(target, settings.options))
        for rule in rules
        for target in (settings.targets if rule.per_target else (primary,))
        if not _rule_off_for(rule, target, settings)
    ]
    if len(_PLANS) > 64:
        _PLANS.clear()
    _PLANS[key] = (settings, plan)  # the settings are kept alive, so their id is not reused
    return plan


_PLANS: dict[tuple, tuple[Settings, list[tuple[Rule, Target, CheckContext]]]] = {}


def run_rules(subject: Any, rules: Iterable[Rule], settings: Settings) -> list[Diagnostic]:
    """Apply rules to one subject (a document, the project, the discovery's problems...)."""
    diagnostics: list[Diagnostic] = []
    for rule, target, context in _plan(list(rules), settings):
        for finding in rule.check(subject, target, context):
            severity = _severity(rule, finding, target, settings)
            if severity is None:
                continue
            diagnostics.append(
                Diagnostic(
                    finding.location.path, finding.location.span, rule.code, rule.name, severity,
                    finding.message, finding.help, target.id if rule.per_target else None,
                )
            )
    return diagnostics


def _summary(doc: Document) -> SkillSummary:
    name = doc.field("name")
    name = name if isinstance(name, str) else None
    location = doc.locate(("name",)) if name is not None else None
    directives: tuple = ()
    if doc.text is not None and "skilllint-" in doc.text:
        frontmatter = None
        if doc.sources:
            frontmatter = (doc.frontmatter_line, doc.body_line - 2)
        directives = tuple(parse_directives(doc.path, doc.lines, frontmatter, doc.markdown.comments))
    return SkillSummary(doc.path, doc.dir_name, name, location, directives)


def lint_skill(skill: SkillInput, settings: Settings) -> tuple[list[Diagnostic], SkillSummary]:
    """Everything per-document about one skill. Never raises for bad input."""
    doc = load_document(skill.file, settings.cwd, max_bytes=settings.max_bytes)
    rules = [r for r in settings.rules if r.scope in ("input", "skill")]
    return run_rules(doc, rules, settings), _summary(doc)


def _lint_safely(skill: SkillInput, settings: Settings) -> tuple[list[Diagnostic], SkillSummary]:
    """A crash in one skill's checks is a bug in skilllint: exit 2 with the file named."""
    try:
        return lint_skill(skill, settings)
    except Exception as error:
        if os.environ.get("SKILLLINT_DEBUG"):
            raise
        raise InternalError(f"while linting {skill.file}: {type(error).__name__}: {error}") from error


_WORKER_SETTINGS: Settings | None = None


def _worker(batch: list[SkillInput]) -> list[tuple[list[Diagnostic], SkillSummary]]:
    assert _WORKER_SETTINGS is not None
    return [_lint_safely(skill, _WORKER_SETTINGS) for skill in batch]


def _batches(items: list[SkillInput], jobs: int) -> list[list[SkillInput]]:
    size = max(8, min(256, len(items) // (jobs * 8) or 1))
    return [items[i : i + size] for i in range(0, len(items), size)]


def _lint_all(
    skills: list[SkillInput], settings: Settings, progress: Callable[[int, int], None] | None
) -> Iterator[tuple[list[Diagnostic], SkillSummary]]:
    total = len(skills)
    jobs = max(1, settings.jobs)
    if jobs == 1 or total < PARALLEL_THRESHOLD or "fork" not in multiprocessing.get_all_start_methods():
        for index, skill in enumerate(skills, 1):
            yield _lint_safely(skill, settings)
            if progress and index % 200 == 0:
                progress(index, total)
        return
    global _WORKER_SETTINGS
    _WORKER_SETTINGS = settings  # inherited by the forked workers
    batches = _batches(skills, jobs)
    done = 0
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for batch, results in zip(batches, pool.imap(_worker, batches), strict=True):
            yield from results
            done += len(batch)
            if progress:
                progress(done, total)


class _Problems:
    """Reading problems of something that is not a skill, shaped for the input rules."""

    def __init__(self, problems: list) -> None:
        self.problems = problems


def lint_paths(
    paths: list[str],
    settings: Settings,
    progress: Callable[[int, int], None] | None = None,
) -> Result:
    """Lint every skill and manifest under `paths`. Raises PathNotFoundError for a missing path."""
    # A run allocates many small, short-lived objects and few cycles: the default cyclic-GC
    # thresholds make it collect thousands of times for nothing (a fifth of the run time).
    gc.set_threshold(100_000, 50, 100)
    discovery = discover(paths, settings.cwd, settings.exclude, settings.manifest_globs, settings.force_exclude)
    by_scope: dict[str, list[Rule]] = {}
    for rule in settings.rules:
        by_scope.setdefault(rule.scope, []).append(rule)
    input_rules = by_scope.get("input", [])
    diagnostics = run_rules(_Problems(discovery.problems), input_rules, settings)
    summaries: list[SkillSummary] = []
    for found, summary in _lint_all(discovery.skills, settings, progress):
        diagnostics.extend(found)
        summaries.append(summary)
    manifests = [load_manifest(path, settings.cwd, settings.max_bytes) for path in discovery.manifests]
    for manifest in manifests:
        diagnostics.extend(run_rules(_Problems(manifest.problems), input_rules, settings))
    project = Project(
        skills=sorted(summaries, key=lambda s: s.path),
        manifests=manifests,
        targets=settings.targets,
        target_manifests={
            ident: [load_manifest(path, settings.cwd, settings.max_bytes) for path in paths]
            for ident, paths in settings.target_manifests.items()
        },
        options=settings.options,
    )
    diagnostics.extend(run_rules(project, by_scope.get("project", []), settings))
    directives = [d for summary in summaries for d in summary.directives]
    if directives:
        selected = frozenset(rule.code for rule in settings.rules)
        diagnostics, report = apply_suppressions(diagnostics, directives, selected)
        diagnostics.extend(run_rules(report, by_scope.get("suppression", []), settings))
    diagnostics = [d for d in diagnostics if not _ignored_by_path(d, settings)]
    diagnostics.sort(key=lambda d: d.sort_key)
    return Result(diagnostics, len(discovery.skills), len(manifests))


def _ignored_by_path(diagnostic: Diagnostic, settings: Settings) -> bool:
    for pattern, codes in settings.per_file_ignores:
        if diagnostic.code in codes and matches(diagnostic.path, (pattern,)):
            return True
    return False


def stderr_progress(done: int, total: int) -> None:
    """A one-line progress counter on a terminal's stderr (never in pipes)."""
    sys.stderr.write(f"\rskilllint: {done:,}/{total:,} skills")
    if done >= total:
        sys.stderr.write("\r" + " " * 40 + "\r")
    sys.stderr.flush()
