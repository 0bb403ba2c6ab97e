"""`check --output-file FILE` (the report to a file, atomically, in every format) and `--exit-zero`."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from tests.conftest import run_cli

SKILL = """---
name: demo
description: Fills PDF forms. Use when the user sends a PDF form.
allowed-tools: Read Bassh
---
Read [the guide](references/guide.md).
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "tree"
    (root / "skills" / "demo").mkdir(parents=True)
    (root / "skills" / "demo" / "SKILL.md").write_text(SKILL, encoding="utf-8")
    return root


def check(cwd: Path, *args: str, fmt: str = "json") -> tuple[int, str, str]:
    return run_cli(["check", ".", "--isolated", "--jobs", "1", "--no-color", "--format", fmt, *args], cwd)


@pytest.mark.parametrize("fmt", ["full", "concise", "json", "sarif", "github"])
def test_the_file_holds_exactly_what_stdout_would_and_stdout_gets_nothing(tree: Path, tmp_path: Path,
                                                                          fmt: str) -> None:
    expected = check(tree, fmt=fmt)
    report = tmp_path / f"report.{fmt}"
    code, out, err = check(tree, "--output-file", str(report), fmt=fmt)
    assert (code, out, err) == (expected[0], "", expected[2])
    assert report.read_text(encoding="utf-8") == expected[1]


def test_json_and_sarif_files_are_valid(tree: Path, tmp_path: Path) -> None:
    check(tree, "-o", str(tmp_path / "report.json"))
    assert [d["code"] for d in json.loads((tmp_path / "report.json").read_text("utf-8"))] == ["SL200", "SL300"]
    check(tree, "--output-file", str(tmp_path / "report.sarif"), fmt="sarif")
    sarif = json.loads((tmp_path / "report.sarif").read_text("utf-8"))
    assert sarif["version"] == "2.1.0" and len(sarif["runs"][0]["results"]) == 2


def test_an_empty_report_still_replaces_the_file(tree: Path, tmp_path: Path) -> None:
    report = tmp_path / "report.txt"
    report.write_text("an old report\n", encoding="utf-8")
    code, out, _ = check(tree, "-o", str(report), "--quiet", "--select", "SL112", fmt="concise")
    assert (code, out) == (0, "")
    assert report.read_bytes() == b""


def test_warnings_and_notes_stay_on_stderr(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    code, out, err = run_cli(["check", ".", "--isolated", "--format", "json", "-o", "../report.json"],
                             tmp_path / "empty")
    assert (code, out) == (0, "")
    assert "no SKILL.md or tool manifest found" in err
    assert (tmp_path / "report.json").read_text("utf-8") == "[]\n"


def test_the_file_is_replaced_whole_keeping_its_permissions_and_no_temporary_file(tree: Path, tmp_path: Path
                                                                                  ) -> None:
    out = tmp_path / "out"
    out.mkdir()
    report = out / "report.json"
    report.write_text("old", encoding="utf-8")
    os.chmod(report, 0o640)
    inode = report.stat().st_ino
    check(tree, "-o", str(report))
    assert json.loads(report.read_text("utf-8"))
    assert stat.S_IMODE(report.stat().st_mode) == 0o640
    assert report.stat().st_ino != inode  # a new file renamed over the old one, never the old one truncated
    assert sorted(path.name for path in out.iterdir()) == ["report.json"]


def test_a_symlink_keeps_pointing_at_the_new_report(tree: Path, tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    check(tree, "-o", str(link))
    assert link.is_symlink() and json.loads(real.read_text("utf-8"))


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
def test_a_device_is_written_to_not_replaced(tree: Path) -> None:
    code, out, _ = check(tree, "-o", "/dev/null")
    assert (code, out) == (1, "")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.parametrize(("where", "says"), [
    ("missing/report.json", "skilllint: error: cannot write the output file `missing/report.json`: no folder"),
    (".", "is a directory"),
])
def test_an_output_file_that_cannot_be_written_is_exit_2_without_a_traceback(tree: Path, where: str, says: str
                                                                            ) -> None:
    code, out, err = check(tree, "-o", where)
    assert code == 2 and out == ""
    assert says in err and "Traceback" not in err


def test_exit_zero_turns_findings_into_exit_0_with_the_same_report(tree: Path) -> None:
    code, out, err = check(tree)
    assert code == 1
    assert check(tree, "--exit-zero") == (0, out, err)
    code, _, _ = check(tree, "--exit-zero", "--fail-on", "info")
    assert code == 0


def test_exit_zero_still_exits_2_on_errors(tree: Path) -> None:
    assert check(tree, "--exit-zero", "--inject-fault", "raise:**/demo/SKILL.md")[0] == 2
    assert check(tree, "--exit-zero", "--target", "no-such-runtime")[0] == 2
    assert check(tree, "--exit-zero", "--baseline", "missing.json")[0] == 2
