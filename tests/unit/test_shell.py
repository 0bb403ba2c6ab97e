"""What `checks/_shell.programs` counts as a program a shell block runs (SL612's help)."""

from __future__ import annotations

import pytest

from skilllint.checks._shell import programs


@pytest.mark.parametrize(("block", "expected"), [
    (["git status", "git push", "git -C ../repo log -1"], {"git status": 1, "git push": 1, "git log": 1}),
    (["python scripts/a.py --x", "python3 -m http.server", "uv run pytest", "npx prettier ."],
     {"python scripts/a.py": 1, "python3 -m http.server": 1, "uv run pytest": 1, "npx prettier": 1}),
    (['python3 -c "', "import json", 'print(1)"', "bun -e 'const x = 1'"], {}),
    (["cat <<EOF", "elif text", "EOF", "make all"], {"cat": 1, "make all": 1}),
    (["docker run \\", "  --rm image"], {}),
    (["A=1 B=$(date) make", "$C goto x", "rm -rf /tmp/x", "sudo apt install x"], {"make": 1, "date": 1}),
    (["~/.tools/bin/helper --x", "./run.sh"], {"~/.tools/bin/helper": 1, "./run.sh": 1}),
    (["echo 'it''s' # don't", "ls"], {"ls": 1}),
    (["cd examples && python run.py --fast", "[ -f fly.toml ] && cat fly.toml", "PREV=$(git log -1)"],
     {"python run.py": 1, "cat": 1, "git log": 1}),
    (['BRANCH=$(git branch --show-current 2>/dev/null || echo "none")', "python3 -u -c 'print(1)'",
      "brew install jq", "python3 -u scripts/run.py"], {"git branch": 1, "python3 scripts/run.py": 1}),
    (["command -v knip || pip install knip"], {}),
])
def test_programs(block: list[str], expected: dict[str, int]) -> None:
    assert dict(programs([block]).lines) == expected


def test_a_variable_set_to_a_path_is_that_program() -> None:
    found = programs([["B=~/.claude/skills/tool/dist/browse"], ["$B goto https://x", "$B snapshot"], ["$B click @e1"]])
    assert found.ranked() == ["~/.claude/skills/tool/dist/browse"]


def test_programs_rank_by_blocks_then_lines() -> None:
    preamble = ["touch a", "touch b", "touch c", "mkdir -p x"]
    found = programs([preamble, ["gh pr view"], ["gh pr merge", "touch d"], ["gh pr checks"]])
    assert found.ranked()[:2] == ["gh pr", "touch"]


def test_a_program_that_starts_a_line_outranks_plumbing() -> None:
    found = programs([["echo $(date)", "ls | head -1"], ["echo $(date) | head -2"], ["ls -la"]])
    assert found.ranked() == ["ls", "date", "head"]


def test_withheld_programs_are_named() -> None:
    found = programs([["rm -f state.txt", "pip install foo", "docker run x", "git status"]])
    assert found.ranked() == ["git status"]
    assert found.withheld == {"rm", "pip install", "docker"}


def test_inline_code_names_only_commands_with_a_subcommand() -> None:
    """Inline code is mostly file names and identifiers: only a known program with its subcommand counts."""
    from skilllint.checks._shell import inline_programs

    spans = ["git diff --name-only", "package.json", "gh pr view", "git", "README.md", "src/", "git diff HEAD",
             "make build", "git -C repo log"]
    assert inline_programs(spans) == ["git diff", "gh pr", "make build", "git log"]
