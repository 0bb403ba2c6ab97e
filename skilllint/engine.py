"""The pipeline: discover -> documents -> per-document checks -> project checks -> sort.

Knows no screen. Per-document work is a pure function of (skill file, settings), so it
runs in worker processes (`jobs`); results are sorted at the end, so the output does not
depend on the number of processes or on file system order.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skilllint.discover import Discovery, SkillInput, discover
from skilllint.document import DEFAULT_MAX_BYTES, load_document
from skilllint.globs import matches
from skilllint.model import Diagnostic, Severity
from skilllint.registry import Finding, Rule
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
    max_bytes: int = DEFAULT_MAX_BYTES
    options: dict[str, Any] = field(default_factory=dict)
    jobs: int = 1
    cwd: Path = field(default_factory=Path.cwd)


@dataclass
class Result:
    diagnostics: list[Diagnostic]
    skills: int
    files: int


def _severity(rule: Rule, finding: Finding, target: Target | None, settings: Settings) -> Severity | None:
    """config > the finding's own > the runtime's > the rule's default; None means off."""
    if rule.code in settings.severity:
        return settings.severity[rule.code]
    if finding.severity is not None:
        return finding.severity
    if target is not None and rule.per_target:
        own = _target_severity(rule, target)
        if own is not _UNSET:
            return own
    return rule.severity


_UNSET: Any = object()


def _target_severity(rule: Rule, target: Target) -> Severity | None | Any:
    if rule.code == "SL132":
        return Severity.parse(target.unknown_fields)
    raw = target.rule_severity(rule.code)
    return _UNSET if raw is None else Severity.parse(raw)


def _rule_off_for(rule: Rule, target: Target, settings: Settings) -> bool:
    if rule.code in settings.severity:
        return settings.severity[rule.code] is None
    return rule.per_target and _target_severity(rule, target) is None


def run_rules(doc: Any, rules: Iterable[Rule], settings: Settings) -> list[Diagnostic]:
    """Apply per-document rules to one document (or the discovery's problem list)."""
    diagnostics: list[Diagnostic] = []
    primary = settings.targets[0]
    for rule in rules:
        targets = settings.targets if rule.per_target else [primary]
        for target in targets:
            if _rule_off_for(rule, target, settings):
                continue
            context = CheckContext(target, settings.options)
            for finding in rule.check(doc, target, context):
                severity = _severity(rule, finding, target, settings)
                if severity is None:
                    continue
                diagnostics.append(
                    Diagnostic(
                        finding.location.path,
                        finding.location.span,
                        rule.code,
                        rule.name,
                        severity,
                        finding.message,
                        finding.help,
                        target.id if rule.per_target else None,
                    )
                )
    return diagnostics


def lint_skill(skill: SkillInput, settings: Settings) -> list[Diagnostic]:
    """Everything per-document about one skill. Never raises for bad input."""
    doc = load_document(skill.file, settings.cwd, max_bytes=settings.max_bytes)
    rules = [r for r in settings.rules if r.scope in ("input", "skill")]
    return run_rules(doc, rules, settings)


class _Problems:
    """The discovery's problems, shaped like a document for the input rules."""

    def __init__(self, discovery: Discovery) -> None:
        self.problems = discovery.problems


_WORKER_SETTINGS: Settings | None = None


def _worker(batch: list[SkillInput]) -> list[Diagnostic]:
    assert _WORKER_SETTINGS is not None
    out: list[Diagnostic] = []
    for skill in batch:
        out.extend(_lint_safely(skill, _WORKER_SETTINGS))
    return out


def _lint_safely(skill: SkillInput, settings: Settings) -> list[Diagnostic]:
    """A crash in one skill's checks must not end the run: it becomes an internal error."""
    try:
        return lint_skill(skill, settings)
    except RecursionError:
        raise
    except Exception as error:  # noqa: BLE001 - reported, not swallowed
        if os.environ.get("SKILLLINT_DEBUG"):
            raise
        raise InternalError(f"{skill.file}: {type(error).__name__}: {error}") from error


class InternalError(RuntimeError):
    """A bug in skilllint (not in the input): exit code 2."""


def _batches(items: list[SkillInput], jobs: int) -> list[list[SkillInput]]:
    size = max(8, min(256, len(items) // (jobs * 8) or 1))
    return [items[i : i + size] for i in range(0, len(items), size)]


def lint_paths(
    paths: list[str],
    settings: Settings,
    progress: Callable[[int, int], None] | None = None,
) -> Result:
    """Lint every skill under `paths`. Raises PathNotFoundError for a missing path."""
    discovery = discover(paths, settings.cwd, settings.exclude)
    input_rules = [r for r in settings.rules if r.scope == "input"]
    diagnostics = run_rules(_Problems(discovery), input_rules, settings)
    skills = discovery.skills
    diagnostics.extend(_lint_all(skills, settings, progress))
    diagnostics = [d for d in diagnostics if not _ignored_by_path(d, settings)]
    diagnostics.sort(key=lambda d: d.sort_key)
    files = len({d.path for d in diagnostics})
    return Result(diagnostics, len(skills), files)


def _lint_all(
    skills: list[SkillInput], settings: Settings, progress: Callable[[int, int], None] | None
) -> Iterator[Diagnostic]:
    total = len(skills)
    jobs = max(1, settings.jobs)
    if jobs == 1 or total < PARALLEL_THRESHOLD or "fork" not in multiprocessing.get_all_start_methods():
        for index, skill in enumerate(skills, 1):
            yield from _lint_safely(skill, settings)
            if progress and index % 200 == 0:
                progress(index, total)
        return
    global _WORKER_SETTINGS
    _WORKER_SETTINGS = settings
    context = multiprocessing.get_context("fork")
    done = 0
    with context.Pool(jobs) as pool:
        for batch_result, batch in zip(
            pool.imap(_worker, batches := _batches(skills, jobs)), batches, strict=True
        ):
            yield from batch_result
            done += len(batch)
            if progress:
                progress(done, total)


def _ignored_by_path(diagnostic: Diagnostic, settings: Settings) -> bool:
    for pattern, codes in settings.per_file_ignores:
        if any(diagnostic.code.startswith(c) or diagnostic.name == c for c in codes) and matches(
            diagnostic.path, (pattern,)
        ):
            return True
    return False


def stderr_progress(done: int, total: int) -> None:
    """A one-line progress counter on a terminal's stderr (never in pipes)."""
    sys.stderr.write(f"\rskilllint: {done:,}/{total:,} skills")
    if done >= total:
        sys.stderr.write("\r" + " " * 40 + "\r")
    sys.stderr.flush()
