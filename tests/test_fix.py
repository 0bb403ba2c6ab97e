"""`check --fix` and `--diff` end to end: every fix fixture case, byte for byte, and what the CLI
promises around them (nothing written without --fix, exit codes, the summary, idempotence).

A case is `tests/fixtures/fix/<CODE>/<case>/` with `before/` (the tree linted) and `after/` (the
tree `--fix` must leave, byte for byte: a case whose fix must not apply has `after/` equal to
`before/`). The run selects only CODE unless the case's `args.txt` has its own `--select`; other
arguments (`--target ...`) come from `args.txt` too. SKILLLINT_UPDATE_EXPECTED=1 writes `after/`
from the run (review the diff before committing).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from skilllint.checks.registry import all_rules
from skilllint.core.resources import rules_dir
from tests.conftest import FIXTURES, case_args, run_cli

CASES = sorted(p for p in (FIXTURES / "fix").glob("SL*/*") if p.is_dir())


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _args(case: Path) -> list[str]:
    extra = case_args(case)
    select = [] if "--select" in extra else ["--select", case.parent.name]
    return ["check", ".", "--isolated", "--jobs", "1", "--format", "json", *select, *extra]


def _findings(case: Path, root: Path) -> list[dict]:
    code, out, err = run_cli(_args(case), root)
    assert code in (0, 1), err
    return json.loads(out)


@pytest.mark.parametrize("case", CASES, ids=lambda p: "/".join(p.parts[-2:]))
def test_fix_case(case: Path, tmp_path: Path) -> None:
    work = tmp_path / "work"
    shutil.copytree(case / "before", work)
    before = _tree(work)
    found = _findings(case, work)
    assert any(d["code"] == case.parent.name for d in found), "the case must trigger its rule"
    fixable = [d for d in found if d["fix"] is not None]

    code, diff, _ = run_cli([*_args(case), "--diff"], work)
    assert _tree(work) == before, "--diff wrote a file"
    code_fix, _, err = run_cli([*_args(case), "--fix"], work)
    assert code_fix in (0, 1), err
    after = _tree(work)
    if os.environ.get("SKILLLINT_UPDATE_EXPECTED"):
        shutil.rmtree(case / "after", ignore_errors=True)
        shutil.copytree(work, case / "after")
    assert after == _tree(case / "after")
    changed = after != before
    assert code == (1 if changed else 0) and bool(diff) == changed
    assert changed == bool(fixable), "a case changes the files exactly when some finding has a fix"
    for path in before:  # the diff names every file that changes, and only those
        assert (f"--- a/{path}\n" in diff) == (after[path] != before[path])

    left = _findings(case, work)
    assert not [d for d in left if d["fix"] is not None], "a second run finds nothing more to fix"
    assert len(left) <= len(found) - len(fixable) or not fixable
    run_cli([*_args(case), "--fix"], work)
    assert _tree(work) == after, "--fix is idempotent"


def test_every_fixable_rule_has_cases_that_change_and_cases_that_do_not() -> None:
    for rule in all_rules():
        cases = [case for case in CASES if case.parent.name == rule.code]
        if not rule.fixable:
            assert not cases, f"{rule.code} has fix cases but declares no fix"
            continue
        changes = [_tree(case / "before") != _tree(case / "after") for case in cases]
        assert any(changes), f"{rule.code}: no fix case where the fix applies"
        assert not all(changes), f"{rule.code}: no fix case where it must not apply"


def test_cards_and_rules_agree_on_which_rules_fix() -> None:
    """A rule that declares fixes lists them in its card (`## Fix`: what is fixed and when not), and
    only such a rule's card has the section."""
    with_section = {path.stem for path in rules_dir().glob("SL*.md")
                    if re.search(r"^## Fix$", path.read_text(encoding="utf-8"), re.M)}
    fixable = {rule.code for rule in all_rules() if rule.fixable}
    assert with_section == fixable
    assert fixable >= {"SL131", "SL132", "SL201", "SL212", "SL213", "SL604"}


BROKEN = ("---\nname: pdf\ndescription: Extract text. Use when the user works with PDFs.\nallowed_tools: Read\n"
          "---\n# PDF\n")


def _skill(root: Path, text: str = BROKEN) -> Path:
    (root / "pdf").mkdir(parents=True)
    (root / "pdf" / "SKILL.md").write_text(text, encoding="utf-8")
    return root / "pdf" / "SKILL.md"


def test_nothing_is_written_without_fix(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    for args in ([], ["--diff"], ["--format", "json"], ["--format", "sarif"], ["--statistics"]):
        run_cli(["check", ".", "--isolated", *args], tmp_path)
    assert skill.read_text(encoding="utf-8") == BROKEN
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["SKILL.md", "pdf"]


def test_fix_says_how_many_were_fixed_and_remain(tmp_path: Path) -> None:
    skill = _skill(tmp_path, BROKEN.replace("name: pdf", "name: PDF"))
    code, out, _ = run_cli(["check", ".", "--isolated", "--fix", "--format", "concise"], tmp_path)
    assert "allowed-tools: Read\n" in skill.read_text(encoding="utf-8")
    assert "Fixed 1 finding in 1 file (1 remaining).\n" in out  # SL112 has no fix
    assert code == 1
    code, out, _ = run_cli(["check", ".", "--isolated", "--fix", "--format", "concise"], tmp_path)
    assert "No fixes applied (1 remaining).\n" in out


def test_fix_exits_0_when_every_finding_was_fixed(tmp_path: Path) -> None:
    _skill(tmp_path)
    code, out, err = run_cli(["check", ".", "--isolated", "--fix", "--format", "json"], tmp_path)
    assert (code, json.loads(out)) == (0, [])
    assert err == "Fixed 1 finding in 1 file (0 remaining).\n"  # machine formats: the line on stderr


def test_diff_prints_a_patch_and_exits_1(tmp_path: Path) -> None:
    _skill(tmp_path)
    code, out, err = run_cli(["check", ".", "--isolated", "--diff"], tmp_path)
    assert code == 1
    assert out == ("--- a/pdf/SKILL.md\n+++ b/pdf/SKILL.md\n@@ -1,6 +1,6 @@\n ---\n name: pdf\n"
                   " description: Extract text. Use when the user works with PDFs.\n-allowed_tools: Read\n"
                   "+allowed-tools: Read\n ---\n # PDF\n")
    assert err == "Would fix 1 finding in 1 file.\n"
    code, out, err = run_cli(["check", ".", "--isolated", "--diff", "--quiet", "--ignore", "SL132"], tmp_path)
    assert (code, out, err) == (0, "", "")


def test_diff_wins_over_fix(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    code, out, _ = run_cli(["check", ".", "--isolated", "--fix", "--diff"], tmp_path)
    assert code == 1 and "+allowed-tools: Read" in out
    assert skill.read_text(encoding="utf-8") == BROKEN


def test_a_suppressed_finding_is_not_fixed(tmp_path: Path) -> None:
    text = BROKEN.replace("allowed_tools: Read\n", "allowed_tools: Read  # skilllint-disable-line SL132\n")
    skill = _skill(tmp_path, text)
    code, out, _ = run_cli(["check", ".", "--isolated", "--fix", "--format", "concise"], tmp_path)
    assert skill.read_text(encoding="utf-8") == text
    assert code == 0 and "No fixes applied (0 remaining)." in out


def test_fix_with_the_cache_and_workers(tmp_path: Path) -> None:
    """The fixed files are linted again: a cached result of the old text is never printed, and the
    outcome is the same with worker processes."""
    from skilllint.engine.linter import PARALLEL_THRESHOLD

    total = PARALLEL_THRESHOLD + 6  # enough skills for a pool
    for index in range(total):
        folder = tmp_path / f"s{index:02}"
        folder.mkdir()
        tools = "Read Grep Read" if index % 2 else "Read Grep"
        (folder / "SKILL.md").write_text(f"---\nname: s{index:02}\ndescription: Does {index}. Use when asked.\n"
                                         f"allowed-tools: {tools}\n---\n# S\n", encoding="utf-8")
    base = ["check", ".", "--isolated", "--format", "json", "--select", "SL213"]
    code, out, _ = run_cli(base, tmp_path)  # fills the cache
    assert len(json.loads(out)) == total // 2
    code, out, err = run_cli([*base, "--fix", "--jobs", "2"], tmp_path)
    assert (code, json.loads(out)) == (0, [])
    assert err == f"Fixed {total // 2} findings in {total // 2} files (0 remaining).\n"
    code, out, _ = run_cli(base, tmp_path)
    assert (code, json.loads(out)) == (0, [])
    assert all("allowed-tools: Read Grep\n" in p.read_text(encoding="utf-8") for p in tmp_path.glob("*/SKILL.md"))


def test_fix_keeps_permissions_and_writes_through_a_symlink(tmp_path: Path) -> None:
    real = tmp_path / "store" / "pdf.md"
    real.parent.mkdir()
    real.write_text(BROKEN, encoding="utf-8")
    real.chmod(0o640)
    (tmp_path / "pdf").mkdir()
    link = tmp_path / "pdf" / "SKILL.md"
    link.symlink_to("../store/pdf.md")
    code, out, err = run_cli(["check", ".", "--isolated", "--fix", "--format", "concise"], tmp_path)
    assert (code, err) == (0, ""), out
    assert link.is_symlink()
    assert "allowed-tools: Read" in real.read_text(encoding="utf-8")
    assert real.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in real.parent.iterdir()) == ["pdf.md"]  # no temporary file left


def test_a_file_that_cannot_be_written_is_said_and_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    skill = _skill(tmp_path)

    def refuse(path: str, data: bytes) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("skilllint.output.commands.fix.write_atomic", refuse)
    code, out, err = run_cli(["check", ".", "--isolated", "--fix", "--format", "concise"], tmp_path)
    assert code == 2
    assert "skilllint: error: cannot write pdf/SKILL.md: Permission denied\n" in err
    assert "SL132" in out and "No fixes applied (1 remaining)." in out  # the finding is still there, and said
    assert skill.read_text(encoding="utf-8") == BROKEN


def test_a_file_changed_while_fixing_is_not_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    skill = _skill(tmp_path)
    from skilllint.fixes import passes

    real = passes.fix_passes

    def edit_meanwhile(*args: object, **kwargs: object) -> passes.Outcome:
        outcome = real(*args, **kwargs)  # type: ignore[arg-type]
        skill.write_text(BROKEN + "more\n", encoding="utf-8")
        return outcome

    monkeypatch.setattr("skilllint.output.commands.fix.fix_passes", edit_meanwhile)
    code, _, err = run_cli(["check", ".", "--isolated", "--fix"], tmp_path)
    assert code == 2 and "pdf/SKILL.md changed while it was being fixed; not written" in err
    assert skill.read_text(encoding="utf-8") == BROKEN + "more\n"


def test_sarif_carries_the_fix(tmp_path: Path) -> None:
    _skill(tmp_path)
    _, out, _ = run_cli(["check", ".", "--isolated", "--format", "sarif"], tmp_path)
    result = json.loads(out)["runs"][0]["results"][0]
    assert result["fixes"] == [{
        "description": {"text": "rename `allowed_tools` to `allowed-tools`"},
        "artifactChanges": [{
            "artifactLocation": {"uri": "pdf/SKILL.md", "uriBaseId": "%SRCROOT%"},
            "replacements": [{"deletedRegion": {"startLine": 4, "startColumn": 1, "endLine": 4, "endColumn": 14},
                              "insertedContent": {"text": "allowed-tools"}}],
        }],
    }]


def test_many_fixes_in_one_field_take_several_passes(tmp_path: Path) -> None:
    """A rule works out at most MAX_ATTEMPTS fixes per document (each parses the frontmatter again: a
    field of thousands of duplicates must not make linting quadratic); the passes do the rest."""
    from skilllint.checks._fixes import MAX_ATTEMPTS

    many = MAX_ATTEMPTS * 2 + 20
    skill = _skill(tmp_path, BROKEN.replace("allowed_tools: Read", "allowed-tools: " + " ".join(["Read"] * many)))
    _, out, _ = run_cli(["check", ".", "--isolated", "--format", "json", "--select", "SL213"], tmp_path)
    found = json.loads(out)
    assert len(found) == many - 1
    assert sum(1 for d in found if d["fix"]) == MAX_ATTEMPTS
    code, _, err = run_cli(["check", ".", "--isolated", "--format", "json", "--select", "SL213", "--fix"], tmp_path)
    assert code == 0 and err == f"Fixed {many - 1} findings in 1 file (0 remaining).\n"
    assert "\nallowed-tools: Read\n" in skill.read_text(encoding="utf-8")


def test_the_diff_spells_out_what_could_act_on_a_terminal(tmp_path: Path) -> None:
    text = BROKEN.replace("description: Extract", "description: \u202eExtract\u200e")
    _skill(tmp_path, text)
    code, out, _ = run_cli(["check", ".", "--isolated", "--diff"], tmp_path)
    assert code == 1 and "\u202e" not in out and "\u200e" not in out
    assert "-description: \\u202eExtract\\u200e text." in out  # SL604 deletes the mark (SL603's override stays)
    assert "+description: \\u202eExtract text." in out


def test_diff_with_the_output_options(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    code, out, err = run_cli(["check", ".", "--isolated", "--diff", "--exit-zero", "-o", "fix.patch"], tmp_path)
    assert (code, out) == (0, "")
    assert "+allowed-tools: Read\n" in (tmp_path / "fix.patch").read_text(encoding="utf-8")
    code, _, err = run_cli(["check", ".", "--isolated", "--diff", "--write-baseline", "b.json"], tmp_path)
    assert code == 2 and "--diff writes nothing" in err
    assert not (tmp_path / "b.json").exists()
    assert skill.read_text(encoding="utf-8") == BROKEN


def test_fix_then_baseline_records_what_is_left(tmp_path: Path) -> None:
    _skill(tmp_path, BROKEN.replace("name: pdf", "name: PDF"))
    code, out, _ = run_cli(["check", ".", "--isolated", "--fix", "--write-baseline", "b.json", "--format", "json"],
                           tmp_path)
    assert code == 0
    recorded = (tmp_path / "b.json").read_text(encoding="utf-8")
    assert "SL112" in recorded and "SL132" not in recorded  # fixed, so not recorded
