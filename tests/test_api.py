"""The Python API: `skilllint.check(paths, ...)` and `skilllint.check_text(text, path, ...)`.

They must say what `skilllint check` says (same diagnostics, in the same order, for the same
paths, targets and config), raise `CheckError` where the command line exits 2, write nothing,
and cost nothing at `import skilllint`.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import skilllint
from skilllint.core.model import Diagnostic, Severity
from skilllint.core.records import replace
from skilllint.output.formatters.json import as_dict
from tests.conftest import run_cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "skills"
SKILL = ("---\nname: greet\ndescription: Greets people. Use when someone says hello.\nallowed-tools: Read Editt\n"
         "---\nHi.\n")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(EXAMPLES, tmp_path / "skills")
    (tmp_path / "skills" / "greet").mkdir()
    (tmp_path / "skills" / "greet" / "SKILL.md").write_text(SKILL, encoding="utf-8")
    return tmp_path


def _cli_json(root: Path, *args: str) -> list[dict[str, object]]:
    code, out, err = run_cli(["check", *args, "--format", "json", "--no-cache"], root)
    assert code in (0, 1), err
    found: list[dict[str, object]] = json.loads(out)
    return found


@pytest.mark.parametrize("targets", [None, ["claude-code"], ["claude-code", "sisu"]])
def test_check_returns_what_the_command_line_prints(tree: Path, targets: list[str] | None) -> None:
    flags = [flag for target in targets or () for flag in ("-t", target)]
    expected = _cli_json(tree, "skills", "--isolated", *flags)
    assert expected
    found = skilllint.check(["skills"], targets=targets, config={}, cwd=tree)
    assert [as_dict(d) for d in found] == expected


def test_paths_and_cwd(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tree / "skills")
    one = skilllint.check("greet", config={})  # one path as a string: not its characters
    assert {d.path for d in one} == {"greet/SKILL.md"}
    assert skilllint.check([tree / "skills" / "greet"], config={}, cwd=tree) == [
        replace(d, path=f"skills/{d.path}") for d in one]
    assert skilllint.check([], config={}) == []


def test_config_nearest_file_or_mapping(tree: Path) -> None:
    (tree / ".git").mkdir()
    (tree / ".skilllint.yaml").write_text("targets: [sisu]\n", encoding="utf-8")
    nearest = skilllint.check(["skills/greet"], cwd=tree)
    assert {d.target for d in nearest if d.code == "SL200"} == {"sisu"}
    assert [as_dict(d) for d in nearest] == _cli_json(tree, "skills/greet")
    mapping = skilllint.check(["skills/greet"], cwd=tree, config={"targets": ["codex"]})
    assert {d.target for d in mapping if d.code == "SL200"} == {"codex"}
    (tree / "other.yaml").write_text("targets: [opencode]\n", encoding="utf-8")
    from_file = skilllint.check(["skills/greet"], cwd=tree, config="other.yaml")
    assert {d.target for d in from_file if d.code == "SL200"} == {"opencode"}


def test_select_and_ignore(tree: Path) -> None:
    everything = {d.code for d in skilllint.check("skills", config={}, cwd=tree)}
    assert len(everything) > 1
    assert {d.code for d in skilllint.check("skills", config={}, cwd=tree, select="SL200")} == {"SL200"}
    assert "SL200" not in {d.code for d in skilllint.check("skills", config={}, cwd=tree, ignore=["SL200"])}


@pytest.mark.parametrize(("call", "message"), [
    (lambda root: skilllint.check("nowhere", config={}, cwd=root), "path does not exist: nowhere"),
    (lambda root: skilllint.check("skills", targets="sisuu", config={}, cwd=root), "unknown target `sisuu`"),
    (lambda root: skilllint.check("skills", select="SL99999", config={}, cwd=root), "unknown rule"),
    (lambda root: skilllint.check("skills", config={"targets": "sisu"}, cwd=root), "key `targets`"),
    (lambda root: skilllint.check("skills", config="missing.yaml", cwd=root), "missing.yaml"),
    (lambda root: skilllint.check_text("", "x/SKILL.md", targets=["nope"], cwd=root), "unknown target `nope`"),
])
def test_what_the_command_line_exits_2_for_raises_check_error(tree: Path, call: object, message: str) -> None:
    with pytest.raises(skilllint.CheckError, match=message.replace("`", ".").replace("(", ".")):
        call(tree)  # type: ignore[operator]


def test_check_text_lints_the_text_at_the_path(tree: Path) -> None:
    on_disk = tree / "skills" / "greet" / "SKILL.md"
    clean = SKILL.replace("Editt", "Edit")
    on_disk.write_text(clean, encoding="utf-8")
    found = skilllint.check_text(SKILL, "skills/greet/SKILL.md", targets="claude-code", config={}, cwd=tree)
    assert [(d.path, d.code, d.span.line, d.span.column) for d in found] == [
        ("skills/greet/SKILL.md", "SL200", 4, SKILL.split("\n")[3].index("Editt") + 1)]
    assert on_disk.read_text(encoding="utf-8") == clean  # the disk is neither read for it nor written
    assert skilllint.check_text(SKILL.encode(), "skills/new/SKILL.md", targets="claude-code", config={},
                                cwd=tree)[0].path == "skills/new/SKILL.md"  # bytes, and a file not saved yet
    assert skilllint.check_text(SKILL, "notes/README.md", config={}, cwd=tree) == []  # nothing skilllint lints


def test_check_text_takes_each_kind_from_the_path(tree: Path) -> None:
    agent = "---\nname: reviewer\ndescription: Reviews code.\ntools: Read, Editt\n---\nReview.\n"
    found = skilllint.check_text(agent, ".claude/agents/reviewer.md", config={}, cwd=tree)
    assert [(d.code, d.target) for d in found] == [("SL200", "claude-code")]  # a subagent: Claude Code's
    settings = '{"permissions": {"deny": ["Editt(*)"]}}'
    assert "SL200" in {d.code for d in skilllint.check_text(settings, ".claude/settings.json", config={}, cwd=tree)}


def test_the_api_writes_nothing(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tree / "cache"
    monkeypatch.setenv("SKILLLINT_CACHE_DIR", str(cache))
    before = sorted(tree.rglob("*"))
    skilllint.check("skills", cwd=tree)
    skilllint.check_text(SKILL, "skills/greet/SKILL.md", cwd=tree)
    assert sorted(tree.rglob("*")) == before


def test_a_diagnostic_has_the_documented_shape(tree: Path) -> None:
    [found] = skilllint.check_text(SKILL, "skills/greet/SKILL.md", targets="claude-code", config={}, cwd=tree)
    assert isinstance(found, skilllint.Diagnostic) and skilllint.Diagnostic is Diagnostic
    assert found.severity is skilllint.Severity.ERROR and found.severity == "error" and Severity.ERROR == "error"
    assert (found.span.line, found.span.end_line) == (4, 4)
    assert found.span.end_column == found.span.column + len("Editt")
    assert (found.code, found.name, found.target) == ("SL200", "unknown-tool", "claude-code")
    assert "Editt" in found.message and found.help is not None and found.fix is None


def test_import_skilllint_loads_no_part_of_the_api_until_used() -> None:
    probe = ("import sys, skilllint\n"
             "before = {m for m in sys.modules if m.startswith(('skilllint.', 'yaml', 'click'))}\n"
             "skilllint.check_text\n"
             "print(sorted(before), 'skilllint.embedding.api' in sys.modules)\n"
             "try:\n    skilllint.nothing\nexcept AttributeError as error:\n    print(error)\n")
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    assert lines[0] == "[] True"
    assert lines[1] == "module 'skilllint' has no attribute 'nothing'"
