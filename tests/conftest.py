"""Shared helpers: run the real CLI in-process on a folder, as a user would."""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import skilllint.output.commands.check as check_module
from skilllint.output.cli import cli

FIXTURES = Path(__file__).parent / "fixtures"
PDF_SKILL = """---
name: {name}
description: Fills PDF forms. Use when the user sends a PDF form.
allowed-tools: Read Bassh
---
Read [the guide](references/guide.md) and run `scripts/fill.py`.
"""
"""A skill with three findings (an unknown tool, two missing files), named by `{name}`."""


def write_pdf_skills(root: Path) -> Path:
    """`root/skills/demo` and `root/skills/other`, each a `PDF_SKILL`: six findings in all."""
    for name in ("demo", "other"):
        (root / "skills" / name).mkdir(parents=True)
        (root / "skills" / name / "SKILL.md").write_text(PDF_SKILL.format(name=name), encoding="utf-8")
    return root


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The `check` invocations that really ran (a replay of the run record calls no run_check)."""
    seen: list[list[str]] = []
    real = check_module.run_check

    def counting(paths: list[str], options: dict[str, object]) -> int:
        if not options.get("no_cache"):  # the --no-cache runs the outputs are compared with do not count
            seen.append(paths)
        return real(paths, options)

    monkeypatch.setattr(check_module, "run_check", counting)
    return seen


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    """A result cache folder of the test's own (`--cache-dir`)."""
    return tmp_path / "cache"


@pytest.fixture(scope="session", autouse=True)
def _no_home_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Nothing in the suite writes to the real ~/.cache/skilllint, not even module-scoped fixtures
    that run before a test's own cache is set up (subprocesses inherit the variable)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SKILLLINT_CACHE_DIR", str(tmp_path_factory.mktemp("session-cache")))
        yield


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own empty result cache, outside the folders it lints: no test sees
    results another one stored, whatever the order they run in."""
    monkeypatch.setenv("SKILLLINT_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


def run_cli(args: list[str], cwd: Path) -> tuple[int, str, str]:
    """Run `skilllint ARGS` with `cwd` as the working directory; (exit code, stdout, stderr)."""
    runner = CliRunner()
    old = os.getcwd()
    os.chdir(cwd)
    try:
        result = runner.invoke(cli, args, catch_exceptions=False)
    finally:
        os.chdir(old)
    return result.exit_code, result.stdout, result.stderr


def lint(cwd: Path, *extra: str, paths: tuple[str, ...] = (".",)) -> list[dict]:
    """Lint `paths` under `cwd` in isolation and return the JSON diagnostics."""
    config = [] if "--config" in extra else (["--config", ".skilllint.yaml"] if (cwd / ".skilllint.yaml").is_file()
                                             else ["--isolated"])
    code, out, err = run_cli(["check", *paths, "--format", "json", "--jobs", "1", *config, *extra], cwd)
    assert code in (0, 1), f"exit {code}: {err}"
    return json.loads(out)


def case_args(case: Path) -> list[str]:
    """Extra CLI arguments of a fixture case, from its optional `args.txt`."""
    args_file = case / "args.txt"
    return shlex.split(args_file.read_text(encoding="utf-8")) if args_file.is_file() else []


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The pre-commit tests first (a stable sort: the rest keeps its order). They install real
    hook environments from the package index, about 25 s in a row; started first, they run in
    one worker while the other takes the rest of the suite."""
    items.sort(key=lambda item: item.path.name != "test_precommit.py")


@pytest.fixture
def skill_dir(tmp_path: Path):
    """Make a skill folder `name` holding SKILL.md with `text`; returns the lint root."""

    def make(text: str | bytes, name: str = "my-skill", filename: str = "SKILL.md") -> Path:
        folder = tmp_path / name
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / filename
        if isinstance(text, bytes):
            target.write_bytes(text)
        else:
            target.write_text(text, encoding="utf-8")
        return tmp_path

    return make
