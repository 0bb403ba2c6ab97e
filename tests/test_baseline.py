"""Baselines end to end: `check --write-baseline FILE` records today's findings, `check --baseline
FILE` reports only the ones that came after, and lines moving never make an old finding new."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import PDF_SKILL, run_cli, write_pdf_skills

BASELINE = ".skilllint-baseline.json"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """Two skills with three findings each: an unknown tool in the frontmatter, two missing files in the body."""
    return write_pdf_skills(tmp_path / "tree")


def check(cwd: Path, *args: str, paths: tuple[str, ...] = (".",), fmt: str = "json") -> tuple[int, str, str]:
    return run_cli(["check", *paths, "--isolated", "--jobs", "1", "--no-color", "--format", fmt, *args], cwd)


def write_baseline(cwd: Path, name: str = BASELINE, *args: str, paths: tuple[str, ...] = (".",)) -> None:
    code, out, err = check(cwd, "--write-baseline", name, *args, paths=paths)
    assert (code, out) == (0, "[]\n"), err
    assert "Wrote 6 findings to the baseline" in err


def new_findings(cwd: Path, name: str = BASELINE, *args: str, paths: tuple[str, ...] = (".",)
                 ) -> tuple[int, list[dict[str, object]], str]:
    code, out, err = check(cwd, "--baseline", name, *args, paths=paths)
    assert code in (0, 1), err
    return code, json.loads(out), err


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_baselined_tree_reports_nothing_and_exits_0(tree: Path) -> None:
    assert check(tree)[0] == 1
    write_baseline(tree)
    code, found, err = new_findings(tree)
    assert (code, found) == (0, [])
    assert "skilllint: 6 findings in the baseline `.skilllint-baseline.json` not shown." in err


def test_adding_a_finding_reports_exactly_that_finding(tree: Path) -> None:
    write_baseline(tree)
    edit(tree / "skills" / "demo" / "SKILL.md", "allowed-tools: Read Bassh", "allowed-tools: Read Bassh Grpe")
    code, found, _ = new_findings(tree)
    assert code == 1
    assert [(d["path"], d["line"], d["code"], d["message"]) for d in found] == [
        ("skills/demo/SKILL.md", 4, "SL200", "`Grpe` is not a tool of any known runtime")]


def test_a_new_skill_with_the_same_problems_is_new(tree: Path) -> None:
    write_baseline(tree)
    (tree / "skills" / "third").mkdir()
    (tree / "skills" / "third" / "SKILL.md").write_text(PDF_SKILL.format(name="third"), encoding="utf-8")
    _, found, _ = new_findings(tree)
    assert {d["path"] for d in found} == {"skills/third/SKILL.md"} and len(found) == 3


def test_moving_lines_reports_nothing_new(tree: Path) -> None:
    write_baseline(tree)
    skill = tree / "skills" / "demo" / "SKILL.md"
    edit(skill, "allowed-tools:", "# the tools it needs\n\nallowed-tools: ")  # two lines above, wider spacing
    edit(skill, "---\nRead", "---\n# Filling forms\n\nSome prose first.\n\n  Read")
    code, found, _ = new_findings(tree)
    assert (code, found) == (0, [])
    assert check(tree)[0] == 1  # the findings are still there, on other lines


def test_changing_the_offending_text_reports_it_and_its_old_entry_is_stale(tree: Path) -> None:
    write_baseline(tree)
    edit(tree / "skills" / "demo" / "SKILL.md", "Read Bassh", "Read Bsash")
    code, found, err = new_findings(tree)
    assert code == 1
    assert [d["message"] for d in found] == ["`Bsash` is not a tool of any known runtime"]
    assert "1 baseline entry no longer matches a finding: rerun with --write-baseline" in err


def test_editing_other_text_on_the_line_of_a_finding_keeps_it_known(tree: Path) -> None:
    """The span's text identifies a finding, not the whole line: `Bassh` is the same problem beside `Write`."""
    write_baseline(tree)
    edit(tree / "skills" / "demo" / "SKILL.md", "Read Bassh", "Write Bassh")
    assert new_findings(tree)[1] == []


def test_fixed_findings_are_counted_as_stale_in_every_format(tree: Path) -> None:
    write_baseline(tree)
    edit(tree / "skills" / "demo" / "SKILL.md", "Read Bassh", "Read Bash")
    edit(tree / "skills" / "other" / "SKILL.md", " and run `scripts/fill.py`", "")
    stale = "2 baseline entries no longer match a finding: rerun with --write-baseline .skilllint-baseline.json " \
            "to shrink it."
    code, out, err = check(tree, "--baseline", BASELINE, fmt="concise")
    assert code == 0 and stale in out and "4 findings in the baseline" in out and err == ""
    for fmt in ("json", "sarif", "github"):
        code, out, err = check(tree, "--baseline", BASELINE, fmt=fmt)
        assert code == 0 and stale not in out and f"skilllint: {stale}\n" in err
        if fmt != "github":
            json.loads(out)  # the report stays valid JSON
    _, out, err = check(tree, "--baseline", BASELINE, "--quiet", fmt="concise")
    assert out == err == ""
    write_baseline_again = check(tree, "--write-baseline", BASELINE)
    assert "Wrote 4 findings" in write_baseline_again[2]
    assert "no longer match" not in new_findings(tree)[2]


def test_a_run_on_part_of_the_tree_counts_stale_entries_only_there(tree: Path) -> None:
    write_baseline(tree)
    edit(tree / "skills" / "demo" / "SKILL.md", "Read Bassh", "Read Bash")
    _, found, err = new_findings(tree, paths=("skills/other",))
    assert found == [] and "no longer match" not in err  # demo was not checked: its entry is not stale
    _, found, err = new_findings(tree, paths=("skills/demo",))
    assert found == [] and "1 baseline entry no longer matches" in err
    _, found, err = new_findings(tree, paths=("skills/demo/SKILL.md",))  # a file, as pre-commit passes
    assert found == [] and "no longer match" not in err


def test_paths_are_relative_to_the_baseline_so_it_works_from_any_folder_and_clone(tree: Path, tmp_path: Path) -> None:
    (tree / "ci").mkdir()
    write_baseline(tree, "ci/baseline.json")
    paths = [entry["path"] for entry in json.loads((tree / "ci" / "baseline.json").read_text("utf-8"))["findings"]]
    assert set(paths) == {"../skills/demo/SKILL.md", "../skills/other/SKILL.md"}
    assert new_findings(tree / "skills", "../ci/baseline.json", paths=("..",))[1] == []
    assert new_findings(tree / "ci", "baseline.json", paths=("../skills/demo",))[1] == []
    clone = shutil.copytree(tree, tmp_path / "elsewhere" / "clone")
    assert new_findings(clone, "ci/baseline.json")[1] == []


def test_the_file_is_stable_and_has_no_line_numbers(tree: Path) -> None:
    write_baseline(tree)
    first = (tree / BASELINE).read_bytes()
    write_baseline(tree)
    assert (tree / BASELINE).read_bytes() == first
    edit(tree / "skills" / "demo" / "SKILL.md", "allowed-tools:", "\n\nallowed-tools:")
    write_baseline(tree)
    assert (tree / BASELINE).read_bytes() == first  # lines moved: nothing to commit
    document = json.loads(first)
    assert document["format"] == "skilllint-baseline" and document["version"] == 1
    keys = [(e["path"], e["code"], e["target"] or "", e["hash"], e["occurrence"]) for e in document["findings"]]
    assert keys == sorted(keys) and len(keys) == 6


def test_identical_findings_are_counted(tree: Path) -> None:
    """Two `scripts/fill.py` in one file are two entries; a third is new, and one removed is stale."""
    skill = tree / "skills" / "demo" / "SKILL.md"
    edit(skill, "`scripts/fill.py`.", "`scripts/fill.py`.\nThen `scripts/fill.py` again.")
    write_baseline_code = check(tree, "--write-baseline", BASELINE)
    assert "Wrote 7 findings" in write_baseline_code[2]
    edit(skill, "again.", "again.\nAnd `scripts/fill.py` once more.")
    _, found, _ = new_findings(tree)
    assert [(d["line"], d["code"]) for d in found] == [(8, "SL300")]
    edit(skill, "\nAnd `scripts/fill.py` once more.", "")
    edit(skill, "\nThen `scripts/fill.py` again.", "")
    _, found, err = new_findings(tree)
    assert found == [] and "1 baseline entry no longer matches" in err


def test_the_order_of_targets_does_not_matter(tree: Path) -> None:
    code, _, _ = check(tree, "--write-baseline", BASELINE, "-t", "sisu", "-t", "codex")
    assert code == 0
    _, found, _ = new_findings(tree, BASELINE, "-t", "codex", "-t", "sisu")
    assert found == []
    _, found, _ = new_findings(tree, BASELINE, "-t", "claude-code")  # findings on another target are new
    assert {d["target"] for d in found} == {"claude-code"}


def test_summary_and_statistics_count_only_new_findings(tree: Path) -> None:
    write_baseline(tree)
    edit(tree / "skills" / "demo" / "SKILL.md", "Read Bassh", "Read Bassh Grpe")
    code, out, _ = check(tree, "--baseline", BASELINE, fmt="concise")
    assert code == 1
    assert "Found 1 error in 1 file (2 skills checked).\n6 findings in the baseline" in out
    _, out, _ = check(tree, "--baseline", BASELINE, "--statistics")
    assert [(row["code"], row["count"]) for row in json.loads(out)] == [("SL200", 1)]


@pytest.mark.parametrize(("content", "says"), [
    (None, "baseline `.skilllint-baseline.json` does not exist; write it with --write-baseline"),
    (b"{not json", "baseline `.skilllint-baseline.json`: not valid JSON: "),
    (b'{"format": "skilllint-baseline", "version": 9, "findings": []}', "version 9 is newer than this skilllint"),
    (b'{"format": "skilllint-baseline", "version": 1, "findings": [{"path": 1}]}',
     "findings[0]: key `path`: must be a string"),
    (b"\xff" * 10, "is not UTF-8"),
])
def test_a_missing_or_broken_baseline_is_exit_2_naming_the_file(tree: Path, content: bytes | None, says: str) -> None:
    if content is not None:
        (tree / BASELINE).write_bytes(content)
    code, out, err = check(tree, "--baseline", BASELINE)
    assert code == 2 and out == ""
    assert err.startswith("skilllint: error: ") and says in err and "Traceback" not in err


def test_a_baseline_that_is_no_regular_file_is_exit_2(tree: Path) -> None:
    (tree / "folder.json").mkdir()
    code, _, err = check(tree, "--baseline", "folder.json")
    assert code == 2 and "folder.json" in err
    if hasattr(os, "mkfifo"):
        os.mkfifo(tree / "fifo.json")
        code, _, err = check(tree, "--baseline", "fifo.json")  # never blocks
        assert code == 2 and "cannot read the baseline `fifo.json`" in err


def test_reading_and_writing_a_baseline_at_once_is_a_usage_error(tree: Path) -> None:
    code, out, err = check(tree, "--baseline", "a.json", "--write-baseline", "b.json")
    assert code == 2 and out == "" and "--baseline and --write-baseline do not go together" in err


@pytest.mark.parametrize("flag", ["--baseline", "--write-baseline"])
def test_the_report_never_replaces_the_baseline(tree: Path, flag: str) -> None:
    write_baseline(tree)
    before = (tree / BASELINE).read_bytes()
    code, out, err = check(tree, flag, BASELINE, "--output-file", f"./{BASELINE}")
    assert code == 2 and out == "" and "is the baseline: the report would replace it" in err
    assert (tree / BASELINE).read_bytes() == before


def test_writing_a_baseline_into_a_missing_folder_stops_before_linting(tree: Path) -> None:
    code, out, err = check(tree, "--write-baseline", "nowhere/b.json")
    assert code == 2 and out == "" and "cannot write the baseline `nowhere/b.json`" in err


def test_a_run_with_an_internal_error_writes_no_baseline(tree: Path) -> None:
    code, out, err = check(tree, "--write-baseline", BASELINE, "--inject-fault", "raise:**/demo/SKILL.md")
    assert code == 2
    assert not (tree / BASELINE).exists()
    assert "was not written: an internal error (SL000)" in err
    assert {d["path"] for d in json.loads(out)} >= {"skills/other/SKILL.md"}  # the findings are reported instead


def test_an_internal_error_is_never_hidden_by_a_baseline(tree: Path) -> None:
    write_baseline(tree)
    code, out, _ = check(tree, "--baseline", BASELINE, "--inject-fault", "raise:**/demo/SKILL.md")
    assert code == 2 and [d["code"] for d in json.loads(out)] == ["SL000"]


def test_the_readme_pre_commit_entry_with_a_baseline_blocks_only_new_findings(tmp_path: Path) -> None:
    """The README's hook with its baseline entry line, run by pre-commit in a fresh repository: the
    baselined skill passes, a new broken one fails, and only it is reported."""
    from tests.test_readme import BROKEN, _pre_commit_env, _run, _section, _yaml_blocks

    pre_commit, env = _pre_commit_env(tmp_path)
    [entry] = _yaml_blocks("Baselines: adopting skilllint on an existing repository")[:1]
    hook = _yaml_blocks("pre-commit")[0]
    config = "\n".join(entry.rstrip("\n") if line.strip().startswith("entry:") else line for line in hook.split("\n"))
    assert "--baseline .skilllint-baseline.json" in config
    assert "skilllint check --write-baseline .skilllint-baseline.json" in _section(
        "Baselines: adopting skilllint on an existing repository")
    repo = tmp_path / "repo"
    (repo / "skills" / "broken-skill").mkdir(parents=True)
    (repo / "skills" / "broken-skill" / "SKILL.md").write_text(BROKEN, encoding="utf-8")
    (repo / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
    skilllint = str(pre_commit.with_name("skilllint"))
    written = subprocess.run([skilllint, "check", "--write-baseline", ".skilllint-baseline.json"],
                             cwd=repo, env=env, capture_output=True, text=True, check=False)
    assert written.returncode == 0, written.stderr
    for args in (["init", "-q"], ["config", "user.email", "t@skilllint.invalid"], ["config", "user.name", "t"],
                 ["add", "-A"], ["commit", "-q", "--no-verify", "-m", "skills"]):
        assert _run(["git", *args], repo, env).returncode == 0
    passed = _run([str(pre_commit), "run", "--all-files", "--color", "never"], repo, env)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    (repo / "skills" / "new-skill").mkdir()
    (repo / "skills" / "new-skill" / "SKILL.md").write_text(BROKEN.replace("Broken-Skill", "New-Skill"), "utf-8")
    assert _run(["git", "add", "-A"], repo, env).returncode == 0
    failed = _run([str(pre_commit), "run", "--all-files", "--color", "never"], repo, env)
    assert failed.returncode == 1
    assert "skills/new-skill/SKILL.md:2:7: SL112 error" in failed.stdout
    assert "broken-skill" not in failed.stdout


def test_writing_a_baseline_does_not_say_all_clean(tmp_path: Path) -> None:
    """The findings were recorded, not fixed: the summary counts what was checked, the note what was written."""
    skill = tmp_path / "skills" / "Bad-Name"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: Bad-Name\ndescription: Does a thing. Use when asked.\n---\nBody.\n",
                                    encoding="utf-8")
    code, out, _ = run_cli(["check", ".", "--write-baseline", "base.json", "--format", "concise"], tmp_path)
    assert code == 0
    assert "All clean" not in out
    assert "1 skill checked." in out and "Wrote 1 finding to the baseline" in out
