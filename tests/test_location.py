"""Without --target or config `targets`, each skill is checked against the runtime whose own
folder it lives in (`.claude/skills` -> claude-code, a Claude Code plugin -> claude-code,
`.github/skills` -> copilot), else the portable `agentskills`; explicit targets always win."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skilllint.engine.location import LocationDefaults
from skilllint.runtimes.targets import builtin_targets
from tests.conftest import run_cli

# `argument-hint` is a field Claude Code reads and the portable spec does not know
SKILL = "---\nname: {name}\ndescription: Does one thing well. Use when asked.\nargument-hint: a file\n---\nBody.\n"


def _skill(root: Path, where: str) -> Path:
    folder = root / where
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(SKILL.format(name=folder.name), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("where", "target", "reason"),
    [
        (".claude/skills/a", "claude-code", "from .claude/skills"),
        ("repo/.github/skills/a", "copilot", "from .github/skills"),
        (".gemini/skills/a", "gemini-cli", "from .gemini/skills"),
        (".opencode/skills/a", "opencode", "from .opencode/skills"),
        (".agents/skills/a", "agentskills", "no runtime's own folder above the skill"),
        ("skills/a", "agentskills", "no runtime's own folder above the skill"),
        ("plugin/skills/a", "claude-code", "from a plugin (.claude-plugin/plugin.json)"),
    ],
)
def test_default_target_follows_the_folder(tmp_path: Path, where: str, target: str, reason: str) -> None:
    (tmp_path / "plugin" / ".claude-plugin").mkdir(parents=True)
    (tmp_path / "plugin" / ".claude-plugin" / "plugin.json").write_text('{"name": "p"}', encoding="utf-8")
    skill = _skill(tmp_path, where)
    choice = LocationDefaults(builtin_targets().values()).choose(str(skill))
    assert (choice.target, choice.reason) == (target, reason)


def test_check_uses_the_location_and_says_so(tmp_path: Path) -> None:
    _skill(tmp_path, ".claude/skills/alpha")
    _skill(tmp_path, ".claude/skills/beta")
    _skill(tmp_path, "skills/gamma")
    code, out, _ = run_cli(["check", ".", "--isolated", "--format", "concise"], tmp_path)
    lines = out.splitlines()
    sl133 = [line for line in lines if " SL133 " in line]
    assert len(sl133) == 1 and sl133[0].startswith("skills/gamma/SKILL.md") and "[agentskills]" in sl133[0]
    assert lines[-3:] == [
        "Targets chosen by location (--target overrides):",
        "  claude-code: 2 skills, from .claude/skills",
        "  agentskills: 1 skill, no runtime's own folder above the skill",
    ]


@pytest.mark.parametrize("how", ["cli", "config"])
def test_explicit_targets_win(tmp_path: Path, how: str) -> None:
    _skill(tmp_path, ".claude/skills/alpha")
    if how == "config":
        (tmp_path / ".skilllint.yaml").write_text("targets: [agentskills]\n", encoding="utf-8")
        args = ["--config", ".skilllint.yaml"]
    else:
        args = ["--isolated", "--target", "agentskills"]
    code, out, _ = run_cli(["check", ".", "--format", "json", *args], tmp_path)
    found = json.loads(out)
    assert [(d["code"], d["target"]) for d in found] == [("SL133", "agentskills")]


def test_deep_tree_does_not_recurse(tmp_path: Path) -> None:
    defaults = LocationDefaults(builtin_targets().values())
    deep = "/" + "/".join(f"d{i}" for i in range(3000)) + "/skill"
    assert defaults.choose(deep).target == "agentskills"
