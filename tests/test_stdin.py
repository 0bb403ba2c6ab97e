"""`skilllint check - --stdin-filename PATH`: standard input linted as if it were the file PATH.

The property: for every kind of file skilllint lints, linting a file's bytes from standard input
gives exactly what linting the file gives (same findings, same paths, same exit code), because
everything but the bytes (kind, config, target, neighbours) comes from PATH. And the text is
what counts, not the disk; PATH need not exist; the run writes no cache.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from skilllint.output.cli import cli
from tests.conftest import FIXTURES, run_cli

SKILL = ("---\nname: greet\ndescription: Greets people. Use when someone says hello.\nallowed-tools: Read Editt\n"
         "---\nHi.\n")

# (fixture case, the file in it given on standard input): one per kind of file skilllint lints
KINDS = [
    ("SL200/bad/settings-rules-and-hooks", ".claude/settings.json"),
    ("SL160/bad/name-not-kebab", "tools/.claude-plugin/plugin.json"),
    ("SL162/bad/broken-entries", "market/.claude-plugin/marketplace.json"),
    ("SL200/bad/plugin-hooks-file", "tools/hooks/hooks.json"),
    ("SL153/bad/plugin-hooks", "my-plugin/agents/review.md"),
    ("SL612/bad/bare-bash", ".claude/agents/deployer.md"),
    ("SL155/bad/name-and-paths", ".claude/commands/deploy.md"),
    ("SL207/bad/openai-form-claude-code", "tools.json"),
    ("SL003/bad/metadata-yaml-over-limit", "csv-cleanup/metadata.yaml"),
]


def run_stdin(args: list[str], data: bytes, cwd: Path) -> tuple[int, str, str]:
    old = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(cli, args, input=data, catch_exceptions=False)
    finally:
        os.chdir(old)
    return result.exit_code, result.stdout, result.stderr


def _case(tmp_path: Path, case: str) -> tuple[Path, list[str]]:
    root = tmp_path / "case"
    shutil.copytree(FIXTURES / case, root)
    args_file = root / "args.txt"
    args = args_file.read_text(encoding="utf-8").split() if args_file.is_file() else []
    config = ["--config", ".skilllint.yaml"] if (root / ".skilllint.yaml").is_file() else ["--isolated"]
    return root, [*args, *config]


@pytest.mark.parametrize(("case", "name"), KINDS, ids=[name for _, name in KINDS])
def test_standard_input_is_linted_as_the_file_it_names(tmp_path: Path, case: str, name: str) -> None:
    root, args = _case(tmp_path, case)
    options = ["--format", "json", "--no-cache", *args]
    code, out, _ = run_cli(["check", name, *options], root)
    findings = json.loads(out)
    assert findings, "the fixture is broken on purpose: the comparison must compare findings"
    data = (root / name).read_bytes()
    assert run_stdin(["check", "-", "--stdin-filename", name, *options], data, root)[:2] == (code, out)
    (root / name).unlink()  # the same from standard input alone: nothing of the file is read from disk
    assert run_stdin(["check", "-", "--stdin-filename", name, *options], data, root)[:2] == (code, out)


def test_the_text_counts_not_the_disk(tmp_path: Path) -> None:
    folder = tmp_path / "greet"
    folder.mkdir()
    (folder / "SKILL.md").write_text(SKILL.replace("Editt", "Edit"), encoding="utf-8")
    assert run_cli(["check", "greet", "--isolated", "-t", "claude-code"], tmp_path)[0] == 0
    code, out, _ = run_stdin(["check", "-", "--stdin-filename", "greet/SKILL.md", "--isolated", "-t", "claude-code",
                              "--format", "full", "--no-color"], SKILL.encode(), tmp_path)
    assert code == 1
    assert "greet/SKILL.md:4:21: error[SL200] `Editt` is not a tool of claude-code" in out
    assert "4 | allowed-tools: Read Editt" in out  # `full` quotes standard input, not the file on disk


def test_a_file_not_saved_yet_is_linted_as_if_it_were(tmp_path: Path) -> None:
    args = ["--format", "json", "--isolated", "-t", "claude-code"]
    _, from_stdin, _ = run_stdin(["check", "-", "--stdin-filename", "greet/SKILL.md", *args], SKILL.encode(), tmp_path)
    assert not (tmp_path / "greet").exists()
    (tmp_path / "greet").mkdir()
    (tmp_path / "greet" / "SKILL.md").write_text(SKILL, encoding="utf-8")
    _, from_disk, _ = run_cli(["check", "greet/SKILL.md", "--no-cache", *args], tmp_path)
    assert json.loads(from_stdin) == json.loads(from_disk) != []


def test_the_nearest_config_of_the_named_file_applies(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / ".skilllint.yaml").write_text("targets: [sisu]\n", encoding="utf-8")
    _, out, _ = run_stdin(["check", "-", "--stdin-filename", "sub/greet/SKILL.md", "--format", "json"],
                          SKILL.encode(), tmp_path)
    assert {d["target"] for d in json.loads(out) if d["code"] == "SL200"} == {"sisu"}


def test_no_result_cache_and_no_run_record_are_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("SKILLLINT_CACHE_DIR", str(cache))
    (tmp_path / "greet").mkdir()
    (tmp_path / "greet" / "SKILL.md").write_text(SKILL, encoding="utf-8")
    run_stdin(["check", "-", "--stdin-filename", "greet/SKILL.md", "--isolated"], SKILL.encode(), tmp_path)
    assert not cache.exists() or not any(cache.rglob("*"))
    run_cli(["check", "greet", "--isolated"], tmp_path)  # the same lint from disk does keep both
    assert any(path.is_file() for path in cache.rglob("*"))


def test_stdin_filename_alone_reads_standard_input(tmp_path: Path) -> None:
    code, out, _ = run_stdin(["check", "--stdin-filename", "greet/SKILL.md", "--isolated", "--format", "concise"],
                             SKILL.encode(), tmp_path)
    assert code == 1 and "greet/SKILL.md:4:21: SL200 " in out


@pytest.mark.parametrize(("args", "message"), [
    (["-"], "name the file it stands for with --stdin-filename"),
    (["-", "other", "--stdin-filename", "greet/SKILL.md"], "the only path"),
    (["-", "-", "--stdin-filename", "greet/SKILL.md"], "the only path"),
    (["greet", "--stdin-filename", "greet/SKILL.md"], "the only path"),
    (["-", "--stdin-filename", "."], "names a folder"),
    (["-", "--stdin-filename", "greet/SKILL.md", "--fix"], "do not apply to standard input"),
    (["-", "--stdin-filename", "greet/SKILL.md", "--diff"], "do not apply to standard input"),
])
def test_what_standard_input_cannot_be_is_a_usage_error(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "greet").mkdir()
    on_disk = tmp_path / "greet" / "SKILL.md"
    on_disk.write_text(SKILL.replace("Read Editt", "Read edit"), encoding="utf-8")  # --fix would change it
    code, _, err = run_stdin(["check", *args], SKILL.encode(), tmp_path)
    assert code == 2
    assert message in err
    assert on_disk.read_text(encoding="utf-8") == SKILL.replace("Read Editt", "Read edit")
