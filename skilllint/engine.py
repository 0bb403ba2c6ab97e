"""The pipeline: discover -> documents -> per-document checks -> project checks ->
suppressions -> sorted diagnostics (DESIGN "Pipeline").

Knows no screen. Per-document work is a pure function of (skill file, settings), so it
runs in worker processes (`jobs`); workers send back diagnostics and a small summary, and
everything is sorted at the end, so the output depends neither on the number of processes
nor on file system order.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from skilllint.discover import SkillInput, discover
from skilllint.document import DEFAULT_MAX_BYTES, Document, load_document, relative_posix
from skilllint.faults import (
    FILE_BUDGET_SECONDS,
    HARD_LIMIT_SECONDS,
    INTERNAL_ERROR_CODE,
    BudgetExceeded,
    FileBudget,
    fault,
    time_budget,
)
from skilllint.globs import matches
from skilllint.location import LocationDefaults
from skilllint.manifests import Manifest, load_manifest
from skilllint.model import Diagnostic, Severity
from skilllint.pool import can_fork, run_pool
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
    file_budget: float = FILE_BUDGET_SECONDS  # seconds of checks per file before SL000
    location_defaults: LocationDefaults | None = None  # no target chosen: each skill's from where it lives
    debug: bool = False  # print the traceback of every internal error to stderr
    inject_fault: tuple[str, str] | None = None  # (raise|crash|hang, glob): exercises the fault paths in tests


@dataclass
class Result:
    diagnostics: list[Diagnostic]
    skills: int
    manifests: int = 0
    target_use: dict[tuple[str, str], int] = field(default_factory=dict)  # (target, why) -> skills, by location
    faults: int = 0  # internal errors (SL000), counted even when SL000 is not selected: exit code 2


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


def _plan(rules: list[Rule], settings: Settings, targets: list[Target]) -> list[tuple[Rule, Target, CheckContext]]:
    """(rule, target, context) for every rule that is on, computed once per run, rule set and
    target set: the per-document loop then only calls checks."""
    key = (id(settings), tuple(rule.code for rule in rules), tuple(id(t) for t in targets))
    cached = _PLANS.get(key)
    if cached is not None and cached[0] is settings:
        return cached[1]
    primary = targets[0]
    plan = [
        (rule, target, CheckContext(target, settings.options))
        for rule in rules
        for target in (targets if rule.per_target else (primary,))
        if not _rule_off_for(rule, target, settings)
    ]
    if len(_PLANS) > 64:
        _PLANS.clear()
    _PLANS[key] = (settings, plan)  # the settings are kept alive, so their id is not reused
    return plan


_PLANS: dict[tuple, tuple[Settings, list[tuple[Rule, Target, CheckContext]]]] = {}


def run_rules(
    subject: Any, rules: Iterable[Rule], settings: Settings, fault_path: str = ".",
    out: list[Diagnostic] | None = None, targets: list[Target] | None = None,
) -> list[Diagnostic]:
    """Apply rules to one subject (a document, the project, the discovery's problems...).

    A rule that raises costs its own findings on this subject, not the run: the error
    becomes SL000 on `fault_path` and the next rule runs. Findings go into `out` as they
    come, so a caller that is interrupted (the time budget) keeps what was found.
    """
    diagnostics: list[Diagnostic] = [] if out is None else out
    for rule, target, context in _plan(list(rules), settings, targets or settings.targets):
        try:
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
        except BudgetExceeded as error:
            error.args = (rule.code,)
            raise
        except Exception as error:  # noqa: BLE001 - a bug in one rule must not end the run
            diagnostics.append(fault(fault_path, rule.code, error, debug=settings.debug))
    return diagnostics


def skill_targets(skill: SkillInput, settings: Settings) -> tuple[list[Target], str]:
    """The targets a skill is checked against, and why when they were chosen by location."""
    if settings.location_defaults is None:
        return settings.targets, ""
    choice = settings.location_defaults.choose(str(skill.file.parent))
    return [settings.location_defaults.targets[choice.target]], choice.reason


def _summary(doc: Document, targets: list[Target], reason: str) -> SkillSummary:
    name = doc.field("name")
    name = name if isinstance(name, str) else None
    location = doc.locate(("name",)) if name is not None else None
    directives: tuple = ()
    if doc.text is not None and "skilllint-" in doc.text:
        frontmatter = None
        if doc.sources:
            frontmatter = (doc.frontmatter_line, doc.body_line - 2)
        directives = tuple(parse_directives(doc.path, doc.lines, frontmatter, doc.markdown.comments))
    return SkillSummary(doc.path, doc.dir_name, name, location, directives, tuple(t.id for t in targets), reason)


def _bare_summary(skill: SkillInput, settings: Settings) -> SkillSummary:
    """What project rules may know of a skill that could not be read or summarised."""
    targets, reason = skill_targets(skill, settings)
    return SkillSummary(relative_posix(skill.file, settings.cwd), skill.file.parent.name, None, None, (),
                        tuple(t.id for t in targets), reason)


def lint_skill(
    skill: SkillInput, settings: Settings, budget: FileBudget | None = None
) -> tuple[list[Diagnostic], SkillSummary]:
    """Everything per-document about one skill. Never raises: a failure of skilllint on
    this file, or a file that takes longer than its time budget, is SL000 on the file.
    `budget` is the run's (its handler installed once); without one, the file gets its own."""
    diagnostics: list[Diagnostic] = []
    rel = relative_posix(skill.file, settings.cwd)
    where = "reading"
    try:
        with budget.file() if budget is not None else time_budget(settings.file_budget):
            doc = load_document(skill.file, settings.cwd, max_bytes=settings.max_bytes)
            if settings.inject_fault is not None:
                where = "--inject-fault"
                _inject(settings.inject_fault, doc.path)
            where = "checks"
            targets, reason = skill_targets(skill, settings)
            rules = [r for r in settings.rules if r.scope in ("input", "skill")]
            run_rules(doc, rules, settings, doc.path, diagnostics, targets)
            where = "summary"
            return diagnostics, _summary(doc, targets, reason)
    except BudgetExceeded as error:
        diagnostics.append(fault(rel, error.args[0] if error.args else where, error, budget=settings.file_budget))
    except Exception as error:  # noqa: BLE001 - reading never raises by design; if it does, say so
        diagnostics.append(fault(rel, where, error, debug=settings.debug))
    return diagnostics, _bare_summary(skill, settings)


def _inject(spec: tuple[str, str], path: str) -> None:
    """Simulate a bug on matching files, so tests can prove each fault path is contained."""
    kind, pattern = spec
    if not matches(path, (pattern,)):
        return
    if kind == "raise":
        raise RuntimeError("injected fault")
    if kind == "hang":
        time.sleep(3600)
    if kind == "crash":
        import faulthandler

        faulthandler.disable()  # a simulated crash needs no stack dump (pytest enables one)
        os.kill(os.getpid(), signal.SIGSEGV)


class _PooledLint:
    """The work of a pool worker: lint one skill under a budget installed once per process
    (the object is copied into each forked worker, which installs its own on first use)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.budget = FileBudget(settings.file_budget)

    def __call__(self, skill: SkillInput) -> tuple[list[Diagnostic], SkillSummary]:
        if not self.budget.usable:
            self.budget.install()
        return lint_skill(skill, self.settings, self.budget)


def _lost(skill: SkillInput, reason: str, settings: Settings) -> tuple[list[Diagnostic], SkillSummary]:
    """A skill whose worker process died or hung: reported, never waited on."""
    rel = relative_posix(skill.file, settings.cwd)
    return [fault(rel, "a worker process", reason=reason)], _bare_summary(skill, settings)


def _batch_size(total: int, jobs: int) -> int:
    return max(8, min(256, total // (jobs * 8) or 1))


def _lint_all(
    skills: list[SkillInput], settings: Settings, progress: Callable[[int, int], None] | None
) -> Iterator[tuple[list[Diagnostic], SkillSummary]]:
    total = len(skills)
    jobs = max(1, settings.jobs)
    if jobs == 1 or total < PARALLEL_THRESHOLD or not can_fork():
        with FileBudget(settings.file_budget) as budget:
            for index, skill in enumerate(skills, 1):
                yield lint_skill(skill, settings, budget)
                if progress and index % 200 == 0:
                    progress(index, total)
        return
    done = 0
    for count, results in run_pool(
        skills,
        _PooledLint(settings),
        partial(_lost, settings=settings),
        jobs=jobs,
        batch_size=_batch_size(total, jobs),
        item_seconds=HARD_LIMIT_SECONDS,
    ):
        yield from results
        done += count
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
    manifests = [_load_manifest(path, settings, diagnostics) for path in discovery.manifests]
    for manifest in manifests:
        run_rules(_Problems(manifest.problems), input_rules, settings, manifest.path, diagnostics)
    project = Project(
        skills=sorted(summaries, key=lambda s: s.path),
        manifests=manifests,
        targets=_used_targets(summaries, settings),
        target_manifests={
            ident: [_load_manifest(path, settings, diagnostics) for path in paths]
            for ident, paths in settings.target_manifests.items()
        },
        options=settings.options,
    )
    run_rules(project, by_scope.get("project", []), settings, ".", diagnostics, project.targets)
    directives = [d for summary in summaries for d in summary.directives]
    if directives:
        selected = frozenset(rule.code for rule in settings.rules)
        diagnostics, report = apply_suppressions(diagnostics, directives, selected)
        run_rules(report, by_scope.get("suppression", []), settings, ".", diagnostics)
    faults = sum(1 for d in diagnostics if d.code == INTERNAL_ERROR_CODE)
    selected_codes = {rule.code for rule in settings.rules}
    diagnostics = [
        d for d in diagnostics
        if not _ignored_by_path(d, settings) and (d.code != INTERNAL_ERROR_CODE or d.code in selected_codes)
    ]
    if len(settings.targets) > 1 and settings.location_defaults is None:
        diagnostics = merge_across_targets(diagnostics, [t.id for t in settings.targets])
    diagnostics.sort(key=lambda d: d.sort_key)
    use = Counter((s.targets[0], s.target_reason) for s in summaries) if settings.location_defaults else {}
    return Result(diagnostics, len(discovery.skills), len(manifests), dict(use), faults)


def merge_across_targets(diagnostics: list[Diagnostic], order: list[str]) -> list[Diagnostic]:
    """One finding per problem: the findings of one rule at one place that say the same
    thing on several targets (but for the target's name) become one, naming the targets
    (`read_file` is not a tool of sisu, codex); one every target reported and whose text
    names none is target-independent and shows no target at all. The severity is the
    highest of the merged ones."""
    rank = {ident: index for index, ident in enumerate(order)}
    groups: dict[tuple, list[Diagnostic]] = {}
    merged: list[Diagnostic] = []
    for d in diagnostics:
        if d.target is None:
            merged.append(d)
            continue
        key = (d.path, d.span, d.code, d.message.replace(d.target, "\0"), (d.help or "").replace(d.target, "\0"))
        groups.setdefault(key, []).append(d)
    for (_, _, _, message, help_text), members in groups.items():
        if len(members) == 1:
            merged.append(members[0])
            continue
        members.sort(key=lambda d: rank.get(d.target or "", len(rank)))
        ids = list(dict.fromkeys(d.target for d in members if d.target))
        names = ", ".join(ids)
        severity = max((d.severity for d in members), key=lambda s: s.rank)
        independent = "\0" not in message and "\0" not in help_text and len(ids) == len(order)
        first = members[0]
        merged.append(Diagnostic(
            first.path, first.span, first.code, first.name, severity, message.replace("\0", names),
            help_text.replace("\0", names) or None, None if independent else names,
        ))
    return merged


def _used_targets(summaries: list[SkillSummary], settings: Settings) -> list[Target]:
    """The targets project rules run on: the chosen ones, or those the skills' locations chose."""
    if settings.location_defaults is None:
        return settings.targets
    by_id = settings.location_defaults.targets
    used = dict.fromkeys(ident for summary in summaries for ident in summary.targets)
    return [by_id[ident] for ident in sorted(used)] or settings.targets


def _load_manifest(path: Path, settings: Settings, diagnostics: list[Diagnostic]) -> Manifest:
    """A manifest, or an empty one plus SL000 when reading it fails (it never should)."""
    try:
        return load_manifest(path, settings.cwd, settings.max_bytes)
    except Exception as error:  # noqa: BLE001 - one manifest must not end the run
        rel = relative_posix(path, settings.cwd)
        diagnostics.append(fault(rel, "reading", error, debug=settings.debug))
        return Manifest(rel)


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
