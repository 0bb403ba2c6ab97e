"""The README's examples run as written: its pre-commit hook, and no pointer to a repository,
a tag or a development machine that a reader does not have.

The pre-commit test takes the README's `.pre-commit-config.yaml` block verbatim and runs
`pre-commit run --all-files` in a fresh git repository, with this environment's `skilllint`
on PATH (the README's `language: system` hook runs skilllint from the environment you commit
in). Skipped when pre-commit or git is missing.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BROKEN = "---\nname: Broken-Skill\ndescription: Extracts tables from PDFs. Use when the user sends a PDF.\n---\nBody\n"


def _section(title: str) -> str:
    start = README.index(f"## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end > 0 else None]


def _yaml_blocks(title: str) -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", _section(title), re.S)


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


def _pre_commit_env(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """pre-commit beside this Python and an environment for it: this environment's skilllint first
    on PATH, its own pre-commit home and skilllint cache under `tmp_path` (never the real ~/.cache),
    nothing inherited from an enclosing git hook, pre-commit run or CI. Skips without git, pre-commit
    or skilllint."""
    bin_dir = Path(sys.executable).parent
    pre_commit = bin_dir / "pre-commit"
    if not pre_commit.is_file() or shutil.which("git") is None or not (bin_dir / "skilllint").is_file():
        pytest.skip("needs git, and pre-commit and skilllint installed beside this Python")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("GIT_", "PRE_COMMIT", "SKILLLINT")) and k not in ("GITHUB_ACTIONS", "FORCE_COLOR")}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", PRE_COMMIT_HOME=str(tmp_path / "home"),
               SKILLLINT_CACHE_DIR=str(tmp_path / "skilllint-cache"))
    return pre_commit, env


def test_readme_pre_commit_hook_runs_as_written(tmp_path: Path) -> None:
    pre_commit, env = _pre_commit_env(tmp_path)
    repo = tmp_path / "repo"
    (repo / "skills" / "broken-skill").mkdir(parents=True)
    (repo / "skills" / "broken-skill" / "SKILL.md").write_text(BROKEN, encoding="utf-8")
    (repo / "README.md").write_text("# Skills\n", encoding="utf-8")
    (repo / ".pre-commit-config.yaml").write_text(_yaml_blocks("pre-commit")[0], encoding="utf-8")
    for args in (["init", "-q"], ["config", "user.email", "t@skilllint.invalid"], ["config", "user.name", "t"],
                 ["add", "-A"], ["commit", "-q", "--no-verify", "-m", "skills"]):
        assert _run(["git", *args], repo, env).returncode == 0
    result = _run([str(pre_commit), "run", "--all-files", "--color", "never"], repo, env)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "skills/broken-skill/SKILL.md:2:7: SL112 error `name` `Broken-Skill`" in result.stdout


def test_readme_points_at_nothing_a_reader_lacks() -> None:
    for text in (README, (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")):
        assert "github.com/skilllint" not in text and "rev: v0" not in text
        assert not re.search(r"(?<![\w.])/(work|tmp|home|root)/|\.\./shared", text)
    assert "pip install skilllint" not in README.replace("`pip install skilllint` gets", "")
    for block in _yaml_blocks("GitHub Actions"):
        assert "pip install ." in block
