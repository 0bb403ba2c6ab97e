"""`skilllint coverage` on a corpus whose answers are counted by hand (tests/fixtures/coverage/skills).

The five skills, and what each names:

    deploy      requires: [bash, read_file]; body: `read_file`, "the `bash` tool"
    git-commit  allowed-tools: Bash(git:*), Read
    git-push    allowed-tools: Bash
    notes       requires: [write_file]; body: `write_file`
    native      requires: [terminalRun]; body: "Call `terminalReadFile`"

On sisu (`requires` informational, `allowed-tools` ignored, aliases rename), only `native` resolves
fully. `Bash` is in more skills than `bash`, but only in `allowed-tools`, which sisu ignores: the one
name `terminalRun` is offered as is `bash`, which the `requires` and the instructions use.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import jsonschema
import pytest
import yaml

from skilllint.core.resources import schemas_dir
from tests.conftest import run_cli

CORPUS = Path(__file__).parent / "fixtures" / "coverage"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    shutil.copytree(CORPUS, tmp_path / "corpus")
    (tmp_path / "corpus" / ".git").mkdir()
    return tmp_path / "corpus"


def coverage(root: Path, *args: str) -> tuple[int, str]:
    code, out, err = run_cli(["coverage", "skills", "--isolated", "--jobs", "1", *args], root)
    assert code in (0, 1), err
    return code, out


def coverage_json(root: Path, target: str) -> dict:
    code, out = coverage(root, "--target", target, "--format", "json")
    document = json.loads(out)
    schema = json.loads((schemas_dir() / "coverage.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(document, schema)
    return document


def test_sisu_counts(corpus: Path) -> None:
    """A name fails a skill where `check` errs on it: in the instructions, or in a field the target grants
    by. `allowed-tools` and `requires` grant nothing on SISU, so git-push and git-commit (Bash, Read only
    there) resolve fully, as `matrix` says they run; deploy and notes fail at their instructions."""
    report = coverage_json(corpus, "sisu")
    assert (report["skills"], report["resolved_skills"], report["alias_exposure"]) == (5, 3, "rename")
    rows = {row["name"]: row for row in report["names"]}
    assert [row["name"] for row in report["names"]] == ["bash", "read_file", "write_file", "Bash", "Read"]
    assert {name: (row["skills_failing"], row["skills"]) for name, row in rows.items()} == {
        "Bash": (0, 2), "Read": (0, 1), "bash": (1, 1), "read_file": (1, 1), "write_file": (1, 1)}
    assert rows["bash"]["where"] == ["body", "frontmatter"] and rows["Bash"]["where"] == ["frontmatter"]
    assert rows["bash"]["capability"] == "shell" and rows["read_file"]["capability"] == "read-file"
    assert rows["write_file"]["alias_to"] is None and rows["write_file"]["note"] == "no tool of this capability in sisu"
    # one name per tool: the one that makes the most skills resolve; a name only in an ignored field has no vote
    assert report["aliases"] == {"bash": "terminalRun", "read_file": "terminalReadFile"}
    assert rows["Bash"]["alias_to"] == "terminalRun" and not rows["Bash"]["proposed"]
    # bash alone fixes nothing (deploy still names read_file); read_file fixes deploy but the rename
    # hides `terminalReadFile`, which native's instructions name: 3 resolve either way
    assert rows["bash"]["resolved_skills_cumulative"] == 3
    assert rows["read_file"]["resolved_skills_cumulative"] == 3
    assert report["resolved_skills_with_aliases"] == 3
    assert report["renames"] == [
        {"tool": "terminalReadFile", "name": "read_file", "skills_naming_tool": 1, "existing": False},
        {"tool": "terminalRun", "name": "bash", "skills_naming_tool": 0, "existing": False},
    ]
    # with every name offered (api): deploy too, and native keeps `terminalReadFile`
    assert report["aliases_api"] == {"Bash": "terminalRun", "Read": "terminalReadFile", "bash": "terminalRun",
                                     "read_file": "terminalReadFile"}
    assert report["resolved_skills_with_aliases_api"] == 4


def test_the_one_name_per_tool_is_the_one_that_unlocks_most(tmp_path: Path) -> None:
    """Under `rename`, of two names for one tool the alias is the one more skills fail on, not the one
    more skills declare in a field SISU ignores."""
    for index in range(3):
        _write_skill(tmp_path, f"declares-{index}", "allowed-tools: Read\n", "Summarise the file.\n")
    for index in range(2):
        _write_skill(tmp_path, f"calls-{index}", "", "Use `read_file` on the config.\n")
    report = coverage_json(tmp_path, "sisu")
    assert report["aliases"] == {"read_file": "terminalReadFile"}
    assert (report["resolved_skills"], report["resolved_skills_with_aliases"]) == (3, 5)


def _write_skill(root: Path, name: str, fields: str, body: str) -> None:
    (root / "skills" / name).mkdir(parents=True)
    (root / "skills" / name / "SKILL.md").write_text(
        f"---\nname: {name}\ndescription: A test skill. Use when testing.\n{fields}---\n{body}", encoding="utf-8")


def test_codex_resolve_only_aliases_do_not_reach_the_instructions(corpus: Path) -> None:
    report = coverage_json(corpus, "codex")
    assert (report["resolved_skills"], report["alias_exposure"]) == (2, "resolve-only")
    rows = {row["name"]: row for row in report["names"]}
    assert set(rows) == {"Bash", "Read", "bash", "terminalReadFile", "write_file"}
    # sisu's read-file tool: codex's `read_file` is experimental, no alias a usual install can take (as check's help)
    assert rows["terminalReadFile"]["alias_to"] is None
    # `bash` and `terminalReadFile` are in instructions, which a resolve-only alias does not reach; Bash and
    # Read are only in `allowed-tools`, which grants nothing on codex: they fail no skill and need no alias
    assert [rows[n]["resolved_skills_cumulative"] for n in ("bash", "terminalReadFile")] == [2, None]
    assert not rows["Bash"]["proposed"] and rows["Bash"]["skills_failing"] == 0
    assert report["resolved_skills_with_aliases"] == 2
    assert report["resolved_skills_with_aliases_api"] == 3


def test_text_says_what_api_would_change(corpus: Path) -> None:
    code, out = coverage(corpus, "--target", "codex")
    assert code == 1
    assert "Resolve fully today: 2 of 5 skills (40.0%)." in out
    assert "resolve-only" in out and "the same aliases make 3 of 5 skills (60.0%) resolve fully" in out
    assert re.search(r"^\s+1\s+1\s+bash\s+body\s+shell\s+bash -> shell", out, re.M)


def test_markdown_is_a_table(corpus: Path) -> None:
    _, out = coverage(corpus, "--target", "sisu", "--format", "markdown")
    assert "| fails | skills | name | where | capability | proposed alias | resolve fully (cumulative) |" in out
    assert "| 1 | 1 | `read_file` | body, frontmatter | read-file | `read_file` -> `terminalReadFile` | 60.0% |" in out


def test_sisu_format_is_the_register_tools_map(corpus: Path) -> None:
    _, out = coverage(corpus, "--target", "sisu", "--format", "sisu")
    code = "\n".join(line for line in out.splitlines() if not line.startswith("//"))
    assert json.loads(code) == {"terminalReadFile": "read_file", "terminalRun": "bash"}
    assert "// 1 skill naming `terminalReadFile` in the instructions would stop resolving" in out


def test_sisu_format_refuses_other_runtimes(corpus: Path) -> None:
    code, _, err = run_cli(["coverage", "skills", "--isolated", "--target", "codex", "--format", "sisu"], corpus)
    assert code == 2 and "not sisu" in err


def test_coverage_needs_one_target(corpus: Path) -> None:
    code, _, err = run_cli(["coverage", "skills", "--isolated"], corpus)
    assert code == 2 and "exactly one target" in err
    code, _, err = run_cli(["coverage", "skills", "--isolated", "-t", "sisu", "-t", "codex"], corpus)
    assert code == 2


@pytest.mark.parametrize("target", ["sisu", "codex"])
def test_config_output_is_what_check_then_passes(corpus: Path, target: str) -> None:
    """The `config` output defines `<T>-aliased` with T's own alias mechanism (SISU renames: the very map
    `--format sisu` prints); `check` with it passes exactly the skills coverage says resolve with them."""
    report = coverage_json(corpus, target)
    _, out = coverage(corpus, "--target", target, "--format", "config")
    (corpus / "aliases.yaml").write_text(out, encoding="utf-8")
    runtime = yaml.safe_load(out)["runtimes"][f"{target}-aliased"]
    assert runtime == {"extends": target, "aliases": report["aliases"]}  # no alias_exposure of its own
    if target == "sisu":
        _, sisu_map = coverage(corpus, "--target", "sisu", "--format", "sisu")
        code = "\n".join(line for line in sisu_map.splitlines() if not line.startswith("//"))
        assert {name: tool for tool, name in json.loads(code).items()} == runtime["aliases"]
    code, after, err = run_cli(["check", "skills", "--config", "aliases.yaml", "--target", f"{target}-aliased",
                                "--select", "SL2,SL320", "--format", "json", "--no-cache"], corpus)
    assert code in (0, 1), err
    failing = {d["path"].rsplit("/", 1)[0] for d in json.loads(after) if d["severity"] == "error"}
    hidden = {d["path"].rsplit("/", 1)[0] for d in json.loads(after) if d["code"] == "SL211"}
    # SL211 (an alias the model is never offered) is a warning in the catalog; coverage counts it as unresolved
    assert report["skills"] - len(failing | hidden) == report["resolved_skills_with_aliases"]


def test_rename_check_flags_the_canonical_name_after_the_sisu_map(corpus: Path) -> None:
    """Applying the `sisu` map as SISU does (rename) makes `check` flag `native`'s `terminalReadFile`."""
    config = "runtimes:\n  app:\n    extends: sisu\n    aliases: {read_file: terminalReadFile, bash: terminalRun}\n"
    (corpus / "app.yaml").write_text(config, encoding="utf-8")
    code, out, err = run_cli(["check", "skills", "--config", "app.yaml", "--target", "app", "--format", "json",
                              "--no-cache"], corpus)
    assert code == 1, err  # the instruction naming `terminalReadFile` fails: the model is offered only `read_file`
    flagged = [(d["path"], d["code"]) for d in json.loads(out) if "offers the model only as" in d["message"]]
    assert flagged == [("skills/native/SKILL.md", "SL320")]


@pytest.mark.parametrize(("target", "fmt"), [("codex", "config"), ("sisu", "sisu")])
def test_file_formats_exit_zero_when_written(corpus: Path, target: str, fmt: str) -> None:
    """`config` and `sisu` are files to use: a script redirecting them must not stop on exit 1,
    though the same corpus exits 1 in the report formats (a name is missing)."""
    assert coverage(corpus, "--target", target)[0] == 1
    code, out = coverage(corpus, "--target", target, "--format", fmt)
    assert code == 0 and out


def test_a_skill_that_fails_to_load_never_resolves_fully(tmp_path: Path) -> None:
    """A SKILL.md whose frontmatter cannot be read fails on every runtime (`matrix`: fail): coverage does
    not count it as resolving, today or with any alias."""
    _write_skill(tmp_path, "ok", "", "Summarise the text.\n")
    (tmp_path / "skills" / "broken").mkdir(parents=True)
    (tmp_path / "skills" / "broken" / "SKILL.md").write_text("---\nname: [unclosed\n---\nBody\n", encoding="utf-8")
    report = coverage_json(tmp_path, "sisu")
    assert (report["skills"], report["resolved_skills"], report["resolved_skills_with_aliases_api"]) == (2, 1, 1)
