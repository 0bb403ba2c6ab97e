"""The command line as users and CI see it: exit codes, formats, commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_cli

BROKEN = "---\nname: Bad-Name\ndescription: Something useful. Use when needed.\n---\nBody\n"
CLEAN = "---\nname: good-skill\ndescription: Something useful. Use when needed.\n---\nBody\n"
WARNING_ONLY = "---\nname: good-skill\ndescription: Uses <b>bold</b> text. Use when needed.\n---\nBody\n"


def _skill(root: Path, text: str, name: str = "good-skill") -> Path:
    (root / name).mkdir(parents=True, exist_ok=True)
    (root / name / "SKILL.md").write_text(text, encoding="utf-8")
    return root


def test_exit_0_when_clean(tmp_path: Path) -> None:
    code, out, _ = run_cli(["check", ".", "--isolated", "--format", "concise"], _skill(tmp_path, CLEAN))
    assert code == 0
    assert "All clean: 1 skill checked." in out


def test_exit_1_on_error(tmp_path: Path) -> None:
    code, out, _ = run_cli(["check", "--isolated", "--format", "concise"], _skill(tmp_path, BROKEN, "bad-name"))
    assert code == 1
    assert "bad-name/SKILL.md:2:7: SL112 error `name` `Bad-Name` has uppercase letters" in out


def test_fail_on_warning(tmp_path: Path) -> None:
    root = _skill(tmp_path, WARNING_ONLY)
    assert run_cli(["check", ".", "--isolated"], root)[0] == 0
    assert run_cli(["check", ".", "--isolated", "--fail-on", "warning"], root)[0] == 1


def test_exit_2_on_missing_path(tmp_path: Path) -> None:
    code, _, err = run_cli(["check", "nope", "--isolated"], tmp_path)
    assert code == 2
    assert "path does not exist: nope" in err


def test_exit_2_on_unknown_rule_and_target(tmp_path: Path) -> None:
    code, _, err = run_cli(["check", ".", "--isolated", "--select", "SL999"], tmp_path)
    assert code == 2 and "unknown rule `SL999`" in err
    code, _, err = run_cli(["check", ".", "--isolated", "--target", "claude-cod"], tmp_path)
    assert code == 2 and "did you mean `claude-code`" in err


def test_json_has_exactly_the_documented_keys(tmp_path: Path) -> None:
    root = _skill(tmp_path, BROKEN, "bad-name")
    code, out, _ = run_cli(["check", ".", "--isolated", "--format", "json"], root)
    assert code == 1
    items = json.loads(out)
    assert items
    for item in items:
        assert list(item) == ["path", "line", "column", "end_line", "end_column", "code", "name",
                              "severity", "message", "help", "target", "fix"]
    first = items[0]
    assert (first["path"], first["line"], first["column"], first["end_line"], first["end_column"]) == (
        "bad-name/SKILL.md", 2, 7, 2, 15)
    assert first["severity"] == "error"


def test_full_format_shows_source_and_caret(tmp_path: Path) -> None:
    root = _skill(tmp_path, BROKEN, "bad-name")
    _, out, _ = run_cli(["check", ".", "--isolated", "--format", "full", "--no-color"], root)
    assert "bad-name/SKILL.md:2:7: error[SL112] `name` `Bad-Name` has uppercase letters" in out
    assert "2 | name: Bad-Name" in out
    assert "  |       ^^^^^^^^" in out
    assert "= help: use `bad-name`" in out
    assert "\x1b[" not in out


def test_a_skill_md_file_path_lints_its_skill(tmp_path: Path) -> None:
    root = _skill(tmp_path, BROKEN, "bad-name")
    _skill(root, BROKEN.replace("Bad-Name", "Other"), "other")
    code, out, _ = run_cli(["check", "bad-name/SKILL.md", "--isolated", "--format", "concise"], root)
    assert code == 1
    assert "bad-name/SKILL.md" in out and "other/" not in out


def test_output_is_identical_whatever_the_jobs(tmp_path: Path) -> None:
    for index in range(80):
        _skill(tmp_path, BROKEN.replace("Bad-Name", f"Skill-{index}"), f"skill-{index}")
    outputs = {run_cli(["check", ".", "--isolated", "--format", "json", "--jobs", str(j)], tmp_path)[1]
               for j in (1, 2, 3)}
    assert len(outputs) == 1
    assert len(json.loads(outputs.pop())) == 80


def test_statistics(tmp_path: Path) -> None:
    root = _skill(tmp_path, BROKEN, "bad-name")
    _, out, _ = run_cli(["check", ".", "--isolated", "--statistics"], root)
    assert out.split() == ["1", "SL112", "name-not-lowercase", "(error)"]


def test_rules_lists_every_rule_and_on_lists_the_default_ones() -> None:
    from skilllint.checks.registry import all_rules

    code, out, _ = run_cli(["rules", "--on"], Path.cwd())
    code_all, out_all, _ = run_cli(["rules"], Path.cwd())
    assert code == code_all == 0
    assert any(not rule.enabled for rule in all_rules())  # else this test says nothing about --on
    for rule in all_rules():
        assert f"{rule.code}  {rule.name}" in out_all
        assert (f"{rule.code}  {rule.name}" in out) is rule.enabled
    fixable = {line.split()[0] for line in out_all.splitlines() if line.split()[3:4] == ["fix"]}
    assert fixable == {rule.code for rule in all_rules() if rule.fixable} and "SL212" in fixable


@pytest.mark.parametrize("key", ["SL112", "name-not-lowercase", "sl112"])
def test_explain_prints_the_card(key: str) -> None:
    code, out, _ = run_cli(["explain", key], Path.cwd())
    assert code == 0
    assert out.startswith("# SL112 name-not-lowercase")
    assert "## Use instead" in out


def test_explain_unknown_rule_suggests() -> None:
    code, _, err = run_cli(["explain", "name-not-lowercas"], Path.cwd())
    assert code == 2
    assert "did you mean `name-not-lowercase`" in err


def test_internal_error_is_one_line_without_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import skilllint.engine.linter as engine

    def boom(*_args, **_kwargs):
        raise ValueError("kaboom")

    monkeypatch.setattr(engine, "load_document", boom)
    args = ["check", ".", "--isolated", "--jobs", "1", "--format", "concise"]
    code, out, err = run_cli(args, _skill(tmp_path, CLEAN))
    assert code == 2
    assert "SL000 error skilllint failed in reading: ValueError: kaboom" in out  # a finding on the file
    assert err.count("\n") == 1 and "internal error on 1 file" in err
    assert "Traceback" not in out + err


def test_version() -> None:
    from skilllint.version import __version__

    code, out, _ = run_cli(["--version"], Path.cwd())
    assert code == 0 and __version__ in out


def test_summary_counts_subagents_and_commands(tmp_path: Path) -> None:
    """A project with a skill, a subagent and a command says what it checked, each by its kind."""
    (tmp_path / "skills" / "pdf").mkdir(parents=True)
    (tmp_path / "skills" / "pdf" / "SKILL.md").write_text(
        "---\nname: pdf\ndescription: Fill PDF forms. Use when the user has a PDF form.\n---\nFill it.\n")
    (tmp_path / ".claude" / "agents").mkdir(parents=True)
    (tmp_path / ".claude" / "agents" / "review.md").write_text(
        "---\nname: review-code\ndescription: Reviews a diff. Use after changes.\ntools: Read, Bassh\n---\nReview.\n")
    (tmp_path / ".claude" / "commands").mkdir(parents=True)
    (tmp_path / ".claude" / "commands" / "deploy.md").write_text("Deploy $ARGUMENTS.\n")
    code, out, _ = run_cli(["check", ".", "--isolated", "--format", "concise", "--no-cache"], tmp_path)
    assert code == 1
    assert ".claude/agents/review.md:4:14: SL200 error [claude-code] `Bassh` is not a tool of claude-code" in out
    assert out.rstrip().endswith("(1 skill, 1 subagent and 1 command checked).")


@pytest.mark.parametrize("content", [b"\x00\x01binary", b"\xff\xfe{", b"[" * 5000, b'{"name": "x", "name": "y"}',
                                     b"", b"null"])
def test_a_broken_plugin_manifest_is_a_finding_never_a_traceback(tmp_path: Path, content: bytes) -> None:
    """plugin.json is read like every other input: what is wrong with it is SL160 with a location."""
    folder = tmp_path / "tools" / ".claude-plugin"
    folder.mkdir(parents=True)
    (folder / "plugin.json").write_bytes(content)
    code, out, err = run_cli(["check", ".", "--isolated", "--format", "concise", "--no-cache"], tmp_path)
    duplicate = b'"name"' in content
    assert code == (0 if duplicate else 1), (out, err)
    assert "Traceback" not in err
    assert out.startswith("tools/.claude-plugin/plugin.json:")
    assert f" SL160 {'warning' if duplicate else 'error'} " in out


def test_hostile_agent_project_files_are_findings_never_tracebacks(tmp_path: Path) -> None:
    """Subagents, commands, settings, hooks, plugin and marketplace files of every wrong shape: each is
    read as bad input is (a finding with a location, or nothing to say), and the run goes on."""
    files: dict[str, bytes] = {
        ".claude/agents/bin.md": b"\x00\x01bin",
        ".claude/agents/utf16.md": b"\xff\xfe---",
        ".claude/agents/types.md": b"---\nname: [a, b]\ndescription: {x: 1}\ntools: 42\nmodel: 7\n"
                                   b"maxTurns: true\n---\n",
        ".claude/commands/c.md": b"---\nname: a\n---\n",
        ".claude/settings.json": b'{"permissions": {"deny": "Bash", "allow": [1, null, {"x": 1}]}, "hooks": '
                                 b'{"PreToolUse": "x", "PostToolUse": [1, {"matcher": 5}, {"matcher": "Bash|"}]}}',
        ".claude/settings.local.json": b"[1,2,3]",
        ".mcp.json": b'{"mcpServers": "nope"}',
        ".claude/skills/s/SKILL.md": b"---\nname: s\ndescription: Does s. Use when s.\n"
                                     b"allowed-tools: Bash mcp__x__y\n---\n",
        "p/.claude-plugin/plugin.json": b'{"name": 5, "skills": [1, "./x"], "agents": {"a": 1}, "hooks": 7}',
        "p/.claude-plugin/marketplace.json": b'{"plugins": [null, {"name": 1, "source": 2}], "owner": "me", '
                                             b'"name": []}',
        "p/hooks/hooks.json": b'{"hooks": []}',
    }
    for relative, data in files.items():
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_bytes(data)
    (tmp_path / ".claude" / "agents" / "loop").symlink_to("loop")
    code, out, err = run_cli(["check", ".", "--isolated", "--format", "concise", "--no-cache"], tmp_path)
    assert code == 1
    assert "Traceback" not in err and "internal error" not in err
    for expected in (".claude/agents/bin.md:1:1: SL004", ".claude/agents/types.md:2:7: SL150",
                     "p/.claude-plugin/plugin.json:1:10: SL160", ".claude/agents/loop:1:1: SL005"):
        assert expected in out
