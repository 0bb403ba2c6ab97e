"""GitHub Copilot custom agents and prompt files and OpenCode agents, end to end: found at a
project's root, checked on their own runtime whatever `--target` says for skills, reported in every
format, suppressible like subagents, deterministic across `--jobs`, and never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_cli

COPILOT_AGENT = ".github/agents/review.agent.md"
OPENCODE_AGENT = ".opencode/agent/review.md"
PROJECT = {
    COPILOT_AGENT: "---\nname: Reviewer\ndescription: Reviews a diff. Use after changes.\ntools: ['reed', 'search']\n"
                   "---\nReview the diff.\n",
    OPENCODE_AGENT: "---\ndescription: Reviews a diff. Use after changes.\nmode: subagent\ntools:\n  bassh: true\n"
                    "---\nReview the diff.\n",
    ".github/prompts/fix.prompt.md": "---\ndescription: Fix the failing test\ntools: [runTests, testFailure]\n---\n"
                                     "Fix it.\n",
}


def _project(root: Path, files: dict[str, str] | None = None) -> Path:
    for relative, text in (PROJECT if files is None else files).items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return root


def _check(root: Path, *args: str) -> tuple[int, str, str]:
    return run_cli(["check", ".", "--isolated", "--no-cache", "--format", "concise", *args], root)


def test_typos_in_a_copilot_and_an_opencode_agent_are_found_from_the_project_root(tmp_path: Path) -> None:
    code, out, err = _check(_project(tmp_path))
    assert code == 1, err
    assert (f"{COPILOT_AGENT}:4:9: SL200 error [copilot] `reed` is not a tool of copilot: Copilot drops the entry, "
            "silently") in out
    assert f"{OPENCODE_AGENT}:5:3: SL200 error [opencode] `bassh` is not a tool of opencode" in out
    assert "help: did you mean `bash`?" in out
    assert "`search`" not in out and "fix.prompt.md" not in out
    assert out.rstrip().endswith("(1 Copilot agent, 1 Copilot prompt file and 1 OpenCode agent checked).")


@pytest.mark.parametrize("targets", [["--target", "copilot"], ["--target", "opencode"], ["--target", "claude-code"],
                                     ["--target", "copilot", "--target", "opencode", "--target", "claude-code"]])
def test_each_format_is_checked_on_its_runtime_whatever_the_targets(tmp_path: Path, targets: list[str]) -> None:
    _, out, _ = _check(_project(tmp_path), *targets)
    assert "`reed` is not a tool of copilot" in out
    assert "`bassh` is not a tool of opencode" in out
    assert "[claude-code]" not in out


def test_a_target_extending_copilot_checks_copilot_agents(tmp_path: Path) -> None:
    """A user runtime that extends copilot (an app built on it) is the run's copilot: its tools count."""
    _project(tmp_path)
    (tmp_path / ".skilllint.yaml").write_text("runtimes:\n  my-copilot:\n    extends: copilot\n    tools:\n"
                                              "      - {name: reed, capability: read-file}\n", encoding="utf-8")
    code, out, err = run_cli(["check", ".", "--no-cache", "--format", "concise", "--target", "my-copilot"], tmp_path)
    assert "reed" not in out, (out, err)
    assert "`bassh` is not a tool of opencode" in out


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_the_findings_are_in_json_and_sarif(tmp_path: Path, fmt: str) -> None:
    code, out, err = run_cli(["check", ".", "--isolated", "--no-cache", "--format", fmt], _project(tmp_path))
    assert code == 1, err
    data = json.loads(out)
    if fmt == "json":
        found = {(d["path"], d["line"], d["column"], d["code"], d["target"]) for d in data}
    else:
        found = {(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
                  r["locations"][0]["physicalLocation"]["region"]["startLine"],
                  r["locations"][0]["physicalLocation"]["region"]["startColumn"], r["ruleId"], None)
                 for r in data["runs"][0]["results"]}
        found = {(path, line, column, code, None) for path, line, column, code, _ in found}
    wanted = {(COPILOT_AGENT, 4, 9, "SL200", "copilot"), (OPENCODE_AGENT, 5, 3, "SL200", "opencode")}
    if fmt == "sarif":
        wanted = {(path, line, column, code, None) for path, line, column, code, _ in wanted}
    assert found == wanted


def test_suppression_comments_work_as_in_subagents(tmp_path: Path) -> None:
    _project(tmp_path, {
        COPILOT_AGENT: "---\ndescription: Reviews a diff.\ntools: ['reed']  # skilllint-disable-line SL200\n---\n"
                       "Review.\n",
        OPENCODE_AGENT: "---\ndescription: Reviews a diff.\ntools:\n  bassh: true\n---\n"
                        "<!-- skilllint-disable-file SL200 -- a custom tool of the team's fork -->\nReview.\n",
        ".github/prompts/fix.prompt.md": "---\ndescription: Fix it\n# skilllint-disable-next-line unknown-tool\n"
                                         "tools: [serach]\n---\nFix it.\n",
    })
    code, out, err = _check(tmp_path)
    assert code == 0, (out, err)
    assert out.startswith("All clean")


def test_the_output_does_not_depend_on_jobs(tmp_path: Path) -> None:
    _project(tmp_path)
    for index in range(6):
        _project(tmp_path, {f".opencode/agents/team/a{index}.md": f"---\ntools:\n  bassh{index}: true\n---\nx\n",
                            f".github/agents/a{index}.md": f"---\ntools: [reed{index}, Read, read]\n---\nx\n"})
    outputs = {_check(tmp_path, "--jobs", jobs)[1] for jobs in ("1", "2", "4")}
    assert len(outputs) == 1


def test_hostile_agent_files_are_findings_never_tracebacks(tmp_path: Path) -> None:
    """Every wrong shape of the new formats: read as bad input is (a finding with a location, or nothing
    to say), and the run goes on."""
    files: dict[str, bytes] = {
        ".github/agents/bin.md": b"\x00\x01bin",
        ".github/agents/utf16.agent.md": b"\xff\xfe---",
        ".github/agents/types.agent.md": b"---\nname: [a, b]\ndescription: {x: 1}\ntools: 42\ntarget: 7\n"
                                         b"mcp-servers: [1]\ninfer: null\n---\n",
        ".github/agents/list.agent.md": b"---\n- a\n- b\n---\n",
        ".github/agents/unclosed.agent.md": b"---\ntools: [read\n",
        ".github/agents/huge.agent.md": b"---\ndescription: big\ntools: [" + b"read, " * 20000 + b"reed]\n---\n",
        ".github/prompts/bad.prompt.md": b"---\ntools: {a: 1}\nagent: [x]\n---\n",
        ".vscode/mcp.json": b'{"servers": [1, 2], /* broken',
        ".opencode/agent/types.md": b"---\ntools: [bash]\npermission: [1]\nmode: 3\nsteps: true\ncolor: {}\n---\n",
        ".opencode/agent/keys.md": b"---\ntools:\n  1: true\n  null: false\n  '': true\n  [a]: true\n"
                                  b"permission:\n  bash: {1: allow, '*': 2}\n  webfetch: [x]\n---\n",
        ".opencode/agents/yaml.md": b"---\ntools: {bash: true\n---\n",
        ".opencode/agents/deep/dir/empty.md": b"",
    }
    for relative, data in files.items():
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_bytes(data)
    (tmp_path / ".github" / "agents" / "loop.md").symlink_to("loop.md")
    code, out, err = _check(tmp_path, "--select", "ALL")
    assert code == 1
    assert "Traceback" not in err and "internal error" not in err and "SL000" not in out
    assert "complex key" not in out
    for expected in (".github/agents/bin.md:1:1: SL004", ".github/agents/types.agent.md:3:14: SL151",
                     ".github/agents/types.agent.md:5:9: SL152", ".github/agents/types.agent.md:4:8: SL130",
                     ".github/agents/huge.agent.md:3:", ".opencode/agent/types.md:2:8: SL152",
                     ".opencode/agent/keys.md:8:25: SL152",
                     ".opencode/agent/keys.md:9:13: SL152", ".opencode/agents/yaml.md:", ".github/agents/loop.md:1:1"):
        assert expected in out, expected
