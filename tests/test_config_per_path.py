"""The config nearest above each linted path applies (ruff's model), not the working
folder's; `--config` names one for all."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cli

SKILL = "---\nname: {name}\ndescription: Does one thing. Use when asked.\nversion: 1\n---\nBody.\n"


def _tree(root: Path) -> None:
    (root / ".git").mkdir()  # the search for configs stops at the repository root
    for project, ignore in (("alpha", "SL133"), ("beta", None)):
        skill = root / project / "skills" / project
        skill.mkdir(parents=True)
        (skill / "SKILL.md").write_text(SKILL.format(name=project), encoding="utf-8")
        if ignore:
            (root / project / ".skilllint.yaml").write_text(f"ignore: [{ignore}]\n", encoding="utf-8")


def _codes(root: Path, *args: str) -> set[tuple[str, str]]:
    code, out, err = run_cli(["check", *args, "--format", "json"], root)
    assert code in (0, 1), err
    return {(d["path"].split("/")[0], d["code"]) for d in json.loads(out)}


def test_each_path_gets_its_nearest_config(tmp_path: Path) -> None:
    _tree(tmp_path)
    assert _codes(tmp_path, "alpha", "beta") == {("beta", "SL133")}  # alpha's own config ignores SL133


def test_a_file_inside_a_project_uses_that_projects_config(tmp_path: Path) -> None:
    _tree(tmp_path)
    assert _codes(tmp_path, "alpha/skills/alpha/SKILL.md") == set()


def test_config_option_wins_for_every_path(tmp_path: Path) -> None:
    _tree(tmp_path)
    (tmp_path / "strict.yaml").write_text("select: [SL133]\n", encoding="utf-8")
    assert _codes(tmp_path, "alpha", "beta", "--config", "strict.yaml") == {("alpha", "SL133"), ("beta", "SL133")}


def test_show_settings_says_what_governs_each_path(tmp_path: Path) -> None:
    """As ruff's --show-settings: the config file found for the path, the targets and why, the rules,
    the severities the config sets, fail-on; nothing is linted."""
    (tmp_path / ".git").mkdir()
    (tmp_path / ".skilllint.yaml").write_text("targets: [sisu]\nseverity: {SL200: warning}\nignore: [SL7]\n",
                                              encoding="utf-8")
    (tmp_path / ".claude" / "skills" / "x").mkdir(parents=True)
    (tmp_path / ".claude" / "skills" / "x" / "SKILL.md").write_text("---\nname: X\n---\n", encoding="utf-8")
    code, out, _ = run_cli(["check", ".claude/skills/x", "--show-settings"], tmp_path)
    assert code == 0 and "SL112" not in out  # nothing linted
    assert "  config: .skilllint.yaml\n" in out and "  targets: sisu (the config's `targets`)\n" in out
    assert "turned off by the selection: SL700, SL701" in out and "severity set by the config: SL200 warning" in out
    code, out, _ = run_cli(["check", ".claude/skills/x", "--show-settings", "--isolated"], tmp_path)
    assert "  config: none (--isolated)\n" in out and "  targets: claude-code (" in out
