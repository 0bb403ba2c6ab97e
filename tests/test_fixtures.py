"""Every fixture case: `bad/` cases must print exactly their `expected.txt`; `good/` nothing.

A case is a folder linted as the root (`tests/fixtures/<CODE>/<bad|good>/<case>/`), with
only that rule selected, in concise format, paths relative to the case. An optional
`args.txt` adds CLI arguments (e.g. `--target claude-code`); an optional `.skilllint.yaml`
is used as the config. Set SKILLLINT_UPDATE_EXPECTED=1 to rewrite expected files (review
the diff before committing).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, case_args, run_cli


def _cases(kind: str) -> list[Path]:
    return sorted(p for p in FIXTURES.glob(f"SL*/{kind}/*") if p.is_dir())


def _run(case: Path) -> tuple[int, str]:
    code = case.parent.parent.name
    config = ["--config", ".skilllint.yaml"] if (case / ".skilllint.yaml").is_file() else ["--isolated"]
    args = ["check", ".", "--select", code, "--format", "concise", "--quiet", "--jobs", "1", *config,
            *case_args(case)]
    exit_code, out, err = run_cli(args, case)
    allowed = (0, 1, 2) if code == "SL000" and case.parent.name == "bad" else (0, 1)  # SL000 exits 2 by design
    assert exit_code in allowed, f"exit {exit_code}: {err}"
    return exit_code, out


@pytest.mark.parametrize("case", _cases("bad"), ids=lambda p: "/".join(p.parts[-3:]))
def test_bad_case_reports_expected(case: Path) -> None:
    _, out = _run(case)
    expected_file = case / "expected.txt"
    if os.environ.get("SKILLLINT_UPDATE_EXPECTED"):
        expected_file.write_text(out, encoding="utf-8")
    expected = expected_file.read_text(encoding="utf-8")
    assert out == expected
    code = case.parent.parent.name
    assert f" {code}" in out, f"bad case must trigger {code}"


@pytest.mark.parametrize("case", _cases("good"), ids=lambda p: "/".join(p.parts[-3:]))
def test_good_case_is_clean(case: Path) -> None:
    _, out = _run(case)
    assert out == ""
