"""`skilllint.reading.discover`: from the paths on the command line to the skills and manifests to lint.

Every test builds a real tree in tmp_path and asserts what `discover` returns for it: the
skills (and whether their file is wrongly cased), the manifests, and the problems (code and
path) it reports instead of raising. tests/test_output_discovery.py has the git-ignore cases
checked against git itself; these add the rest of the walk.
"""

from __future__ import annotations

import itertools
import os
import sys
from pathlib import Path

import pytest

from skilllint.checks import all_rules
from skilllint.checks.rule import InputContext, InputRule, RunShared
from skilllint.core.model import Span
from skilllint.core.readfacts import ReadFact
from skilllint.reading.discover import PathNotFoundError, discover, is_manifest
from skilllint.runtimes.targets import builtin_targets


def _code(fact: ReadFact) -> str:
    """The code of the input rule that reports `fact` (reading records facts; rules own the codes)."""
    probe = ReadFact(fact.kind, fact.path, Span(1, 1), fact.detail)
    ctx = InputContext([probe], builtin_targets()["agentskills"], RunShared({}, frozenset()))
    codes = [rule.code for rule in all_rules() if isinstance(rule, InputRule) and list(rule.check(ctx))]
    assert len(codes) == 1, (fact.kind, codes)
    return codes[0]

SKILL = "---\nname: {name}\ndescription: Does one thing. Use when asked.\n---\nBody\n"
needs_symlinks = pytest.mark.skipif(sys.platform == "win32", reason="symlinks")


def _write(path: Path, text: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _skill(root: Path, folder: str, filename: str = "SKILL.md") -> Path:
    return _write(root / folder / filename, SKILL.format(name=Path(folder).name))


def _repo(root: Path, gitignore: str | None = None) -> Path:
    (root / ".git" / "info").mkdir(parents=True)
    if gitignore is not None:
        _write(root / ".gitignore", gitignore)
    return root


class Found:
    """What discover returned, relative to the root: skills, manifests, (code, path) problems."""

    def __init__(self, root: Path, *paths: str, **options) -> None:
        result = discover(list(paths) or ["."], root, **options)
        self.skills = [s.file.relative_to(root).as_posix() for s in result.skills]
        self.wrong_case = [s.file.relative_to(root).as_posix() for s in result.skills if s.wrong_case]
        self.manifests = [m.relative_to(root).as_posix() for m in result.manifests]
        self.problems = [(_code(p), p.path) for p in result.problems]
        self.messages = {p.path: p.detail for p in result.problems}


# -- what is a skill, what is a manifest ------------------------------------------------------------


def test_every_folder_holding_skill_md_is_a_skill_at_any_depth(tmp_path: Path) -> None:
    for folder in ("a", "b/c", "b/c/d", "deep/1/2/3/4/5"):
        _skill(tmp_path, folder)
    _write(tmp_path / "notes" / "README.md", "# not a skill\n")
    found = Found(tmp_path)
    assert found.skills == ["a/SKILL.md", "b/c/SKILL.md", "b/c/d/SKILL.md", "deep/1/2/3/4/5/SKILL.md"]
    assert found.manifests == [] and found.problems == [] and found.wrong_case == []


def test_a_skill_md_at_the_root_is_a_skill(tmp_path: Path) -> None:
    _skill(tmp_path, ".")
    assert Found(tmp_path).skills == ["SKILL.md"]


@pytest.mark.parametrize(
    ("name", "manifest"),
    [("tools.json", True), ("tools.yaml", True), ("tools.yml", True), ("app.tools.json", True),
     ("my.app.tools.yml", True), ("mytools.json", False), ("tools.toml", False), ("tools.json.bak", False),
     ("tools", False), ("Tools.json", False), ("app.tool.json", False), ("config.yaml", False)],
)
def test_manifests_are_found_by_name(tmp_path: Path, name: str, manifest: bool) -> None:
    _write(tmp_path / "nested" / name, "{}")
    assert Found(tmp_path).manifests == (["nested/" + name] if manifest else [])
    assert is_manifest("nested/" + name, ()) is manifest


def test_the_manifests_globs_add_files_by_path(tmp_path: Path) -> None:
    for name in ("servers/github.json", "servers/deep/gitlab.json", "other/x.json", "servers/notes.txt"):
        _write(tmp_path / name, "{}")
    found = Found(tmp_path, manifest_globs=("servers/**/*.json",))
    assert found.manifests == ["servers/deep/gitlab.json", "servers/github.json"]
    assert Found(tmp_path).manifests == []


def test_dependency_and_version_control_folders_are_skipped(tmp_path: Path) -> None:
    for folder in ("node_modules/pkg", ".git/x", ".venv/lib", "venv/lib", "__pycache__", ".tox/py",
                   ".hypothesis/x", "src/node_modules/pkg"):
        _skill(tmp_path, folder)
        _write(tmp_path / folder / "tools.json", "{}")
    _skill(tmp_path, "kept")
    found = Found(tmp_path)
    assert found.skills == ["kept/SKILL.md"] and found.manifests == []


def test_results_are_sorted_and_each_is_found_once(tmp_path: Path) -> None:
    for folder in ("z", "a", "m/b", "m/a"):
        _skill(tmp_path, folder)
        _write(tmp_path / folder / "tools.json", "{}")
    found = Found(tmp_path, ".", "m", "a/SKILL.md", "m/a", "z/tools.json")
    assert found.skills == ["a/SKILL.md", "m/a/SKILL.md", "m/b/SKILL.md", "z/SKILL.md"]
    assert found.manifests == ["a/tools.json", "m/a/tools.json", "m/b/tools.json", "z/tools.json"]


# -- wrongly cased skill files ----------------------------------------------------------------------


@pytest.mark.parametrize("filename", ["skill.md", "Skill.md", "SKILL.MD", "sKiLl.Md"])
def test_a_wrongly_cased_skill_file_alone_is_a_skill_marked_wrong_case(tmp_path: Path, filename: str) -> None:
    _skill(tmp_path, "a", filename)
    found = Found(tmp_path)
    assert found.skills == found.wrong_case == [f"a/{filename}"]
    assert Found(tmp_path, f"a/{filename}").wrong_case == [f"a/{filename}"]


def test_a_wrongly_cased_file_beside_skill_md_is_sl501_not_a_second_skill(tmp_path: Path) -> None:
    _skill(tmp_path, "a")
    _skill(tmp_path, "a", "skill.md")
    found = Found(tmp_path)
    assert found.skills == ["a/SKILL.md"] and found.wrong_case == []
    assert found.problems == [("SL501", "a/skill.md")]
    assert found.messages["a/skill.md"] == "`skill.md` beside `SKILL.md`: runtimes read only `SKILL.md`"


def test_a_wrongly_cased_file_beside_skill_md_named_on_the_command_line_is_sl501_too(tmp_path: Path) -> None:
    """What pre-commit passes when both files changed: the same result as linting the folder."""
    _skill(tmp_path, "a")
    _skill(tmp_path, "a", "skill.md")
    walked = Found(tmp_path)
    for paths in (("a/SKILL.md", "a/skill.md"), ("a/skill.md",)):
        named = Found(tmp_path, *paths)
        assert named.problems == walked.problems
        assert named.skills == (["a/SKILL.md"] if "a/SKILL.md" in paths else [])


# -- paths named on the command line ------------------------------------------------------------------


def test_a_missing_path_raises_path_not_found(tmp_path: Path) -> None:
    _skill(tmp_path, "a")
    with pytest.raises(PathNotFoundError) as raised:
        discover(["a", "nope/SKILL.md"], tmp_path)
    assert str(raised.value) == "nope/SKILL.md"
    assert isinstance(raised.value, FileNotFoundError)


def test_an_absolute_path_works_like_a_relative_one(tmp_path: Path) -> None:
    _skill(tmp_path, "a")
    assert Found(tmp_path, str(tmp_path / "a")).skills == Found(tmp_path, "a").skills == ["a/SKILL.md"]


def test_any_file_inside_a_skill_lints_that_skill(tmp_path: Path) -> None:
    _skill(tmp_path, "a")
    _write(tmp_path / "a" / "scripts" / "deep" / "run.py", "print()\n")
    _write(tmp_path / "a" / "metadata.yaml", "license: MIT\n")
    assert Found(tmp_path, "a/scripts/deep/run.py").skills == ["a/SKILL.md"]
    found = Found(tmp_path, "a/metadata.yaml", "a/scripts/deep/run.py")
    assert found.skills == ["a/SKILL.md"] and found.manifests == []


def test_a_file_outside_any_skill_is_a_manifest_only_when_it_looks_like_one(tmp_path: Path) -> None:
    _write(tmp_path / "docs" / "README.md", "# x\n")
    _write(tmp_path / "servers" / "github.json", "{}")
    _write(tmp_path / "servers" / "tools.yaml", "tools: []\n")
    assert Found(tmp_path, "docs/README.md").skills == []
    assert Found(tmp_path, "docs/README.md").manifests == []
    # named on the command line, any .json/.yaml/.yml file is taken as the manifest the user says it is
    assert Found(tmp_path, "servers/github.json", "servers/tools.yaml").manifests == [
        "servers/github.json", "servers/tools.yaml"]


def test_a_file_above_the_working_folder_is_not_owned_by_a_skill_beyond_it(tmp_path: Path) -> None:
    _skill(tmp_path, ".")  # a SKILL.md above the working folder
    work = tmp_path / "work"
    _write(work / "notes.md", "x\n")
    assert discover(["notes.md"], work).skills == []


# -- exclude and --force-exclude --------------------------------------------------------------------


def test_exclude_skips_folders_skill_files_and_manifests(tmp_path: Path) -> None:
    for folder in ("kept", "drafts/a", "b", "c"):
        _skill(tmp_path, folder)
    _write(tmp_path / "kept" / "tools.json", "{}")
    _write(tmp_path / "b" / "app.tools.json", "{}")
    found = Found(tmp_path, exclude=("drafts", "c/SKILL.md", "*.tools.json"))
    assert found.skills == ["b/SKILL.md", "kept/SKILL.md"]
    assert found.manifests == ["kept/tools.json"]


def test_a_named_path_is_linted_even_when_excluded_unless_force_exclude(tmp_path: Path) -> None:
    _skill(tmp_path, "drafts/a")
    _skill(tmp_path, "drafts/b")
    _write(tmp_path / "drafts" / "tools.json", "{}")
    exclude = ("drafts",)
    assert Found(tmp_path, "drafts", exclude=exclude).skills == ["drafts/a/SKILL.md", "drafts/b/SKILL.md"]
    assert Found(tmp_path, "drafts", exclude=exclude).manifests == ["drafts/tools.json"]
    assert Found(tmp_path, "drafts/a/SKILL.md", exclude=exclude).skills == ["drafts/a/SKILL.md"]
    for path in ("drafts", "drafts/a/SKILL.md", "drafts/tools.json"):
        found = Found(tmp_path, path, exclude=exclude, force_exclude=True)
        assert found.skills == found.manifests == []
    assert Found(tmp_path, "drafts/a/SKILL.md", force_exclude=True).skills == ["drafts/a/SKILL.md"]


def test_a_named_excluded_folder_still_honours_the_other_patterns_below_it(tmp_path: Path) -> None:
    _skill(tmp_path, "drafts/a")
    _skill(tmp_path, "drafts/old/b")
    found = Found(tmp_path, "drafts", exclude=("drafts", "old"))
    assert found.skills == ["drafts/a/SKILL.md", "drafts/old/b/SKILL.md"]  # the named root lifts exclude


def test_force_exclude_applies_what_git_ignores_to_named_paths(tmp_path: Path) -> None:
    root = _repo(tmp_path, "generated/\n")
    _skill(root, "generated/a")
    _skill(root, "kept")
    assert Found(root, "generated/a/SKILL.md").skills == ["generated/a/SKILL.md"]
    assert Found(root, "generated/a/SKILL.md", "kept/SKILL.md", force_exclude=True).skills == ["kept/SKILL.md"]


# -- what git ignores ----------------------------------------------------------------------------------


def test_gitignore_is_honoured_inside_a_work_tree_only(tmp_path: Path) -> None:
    for root in (tmp_path / "repo", tmp_path / "plain"):
        _write(root / ".gitignore", "ignored/\n*.tools.json\nSKILL.md\n!keep/SKILL.md\n")
        _skill(root, "ignored/a")
        _skill(root, "skill-file-ignored")
        _skill(root, "keep")
        _write(root / "x.tools.json", "{}")
    _repo(tmp_path / "repo")
    inside, outside = Found(tmp_path / "repo"), Found(tmp_path / "plain")
    assert inside.skills == ["keep/SKILL.md"] and inside.manifests == []
    assert outside.skills == ["ignored/a/SKILL.md", "keep/SKILL.md", "skill-file-ignored/SKILL.md"]
    assert outside.manifests == ["x.tools.json"]


def test_a_subfolder_of_a_work_tree_honours_the_rules_above_it(tmp_path: Path) -> None:
    root = _repo(tmp_path, "*.tmp/\n")
    _skill(root, "skills/a")
    _skill(root, "skills/b.tmp")
    assert Found(root, "skills").skills == ["skills/a/SKILL.md"]
    assert [s.file for s in discover(["."], root / "skills").skills] == [root / "skills" / "a" / "SKILL.md"]


def test_info_exclude_alone_is_honoured(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    _write(root / ".git" / "info" / "exclude", "# local\n\nscratch\n")
    _skill(root, "scratch")
    _skill(root, "kept")
    assert Found(root).skills == ["kept/SKILL.md"]


def test_a_git_file_that_names_no_git_dir_still_makes_a_work_tree(tmp_path: Path) -> None:
    _write(tmp_path / ".git", "not a gitdir line\n")
    _write(tmp_path / ".gitignore", "build/\n")
    _skill(tmp_path, "build/a")
    _skill(tmp_path, "kept")
    assert Found(tmp_path).skills == ["kept/SKILL.md"]


def test_a_folder_re_included_after_its_pattern_lets_its_files_in(tmp_path: Path) -> None:
    """`docs/tmp` then `!docs/tmp/`: git walks into docs/tmp, and its SKILL.md is not ignored."""
    root = _repo(tmp_path, "docs/tmp\n!docs/tmp/\n")
    _skill(root, "docs/tmp")
    assert Found(root).skills == ["docs/tmp/SKILL.md"]


def test_lines_git_cannot_use_match_nothing(tmp_path: Path) -> None:
    root = _repo(tmp_path, "/\n!\nbroken\\\n  \n# comment\nbuild/\n")
    _skill(root, "build/a")
    _skill(root, "broken")
    assert Found(root).skills == ["broken/SKILL.md"]


def test_nested_gitignores_and_repositories_met_during_the_walk(tmp_path: Path) -> None:
    root = _repo(tmp_path, "*.tmp\n")
    _write(root / "team" / ".gitignore", "drafts/\n!keep.tmp\n")
    inner = _repo(root / "team" / "vendor", "")
    for folder in ("a.tmp", "team/drafts/a", "team/keep.tmp", "team/vendor/b.tmp", "team/vendor/drafts/c", "ok"):
        _skill(root, folder)
    # the inner repository has rules of its own: the outer `*.tmp` stops at it
    assert Found(root).skills == ["ok/SKILL.md", "team/keep.tmp/SKILL.md", "team/vendor/b.tmp/SKILL.md",
                                  "team/vendor/drafts/c/SKILL.md"]
    assert inner.is_dir()


def test_overlapping_paths_in_a_work_tree_agree(tmp_path: Path) -> None:
    root = _repo(tmp_path, "*.tmp/\n")
    _write(root / "skills" / ".gitignore", "c\n")
    for folder in ("skills/a", "skills/b.tmp", "skills/c"):
        _skill(root, folder)
    assert Found(root, ".", "skills", ".").skills == ["skills/a/SKILL.md"]


def test_a_named_ignored_folder_is_walked_with_its_own_gitignore(tmp_path: Path) -> None:
    root = _repo(tmp_path, "vendor/\n")
    _write(root / "vendor" / ".gitignore", "old/\n")
    _skill(root, "vendor/new")
    _skill(root, "vendor/old")
    assert Found(root, "vendor").skills == ["vendor/new/SKILL.md"]
    assert Found(root, "vendor", force_exclude=True).skills == []


def test_a_linked_worktree_reads_info_exclude_of_the_common_git_dir(tmp_path: Path) -> None:
    common = tmp_path / "main" / ".git"
    _write(common / "info" / "exclude", "local/\n")
    _write(common / "worktrees" / "wt" / "commondir", "../..\n")
    checkout = tmp_path / "wt"
    _write(checkout / ".git", "gitdir: ../main/.git/worktrees/wt\n")
    _skill(checkout, "local/a")
    _skill(checkout, "kept")
    assert Found(checkout).skills == ["kept/SKILL.md"]


def test_an_ignored_symlink_is_not_reported(tmp_path: Path) -> None:
    root = _repo(tmp_path, "loop\n")
    _skill(root, "a")
    os.symlink(".", root / "a" / "loop")
    assert Found(root).problems == []


# -- symlinks ----------------------------------------------------------------------------------------


@needs_symlinks
def test_symlink_loops_are_reported_not_followed(tmp_path: Path) -> None:
    _skill(tmp_path, "a")
    os.symlink("..", tmp_path / "a" / "up")
    os.symlink("self", tmp_path / "a" / "self")
    os.symlink("b", tmp_path / "a" / "c")
    os.symlink("c", tmp_path / "a" / "b")
    (tmp_path / "looped").mkdir()
    os.symlink("SKILL.md", tmp_path / "looped" / "SKILL.md")
    found = Found(tmp_path)
    assert found.skills == ["a/SKILL.md"]
    assert found.problems == [("SL005", "a/b"), ("SL005", "a/c"), ("SL005", "a/self"), ("SL005", "a/up"),
                              ("SL005", "looped/SKILL.md")]
    assert found.messages["a/up"] == "symlink loop: points back to its ancestor `.`"
    assert found.messages["a/self"] == "symlink loop; not followed"


@needs_symlinks
def test_a_symlinked_skill_md_inside_the_root_is_linted_once(tmp_path: Path) -> None:
    _skill(tmp_path, "shared")
    (tmp_path / "alias").mkdir()
    os.symlink("../shared/SKILL.md", tmp_path / "alias" / "SKILL.md")
    os.symlink("shared", tmp_path / "folder-link")
    found = discover(["."], tmp_path)
    assert [s.file.resolve() for s in found.skills] == [(tmp_path / "shared" / "SKILL.md").resolve()]
    assert found.problems == []


@needs_symlinks
def test_symlinks_out_of_the_root_are_reported_not_followed(tmp_path: Path) -> None:
    outside = _skill(tmp_path, "outside")
    root = tmp_path / "root"
    _skill(root, "a")
    (root / "b").mkdir()
    os.symlink(outside, root / "b" / "SKILL.md")
    os.symlink(outside.parent, root / "a" / "linked-folder")
    found = Found(root)
    assert found.skills == ["a/SKILL.md"]
    assert sorted(found.problems) == [("SL005", "a/linked-folder"), ("SL005", "b/SKILL.md")]
    assert found.messages["b/SKILL.md"].startswith(f"symlink points outside the linted root (to `{outside}`)")


@needs_symlinks
def test_a_named_symlinked_skill_md_pointing_out_of_its_folder_is_reported(tmp_path: Path) -> None:
    outside = _skill(tmp_path, "outside")
    (tmp_path / "a").mkdir()
    os.symlink("../outside/SKILL.md", tmp_path / "a" / "SKILL.md")
    found = Found(tmp_path, "a/SKILL.md")
    assert found.skills == [] and found.problems == [("SL005", "a/SKILL.md")]
    assert "(to `../outside/SKILL.md`)" in found.messages["a/SKILL.md"]
    assert outside.is_file()


@needs_symlinks
def test_broken_symlinks(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    os.symlink("missing.md", tmp_path / "a" / "SKILL.md")
    os.symlink("missing-folder", tmp_path / "a" / "references")
    found = Found(tmp_path)
    assert found.skills == []
    assert found.problems == [("SL001", "a/SKILL.md")]  # a dangling link to a non-skill file is no problem here
    assert found.messages["a/SKILL.md"] == "broken symlink: its target does not exist"


@needs_symlinks
def test_a_manifest_reached_twice_is_listed_once(tmp_path: Path) -> None:
    _write(tmp_path / "tools.json", "{}")
    os.symlink("tools.json", tmp_path / "app.tools.json")
    assert Found(tmp_path, ".", "tools.json").manifests == ["tools.json"]


# -- folders under skills/ without SKILL.md (SL500) --------------------------------------------------


def test_a_folder_under_skills_without_skill_md_is_sl500(tmp_path: Path) -> None:
    _skill(tmp_path, "skills/a")
    _skill(tmp_path, "skills/group/inner")  # a skill deeper down: a group, not a missing skill
    for folder in ("skills/empty", "skills/.hidden", "skills/_private", "skills/node_modules", "other/empty"):
        (tmp_path / folder).mkdir(parents=True)
    _write(tmp_path / "skills" / "README.md", "x\n")
    found = Found(tmp_path)
    assert found.problems == [("SL500", "skills/empty/")]
    assert found.messages["skills/empty/"] == "folder `empty` under `skills/` has no SKILL.md"


def test_a_skill_named_skills_is_no_container(tmp_path: Path) -> None:
    _skill(tmp_path, "skills")
    (tmp_path / "skills" / "scripts").mkdir()
    assert Found(tmp_path).problems == []


def test_an_excluded_folder_under_skills_is_not_sl500(tmp_path: Path) -> None:
    (tmp_path / "skills" / "wip").mkdir(parents=True)
    (tmp_path / "skills" / "empty").mkdir()
    assert Found(tmp_path, exclude=("skills/wip",)).problems == [("SL500", "skills/empty/")]


@needs_symlinks
def test_a_symlinked_folder_under_skills_is_not_sl500(tmp_path: Path) -> None:
    _skill(tmp_path, "real")
    (tmp_path / "skills").mkdir()
    os.symlink("../real", tmp_path / "skills" / "linked")
    assert Found(tmp_path).problems == []


# -- unreadable folders --------------------------------------------------------------------------------


def test_a_folder_that_cannot_be_read_is_sl001_and_the_walk_goes_on(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    _skill(tmp_path, "a")
    _skill(tmp_path, "locked/b")
    real_scandir = os.scandir
    locked = str(tmp_path / "locked")

    def scandir(path=".", *args):
        if str(path) == locked:
            raise PermissionError(13, "Permission denied", locked)
        return real_scandir(path, *args)

    monkeypatch.setattr(os, "scandir", scandir)
    found = Found(tmp_path)
    assert found.skills == ["a/SKILL.md"]
    assert found.problems == [("SL001", "locked")]
    assert found.messages["locked"] == "cannot read folder: Permission denied"


# -- order ---------------------------------------------------------------------------------------------


@needs_symlinks
def test_the_result_does_not_depend_on_the_order_or_overlap_of_paths(tmp_path: Path) -> None:
    _skill(tmp_path, "skills/a")
    (tmp_path / "skills" / "empty").mkdir()
    _write(tmp_path / "skills" / "a" / "tools.json", "{}")
    _skill(tmp_path, "sub/b")
    os.symlink(".", tmp_path / "sub" / "loop")
    os.symlink("self", tmp_path / "sub" / "self")
    _skill(tmp_path, "sub/b", "skill.md")
    paths = [".", "skills", "sub", "skills/a/SKILL.md", "sub/b"]
    expected = None
    for order in itertools.permutations(paths):
        found = Found(tmp_path, *order)
        result = (found.skills, found.manifests, found.problems)
        expected = expected or result
        assert result == expected, order
    assert expected[2] == [("SL500", "skills/empty/"), ("SL501", "sub/b/skill.md"), ("SL005", "sub/loop"),
                           ("SL005", "sub/self")]


def test_the_result_does_not_depend_on_the_order_folders_were_made_in(tmp_path: Path) -> None:
    results = []
    for name, order in (("one", ["b", "a", "c/d"]), ("two", ["c/d", "a", "b"])):
        root = tmp_path / name
        for folder in order:
            _skill(root, "skills/" + folder)
            (root / "skills" / (folder + "-empty")).mkdir()
        found = Found(root)
        results.append((found.skills, found.problems))
    assert results[0] == results[1]


def _put(root: Path, relative: str, text: str = "---\nname: x\ndescription: y\n---\n") -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_subagents_and_commands_are_found_where_claude_code_reads_them(tmp_path: Path) -> None:
    """`.claude/agents` and `.claude/commands` (subfolders too), and a plugin's `agents/` and
    `commands/` beside its `.claude-plugin/`; an `agents/` folder anywhere else is just a folder,
    and a SKILL.md under `commands/` stays a skill."""
    _put(tmp_path, ".claude/agents/review.md")
    _put(tmp_path, ".claude/agents/team/lead.md")
    _put(tmp_path, ".claude/commands/deploy.md")
    _put(tmp_path, ".claude/commands/frontend/component.md")
    _put(tmp_path, "plug/.claude-plugin/plugin.json", '{"name": "plug"}')
    _put(tmp_path, "plug/agents/helper.md")
    _put(tmp_path, "plug/commands/run.md")
    _put(tmp_path, "docs/agents/notes.md")
    _put(tmp_path, "plug/commands/packed/SKILL.md")
    found = discover(["."], tmp_path)
    got = {(d.file.relative_to(tmp_path).as_posix(), d.kind, d.plugin) for d in found.definitions}
    assert got == {
        (".claude/agents/review.md", "agent", False), (".claude/agents/team/lead.md", "agent", False),
        (".claude/commands/deploy.md", "command", False), (".claude/commands/frontend/component.md", "command", False),
        ("plug/agents/helper.md", "agent", True), ("plug/commands/run.md", "command", True),
    }
    assert [s.file.relative_to(tmp_path).as_posix() for s in found.skills] == ["plug/commands/packed/SKILL.md"]


def test_a_subagent_named_on_the_command_line_is_linted(tmp_path: Path) -> None:
    _put(tmp_path, ".claude/agents/review.md")
    found = discover([".claude/agents/review.md"], tmp_path)
    assert [(d.kind, d.plugin) for d in found.definitions] == [("agent", False)]
    assert not found.skills


def test_copilot_and_opencode_agent_files_are_found_where_their_runtimes_read_them(tmp_path: Path) -> None:
    """Copilot: any `.md` directly in `.github/agents/` but README.md, and `*.prompt.md` directly in
    `.github/prompts/`; OpenCode: any `.md` below `.opencode/agent/` or `.opencode/agents/`. A file
    one folder deeper in `.github/`, another Markdown file there, or an `agents/` folder elsewhere is
    none of them."""
    for relative in (".github/agents/review.agent.md", ".github/agents/plain.md", ".github/agents/README.md",
                     ".github/agents/team/deep.agent.md", ".github/prompts/fix.prompt.md", ".github/prompts/notes.md",
                     ".github/prompts/sub/deep.prompt.md", ".github/prompts/.prompt.md", ".opencode/agent/review.md",
                     ".opencode/agents/team/lead.md", ".opencode/command/deploy.md", "pkg/.opencode/agent/x.md",
                     "docs/github/agents/x.md"):
        _put(tmp_path, relative)
    found = discover(["."], tmp_path)
    got = {(d.file.relative_to(tmp_path).as_posix(), d.kind, d.plugin) for d in found.definitions}
    assert got == {
        (".github/agents/review.agent.md", "copilot-agent", False), (".github/agents/plain.md", "copilot-agent", False),
        (".github/prompts/fix.prompt.md", "copilot-prompt", False),
        (".opencode/agent/review.md", "opencode-agent", False),
        (".opencode/agents/team/lead.md", "opencode-agent", False),
        ("pkg/.opencode/agent/x.md", "opencode-agent", False),
    }


@pytest.mark.parametrize("relative, kind", [(".github/agents/review.agent.md", "copilot-agent"),
                                            (".github/prompts/fix.prompt.md", "copilot-prompt"),
                                            (".opencode/agents/review.md", "opencode-agent")])
def test_an_agent_file_named_on_the_command_line_is_linted(tmp_path: Path, relative: str, kind: str) -> None:
    _put(tmp_path, relative)
    found = discover([relative], tmp_path)
    assert [(d.kind, d.plugin) for d in found.definitions] == [(kind, False)]
    assert not found.skills and not found.problems
