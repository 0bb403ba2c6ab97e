"""What a run takes and gives: `Settings` (everything a run needs, already resolved from defaults,
config and the command line) and `Result`. Records of their own, below the linter and the result
cache, which both read them, so neither imports the other for a type."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from skilllint.checks.rule import AnyRule, Policy
from skilllint.core.model import Diagnostic, Severity
from skilllint.core.records import Record
from skilllint.engine.faults import FILE_BUDGET_SECONDS
from skilllint.engine.location import LocationDefaults
from skilllint.reading.document import DEFAULT_MAX_BYTES
from skilllint.reading.fsview import RunInputs
from skilllint.reading.manifests import Manifest
from skilllint.runtimes.targets import Target


class Settings(Record):
    """Everything a run needs, already resolved from defaults, config and CLI."""

    __slots__ = ("targets", "rules", "severity", "per_file_ignores", "exclude", "manifest_globs", "target_manifests",
                 "max_bytes", "options", "jobs", "force_exclude", "cwd", "file_budget", "location_defaults", "debug",
                 "inject_fault", "cache_dir", "config_digest", "inputs", "policies", "groups", "overlay")
    targets: list[Target]
    rules: list[AnyRule]
    severity: dict[str, Severity | None]  # config overrides
    per_file_ignores: list[tuple[str, tuple[str, ...]]]
    exclude: tuple[str, ...]
    manifest_globs: tuple[str, ...]
    target_manifests: dict[str, list[Manifest]]  # tools_from, read once
    max_bytes: int
    options: dict[str, object]  # rule options by name, validated
    jobs: int
    force_exclude: bool
    cwd: Path
    file_budget: float  # seconds of checks per file before SL000
    location_defaults: LocationDefaults | None  # no target chosen: each skill's from where it lives
    debug: bool  # print the traceback of every internal error to stderr
    inject_fault: tuple[str, str] | None  # (raise|crash|hang, glob): exercises the fault paths in tests
    cache_dir: Path | None  # where per-skill results are kept (skilllint.engine.cache); None: no cache
    config_digest: str  # the config's content, for the cache key
    inputs: RunInputs | None  # where every layer records what it asked the file system (for a run record)
    policies: tuple[Policy, ...]  # config `policies` (SL215)
    groups: Mapping[str, tuple[str, ...]]  # config `groups`
    overlay: Mapping[str, bytes]  # contents read instead of the files on disk, by normalised path (`check --diff`)

    def __init__(self, targets: list[Target], rules: list[AnyRule], severity: dict[str, Severity | None] | None = None,
                 per_file_ignores: list[tuple[str, tuple[str, ...]]] | None = None, exclude: tuple[str, ...] = (),
                 manifest_globs: tuple[str, ...] = (), target_manifests: dict[str, list[Manifest]] | None = None,
                 max_bytes: int = DEFAULT_MAX_BYTES, options: dict[str, object] | None = None, jobs: int = 1,
                 force_exclude: bool = False, cwd: Path | None = None, file_budget: float = FILE_BUDGET_SECONDS,
                 location_defaults: LocationDefaults | None = None, debug: bool = False,
                 inject_fault: tuple[str, str] | None = None, cache_dir: Path | None = None,
                 config_digest: str = "", inputs: RunInputs | None = None, policies: tuple[Policy, ...] = (),
                 groups: Mapping[str, tuple[str, ...]] | None = None, overlay: Mapping[str, bytes] | None = None
                 ) -> None:
        self.targets = targets
        self.rules = rules
        self.severity = {} if severity is None else severity
        self.per_file_ignores = [] if per_file_ignores is None else per_file_ignores
        self.exclude = exclude
        self.manifest_globs = manifest_globs
        self.target_manifests = {} if target_manifests is None else target_manifests
        self.max_bytes = max_bytes
        self.options = {} if options is None else options
        self.jobs = jobs
        self.force_exclude = force_exclude
        self.cwd = Path.cwd() if cwd is None else cwd
        self.file_budget = file_budget
        self.location_defaults = location_defaults
        self.debug = debug
        self.inject_fault = inject_fault
        self.cache_dir = cache_dir
        self.config_digest = config_digest
        self.inputs = inputs
        self.policies = policies
        self.groups = {} if groups is None else groups
        self.overlay = {} if overlay is None else overlay


class Result(Record):
    __slots__ = ("diagnostics", "skills", "manifests", "target_use", "faults", "definitions")
    diagnostics: list[Diagnostic]
    skills: int
    manifests: int
    target_use: dict[tuple[str, str], int]  # (target, why) -> skills, by location
    faults: int  # internal errors (SL000), counted even when SL000 is not selected: exit code 2
    definitions: dict[str, int]  # subagent and command files, by kind

    def __init__(self, diagnostics: list[Diagnostic], skills: int, manifests: int = 0,
                 target_use: dict[tuple[str, str], int] | None = None, faults: int = 0,
                 definitions: dict[str, int] | None = None) -> None:
        self.diagnostics = diagnostics
        self.skills = skills
        self.manifests = manifests
        self.target_use = {} if target_use is None else target_use
        self.faults = faults
        self.definitions = {} if definitions is None else definitions
