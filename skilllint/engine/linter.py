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
import re
import signal
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from skilllint.checks.project import Project, SkillSummary
from skilllint.checks.rule import (
    AnyRule,
    FileContext,
    FileRule,
    Finding,
    InputContext,
    InputRule,
    Kind,
    ProjectContext,
    ProjectRule,
    RunShared,
    SkillContext,
    SkillRule,
    SuppressionContext,
    SuppressionRule,
)
from skilllint.checks.suppression import Directive, SuppressionReport
from skilllint.core.model import Diagnostic, Fix, Severity, Span
from skilllint.core.readfacts import ReadFact
from skilllint.core.records import Record, replace
from skilllint.engine.faults import (
    HARD_LIMIT_SECONDS,
    INTERNAL_ERROR_CODE,
    BudgetExceeded,
    FileBudget,
    fault,
    time_budget,
)
from skilllint.engine.runsettings import Result, Settings
from skilllint.engine.suppressions import apply as apply_suppressions
from skilllint.engine.suppressions import parse_directives
from skilllint.reading.discover import DefinitionInput, SkillInput, discover
from skilllint.reading.document import (
    AGENT,
    KIND_RUNTIME,
    SKILL,
    Document,
    load_document,
    relative_posix,
)
from skilllint.reading.fsview import FileSystemView, PlainFs, RunInputs
from skilllint.reading.globs import matches
from skilllint.reading.jsonfile import GEMINI_KINDS, JsonFile, load_json_file
from skilllint.reading.manifests import Manifest, load_manifest
from skilllint.runtimes.targets import Target

if TYPE_CHECKING:
    from skilllint.engine.cache.results import Miss, ResultCache, Stored
    from skilllint.engine.deferred import Deferred, Probed
    from skilllint.engine.pool import Pool

Linted = tuple[list[Diagnostic], SkillSummary, "Probed | None", "Stored | None"]
"""A skill's diagnostics and summary, (when the run records its inputs) what it probed, and (when
it was computed for the result cache) its entry to store, which the main process takes off."""

PARALLEL_THRESHOLD = 64
"""Below this many skills a worker pool costs more than it saves."""
RECORD_MAX_SKILLS = 20_000
"""Above this many skills a run keeps no run record (`engine/cache/runrecord.py`): replaying one
stats every file and folder the run read, and a 61,000-skill tree's record (150 MB, half a million
inputs) took as long to check as the result cache takes to answer, while gathering it nearly
doubled the cold run and used a gigabyte. The per-skill results are cached all the same."""
PROGRESS_EVERY = 200
"""Skills between two progress reports of a serial run."""


def _severity(rule: AnyRule, finding: Finding, target: Target, settings: Settings) -> Severity | None:
    """config > the finding's own > the runtime's > the rule's default; None means off."""
    if rule.code in settings.severity:
        return settings.severity[rule.code]
    if finding.severity is not None:
        return finding.severity
    own = rule.severity_on(target)
    return rule.severity if own is None else Severity.parse(own)


def _off(rule: AnyRule, target: Target, settings: Settings) -> bool:
    if rule.code in settings.severity:
        return settings.severity[rule.code] is None
    own = rule.severity_on(target)
    return own is not None and Severity.parse(own) is None


PerSkill = tuple[SkillSummary, list[list[Diagnostic]]]
"""A skill's summary and its diagnostics on each target of the run (`lint_skill_per_target`)."""

class Also(Protocol):
    """More work on each skill while its document is loaded in the worker, for a caller of
    `lint_per_target` that needs more than diagnostics (`skilllint report`: coverage's misses on every
    runtime). Reading the skill again for it cost a report a third more CPU than `check`; on the same
    document it reuses the rules' analyses (`Document.derived`). Both methods never raise."""

    def take(self, doc: Document, budget: FileBudget) -> object:
        """What the caller keeps of this skill (it runs its own file budgets)."""

    def lost(self, skill: SkillInput, reason: str) -> object:
        """What stands in for it when the skill could not be read or its worker died."""


Ctx = TypeVar("Ctx")
"""A rule's context, as `Linter._collect` gives it to the rule's check."""

Planned = tuple[AnyRule, Target, bool]
"""A rule that is on, the target it runs on, and whether that is the subject's first target."""


class Linter:
    """One run's rules and settings, planned once per set of targets: the per-document loop
    only builds contexts and calls checks. Copied into each pool worker, which keeps its
    own plans."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        off = {code for code, level in settings.severity.items() if level is None}
        self.run = RunShared(settings.options, frozenset(r.code for r in settings.rules if r.code not in off),
                             settings.policies, settings.groups)
        self.rules: dict[Kind, list[AnyRule]] = {kind: [] for kind in Kind}
        for rule in settings.rules:
            self.rules[rule.kind].append(rule)
        self._plans: dict[tuple[Kind, tuple[str, ...], str], list[Planned]] = {}
        self._each_plans: dict[tuple[Kind, tuple[str, ...]], list[tuple[AnyRule, tuple[int, ...]]]] = {}
        self.cache = _open_cache(settings)
        self.pending: Pool[Job, tuple[int, Linted]] | None = None
        """The run's pool, its workers finishing what they left for later (`engine.deferred`)."""

    def end(self) -> None:
        """The end of the run's cache work: the workers' share taken (`settle`), the cache's packs in
        place, merged and pruned when due. On any failure, nothing half-written is left."""
        try:
            others = self.settle()
        except BaseException:
            self.abandon()
            raise
        if self.cache is not None:
            self.cache.finish(others)

    def abandon(self) -> None:
        """The run stopped (an exception, Ctrl-C): its workers stopped, no pack from this process."""
        if self.pending is not None:
            self.pending.close()
            self.pending = None
        if self.cache is not None:
            self.cache.abandon()

    def settle(self) -> bool:
        """Take what the pool's workers did after their last skill (`pending`): what their skills read,
        into the run's inputs. Returns whether any of them put a pack of its own in place."""
        pool, self.pending = self.pending, None
        if pool is None:
            return False
        answers = pool.collect(HARD_LIMIT_SECONDS)
        inputs = self.settings.inputs
        if answers is None:  # a worker lost: its entries are gone, and what its skills read with them
            if self.cache is not None:
                self.cache.store.drop_temps(pool.lost)
            if inputs is not None:
                inputs.give_up("a worker process was lost: what its skills read is not known")
            return True
        from skilllint.engine.deferred import Finished

        wrote = False
        for answer in answers:
            assert isinstance(answer, Finished)
            wrote = wrote or answer.wrote
            if inputs is None:
                continue
            if answer.broken is not None:
                inputs.give_up(answer.broken)
            elif answer.limit is not None:
                from skilllint.engine.cache.runrecord import take_rows

                take_rows(inputs, answer.kept, answer.paths, answer.blob, answer.limit)
        return wrote

    def plan(self, kind: Kind, targets: Sequence[Target], document: str = SKILL) -> list[Planned]:
        """The rules of `kind` that are on, with their targets; for document rules, those that
        judge documents of kind `document` (a skill, a subagent, a command)."""
        key = (kind, tuple(t.id for t in targets), document)
        plan = self._plans.get(key)
        if plan is None:
            candidates = [rule for rule in self.rules[kind]
                          if kind not in (Kind.SKILL, Kind.FILE) or document in rule.documents]
            if kind == Kind.FILE:  # document rules that also judge this kind of file
                candidates += [rule for rule in self.rules[Kind.SKILL] if document in rule.files]
            if kind == Kind.SKILL:  # project rules that also judge this kind of document
                candidates += _document_checkers(self.rules[Kind.PROJECT], document)
            plan = self._plans[key] = [
                (rule, target, index == 0)
                for rule in candidates
                for index, target in enumerate(targets if rule.per_target else targets[:1])
                if not _off(rule, target, self.settings)
            ]
        return plan

    def check_facts(self, facts: Sequence[ReadFact], targets: Sequence[Target], fault_path: str,
                    out: list[Diagnostic]) -> None:
        if not facts:
            return
        for rule, target, _ in self.plan(Kind.INPUT, targets):
            assert isinstance(rule, InputRule)
            self._collect(rule, target, rule.check, InputContext(facts, target, self.run), fault_path, out)

    def check_skill(self, doc: Document, targets: Sequence[Target], out: list[Diagnostic]) -> None:
        self.check_facts(doc.problems, targets, doc.path, out)
        contexts: dict[tuple[str, bool], SkillContext] = {}  # one per target, shared by the rules (it is read-only)
        for rule, target, primary in self.plan(Kind.SKILL, targets, doc.kind):
            ctx = contexts.get((target.id, primary))
            if ctx is None:
                ctx = contexts[target.id, primary] = SkillContext(doc, target, self.run, primary)
            self._collect(rule, target, _document_check(rule), ctx, doc.path, out)

    def check_skill_each(self, doc: Document, targets: Sequence[Target]) -> list[list[Diagnostic]]:
        """`check_skill(doc, [target], ...)` for each target, in one pass: a per-target rule runs on
        each target, as there; a rule that is not per target reads no target, so it runs once and
        its findings get each target's severity (dropped where the target turns the rule off).
        Same diagnostics as `check_skill` per target, for the cost of one call of the shared rules."""
        settings = self.settings
        outs: list[list[Diagnostic]] = [[] for _ in targets]
        for rule, where in self._each_plan(targets, bool(doc.problems)):
            on = [(targets[index], outs[index]) for index in where]
            if rule.per_target:
                for target, out in on:
                    self._collect(rule, target, _invoke, self._call(rule, doc, target), doc.path, out)
                continue
            try:
                findings = list(self._call(rule, doc, on[0][0])())
            except BudgetExceeded as error:
                error.args = (rule.code,)
                raise
            except Exception as error:  # noqa: BLE001 - as in _collect: the rule's findings on this skill are lost
                failure = fault(doc.path, rule.code, error, debug=settings.debug)
                for _, out in on:
                    out.append(failure)
                continue
            for target, out in on:
                for finding in findings:
                    severity = _severity(rule, finding, target, settings)
                    if severity is not None:
                        out.append(Diagnostic(finding.location.path, finding.location.span, rule.code, rule.name,
                                              severity, finding.message, finding.help, None, finding.fix))
        return outs

    def _each_plan(self, targets: Sequence[Target], facts: bool) -> list[tuple[AnyRule, tuple[int, ...]]]:
        """The input (when there are facts) and skill rules, each with the targets it is on, by index:
        planned once per set of targets, as `plan` is for `check`."""
        key = (Kind.INPUT if facts else Kind.SKILL, ("each", *(t.id for t in targets)))
        found = self._each_plans.get(key)
        if found is None:
            skill_rules = [rule for rule in self.rules[Kind.SKILL] if SKILL in rule.documents]
            skill_rules += _document_checkers(self.rules[Kind.PROJECT], SKILL)
            rules = (*(self.rules[Kind.INPUT] if facts else ()), *skill_rules)
            found = self._each_plans[key] = [
                (rule, where) for rule in rules
                if (where := tuple(i for i, t in enumerate(targets) if not _off(rule, t, self.settings)))
            ]
        return found

    def _call(self, rule: AnyRule, doc: Document, target: Target) -> Callable[[], Iterable[Finding]]:
        """The rule's check on `doc` and `target`, ready to call (a skill's first and only target)."""
        if isinstance(rule, InputRule):
            return partial(rule.check, InputContext(doc.problems, target, self.run))
        return partial(_document_check(rule), SkillContext(doc, target, self.run, True))
    def check_file(self, file: JsonFile, targets: Sequence[Target], out: list[Diagnostic]) -> None:
        """The file rules of the file's kind. Its reading facts go to them, not to the input
        rules: a plugin.json that is not JSON is the plugin rule's to say (SL160), in its words.
        A kind no file rule owns (settings, hooks, Gemini CLI files) gives them to the input rules,
        as a manifest does: a settings file that is not JSON is never silent."""
        if file.problems and not any(file.kind in rule.documents for rule in self.rules[Kind.FILE]):
            self.check_facts(file.problems, targets, file.path, out)
        for rule, target, _ in self.plan(Kind.FILE, targets, file.kind):
            check = rule.check if isinstance(rule, FileRule) else rule.file_check
            assert check is not None
            self._collect(rule, target, check, FileContext(file, target, self.run), file.path, out)

    def lint_json_file(self, item: DefinitionInput, targets: Sequence[Target]) -> list[Diagnostic]:
        """A plugin.json's or marketplace.json's findings. Never raises, as `lint_skill`."""
        settings = self.settings
        diagnostics: list[Diagnostic] = []
        try:
            with time_budget(settings.file_budget):
                file = load_json_file(item.file, settings.cwd, item.kind, settings.max_bytes,
                                      digests=settings.inputs is not None, overlay=settings.overlay)
                self.check_file(file, targets, diagnostics)
                if settings.inputs is not None:
                    settings.inputs.merge(file.fs.probes(), file.fs.sigs, file.fs.max_bytes)
                return diagnostics
        except BudgetExceeded as error:
            where, rel = error.args[0] if error.args else "checks", relative_posix(item.file, settings.cwd)
            diagnostics.append(fault(rel, where, error, budget=settings.file_budget))
        except Exception as error:  # noqa: BLE001 - reading never raises by design; if it does, say so
            diagnostics.append(fault(relative_posix(item.file, settings.cwd), "checks", error, debug=settings.debug))
        if settings.inputs is not None:
            settings.inputs.give_up("a plugin, settings or hooks file could not be read whole")
        return diagnostics

    def check_project(self, project: Project, out: list[Diagnostic]) -> None:
        for rule, target, _ in self.plan(Kind.PROJECT, project.targets):
            assert isinstance(rule, ProjectRule)
            self._collect(rule, target, rule.check, ProjectContext(project, target, self.run), ".", out)

    def check_suppressions(self, report: SuppressionReport, out: list[Diagnostic]) -> None:
        for rule, target, _ in self.plan(Kind.SUPPRESSION, self.settings.targets):
            assert isinstance(rule, SuppressionRule)
            self._collect(rule, target, rule.check, SuppressionContext(report, target, self.run), ".", out)

    def _collect(self, rule: AnyRule, target: Target, check: Callable[[Ctx], Iterable[Finding]], ctx: Ctx,
                 fault_path: str, out: list[Diagnostic]) -> None:
        """Run one rule's check and turn its findings into diagnostics as they come, so a caller
        interrupted by the time budget keeps what was found. A rule that raises costs its own
        findings on this subject, not the run: the error becomes SL000 on `fault_path` and the
        next rule runs. The check is called in here, not by the caller: one that is a plain
        function (returning a list) raises when called, not when iterated."""
        settings = self.settings
        try:
            for finding in check(ctx):
                severity = _severity(rule, finding, target, settings)
                if severity is None:
                    continue
                out.append(Diagnostic(
                    finding.location.path, finding.location.span, rule.code, rule.name, severity,
                    finding.message, finding.help, target.id if rule.per_target else None, finding.fix,
                ))
        except BudgetExceeded as error:
            error.args = (rule.code,)
            raise
        except Exception as error:  # noqa: BLE001 - a bug in one rule must not end the run
            out.append(fault(fault_path, rule.code, error, debug=settings.debug))

    def lint_skill(self, skill: SkillInput, budget: FileBudget | None = None, miss: Miss | None = None,
                   later: Deferred | None = None) -> Linted:
        """Everything per-document about one skill. Never raises: a failure of skilllint on
        this file, or a file that takes longer than its time budget, is SL000 on the file.
        `budget` is the run's (its handler installed once); without one, the file gets its own.
        With `miss` (a cache lookup that found nothing usable), the result comes back encoded too,
        as the entry to store under its key (in this process's pack: `_taken_in`).
        When the run records its inputs, what the document asked the file system comes back too
        (from a pool worker, that is the only way it can reach the run record).
        With `later` (a pool worker's), neither comes back: both are left to it (`engine.deferred`)."""
        settings = self.settings
        diagnostics: list[Diagnostic] = []
        rel = relative_posix(skill.file, settings.cwd)
        where = "reading"
        try:
            with budget.file() if budget is not None else time_budget(settings.file_budget):
                doc = load_document(skill.file, settings.cwd, max_bytes=settings.max_bytes,
                                    digests=self.cache is not None, overlay=settings.overlay)
                if settings.inject_fault is not None:
                    where = "--inject-fault"
                    _inject(settings.inject_fault, doc.path)
                where = "checks"
                targets, reason = skill_targets(skill, settings)
                self.check_skill(doc, targets, diagnostics)
                where = "summary"
                summary = _summary(doc, targets, reason)
            if later is not None and (miss is not None or settings.inputs is not None):
                later.add((miss, diagnostics, summary, doc.fs, skill.wrong_case))
                return diagnostics, summary, None, None
            return diagnostics, summary, *self.kept(miss, diagnostics, summary, doc.fs, skill.wrong_case)
        except BudgetExceeded as error:
            diagnostics.append(fault(rel, error.args[0] if error.args else where, error, budget=settings.file_budget))
        except Exception as error:  # noqa: BLE001 - reading never raises by design; if it does, say so
            diagnostics.append(fault(rel, where, error, debug=settings.debug))
        return diagnostics, _bare_summary(skill, settings), None, None

    def kept(self, miss: Miss | None, diagnostics: list[Diagnostic], summary: SkillSummary, fs: FileSystemView,
             wrong_case: bool) -> tuple[Probed | None, Stored | None]:
        """What the run keeps of a computed skill besides its findings: what its document asked the
        file system, as the run record keeps it (when the run records its inputs), and its entry for
        the result cache (with `miss`)."""
        settings = self.settings
        probes = fs.probes() if miss is not None or settings.inputs is not None else []
        stored = self.cache.entry(miss, diagnostics, summary, probes, wrong_case) \
            if miss is not None and self.cache is not None else None
        probed = None
        if settings.inputs is not None:  # the run keeps a record: only then is its module imported
            from skilllint.engine.cache.runrecord import recorded

            probed = (*recorded(probes, fs.sigs, fs.max_bytes, settings.inputs), fs.max_bytes)
        return probed, stored

    def lint_skill_per_target(self, skill: SkillInput, budget: FileBudget) -> PerSkill:
        """`lint_skill` against each target of the run on its own (as `check --target T`), reading the
        skill once: its summary, and its diagnostics per target in the run's order (one list each, sent
        back from a worker with one summary, not one per target). Never raises: a failure is SL000
        on every target, as `check` would report it on each."""
        return self._per_target_with_doc(skill, budget)[0]

    def lint_skill_per_target_also(self, skill: SkillInput, budget: FileBudget, also: Also
                                   ) -> tuple[SkillSummary, list[list[Diagnostic]], object]:
        """`lint_skill_per_target`, then `also.take` on the same document (`also.lost` when it could
        not be read or checked)."""
        (summary, found), doc = self._per_target_with_doc(skill, budget)
        return summary, found, also.lost(skill, "") if doc is None else also.take(doc, budget)

    def _per_target_with_doc(self, skill: SkillInput, budget: FileBudget) -> tuple[PerSkill, Document | None]:
        """`lint_skill_per_target`'s answer, and the document it checked (None when that failed)."""
        settings = self.settings
        where = "reading"
        try:
            with budget.file():
                doc = load_document(skill.file, settings.cwd, max_bytes=settings.max_bytes, overlay=settings.overlay)
                where = "checks"
                found = self.check_skill_each(doc, settings.targets)
                where = "summary"
                return (_summary(doc, settings.targets, ""), found), doc
        except BudgetExceeded as error:
            rel = relative_posix(skill.file, settings.cwd)
            failure = fault(rel, error.args[0] if error.args else where, error, budget=settings.file_budget)
        except Exception as error:  # noqa: BLE001 - reading never raises by design; if it does, say so
            failure = fault(relative_posix(skill.file, settings.cwd), where, error, debug=settings.debug)
        return (_bare_summary(skill, settings), [[failure] for _ in settings.targets]), None

    def lost_per_target(self, skill: SkillInput, reason: str) -> PerSkill:
        """What each target gets for a skill whose worker died or hung: SL000, as in `check`."""
        failure = fault(relative_posix(skill.file, self.settings.cwd), "a worker process", reason=reason)
        return _bare_summary(skill, self.settings), [[failure] for _ in self.settings.targets]

    def lint_definition(self, definition: DefinitionInput, targets: Sequence[Target]
                        ) -> tuple[list[Diagnostic], tuple[Directive, ...]]:
        """A subagent's or slash command's findings and suppression comments. Never raises, as
        `lint_skill`; read in this process (a project has dozens, not thousands) and not cached,
        but what it read goes into the run's inputs when the run records them."""
        settings = self.settings
        diagnostics: list[Diagnostic] = []
        where = "reading"
        try:
            with time_budget(settings.file_budget):
                doc = load_document(definition.file, settings.cwd, max_bytes=settings.max_bytes,
                                    digests=settings.inputs is not None, kind=definition.kind,
                                    plugin=definition.plugin, overlay=settings.overlay)
                where = "checks"
                self.check_skill(doc, targets, diagnostics)
                if settings.inputs is not None:
                    settings.inputs.merge(doc.fs.probes(), doc.fs.sigs, doc.fs.max_bytes)
                return diagnostics, _directives(doc)
        except BudgetExceeded as error:
            rel = relative_posix(definition.file, settings.cwd)
            diagnostics.append(fault(rel, error.args[0] if error.args else where, error, budget=settings.file_budget))
        except Exception as error:  # noqa: BLE001 - reading never raises by design; if it does, say so
            diagnostics.append(fault(relative_posix(definition.file, settings.cwd), where, error, debug=settings.debug))
        if settings.inputs is not None:
            settings.inputs.give_up("a subagent or command file could not be read whole")
        return diagnostics, ()


def json_file_targets(settings: Settings, kind: str, claude_targets: list[Target]) -> list[Target]:
    """The targets a project JSON file is checked on: a Gemini CLI file on the run's Gemini CLI
    targets (or a runtime of the user's built on it), else on gemini-cli; the others are Claude
    Code's formats (`definition_targets`)."""
    return runtime_targets(settings, "gemini-cli") if kind in GEMINI_KINDS else claude_targets


def _invoke(check: Callable[[], Iterable[Finding]]) -> Iterable[Finding]:
    """A check already given its context, for `Linter._collect` (which gives one)."""
    return check()


def _document_checkers(project_rules: Sequence[AnyRule], document: str) -> list[AnyRule]:
    """The project rules that also judge documents of kind `document` (`document_check`)."""
    return [rule for rule in project_rules if rule.document_check is not None and document in rule.documents]


def _document_check(rule: AnyRule) -> Callable[[SkillContext], Iterable[Finding]]:
    """What judges a document: a skill rule's `check`, a project rule's `document_check`."""
    if isinstance(rule, SkillRule):
        return rule.check
    assert rule.document_check is not None
    return rule.document_check


def definition_targets(settings: Settings, kind: str = AGENT) -> list[Target]:
    """A file of a runtime's own format (Claude Code's subagents and commands, Copilot's custom
    agents and prompt files, OpenCode's agents: `document.KIND_RUNTIME`) is checked on the run's
    targets of that runtime (its dialect, or the runtime or a target extending it), else on the
    runtime itself."""
    return runtime_targets(settings, KIND_RUNTIME.get(kind, "claude-code"))


def runtime_targets(settings: Settings, home: str) -> list[Target]:
    """The run's targets of runtime `home` (its dialect, or the runtime or a target extending it),
    else `home` itself: where a file of that runtime's own format is checked."""
    own = [target for target in settings.targets if home in (target.dialect, target.id, target.extends)]
    if own:
        return own
    from skilllint.runtimes.targets import builtin_targets

    return [builtin_targets()[home]]


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
    return SkillSummary(doc.path, doc.dir_name, name, location, _directives(doc), tuple(t.id for t in targets),
                        reason)


def _directives(doc: Document) -> tuple[Directive, ...]:
    """The document's suppression comments (`skilllint-disable ...`), and those of the YAML files
    merged under its frontmatter (a `metadata.yaml`: every line of it is YAML)."""
    found: list[Directive] = []
    if doc.text is not None and "skilllint-" in doc.text:
        frontmatter = (doc.frontmatter_line, doc.body_line - 2) if doc.sources else None
        found += parse_directives(doc.path, doc.lines, frontmatter, doc.markdown.comments)
    for source in doc.sources[1:]:
        if source.path != doc.path and "skilllint-" in source.text:
            lines = source.text.split("\n")
            found += parse_directives(source.path, lines, (1, len(lines)), ())
    return tuple(found)


def _bare_summary(skill: SkillInput, settings: Settings) -> SkillSummary:
    """What project rules may know of a skill that could not be read or summarised."""
    targets, reason = skill_targets(skill, settings)
    return SkillSummary(relative_posix(skill.file, settings.cwd), skill.file.parent.name, None, None, (),
                        tuple(t.id for t in targets), reason)


def _inject(spec: tuple[str, str], path: str) -> None:
    """Simulate a bug on matching files, so tests can prove each fault path is contained."""
    kind, pattern = spec
    if not matches(path, (pattern,)):
        return
    if kind == "raise":
        raise RuntimeError("injected fault")
    if kind == "hang":  # a runaway check: it uses the CPU, as the budget counts it
        deadline = time.monotonic() + 3600
        while time.monotonic() < deadline:
            pass
    if kind == "crash":
        import faulthandler

        faulthandler.disable()  # a simulated crash needs no stack dump (pytest enables one)
        os.kill(os.getpid(), signal.SIGSEGV)


def _open_cache(settings: Settings) -> ResultCache | None:
    """The run's result cache, or None: none asked for, or a run that injects faults (its
    results are not the files')."""
    if settings.cache_dir is None or settings.inject_fault is not None:
        return None
    from skilllint.engine.cache.results import ResultCache

    return ResultCache(settings.cache_dir, settings, settings.config_digest)


Job = tuple[int, SkillInput, "Miss | None"]
"""A skill to lint: its place in the run's order, the skill, and the cache miss to fill, if any."""


class _PooledLint:
    """The work of a pool worker: lint one skill under a budget installed once per process
    (the object is copied into each forked worker, which installs its own on first use)."""

    def __init__(self, linter: Linter, later: Deferred | None) -> None:
        self.linter = linter
        self.budget = FileBudget(linter.settings.file_budget)
        self.later = later

    def __call__(self, job: Job) -> tuple[int, Linted]:
        if not self.budget.usable:
            self.budget.install()
        index, skill, miss = job
        return index, self.linter.lint_skill(skill, self.budget, miss, self.later)


class _Lost:
    """What a skill whose worker process died or hung gets: SL000, never a wait."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def __call__(self, job: Job, reason: str) -> tuple[int, Linted]:
        index, skill, _ = job
        rel = relative_posix(skill.file, self.settings.cwd)
        return index, ([fault(rel, "a worker process", reason=reason)], _bare_summary(skill, self.settings), None, None)


def _overlaid(skill: SkillInput, settings: Settings) -> bool:
    """Whether the skill is read from the run's overlay: its cached result is the file's on disk."""
    return bool(settings.overlay) and os.path.normpath(skill.file) in settings.overlay


def _batch_size(total: int, jobs: int) -> int:
    return max(8, min(256, total // (jobs * 8) or 1))


def _can_fork() -> bool:
    """Whether a pool of forked workers is possible here, asked without importing
    multiprocessing (fork exists on every POSIX system, never on Windows)."""
    return hasattr(os, "fork")


def _lint_all(skills: list[SkillInput], linter: Linter, progress: Callable[[int, int], None] | None
              ) -> list[Linted]:
    """Every skill's diagnostics and summary, in the order of `skills` (whatever the number of
    processes and whichever came from the cache). Cached results are looked up here, in this
    process, so a warm run starts no worker; the misses are computed, and stored, where they run."""
    settings = linter.settings
    total = len(skills)
    results: list[Linted | None] = [None] * total
    todo: list[Job] = []
    inputs = settings.inputs
    for index, skill in enumerate(skills):
        found = (linter.cache.cold(skill) or linter.cache.lookup(skill, *skill_targets(skill, settings),
                                                                remember=inputs is not None)) \
            if linter.cache is not None and not _overlaid(skill, settings) else None
        if isinstance(found, tuple):
            results[index] = (*found, None, None)
        else:
            todo.append((index, skill, found))
    if inputs is not None and linter.cache is not None:  # what the lookups asked (each hit's probes, asked again)
        view = linter.cache.view
        inputs.merge(view.probes(), view.sigs, view.max_bytes)
    done = total - len(todo)
    jobs = max(1, settings.jobs)
    if jobs == 1 or len(todo) < PARALLEL_THRESHOLD or not _can_fork():
        with FileBudget(settings.file_budget) as budget:
            for index, skill, miss in todo:
                results[index] = _taken_in(linter, linter.lint_skill(skill, budget, miss))
                done += 1
                # every PROGRESS_EVERY skills, and the end once anything was (the CLI then clears its counter)
                if progress and (done % PROGRESS_EVERY == 0 or done == total > PROGRESS_EVERY):
                    progress(done, total)
    else:
        from skilllint.engine.pool import Pool  # multiprocessing costs ~6 ms to import: only for a pool

        if linter.cache is not None:
            linter.cache.before_fork()  # (a lookup may have started the run's pack, rewriting old entries)
        later = None
        if linter.cache is not None or inputs is not None:
            from skilllint.engine.deferred import Deferred  # (a run without a cache does not import it)

            later = Deferred(linter)
        if inputs is not None:
            from skilllint.engine.cache import runrecord

            runrecord.begin(inputs)  # before any worker reads: the record's moment (`runrecord.Draft`)
        pool = Pool(todo, _PooledLint(linter, later), _Lost(settings), jobs=jobs,
                    batch_size=_batch_size(len(todo), jobs), item_seconds=HARD_LIMIT_SECONDS,
                    finisher=None if later is None else later.finish)
        try:
            for count, batch in pool:
                for index, linted in batch:
                    results[index] = _taken_in(linter, linted)
                done += count
                if progress:
                    progress(done, total)
        except BaseException:
            pool.close()
            raise
        if later is None:
            pool.close()
        else:
            pool.finish()  # the workers do what they left for later while this process goes on
            linter.pending = pool
            if inputs is not None:
                runrecord.list_folders(inputs)
    return [linted for linted in results if linted is not None]


def _taken_in(linter: Linter, linted: Linted) -> Linted:
    """A computed result as it comes: its cache entry (if any) handed to the run's pack, what it
    probed merged into the run's inputs, and both let go. (Merged after the last worker had
    finished, the probes of 5,000 skills cost the run 16 ms of serial time.)"""
    _, _, probed, stored = linted
    if probed is None and stored is None:
        return linted
    if stored is not None and linter.cache is not None:
        linter.cache.add(stored)
    inputs = linter.settings.inputs
    if probed is not None and inputs is not None:
        from skilllint.engine.cache.runrecord import take  # (imported only by a run that keeps a record)

        take(inputs, *probed)
    return linted[0], linted[1], None, None


Out = TypeVar("Out")


class _Budgeted(Generic[Out]):
    """A per-skill function under a time budget installed once per process (copied into each
    forked worker, which installs its own on first use)."""

    def __init__(self, work: Callable[[SkillInput, FileBudget], Out], seconds: float) -> None:
        self.work = work
        self.budget = FileBudget(seconds)

    def __call__(self, skill: SkillInput) -> Out:
        if not self.budget.usable:
            self.budget.install()
        return self.work(skill, self.budget)


def map_skills(
    skills: Sequence[SkillInput],
    settings: Settings,
    work: Callable[[SkillInput, FileBudget], Out],
    lost: Callable[[SkillInput, str], Out],
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[Out]:
    """Run `work` on each skill, in the run's worker processes as `check` does (the same pool,
    threshold and hard time limit), and yield the results as they come, in no fixed order: a
    caller that aggregates keeps only its totals, whatever the size of the tree. `work` must
    never raise (it gets the budget to wrap its reading in); `lost` stands in for a skill whose
    worker died or hung. The commands that answer questions other than `check`'s (coverage,
    matrix) use it, so they read the same skills the same way."""
    total = len(skills)
    jobs = max(1, settings.jobs)
    if jobs == 1 or total < PARALLEL_THRESHOLD or not _can_fork():
        with FileBudget(settings.file_budget) as budget:
            for done, skill in enumerate(skills, 1):
                yield work(skill, budget)
                if progress and (done % PROGRESS_EVERY == 0 or done == total > PROGRESS_EVERY):
                    progress(done, total)
        return
    from skilllint.engine.pool import run_pool

    done = 0
    for count, batch in run_pool(skills, _Budgeted(work, settings.file_budget), lost, jobs=jobs,
                                 batch_size=_batch_size(total, jobs), item_seconds=HARD_LIMIT_SECONDS):
        yield from batch
        done += count
        if progress:
            progress(done, total)


def lint_paths(
    paths: list[str],
    settings: Settings,
    progress: Callable[[int, int], None] | None = None,
    later: list[Linter] | None = None,
) -> Result:
    """Lint every skill and manifest under `paths`. Raises PathNotFoundError for a missing path.
    `later`: where to leave the run's linter, for the caller to call its `end` once it has printed
    the report (or its `abandon`, when it stops on an exception): the end of the cache work (its
    pool's workers finishing their share, `engine.deferred`, and the cache's upkeep) then overlaps
    the report's rendering. Without, it is done before this returns."""
    with _few_collections():
        linter = Linter(settings)
        try:
            result = _lint(paths, linter, progress)
        except BaseException:  # Ctrl-C too: the run's pack would be half of it, and its file left behind
            linter.abandon()
            raise
        if later is None:
            linter.end()
        else:
            later.append(linter)
        return result


@contextmanager
def _few_collections() -> Iterator[None]:
    """A run allocates many small, short-lived objects and few cycles: the default cyclic-GC
    thresholds make it collect thousands of times for nothing (a fifth of the run time).
    The caller's thresholds are restored afterwards (skilllint may run inside another program)."""
    previous = gc.get_threshold()
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*previous)


def _lint(paths: list[str], linter: Linter, progress: Callable[[int, int], None] | None) -> Result:
    settings = linter.settings
    discovery = discover(paths, settings.cwd, settings.exclude, settings.manifest_globs, settings.force_exclude,
                         run_fs(settings))
    inputs = settings.inputs
    if inputs is not None and (inputs.broken is not None or len(discovery.skills) > RECORD_MAX_SKILLS):
        inputs.give_up(f"{len(discovery.skills):,} skills: more than a run record is kept for")
        settings = linter.settings = replace(settings, inputs=None)  # nothing more to gather for it
    diagnostics: list[Diagnostic] = []
    linter.check_facts(discovery.problems, settings.targets, ".", diagnostics)
    summaries: list[SkillSummary] = []
    for found, summary, _, _ in _lint_all(discovery.skills, linter, progress):
        diagnostics.extend(found)
        summaries.append(summary)
    directives = [d for summary in summaries for d in summary.directives]
    checked_on: dict[str, list[str]] = {}  # the files not checked on every target of the run
    if discovery.definitions or discovery.json_files:
        targets = definition_targets(settings)
        for definition in discovery.definitions:
            checked_on[relative_posix(definition.file, settings.cwd)] = [
                t.id for t in definition_targets(settings, definition.kind)]
            found, own = linter.lint_definition(definition, definition_targets(settings, definition.kind))
            diagnostics.extend(found)
            directives.extend(own)
        for item in discovery.json_files:
            diagnostics.extend(linter.lint_json_file(item, json_file_targets(settings, item.kind, targets)))
    manifests = [_load_manifest(path, settings, diagnostics) for path in discovery.manifests]
    diagnostics, faults = _finish(linter, diagnostics, summaries, manifests, _used_targets(summaries, settings),
                                  directives)
    if len(settings.targets) > 1 and settings.location_defaults is None:
        diagnostics = merge_across_targets(diagnostics, [t.id for t in settings.targets], checked_on)
    diagnostics.sort(key=lambda d: d.sort_key)
    use = Counter((s.targets[0], s.target_reason) for s in summaries) if settings.location_defaults else {}
    kinds = Counter(item.kind for item in [*discovery.definitions, *discovery.json_files])
    return Result(diagnostics, len(discovery.skills), len(manifests), dict(use), faults, dict(kinds))


def _finish(linter: Linter, diagnostics: list[Diagnostic], summaries: list[SkillSummary], manifests: list[Manifest],
            targets: list[Target], directives: list[Directive]) -> tuple[list[Diagnostic], int]:
    """What follows the per-document checks, on `targets`: the manifests' facts, project rules,
    suppressions and suppression rules, per-file ignores. Returns the diagnostics and the number of
    internal errors (counted even when SL000 is not selected)."""
    settings = linter.settings
    for manifest in manifests:
        linter.check_facts(manifest.problems, settings.targets, manifest.path, diagnostics)
    project = Project(
        skills=sorted(summaries, key=lambda s: s.path),
        manifests=manifests,
        targets=targets,
        target_manifests=settings.target_manifests,
    )
    linter.check_project(project, diagnostics)
    if directives:
        selected = frozenset(rule.code for rule in settings.rules)
        diagnostics, report = apply_suppressions(diagnostics, directives, selected)
        linter.check_suppressions(report, diagnostics)
    faults = sum(1 for d in diagnostics if d.code == INTERNAL_ERROR_CODE)
    selected_codes = {rule.code for rule in settings.rules}
    return [d for d in diagnostics if _kept(d, settings, selected_codes)], faults


class PerTargetResult(Record):
    """What `check --target T` would report, for each T of the run, from one reading of each skill.

    `diagnostics[T]` equals the diagnostics of `check --target T` on the same paths and config (before
    sorting into the output); `skills` are the summaries of the skills, in path order."""

    __slots__ = ("skills", "diagnostics", "faults")
    skills: list[SkillSummary]
    diagnostics: dict[str, list[Diagnostic]]
    faults: int

    def __init__(self, skills: list[SkillSummary], diagnostics: dict[str, list[Diagnostic]], faults: int = 0) -> None:
        self.skills = skills
        self.diagnostics = diagnostics
        self.faults = faults


Settle = Callable[[str, list[Diagnostic]], None]
"""Takes a target's final diagnostics on one skill, as they come (see `lint_per_target`)."""


def lint_per_target(paths: list[str], settings: Settings, progress: Callable[[int, int], None] | None = None,
                    settle: Settle | None = None, also: Also | None = None,
                    keep: Callable[[object], None] | None = None) -> PerTargetResult:
    """Lint every skill under `paths` against each target on its own, as `check --target T` does for
    each T, reading each skill once (`matrix` uses it, so a cell and `check` never disagree). The
    per-skill work runs in the pool; the run-wide stages (project rules, suppressions) run per target.
    Subagents, commands and plugin files are not skills: they have no cell.

    With `settle`, a skill without suppression comments is settled as it comes: no later stage can
    take one of its findings away (a suppression comment acts on its own file only; project rules
    only add), so its diagnostics go through the per-file stage (per-file ignores, SL000 unless
    selected) and to `settle(target, diagnostics)`, and are not kept: memory stays bounded on a tree
    of any size. The rest (skills with suppression comments, run-wide facts, project rules) is in the
    result, as before.

    With `also` (and `keep`), `also.take` runs on each skill's document in the worker after its checks
    and `keep` gets its answer in this process, in no fixed order."""
    with _few_collections():
        linter = Linter(replace(settings, cache_dir=None, inputs=None))
        targets = settings.targets
        discovery = discover(paths, settings.cwd, settings.exclude, settings.manifest_globs, settings.force_exclude)
        per_target: dict[str, list[Diagnostic]] = {t.id: [] for t in targets}
        settled_faults = {t.id: 0 for t in targets}
        selected = {rule.code for rule in settings.rules}
        # one summary per skill, shared by every target: a summary's `targets` (all of the run's) is read
        # only to ask whether the skill is checked against the target at hand, which each one is
        summaries: list[SkillSummary] = []
        for target in targets:
            linter.check_facts(discovery.problems, [target], ".", per_target[target.id])
        for summary, each in _per_target(discovery.skills, settings, linter, progress, also, keep):
            summaries.append(summary)
            for target, found in zip(targets, each, strict=True):
                if settle is None or summary.directives:
                    per_target[target.id].extend(found)
                    continue
                settled_faults[target.id] += sum(1 for d in found if d.code == INTERNAL_ERROR_CODE)
                settle(target.id, [d for d in found if _kept(d, settings, selected)])
        shared: list[Diagnostic] = []
        manifests = [_load_manifest(path, settings, shared) for path in discovery.manifests]
        directives = [d for summary in summaries for d in summary.directives]
        faults = 0
        for target in targets:
            single = Linter(replace(settings, targets=[target], cache_dir=None, inputs=None))
            per_target[target.id], count = _finish(single, per_target[target.id] + shared, summaries, manifests,
                                                   [target], directives)
            faults = max(faults, count + settled_faults[target.id])
        return PerTargetResult(sorted(summaries, key=lambda s: s.path), per_target, faults)


def _per_target(skills: Sequence[SkillInput], settings: Settings, linter: Linter,
                progress: Callable[[int, int], None] | None, also: Also | None,
                keep: Callable[[object], None] | None) -> Iterator[PerSkill]:
    """Each skill's summary and diagnostics per target, handing `also`'s answers to `keep` on the way."""
    if also is None:
        yield from map_skills(skills, settings, linter.lint_skill_per_target, linter.lost_per_target, progress)
        return

    def lost(skill: SkillInput, reason: str) -> tuple[SkillSummary, list[list[Diagnostic]], object]:
        return (*linter.lost_per_target(skill, reason), also.lost(skill, reason))

    for summary, each, value in map_skills(skills, settings, partial(linter.lint_skill_per_target_also, also=also),
                                           lost, progress):
        if keep is not None:
            keep(value)
        yield summary, each


def _kept(diagnostic: Diagnostic, settings: Settings, selected: set[str]) -> bool:
    """The per-file stage of `_finish`: per-file ignores, and SL000 only when selected."""
    return not _ignored_by_path(diagnostic, settings) and (
        diagnostic.code != INTERNAL_ERROR_CODE or diagnostic.code in selected)


def merge_across_targets(diagnostics: list[Diagnostic], order: list[str],
                         checked_on: Mapping[str, Collection[str]] | None = None) -> list[Diagnostic]:
    """One finding per problem: the findings of one rule at one place that say the same
    thing on several targets (but for the target's name) become one, naming the targets
    (`read_file` is not a tool of sisu, codex); one every target reported and whose text
    names none is target-independent and shows no target at all. The severity is the
    highest of the merged ones. A fix is kept when the merged findings carry the same one
    and, unless it is portable, every target the file was checked on proposed it
    (`checked_on`: a file's targets when not all of `order`, as a subagent's)."""
    rank = {ident: index for index, ident in enumerate(order)}
    groups: dict[tuple[str, Span, str, str, str], list[Diagnostic]] = {}
    merged: list[Diagnostic] = []
    for d in diagnostics:
        if d.target is None:
            merged.append(d)
            continue
        name = _target_name(d.target)
        key = (d.path, d.span, d.code, name.sub("\0", d.message), name.sub("\0", d.help or ""))
        groups.setdefault(key, []).append(d)
    for (path, _, _, message, help_text), members in groups.items():
        fix = _agreed_fix(members, (checked_on or {}).get(path, order))
        if len(members) == 1:
            merged.append(members[0] if fix is members[0].fix else replace(members[0], fix=fix))
            continue
        members.sort(key=lambda d: rank.get(d.target or "", len(rank)))
        ids = list(dict.fromkeys(d.target for d in members if d.target))
        names = ", ".join(ids)
        severity = max((d.severity for d in members), key=lambda s: s.rank)
        independent = "\0" not in message and "\0" not in help_text and len(ids) == len(order)
        first = members[0]
        merged.append(Diagnostic(
            first.path, first.span, first.code, first.name, severity, message.replace("\0", names),
            help_text.replace("\0", names) or None, None if independent else names, fix,
        ))
    return merged


def _agreed_fix(members: list[Diagnostic], checked: Collection[str]) -> Fix | None:
    """The fix the findings of one problem on several targets agree on, if any: the same on each,
    and proposed by every target the file is checked on unless it is right on any runtime."""
    fix = members[0].fix
    if fix is None or any(d.fix != fix for d in members[1:]):
        return None
    if fix.portable or set(checked) <= {d.target for d in members}:
        return fix
    return None


@cache
def _target_name(target: str) -> re.Pattern[str]:
    """A target's id as a word of a message (`amp`, not the `amp` of "example")."""
    return re.compile(rf"(?<![\w-]){re.escape(target)}(?![\w-])")


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
        return load_manifest(path, settings.cwd, settings.max_bytes, run_fs(settings))
    except Exception as error:  # noqa: BLE001 - one manifest must not end the run
        rel = relative_posix(path, settings.cwd)
        diagnostics.append(fault(rel, "reading", error, debug=settings.debug))
        return Manifest(rel)


def run_fs(settings: Settings) -> RunInputs | None:
    """What the run's own reading (the walk, manifests) asks the file system through: the run
    record's inputs, else, when the run reads some files from its overlay, a view that answers
    for them (a file given in memory exists even when it is not saved yet)."""
    if settings.inputs is not None or not settings.overlay:
        return settings.inputs
    return PlainFs(settings.overlay)


def _ignored_by_path(diagnostic: Diagnostic, settings: Settings) -> bool:
    for pattern, codes in settings.per_file_ignores:
        if diagnostic.code in codes and matches(diagnostic.path, (pattern,)):
            return True
    return False
