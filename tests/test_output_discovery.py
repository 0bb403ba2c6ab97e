"""Trust on every run: what discovery skips (git-ignored files), what a run with nothing to lint
says, and output a CI log reader can use (severity in `concise`, the target named once in `full`,
`--statistics` as JSON, FORCE_COLOR and NO_COLOR), and YAML errors that say where and why.

The git-ignore expectations were checked against `git ls-files --others --exclude-standard` on
the same trees; skilllint itself never runs git.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skilllint.core.readfacts import Fact
from skilllint.reading.discover import discover
from tests.conftest import run_cli

SKILL = "---\nname: {name}\ndescription: Does one thing. Use when asked.\n---\nBody\n"


def _skill(root: Path, folder: str) -> None:
    path = root / folder / "SKILL.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(SKILL.format(name=path.parent.name), encoding="utf-8")


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _repo(root: Path, gitignore: str | None = None) -> Path:
    """A git work tree as git leaves it on disk: `.git/` with `info/`, no git command needed."""
    (root / ".git" / "info").mkdir(parents=True)
    if gitignore is not None:
        _write(root / ".gitignore", gitignore)
    return root


def _found(root: Path, *paths: str, force_exclude: bool = False) -> list[str]:
    """The skill folders and manifests discovery finds under `root`, relative and sorted."""
    found = discover(list(paths) or ["."], root, force_exclude=force_exclude)
    files = [s.file.parent for s in found.skills] + found.manifests
    return sorted(path.relative_to(root).as_posix() for path in files)


# -- git-ignored files ----------------------------------------------------------------------------


def test_ignored_folders_are_skipped(tmp_path: Path) -> None:
    root = _repo(tmp_path, "build/\n*.tmp\n/vendor\n")
    for folder in ("skills/kept", "build/skills/copied", "vendor/skill", "docs/vendor/skill", "x.tmp/skill"):
        _skill(root, folder)
    _write(root / "build" / "tools.json", "{}")
    _write(root / "skills" / "kept" / "tools.json", "{}")
    assert _found(root) == ["docs/vendor/skill", "skills/kept", "skills/kept/tools.json"]


def test_a_path_named_on_the_command_line_is_linted_even_if_ignored(tmp_path: Path) -> None:
    root = _repo(tmp_path, "build/\n")
    _skill(root, "build/skills/copied")
    _skill(root, "build/skills/other")
    assert _found(root, "build/skills") == ["build/skills/copied", "build/skills/other"]
    assert _found(root, "build/skills/copied/SKILL.md") == ["build/skills/copied"]
    assert _found(root, "build/skills", force_exclude=True) == []  # what pre-commit asks for
    assert _found(root, "build/skills/copied/SKILL.md", force_exclude=True) == []


def test_a_named_ignored_folder_keeps_the_rules_below_it(tmp_path: Path) -> None:
    root = _repo(tmp_path, "build/\n")
    _write(root / "build" / ".gitignore", "scratch/\n")
    _skill(root, "build/kept")
    _skill(root, "build/scratch/skill")
    assert _found(root, "build") == ["build/kept"]


def test_nested_gitignore_patterns_are_relative_to_their_folder(tmp_path: Path) -> None:
    root = _repo(tmp_path, "")
    _write(root / "team" / ".gitignore", "/drafts/\n")  # team/drafts, not drafts
    for folder in ("drafts/skill", "team/drafts/skill", "team/other/drafts/skill"):
        _skill(root, folder)
    assert _found(root) == ["drafts/skill", "team/other/drafts/skill"]


def test_a_deeper_gitignore_re_includes_what_a_higher_one_ignores(tmp_path: Path) -> None:
    root = _repo(tmp_path, "SKILL.md\n")
    _write(root / "public" / ".gitignore", "!SKILL.md\n")
    _skill(root, "private/skill")
    _skill(root, "public/skill")
    assert _found(root) == ["public/skill"]


def test_git_info_exclude_is_honoured_and_the_gitignore_beats_it(tmp_path: Path) -> None:
    root = _repo(tmp_path, "!keep/\n")
    _write(root / ".git" / "info" / "exclude", "local/\nkeep/\n")
    for folder in ("local/skill", "keep/skill", "other/skill"):
        _skill(root, folder)
    assert _found(root) == ["keep/skill", "other/skill"]


def test_allow_list_gitignore_keeps_skill_folders(tmp_path: Path) -> None:
    """`*`, `!*/`, `!*.md`: ignore everything but folders and Markdown (GitHub's allow-list style)."""
    root = _repo(tmp_path, "*\n!*/\n!*.md\n")
    _skill(root, "skills/a")
    _write(root / "skills" / "a" / "tools.json", "{}")
    assert _found(root) == ["skills/a"]


def test_contents_pattern_lets_a_folder_be_re_included(tmp_path: Path) -> None:
    """`skills/**` ignores what is under skills/, not skills/ itself: `!skills/keep/` works."""
    root = _repo(tmp_path, "skills/**\n!skills/keep/\n!skills/keep/**\n")
    _skill(root, "skills/keep")
    _skill(root, "skills/drop")
    assert _found(root) == ["skills/keep"]


def test_a_folder_outside_a_git_work_tree_ignores_nothing(tmp_path: Path) -> None:
    _write(tmp_path / ".gitignore", "build/\n")
    _skill(tmp_path, "build/skill")
    assert _found(tmp_path) == ["build/skill"]


def test_a_nested_repository_has_its_own_rules(tmp_path: Path) -> None:
    root = _repo(tmp_path, "generated/\n")
    inner = _repo(root / "vendor" / "other", "drafts/\n")
    _skill(inner, "generated/skill")  # the outer repository's rule stops at the inner one
    _skill(inner, "drafts/skill")
    assert _found(root) == ["vendor/other/generated/skill"]


def test_a_linked_worktree_reads_the_shared_info_exclude(tmp_path: Path) -> None:
    """In `git worktree add` checkouts `.git` is a file naming the git dir, which names the
    shared one in `commondir`; `info/exclude` is the shared one's."""
    common = tmp_path / "main" / ".git"
    (common / "info").mkdir(parents=True)
    _write(common / "info" / "exclude", "local/\n")
    _write(common / "worktrees" / "wt" / "commondir", "../..\n")
    checkout = tmp_path / "wt"
    _write(checkout / ".git", f"gitdir: {common / 'worktrees' / 'wt'}\n")
    _skill(checkout, "local/skill")
    _skill(checkout, "skills/kept")
    assert _found(checkout) == ["skills/kept"]


def test_the_walk_stops_looking_for_rules_at_the_repository_root(tmp_path: Path) -> None:
    _write(tmp_path / ".gitignore", "repo/\nskills/\n")  # above the repository: not git's business
    root = _repo(tmp_path / "repo", "")
    _skill(root, "skills/a")
    assert _found(root) == ["skills/a"]


def test_a_pattern_git_cannot_use_does_not_break_the_walk(tmp_path: Path) -> None:
    root = _repo(tmp_path, "broken\\\nbuild/\n")  # a trailing backslash matches nothing in git
    _skill(root, "build/skill")
    _skill(root, "skills/a")
    assert _found(root) == ["skills/a"]


def test_an_ignored_folder_under_skills_is_not_a_skill_missing_its_file(tmp_path: Path) -> None:
    root = _repo(tmp_path, "skills/.cache-*/\nskills/tmp/\n")
    _skill(root, "skills/a")
    (root / "skills" / "tmp" / "x").mkdir(parents=True)
    (root / "skills" / "empty").mkdir()
    problems = discover(["."], root).problems
    assert [(p.kind, p.path) for p in problems] == [(Fact.SKILL_MD_MISSING, "skills/empty/")]


def test_cli_skips_ignored_skills(tmp_path: Path) -> None:
    root = _repo(tmp_path, "dist/\n")
    _skill(root, "skills/good")
    _write(root / "dist" / "bad" / "SKILL.md", "---\nname: Bad\n---\n")
    code, out, _ = run_cli(["check", "--isolated", "--format", "concise"], root)
    assert code == 0 and "All clean: 1 skill checked." in out
    code, out, _ = run_cli(["check", "dist", "--isolated", "--format", "concise"], root)
    assert code == 1 and "dist/bad/SKILL.md" in out


# -- a path with nothing to lint ------------------------------------------------------------------


def test_a_named_folder_without_skills_says_so_and_exits_0(tmp_path: Path) -> None:
    """`skilllint check docs` over a folder with nothing to lint is a warning on stderr and exit 0, as
    ruff's for a folder without Python files: a hook over such a path does not fail."""
    (tmp_path / "docs").mkdir()
    _write(tmp_path / "docs" / "README.md", "# Docs\n")
    code, out, err = run_cli(["check", "docs/", "--isolated", "--format", "concise"], tmp_path)
    assert code == 0
    assert out == "Nothing to check: no SKILL.md or tool manifest found.\n"
    assert err == "skilllint: warning: no SKILL.md or tool manifest found under `docs/`\n"


def test_a_named_skill_folder_without_skill_md_is_sl500(tmp_path: Path) -> None:
    """skills-ref's `missing SKILL.md`: a folder with a skill's shape (its `scripts/`, `references/` or
    `assets/`) but no SKILL.md is an error."""
    _write(tmp_path / "pdf-forms" / "scripts" / "fill.py", "print()\n")
    code, out, err = run_cli(["check", "pdf-forms", "--isolated", "--format", "concise"], tmp_path)
    assert code == 1
    assert out.startswith("pdf-forms/:1:1: SL500 error no SKILL.md found in skill folder `pdf-forms`\n")
    assert err == ""


def test_the_working_directory_without_skills_says_so_and_exits_0(tmp_path: Path) -> None:
    """`skilllint check .` in a repository without skills (a hook run on every repository) is a note."""
    _write(tmp_path / "README.md", "# Nothing here\n")
    code, out, err = run_cli(["check", ".", "--isolated", "--format", "concise"], tmp_path)
    assert code == 0
    assert out == "Nothing to check: no SKILL.md or tool manifest found.\n"
    assert err == "skilllint: warning: no SKILL.md or tool manifest found under `.`\n"


def test_every_named_skill_folder_without_skill_md_is_reported_and_quiet_keeps_findings(tmp_path: Path) -> None:
    (tmp_path / "a" / "references").mkdir(parents=True)
    (tmp_path / "b" / "assets").mkdir(parents=True)
    code, out, err = run_cli(["check", "a", "b", "--isolated", "--format", "json"], tmp_path)
    assert code == 1 and err == ""
    assert [(d["path"], d["code"]) for d in json.loads(out)] == [("a/", "SL500"), ("b/", "SL500")]
    code, out, _ = run_cli(["check", "a", "--isolated", "--format", "concise", "-q"], tmp_path)
    assert code == 1 and "SL500" in out


def test_manifests_alone_are_something_to_check(tmp_path: Path) -> None:
    _write(tmp_path / "tools.json", '{"tools": [{"name": "deploy"}]}\n')
    code, out, err = run_cli(["check", "--isolated", "--format", "concise"], tmp_path)
    assert code == 0 and out == "All clean: 1 manifest checked.\n" and err == ""
    _skill(tmp_path, "skills/a")
    assert run_cli(["check", "--isolated", "--format", "concise"], tmp_path)[1] == (
        "All clean: 1 skill and 1 manifest checked.\n")


# -- output for CI logs ---------------------------------------------------------------------------


def test_concise_lines_carry_the_severity(tmp_path: Path) -> None:
    _write(tmp_path / "bad-name" / "SKILL.md", "---\nname: Bad-Name\ndescription: Uses <b>bold</b>. Use when asked.\n"
           "colour: blue\n---\nBody\n")
    _, out, _ = run_cli(["check", "--isolated", "--format", "concise", "-t", "sisu"], tmp_path)
    assert "bad-name/SKILL.md:2:7: SL112 error `name` `Bad-Name` has uppercase letters\n" in out
    assert "SL118" not in out  # the Claude API's XML rule is off on sisu
    assert "bad-name/SKILL.md:4:1: SL132 info [sisu] unknown frontmatter field `colour` for sisu\n" in out


def test_full_names_the_target_once(tmp_path: Path) -> None:
    _write(tmp_path / "s" / "SKILL.md", "---\nname: s\ndescription: Does one thing. Use when asked.\n"
           "allowed-tools: Bassh\ncolour: blue\n---\nBody\n")
    _, out, _ = run_cli(["check", "--isolated", "--format", "full", "--no-color", "-t", "sisu", "-t", "claude-code"],
                        tmp_path)
    heads = [line for line in out.splitlines() if line.startswith("s/SKILL.md:")]
    # agreeing findings of two targets are one line naming both, at the higher severity
    assert "s/SKILL.md:5:1: warning[SL132] unknown frontmatter field `colour` for sisu, claude-code" in heads
    assert any(line.endswith("is not a tool of any known runtime (agentskills)") for line in
               run_cli(["check", "--isolated", "--format", "full", "--no-color"], tmp_path)[1].splitlines())
    for line in heads:
        assert all(line.count(target) <= 1 for target in ("sisu", "claude-code")), line


def test_statistics_honours_format_json(tmp_path: Path) -> None:
    _write(tmp_path / "s" / "SKILL.md", "---\nname: S\ndescription: Does one thing. Use when asked.\n"
           "allowed-tools: Bassh Rread\n---\nBody\n")
    args = ["check", "--isolated", "--statistics", "--format", "json", "-t", "sisu", "-t", "claude-code"]
    code, out, _ = run_cli(args, tmp_path)
    assert code == 1
    rows = json.loads(out)
    assert rows[0] == {"code": "SL200", "name": "unknown-tool", "severity": "error", "count": 2,
                       "targets": {"claude-code": 2}}
    assert {"code": "SL200", "name": "unknown-tool", "severity": "info", "count": 2,
            "targets": {"sisu": 2}} in rows  # SISU ignores allowed-tools; no runtime knows these names' jobs
    assert {"code": "SL112", "name": "name-not-lowercase", "severity": "error", "count": 1, "targets": {}} in rows
    assert all(list(row) == ["code", "name", "severity", "count", "targets"] for row in rows)
    _, text, _ = run_cli(["check", "--isolated", "--statistics", "--format", "concise"], tmp_path)
    assert text.splitlines()[0].split() == ["2", "SL200", "unknown-tool", "(error)"]


@pytest.mark.parametrize(
    ("env", "flag", "painted"),
    [
        ({}, None, False),  # CliRunner's stdout is no terminal
        ({"FORCE_COLOR": "1"}, None, True),
        ({"FORCE_COLOR": "0"}, None, True),  # any non-empty value (force-color.org)
        ({"FORCE_COLOR": ""}, None, False),
        ({"NO_COLOR": "1", "FORCE_COLOR": "1"}, None, True),  # FORCE_COLOR wins, as in force-color.org's example
        ({"FORCE_COLOR": "1"}, "--no-color", False),  # the flags beat both
        ({"NO_COLOR": "1"}, "--color", True),
        ({"NO_COLOR": "1"}, None, False),
    ],
)
def test_force_color_and_no_color(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env: dict[str, str],
                                  flag: str | None, painted: bool) -> None:
    for name in ("FORCE_COLOR", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    _write(tmp_path / "s" / "SKILL.md", "---\nname: S\ndescription: Does one thing. Use when asked.\n---\n")
    args = ["check", "--isolated", "--format", "full", *([flag] if flag else [])]
    assert ("\x1b[" in run_cli(args, tmp_path)[1]) is painted


# -- YAML syntax errors ---------------------------------------------------------------------------


def _sl101(tmp_path: Path, frontmatter: str, metadata: str | None = None) -> list[dict]:
    _write(tmp_path / "s" / "SKILL.md", f"---\n{frontmatter}---\nBody\n")
    if metadata is not None:
        _write(tmp_path / "s" / "metadata.yaml", metadata)
    return [d for d in _lint_json(tmp_path) if d["code"] == "SL101"]


def _lint_json(root: Path) -> list[dict]:
    code, out, err = run_cli(["check", "--isolated", "--format", "json", "--select", "SL101"], root)
    assert code in (0, 1), err
    return json.loads(out)


def test_yaml_error_names_the_construct_and_where_it_began(tmp_path: Path) -> None:
    [found] = _sl101(tmp_path, "name: s\ntags: [pdf, text\nlicense: MIT\n")
    assert found["message"] == ("invalid YAML: while parsing a flow sequence that starts at line 3, column 7: "
                                "did not find expected ',' or ']'")
    assert (found["line"], found["column"]) == (4, 8)  # where the parser gave up
    assert found["help"].startswith("close the `[` opened on line 3 with `]`")


def test_yaml_error_help_for_an_unclosed_quote(tmp_path: Path) -> None:
    [found] = _sl101(tmp_path, "name: s\ndescription: 'Extracts text\n")
    assert found["message"].startswith("invalid YAML: while scanning a quoted scalar that starts at line 3, column 14")
    assert (found["line"], found["column"]) == (3, 14)  # the end of the text says nothing: the quote left open
    assert found["help"] == ("close the quote opened on line 3 with `'` (write `''` for a quote inside the value), "
                             "or remove the opening one")


def test_yaml_error_help_for_tab_indentation(tmp_path: Path) -> None:
    [found] = _sl101(tmp_path, "name: s\nmetadata:\n\tauthor: me\n")
    assert "found character '\\t' that cannot start any token" in found["message"]
    assert (found["line"], found["column"]) == (4, 1)
    assert found["help"] == "indent with spaces: YAML does not allow tabs in indentation"


@pytest.mark.parametrize(
    ("line", "column", "helped"),
    [
        ("description: [WIP] Extracts text", 20, 'quote the whole value: description: "[WIP] Extracts text"'),
        ('description: "Extracts" text', 25, 'quote the whole value: description: "\\"Extracts\\" text"'),
        ("description: `pdf` tools", 14, "cannot start with '`'; quote the whole value: description: \"`pdf` tools\""),
        ("description: Use when: a PDF arrives", 22, 'the value of `description` contains `: `; quote the whole'),
    ],
)
def test_yaml_error_help_says_what_to_write(tmp_path: Path, line: str, column: int, helped: str) -> None:
    [found] = _sl101(tmp_path, f"name: s\n{line}\n")
    assert (found["line"], found["column"]) == (3, column)
    assert helped in found["help"]


def test_yaml_error_in_metadata_yaml_counts_its_own_lines(tmp_path: Path) -> None:
    [found] = _sl101(tmp_path, "name: s\ndescription: Does one thing. Use when asked.\n", "license: MIT\ntags: [a\n")
    assert found["path"] == "s/metadata.yaml"
    assert "flow sequence that starts at line 2, column 7" in found["message"]


@pytest.mark.parametrize("fmt", ["sarif", "github"])
def test_statistics_in_a_format_that_cannot_hold_them_is_a_usage_error(tmp_path: Path, fmt: str) -> None:
    """A count per rule is neither a SARIF log nor annotations: printing the text table under `--format sarif`
    wrote a file no SARIF reader could parse."""
    _write(tmp_path / "s" / "SKILL.md", "---\nname: S\ndescription: Does one thing. Use when asked.\n---\nBody\n")
    code, out, err = run_cli(["check", "--isolated", "--statistics", "--format", fmt], tmp_path)
    assert code == 2 and out == ""
    assert f"--format {fmt} cannot hold it" in err
