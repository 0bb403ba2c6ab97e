"""`--statistics`: one line per rule with its count, most frequent first.

The rule name is escaped (`textsafe`) like every other printed name, though today names
come from the rule table: it costs nothing and keeps the rule "escape what you print".
"""

from __future__ import annotations

from collections import Counter

from skilllint.formatters import RunInfo
from skilllint.model import Diagnostic
from skilllint.textsafe import escape


def render_statistics(diagnostics: list[Diagnostic], run: RunInfo) -> str:
    counts = Counter((d.code, d.name, d.severity.value) for d in diagnostics)
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0][0]))
    return "".join(f"{count:>6}  {code}  {escape(name)}  ({severity})\n" for (code, name, severity), count in rows)
