"""Regenerate skilllint/runtimes/_builtin.json from the runtime YAML files.

The YAML files are the source of truth (facts with their sources and dates, reviewed by
people); the JSON is what skilllint loads at start-up, because parsing 140 KB of YAML costs
30 ms on every run while JSON costs under 1 ms. `tests/test_runtimes.py` fails when the
two disagree, so run this after editing a runtime file:

    python scripts/build_runtimes.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from skilllint.runtimes.targets import COMPILED_RUNTIMES, parse_runtime_files  # noqa: E402


def main() -> int:
    data = parse_runtime_files()
    COMPILED_RUNTIMES.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                                 encoding="utf-8")
    print(f"wrote {COMPILED_RUNTIMES.relative_to(ROOT)} ({len(data)} runtimes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
