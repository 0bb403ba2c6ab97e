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

from skilllint.resources import schemas_dir
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
    report = coverage_json(corpus, "sisu")
    assert (report["skills"], report["resolved_skills"], report["alias_exposure"]) == (5, 1, "rename")
    rows = {row["name"]: row for row in report["names"]}
    assert [row["name"] for row in report["names"]] == ["Bash", "Read", "bash", "read_file", "write_file"]
    assert {name: row["skills"] for name, row in rows.items()} == {
        "Bash": 2, "Read": 1, "bash": 1, "read_file": 1, "write_file": 1}
    assert rows["bash"]["where"] == ["body", "frontmatter"] and rows["Bash"]["where"] == ["frontmatter"]
    assert rows["bash"]["capability"] == "shell" and rows["read_file"]["capability"] == "read-file"
    assert rows["write_file"]["alias_to"] is None and rows["write_file"]["note"] == "no tool of this capability in sisu"
    # one name per tool: the one named where the model or the runtime reads it
    assert report["aliases"] == {"bash": "terminalRun", "read_file": "terminalReadFile"}
    assert rows["Bash"]["alias_to"] == "terminalRun" and not rows["Bash"]["proposed"]
    # bash alone fixes nothing (deploy still names read_file); read_file fixes deploy but the rename
    # hides `terminalReadFile`, which native's instructions name
    assert rows["bash"]["resolved_skills_cumulative"] == 1
    assert rows["read_file"]["resolved_skills_cumulative"] == 1
    assert report["resolved_skills_with_aliases"] == 1
    assert report["renames"] == [
        {"tool": "terminalReadFile", "name": "read_file", "skills_naming_tool": 1, "existing": False},
        {"tool": "terminalRun", "name": "bash", "skills_naming_tool": 0, "existing": False},
    ]
    # with every name offered (api): deploy, git-commit, git-push and native
    assert report["aliases_api"] == {"Bash": "terminalRun", "Read": "terminalReadFile", "bash": "terminalRun",
                                     "read_file": "terminalReadFile"}
    assert report["resolved_skills_with_aliases_api"] == 4


def test_codex_resolve_only_aliases_fix_frontmatter_only(corpus: Path) -> None:
    report = coverage_json(corpus, "codex")
    assert (report["resolved_skills"], report["alias_exposure"]) == (0, "resolve-only")
    rows = {row["name"]: row for row in report["names"]}
    assert set(rows) == {"Bash", "Read", "bash", "terminalReadFile", "write_file"}
    assert rows["terminalReadFile"]["alias_to"] == "read_file"  # sisu's read-file tool -> codex's
    # Bash fixes git-push, Read git-commit; `bash` and `terminalReadFile` are in instructions, which a
    # resolve-only alias does not reach
    assert [rows[n]["resolved_skills_cumulative"] for n in ("Bash", "Read", "bash", "terminalReadFile")] == [1, 2, 2, 2]
    assert report["resolved_skills_with_aliases"] == 2
    assert report["resolved_skills_with_aliases_api"] == 4


def test_text_says_what_api_would_change(corpus: Path) -> None:
    code, out = coverage(corpus, "--target", "codex")
    assert code == 1
    assert "Resolve fully today: 0 of 5 skills (0.0%)." in out
    assert "resolve-only" in out and "the same aliases make 4 of 5 skills (80.0%) resolve fully" in out
    assert re.search(r"^\s+2\s+Bash\s+frontmatter\s+shell\s+Bash -> shell", out, re.M)


def test_markdown_is_a_table(corpus: Path) -> None:
    _, out = coverage(corpus, "--target", "sisu", "--format", "markdown")
    assert "| skills | name | where | capability | proposed alias | resolve fully (cumulative) |" in out
    assert "| 1 | `read_file` | body, frontmatter | read-file | `read_file` -> `terminalReadFile` | 20.0% |" in out


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
def test_config_output_silences_every_aliased_name(corpus: Path, target: str) -> None:
    """The `config` output, used as is, defines `<T>-aliased`; `check` with it reports no aliased name."""
    _, out = coverage(corpus, "--target", target, "--format", "config")
    (corpus / "aliases.yaml").write_text(out, encoding="utf-8")
    aliased = set(yaml.safe_load(out)["runtimes"][f"{target}-aliased"]["aliases"])
    assert aliased

    def named(findings: list[dict]) -> set[str]:
        return {name for d in findings for name in aliased
                if f"`{name}`" in d["message"] or f"`{name}`" in (d["help"] or "")}

    code, before, err = run_cli(["check", "skills", "--isolated", "--target", target, "--format", "json",
                                 "--no-cache"], corpus)
    assert code in (0, 1), err
    assert named(json.loads(before)) == aliased  # each aliased name was reported before
    code, after, err = run_cli(["check", "skills", "--config", "aliases.yaml", "--target", f"{target}-aliased",
                                "--format", "json", "--no-cache"], corpus)
    assert code in (0, 1), err
    assert named(json.loads(after)) == set()


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
