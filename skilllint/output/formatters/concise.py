"""`path:line:col: CODE SEVERITY [target] message` with an indented `help:` line: for pipes,
CI logs, grep and fixtures.

The severity (`error`, `warning`, `info`) follows the code, which stays where it always was:
`grep ': SL200 '` still finds a rule and `grep ' SL[0-9]* error '` the errors, and a CI log
says which findings fail the run without a lookup.

Path, message, target and help are escaped (`textsafe`): a newline in a folder name must
not start a line that reads like another diagnostic, so every line is either a finding
or an indented help line.
"""

from __future__ import annotations

from skilllint.core.model import Diagnostic
from skilllint.core.textsafe import escape, escape_lines, escape_text
from skilllint.output.formatters import RunInfo


def line_for(d: Diagnostic) -> str:
    target = f" [{escape(d.target)}]" if d.target else ""
    place = f"{escape(d.path)}:{d.span.line}:{d.span.column}"
    return f"{place}: {d.code} {d.severity.value}{target} {escape_text(d.message)}"


def render(diagnostics: list[Diagnostic], run: RunInfo) -> str:
    out = []
    for d in diagnostics:
        out.append(line_for(d))
        if d.help:
            out.append("    help: " + escape_lines(d.help).replace("\n", "\n          "))
    return "\n".join(out) + ("\n" if out else "")
