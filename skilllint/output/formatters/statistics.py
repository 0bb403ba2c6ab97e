"""`--statistics`: one row per rule (and severity) with its count, most frequent first.

As text, a line per row. With `--format json`, an array of objects with exactly the keys
`code`, `name`, `severity`, `count` and `targets` (an object from target to count, `{}` for
rules that are not checked per target), for dashboards and CI summaries.

The rule name is escaped (`textsafe`) like every other printed name, though today names
come from the rule table: it costs nothing and keeps the rule "escape what you print".
"""

from __future__ import annotations

import json
from collections import Counter

from skilllint.core.model import Diagnostic
from skilllint.core.textsafe import escape
from skilllint.output.formatters import RunInfo

Row = tuple[str, str, str]  # code, name, severity


def _rows(diagnostics: list[Diagnostic]) -> list[tuple[Row, int]]:
    counts = Counter((d.code, d.name, d.severity.value) for d in diagnostics)
    return sorted(counts.items(), key=lambda item: (-item[1], item[0][0]))


def render_statistics(diagnostics: list[Diagnostic], run: RunInfo) -> str:
    return "".join(f"{count:>6}  {code}  {escape(name)}  ({severity})\n" for (code, name, severity), count in
                   _rows(diagnostics))


def render_statistics_json(diagnostics: list[Diagnostic], run: RunInfo) -> str:
    targets: dict[Row, Counter[str]] = {}
    for d in diagnostics:
        if d.target:
            targets.setdefault((d.code, d.name, d.severity.value), Counter())[escape(d.target)] += 1
    items = [
        {"code": code, "name": escape(name), "severity": severity, "count": count,
         "targets": dict(sorted(targets.get((code, name, severity), Counter()).items()))}
        for (code, name, severity), count in _rows(diagnostics)
    ]
    return json.dumps(items, indent=2, ensure_ascii=False) + "\n"
