"""Targets end to end: the mission's example, user-defined targets, several targets, commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_cli

SKILL = """---
name: deploy
description: Deploy the app to staging. Use when the user asks to deploy.
allowed-tools: [bash, read_file, write_file]
---
Use `read_file` to check ./config.yaml, then run `bash` to deploy.
"""

APP_CONFIG = """targets: [my-sisu-app]
runtimes:
  my-sisu-app:
    extends: sisu
    alias_exposure: api
    aliases: {bash: terminalRun, read_file: terminalReadFile}
    tools: [{name: deployStaging, capability: other}]
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "skills" / "deploy").mkdir(parents=True)
    (tmp_path / "skills" / "deploy" / "SKILL.md").write_text(SKILL, encoding="utf-8")
    return tmp_path


def _sl2(root: Path, *args: str) -> list[dict]:
    code, out, err = run_cli(["check", ".", "--format", "json", "--select", "SL2", *args], root)
    assert code in (0, 1), err
    return json.loads(out)


def _by_name(diagnostics: list[dict]) -> dict[str, dict]:
    return {d["message"].split("`")[1]: d for d in diagnostics}


def test_sisu_reports_each_name_with_the_same_capability_tool(repo: Path) -> None:
    """With SL320 off, each entry of the field SISU ignores says what the need it declares comes to
    there: a note where SISU has a tool that does the job, a warning where it has none."""
    found = _by_name(_sl2(repo, "--isolated", "--target", "sisu"))
    assert set(found) == {"bash", "read_file", "write_file"}
    assert all(d["code"] == "SL200" and d["target"] == "sisu" for d in found.values())
    assert found["write_file"]["message"] == (
        "`write_file` is not a tool of sisu, which ignores `allowed-tools` and has no tool that does that job"
    )
    assert found["bash"]["message"].endswith("; `terminalRun` does that job there")
    assert {name: d["severity"] for name, d in found.items()} == {
        "bash": "info", "read_file": "info", "write_file": "warning"}
    assert "`terminalRun`" in found["bash"]["help"]
    assert "`terminalReadFile`" in found["read_file"]["help"]
    assert "sisu has no write-file tool" in found["write_file"]["help"]
    assert [(d["line"], d["column"]) for d in found.values()] == [(4, 17), (4, 23), (4, 34)]


def test_the_design_notes_skill_fails_sisu_at_its_instructions(repo: Path) -> None:
    """The design note's broken skill: what the model is told to call decides. Two errors at the
    instructions, with the alias that keeps the skill portable; the field SISU ignores adds one warning,
    for the name the instructions never ask for."""
    code, out, err = run_cli(["check", ".", "--format", "json", "--isolated", "--target", "sisu"], repo)
    assert code == 1, err
    found = [(d["code"], d["severity"], d["line"], d["message"].split("`")[1]) for d in json.loads(out)]
    assert found == [("SL200", "warning", 4, "write_file"), ("SL320", "error", 6, "read_file"),
                     ("SL320", "error", 6, "bash")]
    helps = [d["help"] for d in json.loads(out) if d["code"] == "SL320"]
    assert "`terminalReadFile`" in helps[0] and 'aliases: { terminalReadFile: "read_file" }' in helps[0]
    assert "`terminalRun`" in helps[1] and 'aliases: { terminalRun: "bash" }' in helps[1]


def test_app_target_extending_sisu_with_aliases_leaves_only_write_file(repo: Path) -> None:
    (repo / ".skilllint.yaml").write_text(APP_CONFIG, encoding="utf-8")
    code, out, err = run_cli(["check", ".", "--format", "json"], repo)
    assert code == 0, err
    assert [(d["code"], d["severity"], d["target"], d["message"]) for d in json.loads(out)] == [
        ("SL200", "warning", "my-sisu-app", "`write_file` is not a tool of my-sisu-app, which ignores "
         "`allowed-tools` and has no tool that does that job")
    ]


def test_claude_code_wants_bash_and_read(repo: Path) -> None:
    found = _by_name(_sl2(repo, "--isolated", "--target", "claude-code"))
    assert found["bash"]["code"] == "SL212"
    assert found["bash"]["message"] == "`bash` should be `Bash` in claude-code"
    assert found["read_file"]["code"] == "SL200"
    assert "`Read`" in found["read_file"]["help"]


def test_cline_accepts_read_file_and_flags_bash(repo: Path) -> None:
    found = _by_name(_sl2(repo, "--isolated", "--target", "cline"))
    assert "read_file" not in found
    assert found["bash"]["code"] == "SL200"


def test_several_targets_give_one_diagnostic_per_target(repo: Path) -> None:
    found = _sl2(repo, "--isolated", "-t", "sisu", "-t", "claude-code")
    write = [d for d in found if "`write_file`" in d["message"]]
    assert sorted(d["target"] for d in write) == ["claude-code", "sisu"]


def test_default_target_flags_a_name_no_runtime_has(tmp_path: Path) -> None:
    (tmp_path / "typo").mkdir()
    (tmp_path / "typo" / "SKILL.md").write_text(
        "---\nname: typo\ndescription: x. Use when y.\nallowed-tools: Bassh Read bash\n---\n", encoding="utf-8"
    )
    found = _sl2(tmp_path, "--isolated")
    assert [(d["code"], d["target"], d["column"]) for d in found] == [("SL200", "agentskills", 16)]
    assert found[0]["message"] == "`Bassh` is not a tool of any known runtime"
    assert "`Bash`" in found[0]["help"]


def test_tools_from_manifest(repo: Path) -> None:
    (repo / "tools.json").write_text(json.dumps({"tools": [{"name": "write_file", "inputSchema": {}}]}))
    (repo / ".skilllint.yaml").write_text(APP_CONFIG + "    tools_from: [tools.json]\n", encoding="utf-8")
    assert _sl2(repo) == []


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ("targets: [a]\nruntimes:\n  a: {extends: b}\n  b: {extends: a}\n", "cycle"),
        ("targets: [a]\nruntimes:\n  a: {extends: nope}\n", "unknown runtime `nope`"),
        ("targets: [a]\nruntimes:\n  a: {extends: sisu, aliases: {x: notATool}}\n", "notATool"),
        ("targets: [a]\nruntimes:\n  a: {extends: sisu, tools_from: [missing.json]}\n", "missing.json"),
    ],
)
def test_bad_runtime_config_exits_2(repo: Path, config: str, message: str) -> None:
    (repo / ".skilllint.yaml").write_text(config, encoding="utf-8")
    code, _, err = run_cli(["check", "."], repo)
    assert code == 2
    assert message in err


def test_targets_command_lists_runtimes() -> None:
    code, out, _ = run_cli(["targets", "--isolated"], Path.cwd())
    assert code == 0
    for ident in ("agentskills", "claude-code", "sisu", "cline", "cursor"):
        assert f"\n{ident} " in out
    assert "low" in out  # cursor & co are marked low confidence


def test_targets_show() -> None:
    code, out, _ = run_cli(["targets", "--isolated", "show", "claude-code"], Path.cwd())
    assert code == 0
    assert "Agent" in out and "deprecated: Task" in out


def test_resolve_command() -> None:
    code, out, _ = run_cli(["resolve", "--isolated", "-t", "claude-code", "Task", "bash"], Path.cwd())
    assert code == 1
    assert "claude-code: `Task`: deprecated-alias -> `Agent` via `Task` [ok]" in out
    assert "claude-code: `bash`: case-or-style-mismatch [FAIL]" in out


def test_resolve_fails_a_malformed_permission_rule_as_check_does() -> None:
    """`Bash(` names Bash, but the rule matches nothing: SL205 in `check`, FAIL and exit 1 here."""
    code, out, _ = run_cli(["resolve", "--isolated", "-t", "claude-code", "Bash("], Path.cwd())
    assert code == 1
    assert out.splitlines()[0] == "claude-code: `Bash(`: exact -> `Bash` [FAIL]"
    code, _, _ = run_cli(["resolve", "--isolated", "-t", "claude-code", "Bash(git:*)"], Path.cwd())
    assert code == 0


PLUGIN_SKILL = """---
name: triage
description: Triages a bug report into a fix plan. Use when the user pastes a bug report.
---
# Triage

Call `AskUserQuestion` to confirm the failing version, then use `Read` on the files the trace names.
"""


@pytest.fixture
def plugin(tmp_path: Path) -> Path:
    (tmp_path / ".claude-plugin").mkdir()
    (tmp_path / ".claude-plugin" / "plugin.json").write_text('{"name": "triage-tools"}\n', encoding="utf-8")
    (tmp_path / "skills" / "triage").mkdir(parents=True)
    (tmp_path / "skills" / "triage" / "SKILL.md").write_text(PLUGIN_SKILL, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("target", ["sisu", "codex"])
def test_a_plugins_skill_fails_the_target_the_user_names(plugin: Path, target: str) -> None:
    """Where a skill is kept chooses the default target only: on a target the user names, the Claude
    Code names its instructions tell the model to call are errors."""
    code, out, err = run_cli(["check", ".", "--format", "json", "--isolated", "--no-cache", "--target", target],
                             plugin)
    assert code == 1, err
    named = [(d["code"], d["severity"], d["message"].split("`")[1]) for d in json.loads(out) if d["code"] == "SL320"]
    assert named == [("SL320", "error", "AskUserQuestion"), ("SL320", "error", "Read")]


def test_a_plugins_skill_without_a_target_is_judged_for_claude_code(plugin: Path) -> None:
    code, out, err = run_cli(["check", ".", "--isolated", "--no-cache", "--format", "concise"], plugin)
    assert code == 0, (out, err)
    assert "SL320" not in out and "claude-code: 1 skill, from a plugin" in out


def test_a_config_target_does_not_repeat_its_runtimes_notes_as_its_own(repo: Path) -> None:
    """sisu's notes say "No aliases are built in"; a target extending it with aliases points to them."""
    (repo / ".skilllint.yaml").write_text(APP_CONFIG, encoding="utf-8")
    code, out, _ = run_cli(["targets", "show", "my-sisu-app"], repo)
    assert code == 0
    assert "No aliases are built in" not in out
    assert "notes: those of `sisu`, which this target extends" in out and "[aliases: bash]" in out
