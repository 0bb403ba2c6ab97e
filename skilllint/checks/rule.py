"""The rule contract: what a rule declares, what it is given, what it yields.

A rule is one module in `skilllint/checks/` ending in `RULE = <Kind>Rule(...)`. The module
says everything about its rule: code, name, summary, default severity, whether its verdict
depends on the target, its options (declared here, validated from config, listed in its
card) and, where a runtime documents otherwise, where its per-runtime severity comes from.
The engine knows the kinds, never a code.

The kinds, by what a rule looks at (after ruff's typed checkers and yamllint's
self-describing rules):

- `InputRule`: the facts recorded while reading files (undecodable at byte N, frontmatter
  unclosed, a YAML error at line/column, a wrong-case file name). Reading judges nothing;
  an input rule picks the facts of its kinds and owns their code, message and help.
- `SkillRule`: one document, on one target: a skill's SKILL.md, or (for the rules that
  declare them in `documents`) a subagent or slash-command file, which share its reading.
- `FileRule`: one JSON file that configures an agent project (a plugin's `plugin.json`, a
  `marketplace.json`), of the kinds it declares in `documents`.
- `ProjectRule`: the whole linted tree (skill summaries, manifests, targets); one that
  also judges documents declares `document_check` (run per document, as a skill rule).
- `SuppressionRule`: what the inline suppression comments did.

Each `check` takes its typed context and yields `Finding`s; the engine adds the code,
name, severity and target.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Final, Generic, TypeVar

from skilllint.core.model import Fix, Severity
from skilllint.core.readfacts import Fact, Location, ReadFact
from skilllint.core.records import FrozenRecord

if TYPE_CHECKING:
    from skilllint.checks._body import BodyReference
    from skilllint.checks._files import FileReference
    from skilllint.checks._tools import DeclaredTool
    from skilllint.checks.project import Project
    from skilllint.checks.suppression import SuppressionReport
    from skilllint.reading.document import Document
    from skilllint.reading.jsonfile import JsonFile
    from skilllint.runtimes.targets import Target

T = TypeVar("T", int, str, bool)


class Finding(FrozenRecord):
    """What a check yields; the engine adds code, name, severity and target. `fix`: the edits
    that repair it, only from a rule whose card has a `## Fix` section (`fixable=True`) and only
    when the repair has one right answer (see `skilllint.core.model.Fix`)."""

    __slots__ = ("location", "message", "help", "severity", "fix")
    location: Final[Location]
    message: Final[str]
    help: Final[str | None]
    severity: Final[Severity | None]  # only when one case of a rule differs (SL102 duplicates)
    fix: Final[Fix | None]

    def __init__(self, location: Location, message: str, help: str | None = None,
                 severity: Severity | None = None, fix: Fix | None = None) -> None:
        self.location = location
        self.message = message
        self.help = help
        self.severity = severity
        self.fix = fix


class OptionError(ValueError):
    """A rule option with a value of the wrong type or out of range; the config names the key."""


class Option(FrozenRecord, Generic[T]):
    """A setting of one rule, written in config as `rules: {CODE: {name: value}}` (and, for
    the options that predate it, as a top-level key of the same name)."""

    __slots__ = ("name", "kind", "default", "help", "minimum")
    name: Final[str]
    help: Final[str]
    minimum: Final[int | None]

    def __init__(self, name: str, kind: type[T], default: T, help: str, minimum: int | None = None) -> None:
        self.name = name
        self.kind: Final[type[T]] = kind  # declared here: a Final of the class body cannot depend on T
        self.default: Final[T] = default
        self.help = help
        self.minimum = minimum

    def validate(self, value: object) -> T:
        """The value as the rule will see it, or OptionError saying what to write."""
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"`{self.name}` must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"`{self.name}` must be at least {self.minimum}, not {value}")
        elif not isinstance(value, self.kind):
            raise OptionError(f"`{self.name}` must be a {self.kind.__name__}, not {value!r}")
        return value  # type: ignore[return-value]  # narrowed by the checks above


class Kind(StrEnum):
    INPUT = "input"
    SKILL = "skill"
    FILE = "file"
    PROJECT = "project"
    SUPPRESSION = "suppression"


class Policy(FrozenRecord):
    """A named allow/deny list over tool names, `Tool(specifier)` rules and groups (`group:web`),
    for the skills under `paths` (config `policies`): what an application that governs its own
    tools lets the skills there use."""

    __slots__ = ("name", "paths", "allow", "deny")
    name: Final[str]
    paths: Final[tuple[str, ...]]  # globs, relative to the working folder, as `exclude`
    allow: Final[tuple[str, ...] | None]  # None: everything not denied
    deny: Final[tuple[str, ...]]

    def __init__(self, name: str, paths: tuple[str, ...], allow: tuple[str, ...] | None, deny: tuple[str, ...]
                 ) -> None:
        self.name = name
        self.paths = paths
        self.allow = allow
        self.deny = deny


class RunShared:
    """What every context of one run shares: the options of the rules (validated from config,
    by option name), the codes of the rules that are on, so one rule can stay quiet when
    another that says more is on, and the config's tool policies and groups."""

    __slots__ = ("active", "groups", "options", "policies")

    def __init__(self, options: Mapping[str, object], active: frozenset[str], policies: tuple[Policy, ...] = (),
                 groups: Mapping[str, tuple[str, ...]] | None = None) -> None:
        self.options = options
        self.active = active
        self.policies = policies
        self.groups: Mapping[str, tuple[str, ...]] = {} if groups is None else groups


class _Context:
    __slots__ = ("_run", "target")

    def __init__(self, target: Target, run: RunShared) -> None:
        self.target = target
        self._run = run

    def option(self, option: Option[T]) -> T:
        """A rule's setting (validated when the config was read), else its default."""
        value = self._run.options.get(option.name)
        return option.default if value is None else value  # type: ignore[return-value]

    def is_active(self, code: str) -> bool:
        """Whether rule `code` runs in this run (selected and not turned off)."""
        return code in self._run.active

    @property
    def policies(self) -> tuple[Policy, ...]:
        """The config's tool policies (`policies:`), in the order written."""
        return self._run.policies

    @property
    def groups(self) -> Mapping[str, tuple[str, ...]]:
        """The config's own tool groups (`groups:`), for `group:NAME` in a policy."""
        return self._run.groups


class InputContext(_Context):
    __slots__ = ("facts",)

    def __init__(self, facts: Sequence[ReadFact], target: Target, run: RunShared) -> None:
        super().__init__(target, run)
        self.facts = facts


class SkillContext(_Context):
    """One skill on one target, with the typed analyses several rules share (computed once
    per document, or per document and target, the first time a rule asks)."""

    __slots__ = ("doc", "primary")

    def __init__(self, doc: Document, target: Target, run: RunShared, primary: bool) -> None:
        super().__init__(target, run)
        self.doc = doc
        self.primary = primary  # the first of the skill's targets: target-independent verdicts go there

    @property
    def declared_tools(self) -> list[DeclaredTool]:
        """Every well-formed entry of the target's tool fields, resolved on the target."""
        from skilllint.checks._tools import declared_tools

        return declared_tools(self.doc, self.target)

    @property
    def body_references(self) -> list[BodyReference]:
        """The tool names the instructions mention, resolved on the target."""
        from skilllint.checks._body import body_references

        return body_references(self.doc, self.target)

    @property
    def file_references(self) -> list[FileReference]:
        """The paths the instructions mention, relative to the skill folder."""
        from skilllint.checks._files import file_references

        return file_references(self.doc)


class FileContext(_Context):
    """One JSON file (`ctx.file`: its data, positions, facts and file-system view) on one target."""

    __slots__ = ("file",)

    def __init__(self, file: JsonFile, target: Target, run: RunShared) -> None:
        super().__init__(target, run)
        self.file = file


class ProjectContext(_Context):
    __slots__ = ("project",)

    def __init__(self, project: Project, target: Target, run: RunShared) -> None:
        super().__init__(target, run)
        self.project = project


class SuppressionContext(_Context):
    __slots__ = ("report",)

    def __init__(self, report: SuppressionReport, target: Target, run: RunShared) -> None:
        super().__init__(target, run)
        self.report = report


RuntimeSeverity = Callable[["Target"], "str | None"]
"""Where a per-target rule reads a runtime's verdict on it: the level written in the
runtime's file (`off`, `info`, ...), or None for the rule's own default."""


def runtime_table(code: str) -> RuntimeSeverity:
    """The default: the runtime file's `severity` table, under the rule's code."""

    def severity(target: Target) -> str | None:
        return target.rule_severity(code)

    return severity


C = TypeVar("C", "InputContext", "SkillContext", "FileContext", "ProjectContext", "SuppressionContext")
"""The context a kind of rule's check receives."""


class Rule(FrozenRecord, Generic[C]):
    """What every kind of rule declares (keywords only), and its check."""

    __slots__ = ("code", "name", "summary", "severity", "per_target", "enabled", "options", "runtime_severity",
                 "documents", "files", "file_check", "document_check", "fixable", "unchecked", "check")
    code: Final[str]
    name: Final[str]
    summary: Final[str]
    severity: Final[Severity]
    per_target: Final[bool]  # runs once per target; its severity may depend on the runtime
    enabled: Final[bool]  # off-by-default rules need --select / --extend-select
    options: Final[tuple[Option[int] | Option[str] | Option[bool], ...]]
    runtime_severity: Final[RuntimeSeverity | None]  # per-target rules: defaults to the runtime's table
    documents: Final[frozenset[str]]  # the kinds a SkillRule (DOCUMENT_KINDS) or FileRule (JSON_KINDS) judges
    files: Final[frozenset[str]]  # JSON file kinds a document rule also judges, with `file_check`
    file_check: Final[Callable[[FileContext], Iterable[Finding]] | None]
    document_check: Final[Callable[[SkillContext], Iterable[Finding]] | None]
    fixable: Final[bool]  # some findings carry a `Fix` (`check --fix`); the card says which, in `## Fix`
    unchecked: Final[bool]  # its finding means the file went unchecked: on whatever --select narrows to

    kind: ClassVar[Kind] = Kind.SKILL

    def __init__(
        self,
        *,
        code: str,
        name: str,
        summary: str,
        severity: Severity,
        check: Callable[[C], Iterable[Finding]],
        per_target: bool = False,
        enabled: bool = True,
        options: tuple[Option[int] | Option[str] | Option[bool], ...] = (),
        runtime_severity: RuntimeSeverity | None = None,
        documents: Iterable[str] = ("skill",),
        files: Iterable[str] = (),
        file_check: Callable[[FileContext], Iterable[Finding]] | None = None,
        document_check: Callable[[SkillContext], Iterable[Finding]] | None = None,
        fixable: bool = False,
        unchecked: bool = False,
    ) -> None:
        self.code = code
        self.name = name
        self.summary = summary
        self.severity = severity
        self.per_target = per_target
        self.enabled = enabled
        self.options = options
        self.runtime_severity = runtime_severity
        self.documents = frozenset(documents)
        # a problem that can be written in a skill and in a project file (an unknown tool in
        # `allowed-tools` and in a settings deny rule) is one rule: its module judges both
        self.files = frozenset(files)
        self.file_check = file_check
        # and one that can be written in a project's manifests and in a document (a tool name the
        # model API rejects, in `tools.yaml` and in a skill's tool list): its project rule judges
        # the documents of the kinds in `documents` with `document_check`, as a skill rule would
        self.document_check = document_check
        self.fixable = fixable
        # a file skilllint could not read or judge (a bug, unreadable, not UTF-8, too large, binary):
        # a selection that left the finding out would report the file clean, so only `ignore` (by
        # its code) turns it off
        self.unchecked = unchecked
        # declared here, not in the class body: a Final there cannot depend on C
        self.check: Final[Callable[[C], Iterable[Finding]]] = check

    @property
    def family(self) -> str:
        return self.code[:3]

    def severity_on(self, target: Target) -> str | None:
        """The runtime's level for this rule (`off`, `info`...), or None: the rule's default."""
        if not self.per_target:
            return None
        read = self.runtime_severity or runtime_table(self.code)
        return read(target)


class InputRule(Rule[InputContext]):
    __slots__ = ()
    kind: ClassVar[Kind] = Kind.INPUT


class SkillRule(Rule[SkillContext]):
    __slots__ = ()
    kind: ClassVar[Kind] = Kind.SKILL


class FileRule(Rule[FileContext]):
    __slots__ = ()
    kind: ClassVar[Kind] = Kind.FILE


class ProjectRule(Rule[ProjectContext]):
    __slots__ = ()
    kind: ClassVar[Kind] = Kind.PROJECT


class SuppressionRule(Rule[SuppressionContext]):
    __slots__ = ()
    kind: ClassVar[Kind] = Kind.SUPPRESSION


AnyRule = InputRule | SkillRule | FileRule | ProjectRule | SuppressionRule


def report_facts(
    *kinds: Fact,
    help_for: Mapping[Fact, str] | None = None,
    unless: Callable[[ReadFact, Target], bool] | None = None,
) -> Callable[[InputContext], Iterable[Finding]]:
    """The check of an input rule that reports facts of `kinds` as they were recorded: the
    fact says what was seen; the rule adds its help (the fact's own advice, when reading
    could say more, wins). `unless` names the facts that are no problem on a target."""
    wanted = frozenset(kinds)
    helps: Mapping[Fact, str] = help_for or {}

    def check(ctx: InputContext) -> Iterable[Finding]:
        for fact in ctx.facts:
            if fact.kind in wanted and (unless is None or not unless(fact, ctx.target)):
                yield Finding(Location(fact.path, fact.span), fact.detail, fact.advice or helps.get(fact.kind),
                              fact.severity)

    check.__doc__ = f"Report the reading facts {', '.join(sorted(wanted))}."
    return check
