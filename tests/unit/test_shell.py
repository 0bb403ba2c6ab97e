"""What `checks/_shell.programs` counts as a program a shell block runs (SL612's help)."""

from __future__ import annotations

import pytest

from skilllint.checks._shell import programs


@pytest.mark.parametrize(("block", "expected"), [
    (["git status", "git push"], {"git": 2}),
    (["python scripts/a.py --x", "python3 -m http.server", "uv run pytest", "npx prettier ."],
     {"python scripts/a.py": 1, "python3 -m http.server": 1, "uv run pytest": 1, "npx prettier": 1}),
    (['python3 -c "', "import json", 'print(1)"', "bun -e 'const x = 1'"], {}),
    (["cat <<EOF", "elif text", "EOF", "make all"], {"cat": 1, "make": 1}),
    (["docker run \\", "  --rm image"], {"docker": 1}),
    (["A=1 B=$(date) make", "$B goto x", "rm -rf /tmp/x", "sudo apt install x"], {"make": 1}),
    (["~/.tools/bin/helper --x", "./run.sh"], {"~/.tools/bin/helper": 1, "./run.sh": 1}),
    (["echo 'it''s' # don't", "ls"], {"ls": 1}),
])
def test_programs(block: list[str], expected: dict[str, int]) -> None:
    assert dict(programs([block])) == expected
