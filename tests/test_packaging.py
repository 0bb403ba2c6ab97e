"""The wheel carries what an installed skilllint needs: rulebook, schemas, runtimes, data.

Built from this checkout with pip (build isolation fetches setuptools); the install-and-run check from a
fresh virtual environment is the README's first command, run by hand and in the closing note.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_wheel_contains_rules_schemas_runtimes_and_data(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path),
         str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    [wheel] = tmp_path.glob("skilllint-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    from skilllint.checks.registry import all_rules

    for rule in all_rules():
        assert f"skilllint/_data/rules/{rule.code}.md" in names
    for schema in ("config.schema.json", "runtime.schema.json", "frontmatter/agentskills.schema.json",
                   "frontmatter/claude-code.schema.json", "sarif-schema-2.1.0.json"):
        assert f"skilllint/_data/schemas/{schema}" in names
    for runtime in ("agentskills", "claude-code", "sisu", "cline"):
        assert f"skilllint/runtimes/{runtime}.yaml" in names
    assert "skilllint/runtimes/_builtin.json" in names
    assert "skilllint/data/confusables.tsv" in names
    assert "skilllint/output/commands/check.py" in names
    assert "skilllint/output/formatters/sarif.py" in names
