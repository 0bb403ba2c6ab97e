"""GitHub Actions workflow commands: one annotation per diagnostic.

    ::error file=PATH,line=L,col=C,endLine=EL,endColumn=EC,title=CODE name::message%0Ahelp: ...

`error`, `warning` and `notice` for our error, warning and info. The help goes into the
same annotation after an escaped newline, so GitHub shows it under the message. Values are
escaped as @actions/core escapes them: `%`, CR and LF in the message; also `:` and `,` in
properties. GitHub accepts columns only on one line (the runner drops them otherwise), so a
span over several lines gives `line` and `endLine` without columns. A per-runtime finding
names its target in the title (`SL132 unknown-field [agentskills]`), as `concise` does.

Before that, text from the user's files goes through `textsafe`, as in every format: the
workflow escaping alone would let an escape sequence in a skill's name reach the log viewer
and a folder name that is not UTF-8 break the output. The only newlines left to become `%0A`
are the one joining message and help and those inside the help.
"""

from __future__ import annotations

from skilllint.core.model import Diagnostic, Severity
from skilllint.core.textsafe import escape, escape_lines, escape_text
from skilllint.output.formatters import RunInfo

COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
TITLE_LIMIT = 255  # GitHub's limit for an annotation title


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def properties(d: Diagnostic) -> list[tuple[str, object]]:
    span = d.span
    props: list[tuple[str, object]] = [("file", escape(d.path)), ("line", span.line)]
    multiline = span.end_line is not None and span.end_line != span.line
    if multiline:
        props.append(("endLine", span.end_line))
    else:
        props.append(("col", span.column))
        if span.end_column is not None and span.end_column > span.column:
            if span.end_line is not None:
                props.append(("endLine", span.end_line))
            props.append(("endColumn", span.end_column))
    title = f"{d.code} {escape(d.name)}" + (f" [{escape(d.target)}]" if d.target else "")
    props.append(("title", title[:TITLE_LIMIT]))
    return props


def line_for(d: Diagnostic) -> str:
    props = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties(d))
    message = escape_text(d.message) + (f"\nhelp: {escape_lines(d.help)}" if d.help else "")
    return f"::{COMMANDS[d.severity]} {props}::{escape_data(message)}"


def render(diagnostics: list[Diagnostic], run: RunInfo) -> str:
    return "".join(line_for(d) + "\n" for d in diagnostics)
