"""The composite GitHub Action (`action.yml`) gates as the README says: its shell steps, run with bash
as the runner would run them (inputs as environment variables, `$RUNNER_TEMP`, `$GITHUB_OUTPUT`), on a
checkout holding the design note's broken skill. The install step is not run here (it is `pip install`
of this repository, which the test environment already is); this environment's skilllint is on PATH."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))


def _step(name: str) -> dict[str, Any]:
    return next(step for step in ACTION["runs"]["steps"] if step.get("name", "").startswith(name))


def _inputs(**given: str) -> dict[str, str]:
    values = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
    values.update({name.replace("_", "-"): value for name, value in given.items()})
    return values


def _run(step: dict[str, Any], inputs: dict[str, str], workspace: Path, temp: Path) -> subprocess.CompletedProcess[str]:
    if shutil.which("bash") is None:
        pytest.skip("needs bash")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "SKILLLINT"))}
    for key, value in step.get("env", {}).items():  # `${{ inputs.x }}`, as the runner expands it
        env[key] = inputs[value.removeprefix("${{ inputs.").removesuffix(" }}")]
    env.update(RUNNER_TEMP=str(temp), GITHUB_OUTPUT=str(temp / "output"), GITHUB_ACTIONS="true",
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
               SKILLLINT_CACHE_DIR=str(temp / "cache"))
    return subprocess.run(["bash", "-e", "-c", step["run"]], cwd=workspace, env=env, capture_output=True, text=True,
                          timeout=300)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "examples" / "gate", tmp_path / "repo")
    (tmp_path / "temp").mkdir()
    return tmp_path / "repo"


def test_the_action_installs_from_its_own_repository() -> None:
    install = _step("Install skilllint")["run"]
    assert 'pip install --quiet "$GITHUB_ACTION_PATH"' in install and ACTION["runs"]["using"] == "composite"
    upload = next(step for step in ACTION["runs"]["steps"] if "upload-sarif" in step.get("uses", ""))
    assert upload["if"] == "inputs.sarif == 'true'"


def test_a_sisu_gate_fails_on_the_design_notes_skill(workspace: Path) -> None:
    temp = workspace.parent / "temp"
    inputs = _inputs(target="sisu")
    sarif = _run(_step("skilllint (SARIF)"), inputs, workspace, temp)
    assert sarif.returncode == 0, sarif.stderr  # the SARIF step never fails: the gate step does
    log = json.loads((temp / "skilllint.sarif").read_text(encoding="utf-8"))
    rules = sorted(result["ruleId"] for result in log["runs"][0]["results"])
    assert rules == ["SL200", "SL320", "SL320"]
    assert f"file={temp / 'skilllint.sarif'}" in (temp / "output").read_text(encoding="utf-8")
    gate = _run(_step("skilllint (annotations"), inputs, workspace, temp)
    assert gate.returncode == 1
    assert gate.stdout.count("::error ") == 2 and "file=skills/deploy-staging/SKILL.md,line=9" in gate.stdout


def test_a_gate_with_the_apps_aliases_passes(workspace: Path) -> None:
    temp = workspace.parent / "temp"
    (workspace / "sisu-app.yaml").write_text(
        "targets: [sisu-app]\nruntimes:\n  sisu-app:\n    extends: sisu\n"
        "    aliases: {bash: terminalRun, read_file: terminalReadFile}\n", encoding="utf-8")
    gate = _run(_step("skilllint (annotations"), _inputs(config="sisu-app.yaml", paths="skills"), workspace, temp)
    assert gate.returncode == 0, gate.stdout + gate.stderr
    assert gate.stdout.count("::warning ") == 1 and "::error" not in gate.stdout
    failing = _run(_step("skilllint (annotations"), _inputs(config="sisu-app.yaml", fail_on="warning"), workspace,
                   temp)
    assert failing.returncode == 1
