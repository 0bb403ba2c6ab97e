"""Start-up: a clean one-skill run imports only what it uses.

multiprocessing (a pool), rapidfuzz (a "did you mean"), jsonschema (a wrong value's
schema message) and pathspec (a `.gitignore` line beyond names, suffixes and plain paths)
cost milliseconds each to import; a pre-commit run on a clean skill in this repository (a
git work tree whose `.gitignore` has only such lines) needs none of them. Nor does a run
without the result cache need hashlib (OpenSSL: digests are for the cache), one without a
pyproject.toml that configures skilllint tomllib, or one without an internal error traceback
(or dataclasses: the package's records are plain classes). Checked in a fresh interpreter,
since this test process has imported them all.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "skills" / "pdf-processing"
HEAVY = ("multiprocessing", "rapidfuzz", "jsonschema", "pathspec", "pygls", "lsprotocol")  # the last two: `server`

_PROBE = """
import json, sys
from skilllint.output.cli import main
sys.argv = ["skilllint", "check", sys.argv[1], "--target", "claude-code", *sys.argv[2:]]
try:
    main()
except SystemExit as done:
    code = done.code
print(json.dumps({"code": code, "loaded": sorted({m.split('.')[0] for m in sys.modules})}), file=sys.stderr)
"""


def _loaded(*args: str, cwd: Path | None = None) -> tuple[int, set[str]]:
    run = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, check=False, cwd=cwd)
    report = json.loads(run.stderr.strip().splitlines()[-1])
    return report["code"], set(report["loaded"])


def test_a_clean_skill_imports_no_heavy_library() -> None:
    code, loaded = _loaded(str(EXAMPLE))
    assert code == 0
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_a_run_without_the_cache_imports_no_hashing_toml_or_traceback(tmp_path: Path) -> None:
    skill = shutil.copytree(EXAMPLE, tmp_path / EXAMPLE.name)  # away from this repository's pyproject.toml
    code, loaded = _loaded(str(skill), "--no-cache", cwd=tmp_path)
    unwanted = {"hashlib", "tomllib", "traceback", "dataclasses"}
    assert code == 0
    assert not loaded & unwanted, sorted(loaded & unwanted)


def test_an_unknown_tool_brings_in_rapidfuzz_for_its_suggestion(tmp_path: Path) -> None:
    skill = tmp_path / "typo-skill"
    skill.mkdir()
    (skill / "SKILL.md").write_text(
        "---\nname: typo-skill\ndescription: Shows a typo in a tool name. Use when testing.\n"
        "allowed-tools: Bassh\n---\n\nRun it.\n",
        encoding="utf-8",
    )
    code, loaded = _loaded(str(skill))
    assert code == 1
    assert "rapidfuzz" in loaded and "multiprocessing" not in loaded
