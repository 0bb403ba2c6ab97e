"""The run record: an unchanged re-run prints exactly what the run it recorded printed, without
running (no discovery, no rules, no formatters), and anything that could change the output
(a file's bytes, a folder's entries, a config, the invocation) makes the run go the normal way.

Each test tells a replay from a run by whether `run_check` was called, and compares the output with
a `--no-cache` run of the same tree. Trees are made "old" (mtimes and folders set back an hour) where a
test needs signatures to be trusted on their own; a fresh tree is inside the racy window, where every
recorded file and folder is compared by content.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skilllint.engine.cache import runrecord
from tests.conftest import PDF_SKILL, run_cli, write_pdf_skills

ROOT = Path(__file__).resolve().parent.parent
HOUR_AGO = time.time() - 3600


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = write_pdf_skills(tmp_path / "tree")
    for name in ("demo", "other"):
        (root / "skills" / name / "references").mkdir()
    (root / "skills" / "demo" / "references" / "guide.md").write_text("# Guide\n", encoding="utf-8")
    return root


def age(root: Path) -> None:
    """Set every file and folder of `root` an hour back: their signatures are trusted alone."""
    for folder, folders, files in os.walk(root):
        for name in [*files, *folders]:
            os.utime(os.path.join(folder, name), (HOUR_AGO, HOUR_AGO), follow_symlinks=False)
    os.utime(root, (HOUR_AGO, HOUR_AGO))


def check(root: Path, cache: Path, *args: str, fmt: str = "json", paths: tuple[str, ...] = (".",)
          ) -> tuple[int, str, str]:
    return run_cli(["check", *paths, "--format", fmt, "--jobs", "1", "--no-color", "--cache-dir", str(cache),
                    *args], root)


def uncached(root: Path, *args: str, fmt: str = "json", paths: tuple[str, ...] = (".",)) -> tuple[int, str, str]:
    return run_cli(["check", *paths, "--format", fmt, "--jobs", "1", "--no-color", "--no-cache", *args], root)


def records(cache: Path) -> list[Path]:
    return [path for path in cache.glob("v1/?/*") if path.read_bytes().startswith(runrecord.MAGIC)]


def replays(root: Path, cache: Path, runs: list[list[str]], *args: str, fmt: str = "json",
            paths: tuple[str, ...] = (".",)) -> bool:
    """Whether this run replayed; either way its output is the uncached one."""
    before = len(runs)
    found = check(root, cache, *args, fmt=fmt, paths=paths)
    assert found == uncached(root, *args, fmt=fmt, paths=paths)
    return len(runs) == before


@pytest.mark.parametrize("fmt", ["full", "concise", "json", "sarif", "github"])
@pytest.mark.parametrize("old", [True, False], ids=["old", "fresh"])
def test_a_replay_prints_byte_for_byte_what_the_run_printed(tree: Path, cache: Path, runs: list[list[str]],
                                                           fmt: str, old: bool) -> None:
    (tree / "skills" / "empty").mkdir()  # SL500 on stdout too
    if old:
        age(tree)
    expected = uncached(tree, fmt=fmt)
    assert check(tree, cache, fmt=fmt) == expected and len(runs) == 1
    assert len(records(cache)) == 1
    assert check(tree, cache, fmt=fmt) == expected
    assert len(runs) == 1  # replayed


def test_stderr_and_exit_code_are_replayed(tmp_path: Path, cache: Path, runs: list[list[str]]) -> None:
    (tmp_path / "nothing").mkdir()
    first = check(tmp_path / "nothing", cache)
    assert first[0] == 0 and "no SKILL.md" in first[2]
    assert check(tmp_path / "nothing", cache) == first and len(runs) == 1


@pytest.mark.parametrize("old", [True, False], ids=["old", "fresh"])
def test_an_edit_of_the_same_size_with_the_mtime_set_back_is_seen(tree: Path, cache: Path, runs: list[list[str]],
                                                                  old: bool) -> None:
    if old:
        age(tree)
    check(tree, cache)
    assert replays(tree, cache, runs)
    skill = tree / "skills" / "demo" / "SKILL.md"
    before = skill.stat()
    skill.write_text(skill.read_text(encoding="utf-8").replace("Bassh", "Bxssh"), encoding="utf-8")
    os.utime(skill, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert skill.stat().st_size == before.st_size and skill.stat().st_mtime_ns == before.st_mtime_ns
    assert not replays(tree, cache, runs)


def test_a_touched_but_unchanged_tree_still_replays(tree: Path, cache: Path, runs: list[list[str]]) -> None:
    age(tree)
    check(tree, cache)
    for path in (tree / "skills" / "demo" / "SKILL.md", tree / "skills" / "demo" / "references" / "guide.md"):
        os.utime(path)  # a checkout that wrote the same bytes
    assert replays(tree, cache, runs)


@pytest.mark.parametrize("change", ["delete referenced", "create missing", "new skill", "metadata.yaml",
                                    "empty folder", "rename", "plugin marker above", "skill becomes folder"])
@pytest.mark.parametrize("old", [True, False], ids=["old", "fresh"])
def test_a_change_to_the_tree_is_a_fresh_run(tree: Path, cache: Path, runs: list[list[str]], change: str,
                                            old: bool) -> None:
    if old:
        age(tree)
    check(tree, cache)
    assert replays(tree, cache, runs)
    demo = tree / "skills" / "demo"
    if change == "delete referenced":
        (demo / "references" / "guide.md").unlink()
    elif change == "create missing":
        (demo / "scripts").mkdir()
        (demo / "scripts" / "fill.py").write_text("print()\n", encoding="utf-8")
    elif change == "new skill":
        (tree / "skills" / "third").mkdir()
        (tree / "skills" / "third" / "SKILL.md").write_text(PDF_SKILL.format(name="third"), encoding="utf-8")
    elif change == "metadata.yaml":
        (demo / "metadata.yaml").write_text("version: [\n", encoding="utf-8")
    elif change == "empty folder":
        (tree / "skills" / "lonely").mkdir()
    elif change == "rename":
        (tree / "skills" / "other").rename(tree / "skills" / "renamed")
    elif change == "plugin marker above":
        (tree / "skills" / ".claude-plugin").mkdir()
        (tree / "skills" / ".claude-plugin" / "plugin.json").write_text('{"name": "p"}', encoding="utf-8")
    else:
        (demo / "SKILL.md").unlink()
        (demo / "SKILL.md").mkdir()
    assert not replays(tree, cache, runs)
    assert replays(tree, cache, runs)  # and the new run recorded its own


def test_a_file_added_to_an_ignored_folder_replays_one_added_to_a_walked_folder_does_not(
        tree: Path, cache: Path, runs: list[list[str]]) -> None:
    (tree / ".git").mkdir()
    (tree / ".gitignore").write_text("build/\n", encoding="utf-8")
    (tree / "build").mkdir()
    age(tree)
    check(tree, cache)
    (tree / "build" / "SKILL.md").write_text(PDF_SKILL.format(name="build"), encoding="utf-8")
    assert replays(tree, cache, runs)  # git ignores it: the walk never lists build/
    (tree / "skills" / "other" / "notes.md").write_text("notes\n", encoding="utf-8")
    assert not replays(tree, cache, runs)  # a listed folder gained an entry


def test_a_gitignore_change_is_a_fresh_run(tree: Path, cache: Path, runs: list[list[str]]) -> None:
    (tree / ".git").mkdir()
    (tree / ".gitignore").write_text("# nothing\n", encoding="utf-8")
    age(tree)
    check(tree, cache)
    assert replays(tree, cache, runs)
    ignore = tree / ".gitignore"
    before = ignore.stat()
    ignore.write_text("other/\n", encoding="utf-8")  # same size, same mtime: its bytes differ
    os.utime(ignore, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert not replays(tree, cache, runs)
    (tree / ".git" / "info").mkdir()
    (tree / ".git" / "info" / "exclude").write_text("demo/\n", encoding="utf-8")
    assert not replays(tree, cache, runs)


@pytest.mark.parametrize("where", ["here", "above"])
def test_a_config_change_or_a_new_config_is_a_fresh_run(tree: Path, cache: Path, runs: list[list[str]],
                                                       where: str) -> None:
    age(tree)
    check(tree, cache)
    assert replays(tree, cache, runs)
    config = tree / ".skilllint.yaml" if where == "here" else tree.parent / "pyproject.toml"
    config.write_text("ignore: [SL200]\n" if where == "here" else '[tool.skilllint]\nignore = ["SL200"]\n',
                      encoding="utf-8")
    try:
        assert not replays(tree, cache, runs)
        assert replays(tree, cache, runs)
        config.write_text("ignore: [SL201]\n" if where == "here" else '[tool.skilllint]\nignore = ["SL201"]\n',
                          encoding="utf-8")
        assert not replays(tree, cache, runs)
    finally:
        config.unlink()


def test_a_tools_from_manifest_is_an_input(tree: Path, cache: Path, runs: list[list[str]]) -> None:
    (tree / "tools.json").write_text(json.dumps({"tools": [{"name": "Bassh"}]}), encoding="utf-8")
    (tree / ".skilllint.yaml").write_text("targets: [app]\nruntimes:\n  app:\n    extends: agentskills\n"
                                          "    tools_from: [tools.json]\n", encoding="utf-8")
    age(tree)
    check(tree, cache)
    assert replays(tree, cache, runs)
    (tree / "tools.json").write_text(json.dumps({"tools": [{"name": "Bxssh"}]}), encoding="utf-8")
    assert not replays(tree, cache, runs)


@pytest.mark.parametrize("args", [("--format", "sarif"), ("--target", "claude-code"), ("--select", "SL200"),
                                  ("--fail-on", "warning"), ("--statistics",), ("--quiet",), ("--color",)])
def test_another_invocation_is_another_record(tree: Path, cache: Path, runs: list[list[str]],
                                              args: tuple[str, ...]) -> None:
    check(tree, cache)
    assert not replays(tree, cache, runs, *args)
    assert replays(tree, cache, runs, *args)
    assert replays(tree, cache, runs)


def test_other_paths_or_working_folder_are_another_record(tree: Path, cache: Path, runs: list[list[str]]) -> None:
    check(tree, cache)
    assert not replays(tree, cache, runs, paths=("skills/demo",))
    assert not replays(tree / "skills", cache, runs)
    assert replays(tree, cache, runs, paths=("skills/demo",))


def test_a_symlinked_skill_file_follows_its_target(tree: Path, cache: Path, runs: list[list[str]]) -> None:
    shared = tree / "skills" / "shared.md"
    shared.write_text(PDF_SKILL.format(name="linked"), encoding="utf-8")
    (tree / "skills" / "linked").mkdir()
    (tree / "skills" / "linked" / "SKILL.md").symlink_to("../shared.md")
    age(tree)
    check(tree, cache)
    assert replays(tree, cache, runs)
    shared.write_text(PDF_SKILL.format(name="linkxd"), encoding="utf-8")
    assert not replays(tree, cache, runs)


def test_no_cache_neither_reads_nor_writes_records(tree: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check(tree, cache, "--no-cache")
    assert not cache.exists()
    check(tree, cache)
    [record] = records(cache)
    written = record.read_bytes()

    def refuse(*args: object) -> None:
        pytest.fail("--no-cache read a run record")

    monkeypatch.setattr(runrecord, "load", refuse)
    assert check(tree, cache, "--no-cache") == uncached(tree)
    assert records(cache) == [record] and record.read_bytes() == written


def test_a_run_with_an_internal_error_is_never_recorded(tree: Path, cache: Path) -> None:
    code, _, _ = check(tree, cache, "--inject-fault", "raise:**/demo/SKILL.md")
    assert code == 2
    assert records(cache) == []


def test_a_config_that_moves_the_cache_gets_no_record(tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      runs: list[list[str]]) -> None:
    monkeypatch.delenv("SKILLLINT_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    (tree / ".skilllint.yaml").write_text(f"cache-dir: {tmp_path / 'configured'}\n", encoding="utf-8")
    run_cli(["check", ".", "--format", "json"], tree)
    assert records(tmp_path / "configured") == [] and records(tmp_path / "xdg" / "skilllint") == []
    assert list((tmp_path / "configured").glob("v2/*/*.pack"))  # the per-skill entries are there


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty", "wrong-shape"])
def test_a_damaged_record_is_a_fresh_run(tree: Path, cache: Path, runs: list[list[str]], damage: str) -> None:
    check(tree, cache)
    [path] = records(cache)
    data = path.read_bytes()
    if damage == "truncate":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flip":
        path.write_bytes(data[:-5] + bytes([data[-5] ^ 1]) + data[-4:])
    elif damage == "garbage":
        path.write_bytes(os.urandom(200))
    elif damage == "empty":
        path.write_bytes(b"")
    else:
        import hashlib

        payload = b'{"stdout":0,"code":0,"written":1,"dirs":{},"files":[],"probes":[]}\n'
        path.write_bytes(runrecord.MAGIC + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
    assert not replays(tree, cache, runs)
    assert replays(tree, cache, runs)  # rewritten whole


def test_the_racy_window_compares_bytes_even_when_the_signature_matches(tree: Path, cache: Path) -> None:
    """A change in the same timestamp tick as the record leaves the signature as it was: simulated
    by writing the changed file's signature into the record. Outside the window it would be trusted."""
    check(tree, cache)
    [path] = records(cache)
    key = path.name
    skill = tree / "skills" / "demo" / "SKILL.md"
    skill.write_text(skill.read_text(encoding="utf-8").replace("Bassh", "Bxssh"), encoding="utf-8")
    info = skill.stat()
    found = runrecord.load(cache, key)
    assert found is not None
    for entry in found.files:
        if entry[0] == str(skill):
            entry[1] = [info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_size, info.st_dev]
    found.written = max(info.st_mtime_ns, info.st_ctime_ns) + 1
    assert not found.holds()  # within 2 s of the record: the digest is compared
    found.written += 3 * runrecord.RACY_NS
    assert found.holds()  # outside it, the signature alone is trusted (the tick problem cannot arise)


def test_concurrent_runs_share_records(tree: Path, tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    args = ["check", ".", "--format", "json", "--jobs", "1", "--no-color", "--cache-dir", str(shared)]
    expected = uncached(tree)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(2):
        started = [subprocess.Popen([sys.executable, "-m", "skilllint", *args], cwd=tree, env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(3)]
        for run in started:
            out, err = run.communicate(timeout=120)
            assert (run.returncode, out, err) == expected
    [record] = records(shared)  # one key: every writer replaced it whole
    assert not list(shared.glob("v1/?/.*"))
    assert runrecord.load(shared, record.name) is not None
    inode = record.stat().st_ino
    again = subprocess.run([sys.executable, "-m", "skilllint", *args], cwd=tree, env=env, capture_output=True,
                           text=True, check=False)
    assert (again.returncode, again.stdout, again.stderr) == expected
    assert record.stat().st_ino == inode  # replayed: a run would have replaced the record


def test_a_replay_imports_no_rule_formatter_config_or_yaml(tree: Path, cache: Path) -> None:
    code = ("import sys\nfrom skilllint.output.cli import main\n"
            f"sys.argv = ['skilllint', 'check', '.', '--format', 'json', '--cache-dir', {str(cache)!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write(' '.join(sorted(sys.modules)))\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    first = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True,
                            check=True)
    assert first.stdout == second.stdout
    assert "skilllint.engine.linter" in first.stderr.split()
    loaded = second.stderr.split()
    for module in ("skilllint.engine.linter", "skilllint.settings.config", "skilllint.reading.discover",
                   "skilllint.output.formatters", "skilllint.checks", "skilllint.checks.registry", "yaml",
                   "multiprocessing"):
        assert module not in loaded, module


def test_every_environment_variable_skilllint_reads_is_in_the_key() -> None:
    """A variable the output depends on but the key leaves out would replay the wrong output."""
    import re

    from skilllint.output.commands.replay import CACHE_LOCATION, ENVIRONMENT

    read = set()
    for path in (ROOT / "skilllint").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        read |= set(re.findall(r"environ(?:\.get)?[\[(]\s*\"([A-Z_]+)\"", text))
        read |= set(re.findall(r"ENV_VAR = \"([A-Z_]+)\"", text))
    known = {*ENVIRONMENT, *CACHE_LOCATION}
    assert read and read <= known, read - known



def write_files(root: Path, files: dict[str, str]) -> Path:
    """Write each relative path's text under `root` (its folders made as needed); returns `root`."""
    for relative, text in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A Claude Code project: a skill, a subagent, a command, settings, an MCP config, a plugin."""
    root = tmp_path / "project"
    files = {
        ".claude/skills/release/SKILL.md": "---\nname: release\ndescription: Cut a release. Use when shipping.\n"
                                           "allowed-tools: Bash(git tag:*) mcp__github__create_release\n---\nTag.\n",
        ".claude/agents/review.md": "---\nname: review\ndescription: Reviews. Use after changes.\ntools: Read, Bash\n"
                                    "---\nReview.\n",
        ".claude/commands/deploy.md": "---\ndescription: Deploy\n---\nDeploy.\n",
        ".claude/settings.json": '{"permissions": {"deny": ["Bash(rm:*)"]}}\n',
        ".mcp.json": '{"mcpServers": {"github": {"command": "gh-mcp"}}}\n',
        "tools/.claude-plugin/plugin.json": '{"name": "tools", "agents": "./agents"}\n',
        "tools/agents/helper.md": "---\nname: helper\ndescription: Helps. Use when stuck.\n---\nHelp.\n",
    }
    return write_files(root, files)


@pytest.mark.parametrize("change", ["agent", "command", "settings", "mcp", "plugin manifest", "plugin path"])
def test_the_files_around_skills_are_inputs(project: Path, cache: Path, runs: list[list[str]], change: str) -> None:
    """Subagents, commands, settings, .mcp.json and plugin files are read by the run (some through a
    skill's own probes: SL215 and SL208 read the settings and the MCP config above it): a change
    to any of them is a fresh run, whose output is what a run without the cache prints."""
    age(project)
    check(project, cache, "--target", "claude-code")
    assert replays(project, cache, runs, "--target", "claude-code")
    edits = {
        "agent": (".claude/agents/review.md", "---\nname: review:x\ndescription: Reviews.\ntools: Read\n---\nR.\n"),
        "command": (".claude/commands/deploy.md", "---\nname: ship\ndescription: Deploy\n---\nDeploy.\n"),
        "settings": (".claude/settings.json", '{"permissions": {"deny": ["Bash"]}}\n'),
        "mcp": (".mcp.json", '{"mcpServers": {"gitlab": {"command": "gl-mcp"}}}\n'),
        "plugin manifest": ("tools/.claude-plugin/plugin.json", '{"name": "Tools", "agents": "./agents"}\n'),
    }
    if change == "plugin path":
        (project / "tools" / "agents" / "helper.md").unlink()
        (project / "tools" / "agents").rmdir()
    else:
        relative, text = edits[change]
        (project / relative).write_text(text, encoding="utf-8")
    assert not replays(project, cache, runs, "--target", "claude-code")


@pytest.fixture
def agents(tmp_path: Path) -> Path:
    """A project with a Copilot agent and prompt file, a VS Code MCP config, an OpenCode agent and a custom tool."""
    root = tmp_path / "agents"
    files = {
        ".github/agents/review.agent.md": "---\ndescription: Reviews.\ntools: ['read', 'gitlab/create_mr']\n---\nR.\n",
        ".github/prompts/fix.prompt.md": "---\ndescription: Fix it\ntools: [runTests]\n---\nFix.\n",
        ".vscode/mcp.json": '{"servers": {"gitlab": {"command": "gl-mcp"}}}\n',
        ".opencode/agent/review.md": "---\ndescription: Reviews.\ntools:\n  database: true\n---\nR.\n",
        ".opencode/tools/database.ts": "export default {}\n",
    }
    return write_files(root, files)


@pytest.mark.parametrize("change", ["copilot agent", "prompt file", "vscode mcp", "opencode agent", "custom tool"])
def test_the_files_around_copilot_and_opencode_agents_are_inputs(agents: Path, cache: Path, runs: list[list[str]],
                                                                 change: str) -> None:
    """An agent or prompt file, the `.vscode/mcp.json` SL208 reads for it and the custom tool SL200 looks
    for are read by the run: a change to any of them is a fresh run, printing what an uncached run prints."""
    age(agents)
    check(agents, cache)
    assert replays(agents, cache, runs)
    edits = {
        "copilot agent": (".github/agents/review.agent.md", "---\ndescription: Reviews.\ntools: ['reed']\n---\nR.\n"),
        "prompt file": (".github/prompts/fix.prompt.md", "---\ndescription: Fix it\ntools: [runTets]\n---\nFix.\n"),
        "vscode mcp": (".vscode/mcp.json", '{"servers": {"github": {"command": "gh-mcp"}}}\n'),
        "opencode agent": (".opencode/agent/review.md", "---\ndescription: Reviews.\ntools:\n  bassh: true\n---\nR.\n"),
    }
    if change == "custom tool":
        (agents / ".opencode" / "tools" / "database.ts").unlink()
    else:
        relative, text = edits[change]
        (agents / relative).write_text(text, encoding="utf-8")
    assert not replays(agents, cache, runs)


def test_a_run_of_more_skills_than_records_are_kept_for_gets_none(tree: Path, cache: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Past RECORD_MAX_SKILLS a run gathers nothing for a record and writes none; its per-skill results
    are still cached, and its output is the uncached one."""
    from skilllint.engine import linter

    skills = len(list(tree.rglob("SKILL.md")))
    monkeypatch.setattr(linter, "RECORD_MAX_SKILLS", skills - 1)
    assert check(tree, cache) == uncached(tree)
    assert records(cache) == []
    assert list(cache.glob("v2/*/*.pack"))
    monkeypatch.setattr(linter, "RECORD_MAX_SKILLS", skills)
    assert check(tree, cache) == uncached(tree)
    assert len(records(cache)) == 1  # at the limit, recorded


def test_a_walk_of_more_folders_than_records_are_kept_for_gets_none(tree: Path, cache: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Past MAX_RECORDED_FOLDERS the walk stops keeping listings and the run writes no record."""
    from skilllint.reading import fsview

    monkeypatch.setattr(fsview, "MAX_RECORDED_FOLDERS", 2)
    assert check(tree, cache) == uncached(tree)
    assert records(cache) == []
    assert list(cache.glob("v2/*/*.pack"))  # the per-skill results are cached all the same


def test_a_stale_record_the_run_cannot_replace_is_deleted(tree: Path, cache: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Else every later run would read it (twice) in vain."""
    from skilllint.engine import linter

    check(tree, cache)
    assert len(records(cache)) == 1
    (tree / "skills" / "demo" / "SKILL.md").write_text(PDF_SKILL.replace("pdf", "demo"), encoding="utf-8")
    monkeypatch.setattr(linter, "RECORD_MAX_SKILLS", 0)
    assert check(tree, cache) == uncached(tree)
    assert records(cache) == []


def test_records_are_pruned_once_a_day(tree: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from skilllint.engine.cache import store

    check(tree, cache)
    [record] = records(cache)
    long_ago = time.time() - (store.MAX_AGE_DAYS + 1) * 86400
    os.utime(record, (long_ago, long_ago))
    for marker in cache.rglob(".pruned"):
        marker.unlink()
    (tree / "skills" / "other" / "references" / "new.md").write_text("# New\n", encoding="utf-8")
    check(tree, cache, "--select", "SL1")  # another invocation, which computes: it prunes
    assert record not in records(cache)
