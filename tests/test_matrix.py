"""`skilllint matrix`: each cell is what `check --target T` reports on the skill, for every runtime."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import jsonschema
import pytest

from skilllint.core.resources import schemas_dir
from skilllint.output.commands.matrix import default_runtimes
from tests.conftest import run_cli

ROOT = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The coverage corpus and the README's examples (one clean skill, one broken on purpose)."""
    root = tmp_path_factory.mktemp("matrix")
    shutil.copytree(ROOT / "tests" / "fixtures" / "coverage" / "skills", root / "skills")
    shutil.copytree(ROOT / "examples" / "skills", root / "skills" / "examples")
    (root / ".git").mkdir()
    return root


@pytest.fixture(scope="module")
def matrix(corpus: Path) -> dict:
    code, out, err = run_cli(["matrix", "skills", "--isolated", "--jobs", "1", "--format", "json"], corpus)
    assert code == 1, err  # Deploy-Helper fails everywhere
    document = json.loads(out)
    jsonschema.validate(document, json.loads((schemas_dir() / "matrix.schema.json").read_text(encoding="utf-8")))
    return document


def test_every_builtin_runtime_is_a_column(matrix: dict) -> None:
    assert matrix["runtimes"] == default_runtimes() and matrix["runtimes"][0] == "agentskills"
    assert len(matrix["skills"]) == 7


@pytest.mark.parametrize("runtime", default_runtimes())
def test_matrix_agrees_with_check(corpus: Path, matrix: dict, runtime: str) -> None:
    """fail exactly when `check --target T` reports an error on the skill; warn when a warning, no error."""
    code, out, err = run_cli(["check", "skills", "--isolated", "--jobs", "1", "--target", runtime, "--format", "json",
                              "--no-cache"], corpus)
    assert code in (0, 1), err
    findings = json.loads(out)
    for skill in matrix["skills"]:
        folder = skill["path"].rsplit("/", 1)[0] + "/"
        own = [d for d in findings if d["path"].startswith(folder)]
        expected = ("fail" if any(d["severity"] == "error" for d in own)
                    else "warn" if any(d["severity"] == "warning" for d in own) else "ok")
        cell = skill["runtimes"][runtime]
        assert cell["status"] == expected, (skill["path"], runtime, own)
        assert cell["codes"] == sorted({d["code"] for d in own if d["severity"] in ("error", "warning")})


def test_known_cells(matrix: dict) -> None:
    """Hand-checked: `notes` tells the model to call `write_file`, which codex lacks (an error in the
    instructions: the skill fails there); Deploy-Helper's uppercase name is an error everywhere."""
    cells = {s["name"]: s["runtimes"] for s in matrix["skills"]}
    assert cells["notes"]["codex"]["status"] == "fail" and "SL320" in cells["notes"]["codex"]["codes"]
    # `Bash` only in a field SISU ignores, and terminalRun does that job: a note, not a warning
    assert cells["native"]["sisu"]["status"] == "ok" and cells["git-push"]["sisu"]["status"] == "ok"
    assert {c["status"] for c in cells["Deploy-Helper"].values()} == {"fail"}
    assert matrix["totals"]["sisu"]["fail"] == sum(1 for c in cells.values() if c["sisu"]["status"] == "fail")


def test_targets_pick_the_columns(corpus: Path) -> None:
    code, out, _ = run_cli(["matrix", "skills", "--isolated", "-t", "sisu", "-t", "codex", "--format", "json"], corpus)
    assert json.loads(out)["runtimes"] == ["sisu", "codex"]


def test_text_and_markdown_totals(corpus: Path) -> None:
    _, out, _ = run_cli(["matrix", "skills", "--isolated", "-t", "sisu"], corpus)
    assert "sisu: 3 of 7 skills run as written" in out
    _, out, _ = run_cli(["matrix", "skills", "--isolated", "-t", "sisu", "--format", "markdown"], corpus)
    assert out.splitlines()[0] == "| skill | `sisu` |" and "| **run as written** | 3 of 7 |" in out


def test_html_is_one_self_contained_page(corpus: Path) -> None:
    _, out, _ = run_cli(["matrix", "skills", "--isolated", "-t", "sisu", "-t", "claude-code", "--format", "html"],
                        corpus)
    assert out.startswith("<!DOCTYPE html>") and out.count("<table") == 1
    assert "http://" not in out and "https://" not in out and "<link" not in out and " src=" not in out
    assert re.search(r"<th[^>]*><span>sisu</span></th><th[^>]*><span>claude-code</span></th>", out)
    assert 'title="SL1' in out  # reasons on hover
    assert "addEventListener('click'" in out  # sortable
    assert "<tfoot><tr><td class=\"skill\">run as written</td><td" in out


def test_unknown_target_is_a_usage_error(corpus: Path) -> None:
    code, _, err = run_cli(["matrix", "skills", "--isolated", "-t", "sisuu"], corpus)
    assert code == 2 and "unknown target" in err
