"""`--statistics`: one line per rule with its count, most frequent first."""

from __future__ import annotations

from collections import Counter

from skilllint.formatters import RunInfo
from skilllint.model import Diagnostic


def render_statistics(diagnostics: list[Diagnostic], run: RunInfo) -> str:
    counts = Counter((d.code, d.name, d.severity.value) for d in diagnostics)
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0][0]))
    return "".join(f"{count:>6}  {code}  {name}  ({severity})\n" for (code, name, severity), count in rows)
