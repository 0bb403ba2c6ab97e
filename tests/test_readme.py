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


# --------------------------------------------------------------------------------------------
# Every sample output in the README is what the tool prints
# --------------------------------------------------------------------------------------------

def _example_blocks(text: str) -> list[tuple[int, int, list[str]]]:
    """The README's indented blocks that begin with a `$ skilllint` command: (first line index, end
    index, the block's lines without their four-space indent)."""
    lines = text.split("\n")
    blocks: list[tuple[int, int, list[str]]] = []
    index = 0
    while index < len(lines):
        if lines[index].startswith("    $ skilllint") and (index == 0 or not lines[index - 1].strip()):
            end = index
            while end < len(lines) and (lines[end].startswith("    ") or (
                    not lines[end].strip() and end + 1 < len(lines) and lines[end + 1].startswith("    "))):
                end += 1
            blocks.append((index, end, [line[4:] for line in lines[index:end]]))
            index = end
        else:
            index += 1
    return blocks


def _run_example(block: list[str], root: Path) -> list[str]:
    """Run a block's commands in `root` (a copy of `examples/`), each `$` line as a user types it
    (`> FILE` writes standard output there), and return the block as the tool prints it."""
    import shlex

    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SKILLLINT", "GITHUB_")) and k not in ("FORCE_COLOR", "NO_COLOR")}
    env["SKILLLINT_CACHE_DIR"] = str(root.parent / "cache")
    skilllint = str(Path(sys.executable).parent / "skilllint")
    printed: list[str] = []
    for line in block:
        if not line.startswith("$ "):
            continue
        words = shlex.split(line[2:], comments=True)
        target = None
        if ">" in words:
            target = words[words.index(">") + 1]
            words = words[:words.index(">")]
        assert words[0] == "skilllint", line
        result = _run([skilllint, *words[1:]], root, env)
        assert result.returncode in (0, 1), (line, result.stderr)
        printed.append(line)
        if target is not None:
            (root / target).write_text(result.stdout, encoding="utf-8")
        else:
            printed.extend(result.stdout.rstrip("\n").split("\n") if result.stdout.strip() else [])
    return printed


def test_readme_examples_print_what_the_tool_prints(tmp_path: Path) -> None:
    """Each `$ skilllint ...` block of the README runs on a copy of `examples/` and must print, line for
    line, what the README shows. SKILLLINT_UPDATE_EXPECTED=1 rewrites the README's blocks (read the diff)."""
    blocks = _example_blocks(README)
    assert len(blocks) >= 5
    lines = README.split("\n")
    mismatches: list[str] = []
    for number, (start, end, block) in enumerate(reversed(blocks)):
        root = tmp_path / f"block{number}" / "work"
        shutil.copytree(ROOT / "examples", root / "examples")
        printed = _run_example(block, root)
        if printed != [line.rstrip() for line in block]:
            mismatches.append(f"README line {start + 1}:\n" + "\n".join(printed))
            lines[start:end] = [f"    {line}" if line else "" for line in printed]
    if os.environ.get("SKILLLINT_UPDATE_EXPECTED"):
        (ROOT / "README.md").write_text("\n".join(lines), encoding="utf-8")
    assert not mismatches, "\n\n".join(mismatches)
