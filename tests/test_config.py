"""Configuration: discovery by walking up, validation naming the key, effects on a run."""

from __future__ import annotations

from pathlib import Path

import pytest

from skilllint.settings.config import ConfigError, find_config, load_config
from tests.conftest import run_cli

BROKEN = "---\nname: Bad-Name\ndescription: Something useful. Use when needed.\nauthor: me\n---\nBody\n"


def _tree(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "skills" / "bad-name").mkdir(parents=True)
    (tmp_path / "skills" / "bad-name" / "SKILL.md").write_text(BROKEN, encoding="utf-8")
    return tmp_path


def test_found_by_walking_up(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / ".skilllint.yaml").write_text("ignore: [SL112]\n", encoding="utf-8")
    assert find_config(root / "skills" / "bad-name") == root / ".skilllint.yaml"


def test_walk_stops_at_repository_root(tmp_path: Path) -> None:
    (tmp_path / ".skilllint.yaml").write_text("ignore: [SL112]\n", encoding="utf-8")
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    assert find_config(repo) is None


def test_pyproject_section(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / "pyproject.toml").write_text('[tool.skilllint]\nignore = ["name-not-lowercase"]\n', encoding="utf-8")
    code, out, _ = run_cli(["check", ".", "--format", "concise"], root)
    assert "SL112" not in out
    assert "SL133" in out


def test_yaml_beats_pyproject_in_the_same_folder(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / "pyproject.toml").write_text("[tool.skilllint]\nignore = [\"SL1\"]\n", encoding="utf-8")
    (root / ".skilllint.yaml").write_text("ignore: [SL132]\n", encoding="utf-8")
    assert load_config(find_config(root)).get("ignore") == ["SL132"]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("targets: claude-code\n", "`targets`"),
        ("severity: {SL112: loud}\n", "`severity.SL112`"),
        ("ignroe: [SL112]\n", "`ignroe`"),
        ("ignore: [SL999]\n", "`ignore`"),
        ("per-file-ignores: {'x/**': [nope]}\n", "`per-file-ignores.x/**`"),
        ("- just\n- a list\n", "mapping"),
        ("targets: [\n", "invalid YAML"),
    ],
)
def test_bad_config_exits_2_naming_the_key(tmp_path: Path, text: str, named: str) -> None:
    root = _tree(tmp_path)
    (root / ".skilllint.yaml").write_text(text, encoding="utf-8")
    code, _, err = run_cli(["check", "."], root)
    assert code == 2
    assert named in err
    assert err.startswith("skilllint: config error:")


def test_severity_override_and_per_file_ignores(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / ".skilllint.yaml").write_text(
        "severity: {SL112: warning}\nper-file-ignores: {'skills/bad-name/**': [SL133]}\n", encoding="utf-8"
    )
    code, out, _ = run_cli(["check", ".", "--format", "json"], root)
    assert code == 0
    assert '"severity": "warning"' in out and "SL133" not in out


def test_targets_from_config_and_cli_override(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / ".skilllint.yaml").write_text("targets: [claude-code]\n", encoding="utf-8")
    _, out, _ = run_cli(["check", ".", "--format", "concise", "--select", "SL133"], root)
    assert "[claude-code]" in out
    _, out, _ = run_cli(["check", ".", "--format", "concise", "--select", "SL133", "-t", "agentskills"], root)
    assert "[agentskills]" in out and "[claude-code]" not in out


def test_exclude(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / ".skilllint.yaml").write_text("exclude: ['skills/bad-*']\n", encoding="utf-8")
    code, out, _ = run_cli(["check", ".", "--format", "concise"], root)
    assert code == 0 and "Nothing to check" in out


def test_load_config_raises_config_error(tmp_path: Path) -> None:
    path = tmp_path / ".skilllint.yaml"
    path.write_text("select: 3\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="`select`"):
        load_config(path)


def test_a_root_named_on_the_command_line_is_linted_even_if_excluded(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / ".skilllint.yaml").write_text("exclude: ['skills']\n", encoding="utf-8")
    assert "Nothing to check" in run_cli(["check", ".", "--format", "concise"], root)[1]
    code, out, _ = run_cli(["check", "skills", "--format", "concise"], root)
    assert code == 1 and "1 skill checked" in out
    code, out, _ = run_cli(["check", "skills", "--format", "concise", "--force-exclude"], root)
    assert code == 0 and "Nothing to check" in out


def test_a_policy_naming_an_unknown_group_is_a_config_error(tmp_path: Path) -> None:
    """`group:wbe` would deny nothing: the config is refused, naming the policy and the group."""
    (tmp_path / ".skilllint.yaml").write_text("policies:\n  chat:\n    paths: ['x/**']\n    deny: [group:wbe]\n")
    code, _, err = run_cli(["check", "."], tmp_path)
    assert code == 2
    assert "policy `chat`: unknown group `group:wbe`" in err


def test_a_config_value_the_schema_refuses_is_located(tmp_path: Path) -> None:
    """The error names the key, and where it is written (line and column), as a YAML error does."""
    (tmp_path / ".skilllint.yaml").write_text("targets: [sisu]\nfail-on: sometimes\n", encoding="utf-8")
    code, _, err = run_cli(["check", "."], tmp_path)
    assert code == 2
    assert ".skilllint.yaml: line 2, column 10: key `fail-on`:" in err
    (tmp_path / ".skilllint.yaml").write_text("targets: [sisu]\nselec: [SL1]\n", encoding="utf-8")
    code, _, err = run_cli(["check", "."], tmp_path)
    assert code == 2 and ".skilllint.yaml: line 2, column 1: unknown key `selec` in the top level" in err


def test_an_unknown_target_in_the_config_names_the_file_and_the_place(tmp_path: Path) -> None:
    (tmp_path / ".skilllint.yaml").write_text("targets:\n  - sisu\n  - nope\n", encoding="utf-8")
    code, _, err = run_cli(["check", "."], tmp_path)
    assert code == 2
    assert "config error:" in err and ".skilllint.yaml: line 3, column 5: key `targets`: unknown target `nope`" in err
    code, _, err = run_cli(["check", ".", "-t", "nope"], tmp_path)  # on the command line: a usage error, as before
    assert code == 2 and "Error: unknown target `nope`" in err
