"""`skilllint.engine.linter`: the Linter's plans, severities, merging across targets, suppressions,
fault isolation, progress and GC thresholds, with rules and targets made up for each test.

The rules here are written in the test (codes SL99x, which no real rule uses, unless a test
needs a code the suppression comments can name), and the targets are bare `Target`s, so
each assertion follows from the test's own inputs, not from the real rules or runtimes.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest

import skilllint.engine.linter
from skilllint.checks import all_rules
from skilllint.checks.rule import (
    AnyRule,
    Finding,
    InputContext,
    InputRule,
    Kind,
    ProjectContext,
    ProjectRule,
    SkillContext,
    SkillRule,
)
from skilllint.core.model import Diagnostic, Severity, Span
from skilllint.core.readfacts import Fact, Location
from skilllint.engine.faults import BudgetExceeded
from skilllint.engine.linter import Linter, lint_paths, merge_across_targets
from skilllint.engine.location import LocationDefaults
from skilllint.engine.runsettings import Settings
from skilllint.reading.discover import PathNotFoundError
from skilllint.runtimes.targets import Target

A, B, C = Target(id="alpha"), Target(id="beta"), Target(id="gamma")
REAL = {rule.code: rule for rule in all_rules()}
SKILL = "---\nname: {name}\ndescription: Does one thing. Use when asked.\n---\nBody line 5\nBody line 6\n"


def skill_rule(check: Callable[[SkillContext], Iterable[Finding]], code: str = "SL990", *, per_target: bool = False,
               severity: Severity = Severity.WARNING, **extra: object) -> SkillRule:
    return SkillRule(code=code, name=f"fake-{code.lower()}", summary="made up for a test", severity=severity,
                     per_target=per_target, check=check, **extra)  # type: ignore[arg-type]


def at_line(line: int, message: str = "found") -> Callable[[SkillContext], Iterator[Finding]]:
    """A check that reports `message` at `line` of every skill."""

    def check(ctx: SkillContext) -> Iterator[Finding]:
        yield Finding(Location(ctx.doc.path, Span(line, 1)), message)

    return check


def _tree(root: Path, *names: str, text: str = SKILL) -> Path:
    for name in names:
        (root / name).mkdir(parents=True, exist_ok=True)
        (root / name / "SKILL.md").write_text(text.format(name=name), encoding="utf-8")
    return root


def _settings(root: Path, rules: list[AnyRule], targets: list[Target] | None = None, **extra: object) -> Settings:
    return Settings(**{"targets": targets or [A], "rules": rules, "cwd": root, "jobs": 1, **extra})  # type: ignore[arg-type]


def _rows(diagnostics: list[Diagnostic]) -> list[tuple[str, int, str, str, str | None]]:
    return [(d.path, d.span.line, d.code, d.message, d.target) for d in diagnostics]


# -- plans -------------------------------------------------------------------------------------------


def test_a_per_target_rule_is_planned_on_each_target_and_the_first_is_primary() -> None:
    per = skill_rule(at_line(1), "SL990", per_target=True)
    once = skill_rule(at_line(1), "SL991")
    linter = Linter(_settings(Path("."), [per, once], [A, B, C]))
    plan = linter.plan(Kind.SKILL, [A, B, C])
    assert [(rule.code, target.id, primary) for rule, target, primary in plan] == [
        ("SL990", "alpha", True), ("SL990", "beta", False), ("SL990", "gamma", False), ("SL991", "alpha", True),
    ]
    assert linter.plan(Kind.SKILL, [A, B, C]) is plan  # planned once per set of targets
    other = linter.plan(Kind.SKILL, [C, A])
    assert [(rule.code, target.id, primary) for rule, target, primary in other] == [
        ("SL990", "gamma", True), ("SL990", "alpha", False), ("SL991", "gamma", True),
    ]
    assert linter.plan(Kind.PROJECT, [A, B, C]) == []


def test_a_rule_a_runtime_turns_off_is_not_planned_there() -> None:
    quiet = Target(id="beta", severity={"SL990": "off"})
    per = skill_rule(at_line(1), "SL990", per_target=True)
    plan = Linter(_settings(Path("."), [per], [A, quiet])).plan(Kind.SKILL, [A, quiet])
    assert [target.id for _, target, _ in plan] == ["alpha"]


def test_a_rule_the_config_turns_off_is_planned_nowhere_and_not_active() -> None:
    per = skill_rule(at_line(1), "SL990", per_target=True)
    other = skill_rule(at_line(1), "SL991")
    linter = Linter(_settings(Path("."), [per, other], [A, B], severity={"SL990": None}))
    assert [rule.code for rule, _, _ in linter.plan(Kind.SKILL, [A, B])] == ["SL991"]
    assert linter.run.active == frozenset({"SL991"})


def test_rules_are_planned_by_kind() -> None:
    skill = skill_rule(at_line(1), "SL990")
    project = ProjectRule(code="SL991", name="p", summary="", severity=Severity.ERROR, check=lambda ctx: ())
    facts = InputRule(code="SL992", name="i", summary="", severity=Severity.ERROR, check=lambda ctx: ())
    linter = Linter(_settings(Path("."), [skill, project, facts]))
    assert {kind: [r.code for r, _, _ in linter.plan(kind, [A])] for kind in Kind} == {
        Kind.INPUT: ["SL992"], Kind.SKILL: ["SL990"], Kind.FILE: [], Kind.PROJECT: ["SL991"], Kind.SUPPRESSION: [],
    }


# -- severity: config > the finding's own > the runtime's > the rule's default -------------------------------


def _severity(tmp_path: Path, rule: SkillRule, target: Target, **extra: object) -> str | None:
    """The severity of the rule's one finding on a skill checked against `target` alone (None: dropped)."""
    result = lint_paths(["."], _settings(_tree(tmp_path, "s"), [rule], [target], **extra))
    assert len(result.diagnostics) <= 1
    return result.diagnostics[0].severity.value if result.diagnostics else None


INFO_HERE = Target(id="beta", severity={"SL990": "info"})


def test_severity_comes_from_the_runtime_else_the_rule(tmp_path: Path) -> None:
    rule = skill_rule(at_line(1), per_target=True, severity=Severity.WARNING)
    assert (_severity(tmp_path, rule, A), _severity(tmp_path, rule, INFO_HERE)) == ("warning", "info")
    not_per_target = skill_rule(at_line(1), severity=Severity.WARNING)  # its verdict cannot depend on the runtime
    assert _severity(tmp_path, not_per_target, INFO_HERE) == "warning"


def test_the_findings_own_severity_beats_the_runtimes(tmp_path: Path) -> None:
    rule = skill_rule(lambda ctx: [Finding(Location(ctx.doc.path, Span(1, 1)), "x", severity=Severity.ERROR)],
                      per_target=True)
    assert (_severity(tmp_path, rule, A), _severity(tmp_path, rule, INFO_HERE)) == ("error", "error")


def test_the_config_beats_everything_and_off_drops_the_finding(tmp_path: Path) -> None:
    rule = skill_rule(lambda ctx: [Finding(Location(ctx.doc.path, Span(1, 1)), "x", severity=Severity.ERROR)],
                      per_target=True)
    assert _severity(tmp_path, rule, INFO_HERE, severity={"SL990": Severity.WARNING}) == "warning"
    assert _severity(tmp_path, rule, INFO_HERE, severity={"SL990": None}) is None


# -- one finding per problem across targets --------------------------------------------------------------


def _d(message: str, target: str | None, severity: Severity = Severity.WARNING, line: int = 1,
       help_text: str | None = None) -> Diagnostic:
    """A diagnostic of rule SL990 on s/SKILL.md (targets: alpha, beta, gamma)."""
    return Diagnostic("s/SKILL.md", Span(line, 1), "SL990", "fake", severity, message, help_text, target)


def test_the_same_finding_on_every_target_shows_no_target() -> None:
    found = [_d("bad", "alpha"), _d("bad", "beta", Severity.ERROR), _d("bad", "gamma")]
    merged = merge_across_targets(found, ["alpha", "beta", "gamma"])
    assert [(d.message, d.target, d.severity) for d in merged] == [("bad", None, Severity.ERROR)]  # the worst


def test_findings_that_differ_by_the_target_name_merge_and_name_the_targets_in_order() -> None:
    found = [_d("`x` is not a tool of gamma", "gamma"), _d("`x` is not a tool of alpha", "alpha"),
             _d("`x` is not a tool of beta", "beta")]
    merged = merge_across_targets(found, ["alpha", "beta", "gamma"])
    # every target, but the text names them: it stays target-specific
    assert [(d.message, d.target) for d in merged] == [("`x` is not a tool of alpha, beta, gamma",
                                                        "alpha, beta, gamma")]


def test_findings_whose_help_differs_stay_apart() -> None:
    found = [_d("`x` is not a tool of gamma", "gamma"), _d("`x` is not a tool of alpha", "alpha", help_text="see")]
    found.append(_d("`x` is not a tool of beta", "beta"))
    merged = merge_across_targets(found, ["alpha", "beta", "gamma"])
    assert sorted((d.message, d.target, d.help) for d in merged) == [
        ("`x` is not a tool of alpha", "alpha", "see"),
        ("`x` is not a tool of beta, gamma", "beta, gamma", None),
    ]


def test_findings_on_some_targets_keep_their_names() -> None:
    merged = merge_across_targets([_d("bad", "beta"), _d("bad", "alpha")], ["alpha", "beta", "gamma"])
    assert [(d.message, d.target) for d in merged] == [("bad", "alpha, beta")]


def test_different_places_or_messages_stay_apart_and_targetless_findings_pass_through() -> None:
    found = [_d("bad", "alpha", line=1), _d("bad", "beta", line=2), _d("worse", "alpha"), _d("general", None)]
    merged = merge_across_targets(found, ["alpha", "beta"])
    assert sorted((d.span.line, d.message, d.target) for d in merged) == [
        (1, "bad", "alpha"), (1, "general", None), (1, "worse", "alpha"), (2, "bad", "beta"),
    ]


def test_lint_paths_merges_per_target_findings(tmp_path: Path) -> None:
    def check(ctx: SkillContext) -> Iterator[Finding]:
        yield Finding(Location(ctx.doc.path, Span(2, 1)), f"`bash` is not a tool of {ctx.target.id}")
        yield Finding(Location(ctx.doc.path, Span(3, 1)), "the same everywhere")

    said = skill_rule(check, per_target=True)
    result = lint_paths(["."], _settings(_tree(tmp_path, "s"), [said], [A, B]))
    assert _rows(result.diagnostics) == [
        ("s/SKILL.md", 2, "SL990", "`bash` is not a tool of alpha, beta", "alpha, beta"),
        ("s/SKILL.md", 3, "SL990", "the same everywhere", None),
    ]
    alone = lint_paths(["."], _settings(tmp_path, [said], [A]))
    assert [d.target for d in alone.diagnostics] == ["alpha", "alpha"]  # one target: nothing to merge


# -- what reaches the rules, and what comes out ---------------------------------------------------------------


def test_diagnostics_carry_the_rules_code_name_and_come_sorted(tmp_path: Path) -> None:
    rules = [skill_rule(at_line(6, "late"), "SL991"), skill_rule(at_line(5, "early"), "SL990")]
    result = lint_paths(["."], _settings(_tree(tmp_path, "b", "a"), rules))
    assert _rows(result.diagnostics) == [
        ("a/SKILL.md", 5, "SL990", "early", None), ("a/SKILL.md", 6, "SL991", "late", None),
        ("b/SKILL.md", 5, "SL990", "early", None), ("b/SKILL.md", 6, "SL991", "late", None),
    ]
    assert {d.name for d in result.diagnostics} == {"fake-sl990", "fake-sl991"} and result.skills == 2


def test_reading_facts_go_to_input_rules_with_the_file_and_the_run(tmp_path: Path) -> None:
    seen: list[tuple[str, Fact]] = []

    def check(ctx: InputContext) -> Iterator[Finding]:
        for fact in ctx.facts:
            seen.append((fact.path, fact.kind))
            yield Finding(Location(fact.path, fact.span), fact.detail)

    facts = InputRule(code="SL990", name="facts", summary="", severity=Severity.ERROR, check=check)
    _tree(tmp_path, "good")
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "SKILL.md").write_bytes(b"")
    (tmp_path / "nothing").mkdir()
    (tmp_path / "nothing" / "notes.md").write_text("# no SKILL.md here\n", encoding="utf-8")
    result = lint_paths(["."], _settings(tmp_path, [facts]))
    assert sorted(seen) == [("empty/SKILL.md", Fact.EMPTY_FILE)]  # the good file has none; `nothing` is no skill
    assert _rows(result.diagnostics) == [("empty/SKILL.md", 1, "SL990", "file is empty: no frontmatter", None)]


def test_project_rules_see_a_summary_of_every_skill_even_an_unreadable_one(tmp_path: Path) -> None:
    seen: list[tuple[str, str | None, str]] = []

    def check(ctx: ProjectContext) -> Iterator[Finding]:
        seen.extend((s.path, s.name, s.effective_name) for s in ctx.project.skills)
        return iter(())

    project = ProjectRule(code="SL990", name="p", summary="", severity=Severity.ERROR, check=check)
    _tree(tmp_path, "named")
    (tmp_path / "binary").mkdir()
    (tmp_path / "binary" / "SKILL.md").write_bytes(b"---\nname: x\n\x00")
    lint_paths(["."], _settings(tmp_path, [project]))
    assert seen == [("binary/SKILL.md", None, "binary"), ("named/SKILL.md", "named", "named")]


def test_per_file_ignores_drop_codes_under_a_glob(tmp_path: Path) -> None:
    rules = [skill_rule(at_line(5), "SL990"), skill_rule(at_line(6), "SL991")]
    settings = _settings(_tree(tmp_path, "keep", "vendor/x"), rules, per_file_ignores=[("vendor/**", ("SL990",))])
    assert [(d.path, d.code) for d in lint_paths(["."], settings).diagnostics] == [
        ("keep/SKILL.md", "SL990"), ("keep/SKILL.md", "SL991"), ("vendor/x/SKILL.md", "SL991"),
    ]


def test_each_skill_is_checked_against_the_target_its_location_picks(tmp_path: Path) -> None:
    """No target chosen: a runtime's own skills folder picks it, anything else is portable;
    project rules run on every target some skill used, and the run counts them."""
    portable, alpha = Target(id="agentskills"), Target(id="alpha", skill_dirs=(".alpha/skills",))
    project_targets: list[str] = []

    def project_check(ctx: ProjectContext) -> Iterator[Finding]:
        project_targets.append(ctx.target.id)
        return iter(())

    rules: list[AnyRule] = [
        skill_rule(lambda ctx: [Finding(Location(ctx.doc.path, Span(1, 1)), f"on {ctx.target.id}")], per_target=True),
        ProjectRule(code="SL991", name="p", summary="", severity=Severity.ERROR, per_target=True, check=project_check),
    ]
    _tree(tmp_path, ".alpha/skills/one", "plain")
    settings = _settings(tmp_path, rules, [portable], location_defaults=LocationDefaults([portable, alpha]))
    result = lint_paths(["."], settings)
    assert _rows(result.diagnostics) == [
        (".alpha/skills/one/SKILL.md", 1, "SL990", "on alpha", "alpha"),
        ("plain/SKILL.md", 1, "SL990", "on agentskills", "agentskills"),
    ]
    assert project_targets == ["agentskills", "alpha"]
    assert result.target_use == {("alpha", "from .alpha/skills"): 1,
                                 ("agentskills", "no runtime's own folder above the skill"): 1}


def test_manifest_facts_go_to_input_rules_and_a_manifest_that_breaks_reading_is_a_fault(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    facts = InputRule(code="SL990", name="facts", summary="", severity=Severity.ERROR,
                      check=lambda ctx: [Finding(Location(f.path, f.span), f.detail) for f in ctx.facts])
    (tmp_path / "tools.json").write_text('{"tools": [', encoding="utf-8")
    result = lint_paths(["."], _settings(tmp_path, [facts, REAL["SL000"]]))
    assert [(d.path, d.code) for d in result.diagnostics] == [("tools.json", "SL990")] and result.manifests == 1

    def broken(path: Path, cwd: Path, max_bytes: int, fs: object = None) -> None:
        raise ValueError("unforeseen")

    monkeypatch.setattr(skilllint.engine.linter, "load_manifest", broken)
    result = lint_paths(["."], _settings(tmp_path, [facts, REAL["SL000"]]))
    assert [(d.path, d.message.split(";")[0]) for d in result.diagnostics] == [
        ("tools.json", "skilllint failed in reading: ValueError: unforeseen"),
    ]
    assert result.faults == 1


# -- suppression comments, applied by the engine ------------------------------------------------------------


def test_suppressions_drop_what_they_name_and_the_suppression_rules_judge_them(tmp_path: Path) -> None:
    text = ("---\nname: {name}\ndescription: x\n---\n"
            "<!-- skilllint-disable-next-line SL200 -->\nline 6\nline 7 <!-- skilllint-disable-line SL300 -->\n")
    rules: list[AnyRule] = [skill_rule(at_line(6, "six"), "SL200"), skill_rule(at_line(7, "seven"), "SL201"),
                            REAL["SL900"]]
    result = lint_paths(["."], _settings(_tree(tmp_path, "s", text=text), rules))
    assert _rows(result.diagnostics) == [
        ("s/SKILL.md", 7, "SL201", "seven", None),  # SL300 was named, not SL201
    ]  # SL200 suppressed; SL300 is not selected, so its unused suppression is not judged
    result = lint_paths(["."], _settings(tmp_path, [*rules, skill_rule(at_line(1), "SL300")]))
    assert ("s/SKILL.md", 7, "SL900", "suppression of `SL300` suppressed nothing", None) in _rows(result.diagnostics)


def test_frontmatter_comments_suppress_too(tmp_path: Path) -> None:
    text = "---\nname: {name}  # skilllint-disable-line SL200\ndescription: x\n---\nBody\n"
    rules: list[AnyRule] = [skill_rule(at_line(2, "two"), "SL200"), skill_rule(at_line(3, "three"), "SL200")]
    result = lint_paths(["."], _settings(_tree(tmp_path, "s", text=text), rules))
    assert _rows(result.diagnostics) == [("s/SKILL.md", 3, "SL200", "three", None)]


def test_input_problems_cannot_be_suppressed(tmp_path: Path) -> None:
    text = "---\nname: {name}\ndescription: x\n---\n<!-- skilllint-disable-file SL0 SL200 -->\n"
    facts = InputRule(code="SL004", name="facts", summary="", severity=Severity.ERROR,
                      check=lambda ctx: [Finding(Location("s/SKILL.md", Span(1, 1)), "input")])
    rules: list[AnyRule] = [facts, skill_rule(at_line(2), "SL200")]
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "SKILL.md").write_text(text.format(name="s") + "\r\n", encoding="utf-8")  # a CRLF: one fact
    result = lint_paths(["."], _settings(tmp_path, rules))
    assert [d.code for d in result.diagnostics] == ["SL004"]  # SL200 suppressed for the file, SL004 kept


# -- faults stay in their file and rule ---------------------------------------------------------------------


def _raising_after_one(ctx: SkillContext) -> Iterator[Finding]:
    yield Finding(Location(ctx.doc.path, Span(5, 1)), "before the fault")
    if ctx.doc.dir_name == "bad":
        raise RuntimeError("boom\nsecond line")


FAULT = ("skilllint failed in SL990: RuntimeError: boom; its other findings may be missing; rerun with --debug and "
         "report it")


def test_a_rule_that_raises_costs_its_own_later_findings_on_that_file_only(tmp_path: Path) -> None:
    rules: list[AnyRule] = [skill_rule(_raising_after_one, "SL990"), skill_rule(at_line(6), "SL991"),
                            REAL["SL000"]]
    result = lint_paths(["."], _settings(_tree(tmp_path, "bad", "good"), rules))
    assert _rows(result.diagnostics) == [
        ("bad/SKILL.md", 1, "SL000", FAULT, None),
        ("bad/SKILL.md", 5, "SL990", "before the fault", None),  # found before it raised: kept
        ("bad/SKILL.md", 6, "SL991", "found", None),  # the next rule still ran on the file
        ("good/SKILL.md", 5, "SL990", "before the fault", None),
        ("good/SKILL.md", 6, "SL991", "found", None),
    ]
    assert result.faults == 1


def test_a_check_that_is_a_plain_function_is_contained_the_same_way(tmp_path: Path) -> None:
    """A check may return a list instead of yielding: then it raises when called, not when
    iterated, and that used to escape the rule (every later rule on the file was lost; a
    project rule ended the run)."""

    def eager(ctx: SkillContext) -> list[Finding]:
        raise RuntimeError("boom")

    rules: list[AnyRule] = [skill_rule(eager, "SL990"), skill_rule(at_line(6), "SL991"), REAL["SL000"]]
    result = lint_paths(["."], _settings(_tree(tmp_path, "s"), rules))
    assert [(d.code, d.message.split(";")[0]) for d in result.diagnostics] == [
        ("SL000", "skilllint failed in SL990: RuntimeError: boom"), ("SL991", "found"),
    ]


def test_a_fault_counts_even_when_sl000_is_not_selected(tmp_path: Path) -> None:
    result = lint_paths(["."], _settings(_tree(tmp_path, "bad"), [skill_rule(_raising_after_one, "SL990")]))
    assert [d.code for d in result.diagnostics] == ["SL990"]  # SL000 not shown...
    assert result.faults == 1  # ...but the CLI still exits 2


def test_a_project_rule_that_raises_is_a_fault_on_the_project(tmp_path: Path) -> None:
    def check(ctx: ProjectContext) -> Iterator[Finding]:
        raise KeyError("missing")

    project = ProjectRule(code="SL990", name="p", summary="", severity=Severity.ERROR, check=check)
    result = lint_paths(["."], _settings(_tree(tmp_path, "s"), [project, REAL["SL000"]]))
    assert [(d.path, d.code, d.message.split(";")[0]) for d in result.diagnostics] == [
        (".", "SL000", "skilllint failed in SL990: KeyError: 'missing'"),
    ]


def test_a_failure_while_reading_is_a_fault_on_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(file: Path, cwd: Path, **_: object) -> None:
        raise MemoryError("no room")

    monkeypatch.setattr(skilllint.engine.linter, "load_document", broken)
    result = lint_paths(["."], _settings(_tree(tmp_path, "s"), [skill_rule(at_line(5)), REAL["SL000"]]))
    assert [(d.path, d.message.split(";")[0]) for d in result.diagnostics] == [
        ("s/SKILL.md", "skilllint failed in reading: MemoryError: no room"),
    ]


def test_a_rule_over_the_time_budget_is_named_in_the_fault(tmp_path: Path) -> None:
    def slow(ctx: SkillContext) -> Iterator[Finding]:
        yield Finding(Location(ctx.doc.path, Span(5, 1)), "first")
        time.sleep(5)  # the budget's signal interrupts it
        yield Finding(Location(ctx.doc.path, Span(6, 1)), "never")

    rules: list[AnyRule] = [skill_rule(slow, "SL990"), REAL["SL000"]]
    started = time.monotonic()
    result = lint_paths(["."], _settings(_tree(tmp_path, "s"), rules, file_budget=0.05))
    assert time.monotonic() - started < 2
    assert _rows(result.diagnostics) == [
        ("s/SKILL.md", 1, "SL000", "skilllint stopped after 0.05 s in SL990; its other findings may be missing; "
                                   "rerun with --debug and report it", None),
        ("s/SKILL.md", 5, "SL990", "first", None),
    ]


def test_a_rule_cannot_swallow_the_budget(tmp_path: Path) -> None:
    """BudgetExceeded is no Exception: a rule's `except Exception` does not stop it."""

    def swallowing(ctx: SkillContext) -> Iterator[Finding]:
        try:
            raise BudgetExceeded
        except Exception:  # noqa: BLE001 - what a careless rule would write
            yield Finding(Location(ctx.doc.path, Span(5, 1)), "swallowed")

    result = lint_paths(["."], _settings(_tree(tmp_path, "s"), [skill_rule(swallowing), REAL["SL000"]]))
    assert [d.message.split(";")[0] for d in result.diagnostics] == ["skilllint stopped after 30 s in SL990"]


# -- progress and the run's surroundings ---------------------------------------------------------------


def test_progress_is_reported_every_so_many_skills_and_at_the_end(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI clears its counter when told the run is done: the last report must reach the total
    (it stopped at the last multiple of 200). 3 instead of 200 keeps the tree small."""
    monkeypatch.setattr(skilllint.engine.linter, "PROGRESS_EVERY", 3)
    _tree(tmp_path, *(f"s{index}" for index in range(7)))
    calls: list[tuple[int, int]] = []
    result = lint_paths(["."], _settings(tmp_path, []), lambda done, total: calls.append((done, total)))
    assert result.skills == 7
    assert calls == [(3, 7), (6, 7), (7, 7)]
    calls.clear()
    lint_paths(["."], _settings(_tree(tmp_path, "s7", "s8"), []), lambda done, total: calls.append((done, total)))
    assert calls == [(3, 9), (6, 9), (9, 9)]  # the end is a multiple: reported once


def test_a_small_run_reports_no_progress(tmp_path: Path) -> None:
    calls: list[tuple[int, int]] = []
    lint_paths(["."], _settings(_tree(tmp_path, "a", "b"), []), lambda done, total: calls.append((done, total)))
    assert calls == []  # fewer skills than PROGRESS_EVERY: not worth a counter


def test_the_pool_reports_progress_up_to_the_total_and_finds_the_same(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(skilllint.engine.linter, "PARALLEL_THRESHOLD", 4)  # a pool from 4 skills: a small tree
    _tree(tmp_path, *(f"s{index:02}" for index in range(20)))
    rules: list[AnyRule] = [skill_rule(at_line(5, "five"), "SL990")]
    calls: list[tuple[int, int]] = []
    pooled = lint_paths(["."], _settings(tmp_path, rules, jobs=2), lambda done, total: calls.append((done, total)))
    serial = lint_paths(["."], _settings(tmp_path, rules))
    assert pooled.diagnostics == serial.diagnostics and len(serial.diagnostics) == 20
    assert len(calls) > 1  # batches of 8: reported as each is done
    assert calls[-1] == (20, 20) and [done for done, _ in calls] == sorted(done for done, _ in calls)


def test_gc_thresholds_are_lowered_for_the_run_and_restored(tmp_path: Path) -> None:
    seen: list[tuple[int, int, int]] = []
    before = gc.get_threshold()
    try:
        gc.set_threshold(1234, 5, 6)
        rule = skill_rule(lambda ctx: seen.append(gc.get_threshold()) or (), "SL990")
        lint_paths(["."], _settings(_tree(tmp_path, "s"), [rule]))
        assert seen and seen[0][0] > 1234  # fewer collections during the run
        assert gc.get_threshold() == (1234, 5, 6)
        with pytest.raises(PathNotFoundError):
            lint_paths(["missing"], _settings(tmp_path, [rule]))
        assert gc.get_threshold() == (1234, 5, 6)  # restored when the run fails too
    finally:
        gc.set_threshold(*before)


def test_a_target_name_inside_a_word_is_not_the_target() -> None:
    """Target `amp`: the `amp` of "example" is a word, not the target's name, so the finding of
    amp and the one of crush that say the same still merge, and "example" survives."""
    found = [_d("see the example: `x` is not a tool of amp", "amp"),
             _d("see the example: `x` is not a tool of crush", "crush")]
    merged = merge_across_targets(found, ["amp", "crush"])
    assert [(d.message, d.target) for d in merged] == [("see the example: `x` is not a tool of amp, crush",
                                                        "amp, crush")]


@pytest.mark.parametrize("kind, run, expected", [
    ("agent", ["alpha"], ["claude-code"]),
    ("agent", ["claude-code", "copilot"], ["claude-code"]),
    ("copilot-agent", ["claude-code", "opencode"], ["copilot"]),
    ("copilot-prompt", ["copilot", "mine"], ["copilot", "mine"]),
    ("opencode-agent", ["copilot", "mine"], ["opencode"]),
    ("opencode-agent", ["opencode", "alpha"], ["opencode"]),
])
def test_a_runtime_s_own_file_is_checked_on_the_run_s_targets_of_that_runtime(
        tmp_path: Path, kind: str, run: list[str], expected: list[str]) -> None:
    """Each agent format is its runtime's: checked on the run's targets of that runtime (its dialect, the
    runtime itself, a target extending it), else on the runtime alone whatever `--target` says."""
    from skilllint.engine.linter import definition_targets
    from skilllint.runtimes.targets import builtin_targets

    builtins = builtin_targets()
    mine = Target(id="mine", dialect="copilot", extends="copilot")
    targets = [mine if ident == "mine" else builtins.get(ident, A) for ident in run]
    found = definition_targets(_settings(tmp_path, [], targets), kind)
    assert [target.id for target in found] == expected
