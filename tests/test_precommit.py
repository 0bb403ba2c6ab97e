"""The pre-commit hooks of .pre-commit-hooks.yaml, run by the real `pre-commit` as a user runs them.

A snapshot of this checkout's working tree (tracked and untracked files, minus what
.gitignore ignores) is committed to a temporary git repository: `pre-commit try-repo`
would otherwise take HEAD plus changes to tracked files only, so new, uncommitted files
(the hook manifest itself, a new module) would be missing. A second temporary repository
holds a broken and a fixed skill. pre-commit installs the hook's environment from the
package registry (PyPI) into a temporary PRE_COMMIT_HOME, so the test sees exactly what a
user's first run sees: it takes about 10 seconds per environment install, and the test
installs twice (once for `try-repo`, which always uses a throwaway store, and once for a
`.pre-commit-config.yaml` whose environment the remaining runs share).

Skipped only when pre-commit is not installed at all.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 900  # seconds for one pre-commit run: the first one builds the environment from PyPI
IGNORED = (".git", ".venv", "venv", "__pycache__", "*.pyc", ".pytest_cache", ".ruff_cache", ".hypothesis",
           "*.egg-info", "build", "dist", ".tox", ".nox", "node_modules")

BROKEN = "---\nname: Broken-Skill\ndescription: Extracts tables from PDFs. Use when the user sends a PDF.\n---\nBody\n"
FIXED = BROKEN.replace("Broken-Skill", "broken-skill")
GOOD = "---\nname: good-skill\ndescription: Cleans CSV files. Use when the user sends a CSV.\n---\nBody\n"
EXPECTED = "skills/broken-skill/SKILL.md:2:7: SL112 error `name` `Broken-Skill` has uppercase letters"


def _pre_commit() -> list[str]:
    """The pre-commit of this interpreter's environment (or on PATH); skip when there is none."""
    folder = Path(sys.executable).parent
    for name in ("pre-commit", "pre-commit.exe"):
        if (folder / name).is_file():
            return [str(folder / name)]
    if importlib.util.find_spec("pre_commit") is not None:
        return [sys.executable, "-m", "pre_commit"]
    found = shutil.which("pre-commit")
    if found:
        return [found]
    pytest.skip("pre-commit is not installed")


def _env(home: Path) -> dict[str, str]:
    """A clean environment: no colour, no GitHub Actions (so output is `concise`), no GIT_*
    variables leaking in from a hook that runs these tests, a private PRE_COMMIT_HOME."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("GIT_", "PRE_COMMIT", "SKILLLINT"))
        and key not in ("GITHUB_ACTIONS", "NO_COLOR", "FORCE_COLOR", "VIRTUAL_ENV", "PYTHONPATH")
    }
    env["PRE_COMMIT_HOME"] = str(home)
    env["PRE_COMMIT_COLOR"] = "never"
    env["SKILLLINT_CACHE_DIR"] = str(home / "skilllint-cache")  # never the real ~/.cache
    return env


def _git(cwd: Path, *args: str, env: dict[str, str]) -> str:
    result = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"git {' '.join(args)} failed:\n{result.stdout}{result.stderr}"
    return result.stdout


def _init_repo(path: Path, env: dict[str, str]) -> None:
    path.mkdir(parents=True, exist_ok=True)
    _git(path, "init", "-q", env=env)
    for key, value in (("user.name", "skilllint tests"), ("user.email", "tests@skilllint.invalid"),
                       ("commit.gpgsign", "false"), ("core.autocrlf", "false")):
        _git(path, "config", key, value, env=env)


def _commit_all(path: Path, env: dict[str, str], message: str) -> str:
    _git(path, "add", "-A", env=env)
    _git(path, "commit", "-q", "--no-verify", "--allow-empty", "-m", message, env=env)
    return _git(path, "rev-parse", "HEAD", env=env).strip()


def _checkout_files() -> list[str] | None:
    """Tracked and untracked, not ignored files of the checkout; None when it is no git checkout."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT, capture_output=True, timeout=120, check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return [name for name in listed.decode("utf-8", "surrogateescape").split("\0") if name]


def _snapshot(dest: Path, env: dict[str, str]) -> str:
    """Commit the checkout's working tree, uncommitted files included, to `dest`; its HEAD."""
    files = _checkout_files()
    if files is None:
        shutil.copytree(ROOT, dest, symlinks=True, ignore=shutil.ignore_patterns(*IGNORED))
    else:
        for name in files:
            source = ROOT / name
            if not os.path.lexists(source) or (source.is_dir() and not source.is_symlink()):
                continue  # deleted in the working tree, or a submodule
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target, follow_symlinks=False)
    assert (dest / ".pre-commit-hooks.yaml").is_file()
    _init_repo(dest, env)
    return _commit_all(dest, env, "snapshot of the skilllint checkout")


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


class Project:
    """A git repository with skills, and a way to run pre-commit in it."""

    def __init__(self, root: Path, hooks_repo: Path, rev: str, env: dict[str, str]) -> None:
        self.root, self.hooks_repo, self.rev, self.env = root, hooks_repo, rev, env
        self.command = _pre_commit()

    def pre_commit(self, *args: str) -> tuple[int, str]:
        result = subprocess.run(
            [*self.command, *args], cwd=self.root, env=self.env, capture_output=True, text=True,
            encoding="utf-8", errors="replace", timeout=TIMEOUT, stdin=subprocess.DEVNULL,
        )
        return result.returncode, result.stdout + result.stderr

    def run(self, hook: str, *args: str) -> tuple[int, str]:
        return self.pre_commit("run", hook, "--color", "never", *args)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    _pre_commit()  # skip early when pre-commit is missing
    base = tmp_path_factory.mktemp("precommit")
    env = _env(base / "pre-commit-home")
    hooks_repo = base / "skilllint-checkout"
    rev = _snapshot(hooks_repo, env)

    root = base / "project"
    _init_repo(root, env)
    _write(root / "skills" / "broken-skill" / "SKILL.md", BROKEN)
    _write(root / "skills" / "broken-skill" / "metadata.yaml", "license: Apache-2.0\n")
    _write(root / "skills" / "broken-skill" / "tools.yaml", "tools:\n  - name: extract_tables\n")
    _write(root / "skills" / "broken-skill" / "scripts" / "extract.py", "print('tables')\n")
    _write(root / "skills" / "good-skill" / "SKILL.md", GOOD)
    _write(root / "README.md", "# Skills\n")
    _write(
        root / ".pre-commit-config.yaml",
        f"repos:\n  - repo: {hooks_repo.as_posix()}\n    rev: {rev}\n"
        "    hooks:\n      - id: skilllint\n      - id: skilllint-all\n",
    )
    _commit_all(root, env, "skills")
    return Project(root, hooks_repo, rev, env)


def test_try_repo_fails_on_the_broken_skill(project: Project) -> None:
    """`try-repo` builds its own environment in a throwaway store (about 8 s), so it runs once: that
    the hook passes on a clean skill is asserted below, through the configured repository."""
    code, out = project.pre_commit(
        "try-repo", str(project.hooks_repo), "skilllint", "--color", "never", "--all-files"
    )
    assert code == 1, out
    assert "skilllint" in out and "Failed" in out
    assert EXPECTED in out
    assert "good-skill" not in out
    assert re.search(r"\b2 skills\b", out), out


def test_hook_maps_files_to_their_skill_and_lints_each_once(project: Project) -> None:
    code, out = project.run(
        "skilllint", "--files", "skills/broken-skill/SKILL.md", "skills/broken-skill/metadata.yaml",
        "skills/broken-skill/tools.yaml", "skills/broken-skill/scripts/extract.py", "README.md",
    )
    assert code == 1, out
    assert out.count(EXPECTED) == 1, out
    assert re.search(r"\b1 skill\b", out), out

    code, out = project.run("skilllint", "--files", "skills/broken-skill/tools.yaml")  # a tool manifest
    assert "Skipped" not in out and code in (0, 1), out

    code, out = project.run("skilllint", "--files", "skills/good-skill/SKILL.md")
    assert code == 0 and "Passed" in out, out

    code, out = project.run("skilllint", "--files", "skills/broken-skill/scripts/extract.py", "README.md")
    assert code == 0 and "(no files to check)Skipped" in out, out


def test_all_hook_lints_the_whole_repository_whatever_changed(project: Project) -> None:
    code, out = project.run("skilllint-all", "--files", "README.md")
    assert code == 1, out
    assert EXPECTED in out and re.search(r"\b2 skills\b", out), out


def test_fixing_the_skill_makes_both_hooks_pass(project: Project) -> None:
    skill = project.root / "skills" / "broken-skill" / "SKILL.md"
    _write(skill, FIXED)
    _commit_all(project.root, project.env, "fix the name")
    try:
        for hook in ("skilllint", "skilllint-all"):
            code, out = project.run(hook, "--all-files")
            assert code == 0, out
            assert "Passed" in out and "SL112" not in out
    finally:  # the other tests expect the broken skill, whatever order they run in
        _write(skill, BROKEN)
        _commit_all(project.root, project.env, "break the name again")
